"""scico's CenterCrop: slice bounds computed from image.shape inside jit are static.

source: lanl/scico scico/flax/examples/data_preprocessing.py at 090e60700c57fcedd264f34267b8a3a10f9f5bf3 (class CenterCrop)
error: none
category: negative-static-shape-slice
expect: untouched
notes: CenterCrop is verbatim (docstrings shortened; `Shape`/`Array` annotations dropped). The project applies it eagerly in preprocess_images; here `f` jits the crop. `h, w = image.shape[:2]` and the derived `top`/`left` are Python ints, so the slices are static: a look-alike of the PositionalCrop leak with nothing to fix.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax


class CenterCrop:
    """Crop central part of an image to a specified size.

    Crop central part of an image. An image is an nd-array with size
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

    def __call__(self, image):
        """Apply center crop.

        Args:
            image: The nd-array to be cropped.

        Returns:
            The cropped image.
        """

        h, w = image.shape[:2]
        new_h, new_w = self.output_size
        top = (h - new_h) // 2
        left = (w - new_w) // 2

        image = image[top : top + new_h, left : left + new_w]

        return image


ccrop = CenterCrop((6, 4))
f = jax.jit(ccrop.__call__)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(11, 9, 3)).astype(np.float32),)


INPUTS = make_inputs
