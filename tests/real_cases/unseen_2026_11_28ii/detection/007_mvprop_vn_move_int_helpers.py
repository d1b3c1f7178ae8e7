"""Two grid-navigation helpers return `int(jnp.argmax(...))` / `int(jnp.argmin(...))` of traced neighbour values.

source: MVProp planner probe script `t5lab.probe_mvprop` ("Root-cause probe + distillation feasibility for the MVProp planner", zymera_lab) in the public code index (code-index file id 67549767112; helpers vn_move_from_field, vn_move_from_dist, constants H = W = 16). The index does not name the repository.
error: ConcretizationTypeError
category: helper-returns-int-of-traced
expect: fix
notes: The two helpers and the grid constants are verbatim. `_DELTAS` is imported in the original from `t5lab.mvprop`, which is not in the index; it is rebuilt as the five von-Neumann offsets in the order the docstrings give (STAY, N, E, S, W). The entry point `f` is the script's own move-match expression `vn_move_from_field(Vd, cell) == vn_move_from_dist(Dd, cell)` (the script evaluates it eagerly in a Python loop over 120 held-out mazes) wrapped in `jax.jit`, the natural next step to batch it. `int(...)` on the traced argmax/argmin is the leak (current JAX raises ConcretizationTypeError for `int()` of a traced 0-d integer array); returning the traced index keeps the value. Inputs put the agent on borders and corners (clipped neighbours) and inside the grid.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# from t5lab.mvprop import _DELTAS  (rebuilt: STAY, N, E, S, W)
_DELTAS = jnp.array([[0, 0], [-1, 0], [0, 1], [1, 0], [0, -1]], jnp.int32)

H = W = 16
GAMMA_T = 0.9          # teacher field gamma^D (0.9 -> discriminative over short goal distances)
KPROP = 24


def vn_move_from_field(V, cell):
    """argmax over the 5 von-Neumann neighbour values -> action index (STAY,N,E,S,W)."""
    nb = jnp.clip(cell[None] + _DELTAS, 0, jnp.array([H - 1, W - 1]))
    return int(jnp.argmax(V[nb[:, 0], nb[:, 1]]))


def vn_move_from_dist(D, cell):
    """argmin over the 5 von-Neumann neighbour distances -> the classical navfield move."""
    nb = jnp.clip(cell[None] + _DELTAS, 0, jnp.array([H - 1, W - 1]))
    return int(jnp.argmin(D[nb[:, 0], nb[:, 1]]))


@jax.jit
def f(Vd, Dd, cell):
    return vn_move_from_field(Vd, cell) == vn_move_from_dist(Dd, cell)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    goal = rng.integers(0, H, size=(2,))
    ii, jj = np.meshgrid(np.arange(H), np.arange(W), indexing="ij")
    D = (np.abs(ii - goal[0]) + np.abs(jj - goal[1])).astype(np.float32)
    if rng.random() < 0.5:
        V = (GAMMA_T ** D).astype(np.float32)                       # distilled field matches teacher
    else:
        V = rng.random((H, W)).astype(np.float32)                   # untrained field
    where = rng.integers(0, 3)
    if where == 0:
        cell = np.array([0, rng.integers(0, W)], np.int32)          # top border
    elif where == 1:
        cell = np.array([H - 1, W - 1], np.int32)                   # corner
    else:
        cell = rng.integers(1, H - 1, size=(2,)).astype(np.int32)
    return (V, D, cell)


INPUTS = make_inputs


@jax.jit
def reference_fix(Vd, Dd, cell):
    nb = jnp.clip(cell[None] + _DELTAS, 0, jnp.array([H - 1, W - 1]))
    move_v = jnp.argmax(Vd[nb[:, 0], nb[:, 1]])
    move_d = jnp.argmin(Dd[nb[:, 0], nb[:, 1]])
    return move_v == move_d
