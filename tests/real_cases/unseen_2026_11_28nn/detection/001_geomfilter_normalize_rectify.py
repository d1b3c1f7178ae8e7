"""GeometricFilter.normalize / rectify: pytree-class methods that test a traced attribute with `if`.

source: davidwhogg/GeometricConvolutions, the JAX core module "Core code for GeometricConvolutions"
    (classes GeometricImage / GeometricFilter registered with register_pytree_node_class; methods
    normalize, rectify, norm, times_scalar, tree_flatten/tree_unflatten), public code-index file id
    42472574501 (a sibling revision of the same module is id 42933083815); the index does not give the
    commit. The pipeline is the one of get_unique_invariant_filters in the same file
    (`filters = [ff.normalize() ...]`, then `filters = [ff.rectify() ...]`).
error: TracerBoolConversionError
category: method-branches-on-traced-attribute
expect: fix
notes: The class is a registered pytree whose `norm` is already `@jit`-ed, so the author meant it to be
    traced; `normalize` (`if max_norm > TINY`) and the k == 0 branch of `rectify`
    (`if jnp.sum(self.data) < 0`) still branch in Python on traced data. The classes are trimmed to
    the methods these two calls reach (convolution, pooling, contraction, plotting and the Batch
    subclass dropped); method bodies are verbatim except that the image-times-image branch of
    `__mul__` (a tensor product through the module's `mul` helper) now raises NotImplementedError,
    since only the scalar branch is reached. The entry point `f` (build a scalar 5x5 filter,
    normalize, rectify, return the data) is added; k, D, parity stay static (pytree aux data). Inputs
    include an all-zero filter (the `max_norm <= TINY` branch) and filters with negative sums.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import itertools as it
import numpy as np #removing this
import jax
import jax.numpy as jnp
from jax import jit, vmap
from jax.tree_util import register_pytree_node_class
from functools import partial, reduce

TINY = 1.e-5


@register_pytree_node_class
class GeometricImage:

    def __init__(self, data, parity, D, is_torus=True):
        """
        Construct the GeometricImage. It will be (N^D x D^k), so if N=100, D=2, k=1, then it's (100 x 100 x 2)
        args:
            data (array-like):
            parity (int): 0 or 1, 0 is normal vectors, 1 is pseudovectors
            D (int): dimension of the image, and length of vectors or side length of matrices or tensors.
            is_torus (bool): whether the datablock is a torus, used for convolutions. Defaults to true.
        """
        self.D = D
        self.N = len(data)
        self.k = len(data.shape) - D
        assert data.shape[:D] == self.D * (self.N, ), \
        "GeometricImage: data must be square."
        assert data.shape[D:] == self.k * (self.D, ), \
        "GeometricImage: each pixel must be D cross D, k times"
        self.parity = parity % 2
        self.is_torus = is_torus
        self.data = jnp.copy(data) #TODO: don't need to copy if data is already an immutable jnp array

    def copy(self):
        return self.__class__(self.data, self.parity, self.D, self.is_torus)

    def __getitem__(self, key):
        """
        Accessor for data values. Now you can do image[key] where k are indices or array slices and it will just work
        Note that JAX does not throw errors for indexing out of bounds
        args:
            key (index): JAX/numpy indexer, i.e. "0", "0,1,3", "4:, 2:3, 0" etc.
        """
        return self.data[key]

    def shape(self):
        """
        Return the full shape of the data block
        """
        return self.data.shape

    def image_shape(self, plus_N=0):
        """
        Return the shape of the data block that is not the ktensor shape, but what comes before that. For regular
        GeometricImages, this is shape of the literal image. For BatchGeometricImage it prepends the batch size L.
        args:
            plus_N (int): numer to add to self.N, useful when growing/shrinking the image
        """
        return self.D*(self.N + plus_N,)

    def pixel_shape(self):
        """
        Return the shape of the data block that is the ktensor, aka the pixel of the image.
        """
        return self.k*(self.D,)

    def keys(self):
        """
        Iterate over the keys of GeometricImage
        """
        return it.product(range(self.N), repeat=self.D)

    def __mul__(self, other):
        """
        If other is a scalar, do scalar multiplication of the data. If it is another GeometricImage, do the tensor
        product at each pixel. Return the result as a new GeometricImage.
        args:
            other (GeometricImage or number): scalar or image to multiply by
        """
        if (isinstance(other, GeometricImage)):
            raise NotImplementedError("tensor product of images is not part of this excerpt")
        else: #its an integer or a float, or something that can we can multiply a Jax array by (like a DeviceArray)
            return self.__class__(self.data * other, self.parity, self.D, self.is_torus)

    def __rmul__(self, other):
        """
        If other is a scalar, multiply the data by the scalar. This is necessary for doing scalar * image, and it
        should only be called in that case.
        """
        return self * other

    def times_scalar(self, scalar):
        """
        Scale the data by a scalar, returning a new GeometricImage object. Alias of the multiplication operator.
        args:
            scalar (number): number to scale everything by
        """
        return self * scalar

    @jit
    def norm(self):
        """
        Calculate the norm pixel-wise
        """
        #not sure if there is a jax way to avoid unrolling this loop
        #construct a norm function that takes the norm of each pixel, so it maps over all the image_shape axes
        vmap_norm = reduce(lambda f,_: vmap(f), range(len(self.image_shape())), jnp.linalg.norm)

        # it is possible that the parity of the new image is always 0
        return self.__class__(vmap_norm(self.data), self.parity, self.D, self.is_torus)

    def normalize(self):
        """
        Normalize so that the max norm of each pixel is 1, and all other tensors are scaled appropriately
        """
        max_norm = jnp.max(self.norm().data)
        if max_norm > TINY:
            return self.times_scalar(1. / max_norm)
        else:
            return self.times_scalar(1.)

    def tree_flatten(self):
        """
        Helper function to define GeometricImage as a pytree so jax.jit handles it correctly. Children and aux_data
        must contain all the variables that are passed in __init__()
        """
        children = (self.data,)  # arrays / dynamic values
        aux_data = {
            'D': self.D,
            'parity': self.parity,
            'is_torus': self.is_torus,
        }  # static values
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        """
        Helper function to define GeometricImage as a pytree so jax.jit handles it correctly.
        """
        return cls(*children, **aux_data)


@register_pytree_node_class
class GeometricFilter(GeometricImage):

    def __init__(self, data, parity, D, is_torus=True):
        super(GeometricFilter, self).__init__(data, parity, D, is_torus)
        self.m = (self.N - 1) // 2
        assert self.N == 2 * self.m + 1, \
        "GeometricFilter: N needs to be odd."

    def keys(self, centered=False):
        """
        Enumerate over all the keys in the geometric filter. Use centered=True when using the keys as adjustments
        args:
            centered (bool): if true, the keys range from -m to m rather than 0 to N. Defaults to false.
        """
        for key in super().keys():
            if (centered):
                #subtract m from all the elements of key
                yield tuple([a+b for a,b in zip(key, len(key) * (-self.m,))])
            else:
                yield key

    def rectify(self):
        """
        Filters form an equivalence class up to multiplication by a scalar, so if its negative we want to flip the sign
        """
        if self.k == 0:
            if jnp.sum(self.data) < 0:
                return self.times_scalar(-1)
        elif self.k == 1:
            if self.parity % 2 == 0:
                if np.sum([np.dot(np.array(key), self[key]) for key in self.keys()]) < 0:
                    return self.times_scalar(-1)
            elif self.D == 2:
                if np.sum([np.cross(np.array(key), self[key]) for key in self.keys()]) < 0:
                    return self.times_scalar(-1)
        return self


def normalized_rectified_filter(data):
    ff = GeometricFilter(data, 0, 2)
    ff = ff.normalize()
    ff = ff.rectify()
    return ff.data


f = jax.jit(normalized_rectified_filter)
# --- end user code ---


def make_inputs(rng):
    t = int(rng.integers(0, 4))
    data = rng.normal(size=(5, 5)).astype(np.float32)
    if t == 0:
        data = np.zeros((5, 5), np.float32)          # max_norm <= TINY branch
    elif t == 1:
        data = data - 2.0                             # negative sum: sign flip
    elif t == 2:
        data = data + 2.0
    return (data,)


INPUTS = make_inputs


@jax.jit
def reference_fix(data):
    max_norm = jnp.max(jnp.abs(data))
    scale = jnp.where(max_norm > TINY, 1. / jnp.where(max_norm > TINY, max_norm, 1.), 1.)
    d = data * scale
    return jnp.where(jnp.sum(d) < 0, d * -1, d)
