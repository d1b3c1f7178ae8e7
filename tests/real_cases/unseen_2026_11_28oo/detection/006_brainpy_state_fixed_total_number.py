"""Connectivity sampler: `bool(jnp.any(mask))`, an `int(jnp.sum(mask))`-sized draw, `x.at[mask]` and NumPy dedup of traced edges.

source: public code index, "Internal connectivity samplers and parameter resolver." module private to `brainpy_state._network` ("Copyright 2026 BrainX Ecosystem Limited"; code-index file id 60845019838: ConnSpec, sample_one_to_one, sample_all_to_all, sample_pairwise_bernoulli, sample_fixed_indegree, sample_fixed_outdegree, sample_fixed_total_number, sample_pairwise_poisson, build_pool_map, sample_third_factor_pairing, resolve_param); the index does not name the repository or commit
error: TracerBoolConversionError
category: mask-resample-dynamic-shape
expect: report
notes: ConnSpec and sample_fixed_total_number verbatim; the other samplers, resolve_param and the `brainunit` / `brainpy_state._dist.Distribution` imports they need are dropped. `from __future__ import annotations` removed (it cannot follow the case docstring/EXPECT line). The jitted `f` (a projection built inside a jitted init that receives the PRNG key) is added. The autapse resample draws `int(jnp.sum(mask))` values and scatters them with `post.at[mask]`, raises ValueError if autapses remain, and the multapse removal keeps only the unique (pre, post) pairs, so the number of edges depends on the random draw: no jit-safe rewrite with the same output shapes; it should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class ConnSpec:
    pre_idx: jnp.ndarray
    post_idx: jnp.ndarray
    n_edges: int


def sample_fixed_total_number(
    n_pre: int,
    n_post: int,
    *,
    N: int,
    key,
    pre_is_post: bool,
    allow_autapses: bool,
    allow_multapses: bool,
) -> ConnSpec:
    if N < 0:
        raise ValueError(f'N must be >= 0, got {N}')
    k1, k2 = jax.random.split(key)
    pre = jax.random.randint(k1, (N,), 0, n_pre)
    post = jax.random.randint(k2, (N,), 0, n_post)
    if pre_is_post and not allow_autapses:
        # Resample autapses one extra round; if any remain, raise.
        mask = pre == post
        if bool(jnp.any(mask)):
            k3 = jax.random.fold_in(key, 1)
            replacement = jax.random.randint(k3, (int(jnp.sum(mask)),), 0, n_post)
            post = post.at[mask].set(replacement)
            if bool(jnp.any(pre == post)):
                raise ValueError(
                    'failed to remove autapses in fixed_total_number with one resample pass'
                )
    if not allow_multapses:
        # Deduplicate pairs; document that this can produce fewer than N edges
        # — NEST documents the same behaviour.
        pairs_np = np.stack([np.asarray(pre), np.asarray(post)], axis=1)
        _, unique_idx = np.unique(pairs_np, axis=0, return_index=True)
        unique_idx = jnp.asarray(np.sort(unique_idx))
        pre = pre[unique_idx]
        post = post[unique_idx]
    return ConnSpec(pre, post, int(pre.shape[0]))


@jax.jit
def f(key):
    spec = sample_fixed_total_number(
        12, 12, N=40, key=key,
        pre_is_post=True, allow_autapses=False, allow_multapses=False,
    )
    return spec.pre_idx, spec.post_idx
# --- end user code ---


def make_inputs(rng):
    key = np.asarray(jax.random.key_data(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1)))))
    return (key,)


INPUTS = make_inputs
