"""jax_cosmo's Romberg integrator: a Python loop over the static divmax and an `if` on the static return_error flag.

source: DifferentiableUniverseInitiative/jax_cosmo jax_cosmo/scipy/integrate.py at 02528f45401dd71d93059e97b7a811017033368d (_difftrap1, _difftrapn, _romberg_diff, romb)
error: none
category: negative-static-loop-and-flag
expect: untouched
notes: the four functions verbatim (docstrings shortened). Every Python-level decision depends on divmax (a Python int), return_error (a Python bool) or the loop counter, never on the traced limits or integrand values, so romb is jit-safe as jax_cosmo uses it. The integrand and the jitted f are ours.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax import jit


def _difftrap1(function, interval):
    """
  Perform part of the trapezoidal rule to integrate a function.
  """
    return 0.5 * (function(interval[0]) + function(interval[1]))


def _difftrapn(function, interval, numtraps):
    """
  Perform part of the trapezoidal rule to integrate a function.
  """
    numtosum = numtraps // 2
    h = (1.0 * interval[1] - 1.0 * interval[0]) / numtosum
    lox = interval[0] + 0.5 * h
    points = lox + h * np.arange(0, numtosum)
    s = np.sum(function(points))
    return s


def _romberg_diff(b, c, k):
    """
  Compute the differences for the Romberg quadrature corrections.
  See Forman Acton's "Real Computing Made Real," p 143.
  """
    tmp = 4.0 ** k
    return (tmp * c - b) / (tmp - 1.0)


def romb(function, a, b, args=(), divmax=6, return_error=False):
    """
  Romberg integration of a callable function or method.
  Returns the integral of `function` (a function of one variable)
  over the interval (`a`, `b`).
  """
    vfunc = jit(lambda x: function(x, *args))

    n = 1
    interval = [a, b]
    intrange = b - a
    ordsum = _difftrap1(vfunc, interval)
    result = intrange * ordsum
    state = np.repeat(np.atleast_1d(result), divmax + 1, axis=-1)
    err = np.inf

    def scan_fn(carry, y):
        x, k = carry
        x = _romberg_diff(y, x, k + 1)
        return (x, k + 1), x

    for i in range(1, divmax + 1):
        n = 2 ** i
        ordsum = ordsum + _difftrapn(vfunc, interval, n)

        x = intrange * ordsum / n
        _, new_state = jax.lax.scan(scan_fn, (x, 0), state[:-1])

        new_state = np.concatenate([np.atleast_1d(x), new_state])

        err = np.abs(state[i - 1] - new_state[i])
        state = new_state

    if return_error:
        return state[i], err
    else:
        return state[i]


def integrand(z, om):
    return 1.0 / np.sqrt(om * (1 + z) ** 3 + 1 - om)


@jax.jit
def f(zmax, om):
    return romb(integrand, 0.0, zmax, args=(om,), divmax=7, return_error=True)
# --- end user code ---

import numpy


def make_inputs(rng):
    return (numpy.asarray(numpy.float32(rng.uniform(0.1, 3.0))),
            numpy.asarray(numpy.float32(rng.uniform(0.2, 0.4))))


INPUTS = make_inputs
