"""DQN CartPole epsilon-greedy action selection: a traced coin flip in `if`, then `.item()`.

source: public JAX DQN script for gymnasium CartPole-v1 in the code index (file id 650333552; `# %% Imports ... from jax import random, nn, jit, tree, value_and_grad, grad`, functions init_fn, apply_fn, action_fn, sample_fn, grad_fn, update_fn); the index does not name the repository
error: TracerBoolConversionError
category: if-on-random-draw / item-on-tracer
expect: fix
notes: init_fn / apply_fn / action_fn verbatim (apply_fn keeps its @jit). The script calls action_fn eagerly once per env step;
  the entry point `f = jax.jit(action_fn)` is added (the natural next step to speed up the rollout). Under jit the `if`
  on `random.uniform(key) < epsilon` raises, and both returns call `.item()` on a traced value. The same key feeds the
  coin flip and the random action (kept as in the original). Inputs: a raw uint32[2] PRNG key, an MLP of the script's
  `layers = [4, 128, 128, 2]` (smaller hidden width here), a CartPole state and epsilon in [0, 1] so both branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random, nn, jit


def init_fn(rng, layers):
    params = []
    for i, o in zip(layers[:-1], layers[1:]):
        w = random.normal(rng, (i, o)) * 0.01
        b = jnp.zeros(o)
        params.append((w, b))
    return params


@jit
def apply_fn(params, inputs):
    for w, b in params:
        outputs = inputs @ w + b
        inputs = nn.relu(outputs)
    return outputs  # type: ignore


def action_fn(key, params, state, epsilon):
    if random.uniform(key) < epsilon:
        return random.randint(key, (), 0, 2).item()
    return apply_fn(params, state).argmax().item()


f = jax.jit(action_fn)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    layers = [4, 16, 16, 2]
    params = [
        (rng.normal(size=(i, o)).astype(np.float32), rng.normal(size=(o,)).astype(np.float32) * 0.1)
        for i, o in zip(layers[:-1], layers[1:])
    ]
    state = rng.normal(size=(4,)).astype(np.float32)
    epsilon = np.float32(rng.uniform(0.0, 1.0))
    return (key, params, state, epsilon)


INPUTS = make_inputs


@jax.jit
def reference_fix(key, params, state, epsilon):
    explore = random.uniform(key) < epsilon
    random_action = random.randint(key, (), 0, 2)
    greedy_action = apply_fn(params, state).argmax()
    return jnp.where(explore, random_action, greedy_action)
