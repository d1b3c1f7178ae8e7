"""HITS power iteration that stops when converged (`break` in a `for` over range).

source: https://github.com/data-apis/array-api/pull/999 (review comment by ev-br: jitting the
  tutorial's `hits` loop "with data-dependent control flow doesn't work")
error: TracerBoolConversionError
category: for-break
expect: fix
notes: xp -> jnp; the `for ... else: raise` is dropped (an exception on non-convergence has no jit
  form here) and `is_converged` is inlined; max_iter and tol are Python values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(A):
    N = A.shape[0]
    h = jnp.full(N, 1.0 / N)
    for _i in range(50):
        hprev = h
        a = hprev @ A
        h = A @ a
        h = h / jnp.max(h)
        err = jnp.sum(jnp.abs(h - hprev))
        if err < N * 1e-6:
            break
    h = h / jnp.sum(h)
    return h
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (rng.uniform(0.0, 1.0, size=(4, 4)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(A):
    N = A.shape[0]

    def body(state):
        i, h, stop = state
        hprev = h
        h = A @ (hprev @ A)
        h = h / jnp.max(h)
        return i + 1, h, jnp.sum(jnp.abs(h - hprev)) < N * 1e-6

    _, h, _ = lax.while_loop(lambda s: (s[0] < 50) & ~s[2], body, (0, jnp.full(N, 1.0 / N), False))
    return h / jnp.sum(h)
