"""Finite-difference gradient with `for i in range(len(x))` and `.at[i]` updates: static loop, jit-safe.

source: public JAX tutorial module in the code index, "Location Optimisation Problem using JAX Autograd and
        Gradient Descent" (code-index file id 36035300312; the index gives no repository name):
        total_distance_objective (@jax.jit), numerical_gradient, and the `grad_func = lambda x:
        numerical_gradient(objective_func, x)` closure of gradient_descent_numerical
error: none
category: negative-static-index-loop
expect: untouched
notes: total_distance_objective and numerical_gradient verbatim. The module imports euclidean_distances from
       the author's sibling module knn_jax, which is not available; a small stand-in returning the
       (n_targets, 1) pairwise-distance matrix is defined in its place. Entry point: `f` builds
       objective_func and grad_func exactly as gradient_descent_numerical does and returns one numerical
       gradient, jitted. The loop runs over `len(x)`, a static shape, and only does `.at[i].add/.set`, so
       nothing is converted to a Python bool: there is no leak and nothing should change. Inputs are
       sub-metre coordinates (in km) so that the float32 central difference with epsilon=1e-5 is not
       dominated by cancellation, which otherwise makes jit and eager disagree by rounding alone.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Callable

import jax
import jax.numpy as jnp


def euclidean_distances(X: jnp.ndarray, Y: jnp.ndarray) -> jnp.ndarray:
    # stand-in for knn_jax.euclidean_distances: distances between rows, shape (len(Y), len(X))
    return jnp.sqrt(jnp.sum((Y[:, None, :] - X[None, :, :]) ** 2, axis=-1))


@jax.jit
def total_distance_objective(candidate_location: jnp.ndarray, target_locations: jnp.ndarray) -> jnp.ndarray:
    """
    Compute the total distance from a candidate location to all target locations.

    This is the objective function we want to minimise. It represents the
    sum of Euclidean distances from the candidate location to each target.
    Uses the optimised euclidean_distances function from knn_jax module.

    Parameters:
    -----------
    candidate_location : jnp.ndarray
        The candidate location [x, y] to evaluate
    target_locations : jnp.ndarray
        Array of target locations, shape (n_locations, 2)

    Returns:
    --------
    jnp.ndarray
        Total distance to all target locations (scalar array)
    """
    # Reshape candidate_location to be 2D for batch distance calculation
    candidate_reshaped = candidate_location.reshape(1, -1)

    # Calculate distances using the optimised function from knn_jax
    # This returns shape (n_targets, 1) so we need to squeeze and sum
    distances: jnp.ndarray = euclidean_distances(candidate_reshaped, target_locations)
    return jnp.sum(distances.squeeze())


def numerical_gradient(
    func: Callable[[jnp.ndarray], float], x: jnp.ndarray, epsilon: float = 1e-5
) -> jnp.ndarray:
    """
    Compute numerical gradient using finite differences.

    This function demonstrates the traditional approach to computing gradients
    numerically, which we'll compare against JAX's automatic differentiation.

    Parameters:
    -----------
    func : Callable
        Function to compute gradient for
    x : jnp.ndarray
        Point at which to compute gradient
    epsilon : float
        Small perturbation for finite differences

    Returns:
    --------
    jnp.ndarray
        Numerical gradient approximation
    """
    grad = jnp.zeros_like(x)
    for i in range(len(x)):
        x_plus = x.at[i].add(epsilon)
        x_minus = x.at[i].add(-epsilon)
        f_plus = func(x_plus)
        f_minus = func(x_minus)
        grad = grad.at[i].set((f_plus - f_minus) / (2 * epsilon))
    return grad


@jax.jit
def f(current_location, target_locations):
    # Create the objective function with target locations fixed
    objective_func = lambda x: total_distance_objective(x, target_locations)

    # Create numerical gradient function
    grad_func = lambda x: numerical_gradient(objective_func, x)
    return grad_func(current_location)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    targets = rng.uniform(-5e-4, 5e-4, size=(4, 2)).astype(np.float32)   # km: targets within a metre
    x = rng.uniform(-2e-4, 2e-4, size=(2,)).astype(np.float32)
    return (x, targets)


INPUTS = make_inputs
