"""PennyLane's pulse coefficient factories: closures that look leaky (`if windows is not None`, `len(params)`, `list(...)` of an array) but are jit-safe.

source: PennyLaneAI/pennylane pennylane/pulse/convenience_functions.py at 16e31b7090df75dacbaf6f08e2b929efa5b6ca2d (rect, pwc, pwc_from_function)
error: none
category: negative-closure-static-config
expect: untouched
notes: the three factories are verbatim except that their long docstrings are cut to the first sentence. The entry point is added: it builds a windowed polynomial with `rect`, a piece-wise constant envelope with `pwc` and a binned linear ramp with `pwc_from_function` (the decorator use shown in its docstring), and evaluates their sum at a vector of times with jax.vmap under jax.jit. Every branch the closures take is on configuration fixed when the closure is built (`windows is not None`, `isinstance(timespan, ...)`) or on static shapes (`len(params)`, iterating a fixed-length array); the time-dependent choices are already `jnp.where`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Callable, List, Tuple, Union

import numpy as np
import jax

has_jax = True
try:
    import jax.numpy as jnp
except ImportError:
    has_jax = False


def rect(x: Union[float, Callable], windows: Union[Tuple[float], List[Tuple[float]]] = None):
    """Takes a scalar or a scalar-valued function, x, and applies a rectangular window to it, such that the
    returned function is x inside the window and 0 outside it.
    """
    if not has_jax:
        raise ImportError(
            "Module jax is required for any pulse-related convenience function. "
            "You can install jax via: pip install jax==0.4.10 jaxlib==0.4.10"
        )
    if windows is not None:
        is_nested = any(hasattr(w, "__len__") for w in windows)
        single_window = len(windows) == 2 and not is_nested
        if single_window:
            windows = [windows]
        elif not all(hasattr(w, "__len__") and len(w) == 2 for w in windows):
            raise ValueError("At least one provided window is not a two-element sequence.")

    if not callable(x):

        def _f(_, __):
            return jnp.array(x, dtype=float)

    else:
        _f = x

    def f(p, t):
        p = jnp.array(p, dtype=float)  # if p is an integer, f(p, t) will be cast to an integer
        if windows is not None:
            ti, tf = zip(*windows)
            ti, tf = jnp.array(ti), jnp.array(tf)
            return jnp.where(jnp.any((t >= ti) & (t <= tf)), _f(p, t), 0)
        return _f(p, t)

    return f


def pwc(timespan):
    """Takes a time span and returns a callable for creating a function that is piece-wise constant in time. The returned
    function takes arguments ``(p, t)``, where ``p`` is an array that defines the bin values for the function.
    """
    if not has_jax:
        raise ImportError(
            "Module jax is required for any pulse-related convenience function. "
            "You can install jax via: pip install jax==0.4.3 jaxlib==0.4.3"
        )

    if isinstance(timespan, (tuple, list)):
        t0, t1 = timespan
    else:
        t0 = 0
        t1 = timespan

    def func(params, t):
        num_bins = len(params)
        params = jnp.concatenate([jnp.array(params), jnp.zeros(1)])
        # get idx from timestamp, then set idx=0 if idx is out of bounds for the array
        idx = num_bins / (t1 - t0) * (t - t0)
        idx = jnp.where((idx >= 0) & (idx <= num_bins), jnp.array(idx, dtype=int), -1)

        return params[idx]

    return func


def pwc_from_function(timespan, num_bins):
    """
    Decorates a smooth function, creating a piece-wise constant function that approximates it.
    """
    if not has_jax:
        raise ImportError(
            "Module jax is required for any pulse-related convenience function. "
            "You can install jax via: pip install jax==0.4.3 jaxlib==0.4.3"
        )

    if isinstance(timespan, tuple):
        t0, t1 = timespan
    else:
        t0 = 0
        t1 = timespan

    def inner(fn):
        time_bins = np.linspace(t0, t1, num_bins)

        def wrapper(params, t):
            constants = jnp.array(list(fn(params, time_bins)) + [0])

            idx = num_bins / (t1 - t0) * (t - t0)
            # check interval is within 0 to num_bins, then cast to int, to avoid casting outcomes between -1 and 0 as 0
            idx = jnp.where((idx >= 0) & (idx <= num_bins), jnp.array(idx, dtype=int), -1)

            return constants[idx]

        return wrapper

    return inner


windowed_poly = rect(jnp.polyval, windows=[(1, 7), (9, 14)])
envelope = pwc((2, 7))


@pwc_from_function(10, 10)
def ramp(params, t):
    return params[0] * t + params[1]


@jax.jit
def f(poly_coeffs, bin_values, ramp_params, times):
    y1 = jax.vmap(windowed_poly, (None, 0))(poly_coeffs, times)
    y2 = jax.vmap(envelope, (None, 0))(bin_values, times)
    y3 = jax.vmap(ramp, (None, 0))(ramp_params, times)
    return y1 + y2 + y3
# --- end user code ---


def make_inputs(rng):
    poly_coeffs = rng.normal(size=(3,)).astype(np.float32)
    bin_values = rng.normal(size=(5,)).astype(np.float32)
    ramp_params = rng.normal(size=(2,)).astype(np.float32)
    # times inside and outside every window, with the window edges themselves
    times = np.concatenate([
        rng.uniform(-1.0, 16.0, size=(24,)),
        np.array([0.0, 1.0, 2.0, 7.0, 8.0, 9.0, 10.0, 14.0]),
    ]).astype(np.float32)
    return (poly_coeffs, bin_values, ramp_params, times)


INPUTS = make_inputs
