"""Look-alike: tabular SARSA agents whose jitted methods index a Q-table with `tuple(state)` and choose epsilon-greedy actions with `lax.cond`.

source: JAX tabular-SARSA agents module in the public code index (code-index file id 17124439427; classes SARSA, SARSASoftmax, SARSAEpsGreedy with `@functools.partial(jax.jit, static_argnums=(0,))` methods `update` and `act`); the module does `from config import *` for BINS / ALPHA / GAMMA and wraps a gymnax environment. The index does not name the repository.
error: none
category: negative-method-static-self-tuple-index-lax-cond
expect: untouched
notes: The three classes are verbatim. Adapted: `from config import *` is replaced by three constants (BINS = 5, ALPHA = 0.1, GAMMA = 0.99; the real config values are not in the index) and the gymnax wrapper by a stand-in object exposing `env.env.action_space(env.env_params).n` (3 actions); the entry point `f` (one jitted SARSA update followed by one epsilon-greedy action) is added. It looks leaky: `tuple(state)` iterates a traced array, traced integers index the table, the explore/greedy choice depends on a traced random draw, and `q_values.shape[0]` is read inside closures. All of it is jit-safe (iteration over a traced array of static length, traced scalar indices, `jax.lax.cond`, static shapes); nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
import functools

BINS = 5
ALPHA = 0.1
GAMMA = 0.99


class SARSA:
    def __init__(self, env, bins=BINS, alpha=ALPHA, gamma=GAMMA):
        self.env = env
        self.bins = bins
        self.alpha = alpha
        self.gamma = gamma
        self.Q = jnp.zeros((bins, bins, bins, bins, env.env.action_space(env.env_params).n))
        
    @functools.partial(jax.jit, static_argnums=(0,))
    def update(self, carry, transition):
        Q = carry
        state, action, reward, next_state, next_action, done = transition
        q_current = Q[tuple(state) + (action,)]
        q_next = Q[tuple(next_state) + (next_action,)]
        target = reward + (1 - done) * self.gamma * q_next
        updated_q = q_current + self.alpha * (target - q_current)
        Q = Q.at[tuple(state) + (action,)].set(updated_q)
        return Q
        
        
class SARSASoftmax(SARSA):
    def __init__(self, env, bins=BINS, alpha=ALPHA, gamma=GAMMA, tau_start=2.0, tau_end=0.1):
        super().__init__(env, bins, alpha, gamma)
        self.tau_start = tau_start
        self.tau_end = tau_end
        
    @functools.partial(jax.jit, static_argnums=(0,))
    def act(self, carry, state, tau):
        rng, Q = carry
        q_values = Q[tuple(state)] / tau
        probabilities = jax.nn.softmax(q_values)
        rng, subkey = jax.random.split(rng)
        action = jax.random.categorical(subkey, jnp.log(probabilities))
        return (rng, Q), action
    

class SARSAEpsGreedy(SARSA):
    def __init__(self, env, bins=BINS, alpha=ALPHA, gamma=GAMMA, epsilon_start=0.1, epsilon_end=0.01):
        super().__init__(env, bins, alpha, gamma)
        self.epsilon_start = epsilon_start
        self.epsilon_end = epsilon_end

    @functools.partial(jax.jit, static_argnums=(0,))
    def act(self, carry, state, epsilon):
        rng, Q = carry
        q_values = Q[tuple(state)]
        
        rng, subkey = jax.random.split(rng)
        explore = jax.random.uniform(subkey) < epsilon
        @jax.jit
        def random_action():
            return jax.random.randint(subkey, (), 0, q_values.shape[0])
        @jax.jit
        def greedy_action():
            return jnp.argmax(q_values)
        
        action = jax.lax.cond(explore, random_action, greedy_action)
        return (rng, Q), action


class _Discrete:
    n = 3


class _GymnaxEnv:
    def action_space(self, params):
        return _Discrete()


class _EnvWrapper:
    env = _GymnaxEnv()
    env_params = None


agent = SARSAEpsGreedy(_EnvWrapper())


@jax.jit
def f(Q, transition, rng, state, epsilon):
    Q = agent.update(Q, transition)
    (rng, Q), action = agent.act((rng, Q), state, epsilon)
    return Q, action, rng
# --- end user code ---


def make_inputs(rng):
    Q = rng.normal(size=(BINS, BINS, BINS, BINS, 3)).astype(np.float32)
    s = rng.integers(0, BINS, size=(4,)).astype(np.int32)
    s2 = rng.integers(0, BINS, size=(4,)).astype(np.int32)
    transition = (
        s,
        np.int32(rng.integers(0, 3)),
        np.float32(rng.normal()),
        s2,
        np.int32(rng.integers(0, 3)),
        np.float32(rng.integers(0, 2)),
    )
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    epsilon = np.float32(rng.choice([0.0, 0.5, 1.0]))
    return (Q, transition, key, s2, epsilon)


INPUTS = make_inputs
