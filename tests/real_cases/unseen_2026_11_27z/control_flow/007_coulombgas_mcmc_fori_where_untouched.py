"""Batched random-walk Metropolis with `lax.fori_loop` and `jnp.where` accept/reject: already jit-safe.

source: fermiflow/CoulombGas MCMC.py at 001c9840f520711db7919f88aa84dd3b2b614841 (mcmc)
error: none
category: negative-mcmc-fori-where
expect: untouched
notes: mcmc is verbatim (decorated `@partial(jax.jit, static_argnums=0)`), minus the module-level `config.update("jax_enable_x64", True)` (it would change the precision of every other case in the process). A look-alike: the accept test `uniform < ratio` is on traced values but goes through jnp.where, the step count goes to lax.fori_loop, and the callable logp_fn is static. The entry point `f` and the log-density `gaussian_logp` (an isotropic Gaussian over a (batch, n, dim) configuration, the shape the docstring asks for) are added; the PRNG key is a raw uint32[2] input.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax

from functools import partial

@partial(jax.jit, static_argnums=0)
def mcmc(logp_fn, x_init, key, mc_steps, mc_stddev=0.02):
    """
        Markov Chain Monte Carlo sampling algorithm.

    INPUT:
        logp_fn: callable that evaluate log-probability of a batch of configuration x.
            The signature is logp_fn(x), where x has shape (batch, n, dim).
        x_init: initial value of x, with shape (batch, n, dim).
        key: initial PRNG key.
        mc_steps: total number of Monte Carlo steps.
        mc_stddev: standard deviation of the Gaussian proposal.

    OUTPUT:
        x: resulting batch samples, with the same shape as `x_init`.
    """
    def step(i, state):
        x, logp, key = state
        key, key_proposal, key_accept = jax.random.split(key, 3)

        x_proposal = x + mc_stddev * jax.random.normal(key_proposal, x.shape)
        logp_proposal = logp_fn(x_proposal)
        ratio = jnp.exp(logp_proposal - logp)
        accept = jax.random.uniform(key_accept, ratio.shape) < ratio

        x_new = jnp.where(accept[:, None, None], x_proposal, x)
        logp_new = jnp.where(accept, logp_proposal, logp)
        return x_new, logp_new, key
    
    logp_init = logp_fn(x_init)
    x, logp, key = lax.fori_loop(0, mc_steps, step, (x_init, logp_init, key))
    return x


def gaussian_logp(x):
    return -0.5 * jnp.sum(x ** 2, axis=(1, 2))


def f(x_init, key):
    return mcmc(gaussian_logp, x_init, key, 20, 0.5)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x_init = rng.normal(scale=2.0, size=(4, 3, 2)).astype(np.float32)
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    return (x_init, key)


INPUTS = make_inputs
