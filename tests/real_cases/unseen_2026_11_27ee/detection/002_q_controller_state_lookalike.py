"""Self-aware Q-learning LR controller: a jitted step on a frozen-dataclass pytree state that already uses lax.cond (look-alike).

source: public JAX script "THE FINAL SELF-AWARE AGENT" (Q-learning learning-rate controller with the "Poisoned Chalice" loss landscape), code-index file id 22336700875 (QControllerState, Q_CONTROLLER_CONFIG, q_controller_step); the index does not name the repository
error: none
category: negative-state-fields-lax-cond
expect: untouched
notes: Looks leaky: a jitted function branching on `state.exploration_rate` and on `new_loss < prev_loss`, indexing a Q-table with an index computed from traced losses, and a state class whose fields are read and replaced. Every branch already goes through `jax.lax.cond`, indices through `jnp.clip(...).astype(int32)`, and the state is a registered pytree, so it jits as is. Verbatim except: `import chex` is replaced by a two-line stand-in namespace (only `chex.Array` / `chex.PRNGKey` annotations are used), and the os.environ lines, MetaController and main() (host-side driver) are left out; `f = q_controller_step`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from dataclasses import dataclass, replace
from typing import Dict, Any

import jax
import jax.numpy as jnp


class chex:  # stand-in for the chex annotations used below
    Array = jax.Array
    PRNGKey = jax.Array


Q_CONTROLLER_CONFIG = {
    "q_table_size": 1000,
    "num_lr_actions": 4,
    "lr_change_factors": [0.5, 0.9, 1.1, 3.0],
    # The agent is now more "farsighted" to encourage seeking the global optimum.
    "learning_rate_q": 0.01, "discount_factor_q": 0.95,
    "lr_min": 5e-5, "lr_max": 5e-3,
    "loss_min": 0.001, "loss_max": 1.0,
    "min_exploration_rate": 0.1,
    "max_exploration_rate": 1.0,
    "warmup_steps": 500, "warmup_lr_start": 1e-4,
}

# --- Q-Learner State and Functions ---
@dataclass(frozen=True)
@jax.tree_util.register_pytree_node_class
class QControllerState:
    q_table: chex.Array
    current_value: jnp.ndarray; exploration_rate: jnp.ndarray; step_count: jnp.ndarray
    last_action_idx: jnp.ndarray; last_reward: jnp.ndarray
    def tree_flatten(self):
        return (self.q_table, self.current_value, self.exploration_rate,
                self.step_count, self.last_action_idx, self.last_reward), None
    @classmethod
    def tree_unflatten(cls, aux_data, children): return cls(*children)

def init_q_controller(config: Dict[str, Any]) -> QControllerState:
    q_table = jnp.zeros((config["q_table_size"], config["num_lr_actions"]), dtype=jnp.float32)
    increase_action_indices = jnp.array([2, 3])
    optimistic_bias = 0.1
    q_table = q_table.at[:, increase_action_indices].set(optimistic_bias)
    return QControllerState(
        q_table=q_table,
        current_value=jnp.array(config["warmup_lr_start"], dtype=jnp.float32),
        exploration_rate=jnp.array(config["max_exploration_rate"], dtype=jnp.float32),
        step_count=jnp.array(0, dtype=jnp.int32),
        last_action_idx=jnp.array(-1, dtype=jnp.int32),
        last_reward=jnp.array(0.0, dtype=jnp.float32))

@jax.jit
def q_controller_step(state: QControllerState, key: chex.PRNGKey, prev_loss: float, new_loss: float) -> QControllerState:
    """A unified function that chooses an action AND learns from the result."""
    config = Q_CONTROLLER_CONFIG
    
    # --- Action Selection (based on prev_loss) ---
    state_idx = jnp.clip(((prev_loss - config["loss_min"]) / ((config["loss_max"] - config["loss_min"]) / config["q_table_size"])).astype(jnp.int32), 0, config["q_table_size"] - 1)
    explore_key, action_key = jax.random.split(key)
    action_idx = jax.lax.cond(jax.random.uniform(explore_key) < state.exploration_rate,
        lambda: jax.random.randint(action_key, (), 0, config["num_lr_actions"]),
        lambda: jnp.argmax(state.q_table[state_idx]))
    new_value = jnp.clip(state.current_value * jnp.array(config["lr_change_factors"])[action_idx], config["lr_min"], config["lr_max"])
    state_after_action = replace(state, current_value=new_value, step_count=state.step_count + 1, last_action_idx=action_idx)

    # --- Learning (based on the transition from prev_loss to new_loss) ---
    ## BIGGER LAMBDA: The reward for low loss is 10x stronger.
    reward = (1.0 / (new_loss + 1e-6)) * 1.0
    improvement_bonus = jax.lax.cond(new_loss < prev_loss, lambda: 0.1, lambda: -0.1)
    total_reward = reward + improvement_bonus
    last_state_idx = state_idx
    next_state_idx = jnp.clip(((new_loss - config["loss_min"]) / ((config["loss_max"] - config["loss_min"]) / config["q_table_size"])).astype(jnp.int32), 0, config["q_table_size"] - 1)
    current_q = state_after_action.q_table[last_state_idx, state_after_action.last_action_idx]
    max_next_q = jnp.max(state_after_action.q_table[next_state_idx])
    new_q = current_q + config["learning_rate_q"] * (total_reward + config["discount_factor_q"] * max_next_q - current_q)
    new_q_table = state_after_action.q_table.at[last_state_idx, state_after_action.last_action_idx].set(new_q.astype(state_after_action.q_table.dtype))
    
    return replace(state_after_action, q_table=new_q_table, last_reward=total_reward.astype(state_after_action.last_reward.dtype))


f = q_controller_step
# --- end user code ---

import numpy as np


def make_inputs(rng):
    q_table = np.full((1000, 4), 0.0, dtype=np.float32)
    q_table[:, 2:] = 0.1
    q_table += rng.normal(scale=0.05, size=q_table.shape).astype(np.float32)
    state = QControllerState(
        q_table=q_table,
        current_value=np.float32(rng.uniform(5e-5, 5e-3)),
        # some trials almost always explore, some almost never
        exploration_rate=np.float32(rng.choice([0.0, 0.3, 1.0])),
        step_count=np.int32(rng.integers(0, 1000)),
        last_action_idx=np.int32(rng.integers(-1, 4)),
        last_reward=np.float32(rng.normal()),
    )
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    prev_loss = np.float32(rng.uniform(0.0, 1.2))
    new_loss = np.float32(rng.uniform(0.0, 1.2))
    return (state, key, prev_loss, new_loss)


INPUTS = make_inputs
