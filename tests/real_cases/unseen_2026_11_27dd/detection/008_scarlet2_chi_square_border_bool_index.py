"""scarlet2 chi-square in box and border: a boolean border mask, built with lax from static shapes, used as an index.

source: pmelchior/scarlet2 scarlet2/observation.py (a stored revision with CorrelatedObservation and ObservationValidator, code-index file id 28172380588; function chi_square_in_box_and_border, "helper function for eval_chi_square_in_box_and_border"), with Box from scarlet2/bbox.py at e42a9867da3693a4385537a835b78c65d4a608f3
error: NonConcreteBooleanIndexError
category: boolean-mask-index
expect: fix
notes: chi_square_in_box_and_border is verbatim. Box is the scarlet2 class cut down to what the helper
  uses (__init__, D, start, grow, __eq__, __hash__, copied verbatim) and made a plain class instead of an
  equinox Module (equinox is not installed); it is hashable, so the entry point jits the helper with bbox
  and border_width static. `border` is made by jax.lax.dynamic_update_slice of ones/zeros, so under jit it
  is a tracer even though its contents depend only on the static box shapes, and
  `(weights_out * (sub_res_out**2))[border].mean()` is a data-dependent-shape boolean index. The helper
  hard-codes the (0, 3, 3) offset, so border_width is 3 in every trial (as the caller uses it); box origin
  and size vary.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Box:
    """Bounding Box for an object (scarlet2.bbox.Box, the parts used here)"""

    def __init__(self, shape, origin=None):
        self.shape = tuple(shape)
        if origin is None:
            origin = (0,) * len(shape)
        self.origin = tuple(origin)

    @property
    def D(self):
        """Dimensionality of this BBox
        """
        return len(self.shape)

    @property
    def start(self):
        """Tuple of start coordinates
        """
        return self.origin

    def grow(self, delta):
        """Grow the Box by the given delta in each direction
        """
        if not hasattr(delta, "__iter__"):
            delta = [delta] * self.D
        origin = tuple([self.origin[d] - delta[d] for d in range(self.D)])
        shape = tuple([self.shape[d] + 2 * delta[d] for d in range(self.D)])
        return Box(shape, origin=origin)

    def __eq__(self, other):
        return self.shape == other.shape and self.origin == other.origin

    def __hash__(self):
        return hash((self.shape, self.origin))


def chi_square_in_box_and_border(residuals, weights, bbox, border_width):
    """
    helper function for :py:meth:`eval_chi_square_in_box_and_border`

    Parameters
    ----------
    residuals: array
        residual image
    weights: array
        observation weights (inverse variance)
    bbox: :py:class:`~scarlet2.Box
        source box`
    border_width: int
        width of the border around the source box
    """
    bbox_out = bbox.grow([0, border_width, border_width])

    sub_res_in = jax.lax.dynamic_slice(residuals, bbox.start, bbox.shape)
    sub_res_out = jax.lax.dynamic_slice(residuals, bbox_out.start, bbox_out.shape)
    weights_in = jax.lax.dynamic_slice(weights, bbox.start, bbox.shape)
    weights_out = jax.lax.dynamic_slice(weights, bbox_out.start, bbox_out.shape)

    border = jax.lax.dynamic_update_slice(
        jnp.ones_like(sub_res_out), jnp.zeros_like(sub_res_in), (0, 3, 3)
    ).astype("bool")

    chi_square_box = (weights_in * (sub_res_in**2)).mean()
    chi_square_border = (weights_out * (sub_res_out**2))[border].mean()

    return chi_square_box, chi_square_border


f = jax.jit(chi_square_in_box_and_border, static_argnums=(2, 3))
# --- end user code ---

import numpy as np

C, H, W = 3, 40, 40


def make_inputs(rng):
    residuals = rng.normal(size=(C, H, W)).astype(np.float32)
    weights = rng.uniform(0.5, 2.0, size=(C, H, W)).astype(np.float32)
    h = int(rng.integers(4, 15))
    w = int(rng.integers(4, 15))
    y0 = int(rng.integers(3, H - h - 3))
    x0 = int(rng.integers(3, W - w - 3))
    bbox = Box((C, h, w), origin=(0, y0, x0))
    return (residuals, weights, bbox, 3)


INPUTS = make_inputs


def _reference(residuals, weights, bbox, border_width):
    bbox_out = bbox.grow([0, border_width, border_width])
    sub_res_in = jax.lax.dynamic_slice(residuals, bbox.start, bbox.shape)
    sub_res_out = jax.lax.dynamic_slice(residuals, bbox_out.start, bbox_out.shape)
    weights_in = jax.lax.dynamic_slice(weights, bbox.start, bbox.shape)
    weights_out = jax.lax.dynamic_slice(weights, bbox_out.start, bbox_out.shape)
    border = jax.lax.dynamic_update_slice(
        jnp.ones_like(sub_res_out), jnp.zeros_like(sub_res_in), (0, 3, 3)
    ).astype("bool")
    chi_square_box = (weights_in * (sub_res_in**2)).mean()
    vals = weights_out * (sub_res_out**2)
    chi_square_border = jnp.sum(jnp.where(border, vals, 0.0)) / jnp.sum(border)
    return chi_square_box, chi_square_border


reference_fix = jax.jit(_reference, static_argnums=(2, 3))
