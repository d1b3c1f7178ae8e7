"""galpy's backend bisection: `float(numpy.asarray(...))` inside try/except as a tracer guard, then a static-count halving loop with xp.where (jit-safe).

source: jobovy/galpy galpy/backend/optimize.py at 04df238fa39392d10fca841eb972602f138c515e (n_bisect_steps, bisect_step, bisect_root); context: https://github.com/jobovy/galpy/pull/1026
error: none
category: negative-tracer-guard-static-loop
expect: untouched
notes: The three functions and the two module constants are verbatim (docstrings
  shortened). The jitted driver `f` is mine: it brackets the real cube root of c, with
  `xp=jnp` as galpy's jax path passes it. It looks like a leak but is fine under jit.
  `float(numpy.max(numpy.abs(numpy.asarray(b) - numpy.asarray(a))))` raises on tracers and
  the `except Exception` branch turns that into the fixed `maxiter` schedule. `if not width
  > 0.0` and `int(math.ceil(...))` only ever see Python floats. The loop is `for _ in
  range(n)` with a Python int n and a branch-free `xp.where` body. Eagerly it runs about 40
  halvings and under jit 100; once float32 has converged the bracket stops moving, so both
  give the same root.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# Default bracketing tolerance (matches scipy.optimize.brentq's xtol default, so
# the backend path converges to the same neighbourhood as the numpy path).
_XTOL = 2e-12
_MAXITER = 100


def n_bisect_steps(a, b, xtol, maxiter):
    """Number of bisection halvings to shrink ``[a, b]`` below ``xtol``.

    The count is a *structural* (Python int) quantity: a jit/grad TRACER carries
    no concrete width, so probing it would raise (the bracket value is abstract
    when differentiating w.r.t. an endpoint). In that case -- and on any read
    failure -- fall back to the full ``maxiter`` schedule, which is correct
    (more halvings only tighten the bracket) and fully jit-compatible.
    """
    import math

    import numpy

    try:
        width = float(numpy.max(numpy.abs(numpy.asarray(b) - numpy.asarray(a))))
    except Exception:
        # Traced (abstract) bracket under jit/grad: no concrete width available.
        return min(maxiter, _MAXITER)
    if not width > 0.0 or not xtol > 0.0:  # pragma: no cover - degenerate bracket
        return min(maxiter, _MAXITER)
    n = int(math.ceil(math.log2(width / xtol))) + 1
    return max(1, min(n, maxiter))


def bisect_step(lo, hi, slo, f, xp):
    """One sign-preserving bisection halving of ``[lo, hi]`` (branch-free)."""
    mid = 0.5 * (lo + hi)
    same = xp.sign(f(mid)) == slo
    return xp.where(same, mid, lo), xp.where(same, hi, mid)


def bisect_root(f, a, b, xp, *, xtol, maxiter):
    """Vectorised, sign-preserving bisection root of ``f`` on ``[a, b]`` in ``xp``."""
    # Anchor on the inputs (device/dtype); * 1.0 promotes integer brackets.
    lo = xp.asarray(a) * 1.0
    hi = xp.asarray(b) * 1.0
    slo = xp.sign(f(lo))  # sign of f at the low endpoint
    n = n_bisect_steps(a, b, xtol, maxiter)
    for _ in range(n):
        lo, hi = bisect_step(lo, hi, slo, f, xp)
    return 0.5 * (lo + hi)


@jax.jit
def f(a, b, c):
    return bisect_root(lambda x: x**3 - c, a, b, jnp, xtol=_XTOL, maxiter=_MAXITER)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    c = rng.uniform(-8.0, 8.0, size=5)
    root = np.cbrt(c)
    a = root - rng.uniform(0.1, 2.0, size=5)
    b = root + rng.uniform(0.1, 2.0, size=5)
    return a.astype(np.float32), b.astype(np.float32), c.astype(np.float32)


INPUTS = make_inputs
