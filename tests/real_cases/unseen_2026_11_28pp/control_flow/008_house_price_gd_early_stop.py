"""House-price linear regression: autodiff gradient descent with a `while True` / `if norm(g) < 1: break` stop.

source: public code index file id 55894075789, a JAX linear-regression homework module (read_csv_data, matrix_inversion_fit, standardize, params_for_unstandardized, gradient_descent_fit, loss_function, autodiff_descent_fit, format_prediction, score; "X of shape (519, 6)", "predicted price = $..."); the index does not name the repository or commit
error: TracerBoolConversionError
category: while-convergence-break
expect: fix
notes: standardize, params_for_unstandardized, loss_function (already @jax.jit in the source) and autodiff_descent_fit verbatim; read_csv_data/pandas, the hand-written gradient_descent_fit and the printing helpers are dropped. `f` is autodiff_descent_fit with @jax.jit added, the natural next step once loss_function is jitted: the stop test on the traced gradient norm leaks. Inputs are a small synthetic design (intercept column + 3 features) instead of the CSV.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad, jit
from jax import Array
from jax.typing import ArrayLike
from time import perf_counter


# Helper function to standardize data
def standardize(X: ArrayLike) -> tuple[Array, Array, Array]:
    # Returns:
    #   Xp: The standardized data
    #   means: The mean of each column
    #   std: The standard deviation of each column
    means = jnp.mean(X, axis=0)
    std = jnp.std(X, axis=0)

    # First column remains
    means = means.at[0].set(0.0)
    std = std.at[0].set(1.0)
    Xp = (X - means) / std

    return (Xp, means, std)

# Helper function to un-standardize coefficients
def params_for_unstandardized(beta: ArrayLike, means: ArrayLike, std: ArrayLike) -> Array:
    # for 0 < j <= d
    new_beta = beta / std
    # for 0
    shift = jnp.sum(beta * means / std)
    new_beta = new_beta.at[0].set(beta[0] - shift)
    return new_beta


# Helper function for autodiff
@jax.jit
def loss_function(beta: ArrayLike, X: ArrayLike, y: ArrayLike) -> float:
    # Return the mean squared error
    residuals  = y - X @ beta
    return jnp.mean(residuals ** 2)

# Returns a vector of weights using JAX autodiff
@jax.jit
def autodiff_descent_fit(X: ArrayLike, y: ArrayLike) -> Array:
    # Standardize the data
    Xp, means, std = standardize(X)
    # Have JAX create a function that returns the gradient of the loss function
    gradient_function = grad(loss_function)

    # Iteratively use gradient descent
    iter_count = 0
    start = perf_counter()
    
    beta = jnp.zeros(X.shape[1])
    learning_rate = 0.1
    while True:
        g = gradient_function(beta, Xp, y)
        if jnp.linalg.norm(g) < 1.0:
            break

        beta = beta + (-learning_rate) * g
        iter_count += 1


    print(f"Took {iter_count} iterations to converge: {perf_counter() - start:.6f} seconds")

    # Un-standardize
    return params_for_unstandardized(beta, means, std)


f = autodiff_descent_fit
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 40
    feats = rng.normal(loc=[3.0, -1.0, 10.0], scale=[1.0, 2.0, 4.0], size=(n, 3))
    X = np.hstack([np.ones((n, 1)), feats]).astype(np.float32)
    true_beta = rng.normal(scale=3.0, size=(4,))
    # sometimes a target so small that the very first gradient already passes the test
    scale = rng.choice([1.0, 1.0, 1.0, 0.01])
    y = (scale * (X @ true_beta + rng.normal(scale=0.5, size=(n,)))).astype(np.float32)
    return (X, y)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, y):
    Xp, means, std = standardize(X)
    gradient_function = grad(loss_function)
    learning_rate = 0.1

    def cond(beta):
        return jnp.linalg.norm(gradient_function(beta, Xp, y)) >= 1.0

    def body(beta):
        return beta + (-learning_rate) * gradient_function(beta, Xp, y)

    beta = jax.lax.while_loop(cond, body, jnp.zeros(X.shape[1]))
    return params_for_unstandardized(beta, means, std)
