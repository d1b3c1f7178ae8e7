"""interpax's spline input checks: `errorif(not jnp.all(jnp.isfinite(x)), ...)` raises on data under jit.

source: f0uriest/interpax interpax/_ppoly.py, the stored revision with module-level `prepare_input` and the CubicHermiteSpline/PchipInterpolator/Akima1DInterpolator/CubicSpline classes that call it (code-index file id 8254715446), with `errorif` and `asarray_inexact` from interpax/utils.py at 24e04834e5d06afc059b768ec9befb985a2fb93f; failure reported in https://github.com/f0uriest/interpax/issues/96 ("CubicSpline() is not jittable": `jit(CubicSpline)(np.array([0, 1, 2]), np.array([0, 1, 4]))` fails at `not jnp.all(jnp.isfinite(x)),` in prepare_input)
error: TracerBoolConversionError
category: truth-test-not-if (`not x` as a call argument) / data-dependent exception
expect: report
notes: prepare_input, errorif and asarray_inexact verbatim. Added a jitted `f(x, y)` that calls prepare_input the way CubicSpline.__init__ does (axis=0, check=True) and returns its arrays. The checks raise ValueError on non-finite or non-increasing data; under jit they cannot raise on values without changing the behaviour (the maintainer's answer is to pass check=False as a static argument), so the leak should be reported, not rewritten.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Any, Type, Union

import jax
import jax.numpy as jnp


def errorif(
    cond: Union[bool, jax.Array], err: Type[Exception] = ValueError, msg: str = ""
):
    """Raise an error if condition is met.

    Similar to assert but allows wider range of Error types, rather than
    just AssertionError.
    """
    if cond:
        raise err(msg)


def asarray_inexact(x):
    """Convert to jax array with floating point dtype."""
    x = jnp.asarray(x)
    dtype = x.dtype
    if not jnp.issubdtype(dtype, jnp.inexact):
        dtype = jnp.result_type(x, jnp.array(1.0))
    return x.astype(dtype)


def prepare_input(x, y, axis, dydx=None, check=True):
    """Prepare input for cubic spline interpolators.

    All data are converted to numpy arrays and checked for correctness.
    Axes equal to `axis` of arrays `y` and `dydx` are moved to be the 0th
    axis. The value of `axis` is converted to lie in
    [0, number of dimensions of `y`).
    """
    x, y = map(asarray_inexact, (x, y))
    dx = jnp.diff(x)
    axis = axis % y.ndim
    errorif(
        jnp.issubdtype(x.dtype, jnp.complexfloating),
        ValueError,
        "`x` must contain real values.",
    )
    x = x.astype(float)

    if dydx is not None:
        dydx = asarray_inexact(dydx)
        errorif(
            y.shape != dydx.shape,
            ValueError,
            "The shapes of `y` and `dydx` must be identical.",
        )
        dtype = jnp.promote_types(y.dtype, dydx.dtype)
        dydx = dydx.astype(dtype)
        y = y.astype(dtype)
    if check:
        errorif(x.ndim != 1, ValueError, "`x` must be 1-dimensional.")
        errorif(x.shape[0] < 2, ValueError, "`x` must contain at least 2 elements.")
        errorif(
            x.shape[0] != y.shape[axis],
            ValueError,
            f"The length of `y` along `axis`={axis} doesn't match the length of `x`",
        )
        errorif(
            not jnp.all(jnp.isfinite(x)),
            ValueError,
            "`x` must contain only finite values.",
        )
        errorif(
            not jnp.all(jnp.isfinite(y)),
            ValueError,
            "`y` must contain only finite values.",
        )
        errorif(
            (dydx is not None) and (not jnp.all(jnp.isfinite(dydx))),
            ValueError,
            "`dydx` must contain only finite values.",
        )
        errorif(
            jnp.any(dx <= 0), ValueError, "`x` must be strictly increasing sequence."
        )

    return x, dx, y, axis, dydx


@jax.jit
def f(x, y):
    x, dx, y, axis, dydx = prepare_input(x, y, 0)
    return x, dx, y
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = np.cumsum(rng.uniform(0.1, 1.0, size=8)).astype(np.float32)
    y = rng.normal(size=8).astype(np.float32)
    return (x, y)


INPUTS = make_inputs
