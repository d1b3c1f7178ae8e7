"""Lattice SIR simulator method: `int(jnp.round(prior.sample(...)))` sizes `random.choice` (data-dependent shape).

source: simulation-based-inference SIR-on-a-lattice module in the public code index (code-index file id 51995481846; `from .priors import Prior`; dataclass LatticeSIR with method simulate). The index does not name the repository or commit.
error: ConcretizationTypeError
category: method-int-of-traced-as-shape
expect: report
notes: LatticeSIR verbatim. `.priors.Prior` is not available; it is replaced by a small stand-in with the same constructor (distribution name, parameter dict) and a `sample(rng, shape=())` method drawing from jax.random (beta, inverse-gamma, uniform). Entry point: the bound method jitted with dims/num_steps static, as a simulator would be jitted for batched SBI. The leak hides in the method: the number of initially infected cells is a random draw from a prior (traced), converted with int() and used as the size of `random.choice(..., replace=False)`; the method also returns it as a Python int. The number of seeds is genuinely data-dependent, so there is no local rewrite that reproduces the eager random stream: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import math
from dataclasses import dataclass
from typing import Tuple

import jax
import jax.numpy as jnp
from jax import Array, jit, random
from jax.lax import conv_general_dilated


class Prior:  # stand-in for `.priors.Prior`
    def __init__(self, distribution, params):
        self.distribution = distribution
        self.params = params

    def sample(self, rng, shape=()):
        p = self.params
        if self.distribution == "beta":
            return random.beta(rng, p["a"], p["b"], shape)
        if self.distribution == "inverse_gamma":
            return p["beta"] / random.gamma(rng, p["alpha"], shape)
        if self.distribution == "uniform":
            return random.uniform(rng, shape, minval=p["minval"], maxval=p["maxval"])
        raise ValueError(self.distribution)


@dataclass
class LatticeSIR:
    """A Susceptible-Infected-Recovered (SIR) model simulated on a lattice.

    Args:
        beta: A prior over the infection rate.
        gamma: A prior over the recovery rate.
        num_init: A prior over the initial number of infected (nearest integer is used).

    Returns:
        An instance of the `LatticeSIR` dataclass.
    """

    beta: Prior = Prior("beta", {"a": 5, "b": 10})
    gamma: Prior = Prior("inverse_gamma", {"alpha": 5, "beta": 0.4})
    num_init: Prior = Prior("uniform", {"minval": 1, "maxval": 5})

    def simulate(
        self,
        rng: Array,
        dims: Tuple[int, int] = (64, 64),
        num_steps: int = 100,
    ):
        """Simulate `num_steps` of SIR model on a lattice of `dims`."""
        rng_beta, rng_gamma, rng_num_init, rng_init, rng = random.split(rng, 5)
        beta = self.beta.sample(rng_beta)
        gamma = self.gamma.sample(rng_gamma)
        num_init = int(jnp.round(self.num_init.sample(rng_num_init, (1,)))[0])
        init_locs = random.choice(rng_init, math.prod(dims), (num_init,), replace=False)

        # initialize state array: 0 = susceptible, 1 = infected, -1 = recovered
        state = jnp.zeros(dims).at[jnp.unravel_index(init_locs, dims)].set(1.0)

        kernel = jnp.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=jnp.float32)
        kernel = kernel[None, None, :, :]  # add dummy batch and channel dims

        @jit
        def step(rng, state):
            neighbor_sum = conv_general_dilated(
                jnp.float32(state == 1.0)[None, None, :, :],  # infected only
                kernel,
                window_strides=(1, 1),
                padding="SAME",
            )[0, 0]  # remove batch and channel dimensions
            rng_infect, rng_recover = random.split(rng)
            u_recover = random.uniform(rng, state.shape)
            u_infect = random.uniform(rng_infect, state.shape)
            new_infections = (state == 0.0) & (u_infect < beta * neighbor_sum)
            new_recoveries = (state == 1.0) & (u_recover < gamma)
            state = jnp.where(new_infections, 1.0, state)  # susceptible -> infected
            state = jnp.where(new_recoveries, -1.0, state)  # infected -> recovered
            return state

        def step_scanner(state, rng):
            state = step(rng, state)
            return state, state

        rngs = random.split(rng, num_steps - 1)
        _, steps = jax.lax.scan(step_scanner, state, rngs)

        # Return states over time
        return jnp.vstack([state[None, ...], steps]), beta, gamma, num_init


f = jax.jit(LatticeSIR().simulate, static_argnames=("dims", "num_steps"))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)  # raw PRNG key
    return (key, (16, 16), 12)


INPUTS = make_inputs
