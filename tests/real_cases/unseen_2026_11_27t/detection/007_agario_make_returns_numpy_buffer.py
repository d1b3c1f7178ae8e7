"""Discounted-returns helper that preallocates a NumPy buffer with onp.zeros_like(rewards) and fills it backwards.

source: code-search index file id 16994177772 (an Agar.io reinforcement-learning module, `from jax import numpy as np` / `import numpy as onp`, with `take_along`, `ppo_actor_loss`, `critic_loss`, `combine_dims`, `loss`, `loss_components`, `actor_loss`, `xs`, `fl`, `get_efficiency` ("Agario mass efficiency"), `n_step_return`, `make_returns`, `make_returns_batch`); a near-identical stored variant of the module is file id 17048912795. The index does not name the repository.
error: TracerArrayConversionError
category: numpy_on_tracer
expect: fix
notes: `make_returns` verbatim, including its `# todo: make this jittable in jax`; the entry point `f = jax.jit(make_returns)` is added (the module already jits its other helpers such as `critic_loss` and `get_efficiency`). Under jit `rewards` is a tracer, so `onp.zeros_like(rewards)` asks NumPy for its concrete value, and each `returns[i] = ret` would write a traced scalar into a NumPy array. The reversed Python loop is over the static length. `gamma` is traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as np
import numpy as onp

from typing import *


def make_returns(rewards: onp.ndarray, gamma: float) -> onp.ndarray:
    """ Calculates the discounted future returns for a single rollout
    :param rewards: numpy array containing rewards
    :param gamma: discount factor 0 < gamma < 1
    :return: numpy array containing discounted future returns
    """
    # todo: make this jittable in jax
    returns = onp.zeros_like(rewards)
    ret = 0.0
    for i in reversed(range(len(rewards))):
        ret = rewards[i] + gamma * ret
        returns[i] = ret

    return returns


f = jax.jit(make_returns)
# --- end user code ---


def make_inputs(rng):
    n = int(rng.choice([6, 9]))
    rewards = rng.normal(size=(n,)).astype(onp.float32)
    rewards[rng.random(n) < 0.3] = 0.0
    gamma = onp.float32(rng.uniform(0.8, 0.99))
    return (rewards, gamma)


INPUTS = make_inputs


@jax.jit
def reference_fix(rewards, gamma):
    def step(ret, r):
        ret = r + gamma * ret
        return ret, ret

    _, returns = jax.lax.scan(step, np.zeros((), rewards.dtype), rewards, reverse=True)
    return returns
