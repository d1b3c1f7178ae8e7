"""Artificial-life simulation: the host-side buffer growth at the end of `step`, pulled under jit.

source: public code-index file id 1303677590, an evolving-agents grid-world simulation module (LSTM agents with energy, toxin and resource fields; class methods _build_step_jit/step_jit, reset, reset_with_agents, _grow_buffers, step, get_stats). The index does not name the repository. Its `step` calls the jitted kernel and then, on the host, reads `int(num_alive)` and doubles every per-agent buffer when the population passes half the capacity ("Reading num_alive is a cheap scalar sync; recompiles are rare (only on growth)").
error: ConcretizationTypeError
category: traced-shape / data-dependent-shape / side-effect
expect: report
notes: `_grow_buffers` and the growth tail of `step` (the `num_alive_int = int(num_alive)` test and the call to `_grow_buffers`) are verbatim; the tail is wrapped as `finish_step` of a minimal `Simulation` stand-in that carries the three attributes `_grow_buffers` reads, and `_init_params_batched` is a stand-in for the module's parameter initialiser. `f` is the mistake of jitting the whole host step: the new buffer sizes depend on how many agents are alive (and it prints), so there is no jit-safe rewrite with the same output shapes.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


def _init_params_batched(key, n, hidden_dim, internal_noise_dim):
    """Stand-in for the module's batched LSTM-parameter initialiser."""
    return 0.1 * random.normal(key, (n, 4 * hidden_dim * (hidden_dim + 1) + internal_noise_dim))


class Simulation:
    def __init__(self, hidden_dim=4, internal_noise_dim=2):
        self.hidden_dim = hidden_dim
        self.internal_noise_dim = internal_noise_dim
        self.state_dim = 4 * hidden_dim

    def _grow_buffers(self, state: dict, num_alive: int, key: jax.Array) -> dict:
        """Grow buffers to accommodate population. Called when >50% full.

        Doubles buffer size to ensure plenty of headroom.
        Uses power-of-2 sizes to minimize JIT recompilations.
        """
        max_agents = state["max_agents"]

        # Double the buffer size (power of 2)
        new_max = max_agents * 2

        grow_by = new_max - max_agents
        print(f"Growing buffers: {max_agents} -> {new_max} ({num_alive} alive, triggering JIT recompilation)")

        # Extend all arrays
        positions = jnp.concatenate([
            state["positions"],
            jnp.zeros((grow_by, 2), dtype=jnp.int32)
        ])
        orientations = jnp.concatenate([
            state["orientations"],
            jnp.zeros(grow_by, dtype=jnp.int32)
        ])
        energies = jnp.concatenate([
            state["energies"],
            jnp.zeros(grow_by)
        ])
        alive = jnp.concatenate([
            state["alive"],
            jnp.zeros(grow_by, dtype=bool)
        ])

        # Extend params (now a simple 2D array)
        new_params = _init_params_batched(key, grow_by, self.hidden_dim, self.internal_noise_dim)
        params = jnp.concatenate([state["params"], new_params], axis=0)

        # Extend flat states
        states = jnp.concatenate([state["states"], jnp.zeros((grow_by, self.state_dim))], axis=0)

        # Extend actions if present
        actions = state.get("actions")
        if actions is not None:
            actions = jnp.concatenate([actions, jnp.zeros(grow_by, dtype=actions.dtype)])

        result = {
            **state,
            "positions": positions,
            "orientations": orientations,
            "params": params,
            "states": states,
            "energies": energies,
            "alive": alive,
            "max_agents": new_max,
        }
        if actions is not None:
            result["actions"] = actions
        return result

    def finish_step(self, new_state, num_alive, key, max_agents):
        # Preemptive buffer growth: grow when >50% full to avoid blocking reproduction
        # Reading num_alive is a cheap scalar sync; recompiles are rare (only on growth)
        num_alive_int = int(num_alive)
        if num_alive_int > max_agents * 0.5:
            grow_key = random.fold_in(key, 999)  # Deterministic subkey for growth
            new_state = self._grow_buffers(new_state, num_alive_int, grow_key)

        return new_state


@jax.jit
def f(state, key):
    sim = Simulation()
    num_alive = jnp.sum(state["alive"])
    return sim.finish_step(state, num_alive, key, state["alive"].shape[0])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m = 16
    hidden_dim, noise_dim = 4, 2
    n_params = 4 * hidden_dim * (hidden_dim + 1) + noise_dim
    alive = rng.random(m) < rng.choice([0.25, 0.75])
    state = {
        "positions": rng.integers(0, 32, size=(m, 2)).astype(np.int32),
        "orientations": rng.integers(0, 4, size=m).astype(np.int32),
        "params": rng.normal(size=(m, n_params)).astype(np.float32),
        "states": np.zeros((m, 4 * hidden_dim), dtype=np.float32),
        "energies": rng.uniform(0.0, 10.0, size=m).astype(np.float32),
        "alive": alive,
        "max_agents": m,
        "step": 0,
    }
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    return (state, key)


INPUTS = make_inputs
