"""Grid-world transition: `if/elif` chain on a traced action, then `or`-joined bounds checks that undo the move.

source: wenbinli/rl gridWorld.py (`class GridWorld`, `step`), found in the public code index
error: TracerBoolConversionError
category: if-elif-chain-or-bounds
expect: fix
notes: `step` verbatim apart from two repairs the original needs to run at all: it lacks `self` in its signature and `__init__` reads an undefined `grid_w` (the parameter is `grid_l`, used here as the width). The jitted `f` builds a 4x5 world and takes one step from a traced position with a traced action; positions on the border are drawn often so the undo branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


class GridWorld(object):
    def __init__(self, grid_h, grid_l, start_loc, goal_loc):
        self.grid_h = grid_h
        self.grid_w = grid_l
        self.start_loc = start_loc
        self.goal_loc = goal_loc

    def step(self, cur_r, cur_c, action):
        if action == 0: # left
            nxt_r = cur_r
            nxt_c = cur_c - 1
        elif action == 1: # right
            nxt_r = cur_r
            nxt_c = cur_c + 1
        elif action == 2: # up
            nxt_r = cur_r - 1
            nxt_c = cur_c
        elif action == 3: # down
            nxt_r = cur_r + 1
            nxt_c = cur_c

        # action takes the agent off the grid will leave the state unchanged
        if nxt_c < 0 or nxt_c > self.grid_w - 1:
            nxt_c = cur_c

        if nxt_r < 0 or nxt_r > self.grid_h - 1:
            nxt_r = cur_r

        return nxt_r, nxt_c


@jax.jit
def f(cur_r, cur_c, action):
    world = GridWorld(4, 5, (0, 0), (3, 4))
    return world.step(cur_r, cur_c, action)
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    cur_r = np.int32(rng.choice([0, 0, 1, 2, 3, 3]))
    cur_c = np.int32(rng.choice([0, 0, 1, 2, 3, 4, 4]))
    action = np.int32(rng.integers(0, 4))
    return (cur_r, cur_c, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(cur_r, cur_c, action):
    grid_h, grid_w = 4, 5
    dr = jnp.array([0, 0, -1, 1])[action]
    dc = jnp.array([-1, 1, 0, 0])[action]
    nxt_r = cur_r + dr
    nxt_c = cur_c + dc
    nxt_c = jnp.where((nxt_c < 0) | (nxt_c > grid_w - 1), cur_c, nxt_c)
    nxt_r = jnp.where((nxt_r < 0) | (nxt_r > grid_h - 1), cur_r, nxt_r)
    return nxt_r, nxt_c
