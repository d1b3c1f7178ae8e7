"""Continuous-action Q-learning agent: `if jax.random.bernoulli(coin_flip_rng, epsilon):` exploration noise.

source: "CQDN" agent module built on dopamine.jax (imports dopamine.replay_memory.prioritized_replay_buffer, dopamine.jax.losses, gin, optax), public code index file id 42684569904 (create_optimizer, select_max_q_action, target_q, train, class CQDN with select_action / store_transition / train_step / _pre_train); the index does not name the repository or commit.
error: TracerBoolConversionError
category: if-on-traced-random-draw
expect: fix
notes: select_max_q_action is verbatim (an inner Adam search over actions under lax.scan) and
  select_action is the CQDN method verbatim with `self.network_def` / `self.online_params` turned into
  parameters. Stand-ins: a two-line `optax` namespace (adam, apply_updates) because optax is not
  installed here, and a quadratic critic `QuadraticQ.apply(params, state, action) -> (q,)` in place of
  the Flax network. `f` jits select_action with epsilon, the state and the key traced (the agent calls
  it every environment step); the coin flip on a traced key is a Python `if`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools
from types import SimpleNamespace
from typing import Any, Tuple

import jax
from jax import numpy as jnp
from jax import lax


# stand-in for the optax calls select_max_q_action makes
def _adam(learning_rate, b1=0.9, b2=0.999, eps=1e-8):
    def init(p):
        return (jnp.zeros_like(p), jnp.zeros_like(p), jnp.zeros((), jnp.int32))

    def update(g, state, params=None):
        m, v, t = state
        t = t + 1
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mhat = m / (1 - b1 ** t)
        vhat = v / (1 - b2 ** t)
        return -learning_rate * mhat / (jnp.sqrt(vhat) + eps), (m, v, t)

    return SimpleNamespace(init=init, update=update)


optax = SimpleNamespace(adam=_adam, apply_updates=lambda p, u: p + u)


# stand-in for the Flax critic network_def.apply(params, state, action)[0]
class QuadraticQ:
    def apply(self, params, state, action):
        target = jnp.tanh(params["w"] @ state)
        return (params["b"] - jnp.sum((action - target) ** 2),)


@functools.partial(jax.jit, static_argnums=(0, 4))
def select_max_q_action(network_def,
                        params,
                        state: jnp.ndarray,
                        action_init: jnp.ndarray,
                        max_steps=1000):
    neg_q_fn = lambda a: -1 * network_def.apply(params, state, a)[0]

    @jax.jit
    def step(carry: Tuple[jnp.ndarray, jnp.ndarray],
             step_input: Any) -> Tuple[Tuple[jnp.ndarray, jnp.ndarray], Any]:
        action, opt_state = carry
        loss, grads = jax.value_and_grad(neg_q_fn)(action)
        updates, opt_state = optimizer.update(grads, opt_state, action)
        action = optax.apply_updates(action, updates)
        carry = action, opt_state
        return carry, loss

    optimizer = optax.adam(learning_rate=1e-2)
    opt_state = optimizer.init(action_init)
    carry, step_losses = lax.scan(step, (action_init, opt_state),
                                  None,
                                  length=max_steps,
                                  unroll=100)
    action, _ = carry
    action = jnp.clip(action, -5, 5)
    q = network_def.apply(params, state, action)[0]
    return action, q


def select_action(network_def,
                  online_params,
                  state,
                  last_action,
                  rng,
                  epsilon,
                  max_steps=100) -> Tuple[jnp.ndarray, float]:
    action, q = select_max_q_action(network_def, online_params,
                                    state, last_action, max_steps)
    coin_flip_rng, noise_rng = jax.random.split(rng)
    if jax.random.bernoulli(coin_flip_rng, epsilon):
        action += jax.random.normal(noise_rng, action.shape)
    return action


NETWORK = QuadraticQ()


@jax.jit
def f(params, state, last_action, rng, epsilon):
    return select_action(NETWORK, params, state, last_action, rng, epsilon)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    params = {"w": rng.normal(size=(2, 3)).astype(np.float32),
              "b": np.float32(rng.normal())}
    state = rng.normal(size=(3,)).astype(np.float32)
    last_action = rng.normal(size=(2,)).astype(np.float32)
    key = np.asarray(jax.random.key_data(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1)))))
    epsilon = np.float32(rng.uniform(0.2, 0.8))
    return params, state, last_action, key, epsilon


INPUTS = make_inputs


@jax.jit
def reference_fix(params, state, last_action, rng, epsilon):
    action, q = select_max_q_action(NETWORK, params, state, last_action, 100)
    coin_flip_rng, noise_rng = jax.random.split(rng)
    explore = jax.random.bernoulli(coin_flip_rng, epsilon)
    return jnp.where(explore, action + jax.random.normal(noise_rng, action.shape), action)
