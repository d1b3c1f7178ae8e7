"""Entropic mirror map on the simplex: `for xi in x: if xi > 0:` plus a second traced `if`.

source: uniformlyconvex/mirrordescent tests/test_mirror_maps.py (_entropic_mirror_map_slow; code-search index file id 40006699466; the index lists 73f208f915702969547eff1094b636f2355fc50e for one of the file's three stored versions)
error: TracerBoolConversionError
category: for-over-traced-array, accumulate-if, scalar-if
expect: fix
notes: _entropic_mirror_map_slow verbatim with np.log/np.sum/np.array -> jnp (a NumPy helper ported to
  jax.numpy so that it can be jitted and differentiated for mirrored Langevin dynamics, which is what the
  project's EntropicMirrorMap computes); `f = jax.jit(...)` added. The convention 0 log 0 = 0 is carried by
  `if xi > 0`, and the second term only exists while the simplex slack 1 - sum(x) is positive.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _entropic_mirror_map_slow(x):
    first_term = 0.0
    for xi in x:
        if xi > 0:
            first_term += xi * jnp.log(xi)
    
    second_term = 0.0
    one_minus_sum = 1 - jnp.sum(x)
    if one_minus_sum > 0:
        second_term = one_minus_sum * jnp.log(one_minus_sum)
    
    return jnp.array([first_term + second_term])


f = jax.jit(_entropic_mirror_map_slow)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.uniform(0.0, 0.5, size=(5,))
    x[rng.uniform(size=5) < 0.3] = 0.0  # zeros: 0 log 0 = 0
    if rng.uniform() < 0.5:
        x = x / max(x.sum(), 1e-3) * rng.uniform(0.3, 0.95)  # inside the simplex
    return (x.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    safe_x = jnp.where(x > 0, x, 1.0)
    first_term = jnp.sum(jnp.where(x > 0, x * jnp.log(safe_x), 0.0))
    one_minus_sum = 1 - jnp.sum(x)
    safe_s = jnp.where(one_minus_sum > 0, one_minus_sum, 1.0)
    second_term = jnp.where(one_minus_sum > 0, one_minus_sum * jnp.log(safe_s), 0.0)
    return jnp.array([first_term + second_term])
