"""Coarse-grained protein-assembly MCMC step: Metropolis accept via jax.lax.cond (jit-safe look-alike).

source: public example script in the code index, "Example: Run simple MCMC and save trajectory." (code-index file id 5004727980: create_initial_state, simple_energy, @jax.jit mcmc_step, run_mcmc, main; it imports `from representation.state import State`). The index does not name the repository or commit, and the State module was not found in the index.
error: none
category: negative-lax-cond-on-accept
expect: untouched
notes: simple_energy and the @jax.jit mcmc_step are verbatim. `representation.state.State` is not
  in the index, so a minimal stand-in is written (coordinates / radii / copy_number as pytree
  children, type_names as static aux data, and the `with_coordinates` method mcmc_step calls);
  create_initial_state is kept for reference; run_mcmc / main (h5 trajectory I/O through the
  project's io_utils, `int(accepted)` outside jit) are dropped. Looks leaky -- a traced
  `accept = u < exp(-dE)` right before the choice -- but the choice goes through jax.lax.cond.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class State:
    """Stand-in for representation.state.State (not in the index)."""

    def __init__(self, coordinates, radii, copy_number, type_names=()):
        self.coordinates = coordinates
        self.radii = radii
        self.copy_number = copy_number
        self.type_names = tuple(type_names)

    def with_coordinates(self, coordinates):
        return State(coordinates, self.radii, self.copy_number, self.type_names)

    def tree_flatten(self):
        return (self.coordinates, self.radii, self.copy_number), self.type_names

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, type_names=aux)


def create_initial_state():
    """Create initial state."""
    key = jax.random.PRNGKey(42)
    n_A, n_B, n_C = 8, 8, 16
    n_total = n_A + n_B + n_C

    coords = jax.random.uniform(key, (n_total, 3), minval=-100.0, maxval=100.0)
    radii = jnp.concatenate([
        jnp.full(n_A, 24.0),
        jnp.full(n_B, 14.0),
        jnp.full(n_C, 16.0),
    ])
    copy_number = jnp.array([n_A, n_B, n_C])

    return State(coords, radii, copy_number, type_names=('ProteinA', 'ProteinB', 'ProteinC'))


def simple_energy(state):
    """Simple harmonic potential from origin."""
    return jnp.sum(state.coordinates ** 2) / 1000.0


@jax.jit
def mcmc_step(state, key, step_size=2.0):
    """One MCMC step with Metropolis-Hastings."""
    # Propose new coordinates
    noise = jax.random.normal(key, state.coordinates.shape) * step_size
    new_coords = state.coordinates + noise
    new_state = state.with_coordinates(new_coords)

    # Metropolis acceptance
    old_energy = simple_energy(state)
    new_energy = simple_energy(new_state)
    delta_e = new_energy - old_energy

    key, subkey = jax.random.split(key)
    accept = jax.random.uniform(subkey) < jnp.exp(-delta_e)

    final_state = jax.lax.cond(accept, lambda: new_state, lambda: state)
    log_prob = -simple_energy(final_state)

    return final_state, log_prob, accept


f = mcmc_step
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_A, n_B, n_C = 4, 4, 8
    n = n_A + n_B + n_C
    coords = rng.uniform(-20.0, 20.0, size=(n, 3)).astype(np.float32)
    radii = np.concatenate([np.full(n_A, 24.0), np.full(n_B, 14.0), np.full(n_C, 16.0)]).astype(np.float32)
    copy_number = np.array([n_A, n_B, n_C], dtype=np.int32)
    state = State(coords, radii, copy_number, type_names=('ProteinA', 'ProteinB', 'ProteinC'))
    key = rng.integers(0, 2**31, size=(2,)).astype(np.uint32)
    return (state, key)


INPUTS = make_inputs
