"""FilterPy's systematic resampling: `while i < N:` over two Python counters whose increments are chosen by a traced `if positions[i] < cumulative_sum[j]`.

source: rlabbe/filterpy filterpy/monte_carlo/resampling.py @6cc052bea5a806d3531b59c820530c42b67a910c (`systematic_resample`)
error: TracerBoolConversionError
category: while-python-counters-traced-if
expect: fix
notes: NumPy code ported to jax.numpy for a jitted particle filter: `np` is jax.numpy, the in-place
  `indexes[i] = j` becomes `indexes = indexes.at[i].set(j)`, and the global `numpy.random.random()` draw
  becomes an argument `u` (JAX has no global RNG). The loop terminates in at most 2N steps, so it is
  fixed-shape; a correct rewrite is a vectorised search (or a bounded lax.while_loop).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


@jax.jit
def systematic_resample(weights, u):
    """ Performs the systemic resampling algorithm used by particle filters.

    This algorithm separates the sample space into N divisions. A single random
    offset is used to to choose where to sample from for all divisions. This
    guarantees that every sample is exactly 1/N apart.
    """
    N = len(weights)

    # make N subdivisions, and choose positions with a consistent random offset
    positions = (u + np.arange(N)) / N

    indexes = np.zeros(N, 'i')
    cumulative_sum = np.cumsum(weights)
    i, j = 0, 0
    while i < N:
        if positions[i] < cumulative_sum[j]:
            indexes = indexes.at[i].set(j)
            i += 1
        else:
            j += 1
    return indexes


f = systematic_resample
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    n = 8
    w = rng.gamma(0.5, size=n)
    w[rng.integers(n)] = 0.0          # a dead particle
    w = (w / w.sum()).astype(onp.float32)
    u = onp.float32(rng.uniform(0.0, 0.98))
    return (w, u)


INPUTS = make_inputs


@jax.jit
def reference_fix(weights, u):
    N = weights.shape[0]
    positions = (u + jnp.arange(N)) / N
    cumulative_sum = jnp.cumsum(weights)
    return jnp.searchsorted(cumulative_sum, positions, side='right').astype('i')
