"""A linear-model MSE written with np.mean/np.power over a params dict.

source: Stack Overflow question retold at https://openillumi.com/?p=109328 ("Can't Compute Derivatives with np.power in JAX Autodiff?": def f(params, x, y): return np.mean(np.power((params['w'] * x + params['b'])-y, 2)))
error: TracerArrayConversionError
category: numpy-on-pytree-leaf
expect: fix
notes: the question applies jax.grad; here the same loss is jax.jit-ed (the NumPy calls fail the same way on a jit tracer, and a grad-only case could not be run eagerly). params is the question's dict {'w', 'b'}. The fix is jnp.mean/jnp.power.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


@jax.jit
def f(params, x, y):
    return np.mean(np.power((params['w'] * x + params['b'])-y , 2))
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    x = np.linspace(0, 1, 100).astype(np.float32)
    y = (2 * x + 3 + rng.normal(size=100)).astype(np.float32)
    params = {'w': np.float32(rng.uniform(1, 3)), 'b': np.float32(rng.uniform(5, 12))}
    return params, x, y


INPUTS = make_inputs


@jax.jit
def reference_fix(params, x, y):
    return jnp.mean(jnp.power((params['w'] * x + params['b']) - y, 2))
