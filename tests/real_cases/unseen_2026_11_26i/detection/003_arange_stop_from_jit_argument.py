"""`np.arange(0, n, 1)` in a jitted function whose argument `n` is the length: worked before omnistaging, now `n` is traced.

source: https://github.com/jax-ml/jax/issues/5186 (benjaminpope, "new version breaks arange?": `test_arange(n)` returning `np.arange(0,n,1)`, `test = jit(test_arange)`, `test(5)`; the fix discussed there is to make `n` static)
error: ConcretizationTypeError
category: shape-from-scalar-argument
expect: fix
notes: verbatim (`np` is jax.numpy in the report, as in the morphine code it came from), with `test` renamed to `f`. The comment `#     n = x.shape[0]` from the traceback is kept. `n` is a Python int, so the rewrite marks it static (static_argnums=0), as the reference fix does.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as np
from jax import jit


def test_arange(n):
#     n = x.shape[0]
    return np.arange(0,n,1)

f = jit(test_arange)
# --- end user code ---

import functools


def make_inputs(rng):
    return (int(rng.integers(1, 9)),)


INPUTS = make_inputs


@functools.partial(jit, static_argnums=0)
def reference_fix(n):
    return np.arange(0, n, 1)
