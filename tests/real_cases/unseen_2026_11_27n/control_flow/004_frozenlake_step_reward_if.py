"""Jumanji-style FrozenLake `step`: Python `if` on the traced grid cell and an if/else that assigns the reward.

source: qiulinlx/Frozenlake `Gridworld.py` at 11caa7f4ca2d6e80cfcc768974592c7af54e4f4f (`Frozenlake.step`,
  `_state_to_observation`, `_get_action_mask`, `_update_elf_position`) with `frtypes.py` at
  4d7f1759fd58fc5f8d41bac0dbc0944209706613 (`Position`, `State`, `Observation`). The later rewrite
  `frozenlake/env.py` at a211f15ad3757a1330b8b2a97849943abc308ce3 replaces both ifs with
  `fell_in_hole = state.grid[...] == -1` and `reward = jnp.where(goal_achieved, ...)`.
error: TracerBoolConversionError
category: if-else-assigns-reward
expect: fix
notes: the environment methods are verbatim apart from dropping the pygame/matplotlib/Visual imports, the
  spec methods and the (broken) `action_space_sample`; `__init__`/`reset` are kept. `chex.dataclass` State is a
  NamedTuple stand-in with the same fields, and jumanji's `TimeStep`/`StepType`/`termination`/`transition` are
  minimal stand-ins with jumanji's field layout. `f(state, action)` jits `env.step`. Note the original
  `if state.grid[elf_position]==-1: done` is a no-op statement, so only the reward branch changes the output.
  tracerfix's copy (not the helper's): `f` takes the state's arrays and builds `State`/`Position` itself. The judge
  loads a rewrite as a module of its own, whose `Position` is another class than the inputs': `Position.__eq__`'s
  `isinstance(other, Position)` then fails and every rewrite, even an unchanged one, compared unequal.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp


class Position(NamedTuple):
    row: jnp.ndarray
    col: jnp.ndarray

    def __eq__(self, other: "Position") -> jnp.ndarray:  # type: ignore[override]
        if not isinstance(other, Position):
            return NotImplemented
        return (self.row == other.row) & (self.col == other.col)

    def __add__(self, other: "Position") -> "Position":  # type: ignore[override]
        if not isinstance(other, Position):
            return NotImplemented
        return Position(row=self.row + other.row, col=self.col + other.col)


class State(NamedTuple):  # chex.dataclass in the original
    grid: jnp.ndarray
    step_count: jnp.ndarray  # ()
    action_mask: jnp.ndarray  # (4,)
    goal_position: Position
    elf_position: Position
    key: jnp.ndarray


class Observation(NamedTuple):
    grid: jnp.ndarray  # (num_rows, num_cols, 5)
    step_count: jnp.ndarray  # Shape ()
    action_mask: jnp.ndarray  # (4,)


# --- minimal stand-ins for jumanji.types ---
class StepType:
    FIRST = jnp.array(0, jnp.int8)
    MID = jnp.array(1, jnp.int8)
    LAST = jnp.array(2, jnp.int8)


class TimeStep(NamedTuple):
    step_type: jnp.ndarray
    reward: jnp.ndarray
    discount: jnp.ndarray
    observation: Observation
    extras: dict


def restart(observation, extras=None, shape=()):
    return TimeStep(StepType.FIRST, jnp.zeros(shape, dtype=float), jnp.ones(shape, dtype=float),
                    observation, extras or {})


def transition(reward, observation, discount=None, extras=None, shape=()):
    discount = discount if discount is not None else jnp.ones(shape, dtype=float)
    return TimeStep(StepType.MID, reward, discount, observation, extras or {})


def termination(reward, observation, extras=None, shape=()):
    return TimeStep(StepType.LAST, reward, jnp.zeros(shape, dtype=float), observation, extras or {})


grid_size=4

class Frozenlake:

    FIGURE_NAME = "Frozenlake"
    FIGURE_SIZE = (4.0, 4.0)
    MOVES = jnp.array([[-1, 0], [0, 1], [0, -1], [1, 0] ], jnp.int32) #List of actions 
    """Moves= List of actions
    0= Left
    1=Right
    2=Up
    3=Down
    """

    def __init__(self, grid_size: int=4) -> None:
        super().__init__()
        
        terminal= jnp.array([[1, grid_size-1],[grid_size-1,0] ,[grid_size-2, grid_size-1], [1, 1], [grid_size-1, grid_size-1]])
        self.grid = jnp.zeros((grid_size, grid_size), dtype=jnp.int32)
        x=terminal[..., 0]
        y=terminal[...,1]

        for i in range (0,grid_size):
             self.grid=self.grid.at[x[i], y[i]].set(-1)
        self.grid=self.grid.at[grid_size-1, grid_size-1].set(1)    
        self.grid=self.grid
        
        self.num_rows = grid_size
        self.num_cols = grid_size
        self.grid_shape = (grid_size, grid_size)

    def reset(self, key) -> Tuple[State, TimeStep]:
        key, elf_key, goal_key= jax.random.split(key, 3)
        elf_coordinates = [0,0]
        elf_position = Position(*tuple(elf_coordinates))
        goal_coordinates= [grid_size, grid_size]
        goal_position= Position(*tuple(goal_coordinates))

        state = State(
            grid= self.grid,
            key = key,
            elf_position=elf_position,
            goal_position=goal_position,
            step_count=jnp.array(0, jnp.int32),
            action_mask=self._get_action_mask(elf_position),
            )
        timestep = restart(observation=self._state_to_observation(state))
        return state, timestep

    def step(self, state: State, action
             ) -> Tuple[State, TimeStep]:
        """Run one timestep of the environment's dynamics.
        Args:
            state: `State` object containing the dynamics of the environment.
            action: Array containing the action to take:
                - 0 = Left
                - 1 = Right
                - 2 = Up
                - 3 = Down
        Returns:
            state, timestep: next state of the environment and timestep to be observed.
        """
             
        is_valid = state.action_mask[action]
        key, goal_key = jax.random.split(state.key, 2)

        elf_position = self._update_elf_position(state.elf_position, action)

        goal_achieved = elf_position == state.goal_position

        done = ~is_valid | goal_achieved 

        if state.grid[elf_position]==-1:
            done


        step_count = state.step_count + 1
        next_state = State(
            grid= self.grid,
            key=key,
            elf_position=elf_position,
            goal_position=state.goal_position,
            step_count=state.step_count + 1,
            action_mask=self._get_action_mask(elf_position),
        )


        if elf_position== state.goal_position:
            reward=1
        else:
            reward=0

        observation = self._state_to_observation(next_state)

        timestep = jax.lax.cond(
            done,
            termination,
            transition,
            reward,
            observation,
        )
        return next_state, timestep

    def _state_to_observation(self, state: State) -> Observation:
        elf = jnp.array(state.elf_position)
        goal =jnp.array(state.goal_position)
        grid = grid = jnp.concatenate(
            jax.tree_util.tree_map(
                lambda x: x[..., None], [elf, goal]))

        return Observation(
            grid=grid,
            step_count=state.step_count,
            action_mask=state.action_mask,
        )


    def _get_action_mask( self, elf_position: Position,) -> jnp.ndarray:
        def is_valid(move: jnp.ndarray) -> jnp.ndarray:
            new_elf_position = elf_position + Position(*tuple(move))
            outside_board = (
                (new_elf_position.row < 0)
                | (new_elf_position.row >= grid_size)
                | (new_elf_position.col < 0)
                | (new_elf_position.col >= grid_size)
            )
            return ~outside_board

        action_mask = jax.vmap(is_valid)(self.MOVES)
        return action_mask

    def _update_elf_position(
        self, elf_position: Position, action
    ) -> Position:
        # Possible moves are: Up, Right, Down, Left.
        row_move, col_move = self.MOVES[action]
        move_position = Position(row=row_move, col=col_move)
        next_elf_position = Position(*tuple(elf_position)) + move_position
        return next_elf_position


env = Frozenlake()


@jax.jit
def f(grid, step_count, action_mask, goal, elf, key, action):
    state = State(grid=grid, step_count=step_count, action_mask=action_mask,
                  goal_position=Position(goal[0], goal[1]), elf_position=Position(elf[0], elf[1]), key=key)
    return env.step(state, action)
# --- end user code ---

import numpy as np

_MOVES = np.array([[-1, 0], [0, 1], [0, -1], [1, 0]], np.int32)


def make_inputs(rng):
    elf = rng.integers(0, 4, size=2).astype(np.int32)
    action = np.int32(rng.integers(0, 4))
    target = elf + _MOVES[action]
    if rng.uniform() < 0.5 and np.all((target >= 0) & (target < 4)):
        goal = target.astype(np.int32)          # this move reaches the goal
    else:
        goal = rng.integers(0, 4, size=2).astype(np.int32)
    mask = np.all((elf + _MOVES >= 0) & (elf + _MOVES < 4), axis=1)
    return (np.asarray(env.grid), np.int32(rng.integers(0, 20)), mask, goal.astype(np.int32), elf,
            np.array([0, rng.integers(0, 2**31)], dtype=np.uint32), np.asarray(action))


INPUTS = make_inputs


@jax.jit
def reference_fix(grid, step_count, action_mask, goal, elf, key, action):
    state = State(grid=grid, step_count=step_count, action_mask=action_mask,
                  goal_position=Position(goal[0], goal[1]), elf_position=Position(elf[0], elf[1]), key=key)
    is_valid = state.action_mask[action]
    key, goal_key = jax.random.split(state.key, 2)
    elf_position = env._update_elf_position(state.elf_position, action)
    goal_achieved = elf_position == state.goal_position
    done = ~is_valid | goal_achieved
    next_state = State(
        grid=env.grid,
        key=key,
        elf_position=elf_position,
        goal_position=state.goal_position,
        step_count=state.step_count + 1,
        action_mask=env._get_action_mask(elf_position),
    )
    reward = jnp.where(goal_achieved, 1, 0)
    observation = env._state_to_observation(next_state)
    timestep = jax.lax.cond(done, termination, transition, reward, observation)
    return next_state, timestep
