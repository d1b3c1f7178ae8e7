"""`DQNAgent.get_action`: epsilon-greedy with a Python `if` on a JAX random draw and `.item()` on the argmax.

source: public JAX/Flax/Optax reinforcement-learning agents file in the code index (QNetwork, DQNAgent with `get_action` and `update`, followed by SARSAgent); content-search id 24271065862, the index did not name the repository
error: TracerBoolConversionError
category: method-if-on-traced-and-item
expect: fix
notes: flax is not installed, so `QNetwork` is a plain one-layer linear network with Flax-like `init`/`apply` (the original is a `flax.linen` module); `get_action` and the parts of `DQNAgent.__init__` it reads are verbatim (optax optimiser dropped). `f` jits `get_action` for two agents, the default epsilon=0.1 (greedy branch, since uniform(PRNGKey(0)) = 0.948) and epsilon=1.0 (exploration branch), so both branches run eagerly. Under jit the constant-key `jax.random.uniform(...)` is a tracer, so the `if` fails; the greedy branch would then fail again at `.item()`. Jit-safe fix: `jnp.where(u < epsilon, randint(...), jnp.argmax(q_values))`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class QNetwork:
    def __init__(self, action_dim: int):
        self.action_dim = action_dim

    def init(self, key, x):
        w = jax.random.normal(key, (x.shape[-1], self.action_dim)) * 0.5
        return {"w": w, "b": jnp.zeros((self.action_dim,))}

    def apply(self, params, x):
        return x @ params["w"] + params["b"]


class DQNAgent:
    def __init__(self, state_dim: int, action_dim: int, learning_rate: float = 1e-3,
                 gamma: float = 0.99, epsilon: float = 0.1):
        self.action_dim = action_dim
        self.gamma = gamma
        self.epsilon = epsilon
        
        self.q_network = QNetwork(action_dim)
        self.params = self.q_network.init(jax.random.PRNGKey(0), jnp.zeros((1, state_dim)))

    def get_action(self, state: jnp.ndarray) -> int:
        if jax.random.uniform(jax.random.PRNGKey(0)) < self.epsilon:
            return jax.random.randint(jax.random.PRNGKey(0), (), 0, self.action_dim)
        else:
            q_values = self.q_network.apply(self.params, state)
            return jnp.argmax(q_values).item()


agent = DQNAgent(state_dim=4, action_dim=3)
explorer = DQNAgent(state_dim=4, action_dim=3, epsilon=1.0)


@jax.jit
def f(state):
    return agent.get_action(state), explorer.get_action(state)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4,)).astype(np.float32),)


INPUTS = make_inputs


def _get_action_fixed(a, state):
    explore = jax.random.uniform(jax.random.PRNGKey(0)) < a.epsilon
    random_action = jax.random.randint(jax.random.PRNGKey(0), (), 0, a.action_dim)
    greedy_action = jnp.argmax(a.q_network.apply(a.params, state))
    return jnp.where(explore, random_action, greedy_action)


@jax.jit
def reference_fix(state):
    return _get_action_fixed(agent, state), _get_action_fixed(explorer, state)
