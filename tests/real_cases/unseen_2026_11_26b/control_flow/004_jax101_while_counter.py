"""A Python `while i < n` counter loop where `n` is a traced argument.

source: jax-ml/jax docs/jax-101/02-jitting.md at 0c139de8fbd58c18bcf2ed0206682ecc81e100ee ("Why can't we just JIT everything?": `# While loop conditioned on x and n.` def g(x, n) ... `g_jit = jax.jit(g)`, `g_jit(10, 20)  # Should raise an error.`)
error: TracerBoolConversionError
category: while-python-counter-traced-bound
expect: fix
notes: verbatim; `f = jax.jit(g)` as in the tutorial (the tutorial's own remedy is `static_argnums=1`, which changes the signature; a value-preserving fix keeps `n` traced). Inputs are integer arrays like the tutorial's `g_jit(10, 20)`; n ranges over -2..20 so the zero-iteration case (n <= 0) runs too.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# While loop conditioned on x and n.

def g(x, n):
  i = 0
  while i < n:
    i += 1
  return x + i

f = jax.jit(g)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = np.int32(rng.integers(-50, 50))
    n = np.int32(rng.integers(-2, 21))
    return (x, n)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, n):
    return x + jnp.maximum(n, 0)
