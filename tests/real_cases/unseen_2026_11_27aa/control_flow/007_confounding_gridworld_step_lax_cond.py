"""Confounding gridworld MDP env: `step` already selects the done/active branch with lax.cond (look-alike).

source: public JAX "confounding gridworld" environment module in the code index (file id 53331945505; sections
    "Env / MDP specification", "Build analytic MDP + rendering spec", "Rendering", "Single-env reset / step";
    the index does not name its repository): EnvParams, MDPEnvSpec, EnvState, _create_symbolic_grid,
    make_confounding_mdp_spec, render_obs, step
error: none
category: negative / lax-cond-on-state-done, python-loops-only-on-host-numpy, static-frame-size-branch
expect: untouched
notes: the functions are verbatim. `flax.struct.dataclass` is replaced by a small stand-in (frozen dataclass
    registered as a pytree) because flax is not installed; `gym.spaces`, matplotlib, the vectorised wrappers,
    policy evaluation and the EnvPool adapter are dropped. The spec is built on the host with NumPy loops
    (`make_confounding_mdp_spec`) and closed over by the jitted entry point `f(key, state, action)`, so
    `if stack == 1` in `render_obs` tests a static frame size; the traced `state.done` only reaches
    `lax.cond`, and `jax.random.choice(key, S, p=probs)` has a static S.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from typing import Dict, Tuple, Any

import numpy as np
import numpy as onp
import jax
import jax.numpy as jnp
from jax import lax, random
import jax.image as jimage


class flax:  # stand-in for flax.struct.dataclass (flax is not installed here)
    class struct:
        @staticmethod
        def dataclass(cls):
            cls = dataclasses.dataclass(frozen=True)(cls)
            names = [fld.name for fld in dataclasses.fields(cls)]
            return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


# Global debug flag
debug: bool = False

# ============================================================
# 1. Env / MDP specification
# ============================================================

@flax.struct.dataclass
class EnvParams:
    n_path: int                      # number of '>' cells in each corridor
    epsilon: float = 0.1             # hazard prob to go to bottom
    frame_size: Tuple[int, int, int] = (1, 84, 84)
    max_steps: int = 200             # truncation horizon
    gamma: float = .99               # discount factor



@flax.struct.dataclass
class MDPEnvSpec:
    params: EnvParams
    P: jnp.ndarray              # (S, A, S)
    R: jnp.ndarray              # (S, A)
    state_coords: jnp.ndarray   # (S, 2) int32 (row, col)
    is_terminal: jnp.ndarray    # (S,) bool
    initial_state: jnp.ndarray  # scalar int32
    critical_states: Tuple[jnp.ndarray, ...]
    grid_intensity: jnp.ndarray # (n_rows, n_cols) uint8



@flax.struct.dataclass
class EnvState:
    s: jnp.ndarray      # state index (scalar int32)
    done: jnp.ndarray   # bool
    step: jnp.ndarray   # int32



# ============================================================
# 2. Symbolic grid helper (Python-side)
# ============================================================

def _create_symbolic_grid(n_path: int) -> onp.ndarray:
    """
    Create a 5 x n_cols char grid with '#', 'I', '@', '>', '!', 'G', 'F', 'W'.

    Layout:

      row 0: walls except G at col = n_path
      row 1: '#' at col 0, then '>' * (n_path-1), '!' at col n_path, 'W' at col n_path+1
      row 2: 'I' at col 0, '@' at col 1, walls elsewhere
      row 3: symmetric to row 1
      row 4: walls except F at col = n_path
    """
    n_cols = n_path + 3
    grid = onp.full((5, n_cols), '#', dtype='<U1')

    # Row 0: all walls except G
    grid[0, n_path] = 'G'

    # Row 1: # >...> ! W
    grid[1, 1:n_path] = '>'
    grid[1, n_path] = '!'
    grid[1, n_path + 1] = 'W'

    # Row 2: I @ ####
    grid[2, 0] = 'I'
    grid[2, 1] = '@'

    # Row 3: same as row 1
    grid[3, 1:n_path] = '>'
    grid[3, n_path] = '!'
    grid[3, n_path + 1] = 'W'

    # Row 2: walls except F
    grid[2, n_path] = 'F'

    return grid


# ============================================================
# 3. Build analytic MDP + rendering spec
# ============================================================

def make_confounding_mdp_spec(
    params: EnvParams,
    dtype=jnp.float32
) -> MDPEnvSpec:
    """
    Build the confounding gridworld MDP + rendering information.

    Returns an MDPEnvSpec with:
        - P: (S, A, S)
        - R: (S, A)
        - state_coords: (S,2)
        - is_terminal: (S,)
        - initial_state: scalar
        - grid_intensity: (n_rows, n_cols) uint8 background
    """
    n_path = params.n_path
    epsilon = params.epsilon
    gamma = params.gamma

    grid = _create_symbolic_grid(n_path)
    n_rows, n_cols = grid.shape
    A = 4  # 0=UP,1=DOWN,2=LEFT,3=RIGHT

    # 1) Assign indices to non-wall cells
    state_index: Dict[Tuple[int, int], int] = {}
    coords = []
    s = 0
    for r in range(n_rows):
        for c in range(n_cols):
            if grid[r, c] != '#':
                state_index[(r, c)] = s
                coords.append((r, c))
                s += 1
    S = s
    state_coords_np = onp.array(coords, dtype=onp.int32)

    # 2) Allocate P and R (NumPy)
    P_np = onp.zeros((S, A, S), dtype=onp.float64)
    R_np = onp.zeros((S, A), dtype=onp.float64)

    def is_terminal_sym(sym: str) -> bool:
        return sym in ['G', 'W', 'F']

    # Hazard successors
    top_start = state_index[(1, 1)]
    bot_start = state_index[(3, 1)]

    critical_states = set()

    # Fill transitions
    for s_idx in range(S):
        r, c = state_coords_np[s_idx]
        sym = grid[r, c]

        if is_terminal_sym(sym):
            # Absorbing
            for a in range(A):
                P_np[s_idx, a, s_idx] = 1.0
                R_np[s_idx, a] = 0.0
            continue

        for a in range(A):
            # Default: self-loop, 0 reward
            P_np[s_idx, a, s_idx] = 1.0
            R_np[s_idx, a] = 0.0

            # I (start)
            if sym == 'I':
                if a == 3:  # RIGHT
                    s_next = state_index[(2, 1)]  # '@'
                    P_np[s_idx, a, :] = 0.0
                    P_np[s_idx, a, s_next] = 1.0
                    R_np[s_idx, a] = 0.0
                continue

            # Hazard '@'
            if sym == '@':
                P_np[s_idx, a, :] = 0.0
                P_np[s_idx, a, top_start] = 1.0 - epsilon
                P_np[s_idx, a, bot_start] = epsilon
                R_np[s_idx, a] = 0.0
                continue

            # Path '>'
            if sym == '>':
                if a == 3:  # RIGHT
                    r2, c2 = r, c + 1
                    if 0 <= r2 < n_rows and 0 <= c2 < n_cols and grid[r2, c2] != '#':
                        s_next = state_index[(r2, c2)]
                        P_np[s_idx, a, :] = 0.0
                        P_np[s_idx, a, s_next] = 1.0
                        R_np[s_idx, a] = 1.0
                # other actions: self-loop
                continue

            # Choice '!'
            if sym == '!':
                critical_states.add(s_idx)
                if a == 3:  # RIGHT -> W
                    r2, c2 = r, c + 1
                    s_next = state_index[(r2, c2)]
                    P_np[s_idx, a, :] = 0.0
                    P_np[s_idx, a, s_next] = 1.0
                    R_np[s_idx, a] = 1.0
                elif a == 0:  # UP -> G or F
                    if r == 1:  # top corridor
                        r2, c2 = 0, n_path
                        s_next = state_index[(r2, c2)]
                        P_np[s_idx, a, :] = 0.0
                        P_np[s_idx, a, s_next] = 1.0
                        R_np[s_idx, a] = n_path / gamma**n_path
                    elif r == 3:  # bottom corridor
                        r2, c2 = 2, n_path
                        s_next = state_index[(r2, c2)]
                        P_np[s_idx, a, :] = 0.0
                        P_np[s_idx, a, s_next] = 1.0
                        R_np[s_idx, a] = - (2. - epsilon) * n_path / (epsilon * gamma**n_path)
                # other actions: self-loop
                continue

            # No other non-wall symbols should appear here.

    # 3) Build intensity grid (background) for rendering
    grid_intensity_np = onp.zeros((n_rows, n_cols), dtype=onp.uint8)
    # defaults: walls 50
    grid_intensity_np[grid == '#'] = 50
    grid_intensity_np[grid == '>'] = 100
    grid_intensity_np[grid == '!'] = 100  # '!' and '>' have the same intensity.
    grid_intensity_np[grid == '@'] = 180
    grid_intensity_np[grid == 'I'] = 120
    grid_intensity_np[grid == 'G'] = 220
    grid_intensity_np[grid == 'W'] = 200
    grid_intensity_np[grid == 'F'] = 220  # G and F are not distinguishable from their color

    # 4) Terminal mask and initial state index
    is_terminal_np = onp.zeros((S,), dtype=onp.bool_)
    for s_idx in range(S):
        r, c = state_coords_np[s_idx]
        if is_terminal_sym(grid[r, c]):
            is_terminal_np[s_idx] = True

    initial_state = state_index[(2, 0)]  # 'I' at (2,0)

    # 5) Convert everything to JAX arrays
    P = jnp.asarray(P_np, dtype=dtype)
    R = jnp.asarray(R_np, dtype=dtype)
    state_coords = jnp.asarray(state_coords_np, dtype=jnp.int32)
    is_terminal = jnp.asarray(is_terminal_np)
    initial_state = jnp.asarray(initial_state, dtype=jnp.int32)
    grid_intensity = jnp.asarray(grid_intensity_np, dtype=jnp.uint8)

    spec = MDPEnvSpec(
        params=params,
        P=P,
        R=R,
        state_coords=state_coords,
        is_terminal=is_terminal,
        initial_state=initial_state,
        grid_intensity=grid_intensity,
        critical_states=tuple(critical_states),
    )
    return spec


# ============================================================
# 4. Rendering: state -> 84x84 frame
# ============================================================

def render_obs(spec: MDPEnvSpec, state: EnvState) -> jnp.ndarray:
    """
    Render current state as a single (H,W) uint8 frame.
    Background intensities from spec.grid_intensity; agent at (row,col) is 255.
    """
    grid_intensity = spec.grid_intensity  # (n_rows, n_cols)
    n_rows, n_cols = grid_intensity.shape
    stack, frame_h, frame_w = spec.params.frame_size

    # Convert state index -> (row, col)
    rc = spec.state_coords[state.s]    # (2,)
    row = rc[0]
    col = rc[1]

    # Start from background
    base = grid_intensity

    # Overlay agent (if not done)
    def draw_agent(im):
        return im.at[row, col].set(255)

    base_with_agent = lax.cond(
        state.done,
        lambda im: im,
        draw_agent,
        base
    )

    # Resize to Atari frame
    obs = jimage.resize(
        base_with_agent,
        shape=(frame_h, frame_w),
        method="nearest"
    )
    if stack == 1:
        obs = obs[None]
    else:
        obs = jnp.repeat(obs[None], stack, axis=0)

    return obs.astype(jnp.uint8)


# ============================================================
# 5. Single-env reset / step
# ============================================================

def step(
    key: jax.Array,
    spec: MDPEnvSpec,
    state: EnvState,
    action: jnp.ndarray
) -> Tuple[EnvState, jnp.ndarray, jnp.ndarray, jnp.ndarray, Dict[str, Any]]:
    """
    One environment step.
    - Transitions follow analytic MDP: P[s,a,:]
    - Reward from R[s,a]
    - Termination when entering terminal state or hitting max_steps
    """
    def done_branch(_):
        obs = render_obs(spec, state)
        reward = jnp.array(0.0, dtype=spec.R.dtype)
        done = jnp.array(True)
        info: Dict[str, Any] = {}
        return state, obs, reward, done, info

    def active_branch(_):
        s = state.s
        # Reward from R
        reward = spec.R[s, action]

        # Sample next state ~ P[s, a, :]
        probs = spec.P[s, action]               # (S,)
        s_next = jax.random.choice(key, probs.shape[0], p=probs)

        # Determine termination
        terminal = spec.is_terminal[s_next]
        new_step = state.step + jnp.int32(1)
        trunc = new_step >= spec.params.max_steps
        done = terminal | trunc

        new_state = EnvState(
            s=s_next,
            done=done,
            step=new_step,
        )

        obs = render_obs(spec, new_state)
        info: Dict[str, Any] = {}
        return new_state, obs, reward, done, info

    new_state, obs, reward, done, info = lax.cond(
        state.done,
        done_branch,
        active_branch,
        operand=None
    )

    return new_state, obs, reward, done, info


SPEC = make_confounding_mdp_spec(EnvParams(n_path=5))


@jax.jit
def f(key, state, action):
    return step(key, SPEC, state, action)
# --- end user code ---


def make_inputs(rng):
    S = int(SPEC.P.shape[0])
    key = rng.integers(0, 2**32, size=2, dtype=np.uint32)
    state = EnvState(
        s=np.int32(rng.integers(0, S)),
        done=np.bool_(rng.uniform() < 0.25),
        step=np.int32(rng.choice([0, 5, 198, 199])),  # 199 -> truncation on this step
    )
    action = np.int32(rng.integers(0, 4))
    return (key, state, action)


INPUTS = make_inputs
