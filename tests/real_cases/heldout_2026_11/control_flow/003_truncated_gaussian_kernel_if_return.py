"""A truncated Gaussian kernel with `if np.abs(x) > lam: return 0.0 else: return np.exp(...)`.

source: https://github.com/jax-ml/jax/issues/1076 (murphyk, "noob vmap question with if statement"; kernel_scalar from pyprobml scripts/mean_shift_opt.py)
error: TracerBoolConversionError
category: if-else-return
expect: fix
notes: kernel_scalar verbatim (`np` is jax.numpy there, as in the issue). The issue maps it with vmap; the judge compares against an eager run, which vmap does not have, so the scalar kernel is jitted directly (same error: the `if` converts a traced bool). The two branches return a Python float and a traced array.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def kernel_scalar(x, lam=0.18, beta=1.0):
    if np.abs(x) > lam:
        return 0.0
    else:
        return np.exp(-beta*x**2)


@jax.jit
def f(x):
    return kernel_scalar(x)
# --- end user code ---

import numpy


def make_inputs(rng):
    k = rng.integers(0, 5)
    if k == 0:
        return (numpy.float32(0.18),)       # exactly on the edge: exp branch
    return (numpy.float32(rng.uniform(-0.4, 0.4)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return np.where(np.abs(x) > 0.18, 0.0, np.exp(-1.0 * x ** 2))
