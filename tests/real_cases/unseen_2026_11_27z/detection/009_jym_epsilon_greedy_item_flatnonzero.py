"""jym's first grid-world epsilon-greedy: `.item()` as the cond predicate and an unsized flatnonzero.

source: RPegoud/jym grid_world.py at 1e936762e67ce74d8239b49d2acd40374c14c5a6 (epsilon_greedy; the same repository's later policies/epsilon_greedy.py EpsilonGreedy.call replaces both with a traced `lax.cond` predicate and a tie mask passed as `p=` to random.choice)
error: ConcretizationTypeError
category: item-and-nonzero-size
expect: fix
notes: epsilon_greedy copied verbatim (the module was run eagerly from main()); `f = jax.jit(epsilon_greedy)` added as the entry point, with state, q_values, epsilon and key traced. Under jit, `jnp.flatnonzero` without `size=` cannot run, and `rand_action.item()` needs the concrete draw. A jit-safe rewrite: sized flatnonzero with the tie count as the randint bound, and the traced boolean passed to lax.cond.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax, random


def epsilon_greedy(state, q_values, epsilon, key):
    """
    Args:
        q_values: jnp.array(n_actions) - the q-values for the current state
        epsilon: float - the probability of selecting a random action
        rng_key: random.PRNGKey
    """
    key, subkey = jax.random.split(key)
    state_q_values = jnp.array(q_values[state[0], state[1]])
    random_number = random.uniform(key, (1,))

    def exploration(rng_key):
        """Random Policy"""
        return random.randint(rng_key, (1,), 0, q_values.shape[-1])

    def exploitation(rng_key, max_indices):
        """Greedy action selection with random tie-break"""
        return max_indices[random.randint(rng_key, (1,), 0, max_indices.shape[-1])]

    max_indices = jnp.flatnonzero(state_q_values == jnp.max(state_q_values))
    rand_action = random_number < epsilon
    action = lax.cond(
        rand_action.item(),
        lambda k: exploration(k),
        lambda k: exploitation(k, max_indices),
        operand=key,
    )
    return action, key


f = jax.jit(epsilon_greedy)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    state = rng.integers(0, 8, size=(2,)).astype(np.int32)
    # small integer-valued q-values so that ties (and the tie-break) happen often
    q_values = rng.integers(-2, 1, size=(8, 8, 4)).astype(np.float32)
    epsilon = np.float32(rng.uniform(0.0, 1.0))
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    return (state, q_values, epsilon, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(state, q_values, epsilon, key):
    key, subkey = jax.random.split(key)
    state_q_values = jnp.array(q_values[state[0], state[1]])
    random_number = random.uniform(key, (1,))
    n_actions = state_q_values.shape[-1]
    is_max = state_q_values == jnp.max(state_q_values)
    max_indices = jnp.flatnonzero(is_max, size=n_actions, fill_value=0)
    n_max = jnp.sum(is_max)

    def exploration(rng_key):
        return random.randint(rng_key, (1,), 0, q_values.shape[-1])

    def exploitation(rng_key):
        return max_indices[random.randint(rng_key, (1,), 0, n_max)]

    rand_action = random_number < epsilon
    action = lax.cond(rand_action[0], exploration, exploitation, key)
    return action, key
