"""JAX RL spaces: Box.sample picks its sampler with lax.cond on a traced property and a static `if` on dtype.

source: public code index, JAX-based RL spaces module (code-index file id 58643280013: Space, Discrete, OneHotDiscrete, Box, MultiDiscrete, Dict, Tuple, all registered as pytrees "to allow passing into JIT-compiled functions"); the index does not name the repository or commit
error: none
category: negative-property-cond
expect: untouched
notes: Space and Box verbatim (the other spaces dropped; `from jaxtyping import PRNGKeyArray` replaced by an alias because jaxtyping is not installed). The jitted `f` that builds a Box from traced bounds and samples it is added. It looks leaky -- a property on an object built from traced values (`is_bounded`, a traced `jnp.logical_and`), an `if` inside the sampler, bounds that may be infinite -- but the property only feeds `jax.lax.cond` and the `if` tests `self.dtype`, which is static; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import math
import abc
from typing import Any, Tuple as PyTuple, TypeVar, Generic, Union

import jax
import jax.numpy as jnp
PRNGKeyArray = jax.Array  # stand-in for `from jaxtyping import PRNGKeyArray`


T = TypeVar("T")


class Space(abc.ABC, Generic[T]):
    """
    Abstract base class for JAX-based spaces.
    Registered as a PyTree to allow passing into JIT-compiled functions.
    """

    def __init__(self, shape: PyTuple[int, ...], dtype: Any):
        self._validate_dtype(dtype)
        self.shape = shape
        self.dtype = dtype

    def _validate_dtype(self, dtype):
        """Raises ValueError if an abstract dtype is provided."""
        if dtype is None:
            return

        abstract_integers = (int, jnp.integer, jnp.signedinteger, jnp.unsignedinteger)
        abstract_floats   = (float, jnp.floating)

        if dtype in abstract_integers:
            raise ValueError(
                f"Abstract dtype '{dtype}' is not allowed. "
                f"Please use a concrete dtype like jnp.int32, jnp.int64, or jnp.uint8."
            )

        if dtype in abstract_floats:
            raise ValueError(
                f"Abstract dtype '{dtype}' is not allowed. "
                f"Please use a concrete dtype like jnp.float32."
            )

    @property
    @abc.abstractmethod
    def is_discrete(self) -> bool:
        pass

    @property
    @abc.abstractmethod
    def size(self) -> int:
        pass

    @abc.abstractmethod
    def sample(self, key: PRNGKeyArray) -> T:
        """Sample a value from the space using a PRNG key."""
        pass

    @abc.abstractmethod
    def contains(self, x: T) -> bool:
        """Check if x is a valid member of this space."""
        pass

    def tree_flatten(self):
        return (), (self.shape, self.dtype)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*aux_data)


# Register the base class (and generic subclasses)
jax.tree_util.register_pytree_node(Space, Space.tree_flatten, Space.tree_unflatten)


@jax.tree_util.register_pytree_node_class
class Box(Space[jax.Array]):
    """
    A continuous space in [low, high].
    """
    def __init__(self, low: Union[float, jax.Array], high: Union[float, jax.Array], shape: PyTuple[int, ...], dtype=jnp.float32):
        super().__init__(shape, dtype)
        self.low = jnp.broadcast_to(jnp.asarray(low, dtype=dtype), shape)
        self.high = jnp.broadcast_to(jnp.asarray(high, dtype=dtype), shape)

    @property
    def is_discrete(self) -> bool:
        return False

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def is_bounded(self) -> jax.Array:
        return jnp.logical_and(
            jnp.all(jnp.isfinite(self.low)),
            jnp.all(jnp.isfinite(self.high))
        )

    def sample(self, key: PRNGKeyArray) -> jax.Array:
        def bounded_sample(key):
            if jnp.issubdtype(self.dtype, jnp.integer):
                return jax.random.randint(
                    key,
                    shape=self.shape,
                    minval=self.low,
                    maxval=self.high + 1,
                    dtype=self.dtype
                )
            return jax.random.uniform(
                key,
                shape=self.shape,
                minval=self.low,
                maxval=self.high,
                dtype=self.dtype
            )

        def unbounded_sample(key):
            return jax.random.truncated_normal(
                key,
                shape=self.shape,
                lower=self.low,
                upper=self.high,
                dtype=self.dtype if not jnp.issubdtype(self.dtype, jnp.integer) else jnp.float32
            )

        return jax.lax.cond(
            self.is_bounded,
            bounded_sample,
            unbounded_sample,
            key
        )

    def contains(self, x: jax.Array) -> bool:
        in_bounds = (x >= self.low) & (x <= self.high)
        type_match = (x.dtype == self.dtype)
        shape_match = (x.shape == self.shape)
        return jnp.all(in_bounds) & type_match & shape_match

    def tree_flatten(self):
        return (self.low, self.high), (self.shape, self.dtype)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        low, high = children
        shape, dtype = aux_data
        return cls(low, high, shape, dtype)


@jax.jit
def f(key, low, high):
    space = Box(low, high, shape=(4,))
    sample = space.sample(key)
    return sample, space.contains(sample)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.asarray(jax.random.key_data(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1)))))
    low = rng.uniform(-3.0, 0.0, size=4).astype(np.float32)
    high = (low + rng.uniform(0.5, 3.0, size=4)).astype(np.float32)
    kind = rng.integers(0, 3)
    if kind == 1:
        low[rng.integers(0, 4)] = -np.inf   # unbounded below -> truncated normal
    elif kind == 2:
        high[rng.integers(0, 4)] = np.inf   # unbounded above -> truncated normal
    return (key, low, high)


INPUTS = make_inputs
