"""Bootstrap percolation on a random graph: `while jnp.any(i_new)` over a tuple of state arrays.

source: jmlinx/bprg src/bprg/simulation.py @562d0a876bfa89d2f1a27dadefad44c3239cc998 (`simulate_percolation_history`, `_percolate_step`); the same file's jitted `_simulate_percolation_final` is the project's own lax.while_loop version of this loop
error: TracerBoolConversionError
category: while-traced-any-tuple-state
expect: fix
notes: the Python-while loop of `simulate_percolation_history` kept verbatim, minus the two history lists (`vk_hist`, `ea_hist`) whose length depends on the data; the function returns the final threshold vector, as `simulate_percolation_final` does, and is jitted. `_percolate_step` verbatim (type annotations dropped). Inputs: 12 vertices with thresholds 0..3 and a random 0/1 adjacency matrix.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit()
def _percolate_step(vk_cur, i_new, i_all, A):
    vk_new = (vk_cur - i_new.astype(jnp.int32) @ A).clip(min=0)
    i_new = (vk_new == 0) & ~i_all
    i_all = i_all | i_new
    return vk_new, i_all, i_new


@jax.jit
def f(vk, A):
    """Simulate bootstrap percolation and return the final threshold vector."""
    vk_cur = vk
    i_all = vk == 0
    i_new = i_all

    while jnp.any(i_new):
        vk_new, i_all, i_new = _percolate_step(vk_cur, i_new, i_all, A)
        vk_cur = vk_new

    return vk_cur
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nv = 12
    vk = rng.integers(0, 4, size=nv).astype(np.int32)
    if rng.random() < 0.15:
        vk = np.maximum(vk, 1).astype(np.int32)  # nobody infected: the loop body never runs
    p = rng.uniform(0.1, 0.5)
    A = (rng.random((nv, nv)) < p).astype(np.int32)
    np.fill_diagonal(A, 0)
    return (vk, A)


INPUTS = make_inputs


@jax.jit
def reference_fix(vk, A):
    # the project's own `_simulate_percolation_final`
    vk_cur = vk
    i_all = vk == 0
    i_new = i_all
    state = (vk_cur, i_all, i_new)

    def cond_fun(state):
        _, _, i_new = state
        return jnp.any(i_new)

    def body_fun(state):
        vk_cur, i_all, i_new = state
        vk_new, i_all, i_new = _percolate_step(vk_cur, i_new, i_all, A)
        return vk_new, i_all, i_new

    vk_final, _, _ = jax.lax.while_loop(cond_fun, body_fun, state)
    return vk_final
