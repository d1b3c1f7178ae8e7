"""jorbit `planet_state_helper`: flags handled with lax.cond, closures over `s`/`tdb`, static `len(tdb)`; nothing may change.

source: ben-cassese/jorbit jorbit/engine.py at 032d1feb14d14b31ecaa0b6762dca0d0e21ada95 (planet_state_helper; code-index file id 166830294)
error: none
category: negative-lax-cond-closure
expect: untouched
notes: Look-alike for closure/flag detection: the boolean arguments `velocity` / `acceleration` (traced here) select branches through jax.lax.cond, the nested helpers eval_cheby / scan_func / velocity_func / acceleration_func read the enclosing function's traced `s` and `tdb`, `len(tdb)` and `coefficients.shape` are static, and the Chebyshev-index wrap-around uses jnp.where instead of `if`. The function is verbatim (docstring shortened); the module header `from jax.config import config; config.update("jax_enable_x64", True)` is dropped (that import no longer exists, and x64 would change every other case in the process), as are the unused constant imports. Entry point `f = jax.jit(planet_state_helper)`; inputs are a small synthetic ephemeris (8 coefficients, 3 axes, 5 chunks of 16 days) in float32.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit, lax


def planet_state_helper(
    init,
    intlen,
    coefficients,
    tdb,
    velocity=False,
    acceleration=False,
):
    """
    Calculate the position, velocity, and acceleration of one object at a several times.

    This function borrows heavily from Brandon Rhode's
    `jplephem <https://github.com/brandon-rhodes/python-jplephem>`_ package,
    specifically the jplephem.spk.SPK._compute method. However, this version is written
    for JAX, not numpy. lax.scan is used instead of a for loop, jnp.where is used
    instead of if statements, etc. Also, in addition to position and velocity, you can
    also compute acceleration by differentiating the Cheybshev polynomials again. The
    input parameters are usually derived from the construct_perturbers.py module.
    """

    tdb2 = 0.0  # leaving in case we ever decide to increase the time precision and use 2 floats

    _, _, n = coefficients.shape

    # 2451545.0 is the J2000 epoch in TDB
    index1, offset1 = jnp.divmod((tdb - 2451545.0) * 86400.0 - init, intlen)
    index2, offset2 = jnp.divmod(tdb2 * 86400.0, intlen)
    index3, offset = jnp.divmod(offset1 + offset2, intlen)
    index = (index1 + index2 + index3).astype(int)

    omegas = index == n
    index = jnp.where(omegas, index - 1, index)
    offset = jnp.where(omegas, offset + intlen, offset)

    coefficients = coefficients[:, :, index]

    s = 2.0 * offset / intlen - 1.0

    def eval_cheby(coefficients, x):
        b_ii = jnp.zeros((3, len(tdb)))
        b_i = jnp.zeros((3, len(tdb)))

        def scan_func(X, a):
            b_i, b_ii = X
            tmp = b_i
            b_i = a + 2 * s * b_i - b_ii
            b_ii = tmp
            return (b_i, b_ii), b_i

        Q = jax.lax.scan(scan_func, (b_i, b_ii), coefficients[:-1])
        b_i, b_ii = Q[0]
        return coefficients[-1] + s * b_i - b_ii, Q[1]

    x, As = eval_cheby(coefficients, s)  # in km here

    # Optionally calculate the velocity by differentiating the Chebyshev polynomials
    # Will return 0s if velocity=False
    def blank_vel(As):
        return jnp.zeros_like(x), (
            jnp.zeros_like(x),
            jnp.zeros((As.shape[0] - 1, 3, tdb.shape[0])),
        )

    def velocity_func(As):
        Q = eval_cheby(2 * As, s)
        v = Q[0] - As[-1]
        v /= intlen
        v *= 2.0  # in km/s here
        return v, Q

    v, Q = jax.lax.cond(velocity, velocity_func, blank_vel, As)

    # Optionally calculate the acceleration by differentiating the Chebyshev polynomials again
    # Note- will give back nonsense if velocity=False
    # Need to calculate that before the acceleration
    def blank_acc(Q):
        return jnp.zeros_like(x)

    def acceleration_func(Q):
        a = eval_cheby(4 * Q[1], s)[0] - 2 * Q[1][-1]
        a /= intlen**2
        a *= 4.0  # in km/s^2 here
        return a

    a = jax.lax.cond(acceleration, acceleration_func, blank_acc, Q)

    # Convert to AU, AU/day, AU/day^2
    return (
        x.T * 6.684587122268446e-09,
        v.T * 0.0005775483273639937,
        a.T * 49.900175484249054,
    )


f = jax.jit(planet_state_helper)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    intlen = np.float32(16 * 86400.0)
    init = np.float32(-2 * 86400.0)
    coefficients = (rng.normal(size=(8, 3, 5)) * 1e7 / (1 + np.arange(8))[:, None, None] ** 2).astype(np.float32)
    days = np.sort(rng.uniform(0.0, 75.0, size=4)).astype(np.float32)
    tdb = (np.float32(2451545.0) + days).astype(np.float32)
    velocity = np.bool_(rng.uniform() < 0.7)
    acceleration = np.bool_(velocity and rng.uniform() < 0.7)
    return (init, intlen, coefficients, tdb, velocity, acceleration)


INPUTS = make_inputs
