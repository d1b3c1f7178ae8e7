"""Ising single-spin Metropolis sweep: a `for i, j in zip(idx, jdx)` loop with `or` and a ternary on tracers.

source: Anu25548/Ising2dmodel main.py at 8a14dd3ab00e5b0797b70f3aefae22bb54b7f160 (metropolis_update); the author's later app Anu25548/Model2Ising main.py at 1cef2dbc30275791d29a61555165799b104f5e41 replaces it with a jax.lax.scan body (see case 002)
error: TracerBoolConversionError
category: for-over-traced-array-zip, python-or, ternary
expect: fix
notes: metropolis_update verbatim, including its own @jax.jit (the Streamlit UI around it is dropped);
  `f = metropolis_update` added. The loop iterates over the elements of two traced index arrays (static
  length N*N), `accept = (dE < 0) or (...)` and `-s if accept else s` need concrete booleans. Note that the
  original reuses `key` for idx, jdx and every uniform draw; the reference fix keeps that behaviour.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def metropolis_update(spins, beta, key):
    N = spins.shape[0]
    idx = jax.random.randint(key, (N*N,), 0, N)
    jdx = jax.random.randint(key, (N*N,), 0, N)
    for i, j in zip(idx, jdx):
        s = spins[i, j]
        nb = spins[(i+1)%N, j] + spins[(i-1)%N, j] + spins[i, (j+1)%N] + spins[i, (j-1)%N]
        dE = 2 * s * nb
        accept = (dE < 0) or (jax.random.uniform(key) < jnp.exp(-beta*dE))
        spins = spins.at[i, j].set(-s if accept else s)
    return spins


f = metropolis_update
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N = 5
    spins = (2 * rng.integers(0, 2, size=(N, N)) - 1).astype(np.int32)
    beta = np.float32(rng.uniform(0.05, 1.5))
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    return (spins, np.asarray(beta, dtype=np.float32), key)


INPUTS = make_inputs


@jax.jit
def reference_fix(spins, beta, key):
    N = spins.shape[0]
    idx = jax.random.randint(key, (N*N,), 0, N)
    jdx = jax.random.randint(key, (N*N,), 0, N)
    u = jax.random.uniform(key)

    def body(spins, ij):
        i, j = ij
        s = spins[i, j]
        nb = spins[(i+1)%N, j] + spins[(i-1)%N, j] + spins[i, (j+1)%N] + spins[i, (j-1)%N]
        dE = 2 * s * nb
        accept = (dE < 0) | (u < jnp.exp(-beta*dE))
        return spins.at[i, j].set(jnp.where(accept, -s, s)), None

    spins, _ = jax.lax.scan(body, spins, (idx, jdx))
    return spins
