"""scico's PositionalCrop slices an image with traced corner coordinates under jit.

source: lanl/scico scico/flax/examples/data_preprocessing.py at 090e60700c57fcedd264f34267b8a3a10f9f5bf3 (class PositionalCrop); the project's test scico/test/flax/test_examples_flax.py at 089819e6322f6a129fc0ae8e9f5a7b333603c9fd (test_positional_crop) calls it with JAX-array corners `top[0], left[0]` drawn by scico.random.randint
error: IndexError
category: traced-slice-bounds-in-method
expect: fix
notes: PositionalCrop is verbatim (docstrings shortened; `Shape`/`Array` annotations dropped). The project calls it eagerly; here the crop is jitted with the corner coordinates as traced arguments, which is what passing the JAX scalars from random.randint into a jitted pipeline does. `image[top : top + new_h, ...]` then needs static slice bounds. Fix: lax.dynamic_slice with the static output size (corners are drawn inside the image, so no clamping difference).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


class PositionalCrop:
    """Crop an image from a given corner to a specified size.

    Crop an image from a given corner. An image is an nd-array with size
    H x W x C with H and W spatial dimensions and C number of channels.
    """

    def __init__(self, output_size):
        """
        Args:
            output_size: Desired output size. If int, square crop is
                made.
        """
        # assert isinstance(output_size, (int, tuple))
        if isinstance(output_size, int):
            self.output_size = (output_size, output_size)
        else:
            assert len(output_size) == 2
            self.output_size = output_size

    def __call__(self, image, top, left):
        """Apply positional crop.

        Args:
            image: The nd-array to be cropped.
            top: Vertical top coordinate of corner to start cropping.
            left: Horizontal left coordinate of corner to start
                cropping.

        Returns:
            The cropped image.
        """

        h, w = image.shape[:2]
        new_h, new_w = self.output_size

        image = image[top : top + new_h, left : left + new_w]

        return image


pcrop = PositionalCrop((6, 4))


@jax.jit
def f(x, top, left):
    return pcrop(x, top, left)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    x = rng.normal(size=(16, 12, 3)).astype(np.float32)
    top = np.int32(rng.integers(0, 16 - 6 + 1))
    left = np.int32(rng.integers(0, 12 - 4 + 1))
    return (x, top, left)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, top, left):
    new_h, new_w = pcrop.output_size
    return lax.dynamic_slice(x, (top, left) + (0,) * (x.ndim - 2),
                             (new_h, new_w) + x.shape[2:])
