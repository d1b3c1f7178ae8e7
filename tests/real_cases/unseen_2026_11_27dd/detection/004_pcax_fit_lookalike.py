"""pcax's PCA: NamedTuple state, a solver-name string switch and `rng is None` inside a jitted pipeline; all static, nothing leaks.

source: alonfnt/pcax pcax/pca.py at 0405ae090b259cc42b4f407a20b9f5c75e04e533 (_flip_signs, PCAState, transform, recover, fit, _fit_full, _fit_randomized); an earlier revision is quoted in https://github.com/alonfnt/pcax/issues/3
error: none
category: negative-static-config-and-namedtuple
expect: untouched
notes: verbatim module (the long docstrings of transform, recover and fit shortened to their first line); only the jitted entry point `f` is added (static n_components and solver, as the library documents). Look-alikes a fixer must leave alone: `if solver == "full"` / `elif solver == "randomized"` on a static string, `if rng is None`, `size = min(2 * n_components, n_features)` on static ints, `x.shape` unpacking, slicing `S[:n_components]` with a static bound, NamedTuple state fields read (never tested) inside jit, and `_fit_full` nested-jitted with `static_argnames`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


def _flip_signs(Vt: jax.Array) -> jax.Array:
    idx = jnp.argmax(jnp.abs(Vt), axis=1)
    signs = jnp.sign(Vt[jnp.arange(Vt.shape[0]), idx])
    return Vt * signs[:, None]


class PCAState(NamedTuple):
    """Stores the state of a fitted PCA model.

    Attributes:
        components: Principal components (right singular vectors).
        means: Mean of each feature in the original data.
        explained_variance: Variance explained by each component.
    """

    components: jax.Array
    means: jax.Array
    explained_variance: jax.Array


def transform(state: PCAState, x: jax.Array) -> jax.Array:
    """
    Projects data into the PCA space defined by the fitted components.
    """
    x = x - state.means
    return jnp.dot(x, jnp.transpose(state.components))


def recover(state: PCAState, x: jax.Array) -> jax.Array:
    """
    Reconstructs data from its PCA-projected representation.
    """
    return jnp.dot(x, state.components) + state.means


def fit(
    x: jax.Array, n_components: int, solver: str = "full", rng: jax.Array | None = None
) -> PCAState:
    """
    Fits PCA on the input data using either full or randomized solver.
    """
    if solver == "full":
        return _fit_full(x, n_components)
    elif solver == "randomized":
        if rng is None:
            rng = jax.random.PRNGKey(n_components)
        return _fit_randomized(x, n_components, rng)
    else:
        raise ValueError("Invalid solver: must be 'full' or 'randomized'")


@partial(jax.jit, static_argnames="n_components")
def _fit_full(x: jax.Array, n_components: int) -> PCAState:
    """
    Performs exact PCA using full SVD on centered input.
    Used internally when `solver='full'`.
    """

    n_samples, n_features = x.shape

    # Subtract the mean of the input data
    means = x.mean(axis=0, keepdims=True)
    x = x - means

    # Factorize the data matrix with singular value decomposition.
    U, S, Vt = jax.scipy.linalg.svd(x, full_matrices=False)

    # Compute the explained variance
    explained_variance = (S[:n_components] ** 2) / (n_samples - 1)

    # Return the transformation matrix
    A = _flip_signs(Vt[:n_components])
    return PCAState(components=A, means=means, explained_variance=explained_variance)


def _fit_randomized(
    x: jax.Array, n_components: int, rng: jax.Array, n_iter: int = 5
) -> PCAState:
    """
    Randomized PCA approximation using power iterations.
    Based on Halko et al., [https://doi.org/10.48550/arXiv.1007.5510].
    Used internally when `solver='randomized'`.
    """
    n_samples, n_features = x.shape
    means = jnp.mean(x, axis=0, keepdims=True)
    x = x - means

    # Generate n_features normal vectors of the given size
    size = min(2 * n_components, n_features)
    Q = jax.random.normal(rng, shape=(n_features, size))

    def step_fn(q, _):
        q, _ = jax.scipy.linalg.lu(x @ q, permute_l=True)
        q, _ = jax.scipy.linalg.lu(x.T @ q, permute_l=True)
        return q, None

    Q, _ = jax.lax.scan(step_fn, init=Q, xs=None, length=n_iter)
    Q, _ = jax.scipy.linalg.qr(x @ Q, mode="economic")
    B = Q.T @ x

    _, S, Vt = jax.scipy.linalg.svd(B, full_matrices=False)

    explained_variance = (S[:n_components] ** 2) / (n_samples - 1)
    A = _flip_signs(Vt[:n_components])
    return PCAState(components=A, means=means, explained_variance=explained_variance)


@partial(jax.jit, static_argnames=("n_components", "solver"))
def f(x, n_components, solver):
    state = fit(x, n_components, solver)
    return recover(state, transform(state, x)), state.explained_variance
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_samples, n_features = 40, 6
    scales = np.array([3.0, 2.0, 1.0, 0.5, 0.2, 0.1])
    x = (rng.normal(size=(n_samples, n_features)) * scales).astype(np.float32)
    solver = "full" if rng.random() < 0.5 else "randomized"
    return (x, 2, solver)


INPUTS = make_inputs
