"""The same Ising Metropolis sweep after the author moved it into jax.lax.scan: jit-safe, leave it alone.

source: Anu25548/Model2Ising main.py at 1cef2dbc30275791d29a61555165799b104f5e41 (checkerboard_update, metropolis_update)
error: none
category: negative, scan-body-where, static-python-loop
expect: untouched
notes: checkerboard_update and metropolis_update verbatim (with their @jax.jit); `f = metropolis_update`
  (the app picks the updater from a sidebar string); the Streamlit UI is dropped. Look-alikes: `for offset in [0, 1]` over a static
  list, `N = spins.shape[0]`, `(dE < 0) | (r < ...)` and `jnp.where(accept, -s, s)` inside a scan body,
  `(i+1)%N` on traced indices.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def checkerboard_update(spins, beta, key):
    N = spins.shape[0]
    for offset in [0, 1]:
        mask = jnp.fromfunction(lambda i, j: ((i + j) % 2 == offset), (N, N), dtype=jnp.int32).astype(bool)
        neighbors = (jnp.roll(spins, 1, axis=0) + jnp.roll(spins, -1, axis=0) +
                     jnp.roll(spins, 1, axis=1) + jnp.roll(spins, -1, axis=1))
        key, subkey = jax.random.split(key)
        rand_mat = jax.random.uniform(subkey, (N, N))
        deltaE = 2 * spins * neighbors
        flip = (deltaE < 0) | (rand_mat < jnp.exp(-beta * deltaE))
        spins = jnp.where(mask & flip, -spins, spins)
    return spins

@jax.jit
def metropolis_update(spins, beta, key):
    # Single-spin random updates
    N = spins.shape[0]
    key_i, key_j, key_u = jax.random.split(key, 3)
    idx = jax.random.randint(key_i, (N*N,), 0, N)
    jdx = jax.random.randint(key_j, (N*N,), 0, N)
    u   = jax.random.uniform(key_u, (N*N,))

    def body_fun(carry, x):
        spins, k = carry
        i, j, r = x
        s = spins[i, j]
        nb = spins[(i+1)%N, j] + spins[(i-1)%N, j] + spins[i, (j+1)%N] + spins[i, (j-1)%N]
        dE = 2 * s * nb
        accept = (dE < 0) | (r < jnp.exp(-beta * dE))
        spins = spins.at[i, j].set(jnp.where(accept, -s, s))
        return (spins, k), None

    (spins, _), _ = jax.lax.scan(body_fun, (spins, key), (idx, jdx, u))
    return spins


f = metropolis_update
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N = 6
    spins = (2 * rng.integers(0, 2, size=(N, N)) - 1).astype(np.int32)
    beta = np.asarray(rng.uniform(0.05, 1.5), dtype=np.float32)
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    return (spins, beta, key)


INPUTS = make_inputs
