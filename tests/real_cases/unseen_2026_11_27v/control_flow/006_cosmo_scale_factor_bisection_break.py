"""Scale factor from supercomoving time by bisection: `for` loop with `if jnp.abs(error) < tolerance: break` and a traced if/else on the bracket.

source: code-index file id 2119550907 (a jax.numpy module "Pure functions for cosmology simulation" defining get_physical_time_interval, get_supercomoving_time_interval, get_scale_factor, get_next_scale_factor; the index does not name its repository)
error: TracerBoolConversionError
category: root-finder-for-break
expect: fix
notes: get_supercomoving_time_interval and get_scale_factor verbatim (the two unused functions of the module are dropped).
  Entry point added: f = jax.jit(get_scale_factor), all five arguments traced (a simulation step calls it with the
  current redshift and the step's dt_hat). Two traced tests: `if jnp.abs(error) < tolerance: break` and
  `if error > 0: ... else: ...` moving the bisection bracket; the loop is bounded by max_iterations = 100.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# Pure functions for cosmology simulation


def get_supercomoving_time_interval(
    z_start, z_end, omega_matter, omega_lambda, little_h
):
    """Compute the total supercomoving time (dt_hat = a^-2 dt) between two redshifts."""
    #  da/dt = H0 * sqrt(omega_matter / a + omega_lambda * a^2)
    #  da/dt_hat = a^2 * da/dt
    #  dt_hat/da = a^-2 / (da/dt)
    a_start = 1.0 / (1.0 + z_start)
    a_end = 1.0 / (1.0 + z_end)
    H0 = 0.1 * little_h  # Hubble constant in (km/s/kpc)
    n_quad = 10000
    a_lin = jnp.linspace(a_start, a_end, n_quad)
    a_dot = H0 * jnp.sqrt((omega_matter / a_lin) + (omega_lambda * a_lin**2))
    dt_hat_da = a_lin**-2 / a_dot
    dt_hat = jnp.trapezoid(dt_hat_da, a_lin)
    return dt_hat


def get_scale_factor(z_start, dt_hat, omega_matter, omega_lambda, little_h):
    """Compute the scale factor corresponding to a given supercomoving time,
    by root finding."""
    a_start = 1.0 / (1.0 + z_start)
    a = a_start
    tolerance = 1e-6
    max_iterations = 100
    lower_bound = 0.0
    upper_bound = 2.0  # Set a reasonable upper bound for the scale factor
    for _ in range(max_iterations):
        dt_hat_guess = get_supercomoving_time_interval(
            z_start, 1.0 / a - 1.0, omega_matter, omega_lambda, little_h
        )
        error = dt_hat_guess - dt_hat
        if jnp.abs(error) < tolerance:
            break
        # Use bisection method
        if error > 0:
            upper_bound = a  # Move upper bound down
        else:
            lower_bound = a  # Move lower bound up
        a = (lower_bound + upper_bound) / 2  # Update scale factor to midpoint
    return a


f = jax.jit(get_scale_factor)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    z_start = np.float32(rng.uniform(5.0, 50.0))
    # dt_hat: 0 on some trials (the first guess a_start is already the root: immediate break)
    dt_hat = np.float32(0.0) if rng.uniform() < 0.25 else np.float32(rng.uniform(0.5, 20.0))
    omega_matter = np.float32(rng.uniform(0.25, 0.35))
    omega_lambda = np.float32(1.0 - omega_matter)
    little_h = np.float32(rng.uniform(0.6, 0.75))
    return (z_start, dt_hat, omega_matter, omega_lambda, little_h)


INPUTS = make_inputs


@jax.jit
def reference_fix(z_start, dt_hat, omega_matter, omega_lambda, little_h):
    a_start = 1.0 / (1.0 + z_start)

    def cond(state):
        i, a, lo, hi, done = state
        return (i < 100) & (~done)

    def body(state):
        i, a, lo, hi, done = state
        err = get_supercomoving_time_interval(
            z_start, 1.0 / a - 1.0, omega_matter, omega_lambda, little_h) - dt_hat
        conv = jnp.abs(err) < 1e-6
        hi2 = jnp.where(err > 0, a, hi)
        lo2 = jnp.where(err > 0, lo, a)
        a2 = (lo2 + hi2) / 2
        return (i + 1, jnp.where(conv, a, a2), jnp.where(conv, lo, lo2),
                jnp.where(conv, hi, hi2), conv)

    init = (0, a_start, jnp.zeros_like(a_start), 2.0 * jnp.ones_like(a_start), jnp.array(False))
    _, a, _, _, _ = jax.lax.while_loop(cond, body, init)
    return a
