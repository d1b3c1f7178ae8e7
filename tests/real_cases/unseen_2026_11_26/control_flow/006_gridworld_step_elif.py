"""A 4x4 GridWorld step: an if/elif chain on the action, clamping ifs in the move methods, and `and` in is_done.

source: SiWonSeong/RL_practice TDLearning/GridWorld.py (GridWorld)
error: TracerBoolConversionError
category: elif-chain-method-calls-and (RL environment)
expect: fix
notes: the GridWorld class verbatim (the textbook environment of "바닥부터 배우는 강화학습", used for TD learning). The jitted f that places the agent at a traced (x, y) and steps it with a traced action, as a vectorised/jitted rollout would, is ours. Inputs cover all four actions, the clamping at both walls and the terminal cell (3, 3).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


class GridWorld:
    def __init__(self):
        self.x = 0
        self.y = 0

    def step(self, action):
        if action == 0:
            self.move_right()
        elif action == 1:
            self.move_left()
        elif action == 2:
            self.move_up()
        elif action == 3:
            self.move_down()

        reward = -1
        done = self.is_done()
        return (self.y, self.x), reward, done

    def move_right(self):
        self.x += 1
        if self.x > 3:
            self.x = 3

    def move_left(self):
        self.x -= 1
        if self.x < 0:
            self.x = 0

    def move_up(self):
        self.y += 1
        if self.y > 3:
            self.y = 3

    def move_down(self):
        self.y -= 1
        if self.y < 0:
            self.y = 0

    def is_done(self):
        if self.x == 3 and self.y == 3:
            return True
        else:
            return False

    def get_state(self):
        return self.y, self.x

    def reset(self):
        self.x = 0
        self.y = 0
        return self.get_state()  # return (self.y, self.x)


@jax.jit
def f(x, y, action):
    env = GridWorld()
    env.x = x
    env.y = y
    return env.step(action)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x = np.int32(rng.choice([0, 3, rng.integers(0, 4)]))
    y = np.int32(rng.choice([0, 3, rng.integers(0, 4)]))
    action = np.int32(rng.integers(0, 4))
    return (np.asarray(x), np.asarray(y), np.asarray(action))


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y, action):
    x = jnp.where(action == 0, jnp.minimum(x + 1, 3), x)
    x = jnp.where(action == 1, jnp.maximum(x - 1, 0), x)
    y = jnp.where(action == 2, jnp.minimum(y + 1, 3), y)
    y = jnp.where(action == 3, jnp.maximum(y - 1, 0), y)
    done = (x == 3) & (y == 3)
    return (y, x), -1, done
