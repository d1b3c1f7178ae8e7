"""lenstronomy estimate_amp: int(round()) of traced positions, a chained `and` bounds test, traced slice bounds, builtin max.

source: lenstronomy/lenstronomy lenstronomy/Util/kernel_util.py at 000c7f31d7b61f1c317f874cd26fef23091bd171 (estimate_amp); jit-safe port in lenstronomy/JAXtronomy jaxtronomy/Util/kernel_util.py at 487ca63eacb60df67bd879b3156b7216babfa6cb
error: ConcretizationTypeError
category: int-of-tracer
expect: fix
notes: the NumPy original as lenstronomy ships it, jitted the way JAXtronomy uses its port (f = jax.jit(estimate_amp)); `@export` decorator and the module's other imports dropped. Under jit `int(round(x_pos - 0.49999))` is the first leak; the `and` chain on the resulting indices, the data-dependent slice `data[y_int - 2 : y_int + 3, ...]` and `max(np.sum(...), 0)` follow. JAXtronomy's port replaces them with astype(int), jnp.where on the four bounds and a fixed 5x5 window; the reference uses lax.dynamic_slice for the window.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


def estimate_amp(data, x_pos, y_pos, psf_kernel):
    """
    estimates the amplitude of a point source located at x_pos, y_pos

    :param data:
    :param x_pos:
    :param y_pos:
    :param psf_kernel:
    :return:
    """
    numPix_x, numPix_y = np.shape(data)
    x_int = int(round(x_pos - 0.49999))
    y_int = int(round(y_pos - 0.49999))
    # TODO: make amplitude estimate not sucebtible to rounding effects on which pixels to chose to estimate the amplitude
    if x_int > 2 and x_int < numPix_x - 2 and y_int > 2 and y_int < numPix_y - 2:
        mean_image = max(np.sum(data[y_int - 2 : y_int + 3, x_int - 2 : x_int + 3]), 0)
        num = len(psf_kernel)
        center = int((num - 0.5) / 2)
        mean_kernel = np.sum(
            psf_kernel[center - 2 : center + 3, center - 2 : center + 3]
        )
        amp_estimated = mean_image / mean_kernel
    else:
        amp_estimated = 0
    return amp_estimated


f = jax.jit(estimate_amp)
# --- end user code ---

import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    n = 15
    data = rng.normal(loc=0.3, scale=1.0, size=(n, n)).astype(np.float32)
    # positions inside the frame, near its edges and outside it, so both branches run
    x_pos = np.float32(rng.uniform(-2.0, n + 2.0))
    y_pos = np.float32(rng.uniform(-2.0, n + 2.0))
    if rng.random() < 0.5:
        x_pos = np.float32(rng.uniform(4.0, n - 4.0))
        y_pos = np.float32(rng.uniform(4.0, n - 4.0))
    psf_kernel = rng.uniform(0.1, 1.0, size=(9, 9)).astype(np.float32)
    return (data, x_pos, y_pos, psf_kernel)


INPUTS = make_inputs


@jax.jit
def reference_fix(data, x_pos, y_pos, psf_kernel):
    numPix_x, numPix_y = data.shape
    x_int = jnp.round(x_pos - 0.49999).astype(int)
    y_int = jnp.round(y_pos - 0.49999).astype(int)
    inside = (x_int > 2) & (x_int < numPix_x - 2) & (y_int > 2) & (y_int < numPix_y - 2)
    window = lax.dynamic_slice(data, (y_int - 2, x_int - 2), (5, 5))
    mean_image = jnp.maximum(jnp.sum(window), 0)
    num = len(psf_kernel)
    center = int((num - 0.5) / 2)
    mean_kernel = jnp.sum(psf_kernel[center - 2 : center + 3, center - 2 : center + 3])
    return jnp.where(inside, mean_image / mean_kernel, 0.0)
