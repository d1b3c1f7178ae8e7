"""pfjax `mwg_adapt`: a Python `if` on the acceptance rate, jitted.

source: https://github.com/mlysy/pfjax/issues/3 (mwg_adapt in src/pfjax/mcmc.py, lines 203-207 at fff2a24)
error: TracerBoolConversionError
category: if-return-select
expect: fix
notes: the issue quotes the jnp.sign form it moved to; this is the if/else it replaced, for one parameter.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(rw_sd, accept_rate, n_iter, adapt_max=.01, adapt_rate=.5):
    targ_acc = 0.44  # target acceptance rate
    delta = jnp.power(n_iter, -adapt_rate)
    delta = jnp.minimum(delta, adapt_max)
    if accept_rate < targ_acc:
        return jnp.exp(jnp.log(rw_sd) - delta)
    else:
        return jnp.exp(jnp.log(rw_sd) + delta)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(0.1, 2.0)), np.float32(rng.uniform(0, 1)), np.float32(rng.integers(1, 10000)))


INPUTS = make_inputs


@jax.jit
def reference_fix(rw_sd, accept_rate, n_iter, adapt_max=.01, adapt_rate=.5):
    delta = jnp.minimum(jnp.power(n_iter, -adapt_rate), adapt_max)
    return jnp.exp(jnp.log(rw_sd) + jnp.where(accept_rate < 0.44, -delta, delta))
