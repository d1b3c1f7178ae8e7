"""NumPy called inside jit on a length taken from a traced array: len() is static, so nothing leaks.

source: tathagata-karmakar/OPO_codes jax_testing.py (`f(n)`: `return np.ones(n)`, `g(x)`: `return np.sum(f(len(x)))`, `fjt=jit(f)`, `gjt=jit(g)`; found in the public code index, no commit id given)
error: none
category: numpy-on-static-value
expect: untouched
notes: only the `g` path is kept, and names are changed so that the jitted entry point is `f`: the source's helper `f` is `ones` here, and `gjt` is `f`. The source's other entry point, `jit(f)` called on an int, does leak (the int is traced and `np.ones` raises TypeError); it is left out so that this file holds only the look-alike. The qutip/matplotlib imports of the script are dropped.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax
from jax import jit


def ones(n):
    return np.ones(n)
def g(x):
    return np.sum(ones(len(x)))
f = jit(g)
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(size=(int(rng.integers(1, 12)),)).astype(np.float32),)


INPUTS = make_inputs
