"""Adaptive Gauss-Legendre quadrature that returns early once `jnp.all(rel_error < 1e-6)` holds.

source: Beta-Poisson / two-state promoter module for NumPyro in the public code index (code-index file id 34687370454; module docstring "Beta-Poisson distribution implementation for NumPyro."; functions gauss_legendre_quadrature, beta_poisson_log_prob_quadrature, beta_poisson_log_prob_adaptive). A sibling module imports it as `.twostate_distribution`; the index does not name the repository.
error: TracerBoolConversionError
category: early-return-convergence-test
expect: fix
notes: the three functions are verbatim. Dropped the numpyro imports and the Distribution classes (BetaPoisson, TwoStatePromoter, TwoStatePromoterQuadrature, TwoStatePromoterMC), which are not used by these functions; added `f = jax.jit(beta_poisson_log_prob_adaptive)` as the entry point (n_quad_base / max_points keep their Python defaults, so the `while n_points <= max_points` loop is static and runs for 20 and 40 points; the leak is the `if converged: return curr_result` on a traced bool). Inputs alternate a smooth regime (10 vs 20 points agree, early return with the 20-point result) and a rough one (no convergence, the 40-point linspace rule is returned).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.scipy.special as jsps
from jax.scipy.special import logsumexp

# ------------------------------------------------------------------------------
# Numerical quadrature for the Beta-Poisson distribution
# ------------------------------------------------------------------------------


def gauss_legendre_quadrature(n_points):
    """
    Compute Gauss-Legendre quadrature nodes and weights for interval [-1, 1].
    These are fixed and don't depend on parameters, making differentiation
    easier.
    """
    # Manual implementation of Gauss-Legendre quadrature
    # For small n_points, we can use pre-computed values
    # For larger n_points, we would need to implement the full algorithm

    if n_points == 10:
        # Pre-computed nodes and weights for n=10
        nodes = jnp.array(
            [
                -0.9739065285171717,
                -0.8650633666889845,
                -0.6794095682990244,
                -0.4333953941292472,
                -0.1488743389816312,
                0.1488743389816312,
                0.4333953941292472,
                0.6794095682990244,
                0.8650633666889845,
                0.9739065285171717,
            ]
        )
        weights = jnp.array(
            [
                0.0666713443086881,
                0.1494513491505806,
                0.2190863625159820,
                0.2692667193099963,
                0.2955242247147529,
                0.2955242247147529,
                0.2692667193099963,
                0.2190863625159820,
                0.1494513491505806,
                0.0666713443086881,
            ]
        )
    elif n_points == 20:
        # Pre-computed nodes and weights for n=20
        nodes = jnp.array(
            [
                -0.9931285991850949,
                -0.9639719272779138,
                -0.9122344282513259,
                -0.8391169718222188,
                -0.7463319064601508,
                -0.6360536807265150,
                -0.5108670019508271,
                -0.3737060887154196,
                -0.2277858511416451,
                -0.0765265211334973,
                0.0765265211334973,
                0.2277858511416451,
                0.3737060887154196,
                0.5108670019508271,
                0.6360536807265150,
                0.7463319064601508,
                0.8391169718222188,
                0.9122344282513259,
                0.9639719272779138,
                0.9931285991850949,
            ]
        )
        weights = jnp.array(
            [
                0.0176140071391521,
                0.0406014298003869,
                0.0626720483341091,
                0.0832767415767047,
                0.1019301198172404,
                0.1181945319615184,
                0.1316886384491766,
                0.1420961093183821,
                0.1491729864726037,
                0.1527533871307258,
                0.1527533871307258,
                0.1491729864726037,
                0.1420961093183821,
                0.1316886384491766,
                0.1181945319615184,
                0.1019301198172404,
                0.0832767415767047,
                0.0626720483341091,
                0.0406014298003869,
                0.0176140071391521,
            ]
        )
    else:
        # For other values, use a simple approximation
        # This is not optimal but will work for testing
        nodes = jnp.linspace(-1.0, 1.0, n_points)
        weights = jnp.ones(n_points) * (2.0 / n_points)

    return nodes, weights


# ------------------------------------------------------------------------------


def beta_poisson_log_prob_quadrature(x, k_on, k_off, r_m, n_quad=20):
    """
    Compute log P(x | k_on, k_off, r_m) using Gauss-Legendre quadrature.

    This approximates:
    ∫₀¹ Poisson(x | r_m*p) * Beta(p | k_on, k_off) dp

    Parameters
    ----------
    x : int or array
        Observed counts
    k_on, k_off, r_m : float or array
        Two-state promoter parameters
    n_quad : int
        Number of quadrature points
    """
    # Get quadrature nodes and weights for [-1, 1]
    nodes_std, weights_std = gauss_legendre_quadrature(n_quad)

    # Transform nodes from [-1, 1] to [0, 1]
    nodes = (nodes_std + 1) / 2
    weights = weights_std / 2  # Jacobian of transformation

    # Ensure all inputs are arrays
    x = jnp.asarray(x)
    k_on = jnp.asarray(k_on)
    k_off = jnp.asarray(k_off)
    r_m = jnp.asarray(r_m)

    # Get the broadcast shape of all parameters
    param_shapes = [
        jnp.shape(x),
        jnp.shape(k_on),
        jnp.shape(k_off),
        jnp.shape(r_m),
    ]
    broadcast_shape = jax.lax.broadcast_shapes(*param_shapes)

    # Flatten all inputs to 1D for processing
    x_flat = x.ravel()
    k_on_flat = k_on.ravel()
    k_off_flat = k_off.ravel()
    r_m_flat = r_m.ravel()

    # Reshape nodes and weights for broadcasting with flattened parameters
    nodes_expanded = nodes[:, None]  # Shape: (n_quad, 1)
    weights_expanded = weights[:, None]  # Shape: (n_quad, 1)

    # Poisson log likelihood: log P(x | r_m * p)
    poisson_rates = r_m_flat * nodes_expanded  # Shape: (n_quad, n_params)
    poisson_log_probs = (
        x_flat * jnp.log(poisson_rates)
        - poisson_rates
        - jsps.gammaln(x_flat + 1)
    )

    # Beta log likelihood: log Beta(p | k_on, k_off)
    beta_log_probs = (
        (k_on_flat - 1) * jnp.log(nodes_expanded)
        + (k_off_flat - 1) * jnp.log(1 - nodes_expanded)
        - jsps.gammaln(k_on_flat)
        - jsps.gammaln(k_off_flat)
        + jsps.gammaln(k_on_flat + k_off_flat)
    )

    # Combined log integrand
    log_integrand = poisson_log_probs + beta_log_probs

    # Numerical integration in log space
    # log(∫ f(p) dp) ≈ log(Σᵢ wᵢ f(pᵢ)) = logsumexp(log(wᵢ) + log(f(pᵢ)))
    log_weights = jnp.log(weights_expanded)
    log_integral_flat = logsumexp(log_weights + log_integrand, axis=0)

    # Reshape back to original broadcast shape
    log_integral = log_integral_flat.reshape(broadcast_shape)

    return log_integral


# ------------------------------------------------------------------------------


def beta_poisson_log_prob_adaptive(
    x, k_on, k_off, r_m, n_quad_base=10, max_points=50
):
    """
    Compute the log-probability of observed counts under the Beta-Poisson model
    using adaptive Gauss-Legendre quadrature.

    This function adaptively increases the number of quadrature points until the
    result converges or a maximum number of points is reached. This can improve
    accuracy for challenging parameter regimes.

    Parameters
    ----------
    x : int or array-like
        Observed count(s) for which to compute the log-probability.
    k_on : float or array-like
        Promoter ON rate parameter(s) of the Beta distribution.
    k_off : float or array-like
        Promoter OFF rate parameter(s) of the Beta distribution.
    r_m : float or array-like
        mRNA production rate(s) when the promoter is ON.
    n_quad_base : int, optional
        Initial number of quadrature points (default: 10).
    max_points : int, optional
        Maximum number of quadrature points to use (default: 50).

    Returns
    -------
    log_prob : float or ndarray
        The log-probability of the observed count(s) under the model.
    """

    # Define a helper function to compute the integral for a given number of points
    def compute_integral(n_points):
        # Compute the log-probability using quadrature with n_points
        return beta_poisson_log_prob_quadrature(x, k_on, k_off, r_m, n_points)

    # Start with the base number of quadrature points
    prev_result = compute_integral(n_quad_base)
    # Double the number of points for the next iteration
    n_points = n_quad_base * 2
    # Continue increasing points until convergence or max_points is reached
    while n_points <= max_points:
        # Compute the result with the current number of points
        curr_result = compute_integral(n_points)
        # Compute the relative error between current and previous result
        rel_error = jnp.abs(curr_result - prev_result) / (
            jnp.abs(prev_result) + 1e-8
        )
        # Check if all elements have converged below the threshold
        converged = jnp.all(rel_error < 1e-6)
        # If converged, return the current result
        if converged:
            return curr_result
        # Otherwise, update previous result and double the points
        prev_result = curr_result
        n_points *= 2

    # If max_points reached, return the last computed result
    return prev_result


f = jax.jit(beta_poisson_log_prob_adaptive)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    if rng.integers(2) == 0:
        # smooth integrand, large |log p|: 10 and 20 points agree -> early return
        x = rng.integers(5, 12, size=4).astype(np.int32)
        k_on = rng.integers(1, 4, size=4).astype(np.float32)
        k_off = rng.integers(1, 4, size=4).astype(np.float32)
        r_m = rng.uniform(0.5, 1.5, size=4).astype(np.float32)
    else:
        # rough integrand: never converges, the 40-point result comes back
        x = rng.integers(1, 6, size=4).astype(np.int32)
        k_on = rng.uniform(1.05, 2.0, size=4).astype(np.float32)
        k_off = rng.uniform(1.05, 2.0, size=4).astype(np.float32)
        r_m = rng.uniform(1.0, 20.0, size=4).astype(np.float32)
    return (x, k_on, k_off, r_m)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, k_on, k_off, r_m):
    r10 = beta_poisson_log_prob_quadrature(x, k_on, k_off, r_m, 10)
    r20 = beta_poisson_log_prob_quadrature(x, k_on, k_off, r_m, 20)
    r40 = beta_poisson_log_prob_quadrature(x, k_on, k_off, r_m, 40)
    conv1 = jnp.all(jnp.abs(r20 - r10) / (jnp.abs(r10) + 1e-8) < 1e-6)
    conv2 = jnp.all(jnp.abs(r40 - r20) / (jnp.abs(r20) + 1e-8) < 1e-6)
    # converged at 20 -> r20; converged at 40 -> r40; not converged -> prev = r40
    return jnp.where(conv1, r20, jnp.where(conv2, r40, r40))
