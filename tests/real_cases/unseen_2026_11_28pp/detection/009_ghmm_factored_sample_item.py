"""Factored generalized-HMM sampler: `.item()` on a traced variant index inside lax.scan.

source: "Factored process." module of a generalized-HMM project (imports src.ghmm.process and src.utils.stack) in the public code index, code-index file id 53769389042 (Data, validate, compile_matrices, init, obs_dist, sample, update, generate, seq_prob); the per-variant functions come from its "Generalized Hidden Markov Model." module src/ghmm/process.py, code-index file id 53895498901 (Data, validate, init, obs_dist, sample, update, generate, seq_prob); the index does not name the repository or commit
error: ConcretizationTypeError
category: item-on-tracer / scan body
expect: fix
notes: `sample` and the factored `Data` are verbatim. The names the module imports from src.ghmm.process are defined from that module's verbatim code: `FactorData` is its `Data` and `sample_variant` its `sample` (with its `obs_dist`). Added a jitted `f` that calls `sample`. `K_i = sigma_emit_i[x_prev].item()` runs on a scan tracer under jit; a traced index works directly in `factor_i.Ts[K_i]`. (The module's `update` has the same `.item()` under jax.vmap, where it fails even without jit, so it is left out.)
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class FactorData(NamedTuple):
    """Typed dictionary."""

    Ts: jax.Array
    eta_0: jax.Array
    w: jax.Array


def obs_dist(data: FactorData, eta: jax.Array) -> jax.Array:
    """Compute the observation distribution of a GHMM."""
    return eta @ data.Ts @ data.w


def sample_variant(data: FactorData, eta: jax.Array, key: jax.Array) -> jax.Array:
    """Sample a token from a GHMM."""
    probs = obs_dist(data, eta)
    logits = jnp.where(probs > 0, jnp.log(probs), -jnp.inf)
    return jax.random.categorical(key, logits)


class Data(NamedTuple):
    """Typed dictionary."""

    Ts: jax.Array
    eta_0: jax.Array
    w: jax.Array
    Ks: jax.Array
    Vs: jax.Array
    Ss: jax.Array
    V: int
    sigma_emit: jax.Array
    sigma_trans: jax.Array


def sample(data: Data, eta: jax.Array, key: jax.Array) -> jax.Array:
    """Sample a token from a factored process.

    Returns:
        tuple[jax.Array, jax.Array]: The composite token and the component tokens.
    """

    def sample_factor(
        x_prev: jax.Array, args: tuple[FactorData, jax.Array, jax.Array, jax.Array]
    ) -> tuple[jax.Array, jax.Array]:
        factor_i, sigma_emit_i, eta_i, key_i = args
        K_i = sigma_emit_i[x_prev].item()
        variant = FactorData(Ts=factor_i.Ts[K_i], eta_0=factor_i.eta_0[K_i], w=factor_i.w[K_i])
        x = sample_variant(variant, eta_i, key_i)
        return x, x

    factor_data = FactorData(Ts=data.Ts, eta_0=data.eta_0, w=data.w)
    num_factors = int(data.Ts.shape[0])
    keys = jax.random.split(key, num_factors)
    scan_xs: Any = (factor_data, data.sigma_emit, eta, keys)
    _, factor_xs = jax.lax.scan(sample_factor, jnp.array(0), scan_xs)
    return factor_xs


@jax.jit
def f(data, eta, key):
    return sample(data, eta, key)
# --- end user code ---

import numpy as np

F, K, V, S = 3, 2, 3, 2


def make_inputs(rng):
    Ts = rng.random((F, K, V, S, S)).astype(np.float32)
    Ts /= Ts.sum(axis=(2, 4), keepdims=True)  # sum over tokens and next states is row-stochastic
    w = np.ones((F, K, S), np.float32)
    eta_0 = np.full((F, K, S), 1.0 / S, np.float32)
    sigma = rng.integers(0, K, size=(F, V)).astype(np.int32)
    data = Data(
        Ts=Ts, eta_0=eta_0, w=w,
        Ks=np.full((F,), K, np.int32), Vs=np.full((F,), V, np.int32), Ss=np.full((F,), S, np.int32),
        V=V ** F, sigma_emit=sigma, sigma_trans=sigma.copy(),
    )
    eta = rng.dirichlet(np.ones(S), size=F).astype(np.float32)
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    return (data, eta, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(data, eta, key):
    def sample_factor(x_prev, args):
        factor_i, sigma_emit_i, eta_i, key_i = args
        K_i = sigma_emit_i[x_prev]
        variant = FactorData(Ts=factor_i.Ts[K_i], eta_0=factor_i.eta_0[K_i], w=factor_i.w[K_i])
        x = sample_variant(variant, eta_i, key_i)
        return x, x

    factor_data = FactorData(Ts=data.Ts, eta_0=data.eta_0, w=data.w)
    keys = jax.random.split(key, int(data.Ts.shape[0]))
    _, factor_xs = jax.lax.scan(sample_factor, jnp.array(0), (factor_data, data.sigma_emit, eta, keys))
    return factor_xs
