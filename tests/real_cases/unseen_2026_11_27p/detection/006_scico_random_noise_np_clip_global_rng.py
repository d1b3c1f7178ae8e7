"""scico's RandomNoise.__call__ under jit: NumPy noise draw plus np.clip on the traced image.

source: lanl/scico scico/flax/examples/data_preprocessing.py at 090e60700c57fcedd264f34267b8a3a10f9f5bf3 (class RandomNoise); exercised by scico/test/flax/test_examples_flax.py at 089819e6322f6a129fc0ae8e9f5a7b333603c9fd (test_random_noise1/2: `noise = RandomNoise(0.1, range_flag); xn = noise(x)` on JAX arrays)
error: TracerArrayConversionError
category: numpy-call-on-tracer-with-global-rng
expect: report
notes: RandomNoise is verbatim (docstrings shortened). The project calls it eagerly on JAX arrays; here the call is jitted. `np.clip(imgnoised, 0.0, 1.0)` converts the traced sum to NumPy and fails. Swapping in jnp.clip would make it trace, but `np.random.uniform/normal` would then run once at trace time and bake one noise draw into the compiled function, while the eager original draws fresh noise from NumPy's global RNG on every call, so no rewrite reproduces the original; it should be reported (the project later moved its tests to jax-based random generation, scico PR #541).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import numpy as np


class RandomNoise:
    """Add Gaussian noise to an image or a batch of images.

    The standard deviation can be a fix value corresponding to the
    specified noise level or randomly selected on a range between 50%
    and 100% of the specified noise level.
    """

    def __init__(self, noise_level: float, range_flag: bool = False):
        """
        Args:
            noise_level: Standard dev of the Gaussian noise.
            range_flag: If ``True``, the standard dev is randomly
                selected between 50% and 100% of `noise_level` set.
                Default: ``False``.
        """
        self.range_flag = range_flag
        if range_flag:
            self.noise_level_low = 0.5 * noise_level
        self.noise_level = noise_level

    def __call__(self, image):
        """Add Gaussian noise.

        Args:
            image: The nd-array to add noise to.

        Returns:
            The noisy image.
        """

        noise_level = self.noise_level

        if self.range_flag:
            if image.ndim > 3:
                num_img = image.shape[0]
            else:
                num_img = 1
            noise_level_range = np.random.uniform(self.noise_level_low, self.noise_level, num_img)
            noise_level = noise_level_range.reshape(
                (noise_level_range.shape[0],) + (1,) * (image.ndim - 1)
            )

        imgnoised = image + np.random.normal(0.0, noise_level, image.shape)
        imgnoised = np.clip(imgnoised, 0.0, 1.0)

        return imgnoised


noise = RandomNoise(0.1, True)
f = jax.jit(noise.__call__)
# --- end user code ---


def make_inputs(rng):
    return (rng.uniform(0.0, 1.0, size=(2, 8, 8, 1)).astype(np.float32),)


INPUTS = make_inputs
