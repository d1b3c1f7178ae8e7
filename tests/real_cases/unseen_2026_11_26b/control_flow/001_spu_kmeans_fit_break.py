"""A k-means `fit` jitted with a Python `for ... break` on a traced convergence test.

source: https://github.com/secretflow/spu/issues/148 (MrCapricornLiu, 2023-04-10 comment: `@jax.jit def fit(X)`, "This is the line that causes the error": `if jnp.all(jnp.less(jnp.max(jnp.abs(centroids - old_centroids)), tol)): break`)
error: TracerBoolConversionError
category: for-break-traced-test
expect: fix
notes: verbatim `fit` from the issue comment (the pandas / secretflow / iris loading in `test()` is dropped; `f = fit` added). The labels never change, so centroid 0 is the column mean and the others divide by zero (-inf / nan), exactly as the user's code does, so the break test compares nan and never fires: every trial runs the ten passes, and a rewrite must keep the test (the break branch is unreachable with this code, whatever the data). Inputs are iris-like (n, 4) feature matrices.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def fit(X: np.ndarray) -> np.ndarray:
    n_clusters = 5
    tol = 1e-4
    max_iter = 10
    indice = random.choice(random.PRNGKey(
        0), X.shape[0], shape=(n_clusters,), replace=False)
    centroids = jnp.take(X, indice, axis=0)

    labels = jnp.zeros(X.shape[0])

    for i in range(max_iter):
        old_centroids = centroids.copy()

        centroids = jnp.array(
            [(jnp.sum(X * (labels == j)[:, jnp.newaxis], axis=0) - jnp.sum(X * (labels != j)[:, jnp.newaxis], axis=0)) / jnp.sum(labels == j)
             for j in range(n_clusters)])

        # This is the line that causes the error
        if jnp.all(jnp.less(jnp.max(jnp.abs(centroids - old_centroids)), tol)):
            break

    return centroids


f = fit
# --- end user code ---

from jax import lax


def make_inputs(rng):
    # iris-like measurements: 30 samples x 4 features (cm)
    base = np.array([5.8, 3.0, 3.8, 1.2], dtype=np.float32)
    X = base + rng.normal(scale=[0.8, 0.4, 1.7, 0.7], size=(30, 4)).astype(np.float32)
    return (np.abs(X).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(X):
    n_clusters = 5
    tol = 1e-4
    max_iter = 10
    indice = random.choice(random.PRNGKey(0), X.shape[0], shape=(n_clusters,), replace=False)
    centroids = jnp.take(X, indice, axis=0)
    labels = jnp.zeros(X.shape[0])

    def step(centroids):
        return jnp.array(
            [(jnp.sum(X * (labels == j)[:, jnp.newaxis], axis=0) - jnp.sum(X * (labels != j)[:, jnp.newaxis], axis=0)) / jnp.sum(labels == j)
             for j in range(n_clusters)])

    def cond(state):
        i, centroids, done = state
        return (i < max_iter) & ~done

    def body(state):
        i, centroids, done = state
        old = centroids
        new = step(centroids)
        done = jnp.all(jnp.less(jnp.max(jnp.abs(new - old)), tol))
        return i + 1, new, done

    _, centroids, _ = lax.while_loop(cond, body, (0, centroids, False))
    return centroids
