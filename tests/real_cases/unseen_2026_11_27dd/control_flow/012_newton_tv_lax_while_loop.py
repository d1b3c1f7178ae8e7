"""Two-temperature thermodynamics: a Newton solve for T_V that is already a lax.while_loop with an all-cells convergence test (look-alike, nothing to fix).

source: a JAX compressible-flow code's species thermodynamics module ("Thermodynamic property calculations for species."; imports `compressible_1d.constants` and `compressible_1d.chemistry_types.SpeciesTable`), code-index file id 29206145406: compute_cp_from_polynomial, compute_cv_trans_rot, compute_cv_vib_electronic, compute_e_vib_electronic, solve_vibrational_temperature_from_vibroelectric_energy; the index does not name the repository
error: none
category: negative-lax-while-newton
expect: untouched
notes: the five functions are verbatim. Stand-ins: `constants.R_universal` (a small class), SpeciesTable (a NamedTuple with the fields the solver reads), and jaxtyping's `Float`/`Array` (jaxtyping is not installed here; `Float[...]` returns jax.Array) because the module's `from __future__ import annotations` cannot follow the case docstring. Added the entry point `f = jax.jit(solve_vibrational_temperature_from_vibroelectric_energy)`; the species table (N2 and N, two NASA-polynomial temperature ranges) is passed as a traced pytree. It looks leaky (a Newton iteration with `converged`/`all_converged` tests, `for i in range(n_ranges)` loops, `~is_monoatomic`), but every test is inside lax.while_loop or jnp.where and the loops are over static sizes. Inputs: mass fractions, target energies built from a random true T_V, and random initial guesses.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import TYPE_CHECKING, NamedTuple

import jax
import jax.numpy as jnp
from jax import Array


class _ShapeDtype:  # stand-in for jaxtyping.Float
    def __getitem__(self, item):
        return Array


Float = _ShapeDtype()


class constants:  # stand-in for compressible_1d.constants
    R_universal = 8.314462618


class SpeciesTable(NamedTuple):  # stand-in for compressible_1d.chemistry_types.SpeciesTable
    T_ref: float
    T_limit_low: Array
    T_limit_high: Array
    enthalpy_coeffs: Array
    is_monoatomic: Array
    molar_masses: Array


def compute_cp_from_polynomial(
    T: Float[Array, " N"],
    T_limit_low: Float[Array, "n_species n_ranges"],
    T_limit_high: Float[Array, "n_species n_ranges"],
    parameters: Float[Array, "n_species n_ranges n_parameters"],
    molar_masses: Float[Array, " n_species"],
) -> Float[Array, "n_species N"]:
    """Compute specific heat at constant pressure using polynomial curve fits.

    Implements Gnoffo eq. 31 via differentiation of enthalpy polynomial:
    Since h(T) = (R/M) * (a0*T + a1*T^2/2 + ... + a5)
    Then C_p = dh/dT = (R/M) * (a0 + a1*T + a2*T^2 + a3*T^3 + a4*T^4)

    Args:
        T: Temperature array [K], shape (N,)
        T_limit_low: Lower temperature bounds [K], shape (n_species, n_ranges)
        T_limit_high: Upper temperature bounds [K], shape (n_species, n_ranges)
        parameters: Enthalpy polynomial coefficients [a0, ..., a5], shape (n_species, n_ranges, 6)
        molar_masses: Molar mass [kg/mol], shape (n_species,)

    Returns:
        C_p [J/(kg·K)], shape (n_species, N)

    Notes:
        - Uses SAME polynomial coefficients as enthalpy (just differentiated)
        - Same temperature range masking as h_equilibrium
        - Consistent with existing enthalpy calculation structure
    """
    n_ranges = T_limit_low.shape[1]

    def cp_single_species(
        T_low: Float[Array, " n_ranges"],
        T_high: Float[Array, " n_ranges"],
        params: Float[Array, "n_ranges n_parameters"],
        M: float,
    ) -> Float[Array, " N"]:
        """Compute C_p for one species across all temperatures."""
        cp = jnp.zeros_like(T)

        for i in range(n_ranges):
            mask = (T >= T_low[i]) & (T < T_high[i])

            # Extract enthalpy coefficients [a0, a1, a2, a3, a4, a5]
            a = params[i, :]

            # C_p = dh/dT = (R/M) * (a0 + a1*T + a2*T^2 + a3*T^3 + a4*T^4)
            cp_range = (
                constants.R_universal
                / M
                * (a[0] + a[1] * T + a[2] * T**2 + a[3] * T**3 + a[4] * T**4)
            )

            cp = jnp.where(mask, cp_range, cp)

        return cp

    # Vectorize over species dimension (same pattern as h_equilibrium)
    cp_vectorized = jax.vmap(cp_single_species, in_axes=(0, 0, 0, 0))

    return cp_vectorized(T_limit_low, T_limit_high, parameters, molar_masses)


def compute_cv_trans_rot(
    T: Float[Array, " N"],
    is_monoatomic: Float[Array, " n_species"],
    molar_masses: Float[Array, " n_species"],
) -> Float[Array, "n_species N"]:
    """Compute translational-rotational specific heat for all species.

    Uses ideal gas model (temperature-independent):
    - Atoms (theta_rot = 0): C_v,tr = (3/2) R/M
    - Diatomic molecules: C_v,tr = (5/2) R/M

    Args:
        T: Temperature array [K], shape (N,) - not used but kept for API consistency
        is_monoatomic: Boolean mask indicating monoatomic species, shape (n_species,)
        molar_masses: Molar mass [kg/mol], shape (n_species,)

    Returns:
        C_v,tr [J/(kg·K)], shape (n_species, N)

    Notes:
        - Gnoffo eq. 29 uses C_v,t + C_v,r as constants
        - C_v,t = (3/2) R/M for all species
        - C_v,r = R/M for molecules, 0 for atoms
        - Combined: C_v,tr = (5/2) R/M (molecules), (3/2) R/M (atoms)
    """
    R = constants.R_universal  # J/(mol·K)
    M = molar_masses  # kg/mol

    # Compute C_v,tr per species (Gnoffo 1989, eq. 24, 25)
    cv_tr_species = jnp.where(
        ~is_monoatomic,
        2.5 * R / M,  # Diatomic: (5/2) R/M
        1.5 * R / M,  # Atom: (3/2) R/M
    )  # Shape: (n_species,)

    # Broadcast to (n_species, N) - constant across temperature
    N = T.shape[0]
    cv_tr = jnp.broadcast_to(cv_tr_species[:, None], (len(is_monoatomic), N))

    return cv_tr


def compute_cv_vib_electronic(
    T_V: Float[Array, " N"],
    T_limit_low: Float[Array, "n_species n_ranges"],
    T_limit_high: Float[Array, "n_species n_ranges"],
    parameters: Float[Array, "n_species n_ranges n_parameters"],
    is_monoatomic: Float[Array, " n_species"],
    molar_masses: Float[Array, " n_species"],
) -> Float[Array, "n_species N"]:
    """Compute vibrational-electronic specific heat.

    Implements Gnoffo equation chain:
    - eq. 31: C_p^s(T_V) via dh/dT using enthalpy polynomial
    - eq. 30: C_v^s(T_V) = C_p^s(T_V) - R/M_s
    - eq. 29: C_{v,V}^s(T_V) = C_v^s(T_V) - C_{v,t}^s - C_{v,r}^s

    Args:
        T_V: Vibrational temperature array [K], shape (N,)
        T_limit_low: Temperature range lower bounds [K], shape (n_species, n_ranges)
        T_limit_high: Temperature range upper bounds [K], shape (n_species, n_ranges)
        parameters: Enthalpy polynomial coefficients, shape (n_species, n_ranges, 6)
        is_monoatomic: Boolean mask indicating monoatomic species, shape (n_species,)
        molar_masses: Molar mass [kg/mol], shape (n_species,)

    Returns:
        C_{v,V} [J/(kg·K)], shape (n_species, N)

    Notes:
        - Evaluated at vibrational temperature T_V (not translational T)
        - Uses enthalpy polynomial derivatives (same as h_equilibrium)
        - Subtracts constant translational-rotational contributions
    """
    cp = compute_cp_from_polynomial(
        T_V, T_limit_low, T_limit_high, parameters, molar_masses
    )

    # Compute C_v = C_p - R/M (eq. 30)
    R = constants.R_universal
    M = molar_masses  # kg/mol
    R_over_M = R / M  # Shape: (n_species,)

    cv = cp - R_over_M[:, None]  # Broadcast to (n_species, N)

    # Compute C_v,tr
    T_dummy = jnp.ones_like(T_V)
    cv_tr = compute_cv_trans_rot(T_dummy, is_monoatomic, molar_masses)

    # C_v,V = C_v - C_v,tr (eq. 29)
    cv_vib = cv - cv_tr

    return cv_vib


def compute_e_vib_electronic(
    T_V: Float[Array, " N"],
    T_ref: float,
    T_limit_low: Float[Array, "n_species n_ranges"],
    T_limit_high: Float[Array, "n_species n_ranges"],
    parameters: Float[Array, "n_species n_ranges n_parameters"],
    is_monoatomic: Float[Array, " n_species"],
    molar_masses: Float[Array, " n_species"],
) -> Float[Array, "n_species N"]:
    """Compute vibrational-electronic internal energy by integrating C_{v,V}.

    Implements Gnoffo eq. 98:
    e_{v,s}(T_V) = ∫_{T_ref}^{T_V} C_{v,V}^s(T') dT'

    Uses analytical polynomial integration of C_{v,V} derived from enthalpy polynomials.

    Args:
        T_V: Vibrational temperature array [K], shape (N,)
        T_ref: Reference temperature [K] - passed as parameter, partialed at creation
        T_limit_low: Temperature range bounds [K], shape (n_species, n_ranges)
        T_limit_high: Temperature range bounds [K], shape (n_species, n_ranges)
        parameters: Enthalpy polynomial coefficients, shape (n_species, n_ranges, 6)
        theta_rot: Rotational characteristic temperature [K], shape (n_species,)
        molar_masses: Molar mass [kg/mol], shape (n_species,)

    Returns:
        e_v [J/kg], shape (n_species, N)

    Notes:
        - Integration performed analytically, not numerically
        - C_{v,V} derived from enthalpy polynomial (eqs. 29-31)
        - T_ref is pre-evaluated via functools.partial (not stored in SpeciesTable)
        - Same polynomial structure as h_equilibrium for consistency
    """
    n_ranges = T_limit_low.shape[1]

    def _e_v_single_species(
        T_low: Float[Array, " n_ranges"],
        T_high: Float[Array, " n_ranges"],
        params: Float[Array, "n_ranges n_parameters"],
        is_monoatomic_s: float,
        M_s: float,
    ) -> Float[Array, " N"]:
        """Integrate C_{v,V} for one species."""

        R = constants.R_universal
        M = M_s  # kg/mol

        # Compute C_v,tr constant for this species
        cv_tr_s = jnp.where(~is_monoatomic_s, 2.5 * R / M, 1.5 * R / M)

        e_v = jnp.zeros_like(T_V)

        for i in range(n_ranges):
            mask = (T_V >= T_low[i]) & (T_V < T_high[i])

            def _cv_V_integrated(T, idx_temperature_range: int):
                """Integrate: ∫C_{v,V} dT = b_0*T + b_1*T^2/2 + b_2*T^3/3
                + b_3*T^4/4 + b_4*T^5/5
                """
                a = params[idx_temperature_range, :]

                R_over_M = R / M
                b_0 = R_over_M * (a[0] - 1) - cv_tr_s  # Linear term
                b_1 = R_over_M * a[1]  # Quadratic term
                b_2 = R_over_M * a[2]  # Cubic term
                b_3 = R_over_M * a[3]  # Quartic term
                b_4 = R_over_M * a[4]  # Quintic term
                b_5 = R_over_M * a[5]  # Constant term (drops out in definite integral)

                return (
                    b_0 * T
                    + b_1 * T**2 / 2
                    + b_2 * T**3 / 3
                    + b_3 * T**4 / 4
                    + b_4 * T**5 / 5
                    + b_5
                )

            # e_v = ∫_{T_ref}^{T_V} C_{v,V} dT' = F(T_V) - F(T_ref)
            # TODO: this is sloppy: T_ref=298K is out of the validity bound of 0th range
            # but i still use it without checks as lower limit of 0th range is 300K
            e_v_range = _cv_V_integrated(T_V, i) - _cv_V_integrated(T_ref, 0)

            e_v = jnp.where(mask, e_v_range, e_v)

        return e_v

    # Vectorize over species
    e_v_vectorized = jax.vmap(_e_v_single_species, in_axes=(0, 0, 0, 0, 0))

    return e_v_vectorized(
        T_limit_low, T_limit_high, parameters, is_monoatomic, molar_masses
    )


def solve_vibrational_temperature_from_vibroelectric_energy(
    e_V_target: Float[Array, " N"],
    c_s: Float[Array, "n_species N"],
    T_V_initial: Float[Array, " N"],
    species_table: "SpeciesTable",
    max_iterations: int = 20,
    rtol: float = 1e-6,
    atol: float = 1.0,  # [K]
) -> Float[Array, " N"]:
    """Solve for vibrational temperature T_V from vibrational energy e_V.

    Optimized implementation using batched operations and analytical derivatives.

    Implements Gnoffo step 9: Find T_V such that
    sum_s c_s e_{v,s}(T_V) = e_V

    Uses Newton-Raphson with analytical Jacobian from C_{v,V}:
    T_V^{n+1} = T_V^n - f(T_V^n) / f'(T_V^n)

    where:
        f(T_V) = sum_s c_s e_{v,s}(T_V) - e_V
        f'(T_V) = sum_s c_s C_{v,V}^s(T_V)  (analytical derivative)

    Args:
        e_V_target: Target vibrational energy [J/kg], shape (N,)
        c_s: Mass fractions, shape (n_species, N)
        T_V_initial: Initial guess for T_V [K], shape (N,)
        species_table: SpeciesTable containing thermodynamic data
        max_iterations: Maximum Newton iterations (default 20)
        rtol: Relative tolerance for convergence
        atol: Absolute tolerance [K] for temperature convergence

    Returns:
        T_V [K], shape (N,)

    Notes:
        - Uses analytical derivative C_{v,V} instead of autodiff
        - Fully batched across all cells (no per-cell vmap)
        - Uses jax.lax.while_loop for early exit on convergence
        - Converges when |delta_T_V| < atol or |delta_T_V/T_V| < rtol for all cells
    """
    # Extract coefficient data from species_table
    T_ref = species_table.T_ref
    T_limit_low = species_table.T_limit_low
    T_limit_high = species_table.T_limit_high
    enthalpy_coeffs = species_table.enthalpy_coeffs
    is_monoatomic = species_table.is_monoatomic
    molar_masses = species_table.molar_masses

    def _compute_residual_and_jacobian(
        T_V: Float[Array, " N"],
    ) -> tuple[Float[Array, " N"], Float[Array, " N"]]:
        """Compute residual f(T_V) and Jacobian df/dT_V for all cells.

        Returns:
            residual: f(T_V) = sum_s c_s e_{v,s}(T_V) - e_V_target, shape (N,)
            jacobian: df/dT_V = sum_s c_s C_{v,V}^s(T_V), shape (N,)
        """
        # Compute e_v for all species at T_V: shape (n_species, N)
        e_v_species = compute_e_vib_electronic(
            T_V,
            T_ref,
            T_limit_low,
            T_limit_high,
            enthalpy_coeffs,
            is_monoatomic,
            molar_masses,
        )

        # Compute C_{v,V} for all species at T_V: shape (n_species, N)
        cv_v_species = compute_cv_vib_electronic(
            T_V,
            T_limit_low,
            T_limit_high,
            enthalpy_coeffs,
            is_monoatomic,
            molar_masses,
        )

        # Mixture vibrational energy: sum_s c_s e_{v,s}(T_V)
        e_V_computed = jnp.sum(c_s * e_v_species, axis=0)  # shape (N,)

        # Residual: f(T_V) = e_V_computed - e_V_target
        residual = e_V_computed - e_V_target

        # Jacobian: df/dT_V = sum_s c_s C_{v,V}^s(T_V)
        jacobian = jnp.sum(c_s * cv_v_species, axis=0)  # shape (N,)

        return residual, jacobian

    def _newton_step(
        carry: tuple[Float[Array, " N"], Float[Array, " N"], int],
    ) -> tuple[Float[Array, " N"], Float[Array, " N"], int]:
        """Perform one Newton-Raphson iteration."""
        T_V, delta_T_V_prev, iteration = carry

        # Compute residual and Jacobian
        residual, jacobian = _compute_residual_and_jacobian(T_V)

        # Newton update: delta_T_V = -f / (df/dT_V)
        # Clip jacobian to avoid division by zero (jacobian should be positive)
        delta_T_V_full = -residual / jnp.clip(jacobian, 1e-20, None)

        # Apply damping to prevent overshooting (limit step to 0.5 * T_V)
        max_step = 0.5 * T_V
        delta_T_V = jnp.clip(delta_T_V_full, -max_step, max_step)

        # Update temperature (ensure positive, minimum 50K)
        T_V_new = jnp.maximum(T_V + delta_T_V, 50.0)

        return T_V_new, delta_T_V, iteration + 1

    def _continue_condition(
        carry: tuple[Float[Array, " N"], Float[Array, " N"], int],
    ) -> bool:
        """Check if iteration should continue."""
        T_V, delta_T_V, iteration = carry

        # Check convergence for all cells
        abs_error = jnp.abs(delta_T_V)
        rel_error = abs_error / jnp.clip(jnp.abs(T_V), 1e-10, None)
        converged = (abs_error < atol) | (rel_error < rtol)
        all_converged = jnp.all(converged)

        # Continue if not all converged AND under max iterations
        return (~all_converged) & (iteration < max_iterations)

    # Initialize: T_V, delta_T_V (set to inf to ensure first iteration runs), iteration
    initial_carry = (T_V_initial, jnp.full_like(T_V_initial, jnp.inf), 0)

    # Run Newton-Raphson with early exit
    T_V_final, _, _ = jax.lax.while_loop(
        _continue_condition, _newton_step, initial_carry
    )

    return T_V_final


f = jax.jit(solve_vibrational_temperature_from_vibroelectric_energy)
# --- end user code ---

import numpy as np

# NASA-7 style enthalpy coefficients (a0..a4, a5), ranges [300, 1000) and [1000, 6000)
_COEFFS = np.array([
    [[3.53100528, -1.23660988e-4, -5.02999433e-7, 2.43530612e-9, -1.40881235e-12, -1046.97628],
     [2.95257637, 1.39690040e-3, -4.92631603e-7, 7.86010195e-11, -4.60755204e-15, -923.948688]],
    [[2.5, 0.0, 0.0, 0.0, 0.0, 56104.6378],
     [2.41594293, 1.74890065e-4, -1.19023667e-7, 3.02262387e-11, -2.03609790e-15, 56133.7750]],
], dtype=np.float32)


def _table():
    return SpeciesTable(
        T_ref=np.float32(298.16),
        T_limit_low=np.array([[300.0, 1000.0], [300.0, 1000.0]], dtype=np.float32),
        T_limit_high=np.array([[1000.0, 6000.0], [1000.0, 6000.0]], dtype=np.float32),
        enthalpy_coeffs=_COEFFS,
        is_monoatomic=np.array([False, True]),
        molar_masses=np.array([0.0280134, 0.0140067], dtype=np.float32),
    )


def make_inputs(rng):
    N = 6
    table = _table()
    frac_n2 = rng.uniform(0.5, 1.0, size=N).astype(np.float32)
    c_s = np.stack([frac_n2, 1.0 - frac_n2]).astype(np.float32)
    T_true = rng.uniform(700.0, 5000.0, size=N).astype(np.float32)
    e_v = compute_e_vib_electronic(
        jnp.asarray(T_true), table.T_ref, table.T_limit_low, table.T_limit_high,
        table.enthalpy_coeffs, table.is_monoatomic, table.molar_masses)
    e_V_target = np.asarray(jnp.sum(jnp.asarray(c_s) * e_v, axis=0), dtype=np.float32)
    T_V_initial = rng.uniform(400.0, 5500.0, size=N).astype(np.float32)
    return (e_V_target, c_s, T_V_initial, table)


INPUTS = make_inputs
