"""simphony's state_space_discrete: Python loops bounded by `residues.shape`, `.at[...]` updates at static indices.

source: BYUCamachoLab/simphony simphony/time_domain/vector_fitting/z_domain.py at 139bd734b471e905ccde2b2e12dff58478c39bd1 (state_space_discrete)
error: none
category: negative-static-shape-loop
expect: untouched
notes: verbatim (docstring shortened). `r, q, m = residues.shape` are Python ints under jit, so `range(r)`/`range(m)`, `jnp.eye(m)`, `jnp.zeros((M, m))` and the `.at[i * m + j, j]` updates are all static; poles/residues/feedthrough are traced. `f = jax.jit(state_space_discrete)` added.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def state_space_discrete(poles, residues, feedthrough):
    """Convert a pole-residue model into a discrete state-space realization.

    The realization replicates each pole once per input channel. It is simple
    and deterministic, but it is not guaranteed to be minimal.
    """
    r, q, m = residues.shape
    M = r * m  # total number of states

    # A: block-diagonal, replicate each pole m times
    A = jnp.kron(jnp.diag(poles), jnp.eye(m, dtype=complex))

    # B: each input excites its replicated states
    B = jnp.zeros((M, m), dtype=complex)
    for i in range(r):
        for j in range(m):
            B = B.at[i * m + j, j].set(1.0)

    # C: map states to outputs using residues
    C = jnp.zeros((q, M), dtype=complex)
    for i in range(r):  # over poles
        for j in range(m):  # over inputs
            # state index for this replicated pole
            idx = i * m + j
            # residues[i, :, j] has shape (q,)
            C = C.at[:, idx].set(residues[i, :, j])

    D = feedthrough
    return A, B, C, D


f = jax.jit(state_space_discrete)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    r, q, m = 3, 2, 2
    poles = (rng.uniform(0.3, 0.9, size=r) * np.exp(1j * rng.uniform(-np.pi, np.pi, size=r))).astype(np.complex64)
    residues = (rng.normal(size=(r, q, m)) + 1j * rng.normal(size=(r, q, m))).astype(np.complex64)
    feedthrough = rng.normal(size=(q, m)).astype(np.complex64)
    return (poles, residues, feedthrough)


INPUTS = make_inputs
