"""Vectorised Kepler solver with `for _ in range(max_iter): ... if jnp.all(...): break`, written for a NumPyro model.

source: code-search index file id 43581520862 (repository not resolved by the index; its hard-coded paths, `/Users/luke/Dropbox/proj/cpv` and `results/halpha_to_rv_timerseries`, point to Luke Bouma's lgbouma/cpv project): solve_kepler_jax, rv_eccentric_jax, used by model_eccentric under numpyro NUTS
error: TracerBoolConversionError
category: for-break-convergence, numpyro-model
expect: fix
notes: solve_kepler_jax and rv_eccentric_jax verbatim (the file's comment: "JAX-compatible functions for use
  in numpyro models"). In the project they are called from model_eccentric, which NUTS traces; here
  `f = jax.jit(rv_eccentric_jax)` stands in for that trace. The NumPy twins, the data loading and the
  plotting are dropped. make_inputs keeps the mean anomaly within about one orbit so the float32
  iteration converges to tol=1e-6.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


# JAX-compatible functions for use in numpyro models
def rv_circular_jax(t, K, P, t0):
    return K * jnp.sin(2 * jnp.pi / P * (t - t0))

def solve_kepler_jax(M, e, tol=1e-6, max_iter=100):
    E = M
    for _ in range(max_iter):
        delta = (E - e * jnp.sin(E) - M) / (1 - e * jnp.cos(E))
        E = E - delta
        if jnp.all(jnp.abs(delta) < tol):
            break
    return E

def rv_eccentric_jax(t, K, P, t_peri, e):
    M = 2 * jnp.pi / P * (t - t_peri)
    E = solve_kepler_jax(M, e)
    f = 2 * jnp.arctan(jnp.sqrt((1+e)/(1-e)) * jnp.tan(E/2))
    return K * (jnp.cos(f) + e)


f = jax.jit(rv_eccentric_jax)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    P = rng.uniform(2 / 24, 6 / 24)
    t = np.sort(rng.uniform(0.0, P, size=(10,))).astype(np.float32)
    K = rng.uniform(0.5, 6.0)
    t_peri = rng.uniform(0.0, P)
    e = 0.0 if rng.uniform() < 0.15 else rng.uniform(0.0, 0.8)  # e = 0 converges in one step
    as32 = lambda v: np.asarray(v, dtype=np.float32)
    return (t, as32(K), as32(P), as32(t_peri), as32(e))


INPUTS = make_inputs


@jax.jit
def reference_fix(t, K, P, t_peri, e):
    tol, max_iter = 1e-6, 100
    M = 2 * jnp.pi / P * (t - t_peri)

    def cond(state):
        i, E, done = state
        return (i < max_iter) & ~done

    def body(state):
        i, E, done = state
        delta = (E - e * jnp.sin(E) - M) / (1 - e * jnp.cos(E))
        E = E - delta
        return i + 1, E, jnp.all(jnp.abs(delta) < tol)

    _, E, _ = jax.lax.while_loop(cond, body, (0, M, jnp.array(False)))
    f = 2 * jnp.arctan(jnp.sqrt((1+e)/(1-e)) * jnp.tan(E/2))
    return K * (jnp.cos(f) + e)
