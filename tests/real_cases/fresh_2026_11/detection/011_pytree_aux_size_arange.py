"""`jnp.arange(m.size)` inside jit looks like a traced size, but `size` is the pytree's aux data, so it is static.

source: jax-ml/jax jax/_src/tree_util.py at 018667b45df14a31909b2d2ec3eefd8dc183613f (register_pytree_node docstring: MyContainer, flatten_func with `aux_data = (obj.size,)`, f)
error: none
category: negative-static-aux-field
expect: untouched
notes: the docstring's class, flatten/unflatten functions and `f` verbatim; `f` is jitted with `f = jax.jit(f)` in place of the doctest's `jax.jit(f)(m)`. `make_inputs` builds the container through `__init__` and then puts random data into `x` and `y` so that trials differ. Nothing here leaks: a fixer must leave it byte-identical.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class MyContainer:
  def __init__(self, size):
    self.x = jnp.zeros(size)
    self.y = jnp.ones(size)
    self.size = size


def flatten_func(obj):
  children = (obj.x, obj.y)  # children must contain arrays & pytrees
  aux_data = (obj.size,)  # aux_data must contain static, hashable data.
  return (children, aux_data)


def unflatten_func(aux_data, children):
  # Here we avoid `__init__` because it has extra logic we don't require:
  obj = object.__new__(MyContainer)
  obj.x, obj.y = children
  obj.size, = aux_data
  return obj


jax.tree_util.register_pytree_node(MyContainer, flatten_func, unflatten_func)


def f(m):
  return m.x + m.y + jnp.arange(m.size)


f = jax.jit(f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    size = int(rng.integers(1, 8))
    m = MyContainer(size=size)
    m.x = rng.normal(size=(size,)).astype(np.float32)
    m.y = rng.normal(size=(size,)).astype(np.float32)
    return (m,)


INPUTS = make_inputs
