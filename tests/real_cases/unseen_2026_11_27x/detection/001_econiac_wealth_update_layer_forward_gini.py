"""econiac DABM: a dataclass layer's forward step and a population's gini() convert traced fields with float()/if.

source: roguetrainer/econiac src/econiac/economics/agents.py at e643c52aa3873772442ff83e717d13d42b82009b (AgentPopulation.net_worth/gini, WealthUpdateLayer._utility/forward; code-index file id 55178765241). The module docstring claims the DABM is "Fully differentiable via JAX vmap/grad/jit"; a later commit (c94ae26daf40504d0f0d55f3e16faeb65ce302f1) reverted the file to a TODO stub.
error: TracerBoolConversionError
category: method-on-traced-attribute
expect: fix
notes: Verbatim methods of AgentPopulation and WealthUpdateLayer; dropped is_consistent/homogeneous/__repr__ and DABMSimulator (host-side helpers, never transformed) and the unused PacioliManifold import; `from __future__ import annotations` is dropped (it cannot follow the case docstring/EXPECT line; the annotations evaluate fine without it). `gibbs_weights(U, beta)` lives in econiac/core/ensemble.py, which the index does not hold; its tests (tests/test_ensemble.py) pin it to a softmax of beta*U, so a two-line stand-in with that behaviour is given. The entry point `f` builds the population from traced wealth/betas inside jax.jit and returns the stepped wealth and its Gini coefficient. Leaks: `if outflow <= 0: continue` on the traced outflow, `float(pop.betas[i])`, `float(w_i[j])` (methods of the layer), and `if float(total) < 1e-10` in AgentPopulation.gini. Inputs include agents with negative net worth (outflow 0) and a zero-spread population (the gini early return).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp
import numpy as np


def gibbs_weights(U, beta=1.0):
    """Stand-in for econiac.core.ensemble.gibbs_weights: softmax(beta * U)."""
    return jax.nn.softmax(beta * U)


# ---------------------------------------------------------------------------
# AgentPopulation — the global state tensor
# ---------------------------------------------------------------------------

@dataclass
class AgentPopulation:
    """
    Vectorised agent population: the global state tensor Σ(t) ∈ ℝ^{n_agents × n_goods}.

    wealth[i, j] = net wealth of agent i in good j (currency or real asset).
    Positive = asset, negative = liability. Column sums ≈ 0 (∂²=0 globally).

    agent_types: list of type labels (repeated if multiple agents per type).
    good_names:  list of good/currency labels.
    betas:       shape (n_agents,) — per-agent rationality (inverse temperature).
    """
    wealth: jax.Array         # shape (n_agents, n_goods)
    agent_types: list[str]
    good_names: list[str]
    betas: jax.Array          # shape (n_agents,)

    def __post_init__(self):
        n_a, n_g = self.wealth.shape
        if len(self.agent_types) != n_a:
            raise ValueError(f"agent_types length {len(self.agent_types)} != {n_a}")
        if len(self.good_names) != n_g:
            raise ValueError(f"good_names length {len(self.good_names)} != {n_g}")
        if self.betas.shape != (n_a,):
            raise ValueError(f"betas shape {self.betas.shape} != ({n_a},)")

    @property
    def n_agents(self) -> int:
        return self.wealth.shape[0]

    @property
    def n_goods(self) -> int:
        return self.wealth.shape[1]

    def net_worth(self) -> jax.Array:
        """Net worth of each agent: shape (n_agents,)."""
        return self.wealth.sum(axis=1)

    def gini(self) -> jax.Array:
        """Gini coefficient of net worth distribution (shifted to non-negative)."""
        nw    = self.net_worth()
        nw    = nw - jnp.min(nw)        # shift so minimum = 0
        total = jnp.sum(nw)
        if float(total) < 1e-10:
            return jnp.zeros(())
        nw  = jnp.sort(nw)
        n   = self.n_agents
        idx = jnp.arange(1, n + 1, dtype=jnp.float32)
        return (2 * jnp.sum(idx * nw) / (n * total) - (n + 1) / n)


# ---------------------------------------------------------------------------
# WealthUpdateLayer — one differentiable forward step
# ---------------------------------------------------------------------------

@dataclass
class WealthUpdateLayer:
    """
    One timestep of the DABM: Gibbs-weighted flow allocation on the graph.

    For each agent i:
    1. Compute utility U_{ij} of transacting with agent j along each edge.
    2. Allocate outflow via Gibbs weights: π_{ij} = softmax(β_i · U_{ij}).
    3. Update wealth: Δwealth_i = Σ_j (inflow_{ji} - outflow_{ij}).

    The adjacency matrix encodes authorised transaction channels (∂²=0
    is enforced by antisymmetry: outflow from i to j = inflow to j from i).

    Args:
        adjacency:  (n_agents, n_agents) boolean or float; adjacency[i,j]=1
                    if agent i can send to agent j.
        flow_rate:  fraction of net worth that flows per step (∈ (0,1]).
    """
    adjacency: np.ndarray   # (n_agents, n_agents)
    flow_rate: float = 0.1

    def __post_init__(self):
        n, m = self.adjacency.shape
        if n != m:
            raise ValueError(f"adjacency must be square, got ({n},{m})")
        self.adjacency = np.array(self.adjacency, dtype=np.float32)

    @property
    def n_agents(self) -> int:
        return self.adjacency.shape[0]

    def _utility(self, wealth: jax.Array, i: int) -> jax.Array:
        """
        Utility of agent i transacting with each neighbour j.

        Default: U_{ij} = wealth[j, 0] (prefer richer counterparties).
        Can be overridden by subclassing or passing a utility_fn.
        """
        mask = jnp.array(self.adjacency[i], dtype=jnp.float32)
        return jnp.where(mask > 0, wealth[:, 0], -1e30)

    def forward(self, pop: AgentPopulation, dt: float = 1.0) -> AgentPopulation:
        """
        Apply one wealth-update step to the population.

        Returns new AgentPopulation with updated wealth.
        ∂²=0 is maintained: total wealth per good is conserved.
        """
        wealth = pop.wealth
        n  = pop.n_agents
        delta = jnp.zeros_like(wealth)

        for i in range(n):
            # How much agent i can send
            nw_i    = jnp.maximum(pop.net_worth()[i], 0.0)
            outflow = nw_i * self.flow_rate * dt

            if outflow <= 0:
                continue

            # Gibbs-weighted allocation across neighbours
            U_i = self._utility(wealth, i)
            w_i = gibbs_weights(U_i, beta=float(pop.betas[i]))

            # Outflows from i to each j
            for j in range(n):
                if self.adjacency[i, j] > 0 and i != j:
                    f_ij = float(w_i[j]) * outflow
                    # Antisymmetric: i loses, j gains (good 0 = money)
                    delta = delta.at[i, 0].add(-f_ij)
                    delta = delta.at[j, 0].add(+f_ij)

        return AgentPopulation(
            wealth=wealth + delta,
            agent_types=pop.agent_types,
            good_names=pop.good_names,
            betas=pop.betas,
        )


_ADJ = np.array([[0, 1, 1, 0, 1],
                 [1, 0, 1, 1, 0],
                 [0, 1, 0, 1, 1],
                 [1, 0, 1, 0, 1],
                 [1, 1, 0, 1, 0]], dtype=np.float32)
_LAYER = WealthUpdateLayer(adjacency=_ADJ, flow_rate=0.1)


@jax.jit
def f(wealth, betas):
    pop = AgentPopulation(
        wealth=wealth,
        agent_types=["household", "household", "firm", "firm", "bank"],
        good_names=["money", "goods"],
        betas=betas,
    )
    new_pop = _LAYER.forward(pop, dt=1.0)
    return new_pop.wealth, new_pop.gini()
# --- end user code ---


def make_inputs(rng):
    case = rng.integers(0, 4)
    wealth = rng.normal(size=(5, 2)).astype(np.float32)
    if case == 0:
        # all agents solvent and equal: every outflow equal, zero Gini spread
        wealth = np.tile(np.array([[0.7, 0.3]], np.float32), (5, 1))
    elif case == 1:
        # several agents with negative net worth: their outflow is 0 (the `continue`)
        wealth[:3] = -np.abs(wealth[:3])
    betas = rng.uniform(0.1, 4.0, size=(5,)).astype(np.float32)
    return (wealth, betas)


INPUTS = make_inputs


@jax.jit
def reference_fix(wealth, betas):
    n = wealth.shape[0]
    delta = jnp.zeros_like(wealth)
    for i in range(n):
        nw_i = jnp.maximum(wealth.sum(axis=1)[i], 0.0)
        outflow = nw_i * 0.1 * 1.0
        mask = jnp.array(_ADJ[i], dtype=jnp.float32)
        U_i = jnp.where(mask > 0, wealth[:, 0], -1e30)
        w_i = gibbs_weights(U_i, beta=betas[i])
        for j in range(n):
            if _ADJ[i, j] > 0 and i != j:
                f_ij = jnp.where(outflow <= 0, 0.0, w_i[j] * outflow)
                delta = delta.at[i, 0].add(-f_ij)
                delta = delta.at[j, 0].add(+f_ij)
    new_wealth = wealth + delta
    nw = new_wealth.sum(axis=1)
    nw = nw - jnp.min(nw)
    total = jnp.sum(nw)
    nw = jnp.sort(nw)
    idx = jnp.arange(1, n + 1, dtype=jnp.float32)
    g = 2 * jnp.sum(idx * nw) / (n * total) - (n + 1) / n
    return new_wealth, jnp.where(total < 1e-10, jnp.zeros(()), g)
