"""`int(jnp.ceil(...))` on values derived only from config attributes, two helpers below a jitted method.

source: asantini29/phentax src/phentax/utils/coarse_graining.py (estimate_adaptive_steps, estimate_adaptive_steps_from_T, _generate_uniform_grid); cf. asantini29/phentax PR #28 ("guard jnp calls and assertions against JIT tracing in initial_processing")
error: ConcretizationTypeError
category: int-on-jnp-of-constants-in-helper
expect: fix
notes: the three helpers are verbatim (docstrings trimmed). PR #28 reports that calling the model
  under jax.jit fails because `initial_processing` calls estimate_adaptive_steps_from_T, whose
  `int(jnp.ceil(...))` sees a staged tracer although T and delta_t are plain floats held on the model.
  The model is reduced to a class storing T/delta_t in __init__ and a method building the time grid.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def estimate_adaptive_steps(eta, tmin, tmax):
    eta = jnp.atleast_1d(jnp.asarray(eta, dtype=jnp.float64))
    tmin = jnp.atleast_1d(jnp.asarray(tmin, dtype=jnp.float64))
    tmax = jnp.atleast_1d(jnp.asarray(tmax, dtype=jnp.float64))

    C = (2.0 * jnp.pi / 3.0) * jnp.power(eta / 5.0, 3.0 / 8.0)

    # Uniform region: from tmax to t_thresh=-1 with step C
    N_uniform = jnp.maximum((tmax + 1.0) / C, 0.0)

    # Adaptive region: ODE solution from u_start to u_end = -tmin
    u_start = jnp.maximum(-tmax, 1.0)
    N_adaptive = jnp.maximum(
        (jnp.power(-tmin, 5.0 / 8.0) - jnp.power(u_start, 5.0 / 8.0))
        / (5.0 * C / 8.0),
        0.0,
    )

    # Take max across the batch, add safety margin, round up to nearest 5000
    N_total = int(jnp.ceil(jnp.max(N_uniform + N_adaptive) * 1.2)) + 200
    N_total = int(jnp.ceil(N_total / 5000.0) * 5000)
    return max(N_total, 5000)  # at least 5000


def estimate_adaptive_steps_from_T(T, delta_t=15.0):
    eta_worst = 0.25
    num_steps = T / delta_t
    return estimate_adaptive_steps(eta_worst, -num_steps, 0.0)


@partial(jax.jit, static_argnames=["max_steps"])
def _generate_uniform_grid(tmin, tmax, delta_t, max_steps=10000):
    indices = jnp.arange(max_steps)
    t_raw = tmax - indices * delta_t
    mask = t_raw >= tmin
    grid = jnp.where(mask, t_raw, tmin)
    grid_asc = jnp.flip(grid)
    mask_asc = jnp.flip(mask)
    return grid_asc, mask_asc


class IMRPhenomTHM:
    def __init__(self, T=1.0e4, delta_t=15.0):
        self.T = T
        self.delta_t = delta_t

    def time_grid(self, tmin, tmax):
        max_steps = estimate_adaptive_steps_from_T(self.T, self.delta_t)
        return _generate_uniform_grid(tmin, tmax, self.delta_t, max_steps=max_steps)


model = IMRPhenomTHM(T=1.0e4, delta_t=15.0)


@jax.jit
def f(tmin, tmax):
    return model.time_grid(tmin, tmax)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-80000.0, -100.0)), np.float32(rng.uniform(0.0, 500.0)))


INPUTS = make_inputs


@jax.jit
def reference_fix(tmin, tmax):
    return _generate_uniform_grid(tmin, tmax, 15.0, max_steps=5000)
