"""Brax-style Sudoku environment: `step` applies a move with `if is_valid:`, and validity/solution checks are Python `if`/`and` on traced arrays.

source: public code index, file id 67572090781 (class `Sudoku`, "A discrete, deterministic Sudoku environment for CRL training", built on brax.envs.base.State and dokusan; the index does not name the repository; a sibling 4-queens env in the same style, id 67578652225, is written jit-safe with jnp.where), methods `step`, `_is_valid_move`, `_is_solution_correct`, `_calculate_goal_indicators`
error: TracerBoolConversionError
category: env-step-python-if
expect: fix
notes: the four methods are verbatim. Dropped: reset/_generate_puzzle/_generate_fallback_puzzle/get_obs/pipeline_* (they need dokusan and brax.base) and the imports of brax and dokusan; brax.envs.base.State is replaced by a NamedTuple stand-in with the same fields and a `.replace` method (pipeline_state is None). Entry point `f = jax.jit(_ENV.step)`, as a brax training loop jits env.step. Leaks: `if is_valid:` and the `if ...: return False` chain in _is_valid_move (also a traced start index in the 3x3 slice), `... if is_complete else False`, `is_complete and is_correct`, and the `if not jnp.array_equal(...)` loops in _is_solution_correct.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class State(NamedTuple):
    """Stand-in for brax.envs.base.State (same fields)."""
    pipeline_state: Any
    obs: jax.Array
    reward: jax.Array
    done: jax.Array
    metrics: dict

    def replace(self, **kwargs):
        return self._replace(**kwargs)


class Sudoku:
    """
    A discrete, deterministic Sudoku environment for CRL training.
    
    The environment represents a 9x9 Sudoku grid where:
    - State: 9x9 grid (81 values) + goal indicators (27 values)
    - Actions: Discrete actions to place numbers 1-9 in cells
    - Goal: Complete the Sudoku puzzle correctly
    
    Goal indicators include:
    - 9 row completion indicators
    - 9 column completion indicators  
    - 9 3x3 sub-square completion indicators
    """
    
    def __init__(self, **kwargs):
        self.board_size = 9
        self.action_space_size = 81 * 9  # 81 cells * 9 possible numbers
        self.state_dim = 81 + 27  # board + goal indicators (no diagonals)
        self.goal_indices = jnp.arange(81, 108)  # indices 81-107 are goal indicators
        self.goal_reach_thresh = 0.5
        
        # Initialize empty board (0 represents empty cell)
        self.empty_board = jnp.zeros((9, 9), dtype=jnp.int32)
        
        # Difficulty settings for puzzle generation
        self.use_gaussian_scores = kwargs.get('use_gaussian_scores', False)
        if self.use_gaussian_scores:
            self.score_mean = kwargs.get('score_mean', 500)
            self.score_std = kwargs.get('score_std', 150)
            self.min_rank = kwargs.get('min_rank', 0)
            self.max_rank = kwargs.get('max_rank', 999)
        else:
            self.avg_rank = kwargs.get('avg_rank', 150)  # Default to medium difficulty
    
    def step(self, state: State, action: jax.Array) -> State:
        """Take a step in the environment."""
        # Decode action: action is an integer representing cell and number
        cell_idx = action // 9  # Which cell (0-80)
        number = (action % 9) + 1  # Which number (1-9)
        
        # Convert cell index to row, col
        row = cell_idx // 9
        col = cell_idx % 9
        
        # Get current board from observation
        board_flat = state.obs[:81]
        board = board_flat.reshape(9, 9)
        
        # Check if the move is valid
        is_valid = self._is_valid_move(board, row, col, number)
        
        # Apply the move if valid
        if is_valid:
            board = board.at[row, col].set(number)
        
        # Flatten the board
        new_board_flat = board.flatten()
        
        # Calculate new goal indicators
        goal_indicators = self._calculate_goal_indicators(board)
        
        # Create new observation
        obs = jnp.concatenate([new_board_flat, goal_indicators])
        
        # Calculate reward and success
        cells_filled = jnp.sum(board != 0)
        total_cells = 81
        completion_ratio = cells_filled / total_cells
        
        # Check if puzzle is complete and correct
        is_complete = cells_filled == total_cells
        is_correct = self._is_solution_correct(board) if is_complete else False
        success = jnp.array(is_complete and is_correct, dtype=float)
        
        # Success easy: when 50% of cells are filled
        success_easy = jnp.array(completion_ratio >= 0.5, dtype=float)
        
        # Reward: positive for valid moves, negative for invalid moves
        reward = jnp.where(is_valid, 1.0, -1.0)
        
        # Additional reward for completion
        reward = jnp.where(success, 100.0, reward)
        
        # Done when puzzle is complete
        done = jnp.array(is_complete, dtype=float)
        
        # Update metrics
        metrics = {
            "reward": reward,
            "success": success,
            "success_easy": success_easy,
            "cells_filled": jnp.array(cells_filled, dtype=float),
            "rows_complete": jnp.sum(goal_indicators[:9]),
            "cols_complete": jnp.sum(goal_indicators[9:18]),
            "squares_complete": jnp.sum(goal_indicators[18:27]),
        }
        
        # Keep the same pipeline_state since this is a discrete environment
        return state.replace(obs=obs, reward=reward, done=done, metrics=metrics)
    
    def _is_valid_move(self, board: jax.Array, row: int, col: int, number: int) -> bool:
        """Check if placing a number in a cell is valid according to Sudoku rules."""
        # Check if cell is empty
        if board[row, col] != 0:
            return False
        
        # Check row
        if jnp.any(board[row, :] == number):
            return False
        
        # Check column
        if jnp.any(board[:, col] == number):
            return False
        
        # Check 3x3 sub-square
        start_row = 3 * (row // 3)
        start_col = 3 * (col // 3)
        sub_square = board[start_row:start_row+3, start_col:start_col+3]
        if jnp.any(sub_square == number):
            return False
        
        return True
    
    def _is_solution_correct(self, board: jax.Array) -> bool:
        """Check if the completed board is a valid Sudoku solution."""
        # Check rows
        for row in range(9):
            if not jnp.array_equal(jnp.sort(board[row]), jnp.arange(1, 10)):
                return False
        
        # Check columns
        for col in range(9):
            if not jnp.array_equal(jnp.sort(board[:, col]), jnp.arange(1, 10)):
                return False
        
        # Check 3x3 sub-squares
        for i in range(3):
            for j in range(3):
                sub_square = board[3*i:3*i+3, 3*j:3*j+3].flatten()
                if not jnp.array_equal(jnp.sort(sub_square), jnp.arange(1, 10)):
                    return False
        
        return True
    
    def _calculate_goal_indicators(self, board: jax.Array) -> jax.Array:
        """Calculate goal indicators for rows, columns, and sub-squares."""
        indicators = []
        
        # Row completion indicators (9 values)
        for row in range(9):
            row_values = board[row, :]
            is_complete = jnp.logical_and(
                jnp.all(row_values != 0),  # All cells filled
                jnp.array_equal(jnp.sort(row_values), jnp.arange(1, 10))  # Valid Sudoku row
            )
            indicators.append(jnp.array(is_complete, dtype=float))
        
        # Column completion indicators (9 values)
        for col in range(9):
            col_values = board[:, col]
            is_complete = jnp.logical_and(
                jnp.all(col_values != 0),  # All cells filled
                jnp.array_equal(jnp.sort(col_values), jnp.arange(1, 10))  # Valid Sudoku column
            )
            indicators.append(jnp.array(is_complete, dtype=float))
        
        # 3x3 sub-square completion indicators (9 values)
        for i in range(3):
            for j in range(3):
                sub_square = board[3*i:3*i+3, 3*j:3*j+3].flatten()
                is_complete = jnp.logical_and(
                    jnp.all(sub_square != 0),  # All cells filled
                    jnp.array_equal(jnp.sort(sub_square), jnp.arange(1, 10))  # Valid Sudoku sub-square
                )
                indicators.append(jnp.array(is_complete, dtype=float))
        
        return jnp.array(indicators)


_ENV = Sudoku()
f = jax.jit(_ENV.step)
# --- end user code ---


def _solved_grid(rng):
    base = np.array([[(3 * (r % 3) + r // 3 + c) % 9 for c in range(9)] for r in range(9)])
    digits = rng.permutation(9) + 1
    return digits[base]


def make_inputs(rng):
    solution = _solved_grid(rng)
    board = solution.copy()
    n_blank = int(rng.choice([1, 1, 3, 10, 40]))
    blanks = rng.choice(81, size=n_blank, replace=False)
    board.flat[blanks] = 0
    u = rng.random()
    if u < 0.45:      # the correct digit in an empty cell (completes the grid when n_blank == 1)
        cell = int(blanks[0])
        number = int(solution.flat[cell])
    elif u < 0.7:     # a wrong digit in an empty cell (a row/column/box conflict, or valid when many blanks)
        cell = int(blanks[0])
        number = int(rng.integers(1, 10))
    else:             # any action (usually an occupied cell)
        cell = int(rng.integers(0, 81))
        number = int(rng.integers(1, 10))
    action = np.int32(cell * 9 + (number - 1))
    ind = np.asarray(_ENV._calculate_goal_indicators(jnp.asarray(board, jnp.float32)), np.float32)
    obs = np.concatenate([board.flatten().astype(np.float32), ind])
    z = np.float32(0.0)
    metrics = {k: z for k in ("reward", "success", "success_easy", "cells_filled",
                              "rows_complete", "cols_complete", "squares_complete")}
    state = State(None, obs, z, z, metrics)
    return (state, action)


INPUTS = make_inputs


def _ref_is_valid_move(board, row, col, number):
    start_row = 3 * (row // 3)
    start_col = 3 * (col // 3)
    sub_square = jax.lax.dynamic_slice(board, (start_row, start_col), (3, 3))
    return ((board[row, col] == 0)
            & ~jnp.any(board[row, :] == number)
            & ~jnp.any(board[:, col] == number)
            & ~jnp.any(sub_square == number))


def _ref_is_solution_correct(board):
    target = jnp.arange(1, 10)
    rows = jnp.all(jnp.sort(board, axis=1) == target, axis=1)
    cols = jnp.all(jnp.sort(board.T, axis=1) == target, axis=1)
    boxes = board.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
    sq = jnp.all(jnp.sort(boxes, axis=1) == target, axis=1)
    return jnp.all(rows) & jnp.all(cols) & jnp.all(sq)


@jax.jit
def reference_fix(state, action):
    cell_idx = action // 9
    number = (action % 9) + 1
    row = cell_idx // 9
    col = cell_idx % 9
    board = state.obs[:81].reshape(9, 9)
    is_valid = _ref_is_valid_move(board, row, col, number)
    board = jnp.where(is_valid, board.at[row, col].set(number), board)
    goal_indicators = _ENV._calculate_goal_indicators(board)
    obs = jnp.concatenate([board.flatten(), goal_indicators])
    cells_filled = jnp.sum(board != 0)
    completion_ratio = cells_filled / 81
    is_complete = cells_filled == 81
    success = jnp.array(is_complete & _ref_is_solution_correct(board), dtype=float)
    success_easy = jnp.array(completion_ratio >= 0.5, dtype=float)
    reward = jnp.where(is_valid, 1.0, -1.0)
    reward = jnp.where(success, 100.0, reward)
    done = jnp.array(is_complete, dtype=float)
    metrics = {
        "reward": reward,
        "success": success,
        "success_easy": success_easy,
        "cells_filled": jnp.array(cells_filled, dtype=float),
        "rows_complete": jnp.sum(goal_indicators[:9]),
        "cols_complete": jnp.sum(goal_indicators[9:18]),
        "squares_complete": jnp.sum(goal_indicators[18:27]),
    }
    return state.replace(obs=obs, reward=reward, done=done, metrics=metrics)
