"""Newton-fractal iteration count ported to jax.numpy: `for i in range(15)` with a traced `break`, returning the loop index.

source: cao-jacky/degree_level2 weekly_problems/cp_assessment_8.py, the revision with newton_raphson2 (code-index file id 47965040981; the index gives no commit for it)
error: TracerBoolConversionError
category: for-break-return-loop-index
expect: fix
notes: NumPy -> jax.numpy port of newton_raphson2: `numpy.absolute` becomes `jnp.absolute`;
  the commented-out print is dropped. The script calls it once per pixel
  (`zs[i,j] = newton_raphson2(z)`); here one complex start point is jitted. Under jit,
  `if abs(...) < 1e-6: break` raises. The output is the loop variable *after* the loop, which
  is 14 when there was no break and otherwise the index of the breaking iteration, so a
  rewrite has to carry the index through a lax.while_loop (or a masked fixed loop). Start
  points keep away from 0, where z**3 vanishes.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def newton_raphson2(z):
    for i in range(15):
        zLast = z
        z = z - (z**4 - 1) / (4*z**3)
        if abs(jnp.absolute(z)-jnp.absolute(zLast)) < 1e-6:
            break
    return i


f = jax.jit(newton_raphson2)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    r = rng.uniform(0.3, 1.5)
    if rng.random() < 0.3:
        r = rng.uniform(1.0e-2, 5.0e-2)   # near the pole: slow, never breaks (returns 14)
    th = rng.uniform(0, 2 * np.pi)
    return (np.complex64(r * np.exp(1j * th)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(z):
    def body(c):
        i, z, _ = c
        zLast = z
        z = z - (z**4 - 1) / (4 * z**3)
        stop = jnp.abs(jnp.absolute(z) - jnp.absolute(zLast)) < 1e-6
        return i + 1, z, stop

    # run iteration i (0-based) while no break happened and i < 15
    i, _, stop = lax.while_loop(lambda c: (c[0] < 15) & ~c[2], body, (0, z, jnp.array(False)))
    # on a break at iteration k the loop counter is k + 1; without a break Python leaves i = 14
    return jnp.where(stop, i - 1, 14)
