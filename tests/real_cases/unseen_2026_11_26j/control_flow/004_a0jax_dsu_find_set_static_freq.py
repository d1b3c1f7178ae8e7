"""a0-jax's disjoint-set-union root finding: a static `is not None` flag picks a Python loop or lax.while_loop.

source: NTT123/a0-jax dsu.py at 00bdec5816c3a667994d32f08329c2f53c79c7d5 (DSU.__init__, DSU.find_set_pure, DSU.get_all_roots)
error: none
category: negative-static-flag-while-loop
expect: untouched
notes: find_set_pure and get_all_roots are verbatim. DSU was a `pax.Module` (a pytree whose
  `get_all_roots_freq` and `N` are static fields); pax is not installed, so the class is a plain
  class registered with `jax.tree_util.register_pytree_node_class`, with `parent` and `size` as
  children and `N`/`get_all_roots_freq` as static aux data, and __init__ takes the parent array
  instead of building `arange(N)`. The methods that need a0-jax's `select_tree` helper
  (union_sets) and the printing helper are left out. `f` is written for the case: it builds the DSU
  from a parent array and returns one root and all roots. The loop over `self.parent[u] != u` is
  already a lax.while_loop; the Python `for` runs only when the static frequency is set.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class DSU:
    """Fast union of disjoint sets."""

    def __init__(self, parent, get_all_roots_freq=None):
        super().__init__()
        self.parent = parent
        self.size = jnp.ones(parent.shape, dtype=jnp.int32)
        self.N = parent.shape[0]
        self.get_all_roots_freq = get_all_roots_freq

    def tree_flatten(self):
        return (self.parent, self.size), (self.N, self.get_all_roots_freq)

    @classmethod
    def tree_unflatten(cls, aux, children):
        obj = object.__new__(cls)
        obj.parent, obj.size = children
        obj.N, obj.get_all_roots_freq = aux
        return obj

    def find_set_pure(self, element):
        """Find set but without updating parent.

        If `get_all_roots` method is called frequently,
        use python `for loop` for better performance on GPU.
        """

        if self.get_all_roots_freq is not None:
            for _ in range(self.get_all_roots_freq + 1):
                element = self.parent[element]
            return element

        def cond(u):
            return self.parent[u] != u

        def loop(u):
            return self.parent[u]

        return jax.lax.while_loop(cond, loop, element)

    def get_all_roots(self):
        """Find roots of all elements.
        Update the parent array to make later calls faster.
        """
        v = jnp.arange(0, self.N, 1, jnp.int32)
        roots = jax.vmap(lambda s, v: s.find_set_pure(v), in_axes=(None, 0))(self, v)
        self.parent = roots
        return roots


@jax.jit
def f(parent, element):
    dsu = DSU(parent)
    root = dsu.find_set_pure(element)
    roots = dsu.get_all_roots()
    return root, roots
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    parent = np.arange(n, dtype=np.int32)
    for i in range(1, n):
        if rng.uniform() < 0.7:
            parent[i] = rng.integers(0, i)  # points to an earlier node: a forest, so every chain ends at a root
    element = np.int32(rng.integers(0, n))
    return (parent, element)


INPUTS = make_inputs
