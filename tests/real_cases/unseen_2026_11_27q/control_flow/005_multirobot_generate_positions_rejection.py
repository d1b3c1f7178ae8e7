"""Multi-robot start positions by rejection sampling: `while len(list) < N` around a traced `if jnp.all(...)`.

source: public multi-robot SVGD-MPC research code in the code index (helper_functions.py, function generate_positions, imported by the robot-formation scripts with `from helper_functions import generate_positions`; code-index file id 32390960793). The index does not name the repository.
error: TracerBoolConversionError
category: while-list-append-rejection-sampling
expect: fix
notes: generate_positions is verbatim. The original calls it eagerly at module level
  (generate_positions(N, R_col, minval=-2.0, maxval=2.0, key=key)); here it is jitted with the robot
  count N static and min_dist, the box bounds and the PRNG key traced. `while len(positions) < N` is a
  Python loop over a Python list (fine), but the acceptance test `if jnp.all(dists >= min_dist)` is
  traced, so the number of draws is data dependent. The output shape (N, 2) is static, so a
  lax.while_loop over a fixed (N, 2) buffer plus an accepted-count reproduces the same key sequence
  and the same points.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from random import randint
import jax

### Generate random positions between minval and maxval that are min_dist away from each other.
def generate_positions(N, min_dist, minval, maxval, key):
    positions = []
    while len(positions) < N:
        key, subkey = jax.random.split(key)
        candidate = jax.random.uniform(subkey, (1, 2), minval=minval, maxval=maxval)
        if positions:
            # compute distance to all existing positions
            dists = jnp.linalg.norm(jnp.vstack(positions) - candidate, axis=1)
            if jnp.all(dists >= min_dist):
                positions.append(candidate[0])
        else:
            positions.append(candidate[0])
    return jnp.array(positions)


f = jax.jit(generate_positions, static_argnums=0)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    N = int(rng.integers(3, 7))
    min_dist = np.float32(rng.uniform(0.3, 1.2))
    minval = np.float32(rng.uniform(-3.0, -1.5))
    maxval = np.float32(minval + 4.0)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 10000))))
    return (N, min_dist, minval, maxval, key)


INPUTS = make_inputs


def _reference(N, min_dist, minval, maxval, key):
    def cond(c):
        _, count, _ = c
        return count < N

    def body(c):
        positions, count, key = c
        key, subkey = jax.random.split(key)
        candidate = jax.random.uniform(subkey, (1, 2), minval=minval, maxval=maxval)
        dists = jnp.linalg.norm(positions - candidate, axis=1)
        ok = jnp.all(jnp.where(jnp.arange(N) < count, dists >= min_dist, True))
        positions = jnp.where(ok, positions.at[count].set(candidate[0]), positions)
        return positions, count + ok.astype(count.dtype), key

    positions = jnp.zeros((N, 2), dtype=jnp.float32)
    positions, _, _ = lax.while_loop(cond, body, (positions, jnp.int32(0), key))
    return positions


reference_fix = jax.jit(_reference, static_argnums=0)
