"""serket k-means colour quantisation: a NamedTuple state, a `-> bool` helper and `is None` tests that are all jit-safe.

source: ASEM000/serket serket/_src/image/color.py (the stored revision with KMeansState / kmeans /
    kmeans_color_quantization_2d, code-index file id 28971548211; the index lists 4e44f83e91db5844f4eeb1b40e062d3002770412
    for one stored version of this path)
error: none
category: negative (NamedTuple state, `-> bool` condition helper already under lax.while_loop, `is None`, static dtype
    and shape asserts)
expect: untouched
notes: rgb_to_grayscale, KMeansState, distances_from_centers, labels_from_distances, centers_from_labels, kmeans and
    kmeans_color_quantization_2d are verbatim. Look-alikes: `condition(state) -> bool` returns `jnp.all(state.error >
    tol)` but is the cond_fun of lax.while_loop; `if weights is None`, `image.dtype == jnp.uint8`, `assert c == 3` and
    `assert image.ndim == 2` are static. Adapted: the serket imports (TreeClass, canonicalize, typing aliases,
    validate_spatial_ndim) are dropped with the layer classes, the CHWArray/HWArray annotations become jax.Array, and
    `from __future__ import annotations` is dropped (it cannot follow the case docstring), and
    the entry point converts a 3x12x12 RGB image to grayscale and quantises it to 3 levels under jax.jit (the PRNG key
    is an input).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---

import functools as ft
from typing import NamedTuple, Sequence

import jax
import jax.numpy as jnp
from typing_extensions import Annotated

CHWArray = HWArray = jax.Array


def rgb_to_grayscale(image: CHWArray, weights: jax.Array | None = None) -> CHWArray:
    """Converts an RGB image to grayscale.

    Args:
        image: RGB image.
        weights: Weights for each channel.
    """
    c, _, _ = image.shape
    assert c == 3

    if weights is None:
        weights = jnp.array([76, 150, 29]) / (1 if image.dtype == jnp.uint8 else 255.0)

    rw, gw, bw = weights
    r, g, b = jnp.split(image, 3, axis=0)
    return rw * r + gw * g + bw * b


class KMeansState(NamedTuple):
    centers: Annotated[jax.Array, "Float[k,d]"]
    error: Annotated[jax.Array, "Float[k,d]"]
    iters: int = 0


def distances_from_centers(
    data: Annotated[jax.Array, "Float[n,d]"],
    centers: Annotated[jax.Array, "Float[k,d]"],
) -> Annotated[jax.Array, "Float[n,k]"]:
    # for each point find the distance to each center
    return jax.vmap(lambda xi: jax.vmap(jnp.linalg.norm)(xi - centers))(data)


def labels_from_distances(
    distances: Annotated[jax.Array, "Float[n,k]"]
) -> Annotated[jax.Array, "Integer[n,1]"]:
    # for each point find the index of the closest center
    return jnp.argmin(distances, axis=1, keepdims=True)


def centers_from_labels(
    data: Annotated[jax.Array, "Float[n,d]"],
    labels: Annotated[jax.Array, "Integer[n,1]"],
    k: int,
) -> Annotated[jax.Array, "Float[k,d]"]:
    # for each center find the mean of the points assigned to it
    return jax.vmap(
        lambda k: jnp.divide(
            jnp.sum(jnp.where(labels == k, data, 0), axis=0),
            jnp.sum(jnp.where(labels == k, 1, 0)).clip(min=1),
        )
    )(jnp.arange(k))


def kmeans(
    data: Annotated[jax.Array, "Float[n,d]"],
    state: KMeansState,
    *,
    clusters: int,
    tol: float = 1e-4,
):
    def step(state: KMeansState) -> KMeansState:
        # Float[n,d] -> Float[n,k]
        distances = distances_from_centers(data, state.centers)
        # Float[n,k] -> Integer[n,1]
        labels = labels_from_distances(distances)
        centers = centers_from_labels(data, labels, clusters)
        error = jnp.abs(centers - state.centers)
        return KMeansState(centers, error, state.iters + 1)

    def condition(state: KMeansState) -> bool:
        return jnp.all(state.error > tol)

    return jax.lax.while_loop(condition, step, state)


def kmeans_color_quantization_2d(
    image: HWArray,
    k: int,
    *,
    key: jax.Array,
    tol: float = 1e-4,
):
    """Channel K-means color quantization.

    Args:
        image: 2D image.
        k: The number of colors to quantize to for each channel.
        key: Random key to initialize the centers.
        tol: The tolerance for convergence. default: 1e-4
    """
    assert image.ndim == 2
    flat_image = image.reshape(-1, 1)
    minval, maxval = jnp.min(flat_image), jnp.max(flat_image)
    centers = jax.random.uniform(key, (k, 1), float, minval, maxval)
    state = KMeansState(centers, centers + jnp.inf, 0)
    state = kmeans(flat_image, state, clusters=k, tol=tol)
    distances = distances_from_centers(flat_image, state.centers)
    labels = labels_from_distances(distances)
    return state.centers[labels].reshape(image.shape)


@jax.jit
def f(image, key):
    gray = rgb_to_grayscale(image)[0]
    return kmeans_color_quantization_2d(gray, 3, key=key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    image = rng.uniform(0, 255, size=(3, 12, 12)).astype(np.float32)
    key = np.asarray(rng.integers(0, 2**31 - 1, size=2), dtype=np.uint32)
    return (image, key)


INPUTS = make_inputs
