"""Look-alike: a Python `for` over a traced row `neighbours[i]` with a static length; nothing is converted to bool/int.

source: riccardo-rende/jaxmc jaxmc/hamiltonian.py at 02368dd33d7450a74b250d780a43f2cae693220f (e_local_nn_1d)
error: none
category: negative-iterate-traced-row
expect: untouched
notes: verbatim; iterating a traced (2,)-shaped row unrolls over its static length and indexing with traced integers is fine under jit, so the function already works; a fixer must not change a byte.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(i:int, spins: jnp.array, neighbours: jnp.array):
    L = jnp.size(spins)
    el = 0.0
    for j in neighbours[i]:
        el = el + spins[j]

    el = - el * spins[i]
    return el
# --- end user code ---

import numpy as np


def make_inputs(rng):
    L = 8
    spins = rng.choice([-1.0, 1.0], size=(L,)).astype(np.float32)
    idx = np.arange(L)
    neighbours = np.stack([(idx - 1) % L, (idx + 1) % L], axis=1).astype(np.int32)
    i = np.int32(rng.integers(0, L))
    return (i, spins, neighbours)


INPUTS = make_inputs
