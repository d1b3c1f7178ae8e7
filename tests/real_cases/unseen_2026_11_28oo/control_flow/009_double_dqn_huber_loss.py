"""Double/dueling DQN trained with stax: the Huber `loss` picks its branch with a Python `if` on the TD errors inside the jitted Bellman loss.

source: public JAX reinforcement-learning agent in the code index (code-index file id 28496466784: module importing jax.experimental.stax / optimizers and `from buffer import ReplayBuffer`, defining LinSched and class DoubleDQN with choose_action, q_network, update_base, sample_batch, update_target, Bellman_loss, loss); the index does not name the repository or commit
error: TracerBoolConversionError
category: piecewise-loss-branch
expect: fix
notes: `q_network`, `Bellman_loss` (with its `@partial(jit, static_argnums=(0,))`) and `loss` verbatim. Stand-ins: the stax imports point to jax.example_libraries (jax.experimental.stax was removed); the constructor keeps only what these methods read (num_actions, dueling, init/apply) instead of building the replay buffer, environment, schedule and optimizer; module-level parameters from `init`; the jitted entry point `f` takes `value_and_grad` of the loss as `update_base` does with `grad(self.Bellman_loss)`. `if jnp.all(jnp.abs(x) <= d)` is an all-or-nothing branch on traced TD errors (not an elementwise Huber), so the faithful fix is a scalar select / lax.cond on `jnp.all(...)`. make_inputs uses small targets (all |TD error| <= 1, quadratic branch) or large ones (linear branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random, lax
from jax.example_libraries import stax
from jax.example_libraries.stax import Dense, Relu, FanOut, elementwise
from jax import jit
from functools import partial


class DoubleDQN(object):

    def __init__(self, num_actions, dueling=True):
        self.num_actions = num_actions
        self.dueling = dueling
        self.init, self._apply = self.q_network()
        self.apply = self._apply

    def q_network(self):
        #no regression !
        if self.dueling:
            init, apply = stax.serial(
                            elementwise(lambda x: x/10000.0),
                            stax.serial(Dense(128), Relu, Dense(64), Relu ), #base layers
                            FanOut(2),
                            stax.parallel(
                                            stax.serial(Dense(32), Relu, Dense(1)), #state value
                                            stax.serial(Dense(32), Relu, Dense(self.num_actions))
                                           ) #advantage func
                            )
                            
        else:        
            init, apply = stax.serial(elementwise(lambda x: x/10000.0), Dense(64), Relu, \
                                      Dense(32), Relu, Dense(self.num_actions))
        
        return init, apply

        #loss function that has grad directly applied to is has to
        #contain apply func
    @partial(jit, static_argnums=(0,))
    def Bellman_loss(self, params, states, actions, targets):
        if self.dueling:
            value, adv = self.apply(params, states)
            q_vals = value + adv - jnp.mean(adv) ##fit this to...
        else:
            q_vals = self.apply(params, states)
        #fitting the q vals of actions which have actually been taken by isolating these qvals
        q_vals_reshape = jnp.take_along_axis(q_vals, jnp.expand_dims(actions, axis=1), axis=1)
        
        return jnp.mean(self.loss(q_vals_reshape - targets))
    
    
    def loss(self, x):
        d = 1.0
        if jnp.all(jnp.abs(x) <= d) :
            return 0.5 * x**2 
        else:
            return (0.5*d**2 + d * (jnp.abs(x) - d))


_agent = DoubleDQN(num_actions=4)
_, _params = _agent.init(random.PRNGKey(0), (-1, 8))


@jit
def f(states, actions, targets):
    return jax.value_and_grad(_agent.Bellman_loss)(_params, states, actions, targets)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    batch = 16
    states = rng.normal(scale=5000.0, size=(batch, 8)).astype(np.float32)
    actions = rng.integers(0, 4, size=batch).astype(np.int32)
    if rng.random() < 0.5:
        targets = rng.uniform(-0.8, 0.8, size=batch)      # |TD error| <= 1 everywhere
    else:
        targets = rng.uniform(-2.0, 2.0, size=batch)      # some |TD error| > 1
    return (states, actions, targets.astype(np.float32))


INPUTS = make_inputs


def _ref_loss(params, states, actions, targets):
    value, adv = _agent.apply(params, states)
    q_vals = value + adv - jnp.mean(adv)
    q_vals_reshape = jnp.take_along_axis(q_vals, jnp.expand_dims(actions, axis=1), axis=1)
    x = q_vals_reshape - targets
    d = 1.0
    per = jnp.where(jnp.all(jnp.abs(x) <= d), 0.5 * x ** 2, 0.5 * d ** 2 + d * (jnp.abs(x) - d))
    return jnp.mean(per)


@jit
def reference_fix(states, actions, targets):
    return jax.value_and_grad(_ref_loss)(_params, states, actions, targets)
