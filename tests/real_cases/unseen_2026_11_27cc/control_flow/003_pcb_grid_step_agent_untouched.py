"""Jumanji PCB-grid env: an agent's move is already jit-safe (lax.cond / lax.switch, `&` on bounds, static rows/cols).

source: instadeepai/jumanji jumanji/jax/pcb_grid/env.py at 0e1f02f8fdeba13be39598cb8f98b1767142b583 (PcbGridEnv._extract_agent_information, is_agent_connected, _step_agent, _is_valid, _move_agent and the module-level `move`), constants from jumanji/jax/pcb_grid/constants.py at 265088ec8c57f9a1c3beef59159e0a1b53dac61f
error: none
category: negative
expect: untouched
notes: the methods are verbatim; the class keeps only them and a cut-down __init__ (rows, cols, num_agents, obs_ints; the renderer, reward constants, specs, reset/step and the difficulty check are dropped). `Position` comes from jumanji/jax/pcb_grid/types.py, which is not in the index: a NamedTuple(x, y) stand-in is used (indexing grid[position] needs a tuple). The JaxEnv base class and chex types are dropped. Entry point `f = jax.jit(_ENV._step_agent)`. It reads like leaky code (`0 <= row`, `row < self.rows`, an `if`-like choice between moving and not moving) but every branch is already lax.cond / lax.switch / `&`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp
from jax import Array

# Observations
EMPTY = 0
OBSTACLE = 1
SOURCE = 2
TARGET = 3
HEAD = 4

# Actions
NOOP = 0
LEFT = 1
UP = 2
RIGHT = 3
DOWN = 4


class Position(NamedTuple):
    x: Array
    y: Array


class PcbGridEnv:
    def __init__(self, rows: int = 12, cols: int = 12, num_agents: int = 1):
        self.rows = rows
        self.cols = cols
        self.num_agents = num_agents
        self.obs_ints = 2 + 3 * num_agents

    def _extract_agent_information(
        self, grid: Array, agent_id: int
    ) -> Tuple[Position, Position]:
        """Extract the agent's head and target position in the state grid.

        Args:
            grid (Array): the environment state grid (self.rows, self.cols).
            agent_id (int): the agents id.

        Return:
            Tuple[Position, Position]: the agent's head and target position in the grid."""
        d = agent_id * 3
        head = jnp.where(grid == 4 + d, size=1)
        head = Position(x=head[0][0], y=head[1][0])
        target = jnp.where(grid == 3 + d, size=1)
        target = Position(x=target[0][0], y=target[1][0])
        return head, target

    @staticmethod
    def is_agent_connected(grid: Array, agent_id: int) -> jnp.bool_:
        """Checks to see if an agent is done.

        Args:
            grid (Array): the environment state grid.
            agent_id (int): the agents id.
        Return:
            bool : true if agent is connected otherwise false.
        """
        d = agent_id * 3
        target = 3 + d

        return jnp.logical_not(jnp.isin(target, grid))

    def _step_agent(self, grid: Array, agent_id: int, action: int) -> Array:
        """Take an agent step.

        Args:
            grid (Array): the environment state grid.
            id (int): the agents id.
            action (int): the agents action.

        Return:
            Array: the new updated state."""
        pos, _ = self._extract_agent_information(grid, agent_id)
        position = move(pos, action)
        is_not_valid = jnp.logical_not(self._is_valid(grid, agent_id, position))
        return jax.lax.cond(
            ((action == NOOP) | (is_not_valid)),
            lambda x: x[0],
            lambda x: self._move_agent(x),
            (grid, agent_id, position),
        )

    def _is_valid(
        self,
        grid: Array,
        agent_id: int,
        position: Position,
    ) -> jnp.bool_:
        """Checks to see if an agents move is valid.

        Args:
            grid (Array): the environment state grid.
            agent_id (int): the agents id.
            position (Tuple[Array,Array]): the agents position.

        Return:
            bool: True if the agent moving to position is valid."""
        row, col = position.x, position.y
        return (
            (0 <= row)
            & (row < self.rows)
            & (0 <= col)
            & (col < self.cols)
            & ((grid[position] == EMPTY) | (grid[position] == TARGET + 3 * agent_id))
            & (jnp.logical_not(self.is_agent_connected(grid, agent_id)))
        )

    def _move_agent(self, grid_id_position: Tuple[Array, int, Position]) -> Array:
        """Move an agent.

        Args:
            grid (Array): the environment state grid.
            agent_id (Agent): the id of the agent being moved.
            position (tuple(int, int)): the position the agent is moving to.

        Return:
            Array: the new updated environment state."""
        grid, agent_id, position = grid_id_position
        pos, _ = self._extract_agent_information(grid, agent_id)
        new_grid = grid.at[pos].set(SOURCE + 3 * agent_id)

        new_grid = new_grid.at[position].set(HEAD + 3 * agent_id)

        return new_grid


def move(position: Position, action: int) -> Position:
    """Use a position and an action to return a new position.

    Args:
        position (Position): a position representing row and col.
        action (int): the action representing cardinal directions.

    Return:
        Position : the new position after the move.
    """

    move_left = lambda position: (position.x, position.y - 1)
    move_up = lambda position: (position.x - 1, position.y)
    move_right = lambda position: (position.x, position.y + 1)
    move_down = lambda position: (position.x + 1, position.y)

    new_pos_row, new_pos_col = jax.lax.switch(
        action - 1, [move_left, move_up, move_right, move_down], position
    )

    new_pos = Position(x=new_pos_row, y=new_pos_col)

    return new_pos


_ENV = PcbGridEnv(rows=6, cols=6, num_agents=2)
f = jax.jit(_ENV._step_agent)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    rows = cols = 6
    grid = np.zeros((rows, cols), dtype=np.int32)
    cells = rng.permutation(rows * cols)
    # a few obstacles and wire segments
    for c in cells[:4]:
        grid[c // cols, c % cols] = OBSTACLE
    for c in cells[4:7]:
        grid[c // cols, c % cols] = SOURCE + 3 * int(rng.integers(0, 2))
    # heads (always present) and targets (sometimes already connected = removed)
    heads = cells[7:9]
    # put agent 0's head on the border half of the time so moves can leave the grid
    if rng.random() < 0.5:
        heads = np.array([int(rng.integers(0, cols)), heads[1]])
        grid.flat[heads[0]] = EMPTY
    grid.flat[heads[0]] = HEAD
    grid.flat[heads[1]] = HEAD + 3
    for a, c in enumerate(cells[9:11]):
        if rng.random() < 0.8:
            grid.flat[c] = TARGET + 3 * a
    agent_id = np.int32(rng.integers(0, 2))
    action = np.int32(rng.integers(0, 5))
    return (grid, agent_id, action)


INPUTS = make_inputs
