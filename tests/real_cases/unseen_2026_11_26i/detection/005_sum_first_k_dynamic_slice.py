"""`lax.dynamic_slice(a, (0,), (k,))` with a traced slice size `k`, summed.

source: https://github.com/jax-ml/jax/issues/1007 ("lax.dynamic_slice inside jit", shoyer; mattjj's answer: "No, it shouldn't work ... that `lax.dynamic_slice` alone is a problem", with the two alternatives `@partial(jax.jit, static_argnums=(1,)) sum_first_k` and the masked `np.sum(np.where(np.arange(n) < k, a, 0))`)
error: TypeError
category: slice-size-from-traced-value
expect: fix
notes: JAX raises a TypeError ("Shapes must be 1D sequences of concrete values of integer type ... If using `jit`, try using `static_argnums`"), which is its message for a traced shape. The user code is mattjj's `sum_first_k` body under a plain `@jax.jit` (k traced), i.e. the failing form the issue asks about; the issue's opening code was not retrievable, so this is reconstructed from the answer (which quotes the same body). The reference fix is mattjj's masking version, which keeps k traced. k is drawn in [0, len(a)] so the slice is always in range.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


@jax.jit
def f(a, k):
  return np.sum(jax.lax.dynamic_slice(a, (0,), (k,)))
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    a = rng.normal(size=(6,)).astype(onp.float32)
    k = onp.int32(rng.integers(0, 7))
    return (a, k)


INPUTS = make_inputs


@jax.jit
def reference_fix(a, k):
  n = len(a)
  return np.sum(np.where(np.arange(n) < k, a, 0))
