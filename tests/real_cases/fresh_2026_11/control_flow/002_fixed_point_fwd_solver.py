"""Naive fixed-point solver: a Python `while` on a traced residual norm.

source: https://implicit-layers-tutorial.org/implicit_functions/ (Chapter 2 "Implicit functions and automatic differentiation": fwd_solver, fixed_point_layer)
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: fwd_solver and fixed_point_layer verbatim; the tutorial's layer `f = lambda W, x, z: jnp.tanh(jnp.dot(W, z) + x)` is renamed `layer` and a jitted wrapper `f(W, x)` calls fixed_point_layer (the tutorial calls it eagerly; jitting it is what fails). W is scaled by 0.5 in make_inputs so every trial is contractive and the loop terminates.
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


layer = lambda W, x, z: jnp.tanh(jnp.dot(W, z) + x)


@jax.jit
def f(W, x):
  return fixed_point_layer(fwd_solver, layer, W, x)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    ndim = 10
    W = (0.5 * rng.normal(size=(ndim, ndim)) / np.sqrt(ndim)).astype(np.float32)
    x = rng.normal(size=(ndim,)).astype(np.float32)
    return (W, x)


INPUTS = make_inputs


@jax.jit
def reference_fix(W, x):
    g = lambda z: layer(W, x, z)
    z_init = jnp.zeros_like(x)

    def cond(carry):
        z_prev, z = carry
        return jnp.linalg.norm(z_prev - z) > 1e-5

    def body(carry):
        _, z = carry
        return z, g(z)

    _, z = jax.lax.while_loop(cond, body, (z_init, g(z_init)))
    return z
