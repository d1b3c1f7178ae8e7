"""Softmax-regression gradient descent that breaks out of a 25000-step loop when the step norm is small.

source: public JAX wine-quality classifier module in the code index (code-index file id 54330597922: read_csv_data, train_test_split, accuracy, softmax, standardize, unstandardize_beta, fit); the index does not name the repository
error: TracerBoolConversionError
category: for-break-on-traced-convergence
expect: fix
notes: softmax, standardize, unstandardize_beta and fit are verbatim; read_csv_data/train_test_split/accuracy (pandas I/O and float() conversions outside fit) and the module-level `jax.config.update("jax_enable_x64", True)` are dropped (so `dtype=jnp.float64` silently means float32 here), and `f = jax.jit(fit)` is added. The leak is `if jnp.linalg.norm(delta) < tol: break`; `iter_count` and the perf_counter print are host-side bookkeeping, only the returned coefficients are compared. Inputs are small well-conditioned 3-class problems with an intercept column so that the loop stops after a few hundred steps.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit
import jax.numpy as jnp
from time import perf_counter


def softmax(Z):
    Z = Z - jnp.max(Z, axis=1, keepdims=True)
    exp = jnp.exp(Z)
    return exp / jnp.sum(exp, axis=1, keepdims=True)


def standardize(X):
    mean = jnp.mean(X[ :, 1: ], axis = 0)
    std = jnp.std(X[ :, 1: ], axis = 0)
    X_std_features = (X[ :, 1: ] - mean) / std
    X_standardized = jnp.concatenate([X[ :, :1 ], X_std_features], axis=1)
    return X_standardized, mean, std

def unstandardize_beta(beta, mean, std):
    beta_0 = beta[0, :]
    beta_rest = beta[1:, :]

    new_beta_rest = beta_rest / std[:, None]

    new_beta_0 = beta_0 - jnp.sum((beta_rest * mean[:, None]) / std[:, None], axis=0)

    new_beta = jnp.vstack([new_beta_0, new_beta_rest])

    return new_beta

def fit(X, Y):
    standardized, mu, sigma = standardize(X)

    alpha = 0.12
    tol = 1e-5
    beta = jnp.zeros((standardized.shape[1], 3), dtype=jnp.float64)
    max_iters = 25000
    n = standardized.shape[0]
    iter_count = 0
    start = perf_counter()

    for _ in range(max_iters):
        gradient = (standardized.T @ (softmax(standardized @ beta) - Y)) / n
        delta = alpha * gradient
        if jnp.linalg.norm(delta) < tol:
            break
        beta = beta - delta
        iter_count += 1
    
    print(f'Took {iter_count} iteration: {perf_counter() - start :.2f}s')

    return unstandardize_beta(beta, mu, sigma)


f = jax.jit(fit)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 24
    feats = rng.normal(size=(n, 2)).astype(np.float32) * rng.uniform(0.5, 3.0, size=2)
    # noisy labels (not separable) so that the optimum is finite
    logits = feats @ rng.normal(size=(2, 3)) * 0.15 + rng.normal(size=(n, 3))
    y = np.argmax(logits, axis=1)
    y[:3] = [0, 1, 2]
    X = np.hstack([np.ones((n, 1)), feats]).astype(np.float32)
    Y = np.eye(3, dtype=np.float32)[y]
    return (X, Y)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, Y):
    standardized, mu, sigma = standardize(X)
    alpha = 0.12
    tol = 1e-5
    beta = jnp.zeros((standardized.shape[1], 3), dtype=jnp.float32)
    max_iters = 25000
    n = standardized.shape[0]

    def cond(c):
        i, beta, done = c
        return (i < max_iters) & ~done

    def body(c):
        i, beta, _ = c
        gradient = (standardized.T @ (softmax(standardized @ beta) - Y)) / n
        delta = alpha * gradient
        stop = jnp.linalg.norm(delta) < tol
        beta = jnp.where(stop, beta, beta - delta)
        return i + 1, beta, stop

    _, beta, _ = jax.lax.while_loop(cond, body, (0, beta, jnp.bool_(False)))
    return unstandardize_beta(beta, mu, sigma)
