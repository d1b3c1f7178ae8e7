"""`x.at[:4, jnp.mod(x[0], 2) == 0].set(0)`: a boolean column mask computed from the data, inside `.at[...]`.

source: https://github.com/jax-ml/jax/issues/21994 (inversecrime, "Add support for boolean mask indices inside jit", second example: `f(x)` with `x.at[:4, jnp.mod(x[0], 2) == 0].set(0)` and the equivalent `g(x)` with `x.at[:4].set(jnp.where(jnp.mod(x[0], 2) == 0, 0, x[:4]))`, called on `jnp.reshape(jnp.arange(100), shape=(10, 10))`)
error: NonConcreteBooleanIndexError
category: boolean-mask-in-at-set
expect: fix
notes: `f` is verbatim and jitted as `f = jax.jit(f)` (the issue calls `jax.jit(f)(x)`); the reporter's `g` is the reference fix. Inputs are random integer 10x10 matrices so the column mask changes from trial to trial.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

def f(x):
    return x.at[:4, jnp.mod(x[0], 2) == 0].set(0)  # <-- far more intuitive (atleast for me)

f = jax.jit(f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(0, 100, size=(10, 10)).astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return x.at[:4].set(jnp.where(jnp.mod(x[0], 2) == 0, 0, x[:4]))  # <-- very abstract and unintuitive (atleast for me)
