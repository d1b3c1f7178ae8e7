"""scipy.stats.mode (1-D path): `xp.unique_counts(a)` without a size under jit.

source: scipy/scipy scipy/stats/_stats_py.py, array-API `mode` (code-index file 60276705791), whose
    `xp_capabilities` entry keeps `jax_jit=False  # doesn't really support unique_counts`
    (https://github.com/scipy/scipy/pull/24405, "ENH: stats: support lazy arrays, first pass");
    `_mode_result`/`ModeResult` from the same module (index file 60506469224)
error: ConcretizationTypeError
category: unique-without-size (data-dependent intermediate, fixed-size result) plus a boolean-mask
    `.at[mask].set(scalar)`; static look-alikes: dtype check with raise, `a.size == 0` early
    return, `modes.ndim == 0`
expect: fix
notes: only the 1-D branch of `mode` is kept (the `_axis_nan_policy` decorator that routes
    n-d input to the sort-based branch is dropped); `xp` is jax.numpy; `xp_size(a)` is `a.size`;
    `_get_nan(a)` is `jnp.asarray(jnp.nan, dtype=a.dtype)`; the `is_marray(xp)` test is dropped
    (always False here); `xpx.at(cnts)[mask].set(v)` is written as JAX's own `cnts.at[mask].set(v)`.
    The intermediate `unique_counts` has a data-dependent length but the mode and its count do
    not: `size=a.shape[0]` pads the counts with zeros, which cannot win the argmax. Inputs have
    no NaN. `f = jax.jit(mode)` is mine.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from collections import namedtuple

import jax
import jax.numpy as jnp

ModeResult = namedtuple('ModeResult', ('mode', 'count'))


def mode(a):
    xp = jnp

    # `axis`, `nan_policy`, and `keepdims` are handled by `_axis_nan_policy`
    if not xp.isdtype(a.dtype, 'numeric'):
        message = ("Argument `a` is not recognized as numeric. "
                   "Support for input that cannot be coerced to a numeric "
                   "array was deprecated in SciPy 1.9.0 and removed in SciPy "
                   "1.11.0. Please consider `np.unique`.")
        raise TypeError(message)

    if a.size == 0:
        NaN = xp.asarray(xp.nan, dtype=a.dtype)
        return ModeResult(*xp.asarray([NaN, 0], dtype=NaN.dtype))

    vals, cnts = xp.unique_counts(a)
    # in contrast with np.unique, `unique_counts` treats all NaNs as distinct,
    # but we have always grouped them. Replace `cnts` corresponding with NaNs
    # with the number of NaNs.
    mask = xp.isnan(vals)
    cnts = cnts.at[mask].set(xp.count_nonzero(mask))
    modes, counts = vals[xp.argmax(cnts)], xp.max(cnts)
    default_int = xp.asarray(1).dtype  # fail slow CI job failed - incorrect dtype
    counts = xp.astype(counts, default_int, copy=False)
    modes = modes[()] if modes.ndim == 0 else modes
    counts = counts[()] if counts.ndim == 0 else counts
    return ModeResult(modes, counts)


f = jax.jit(mode)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = rng.integers(-3, 4, size=17).astype(np.float32)
    return (a,)


INPUTS = make_inputs


@jax.jit
def reference_fix(a):
    xp = jnp
    vals, cnts = xp.unique_counts(a, size=a.shape[0])
    mask = xp.isnan(vals)
    cnts = xp.where(mask, xp.count_nonzero(mask), cnts)
    modes, counts = vals[xp.argmax(cnts)], xp.max(cnts)
    counts = xp.astype(counts, xp.asarray(1).dtype, copy=False)
    return ModeResult(modes, counts)
