"""Logistic-regression gradient descent in jax.numpy: `for _ in range(max_iters)` with a traced `break` test.

source: public JAX logistic-regression script in the code index (code-index file id 53796802664; the index
        gives no repository name): read_csv_data, standardize, sigmoid, loss_function (@jax.jit),
        unstandardized, fit, accuracy, model, main ("Pass"/"Fail" prediction of an exam outcome from
        study hours, attendance and a practice-exam score)
error: TracerBoolConversionError
category: for-break-convergence-counter
expect: fix
notes: standardize, sigmoid, loss_function, unstandardized and fit verbatim. Dropped: pandas/read_csv_data,
       accuracy, model and the module-level main() call (file I/O and prints of the result), and the
       `jax.config.update("jax_enable_x64", True)` line (the case runs in float32; a global x64 switch would
       leak into other cases loaded in the same process). Entry point `f = jax.jit(fit)`, as a user jitting
       the whole fit would write. `if jnp.linalg.norm(delta) < tol: break` is a bool of a tracer; the
       iteration counter and the print of the elapsed time are host-side bookkeeping.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad, jit
from time import perf_counter

def standardize(X):
    mean = jnp.mean(X[ :, 1: ], axis = 0)
    std = jnp.std(X[ :, 1: ], axis = 0)
    X_std_features = (X[ :, 1: ] - mean) / std
    X_standardized = jnp.concatenate([X[ :, :1 ], X_std_features], axis=1)
    return X_standardized, mean, std

def sigmoid(x):
    return 1 / (1 + jnp.exp(-1 * x))

@jax.jit
def loss_function(beta, X, y):
    y_hat = sigmoid(X @ beta)
    eps = 1e-7
    y_hat = jnp.clip(y_hat, eps, 1 - eps)
    return -jnp.mean(y * jnp.log(y_hat) + (1 - y) * jnp.log(1 - y_hat))

def unstandardized(beta, means, std):
    slopes = beta[1:] / std
    intercept = beta[0] - jnp.sum((beta[1:] * means) / std)
    return jnp.concatenate([jnp.array([intercept]), slopes])

def fit(X, y):
    standardized, mean, std = standardize(X)

    iter_count = 0
    start = perf_counter()

    beta = jnp.zeros(standardized.shape[1])
    alpha = -0.1

    tol = 1e-3
    max_iters = 20000

    gradient_function = jax.grad(loss_function)

    for _ in range(max_iters):
        gradient = gradient_function(beta, standardized, y)
        delta = alpha * gradient
        if jnp.linalg.norm(delta) < tol:
            break
        beta = beta + delta
        iter_count += 1
    
    print(f'Took {iter_count} iterations: {perf_counter() - start :.2f}s')

    return unstandardized(beta, mean, std)


f = jax.jit(fit)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 400
    hours = rng.uniform(0, 20, size=n)
    attendance = rng.uniform(40, 100, size=n)
    practice = rng.uniform(20, 100, size=n)
    z = (0.03 * (hours - 10) + 0.005 * (attendance - 70) + 0.005 * (practice - 60)
         + rng.normal(scale=0.5, size=n))
    y = (rng.uniform(size=n) < 1 / (1 + np.exp(-z))).astype(np.float32)
    X = np.column_stack([np.ones(n), hours, attendance, practice]).astype(np.float32)
    return (X, y)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, y):
    standardized, mean, std = standardize(X)
    gradient_function = jax.grad(loss_function)
    alpha, tol, max_iters = -0.1, 1e-3, 20000

    def cond(c):
        beta, n_updates, done = c
        return jnp.logical_and(n_updates < max_iters, jnp.logical_not(done))

    def body(c):
        beta, n_updates, done = c
        delta = alpha * gradient_function(beta, standardized, y)
        done = jnp.linalg.norm(delta) < tol
        beta = jnp.where(done, beta, beta + delta)
        return beta, n_updates + jnp.where(done, 0, 1), done

    beta0 = jnp.zeros(standardized.shape[1])
    beta, _, _ = lax.while_loop(cond, body, (beta0, 0, False))
    return unstandardized(beta, mean, std)
