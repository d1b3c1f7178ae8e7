"""simphony's z-domain vector fitting: `.at[mask].set(...)` in a lax.while_loop body closure.

source: BYUCamachoLab/simphony simphony/time_domain/vector_fitting/z_domain.py (stored revisions, e.g. 139bd734b471e905ccde2b2e12dff58478c39bd1, keep the pre-fix line `# current_poles = current_poles.at[mask].set(1 / current_poles[mask])` commented out above its `jnp.where` replacement in relocate_poles; the same file also keeps the older for-loop vector_fitting_z with `poles = poles.at[mask].set(1 / (poles[mask]))`)
error: NonConcreteBooleanIndexError
category: mask-at-set-in-closure
expect: fix
notes: the z-domain variant without sign_convention (index file 21134644109) with the commented pre-fix line restored in place of the jnp.where line. _initial_poles, _phi_matrices, _lstsq_matrices, _weight_error, _fit_to_poles, pole_residue_response and _mean_squared_error are verbatim; plotting, order optimisation and the sax demo dropped. `f` is a jitted wrapper (model_order static, since it sizes arrays) that fits and evaluates the model with pole_residue_response, as simphony's demo does before plotting; it returns the fitted response and the error rather than the raw poles, whose order from jnp.linalg.eig is not stable between eager and compiled runs. x64 enabled as simphony's vector-fitting examples do, so eager and jit agree through 10 eig/lstsq iterations.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def _initial_poles(model_order, frequency, sampling_frequency, gamma):
    f = jnp.linspace(jnp.min(frequency), jnp.max(frequency), model_order)
    poles = gamma*jnp.exp(1j*2*jnp.pi*f/sampling_frequency)
    return poles


def _phi_matrices(frequency, sampling_frequency, poles):
    z = jnp.exp(-1j * 2 * jnp.pi * frequency / sampling_frequency)
    phi1 = 1 / (z[:, None] - poles[None, :])

    unity_column = jnp.ones((len(z), 1))

    phi0 = jnp.hstack((unity_column, phi1))

    return phi0, phi1


def _lstsq_matrices(model_order, transfer_function, phi0, phi1):
    """

    """
    num_ports = transfer_function.shape[1]
    M = jnp.zeros(((num_ports**2) * (model_order), (model_order)), dtype=complex)
    B = jnp.zeros(((num_ports**2) * (model_order)), dtype=complex)

    A1 = phi0
    Q1, R11 = jnp.linalg.qr(A1)

    iter = 0
    for i in range(num_ports):
        for j in range(num_ports):
            D = jnp.diag(transfer_function[:, i, j])
            A_block = jnp.hstack([phi0, -D @ phi1])            # never build the big matrix
            Q, R = jnp.linalg.qr(A_block, mode='reduced')

            R11 = R[:model_order+1, :model_order+1]
            R12 = R[:model_order+1, model_order+1:]
            R22 = R[model_order+1:, model_order+1:]
            Q2 = Q[:, model_order+1:]

            V = transfer_function[:, i, j]
            M = M.at[(iter) * (model_order) : (iter+1) * (model_order), :].set(R22)
            B = B.at[(iter) * (model_order) : (iter+1) * (model_order)].set(Q2.conj().T @ V)
            iter += 1

    return M, B


def _weight_error(frequency, sampling_frequency, poles_prev, weight_coeffs):
    z = jnp.exp(-1j * 2 * jnp.pi * frequency/sampling_frequency)
    terms = weight_coeffs / (z[:, None] - poles_prev)
    weights = 1.0 + jnp.sum(terms, axis=1)
    return jnp.sqrt(1/weights.shape[0] * jnp.sum(jnp.abs(weights - 1)**2))


@jax.jit
def _fit_to_poles(transfer_function, frequency, sampling_frequency, poles):
    model_order = poles.shape[0]
    num_ports = transfer_function.shape[1]
    phi0, _ = _phi_matrices(frequency, sampling_frequency, poles)
    transfer_pairs = transfer_function.reshape(transfer_function.shape[0], -1)  # shape: (num_freq, num_ports*num_ports)

    # Define a function to solve lstsq for one port pair vector V (shape num_freq,)

    def solve_lstsq(V):
        sol, *_ = jnp.linalg.lstsq(phi0, V, rcond=None)
        return sol  # shape (model_order + 1,)

    # Vectorize over all port pairs (along axis=1)
    solutions = jax.vmap(solve_lstsq, in_axes=1)(transfer_pairs)  # shape (num_ports*num_ports, model_order + 1)

    # Reshape solutions back to (num_ports, num_ports, model_order + 1)
    solutions = solutions.reshape((num_ports, num_ports, model_order + 1))

    # Extract feedthrough (constant term)
    feedthrough = solutions[:, :, 0]  # shape (num_ports, num_ports)

    # Extract residues (remaining terms)
    residues = solutions[:, :, 1:].transpose(2, 0, 1)  # shape (model_order, num_ports, num_ports)

    return residues, feedthrough


@jax.jit
def pole_residue_response(frequency, center_frequency, sampling_frequency, poles, residues, feedthrough):
    z = jnp.exp(-1j * 2 * jnp.pi * (frequency-center_frequency)/sampling_frequency)
    frequency_response = feedthrough[None, :, :] + jnp.sum(
    residues[None, :, :, :] / (z[:, None, None, None] - poles[None, :, None, None]),
    axis=1
)
    return frequency_response


def _mean_squared_error(transfer_function, frequency, center_frequency, sampling_frequency, poles, residues, feedthrough):
    fit = pole_residue_response(frequency, center_frequency, sampling_frequency, poles, residues, feedthrough)
    error = jnp.mean(jnp.abs(transfer_function - fit) ** 2)

    return error


def vector_fitting_z(
    model_order,
    transfer_function,
    frequency,
    center_frequency,
    sampling_frequency,
    max_iterations=10,
    gamma=0.95,
    weight_threshold=0.0,
):

    baseband_frequency = frequency - center_frequency

    def poles_not_converged(state):
        _, weight_error, iteration = state

        return (iteration < max_iterations) & (weight_error > weight_threshold)

    def relocate_poles(state):
        previous_poles, _, iteration = state
        phi0, phi1 = _phi_matrices(baseband_frequency, sampling_frequency, previous_poles)
        M, B = _lstsq_matrices(model_order, transfer_function, phi0, phi1)
        weight_coeffs, *_ = jnp.linalg.lstsq(M, B)

        weight_error = _weight_error(baseband_frequency, sampling_frequency, previous_poles, weight_coeffs)

        A = jnp.diag(previous_poles)
        current_poles, _ = jnp.linalg.eig(A - jnp.outer(jnp.ones(model_order), weight_coeffs))
        mask = jnp.abs(current_poles) > 1
        current_poles = current_poles.at[mask].set(1 / current_poles[mask])

        return (current_poles, weight_error, iteration + 1)

    initial_poles = _initial_poles(model_order, baseband_frequency, sampling_frequency, gamma)
    initial_state = (initial_poles, jnp.inf, 0)
    final_poles, *_ = jax.lax.while_loop(poles_not_converged, relocate_poles, initial_state)
    residues, feedthrough = _fit_to_poles(transfer_function, baseband_frequency, sampling_frequency, final_poles)

    error = _mean_squared_error(transfer_function, frequency, center_frequency, sampling_frequency, final_poles, residues, feedthrough)

    return final_poles, residues, feedthrough, error


@partial(jax.jit, static_argnums=0)
def f(model_order, transfer_function, frequency, center_frequency, sampling_frequency):
    poles, residues, feedthrough, error = vector_fitting_z(
        model_order, transfer_function, frequency, center_frequency, sampling_frequency)
    fit = pole_residue_response(frequency, center_frequency, sampling_frequency, poles, residues, feedthrough)
    return fit, error
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # A 2-port response built from a random discrete pole-residue model,
    # sampled on a baseband grid; model_order (static) is 4.
    n_freq, n_ports, order = 40, 2, 4
    frequency = np.linspace(-0.3, 0.3, n_freq)
    radius = rng.uniform(0.6, 1.5, size=order)  # some poles outside the unit circle, so relocation reflects them
    angle = rng.uniform(-np.pi, np.pi, size=order)
    poles = radius * np.exp(1j * angle)
    residues = rng.normal(size=(order, n_ports, n_ports)) + 1j * rng.normal(size=(order, n_ports, n_ports))
    feed = rng.normal(size=(n_ports, n_ports)) * 0.1
    z = np.exp(-1j * 2 * np.pi * frequency)
    H = feed[None] + np.sum(residues[None] / (z[:, None, None, None] - poles[None, :, None, None]), axis=1)
    H = H + 0.01 * (rng.normal(size=H.shape) + 1j * rng.normal(size=H.shape))
    return (order, H.astype(np.complex128), frequency, 0.0, 1.0)


INPUTS = make_inputs


def _relocate_fix(model_order, transfer_function, frequency, center_frequency, sampling_frequency,
                  max_iterations=10, gamma=0.95, weight_threshold=0.0):
    baseband_frequency = frequency - center_frequency

    def poles_not_converged(state):
        _, weight_error, iteration = state
        return (iteration < max_iterations) & (weight_error > weight_threshold)

    def relocate_poles(state):
        previous_poles, _, iteration = state
        phi0, phi1 = _phi_matrices(baseband_frequency, sampling_frequency, previous_poles)
        M, B = _lstsq_matrices(model_order, transfer_function, phi0, phi1)
        weight_coeffs, *_ = jnp.linalg.lstsq(M, B)
        weight_error = _weight_error(baseband_frequency, sampling_frequency, previous_poles, weight_coeffs)
        A = jnp.diag(previous_poles)
        current_poles, _ = jnp.linalg.eig(A - jnp.outer(jnp.ones(model_order), weight_coeffs))
        mask = jnp.abs(current_poles) > 1
        current_poles = jnp.where(mask, 1 / current_poles, current_poles)
        return (current_poles, weight_error, iteration + 1)

    initial_poles = _initial_poles(model_order, baseband_frequency, sampling_frequency, gamma)
    initial_state = (initial_poles, jnp.inf, 0)
    final_poles, *_ = jax.lax.while_loop(poles_not_converged, relocate_poles, initial_state)
    residues, feedthrough = _fit_to_poles(transfer_function, baseband_frequency, sampling_frequency, final_poles)
    error = _mean_squared_error(transfer_function, frequency, center_frequency, sampling_frequency, final_poles, residues, feedthrough)
    return final_poles, residues, feedthrough, error


@partial(jax.jit, static_argnums=0)
def reference_fix(model_order, transfer_function, frequency, center_frequency, sampling_frequency):
    poles, residues, feedthrough, error = _relocate_fix(
        model_order, transfer_function, frequency, center_frequency, sampling_frequency)
    fit = pole_residue_response(frequency, center_frequency, sampling_frequency, poles, residues, feedthrough)
    return fit, error
