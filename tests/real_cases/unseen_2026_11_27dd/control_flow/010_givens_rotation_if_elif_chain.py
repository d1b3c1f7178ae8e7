"""A JAX port of SciPy's lsq_linear TRF: givens_elimination with `if diag[i] != 0` and an `if/elif/else` rotation chain, its `@jit` commented out.

source: public JAX port of scipy.optimize's trf_linear ("JAX implementation of Trust Region Reflective algorithm for linear least squares"), code-index file id 5535606207 (function givens_elimination; the module's `#@jit` decorators are all commented out and trf_linear carries `@jax.disable_jit()`); the index does not name the repository
error: TracerBoolConversionError
category: for-per-element-if-elif
expect: fix
notes: givens_elimination verbatim with the module's imports and its EPS constant; the rest of the module (OptimizeResult, step_size_to_bound, ..., trf_linear) is left out. Added `f = jax.jit(givens_elimination)`, i.e. the commented-out `#@jit` put back. Inputs are a 4x4 upper-triangular R, a vector v and a regularisation diagonal with some exact zeros (rows skipped) and entries both larger and smaller than R's diagonal, so both rotation branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit
from typing import NamedTuple, Optional, Tuple, Union
import functools

# Constants
EPS = jnp.finfo(jnp.float64).eps


# Givens elimination implementation
#@jit
def givens_elimination(R, v, diag):
    """Apply Givens rotations to eliminate diagonal regularization."""
    m, n = R.shape
    
    # Work on copies
    R_work = R.copy()
    v_work = v.copy()
    
    for i in range(n):
        if diag[i] != 0:
            # Apply Givens rotation
            a = R_work[i, i]
            b = diag[i]
            
            # Compute rotation
            if b == 0:
                c, s = 1.0, 0.0
            elif jnp.abs(b) > jnp.abs(a):
                t = a / b
                s = 1.0 / jnp.sqrt(1 + t*t)
                c = s * t
            else:
                t = b / a
                c = 1.0 / jnp.sqrt(1 + t*t)
                s = c * t
            
            # Apply rotation to R
            for j in range(i, n):
                temp = c * R_work[i, j] + s * diag[i] if j == i else c * R_work[i, j]
                R_work = R_work.at[i, j].set(temp)
            
            # Apply rotation to v
            temp = c * v_work[i]
            v_work = v_work.at[i].set(temp)
    
    return R_work, v_work


f = jax.jit(givens_elimination)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    R = np.triu(rng.normal(size=(n, n)))
    R[np.arange(n), np.arange(n)] = rng.uniform(0.5, 2.0, size=n) * rng.choice([-1.0, 1.0], size=n)
    v = rng.normal(size=n)
    # some exact zeros, some small (|b| <= |a|) and some large (|b| > |a|) entries
    diag = rng.choice([0.0, 0.1, 0.5, 3.0, 5.0], size=n) * rng.choice([-1.0, 1.0], size=n)
    return (R.astype(np.float32), v.astype(np.float32), diag.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(R, v, diag):
    m, n = R.shape
    R_work = R
    v_work = v
    for i in range(n):
        a = R_work[i, i]
        b = diag[i]
        nz = b != 0
        big = jnp.abs(b) > jnp.abs(a)
        safe_b = jnp.where(nz, b, 1.0)
        safe_a = jnp.where(a != 0, a, 1.0)
        t1 = a / safe_b
        s1 = 1.0 / jnp.sqrt(1 + t1 * t1)
        c1 = s1 * t1
        t2 = b / safe_a
        c2 = 1.0 / jnp.sqrt(1 + t2 * t2)
        s2 = c2 * t2
        c = jnp.where(big, c1, c2)
        s = jnp.where(big, s1, s2)
        row = R_work[i, i:]
        new_row = c * row
        new_row = new_row.at[0].add(s * b)
        R_work = R_work.at[i, i:].set(jnp.where(nz, new_row, row))
        v_work = v_work.at[i].set(jnp.where(nz, c * v_work[i], v_work[i]))
    return R_work, v_work
