"""Indexing with `jnp.nonzero(a)` (no `size=`) to take the product of the nonzero entries.

source: https://github.com/jax-ml/jax/issues/5280 (langosco, "Why is `jnp.nonzero` not jittable?"; jakevdp's reply gives the non-jittable `def f(a): return a[jnp.nonzero(a)].prod()` and the jit-compatible `jnp.where(a != 0, a, 1).prod()`)
error: ConcretizationTypeError
category: data-dependent-shape-index
expect: fix
notes: `f` is jakevdp's non-jittable example, verbatim, with `@jax.jit` added (the thread is about using it under jit). `jnp.nonzero` without `size` has a data-dependent output shape, but the reduction that follows does not, so a masked `jnp.where(a != 0, a, 1).prod()` is an exact jit-safe rewrite (the thread's own answer). Inputs are small integers stored as float32, with zeros, so the masked and unmasked products differ.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(a):
    return a[jnp.nonzero(a)].prod()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = rng.integers(-3, 4, size=(8,)).astype(np.float32)
    a[rng.integers(0, 8)] = 0.0
    return (a,)


INPUTS = make_inputs


@jax.jit
def reference_fix(a):
    return jnp.where(a != 0, a, 1).prod()
