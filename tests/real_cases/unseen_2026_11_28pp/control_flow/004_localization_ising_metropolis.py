"""1D Ising Metropolis chain: acceptance via jnp.where inside a fori_loop, vmapped and jitted.

source: "A `ParityDataset` that generates parity-labelled examples in `D` dimensions." module of a
  research package importing `localization.datasets.base` (public code-index file id 47308845573:
  E, pi, propose, step, initialize_state, chain, simulate, slice_to_array, class IsingDataset; an
  earlier script revision is id 47584372334). The index does not name the repository or commit.
error: none
category: negative-where-fori-vmap
expect: untouched
notes: E, pi, propose, step, initialize_state, chain and simulate verbatim. `f` is the generator the
  file's IsingDataset.__init__ builds, `jax.jit(jax.vmap(partial(simulate, J=xi_, D=num_dimensions,
  num_steps=num_steps)))`, with the class defaults xi=0.7, num_dimensions=100, num_steps=1000. It looks
  like a Metropolis loop with an accept/reject branch, but the branch is a `jnp.where`, the loop a
  `lax.fori_loop`, and D / num_steps are static Python ints bound by partial.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import Array

import jax
import jax.numpy as jnp
from functools import partial


def E(
    state_internal: Array,
    J_internal: float,
    field_external: Array,
    J_external: float,
) -> Array:
    return -1 * (
        J_internal * ((state_internal * jnp.roll(state_internal, 1)).sum())
        + J_external * (field_external @ state_internal.T)
    )


def pi(
    state_internal: Array,
    J_internal: float,
    field_external: Array,
    J_external: float,
) -> Array:
    return jnp.exp(-E(state_internal, J_internal, field_external, J_external))


def propose(
    key: Array,
    state: Array,
    J_internal: float,
    field_external: Array,
    J_external: float,
) -> Array:
    flip = jax.random.randint(key, shape=(), minval=0, maxval=state.shape[0])
    updated_state = state.at[flip].set(-1 * state[flip])

    pi_prime = pi(updated_state, J_internal, field_external, J_external)
    pi_ref = pi(state, J_internal, field_external, J_external)

    return jnp.where(1.0 < pi_prime / pi_ref, 1.0, pi_prime / pi_ref), updated_state


def step(
    key: Array,
    J: float,
    state: Array,
):
    propose_key, accept_key = jax.random.split(key)
    accept_prob, next_state = propose(
        propose_key, state, J, state, 0.0
    )  # set external field to null
    return jnp.where(jax.random.uniform(accept_key) < accept_prob, next_state, state)


def initialize_state(key: Array, d: int) -> Array:
    return jax.random.bernoulli(key, p=0.5, shape=(d,)) * 2 - 1


def chain(key: Array, num_steps: int, initial_state: Array, J: float):
    def body(n, args):
        del n
        state_i, key_i = args
        return step(key_i, J, state_i), jax.random.split(key_i)[0]

    final_state, _ = jax.lax.fori_loop(
        0,
        num_steps,
        body,
        (
            initial_state,
            jax.random.split(key)[0],
        ),
    )
    return final_state


def simulate(key: Array, D: int, J: float, num_steps: int = 10000):
    initialize_key, chain_key = jax.random.split(key)
    initial_state = initialize_state(initialize_key, D)
    return chain(chain_key, num_steps, initial_state, J)


f = jax.jit(
    jax.vmap(
        partial(simulate,
                J=0.7, D=100, num_steps=1000,
                ),
    )
)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(0, 2**32 - 1, size=(4, 2), dtype=np.uint32),)


INPUTS = make_inputs
