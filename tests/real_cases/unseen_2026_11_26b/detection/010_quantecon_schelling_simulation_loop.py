"""Schelling simulation loop: jitted helpers return a traced count that drives `int()`, `break` and `range`.

source: QuantEcon/lecture-jax lectures/schelling_jax.md at 1e38ec36493d865114a72fce85555b8cc565c613 (Params, get_distances, get_neighbors, is_unhappy, update_agent, get_unhappy_agents, simulation_loop; the lecture says the loop is kept separate "to optimize or JIT-compile the loop independently")
error: ConcretizationTypeError
category: loop-over-helper-count
expect: fix
notes: the functions are verbatim; `f` jits `simulation_loop` with `params` and `max_iter` static,
  as the lecture suggests. Every helper is itself jitted and returns arrays, so the leaks are in
  the glue: `int(num_unhappy)` on the count returned by `get_unhappy_agents`, the `if ... == 0:
  break`, `range(num_unhappy)` and `int(unhappy[j])`. The model is shrunk (10 + 10 agents, 5
  neighbours, tolerance 3, at most 3 sweeps) so that the eager reference runs quickly; the
  `print` of the loop stays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random, jit, vmap
from functools import partial
from typing import NamedTuple


class Params(NamedTuple):
    num_of_type_0: int = 1000    # number of agents of type 0 (orange)
    num_of_type_1: int = 1000    # number of agents of type 1 (green)
    num_neighbors: int = 10      # number of agents regarded as neighbors
    max_other_type: int = 6     # max number of different-type neighbors tolerated


@jit
def get_distances(loc, locations):
    """
    Compute squared Euclidean distance from one location to all agent locations.

    """
    diff = loc - locations  # broadcasting: (2,) - (n, 2) -> (n, 2)
    return jnp.sum(diff**2, axis=1)


@partial(jit, static_argnames=('params',))
def get_neighbors(loc, agent_idx, locations, params):
    num_neighbors = params.num_neighbors
    distances = get_distances(loc, locations)
    # Set self-distance to infinity so agent doesn't count as own neighbor
    distances = distances.at[agent_idx].set(jnp.inf)
    # Use top_k on negated distances to find num_neighbors smallest in O(n) instead of O(n log n)
    _, indices = jax.lax.top_k(-distances, num_neighbors)
    return indices


@partial(jit, static_argnames=('params',))
def is_unhappy(loc, agent_type, agent_idx, locations, types, params):
    max_other_type = params.max_other_type
    neighbors = get_neighbors(loc, agent_idx, locations, params)
    neighbor_types = types[neighbors]
    num_other = jnp.sum(neighbor_types != agent_type)
    return num_other > max_other_type


@partial(jit, static_argnames=('params',))
def update_agent(i, locations, types, key, params, max_attempts=10_000):
    """
    Find a location where agent i is happy.

    Returns the new location and updated random key. The calling code
    is responsible for updating the locations array if the agent moved.
    """
    loc = locations[i, :]
    agent_type = types[i]

    def cond_fn(state):
        loc, key, attempts = state
        return (attempts < max_attempts) & is_unhappy(loc, agent_type, i, locations, types, params)

    def body_fn(state):
        _, key, attempts = state
        key, subkey = random.split(key)
        new_loc = random.uniform(subkey, shape=(2,))
        return new_loc, key, attempts + 1

    final_loc, key, _ = jax.lax.while_loop(cond_fn, body_fn, (loc, key, 0))
    return final_loc, key


@partial(jit, static_argnames=('params',))
def get_unhappy_agents(locations, types, params):
    """
    Find indices and count of all unhappy agents using vectorized computation.
    """
    n = params.num_of_type_0 + params.num_of_type_1

    def check_agent(i):
        return is_unhappy(locations[i], types[i], i, locations, types, params)

    all_unhappy = vmap(check_agent)(jnp.arange(n))
    # jnp.where with size= returns fixed-length array (required for JIT)
    # Pads with fill_value=-1 when fewer than n agents are unhappy
    indices = jnp.where(all_unhappy, size=n, fill_value=-1)[0]
    count = jnp.sum(all_unhappy)  # number of valid indices
    return indices, count


def simulation_loop(locations, types, key, params, max_iter):
    """
    Run the simulation loop until convergence or max iterations.

    Returns
    -------
    locations : array
        Final agent locations.
    iteration : int
        Number of iterations completed.
    key : PRNGKey
        Updated random key.
    """
    iteration = 0
    while iteration < max_iter:
        print(f'Entering iteration {iteration + 1}')
        iteration += 1

        # Find unhappy agents using vectorized computation
        unhappy, num_unhappy = get_unhappy_agents(locations, types, params)
        num_unhappy = int(num_unhappy)

        # Check if everyone is happy
        if num_unhappy == 0:
            break

        # Update only the unhappy agents
        for j in range(num_unhappy):
            i = int(unhappy[j])
            new_loc, key = update_agent(i, locations, types, key, params)
            locations = locations.at[i, :].set(new_loc)

    return locations, iteration, key


f = jax.jit(simulation_loop, static_argnames=('params', 'max_iter'))
# --- end user code ---

import numpy as np

SMALL = Params(num_of_type_0=10, num_of_type_1=10, num_neighbors=5, max_other_type=3)


def make_inputs(rng):
    n0, n1 = SMALL.num_of_type_0, SMALL.num_of_type_1
    locations = rng.uniform(size=(n0 + n1, 2)).astype(np.float32)
    types = np.array([0] * n0 + [1] * n1, dtype=np.int32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    return (locations, types, key, SMALL, 3)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=('params', 'max_iter'))
def reference_fix(locations, types, key, params, max_iter):
    def outer_cond(c):
        locations, iteration, key, done = c
        return (iteration < max_iter) & ~done

    def outer_body(c):
        locations, iteration, key, done = c
        iteration = iteration + 1
        unhappy, num_unhappy = get_unhappy_agents(locations, types, params)

        def inner(j, c2):
            locations, key = c2
            i = unhappy[j]
            new_loc, key = update_agent(i, locations, types, key, params)
            return locations.at[i, :].set(new_loc), key

        locations, key = jax.lax.fori_loop(0, num_unhappy, inner, (locations, key))
        return locations, iteration, key, num_unhappy == 0

    locations, iteration, key, _ = jax.lax.while_loop(
        outer_cond, outer_body, (locations, 0, key, jnp.array(False)))
    return locations, iteration, key
