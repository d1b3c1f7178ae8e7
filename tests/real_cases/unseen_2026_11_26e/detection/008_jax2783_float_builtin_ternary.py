"""A conditional expression guarded by the `float()` builtin on the argument.

source: https://github.com/jax-ml/jax/issues/2783 (gnecula, "float(x) does not work if x is a concrete tracer, but int(x) works": `def func(x): return x if float(x) >= 0. else -x`)
error: ConcretizationTypeError
category: float-builtin-on-tracer
expect: fix
notes: `func` verbatim, renamed `f`. The issue applied `api.grad`; here the function is wrapped in `jax.jit` instead (under grad, `float()` fails even eagerly, so there would be no eager reference). Inputs are scalars of both signs, including 0.0 and -0.0.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x):
    return x if float(x) >= 0. else -x
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x = rng.choice([0.0, -0.0, 3.0, -3.0, float(rng.normal() * 5)])
    return (np.asarray(x, dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x >= 0., x, -x)
