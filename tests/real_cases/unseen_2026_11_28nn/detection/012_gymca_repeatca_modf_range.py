"""gym-cellular-automata RepeatCA: `math.modf` and `range(int(repeats))` on a traced accumulated time.

source: elbecerrasoto/gym-cellular-automata, gym_cellular_automata/forest_fire/operators/repeat_ca.py at commit 2bcf345fe52aac0661d9cb891a3444d42c36a263 (class RepeatCA; code-index file id 39393840941). The JAX fork frasermince/gym-cellular-automata later replaced it with repeat_ca_jax.py.
error: ConcretizationTypeError
category: float-of-tracer / traced-range-bound
expect: fix
notes: RepeatCA is verbatim. Under jit the accumulated time is traced, so `math.modf(accu_time)` needs a concrete
  float and `range(int(repeats))` a concrete trip count (fixable with jnp.modf and lax.fori_loop over a traced bound).
  Adapted: `from gym_cellular_automata import Operator` replaced by a stand-in whose __call__ forwards to update
  (as the project's Operator does); the cellular automaton is a small deterministic stand-in for the project's
  random WindyForestFire (fire spreads to 4-neighbour trees, fire becomes burned; symbols and the time constants
  ta_move=0.04, ta_shoot=0.12, te_any=1e-4 are from the repository's bulldozer_v1.yaml), with t_acting/t_perception
  written from the env's action-time rule; entry point `f = jax.jit(_repeat.update)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np


class Operator:
    # stand-in for gym_cellular_automata.Operator: calling an operator runs its update
    def __init__(self, grid_space=None, action_space=None, context_space=None):
        self.grid_space = grid_space
        self.action_space = action_space
        self.context_space = context_space

    def __call__(self, grid, action, context):
        return self.update(grid, action, context)


# bulldozer_v1.yaml
EMPTY, BURNED, TREE, FIRE = 0, 1, 3, 25
NOT_MOVE, SHOOT = 4, 1
TA_MOVE, TA_SHOOT, TE_ANY = 0.04, 0.12, 1e-4


class ForestFireStandIn(Operator):
    # deterministic stand-in for the project's WindyForestFire
    def update(self, grid, action, ca_params):
        fire = grid == FIRE
        near_fire = (
            jnp.roll(fire, 1, axis=0) | jnp.roll(fire, -1, axis=0)
            | jnp.roll(fire, 1, axis=1) | jnp.roll(fire, -1, axis=1)
        )
        new_grid = jnp.where((grid == TREE) & near_fire, FIRE, jnp.where(fire, BURNED, grid))
        return new_grid, ca_params + 1


def t_acting(action):
    moving = action[0] != NOT_MOVE
    shooting = action[1] == SHOOT
    return TA_MOVE * moving + TA_SHOOT * shooting


def t_perception(state):
    return TE_ANY


class RepeatCA(Operator):

    grid_dependant = True
    action_dependant = True
    context_dependant = True

    def __init__(
        self,
        cellular_automaton,
        t_acting: Callable,
        t_perception: Callable,
        *args,
        **kwargs
    ):

        super().__init__(*args, **kwargs)

        self.t_acting = t_acting
        self.t_perception = t_perception

        self.ca = cellular_automaton
        self.suboperators = (self.ca,)

    def update(self, grid, action, context):
        ca_params, accu_time = context

        time_action = self.t_acting(action)
        time_state = self.t_perception((grid, context))
        time_taken = time_action + time_state

        accu_time += time_taken
        accu_time, repeats = math.modf(accu_time)

        for repeat in range(int(repeats)):
            grid, ca_params = self.ca(grid, action, ca_params)

        return grid, (ca_params, np.array(accu_time))


_repeat = RepeatCA(ForestFireStandIn(), t_acting, t_perception)
f = jax.jit(_repeat.update)
# --- end user code ---


def make_inputs(rng):
    n = 6
    grid = rng.choice(np.array([EMPTY, TREE, TREE, TREE, FIRE], dtype=np.int32), size=(n, n))
    action = np.array([rng.integers(0, 9), rng.integers(0, 2)], dtype=np.int32)
    ca_params = np.int32(rng.integers(0, 5))
    # accumulated time close to 1 so that some steps run the CA once and some not at all
    accu_time = np.float32(rng.choice([0.1, 0.5, 0.85, 0.9, 0.95, 0.97]))
    return grid, action, (ca_params, accu_time)


INPUTS = make_inputs


@jax.jit
def reference_fix(grid, action, context):
    ca_params, accu_time = context
    time_taken = t_acting(action) + TE_ANY
    accu_time = accu_time + time_taken
    frac, whole = jnp.modf(accu_time)
    ca = ForestFireStandIn()

    def body(i, carry):
        g, p = carry
        return ca.update(g, action, p)

    grid, ca_params = jax.lax.fori_loop(0, whole.astype(jnp.int32), body, (grid, ca_params))
    return grid, (ca_params, frac)
