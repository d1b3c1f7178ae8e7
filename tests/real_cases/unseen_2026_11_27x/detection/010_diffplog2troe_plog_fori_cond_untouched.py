"""Look-alike: diffPLOG2TROE's jitted PLOG rate: `len(params)`, a list comprehension over the traced table, lax.fori_loop/lax.cond (correct).

source: tdinelli/diffPLOG2TROE diffPLOG2TROE/PressureLogarithmic.py at b3bd6b0826c322518bfdf9fc3601bc889fbe9e49 (kinetic_constant_plog, compute_plog; code-index file id 14031753296) with kinetic_constant_base from diffPLOG2TROE/ArrheniusBase.py at b3bd6b0826c322518bfdf9fc3601bc889fbe9e49 (code-index file id 14644109572)
error: none
category: negative
expect: untouched
notes: Everything that looks value-dependent is static or already staged: `n = len(params)` is the static
  row count, `[i[0] for i in params]` iterates the traced table over its static first axis, the pressure
  bracket is found with `lax.fori_loop` + `lax.cond(P <= _P[i], ...)`, the low/mid/high-pressure cases are
  nested `lax.cond`s, and `params[pIndex - 1][1]` indexes with a traced integer (a gather). Code kept as
  it was; the imports are trimmed to what is used and the two long docstrings (CHEMKIN examples) are
  shortened; kinetic_constant_base is inlined from ArrheniusBase.py. The project
  runs in float64; the inputs here are float32-safe (rates around 1e-10 to 1e5). The entry point is the
  module's own jitted `compute_plog`, renamed `f`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import jit, lax, vmap
import jax.numpy as jnp


@jit
def kinetic_constant_base(params: jnp.ndarray, T: jnp.float64) -> jnp.float64:
    R = jnp.float64(1.987)
    A, b, Ea = params
    return A * T**b * jnp.exp(-Ea/R/T)


@jit
def kinetic_constant_plog(params: jnp.ndarray, T: jnp.float64, P: jnp.float64) -> jnp.float64:
    """
    Computes the kinetic constant for a PLOG model using logarithmic interpolation between pressure levels. This
    function is optimized with JAX's Just-In-Time (JIT) compilation.
    """

    n = len(params)  # Number of pressure levels
    _P = jnp.array([i[0] for i in params])  # Convert to jax array
    _P = jnp.sort(_P)  # Sort using JAX version

    lnP = jnp.log(_P)

    # Function to find the index of the pressure interval inside the PLOG definition
    def find_index(pIndex, i):
        """Function needed to identify the pressure index of the current pressure level"""
        return lax.cond(P <= _P[i], lambda _: i, lambda _: pIndex,  None)
    pIndex = lax.fori_loop(0, n, find_index, 0)

    # Definition of the common input structure for the subfunctions
    operand = (params, T, P, pIndex, lnP)

    def low_pressure_case(operand):
        """Function that handles the case where the pressure is lower or equal to the lowest pressure level."""
        params, T, _, _,  _ = operand
        params_array = jnp.array([params[0][1], params[0][2], params[0][3]])
        return kinetic_constant_base(params_array, T)

    def high_pressure_case(operand):
        """Function that handles the case where the pressure is higher or equal to the highest pressure level."""
        params, T, _, _, _ = operand
        params_array = jnp.array([params[-1][1], params[-1][2], params[-1][3]])
        return kinetic_constant_base(params_array, T)

    def mid_pressure_case(operand):
        """
        Handles the case where the pressure falls between two pressure levels. It performs logarithmic interpolation
        between the two kinetic constants corresponding to the pressure levels.
        """
        params, T, P, pIndex, lnP = operand
        params1_array = jnp.array([params[pIndex - 1][1], params[pIndex - 1][2], params[pIndex - 1][3]])
        params2_array = jnp.array([params[pIndex][1], params[pIndex][2], params[pIndex][3]])
        log_k1 = jnp.log(kinetic_constant_base(params1_array, T))
        log_k2 = jnp.log(kinetic_constant_base(params2_array, T))

        # Logarithmic Interpolation
        return jnp.exp(log_k1 + (log_k2 - log_k1) * (jnp.log(P) - lnP[pIndex - 1]) / (lnP[pIndex] - lnP[pIndex - 1]))

    return lax.cond(
        P <= _P[0],
        low_pressure_case,
        lambda operand: lax.cond( P >= _P[-1], high_pressure_case, mid_pressure_case, operand),
        operand
    )


@jit
def compute_plog(plog: jnp.ndarray, T_range: jnp.ndarray, P_range: jnp.ndarray) -> jnp.ndarray:
    """
    Compute the kinetic constant of a given reaction written following the PLOG formalism in a vectorized way over a
    range of pressures and temperatures. This is done in order to avoid the use of double nested loop.
    """
    def compute_single(t, p):
        _kplog = kinetic_constant_plog(plog, t, p)
        return _kplog
    compute_single_t_fixed = vmap(lambda p: vmap(lambda t: compute_single(t, p))(T_range))
    k_plog = compute_single_t_fixed(P_range)
    return k_plog


f = compute_plog
# --- end user code ---

import numpy as np

# NH3=H+NH2 from the function's docstring (PLOG levels 0.1, 1, 10, 100 atm)
_PLOG = np.array([
    [1.000000e-01, 7.230000e+29, -5.316000e+00, 1.108624e+05],
    [1.000000e+00, 3.497000e+30, -5.224000e+00, 1.111633e+05],
    [1.000000e+01, 1.975000e+31, -5.155000e+00, 1.118878e+05],
    [1.000000e+02, 2.689000e+31, -4.920000e+00, 1.127787e+05],
])


def make_inputs(rng):
    plog = _PLOG.copy()
    plog[:, 1] *= rng.uniform(0.5, 2.0, size=4)        # perturbed pre-exponentials
    T_range = np.sort(rng.uniform(1500.0, 2500.0, size=5)).astype(np.float32)
    # below the lowest level, exactly on levels, in between, above the highest
    P_range = np.concatenate([[0.05, 0.1, 1.0], 10 ** rng.uniform(-1, 2, size=4), [100.0, 300.0]])
    return (plog.astype(np.float32), T_range, P_range.astype(np.float32))


INPUTS = make_inputs
