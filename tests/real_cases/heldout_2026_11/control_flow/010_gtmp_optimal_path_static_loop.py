"""GTMP's get_optimal_path: a jitted Python for-loop over a shape-derived range appending traced argmins to a list (jit-safe).

source: anindex/gtmp gtmp/planners.py at 58f6ec6d37f5ea8981766d1fa28aca0b38935b4e (get_optimal_path)
error: none
category: negative-static-loop-list
expect: untouched
notes: verbatim. The loop bound comes from Vh.shape (static), the list always gets exactly num_layer entries, and the traced argmin results are only used as indices, never as Python bools, so nothing leaks; a fixer must not turn the loop or the list into lax code.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit


@jit
def get_optimal_path(Cs: jax.Array, Ch: jax.Array, Cl: jax.Array, Cg: jax.Array, Vh: jax.Array, gamma: float = 0.9) -> jax.Array:
    num_layer = Vh.shape[0]
    current = jnp.argmin(Cs + gamma * Vh[0])
    path = [current]
    for i in range(1, num_layer):
        current = jnp.argmin(Ch[i - 1, current] + gamma * Vh[i])
        path.append(current)
    goal_id = jnp.argmin(Cl[current] + gamma * Cg)
    return jnp.array(path), goal_id


f = get_optimal_path
# --- end user code ---

import numpy as np


def make_inputs(rng):
    L, D, G = int(rng.integers(2, 6)), 7, 3
    Cs = rng.uniform(0, 5, size=(D,)).astype(np.float32)
    Ch = rng.uniform(0, 5, size=(L - 1, D, D)).astype(np.float32)
    Cl = rng.uniform(0, 5, size=(D, G)).astype(np.float32)
    Cg = -np.ones(G, np.float32)
    Vh = rng.uniform(0, 10, size=(L, D)).astype(np.float32)
    return (Cs, Ch, Cl, Cg, Vh)


INPUTS = make_inputs
