"""A batched multi-agent grid-pathfinding transition: `is None` defaults, config-string branches, lax loops.

source: public JAX multi-agent path-finding environment module in the code index (code-index file id 71622822002; EnvConfig/State NamedTuples, _state_status_arrays, _resolve_collisions, _assign_new_goals, _batched_transition and its `_step_transition_compiled = jax.jit(_batched_transition, static_argnums=(0,))`); repository not resolved
error: none
category: negative-static-config-and-is-none
expect: untouched
notes: verbatim excerpt of the module (observation builders, reset and benchmark code dropped; `time` import
  dropped). The entry point is the module's own `_step_transition_compiled`, bound to `f`. Everything that
  looks leaky is static: `if config.task_mode == "standard_mapf"` reads a hashable NamedTuple passed as a
  static argument, `if state.arrived is None` tests pytree structure, `_validate_config` raises on config
  only; traced decisions already go through jnp.where, lax.cond, lax.fori_loop and lax.while_loop
  (collision resolution). Inputs use the "standard_mapf" mode on an 8x8 grid with walls and 4 agents,
  with the optional status fields left as None in half of the trials.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvConfig(NamedTuple):
    height: int = 128
    width: int = 128
    num_agents: int = 256
    max_steps: int = 100
    fov_radius: int = 5
    clamp_value: float = 1.0
    energy_iters: int = 254
    task_mode: str = "lifelong"
    max_episode_steps: int = 256

    @property
    def inner_obs_diam(self) -> int:
        return 2 * self.fov_radius + 1

    @property
    def pyg_obs_diam(self) -> int:
        return 2 * self.fov_radius + 3


class State(NamedTuple):
    pos: jnp.ndarray
    target: jnp.ndarray
    step_count: jnp.int32
    rng_key: jax.Array
    arrived: jnp.ndarray | None = None
    terminated: jnp.ndarray | None = None
    truncated: jnp.ndarray | None = None

    @property
    def step_counts(self):
        """Plural alias used by the batched transition adapter contract."""

        return self.step_count


MOVES = jnp.array(
    [
        [0, 0],
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
    ],
    dtype=jnp.int32,
)


_TASK_MODES = frozenset(("lifelong", "standard_mapf"))


def _validate_config(config: EnvConfig) -> None:
    if config.task_mode not in _TASK_MODES:
        expected = ", ".join(sorted(_TASK_MODES))
        raise ValueError(
            f"Unknown task mode {config.task_mode!r}. Expected one of: {expected}"
        )
    if config.max_episode_steps <= 0:
        raise ValueError("max_episode_steps must be positive")


def _state_status_arrays(state: State):
    """Materialize status arrays for legacy four-field State construction."""

    batch_shape = state.pos.shape[:-2]
    agent_shape = state.pos.shape[:-1]
    arrived = (
        jnp.zeros(agent_shape, dtype=bool)
        if state.arrived is None
        else state.arrived
    )
    terminated = (
        jnp.zeros(batch_shape, dtype=bool)
        if state.terminated is None
        else state.terminated
    )
    truncated = (
        jnp.zeros(batch_shape, dtype=bool)
        if state.truncated is None
        else state.truncated
    )
    return arrived, terminated, truncated


def _resolve_collisions(config: EnvConfig, curr_pos: jnp.ndarray, prop_pos: jnp.ndarray) -> jnp.ndarray:
    n = config.num_agents
    indices = jnp.arange(n, dtype=jnp.int32)

    def cond_fn(val):
        _, p_pos, done = val
        return ~done

    def body_fn(val):
        c_pos, p_pos, _ = val
        moved = jnp.any(p_pos != c_pos, axis=-1)

        same_dest = jnp.all(p_pos[:, None, :] == p_pos[None, :, :], axis=-1)
        swap = jnp.all(p_pos[:, None, :] == c_pos[None, :, :], axis=-1) & jnp.all(
            p_pos[None, :, :] == c_pos[:, None, :], axis=-1
        )
        chain = jnp.all(p_pos[:, None, :] == c_pos[None, :, :], axis=-1) & jnp.all(
            p_pos[None, :, :] == c_pos[None, :, :], axis=-1
        )
        higher_id = indices[:, None] > indices[None, :]
        not_self = ~jnp.eye(n, dtype=bool)

        vertex_conflict = same_dest & higher_id & not_self
        swap_conflict = swap & not_self
        chain_conflict = chain & not_self
        collision = moved & jnp.any(vertex_conflict | swap_conflict | chain_conflict, axis=1)

        new_p_pos = jnp.where(collision[:, None], c_pos, p_pos)
        done = jnp.all(new_p_pos == p_pos)
        return c_pos, new_p_pos, done

    _, final_pos, _ = jax.lax.while_loop(cond_fn, body_fn, (curr_pos, prop_pos, False))
    return final_pos


def _assign_new_goals(config: EnvConfig, grid: jnp.ndarray, targets: jnp.ndarray, reached: jnp.ndarray, rng_key: jax.Array):
    cell_count = config.height * config.width
    free_mask_flat = grid.reshape(-1) == 0
    target_flat = targets[:, 0] * config.width + targets[:, 1]
    base_taken = jnp.zeros(cell_count, dtype=bool).at[target_flat].set(~reached)
    start_indices = jax.random.randint(rng_key, (config.num_agents,), 0, cell_count, dtype=jnp.int32)
    goal_changed_flags = jnp.zeros((config.num_agents,), dtype=jnp.int32)

    def body_fn(i, carry):
        cur_targets, taken_mask, changed_flags = carry

        def assign_fn(inner_carry):
            inner_targets, inner_taken, inner_flags = inner_carry
            start = start_indices[i]

            def scan_fn(_, scan_state):
                chosen_idx, found = scan_state
                attempt = _
                idx = (start + attempt) % cell_count
                valid = free_mask_flat[idx] & (~inner_taken[idx])
                chosen_idx = jnp.where((~found) & valid, idx, chosen_idx)
                found = found | valid
                return chosen_idx, found

            chosen_idx, found = jax.lax.fori_loop(0, cell_count, scan_fn, (jnp.int32(0), False))
            new_goal = jnp.array([chosen_idx // config.width, chosen_idx % config.width], dtype=jnp.int32)
            inner_targets = jax.lax.cond(found, lambda t: t.at[i].set(new_goal), lambda t: t, inner_targets)
            inner_taken = jax.lax.cond(found, lambda t: t.at[chosen_idx].set(True), lambda t: t, inner_taken)
            inner_flags = inner_flags.at[i].set(jnp.where(found, 1, 0))
            return inner_targets, inner_taken, inner_flags

        return jax.lax.cond(reached[i], assign_fn, lambda x: x, (cur_targets, taken_mask, changed_flags))

    return jax.lax.fori_loop(0, config.num_agents, body_fn, (targets, base_taken, goal_changed_flags))


def _batched_transition(
    config: EnvConfig,
    state: State,
    actions: jnp.ndarray,
    grids: jnp.ndarray,
):
    arrived, old_terminated, old_truncated = _state_status_arrays(state)
    done_before = old_terminated | old_truncated

    actions = jnp.where((actions < 0) | (actions > 4), 0, actions)
    if config.task_mode == "standard_mapf":
        actions = jnp.where(arrived, 0, actions)
        actions = jnp.where(done_before[:, None], 0, actions)
    proposed_pos = state.pos + MOVES[actions]

    out_of_bounds = (
        (proposed_pos[..., 0] < 0)
        | (proposed_pos[..., 0] >= config.height)
        | (proposed_pos[..., 1] < 0)
        | (proposed_pos[..., 1] >= config.width)
    )
    safe_prop_pos = jnp.stack(
        [
            jnp.clip(proposed_pos[..., 0], 0, config.height - 1),
            jnp.clip(proposed_pos[..., 1], 0, config.width - 1),
        ],
        axis=-1,
    )
    hit_wall = jax.vmap(lambda grid, pos: grid[pos[:, 0], pos[:, 1]])(grids, safe_prop_pos) == 1
    invalid_move = out_of_bounds | hit_wall
    proposed_pos = jnp.where(invalid_move[..., None], state.pos, proposed_pos)

    final_pos = jax.vmap(lambda curr, prop: _resolve_collisions(config, curr, prop))(state.pos, proposed_pos)
    if config.task_mode == "standard_mapf":
        final_pos = jnp.where(done_before[:, None, None], state.pos, final_pos)
    final_pos = final_pos.astype(state.pos.dtype)
    reward = jnp.where(jnp.all(final_pos == state.target, axis=-1), 1.0, 0.0)
    if config.task_mode == "standard_mapf":
        reward = jnp.where(done_before[:, None], 0.0, reward)
    reached = reward > 0.5

    if config.task_mode == "lifelong":
        split_keys = jax.vmap(lambda key: jax.random.split(key))(state.rng_key)
        new_rng_keys = split_keys[:, 0, :]
        goal_keys = split_keys[:, 1, :]
        new_targets, _, goal_changed_flags = jax.vmap(
            lambda grid, targets, reached_mask, key: _assign_new_goals(
                config, grid, targets, reached_mask, key
            )
        )(grids, state.target, reached, goal_keys)
        new_step_count = state.step_count + jnp.int32(1)
        new_arrived = arrived
        terminated = jnp.zeros_like(new_step_count, dtype=bool)
        truncated = new_step_count >= config.max_steps
    else:
        new_rng_keys = state.rng_key
        new_targets = state.target
        goal_changed_flags = jnp.zeros_like(actions, dtype=jnp.int32)
        active = ~done_before
        new_step_count = state.step_count + active.astype(jnp.int32)
        on_target = jnp.all(final_pos == state.target, axis=-1)
        new_arrived = arrived | (on_target & active[:, None])
        just_terminated = jnp.all(new_arrived, axis=1) & active
        terminated = old_terminated | just_terminated
        hit_horizon = (new_step_count >= config.max_episode_steps) & active
        truncated = old_truncated | (hit_horizon & ~terminated)

    new_state = State(
        pos=final_pos,
        target=new_targets,
        step_count=new_step_count,
        rng_key=new_rng_keys,
        arrived=new_arrived,
        terminated=terminated,
        truncated=truncated,
    )
    info = {
        "step_count": new_state.step_count,
        "reward_sum": jnp.sum(reward, axis=1),
        "goal_changed_flags": goal_changed_flags,
    }
    return new_state, reward, terminated, truncated, info


_step_transition_compiled = jax.jit(_batched_transition, static_argnums=(0,))

f = _step_transition_compiled
# --- end user code ---

import numpy as np

_CONFIG = EnvConfig(height=8, width=8, num_agents=4, max_steps=10, fov_radius=2,
                    energy_iters=16, task_mode="standard_mapf", max_episode_steps=5)


def make_inputs(rng):
    B, N, H, W = 3, _CONFIG.num_agents, _CONFIG.height, _CONFIG.width
    grids = (rng.random((B, H, W)) < 0.2).astype(np.int32)
    # agents packed in one corner so that moves collide, swap and hit walls/edges
    pos = rng.integers(0, 3, size=(B, N, 2)).astype(np.int32)
    pos[:, 1] = pos[:, 0] + np.array([0, 1], dtype=np.int32)   # neighbours: swaps possible
    target = pos.copy()
    target[:, 2:] = rng.integers(0, 4, size=(B, N - 2, 2))     # two agents start on target
    step_count = rng.integers(0, 6, size=(B,)).astype(np.int32)
    rng_key = rng.integers(0, 2**31, size=(B, 2)).astype(np.uint32)
    actions = rng.integers(-1, 6, size=(B, N)).astype(np.int32)  # includes invalid actions
    if rng.random() < 0.5:
        state = State(pos=pos, target=target, step_count=step_count, rng_key=rng_key)
    else:
        arrived = rng.random((B, N)) < 0.3
        terminated = np.array([False, True, False])
        truncated = np.array([False, False, True])
        state = State(pos=pos, target=target, step_count=step_count, rng_key=rng_key,
                      arrived=arrived, terminated=terminated, truncated=truncated)
    return (_CONFIG, state, actions, grids)


INPUTS = make_inputs
