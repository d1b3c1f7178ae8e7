"""gym-cellular-automata Move operator: `int(action)` and set membership on a traced action.

source: elbecerrasoto/gym-cellular-automata, gym_cellular_automata/forest_fire/operators/move_modify.py at commit 0a3416bd9b1111b4c14b7e3e33f1cdd40157edb1 (class Move; code-index file id 38820163604). The project later ported it to JAX as `MoveJax` (jnp.where on `jnp.any(action == jnp.array(list(self.up_set)))`, file id 11935576154).
error: ConcretizationTypeError
category: int-of-tracer / python-set-membership / and-truth-test
expect: fix
notes: the Move class is verbatim (NumPy version, before the JAX port). Adapted: `from gym import logger, spaces`
  dropped (unused by Move) and `gym_cellular_automata.operator.Operator` replaced by a small stand-in base class that
  only stores the spaces; the directions sets come from the repository's bulldozer_v1.yaml action table
  (up_left=0 ... down_right=8); the entry point is `f = jax.jit(_move.update)`. Under jit, `int(action)` on the
  traced action raises; after that, `action in self.up_set` (a Python set) and `... and valid_up` also need
  concrete values. The Modify and MoveModify classes of the same file are left out.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Dict, Set

import jax
import numpy as np


class Operator:
    # stand-in for gym_cellular_automata.operator.Operator
    grid_space = None
    action_space = None
    context_space = None

    def __init__(self, grid_space=None, action_space=None, context_space=None):
        self.grid_space = grid_space
        self.action_space = action_space
        self.context_space = context_space


class Move(Operator):

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
        action = int(action)

        def get_new_position(position: tuple) -> np.array:
            row, col = position

            nrows, ncols = grid.shape

            # fmt: off
            valid_up    = row > 0
            valid_down  = row < (nrows - 1)
            valid_left  = col > 0
            valid_right = col < (ncols - 1)

            if (action in self.up_set)    and valid_up:
                row -= 1

            if (action in self.down_set)  and valid_down:
                row += 1

            if (action in self.left_set)  and valid_left:
                col -= 1

            if (action in self.right_set) and valid_right:
                col += 1
            # fmt: on

            return np.array([row, col])

        return grid, get_new_position(context)


# bulldozer_v1.yaml: up_left 0, up 1, up_right 2, left 3, not_move 4, right 5, down_left 6, down 7, down_right 8
DIRECTIONS = {
    "up": {0, 1, 2},
    "down": {6, 7, 8},
    "left": {0, 3, 6},
    "right": {2, 5, 8},
    "not_move": {4},
}

_move = Move(DIRECTIONS)
f = jax.jit(_move.update)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    n = 5
    grid = rng.integers(0, 4, size=(n, n)).astype(np.int32)
    action = np.int32(rng.integers(0, 9))
    edges = [0, 0, 1, 2, n - 1, n - 1]
    context = np.array([edges[rng.integers(0, len(edges))], edges[rng.integers(0, len(edges))]], dtype=np.int32)
    return grid, action, context


INPUTS = make_inputs

_UP = jnp.array([0, 1, 2])
_DOWN = jnp.array([6, 7, 8])
_LEFT = jnp.array([0, 3, 6])
_RIGHT = jnp.array([2, 5, 8])


@jax.jit
def reference_fix(grid, action, context):
    row, col = context[0], context[1]
    nrows, ncols = grid.shape
    valid_up = row > 0
    valid_down = row < (nrows - 1)
    valid_left = col > 0
    valid_right = col < (ncols - 1)
    row = jnp.where(jnp.any(action == _UP) & valid_up, row - 1, row)
    row = jnp.where(jnp.any(action == _DOWN) & valid_down, row + 1, row)
    col = jnp.where(jnp.any(action == _LEFT) & valid_left, col - 1, col)
    col = jnp.where(jnp.any(action == _RIGHT) & valid_right, col + 1, col)
    return grid, jnp.array([row, col])
