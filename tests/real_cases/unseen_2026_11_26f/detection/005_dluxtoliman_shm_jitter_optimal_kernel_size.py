"""A kernel size computed from a traced amplitude flows through a layer attribute into np.arange(n).

source: maxecharles/dLuxToliman dLuxToliman/layers/detector_layers.py at 425a8c39aa73189dd365572a23db4172a9399306 (`BaseJitter`, `SHMJitter.optimal_kernel_size`, `CDF`, `generate_kernel`) with the pre-fix `nd_coords` quoted in https://github.com/LouisDesdoigts/dLux/issues/260 ("ConcretizationTypeError in nd_coords ... It arose in the jnp.arange argument 'stop'", raised from dLuxToliman's detector_layers.py)
error: ConcretizationTypeError
category: traced-shape-via-attribute
expect: report
notes: SHMJitter methods verbatim (docstrings shortened). dLux's `nd_coords` (pre-fix `pixel_fn` with `np.arange(n)`, `np` being jax.numpy) and `nandiv` are inlined; `dlu.rotate` is a small bilinear `map_coordinates` rotation; the equinox base class is replaced by a registered pytree (A, phi traced; kernel_size static, as eqx.filter_jit treats Python ints) with a dLux-style `set`. `f` sets the kernel size to `optimal_kernel_size(pixel_scale)` and builds the kernel: the kernel's shape depends on the traced amplitude, so this can only be reported (the fix is to keep kernel_size a static int).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
from jax import numpy as np
from jax.tree_util import tree_map, register_pytree_node_class
from jax.scipy.ndimage import map_coordinates


def nd_coords(npixels, pixel_scales=1.0, offsets=0.0, indexing="xy"):
    if indexing not in ["xy", "ij"]:
        raise ValueError("indexing must be either 'xy' or 'ij'.")

    # Promote npixels to tuple to handle 1d case
    if not isinstance(npixels, tuple):
        npixels = (npixels,)

    # Assume equal pixel scales if not given
    if not isinstance(pixel_scales, tuple):
        pixel_scales = (pixel_scales,) * len(npixels)

    # Assume no offset if not given
    if not isinstance(offsets, tuple):
        offsets = (offsets,) * len(npixels)

    def pixel_fn(n, offset, scale):
        # TODO: calculate the start and end points first and then use linspace
        # so that ops are done on floats not arrays
        # scale = diam / n
        pix = np.arange(n) - (n - 1) / 2.0
        pix *= scale
        pix -= offset
        return pix

    # Generate the linear edges of each axes
    # TODO: tree_flatten()[0] to avoid squeeze?
    lin_pixels = tree_map(pixel_fn, npixels, offsets, pixel_scales)

    # output (x, y) for 2d, else in order
    positions = np.array(np.meshgrid(*lin_pixels, indexing=indexing))

    # Squeeze for empty axis removal in 1d case
    return np.squeeze(positions)


def nandiv(a, b, fill=np.inf):
    return np.where(b == 0, fill, a / b)


def rotate(array, angle):
    n = array.shape[0]
    c = (n - 1) / 2.0
    ys, xs = np.meshgrid(np.arange(n) - c, np.arange(n) - c, indexing="ij")
    xr = np.cos(angle) * xs + np.sin(angle) * ys + c
    yr = -np.sin(angle) * xs + np.cos(angle) * ys + c
    return map_coordinates(array, [yr, xr], order=1, cval=0.0)


@register_pytree_node_class
class SHMJitter:
    """
    A class to simulate the effect of a one-dimensional simple harmonic jitter.
    """

    def __init__(self, A, phi, kernel_size: int = 11):
        # setting parameters
        if A < 0.:
            raise ValueError("A must be positive")
        self.A = A
        self.phi = phi
        self.kernel_size = kernel_size

    def tree_flatten(self):
        return (self.A, self.phi), self.kernel_size

    @classmethod
    def tree_unflatten(cls, kernel_size, children):
        obj = object.__new__(cls)
        obj.A, obj.phi = children
        obj.kernel_size = kernel_size
        return obj

    def set(self, name, value):
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        setattr(new, name, value)
        return new

    def optimal_kernel_size(self, pixel_scale: float) -> int:
        """Recommended kernel size in pixels for a given pixel scale."""
        kernel_size = np.ceil(2 * self.A / pixel_scale).astype(int)
        kernel_size += 1 - kernel_size % 2  # ensuring odd integer

        return kernel_size

    @staticmethod
    def machine_epsilon(dtype):
        """
        Method to fetch machine epsilon for a given dtype (e.g. float32, float64).
        """
        info = np.finfo(dtype)
        return info.eps

    def CDF(self, x):
        """The cumulative distribution function for the simple harmonic motion."""
        # TODO add compatibility for self.A = 0
        return np.arcsin(nandiv(x, self.A))

    def generate_kernel(self, pixel_scale: float):
        """Generates the normalised convolution kernel."""

        # coordinates of pixel edges in one dimension
        pixel_edges = nd_coords(
            npixels=self.kernel_size + 1, pixel_scales=pixel_scale
        )

        # used to offset to avoid gradient evaluation at discontinuous boundary
        eps = self.machine_epsilon(pixel_edges.dtype)

        # replacing all pixels boundary values outside the oscillation domain with -A or A
        pixel_edges = np.clip(pixel_edges, -self.A + eps, self.A - eps)

        # calculating the fluxes of the pixels in one dimension (ignoring the factor of pi)
        fluxes = self.CDF(pixel_edges[1:]) - self.CDF(pixel_edges[:-1])

        # a padding of zeros for extrapolating to the full 2D kernel
        zero_pad = np.zeros(shape=(self.kernel_size // 2, self.kernel_size))

        # padding and rotating kernel
        kernel = rotate(
            np.vstack((zero_pad, fluxes, zero_pad)), np.radians(self.phi)
        )

        return kernel / np.sum(kernel)  # returning normalised kernel


@jax.jit
def f(jitter, pixel_scale):
    jitter = jitter.set("kernel_size", jitter.optimal_kernel_size(pixel_scale))
    return jitter.generate_kernel(pixel_scale)
# --- end user code ---

import numpy


def make_inputs(rng):
    A = numpy.float32(rng.uniform(0.05, 0.4))
    phi = numpy.float32(rng.uniform(0.0, 90.0))
    return SHMJitter(A, phi), numpy.float32(0.0375)


INPUTS = make_inputs
