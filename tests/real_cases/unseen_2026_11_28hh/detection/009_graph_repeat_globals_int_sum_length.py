"""Graph operator helpers: `int(counts.sum())` as `total_repeat_length`, then padding to a static length.

source: JAX/equinox graph neural-operator module in the public code index (code-index file id 60934642835; helpers _tree_leading_size, _pad_tree_leading, _repeat_globals_for_entities, called from GraphKernelIntegral.__call__ / GraphDiffusion.__call__ as `_repeat_globals_for_entities(graph.globals, graph.n_edge, num_edges)`). The index does not name the repository.
error: ConcretizationTypeError
category: int-of-tracer
expect: fix
notes: the three helpers verbatim; the module's equinox and package-relative imports (unused by them) and
  `from __future__ import annotations` are dropped. `f = jax.jit(_repeat_globals_for_entities,
  static_argnums=2)` is added: the per-graph counts (`graph.n_edge` / `graph.n_node`) are data in a padded
  batch, while the padded length is a static shape. The repeated length `int(counts.sum())` needs the
  counts' values, but the result always has the static padded length (counts never exceed it in a padded
  batch), so a jit-safe rewrite repeats straight to `total_length` and zeroes the tail.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any

import jax
import jax.numpy as jnp
import jax.tree_util as jtu


ArrayTree = Any


def _tree_leading_size(tree: ArrayTree) -> int:
    leaves = jtu.tree_leaves(tree)
    if not leaves:
        raise ValueError("Feature tree must contain at least one array leaf.")
    return int(jnp.asarray(leaves[0]).shape[0])


def _pad_tree_leading(tree: ArrayTree, target: int, /) -> ArrayTree:
    n = _tree_leading_size(tree)
    pad = int(target) - n
    if pad <= 0:
        return tree
    return jtu.tree_map(
        lambda x: jnp.concatenate(
            [x, jnp.zeros((pad,) + x.shape[1:], dtype=x.dtype)],
            axis=0,
        ),
        tree,
    )


def _repeat_globals_for_entities(
    globals_: ArrayTree | None,
    counts: jnp.ndarray,
    total_length: int,
    /,
) -> ArrayTree | None:
    if globals_ is None:
        return None
    real_length = int(jnp.asarray(counts).sum())
    repeated = jtu.tree_map(
        lambda x: jnp.repeat(x, counts, axis=0, total_repeat_length=real_length),
        globals_,
    )
    return _pad_tree_leading(repeated, total_length)


f = jax.jit(_repeat_globals_for_entities, static_argnums=2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_graph = 4
    globals_ = {
        "u": rng.normal(size=(n_graph, 3)).astype(np.float32),
        "w": rng.normal(size=(n_graph,)).astype(np.float32),
    }
    # per-graph entity counts, including empty graphs; a full batch (sum == 16) hits `pad <= 0`
    if rng.uniform() < 0.2:
        counts = np.full((n_graph,), 4, dtype=np.int32)
    else:
        counts = rng.integers(0, 5, size=(n_graph,)).astype(np.int32)
    total_length = 16  # the padded entity count: static
    return (globals_, counts, total_length)


INPUTS = make_inputs


from functools import partial


@partial(jax.jit, static_argnums=2)
def reference_fix(globals_, counts, total_length):
    real_length = jnp.sum(counts)
    keep = jnp.arange(total_length) < real_length

    def rep(x):
        r = jnp.repeat(x, counts, axis=0, total_repeat_length=total_length)
        k = keep.reshape(keep.shape + (1,) * (r.ndim - 1))
        return jnp.where(k, r, jnp.zeros((), dtype=r.dtype))

    return jtu.tree_map(rep, globals_)
