"""A Canadian-Traveller-Problem env step: if/elif chain mixing static flags with traced tests, `.item()`.

source: lamlamnt/MARL_CTP Environment/CTP_environment_old.py at fd872cbd172d00879043aa34f4d64659f38013e8 (CTP.step, CTP._valid_action, CTP.get_obs; the later Environment/CTP_environment.py rewrote step with jax.lax.cond)
error: TracerBoolConversionError
category: env-step-if-elif-chain
expect: fix
notes: step, _valid_action and get_obs are verbatim (the author's comments say "change the if
  statements in this function to jax.lax.cond"). Adapted: the jaxmarl MultiAgentEnv base, the random
  CTP_generator graph and reset() (networkx solvability check) are replaced by a fixed 5-node graph
  stored as a small GraphsTuple-like NamedTuple with the same fields (senders, receivers, edges dict,
  n_node, n_edge as (1,) arrays like jraph); chex.dataclass is replaced by mutable dataclasses registered
  with jax.tree_util.register_dataclass. add_expensive_edge=True, so the first two branches are
  statically dead (`self.add_expensive_edge is False and ...` short-circuits before the traced test);
  the live branches test `index_of_edge == n_edge` and `action == self.goal[0]` (both shape (1,)) and
  read the reward with `.item()`. get_obs then loops `for i in range(len(edge_indices[0]))` over a
  one-argument jnp.where, whose length is data dependent, into a fixed-size (max_edges + 1,) buffer,
  so a fixed-size rewrite exists. f jits a thin wrapper that builds the EnvState and unpacks the
  returned dataclasses.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class EnvState:
    # agents_pos and list_of_goals contain indices of the nodes
    agents_pos: jnp.array


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Observation:
    location: jnp.ndarray
    blocked_status: jnp.ndarray


class GraphsTuple(NamedTuple):
    senders: jnp.ndarray
    receivers: jnp.ndarray
    edges: dict
    n_node: jnp.ndarray
    n_edge: jnp.ndarray


class CTP:
    def __init__(self, add_expensive_edge=True, reward_for_invalid_action=-500):
        self.num_agents = 1
        self.add_expensive_edge = add_expensive_edge
        self.reward_for_invalid_action = reward_for_invalid_action
        senders = np.array([0, 0, 1, 1, 2, 3, 0])
        receivers = np.array([1, 2, 2, 3, 3, 4, 4])
        self.true_graph = GraphsTuple(
            senders=jnp.asarray(senders),
            receivers=jnp.asarray(receivers),
            edges={
                "weight": jnp.array([1.5, 2.0, 0.7, 3.1, 1.2, 2.4, 9.0]),
                "blocked_status": jnp.array([0, 1, 0, 0, 1, 0, 0]),
            },
            n_node=jnp.array([5]),
            n_edge=jnp.array([7]),
        )
        self.origin = jnp.array([0])
        self.goal = jnp.array([4])
        self.solvable = True
        degree = np.bincount(np.concatenate([senders, receivers]))
        self.max_edges = int(degree.max())

    # change the if statements in this function to jax.lax.cond/make this important function more jax-compatible
    # Whether returning different types like this affect performance?
    def step(
        self, state: EnvState, action: jnp.array
    ) -> tuple[Observation, EnvState, int, bool]:
        # Return observation, state, reward, and whether the episode is done
        index_of_edge = jax.vmap(self._valid_action, in_axes=(0, 0, None))(
            state.agents_pos, action, self.true_graph
        )

        # Can easily be converted to jax.lax.cond but less readable
        if (
            self.add_expensive_edge is False
            and action == self.true_graph.n_node
            and self.solvable is True
        ):
            terminate = True
            reward = 0
        elif (
            self.add_expensive_edge is False
            and action == self.true_graph.n_node
            and self.solvable is False
        ):
            terminate = False
            reward = self.reward_for_invalid_action
        elif index_of_edge == self.true_graph.n_edge:
            # Attempt to move through an edge that does not exist or is a blocked edge
            # Need to Loop over all agents here! If any of the agent has invalid action, penalty
            # Does not change the state of the agent
            terminate = False
            reward = self.reward_for_invalid_action
        elif action == self.goal[0]:
            # at the goal
            terminate = True
            reward = 0
        else:
            terminate = False
            reward = (-self.true_graph.edges["weight"][index_of_edge]).item()
            # If at goal, episode is done.
            state.agents_pos = action

        observation = self.get_obs(state)

        return observation, state, reward, terminate

    def _valid_action(
        self, node1: int, node2: int, true_graph: GraphsTuple
    ) -> Tuple[bool, int]:
        index_of_edge = jax.lax.cond(
            node2 > node1,
            lambda node1, node2: jnp.argmax(
                jnp.append(
                    jnp.logical_and(
                        jnp.logical_and(
                            true_graph.senders == node1,
                            true_graph.receivers == node2,
                        ),
                        true_graph.edges["blocked_status"] == 0,
                    ),
                    True,
                )
            ),
            lambda node1, node2: jnp.argmax(
                jnp.append(
                    jnp.logical_and(
                        jnp.logical_and(
                            true_graph.senders == node2,
                            true_graph.receivers == node1,
                        ),
                        true_graph.edges["blocked_status"] == 0,
                    ),
                    True,
                )
            ),
            node1,
            node2,
        )
        return index_of_edge

    # Loop over all agents, not just agent 0
    def get_obs(self, state: EnvState) -> Observation:
        # Get the blocking status of the stochastic edges connected to a node
        current_location = state.agents_pos[0]
        current_observation = Observation(
            location=current_location, blocked_status=jnp.full((self.max_edges + 1,), 2)
        )
        # Check for node in both sender and receiver (get indices)
        edge_indices = jnp.where(
            jnp.logical_or(
                self.true_graph.senders == current_location,
                self.true_graph.receivers == current_location,
            )
        )
        for i in range(len(edge_indices[0])):
            # Get the blocking status
            current_observation.blocked_status = current_observation.blocked_status.at[
                i
            ].set(self.true_graph.edges["blocked_status"][edge_indices[0][i]])
        return current_observation


env = CTP()


@jax.jit
def f(agents_pos, action):
    observation, state, reward, terminate = env.step(EnvState(agents_pos=agents_pos), action)
    return observation.location, observation.blocked_status, state.agents_pos, reward, terminate
# --- end user code ---


def make_inputs(rng):
    agents_pos = rng.integers(0, 5, size=(1,)).astype(np.int32)
    action = rng.integers(0, 5, size=(1,)).astype(np.int32)
    if rng.random() < 0.3:  # reach the goal (node 4) over an open edge
        agents_pos = np.array([rng.choice([0, 3])], dtype=np.int32)
        action = np.array([4], dtype=np.int32)
    return (agents_pos, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(agents_pos, action):
    g = env.true_graph
    index_of_edge = jax.vmap(env._valid_action, in_axes=(0, 0, None))(agents_pos, action, g)
    invalid = (index_of_edge == g.n_edge)[0]
    at_goal = (action == env.goal[0])[0]
    weight = -g.edges["weight"][jnp.minimum(index_of_edge, g.n_edge - 1)][0]
    terminate = jnp.logical_and(~invalid, at_goal)
    reward = jnp.where(invalid, float(env.reward_for_invalid_action), jnp.where(at_goal, 0.0, weight))
    new_pos = jnp.where(invalid | at_goal, agents_pos, action)
    loc = new_pos[0]
    mask = (g.senders == loc) | (g.receivers == loc)
    n = env.max_edges + 1
    idx = jnp.nonzero(mask, size=n, fill_value=0)[0]
    count = jnp.sum(mask)
    blocked = jnp.where(jnp.arange(n) < count, g.edges["blocked_status"][idx], 2)
    return loc, blocked, new_pos, reward, terminate
