"""Tabular gridworld builder: nested Python loops with `continue` that call `int()` on jnp-built index and transition arrays (staged under jit).

source: shiukaheng/rl-david-silver-2015 src/rl_david_silver_2015/mdp/gridworld_2d.py at 24a946c0594c78cef4d67d90c8c2784e489830a4 (create_gridworld_2d_tabular; code-index file id 46502250090); TabularMDP is src/rl_david_silver_2015/mdp/tabular_mdp.py at 154cd47864033ec52dcd6b652a2c18efcc5cbae4 (id 47069785296)
error: ConcretizationTypeError
category: nested-loop-int-of-staged-array
expect: fix
notes: create_gridworld_2d_tabular is verbatim. TabularMDP (a frozen, pytree-registered dataclass with checkify
  validation, terminal-state discovery and samplers built on the package's MDP/policy types) is replaced by a
  NamedTuple stand-in with the five constructor fields. Under jit every jnp op is staged, so
  `s = int(idx[i, j])`, `ns = int(idx[ni, nj])` and `nxt = int(jnp.argmax(T[s, a]))` raise even though the grid
  shape and terminal cells are static; the step cost and gamma are the traced arguments of `f`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import NamedTuple, Sequence, Tuple, List


class TabularMDP(NamedTuple):
    n_states: int
    n_actions: int
    transition: jnp.ndarray
    reward: jnp.ndarray
    gamma: float


def create_gridworld_2d_tabular(
    shape: Tuple[int, int] = (4, 4),
    terminal_states: Sequence[Tuple[int, int]] = ((0, 0), (3, 3)),
    step_cost: float = -1.0,
    gamma: float = 0.9,
) -> TabularMDP:
    """
    Build a deterministic 2D gridworld as a TabularMDP.
    - shape: (H, W) grid
    - terminal_states: list of (row, col) that are absorbing with zero reward
    - step_cost: reward for any non‐terminal transition
    - gamma: discount factor
    """
    H, W = shape
    n_states = H * W
    n_actions = 4  # 0=Up,1=Down,2=Left,3=Right

    # Map (i,j) ↔ state index
    idx = jnp.arange(n_states).reshape(H, W)

    # Initialize transition tensor and reward matrix
    T = jnp.zeros((n_states, n_actions, n_states), dtype=jnp.float32)
    R = jnp.full((n_states, n_actions), step_cost, dtype=jnp.float32)

    for i in range(H):
        for j in range(W):
            s = int(idx[i, j])

            # If this is terminal, absorb with zero reward
            if (i, j) in terminal_states:
                T = T.at[s, :, s].set(1.0)
                R = R.at[s, :].set(0.0)
                continue

            # helper to set a deterministic transition
            def _set(a, ni, nj):
                ns = int(idx[ni, nj])
                return T.at[s, a, ns].set(1.0)

            # Up
            if i > 0:
                T = _set(0, i - 1, j)
            else:
                T = T.at[s, 0, s].set(1.0)
            # Down
            if i < H - 1:
                T = _set(1, i + 1, j)
            else:
                T = T.at[s, 1, s].set(1.0)
            # Left
            if j > 0:
                T = _set(2, i, j - 1)
            else:
                T = T.at[s, 2, s].set(1.0)
            # Right
            if j < W - 1:
                T = _set(3, i, j + 1)
            else:
                T = T.at[s, 3, s].set(1.0)

            # Zero reward for moves that land in a terminal state
            for a in range(n_actions):
                nxt = int(jnp.argmax(T[s, a]))  # deterministic
                ni, nj = divmod(nxt, W)
                if (ni, nj) in terminal_states:
                    R = R.at[s, a].set(0.0)

    return TabularMDP(
        n_states=n_states,
        n_actions=n_actions,
        transition=T,
        reward=R,
        gamma=gamma,
    )


@jax.jit
def f(step_cost, gamma):
    return create_gridworld_2d_tabular((3, 4), ((0, 0), (2, 3), (1, 2)), step_cost, gamma)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-2.0, -0.1)), np.float32(rng.uniform(0.5, 0.99)))


INPUTS = make_inputs


@jax.jit
def reference_fix(step_cost, gamma):
    H, W = 3, 4
    terminal_states = ((0, 0), (2, 3), (1, 2))
    n_states, n_actions = H * W, 4
    T = np.zeros((n_states, n_actions, n_states), dtype=np.float32)
    zero_r = np.zeros((n_states, n_actions), dtype=bool)
    moves = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    for i in range(H):
        for j in range(W):
            s = i * W + j
            if (i, j) in terminal_states:
                T[s, :, s] = 1.0
                zero_r[s, :] = True
                continue
            for a, (di, dj) in enumerate(moves):
                ni, nj = i + di, j + dj
                if not (0 <= ni < H and 0 <= nj < W):
                    ni, nj = i, j
                T[s, a, ni * W + nj] = 1.0
                if (ni, nj) in terminal_states:
                    zero_r[s, a] = True
    R = jnp.where(jnp.asarray(zero_r), 0.0, jnp.full((n_states, n_actions), step_cost, dtype=jnp.float32))
    return TabularMDP(n_states=n_states, n_actions=n_actions, transition=jnp.asarray(T), reward=R, gamma=gamma)
