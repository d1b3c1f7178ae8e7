"""Differentiable A*: the path back-tracking helper walks parents with `int()`, `range(t + 1)` and an `if`.

source: yonetaniryo/neural-astar-jax src/neural_astar_jax/planner/differentiable_astar.py, early revision (get_heuristic_map, st_softmax_noexp, expand, `backtrack(goal_map, parents, t)` with a Python loop, DifferentiableAstar returning the while_loop carry); the revision stored at 06f5eab2719215f71a890e09a727c2433387d5dd replaced `backtrack` by a jitted `_backtrack` built on `jax.lax.while_loop` and calls it inside `forward`
error: TracerBoolConversionError
category: helper-int-range-on-carry-field
expect: fix
notes: the functions and the class are verbatim except: chex is not installed, so `chex.dataclass`
  is a plain `dataclasses.dataclass` (the class only holds config and `forward`) and `Array` is
  `jax.Array`; `jnp.clip(..., a_min=, a_max=)` (keywords removed from JAX) is spelled `min=`/`max=`;
  `from __future__ import annotations` is dropped (the case file has a docstring before it).
  `f` runs the search and then the back-tracking in one jitted call, which is what the later
  revision does. The traced values reach the helper through the NamedTuple carry returned by the
  object's compiled `forward`: `backtrack` tests `jnp.any(jnp.isnan(parents))`, converts indices
  with `int()` and loops `range(t + 1)` on the traced step count. The NaN branch is not exercised
  (finite cost maps never produce NaN parents).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

Array = jax.Array
dataclass = dataclasses.dataclass


@partial(jax.jit, static_argnames="tb_factor")
def get_heuristic_map(goal_map, tb_factor=0.001):
    H, W = goal_map.shape
    goal_idx = jnp.argmax(goal_map)
    goal_y, goal_x = jnp.unravel_index(goal_idx, goal_map.shape)
    x, y = jnp.meshgrid(jnp.arange(W), jnp.arange(H))
    x, y = x.flatten(), y.flatten()
    euc = jnp.sqrt((goal_y - y) ** 2 + (goal_x - x) ** 2)
    cheb = (
        jnp.abs(goal_y - y)
        + jnp.abs(goal_x - x)
        - jnp.minimum(jnp.abs(goal_y - y), jnp.abs(goal_x - x))
    )
    h = (cheb + tb_factor * euc).reshape(goal_map.shape)
    return h


@jax.jit
def st_softmax_noexp(val):
    val_ = val.flatten()
    y = val_ / val_.sum()
    idx = jnp.argmax(val_)
    y_hard = jnp.zeros_like(val_)
    y_hard = y_hard.at[idx].set(1)
    y_hard = y_hard.reshape(val.shape)
    y = y.reshape(val.shape)
    zero = y - jax.lax.stop_gradient(y)
    return zero + jax.lax.stop_gradient(y_hard)


@jax.jit
def expand(idx_map):

    padded_map = jnp.zeros((idx_map.shape[0] + 2, idx_map.shape[1] + 2))
    padded_map = jax.lax.dynamic_update_slice(padded_map, idx_map, (1, 1))
    idx = jnp.argmax(padded_map)
    idx_y, idx_x = jnp.unravel_index(idx, padded_map.shape)
    neighbor = jnp.ones((3, 3)).at[1, 1].set(0)
    neighbor_map = jax.lax.dynamic_update_slice(
        padded_map, neighbor, (idx_y - 1, idx_x - 1)
    )
    return neighbor_map[1:-1, 1:-1]


def backtrack(goal_map, parents, t):
    if jnp.any(jnp.isnan(parents)):
        return goal_map
    path_map = goal_map.flatten()
    next_idx = int(jnp.argmax(goal_map.flatten()))

    for _ in range(t + 1):
        path_map = path_map.at[next_idx].set(1)
        next_idx = int(parents[next_idx])
    return path_map.reshape(goal_map.shape)


@dataclass
class DifferentiableAstar:
    Tmax: float = 1.0
    g_ratio: float = 0.5

    def __post_init__(self):
        self.forward = self.build_forward()

    def __call__(self, cost_map, start_map, goal_map, obstacles_map):
        return self.forward(cost_map, start_map, goal_map, obstacles_map)

    def build_forward(self):
        def forward(cost_map, start_map, goal_map, obstacles_map):
            H, W = cost_map.shape

            open_map = start_map
            history = jnp.zeros_like(start_map)
            parents = jnp.ones_like(start_map).flatten() * jnp.argmax(
                goal_map.flatten()
            )

            h = get_heuristic_map(goal_map) + cost_map
            g = jnp.zeros_like(start_map)

            T = start_map.size * self.Tmax

            class Carry(NamedTuple):
                g: Array
                idx_map: Array
                parents: Array
                open_map: Array
                history: Array
                t: int

            def cond(carry: Carry) -> bool:
                return ~(jnp.allclose(carry.idx_map, goal_map) | (carry.t > T))

            def body(carry: Carry) -> Carry:
                f = self.g_ratio * carry.g + (1 - self.g_ratio) * h
                f_exp = jnp.exp(-1 * f / jnp.sqrt(W))
                f_exp = f_exp * carry.open_map
                idx_map = st_softmax_noexp(f_exp)
                idx = jnp.argmax(idx_map)
                idx_y, idx_x = jnp.unravel_index(idx, obstacles_map.shape)

                history = jnp.clip(carry.history + idx_map, max=1)
                open_map = jnp.clip(carry.open_map - idx_map, min=0, max=1)
                neighbor_map = expand(idx_map) * obstacles_map

                g2 = (carry.g + cost_map) * neighbor_map
                neighbor_map = (
                    (1 - open_map) * (1 - history) + open_map * (carry.g > g2)
                ) * neighbor_map
                g = jax.lax.stop_gradient(
                    g2 * neighbor_map + carry.g * (1 - neighbor_map)
                )
                open_map = jax.lax.stop_gradient(
                    jnp.clip(open_map + neighbor_map, max=1)
                )
                parents = idx * neighbor_map.flatten() + carry.parents * (
                    1 - neighbor_map.flatten()
                )

                return Carry(
                    g=g,
                    idx_map=idx_map,
                    parents=parents,
                    open_map=open_map,
                    history=history,
                    t=carry.t + 1,
                )

            carry = jax.lax.while_loop(
                cond,
                body,
                Carry(
                    g=g,
                    idx_map=start_map,
                    parents=parents,
                    open_map=open_map,
                    history=history,
                    t=0,
                ),
            )

            return carry

        return jax.jit(forward)


astar = DifferentiableAstar(Tmax=1.0, g_ratio=0.5)


@jax.jit
def f(cost_map, start_map, goal_map, obstacles_map):
    carry = astar(cost_map, start_map, goal_map, obstacles_map)
    path_map = backtrack(goal_map, carry.parents, carry.t)
    return path_map, carry.history
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    obstacles = (rng.random((n, n)) > 0.25).astype(np.float32)
    cells = rng.choice(n * n, size=2, replace=False)
    start = np.zeros(n * n, np.float32)
    goal = np.zeros(n * n, np.float32)
    start[cells[0]] = 1.0
    goal[cells[1]] = 1.0
    obstacles.flat[cells] = 1.0
    if rng.random() < 0.25:   # wall the goal in: the search runs out its step budget
        gy, gx = divmod(int(cells[1]), n)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dy or dx) and 0 <= gy + dy < n and 0 <= gx + dx < n and (gy + dy) * n + gx + dx != cells[0]:
                    obstacles[gy + dy, gx + dx] = 0.0
    cost = rng.random((n, n)).astype(np.float32)
    return (cost, start.reshape(n, n), goal.reshape(n, n), obstacles)


INPUTS = make_inputs


@jax.jit
def reference_fix(cost_map, start_map, goal_map, obstacles_map):
    carry = astar(cost_map, start_map, goal_map, obstacles_map)
    parents, t = carry.parents, carry.t
    path_map = goal_map.flatten()
    next_idx = jnp.argmax(path_map)

    def body(_, c):
        path_map, next_idx = c
        path_map = path_map.at[next_idx].set(1)
        return path_map, parents[next_idx].astype(int)

    path_map, _ = jax.lax.fori_loop(0, t + 1, body, (path_map, next_idx))
    path_map = jnp.where(jnp.any(jnp.isnan(parents)), goal_map, path_map.reshape(goal_map.shape))
    return path_map, carry.history
