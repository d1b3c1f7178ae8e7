"""Tetris DQN epsilon-greedy move choice: `if random_action:` on a traced uniform draw, then a Python tuple indexed by a traced index.

source: Adasiii/Tetris-JAX train.py at df31caba197f7e409d7cd5ff4192aff807283358 (code-index file id 29175747229), the action-selection block of `train` (key split, `u = jax.random.uniform(subkey)`, `random_action = u <= epsilon`, `if random_action: ... randint ... else: index = jnp.argmax(predictions)`, `action = next_actions[index]`, `next_state = next_states[index]`)
error: TracerBoolConversionError
category: traced-if-then-tuple-index
expect: fix
notes: The block runs eagerly inside the training `while` loop of train.py; it is lifted verbatim into a
  function `choose_move` (its free variables become parameters) and jitted, as one would to jit the agent's
  step. `next_steps` (a dict from (x, rotation) to the 4 board features, built by Tetris.get_next_states) is
  passed as the static tuple of moves NEXT_ACTIONS (the 17 placements of an S piece on a 10-wide board) plus
  the stacked feature array; the equinox DeepQNetwork is replaced by a linear stand-in `model`. Two leaks:
  the traced `if`, and `next_actions[index]` (a Python tuple indexed by a traced int).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# (x, rotation) placements of an S piece on a 10-wide board, in Tetris.get_next_states order
NEXT_ACTIONS = tuple([(x, 0) for x in range(8)] + [(x, 1) for x in range(9)])


def model(w, b, s):
    # stand-in for the equinox DeepQNetwork: features (4,) -> Q value (1,)
    return s @ w + b


def choose_move(key, next_actions, next_states, w, b, epsilon):
    key, subkey = jax.random.split(key)
    u = jax.random.uniform(subkey)
    random_action = u <= epsilon
    predictions = jax.vmap(lambda s: model(w, b, s))(next_states).squeeze()
    if random_action:
        key, subkey = jax.random.split(key)
        index = jax.random.randint(subkey, (), 0, len(next_actions))
    else:
        index = jnp.argmax(predictions)
    action = next_actions[index]
    next_state = next_states[index]
    return key, action, next_state


@jax.jit
def f(key, next_states, w, b, epsilon):
    return choose_move(key, NEXT_ACTIONS, next_states, w, b, epsilon)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    next_states = rng.integers(0, 20, size=(17, 4)).astype(np.float32)
    w = rng.normal(size=(4, 1)).astype(np.float32)
    b = rng.normal(size=(1,)).astype(np.float32)
    epsilon = np.float32(rng.choice([0.0, 1.0, rng.uniform()]))
    return (key, next_states, w, b, epsilon)


INPUTS = make_inputs


@jax.jit
def reference_fix(key, next_states, w, b, epsilon):
    key, subkey = jax.random.split(key)
    u = jax.random.uniform(subkey)
    random_action = u <= epsilon
    predictions = jax.vmap(lambda s: model(w, b, s))(next_states).squeeze()
    key_r, subkey_r = jax.random.split(key)
    index_r = jax.random.randint(subkey_r, (), 0, len(NEXT_ACTIONS))
    index = jnp.where(random_action, index_r, jnp.argmax(predictions))
    key = jnp.where(random_action, key_r, key)
    table = jnp.array(NEXT_ACTIONS)
    action = (table[index, 0], table[index, 1])
    return key, action, next_states[index]
