"""SDC's breaking_point: a jitted function with a conditional expression on a defaulted flag and a Python loop to len(x)//2.

source: VLSF/SDC misc/utils.py at 059c6624faed7b42ce6cb48042c6379aaa592001 (compute_sums, recompute_sums, linear_fit, fit_residual, breaking_point)
error: none
category: negative-default-flag-and-shape-loop
expect: untouched
notes: the five functions verbatim, including the project's own @jit on breaking_point (bound to f). `appended` keeps its Python default (callers do not pass it), `len(x)` is a shape, and the list `e` collects one traced residual per static split point, so nothing here needs a concrete value. The project's log10 trajectories are replaced by random convergence curves with a kink.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp

from jax import jit


def compute_sums(x, y):
    x_s, y_s = jnp.sum(x), jnp.sum(y)
    x2_s, xy_s = jnp.sum(x**2), jnp.sum(y*x)
    return x_s, y_s, x2_s, xy_s

def recompute_sums(left_sums, right_sums, x, y, i):
    x_s_l, y_s_l, x2_s_l, xy_s_l = left_sums
    x_s_r, y_s_r, x2_s_r, xy_s_r = right_sums

    Deltas = [x[i], y[i], x[i]**2, x[i]*y[i]]

    left_sums = [l+delta for l, delta in zip(left_sums, Deltas)]
    right_sums = [l-delta for l, delta in zip(right_sums, Deltas)]

    return left_sums, right_sums

def linear_fit(sums, N):
    x_s, y_s, x2_s, xy_s = sums
    det_A = x2_s - x_s**2/N
    A = jnp.array([[N, -x_s], [-x_s, x2_s]])/det_A
    b = jnp.array([xy_s/N, y_s/N])
    return A @ b

def fit_residual(x, y, sums, N):
    a, b = linear_fit(sums, N)
    return jnp.linalg.norm(y - a*x - b)

@jit
def breaking_point(x, y, appended=True):
    e = []
    lim = len(x)//2 if appended else len(x)-1
    N = len(x)
    left_sums = compute_sums(x[:2], y[:2])
    right_sums = compute_sums(x[2:], y[2:])
    for i in range(2, lim):
        e.append(fit_residual(x[:i], y[:i], left_sums, i) + fit_residual(x[i:], y[i:], right_sums, N-i))
        left_sums, right_sums = recompute_sums(left_sums, right_sums, x, y, i)
    return 2 + jnp.argmin(jnp.array(e))


f = breaking_point
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 24
    x = np.arange(n, dtype=np.float32)
    kink = rng.integers(3, 10)
    slope = rng.uniform(-1.5, -0.5)
    y = np.where(x < kink, slope * x, slope * kink - 0.05 * (x - kink))
    y = (y + 0.05 * rng.normal(size=n)).astype(np.float32)
    return (x, y)


INPUTS = make_inputs
