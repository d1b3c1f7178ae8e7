"""CTP graph realisation: a Python loop over a static edge count writing traced draws with .at[].set.

source: lamlamnt/MARL_CTP Environment/CTP_generator.py at 036a6b6fcd806d70e0bd010d4a2d478fae9fa45a (CTPGraph_Realisation.sample_blocking_status, called from the @partial(jax.jit, static_argnums=(0,)) CTP.reset in Environment/CTP_environment.py)
error: none
category: negative
expect: untouched
notes: sample_blocking_status and the BLOCKED constant are verbatim. CTPGraph (Delaunay triangulation,
  networkx plotting) is replaced by a stand-in holding the five attributes the method reads, with a fixed
  6-node graph; n_edges is a Python int as in the original (len(senders)), senders/receivers are
  concrete arrays closed over through self. `for i in range(self.graph.n_edges)` and the indexing with
  self.graph.senders[i] are static; only the key and the Bernoulli draws are traced, so the jitted
  bound method is already correct and nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import Literal

Status = Literal[1, -1, 0]
UNBLOCKED: Status = 0
BLOCKED: Status = 1
UNKNOWN: Status = -1


class CTPGraph:
    # stand-in for the Delaunay-generated CTPGraph: only the attributes sample_blocking_status reads
    def __init__(self):
        self.n_nodes = 6
        self.senders = jnp.array([0, 0, 1, 1, 2, 3, 4, 0])
        self.receivers = jnp.array([1, 2, 2, 3, 4, 5, 5, 5])
        self.n_edges = len(self.senders)
        prob = jnp.array([0.0, 0.3, 0.5, 0.0, 0.8, 0.2, 0.6, 0.0])
        self.blocking_prob = (
            jnp.full((self.n_nodes, self.n_nodes), 1.0)
            .at[self.senders, self.receivers].set(prob)
            .at[self.receivers, self.senders].set(prob)
        )


class CTPGraph_Realisation:
    def __init__(self):
        self.graph = CTPGraph()

    def sample_blocking_status(self, key: jax.random.PRNGKey) -> jnp.ndarray:
        keys = jax.random.split(key, num=self.graph.n_edges)
        blocking_status = jnp.full(
            (self.graph.n_nodes, self.graph.n_nodes), BLOCKED, dtype=jnp.int8
        )
        # 0 means not blocked, 1 means blocked
        for i in range(self.graph.n_edges):
            element_blocking_status = jax.random.bernoulli(
                keys[i],
                p=self.graph.blocking_prob[
                    self.graph.senders[i], self.graph.receivers[i]
                ],
            )
            blocking_status = blocking_status.at[
                self.graph.senders[i], self.graph.receivers[i]
            ].set(element_blocking_status)
            blocking_status = blocking_status.at[
                self.graph.receivers[i], self.graph.senders[i]
            ].set(element_blocking_status)
        return blocking_status


graph_realisation = CTPGraph_Realisation()
f = jax.jit(graph_realisation.sample_blocking_status)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.asarray(jax.random.PRNGKey(int(rng.integers(0, 100000)))),)


INPUTS = make_inputs
