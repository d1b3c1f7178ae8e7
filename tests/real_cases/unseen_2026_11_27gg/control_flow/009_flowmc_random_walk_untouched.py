"""flowMC Gaussian random-walk kernel: `is None` config defaults and a traced accept handled with jnp.where.

source: kazewong/flowMC, src/flowMC/resource/kernel/Gaussian_random_walk.py as stored in the code index (code-index file id 57985647699; class GaussianRandomWalk: __init__, kernel)
error: none
category: negative-is-none-and-jnp-where
expect: untouched
notes: GaussianRandomWalk.__init__ and kernel verbatim; the base class `ProposalBase` (an equinox Module from flowMC) is replaced by a plain stand-in, the jaxtyping annotations are reduced to plain names, and adapt_step_size / print_parameters / save/load (not used by the kernel) are dropped. The user code adds a Gaussian logpdf and jits the kernel of a sampler with one periodic dimension. Look-alikes: `if periodic_mask is None` / `if periodic_bounds is None` (static, at construction), `jnp.asarray(step_size).ndim > 0` (static shape), and the traced accept decision, which already goes through jnp.where.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Callable, Optional

import jax
import jax.numpy as jnp


class ProposalBase:  # stand-in for flowMC.resource.kernel.base.ProposalBase
    def __init__(self):
        pass


class GaussianRandomWalk(ProposalBase):
    """Gaussian random walk sampler class."""

    ADAPTATION_RATE: float = 0.5

    def __init__(
        self,
        step_size,
        periodic_mask=None,
        periodic_bounds=None,
    ):
        super().__init__()
        self.step_size = step_size
        n_dim = (
            jnp.asarray(step_size).shape[0] if jnp.asarray(step_size).ndim > 0 else 1
        )
        if periodic_mask is None:
            periodic_mask = jnp.zeros(n_dim, dtype=bool)
        if periodic_bounds is None:
            periodic_bounds = jnp.zeros((n_dim, 2))
        self.periodic_mask = periodic_mask
        self.periodic_bounds = periodic_bounds

    def kernel(
        self,
        rng_key,
        position,
        log_prob,
        logpdf: Callable,
        data,
    ):
        key1, key2 = jax.random.split(rng_key)
        move_proposal = (
            jax.random.normal(key1, shape=position.shape) * self.step_size
        )

        proposal = position + move_proposal

        # Wrap periodic dimensions
        lower = self.periodic_bounds[:, 0]
        upper = self.periodic_bounds[:, 1]
        period = upper - lower
        wrapped = lower + jnp.mod(proposal - lower, period)
        proposal = jnp.where(self.periodic_mask, wrapped, proposal)

        proposal_log_prob = logpdf(proposal, data)

        log_uniform = jnp.log(jax.random.uniform(key2))
        do_accept = log_uniform < proposal_log_prob - log_prob

        position = jnp.where(do_accept, proposal, position)
        log_prob = jnp.where(do_accept, proposal_log_prob, log_prob)
        return position, log_prob, do_accept


def log_posterior(x, data):
    return -0.5 * jnp.sum((x - data["mean"]) ** 2 / data["var"])


_sampler = GaussianRandomWalk(
    step_size=jnp.array([0.3, 0.3, 0.5]),
    periodic_mask=jnp.array([False, False, True]),
    periodic_bounds=jnp.array([[0.0, 0.0], [0.0, 0.0], [0.0, 2 * jnp.pi]]),
)


@jax.jit
def f(rng_key, position, mean, var):
    data = {"mean": mean, "var": var}
    log_prob = log_posterior(position, data)
    return _sampler.kernel(rng_key, position, log_prob, log_posterior, data)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    position = rng.normal(size=(3,)).astype(np.float32)
    position[2] = rng.uniform(0.0, 2 * np.pi)
    mean = rng.normal(size=(3,)).astype(np.float32)
    var = rng.uniform(0.2, 2.0, size=(3,)).astype(np.float32)
    return (key, position, mean, var)


INPUTS = make_inputs
