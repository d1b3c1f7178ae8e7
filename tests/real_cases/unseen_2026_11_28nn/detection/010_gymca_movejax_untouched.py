"""gym-cellular-automata MoveJax: the JAX port of Move (static grid shape, static direction sets, jnp.where): leave it alone.

source: frasermince/gym-cellular-automata (a fork of elbecerrasoto/gym-cellular-automata that ported the operators to JAX), gym_cellular_automata/forest_fire/operators/move_modify_jax.py at commit 6a6da3a4d34061d0db72788def00b7f3c0c092a2 (class MoveJax; code-index file id 12018578980)
error: none
category: lookalike-static-shape-and-python-sets / jnp-where
expect: untouched
notes: the MoveJax class is verbatim, including the commented-out `# action = int(action)` left from the NumPy version
  (see case 001). It looks leaky: `row, col = position` unpacks a traced array, `nrows, ncols = grid.shape`,
  comparisons `row > 0`, Python sets `self.up_set` turned into arrays with `jnp.array(list(...))`. All of it is
  jit-safe: the shape is static, the sets are static constants, and every traced decision goes through jnp.where.
  Adapted: `from gymnasium import logger, spaces` dropped (unused by MoveJax) and
  `gym_cellular_automata.operator.Operator` replaced by a small stand-in base class; the directions sets come from the
  upstream bulldozer_v1.yaml action table; entry point `f = jax.jit(_move.update)`. ModifyJax and MoveModifyJax of the
  same file are left out.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Dict, Set

import jax
import jax.numpy as jnp


class Operator:
    # stand-in for gym_cellular_automata.operator.Operator
    grid_space = None
    action_space = None
    context_space = None

    def __init__(self, grid_space=None, action_space=None, context_space=None):
        self.grid_space = grid_space
        self.action_space = action_space
        self.context_space = context_space


class MoveJax(Operator):
    grid_dependant = (
        False  # If a constant size grid is used (that is usually the case).
    )
    action_dependant = True
    context_dependant = True

    deterministic = True

    def __init__(self, directions_sets: Dict[str, Set], *args, **kwargs):
        super().__init__(*args, **kwargs)

        # fmt: off
        self.up_set       = directions_sets["up"]
        self.down_set     = directions_sets["down"]
        self.left_set     = directions_sets["left"]
        self.right_set    = directions_sets["right"]
        self.not_move_set = directions_sets["not_move"]
        # fmt: on

        self.movement_set = (
            self.up_set
            | self.down_set
            | self.left_set
            | self.right_set
            | self.not_move_set
        )

    def update(self, grid, action, context):
        # A common input is a scalar of type ndarray
        # action = int(action)

        def get_new_position(position: tuple) -> jnp.array:
            row, col = position

            nrows, ncols = grid.shape

            # fmt: off
            valid_up    = row > 0
            valid_down  = row < (nrows - 1)
            valid_left  = col > 0
            valid_right = col < (ncols - 1)

            row = jnp.where(jnp.any(action == jnp.array(list(self.up_set))) & valid_up, row - 1, row)
            row = jnp.where(jnp.any(action == jnp.array(list(self.down_set))) & valid_down, row + 1, row)
            col = jnp.where(jnp.any(action == jnp.array(list(self.left_set))) & valid_left, col - 1, col)
            col = jnp.where(jnp.any(action == jnp.array(list(self.right_set))) & valid_right, col + 1, col)
            # fmt: on

            return jnp.array([row, col])

        return grid, get_new_position(context)


# bulldozer_v1.yaml: up_left 0, up 1, up_right 2, left 3, not_move 4, right 5, down_left 6, down 7, down_right 8
DIRECTIONS = {
    "up": {0, 1, 2},
    "down": {6, 7, 8},
    "left": {0, 3, 6},
    "right": {2, 5, 8},
    "not_move": {4},
}

_move = MoveJax(DIRECTIONS)
f = jax.jit(_move.update)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    grid = rng.integers(0, 4, size=(n, n)).astype(np.int32)
    action = np.int32(rng.integers(0, 9))
    edges = [0, 0, 1, 2, n - 1, n - 1]
    context = np.array([edges[rng.integers(0, len(edges))], edges[rng.integers(0, len(edges))]], dtype=np.int32)
    return grid, action, context


INPUTS = make_inputs
