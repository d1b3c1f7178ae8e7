"""Two-armed bandit for a predictive-coding agent: random tie-break over `jnp.where(arr == arr.max())[0]` (data-dependent size).

source: predictive-coding bandit simulation "Base functions" module in the public code index (code-index file id 24100230608; `bandit` with the docstring "Can't be jitted for some reason but oh well", called once per time step from `run`); the index does not name the repository
error: ConcretizationTypeError
category: dynamic-shape-nonzero
expect: report
notes: `bandit` and its nested `argmax_tiebreaker` verbatim. Entry point `f = jax.jit(bandit)` (the author's attempt that failed: "Can't be jitted for some reason"). The set of tied maxima has a data-dependent size, so `jax.random.choice` over it cannot be rewritten with an equal random stream; a correct jit version needs a different sampling scheme (e.g. Gumbel noise on a mask), which changes the drawn lever, so this is reportable, not mechanically fixable. Inputs are the network's 3 motor activities (ties included) and the run's reward table.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import random
import jax


def bandit(motors, rewards, key):
    '''Takes a set of motor outputs from network and finds argmax. 
    Returns corresponding reward from reward vector.
    Can't be jitted for some reason but oh well
    '''
    
    def argmax_tiebreaker(arr, rng_key):
        '''Does argmax but returns random choice between equal maxima.
        Thank you chatGPT
        '''
        max_indices = jnp.where(arr == arr.max())[0]
        chosen_index = jax.random.choice(rng_key, max_indices)
        new_rng_key, _ = jax.random.split(rng_key)
        return chosen_index, new_rng_key
        
    lever_ind, key = argmax_tiebreaker(motors, key)
    reward = jnp.array(rewards[lever_ind])
    return reward, lever_ind, key


f = jax.jit(bandit)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    motors = rng.normal(size=(3,)).astype(np.float32)
    if rng.uniform() < 0.5:  # tied maxima
        motors[rng.integers(3)] = motors.max()
    rewards = np.array([[0.5, 0.], [0., 0.5], [0., 0.]], dtype=np.float32)
    key = np.array([0, int(rng.integers(1 << 30))], dtype=np.uint32)
    return (motors, rewards, key)


INPUTS = make_inputs
