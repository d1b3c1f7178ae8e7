"""Done-signal classes whose __call__ compares a traced state field: already jit-safe.

source: public code index, code-index file id 32812753064 (a JAX RL package's done functions for its rl_pendulum environment: DoneFn, TimeTerminateDoneFn, TimeAndSolveTerminateDoneFn, NoTruncateDoneFn; the module imports `physics_environments.envs.rl_pendulum.types.State`; the index does not name the repository)
error: none
category: negative
expect: untouched
notes: the four classes verbatim. They look like the leaky pattern (a callable object holding a threshold, a method reading `state.t` and a nested `state.metric_state.did_solve`), but they return array comparisons combined with `|` instead of branching, so they are jit-safe. Adapted: chex (only used in annotations) and the package's State are not available, so `chex.Array` comes from a SimpleNamespace and State / its metric state are NamedTuple stand-ins with the two fields these classes read; the entry point `f` (a jitted function calling one instance of each class) is added.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import abc
import types
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.lax as lax

chex = types.SimpleNamespace(Array=jax.Array)  # stand-in: chex only supplies annotations here


class MetricState(NamedTuple):  # stand-in for the package's metric state
    did_solve: jax.Array


class State(NamedTuple):  # stand-in for physics_environments.envs.rl_pendulum.types.State
    t: jax.Array
    metric_state: MetricState


class DoneFn(abc.ABC):
    @abc.abstractmethod
    def __call__(self, state: State, next_state: State, action: chex.Array) -> chex.Array:
        """Call method for computing the done signal given the current and next state,
        and the action taken.
        """


class TimeTerminateDoneFn(DoneFn):
    """ Terminate the episode as soon as the episode ended as intended. """
    def __init__(self, t_episode : float):
        self.t_episode = t_episode

    def __call__(self, state: State) -> chex.Array:
        """ End naturally if reaching the episode end. """
        return (state.t >= self.t_episode)

class TimeAndSolveTerminateDoneFn(DoneFn):
    """ Terminate the episode as soon as the environment is solved or the episode ended as intended. """
    def __init__(self, t_episode : float):
        self.t_episode = t_episode

    def __call__(self, state: State) -> chex.Array:
        """ End naturally if reaching the episode end. """
        return (state.t >= self.t_episode) | state.metric_state.did_solve

class NoTruncateDoneFn(DoneFn):
    """ Truncate the episode as soon as an invalid action is taken, a forbidden state was reached, or the goal could not be reached in time by an agent. """
    def __init__(self, bump_x: float):
        # self.bump_x = bump_x
        pass

    def __call__(self, state: State) -> chex.Array:
        """ End if any cart bumps into the side """
        #return (jnp.abs(state.s_x) > self.bump_x)
        return jnp.array(False)


terminate_fn = TimeTerminateDoneFn(t_episode=10.0)
solve_fn = TimeAndSolveTerminateDoneFn(t_episode=10.0)
truncate_fn = NoTruncateDoneFn(bump_x=2.4)


@jax.jit
def f(state):
    return terminate_fn(state), solve_fn(state), truncate_fn(state)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    t = np.float32(rng.choice([10.0, rng.uniform(0.0, 20.0)]))
    did_solve = np.bool_(rng.integers(0, 2))
    return (State(t=t, metric_state=MetricState(did_solve=did_solve)),)


INPUTS = make_inputs
