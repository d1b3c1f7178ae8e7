"""DTW cost matrix with builtin `min()` on tracers and an early-abandon `return` inside the row loop.

source: gellison321/tsshapelet src/shapelet_dtw.py at 4fc65d07478a4b51adbbb4a47528756744f2165e (dtw_matrix, dtw)
error: TracerBoolConversionError
category: dynamic-programming, builtin-min-on-tracers, early-return-in-loop
expect: fix
notes: the repository compiles dtw_matrix with numba's @njit; here it is ported to jax.numpy the way a user
  moving it to JAX would: `@njit` -> `@partial(jax.jit, static_argnames=("w",))` on dtw, np.ones/np.inf ->
  jnp, and the in-place `cum_sum[i, j] = ...` writes -> `.at[i, j].set(...)`. Everything else (docstring,
  static window arithmetic with int/max/min on Python ints, the early-abandon test and `return`) is
  verbatim. Leaks: `min(cum_sum[i-1, j], cum_sum[i, j-1], cum_sum[i-1, j-1])` compares tracers, and
  `if cum_sum[i,:].min() > r_squared: return cum_sum` depends on the traced threshold r.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def dtw_matrix(I, J, w = 0.9, r = np.inf):

    '''
    Constructs the cost matrix used to compute the dynamic time warping distance between two arrays.
    Allows for early adandon condition of the algorithm.
    
    Parameters:
        I: array-like, shape = (I_length, )
        J: array-like, shape = (J_length, )
        w
            Window parameter used to limit the search space of the algorithm.
            The window is set to int(max([I_length, J_length])*w). 
        r
            Early abandon condition of the algorithm. If the cost of the current path
            exceeds r, the algorithm is terminated.
    
    Returns:
        cum_sum, shape = (I_length, J_length)
    '''

    # Squaring the best_cost to avoid computing square roots in quadratic time
    r_squared = r**2

    n = len(I)
    m = len(J)
    w = int(max([n, m])*w)
    cum_sum = jnp.ones((n+1, m+1)) * jnp.inf
    cum_sum = cum_sum.at[0, 0].set(0)

    # Recurrently computing the cost matrix
    for i in range(1, n+1):

        for j in range(max(1, i-w), min(m, i+w)+1):
            cost = (I[i-1] - J[j-1])**2
            cum_sum = cum_sum.at[i, j].set(cost + min(cum_sum[i-1, j], cum_sum[i, j-1], cum_sum[i-1, j-1]))

        # Early abandon if the cost of the current path exceeds r
        if cum_sum[i,:].min() > r_squared:
            return cum_sum
        
    return cum_sum

@partial(jax.jit, static_argnames=("w",))
def dtw(I, J, w = 0.9, r = np.inf):

    # We take the square root here only once
    return dtw_matrix(I, J, w = w, r = r)[-1, -1]**0.5


f = dtw
# --- end user code ---


def make_inputs(rng):
    I = rng.normal(size=(6,)).astype(np.float32)
    J = rng.normal(size=(7,)).astype(np.float32)
    if rng.uniform() < 0.3:
        r = np.inf  # never abandon
    else:
        r = rng.uniform(0.2, 3.0)  # abandons on some trials, not on others
    return (I, J, 0.9, np.asarray(r, dtype=np.float32))


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("w",))
def reference_fix(I, J, w=0.9, r=np.inf):
    r_squared = r**2
    n = len(I)
    m = len(J)
    w = int(max([n, m])*w)
    cum_sum = jnp.ones((n+1, m+1)) * jnp.inf
    cum_sum = cum_sum.at[0, 0].set(0)
    abandoned = jnp.array(False)
    for i in range(1, n+1):
        before = cum_sum
        for j in range(max(1, i-w), min(m, i+w)+1):
            cost = (I[i-1] - J[j-1])**2
            best = jnp.minimum(jnp.minimum(cum_sum[i-1, j], cum_sum[i, j-1]), cum_sum[i-1, j-1])
            cum_sum = cum_sum.at[i, j].set(cost + best)
        cum_sum = jnp.where(abandoned, before, cum_sum)
        abandoned = abandoned | (cum_sum[i, :].min() > r_squared)
    return cum_sum[-1, -1]**0.5
