"""Terra excavator env: the "non-vectorized" forward move, `.item()` on the traced base orientation and traced `if`s on the position.

source: leggedrobotics/terra src/state.py, early revision (State._handle_move_forward_naive; code-index file id 4642128556). The same revision already carries the vectorised replacement (_move_on_orientation: one-hot orientation @ deltas and a one-hot valid-move mask); the later src/state.py at eeaf8b53777ec8d61334f7daa077499b23762074 drops the naive method.
error: ConcretizationTypeError
category: if-elif-chain-on-traced-state
expect: fix
notes: State._handle_move_forward_naive and _do_nothing kept verbatim (asserts, `.item()` tests, `if`/`elif` chain, nested bounds `if`s and the final `_replace`). The imported EnvConfig / GridWorld / Agent types are replaced by small NamedTuple stand-ins holding the fields the method reads (agent.move_tiles/width/height, world.width/height, agent.agent_state.pos_base/angle_base); seed/env_steps fields kept. Entry point `f` builds the State from a traced position and orientation (static 12x10 map, 3x5 agent, move_tiles=2) and returns the new base position. The asserts always hold for valid inputs, so a rewrite may drop or checkify them.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from typing import NamedTuple


# stand-ins for src.config.EnvConfig, src.map.GridWorld, src.agent.Agent
class AgentConfig(NamedTuple):
    move_tiles: int = 2
    width: int = 3
    height: int = 5


class EnvConfig(NamedTuple):
    agent: AgentConfig = AgentConfig()


class GridWorld(NamedTuple):
    width: int
    height: int


class AgentState(NamedTuple):
    pos_base: jax.Array
    angle_base: jax.Array


class Agent(NamedTuple):
    agent_state: AgentState


class State(NamedTuple):
    """
    Stores the current state of the environment.
    Given perfect information, the observation corresponds to the state.
    """
    seed: jnp.uint32

    env_cfg: EnvConfig

    world: GridWorld
    agent: Agent

    env_steps: int

    def _do_nothing(self):
        return self

    def _handle_move_forward_naive(self):
        """
        Non-vectorized version
        """
        base_orientation = self.agent.agent_state.angle_base
        assert base_orientation.item() in (0, 1, 2, 3)

        move_tiles = self.env_cfg.agent.move_tiles
        agent_width = self.env_cfg.agent.width
        agent_height = self.env_cfg.agent.height

        if base_orientation.item() in (0, 2):
            agent_x_dim = agent_width
            agent_y_dim = agent_height
        elif base_orientation.item() in (1, 3):
            agent_x_dim = agent_height
            agent_y_dim = agent_width
        
        agent_occupancy_x = int(move_tiles + np.ceil(agent_x_dim / 2).item())
        agent_occupancy_y = int(move_tiles + np.ceil(agent_y_dim / 2).item())

        map_width = self.world.width
        map_height = self.world.height
        new_pos_base = self.agent.agent_state.pos_base

        if base_orientation.item() == 0:
            # positive y
            if new_pos_base[1] + agent_occupancy_y < map_height:
                new_pos_base = new_pos_base.at[1].add(move_tiles)
        elif base_orientation.item() == 2:
            # negative y
            if new_pos_base[1] - agent_occupancy_y >= 0:
                new_pos_base = new_pos_base.at[1].add(-move_tiles)
        elif base_orientation.item() == 3:
            # positive x
            if new_pos_base[0] + agent_occupancy_x < map_width:
                new_pos_base = new_pos_base.at[0].add(move_tiles)
        elif base_orientation.item() == 1:
            # negative x
            if new_pos_base[0] - agent_occupancy_x >= 0:
                new_pos_base = new_pos_base.at[0].add(-move_tiles)
        
        assert 0 <= new_pos_base[0] < map_width
        assert 0 <= new_pos_base[1] < map_height
        
        return self._replace(
            agent=self.agent._replace(
                agent_state=self.agent.agent_state._replace(
                    pos_base=new_pos_base
                )
            )
        )


@jax.jit
def f(pos_base, angle_base):
    state = State(
        seed=jnp.uint32(0),
        env_cfg=EnvConfig(),
        world=GridWorld(width=12, height=10),
        agent=Agent(agent_state=AgentState(pos_base=pos_base, angle_base=angle_base)),
        env_steps=0,
    )
    state = state._handle_move_forward_naive()
    return state.agent.agent_state.pos_base
# --- end user code ---


def make_inputs(rng):
    # positions anywhere on the 12x10 map, so some moves hit the border and are refused
    pos = np.array([rng.integers(0, 12), rng.integers(0, 10)], dtype=np.int32)
    angle = np.array([rng.integers(0, 4)], dtype=np.int32)
    return (pos, angle)


INPUTS = make_inputs


@jax.jit
def reference_fix(pos_base, angle_base):
    move_tiles, agent_width, agent_height = 2, 3, 5
    map_width, map_height = 12, 10
    o = angle_base[0]
    horizontal = (o == 0) | (o == 2)
    agent_x_dim = jnp.where(horizontal, agent_width, agent_height)
    agent_y_dim = jnp.where(horizontal, agent_height, agent_width)
    occ_x = (move_tiles + jnp.ceil(agent_x_dim / 2)).astype(jnp.int32)
    occ_y = (move_tiles + jnp.ceil(agent_y_dim / 2)).astype(jnp.int32)
    x, y = pos_base[0], pos_base[1]
    y = jnp.where((o == 0) & (y + occ_y < map_height), y + move_tiles, y)
    y = jnp.where((o == 2) & (y - occ_y >= 0), y - move_tiles, y)
    x = jnp.where((o == 3) & (x + occ_x < map_width), x + move_tiles, x)
    x = jnp.where((o == 1) & (x - occ_x >= 0), x - move_tiles, x)
    return jnp.stack([x, y]).astype(pos_base.dtype)
