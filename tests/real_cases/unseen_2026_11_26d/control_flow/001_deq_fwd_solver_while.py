"""Deep-equilibrium fixed-point layer: a Python `while` on a traced residual norm.

source: Deep Implicit Layers NeurIPS 2020 tutorial, Chapter 2 (implicit functions, JAX section), http://implicit-layers-tutorial.org/implicit_functions/ -- `fwd_solver` / `fixed_point_layer`; the same code is copied verbatim in several GitHub repos found in the search index
error: TracerBoolConversionError
category: while-traced-convergence
expect: fix
notes: `fwd_solver` and `fixed_point_layer` verbatim (z_init passed as in the tutorial's custom_vjp version); the tutorial calls the layer eagerly, here it is wrapped in @jax.jit (the natural next step a reader takes). f = tanh(W z + x) is the tutorial's layer; W is scaled so the map contracts.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def fwd_solver(f, z_init):
    z_prev, z = z_init, f(z_init)
    while jnp.linalg.norm(z_prev - z) > 1e-5:
        z_prev, z = z, f(z)
    return z


def fixed_point_layer(solver, f, params, x):
    z_star = solver(lambda z: f(params, x, z), z_init=jnp.zeros_like(x))
    return z_star


layer_f = lambda W, x, z: jnp.tanh(jnp.dot(W, z) + x)


@jax.jit
def f(W, x):
    return fixed_point_layer(fwd_solver, layer_f, W, x)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    ndim = 10
    W = (rng.normal(size=(ndim, ndim)) * 0.3 / np.sqrt(ndim)).astype(np.float32)
    x = rng.normal(size=(ndim,)).astype(np.float32)
    return (W, x)


INPUTS = make_inputs


@jax.jit
def reference_fix(W, x):
    g = lambda z: jnp.tanh(jnp.dot(W, z) + x)
    z0 = jnp.zeros_like(x)

    def cond(c):
        z_prev, z = c
        return jnp.linalg.norm(z_prev - z) > 1e-5

    def body(c):
        _, z = c
        return z, g(z)

    _, z = lax.while_loop(cond, body, (z0, g(z0)))
    return z
