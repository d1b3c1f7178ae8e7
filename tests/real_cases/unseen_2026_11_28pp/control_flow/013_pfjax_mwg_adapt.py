"""pfjax mwg_adapt: grow/shrink MWG jump sizes by acceptance rate with jnp.sign, no Python `if` (jit-safe).

source: mlysy/pfjax src/pfjax/mcmc.py, stored revision with mwg_update / mwg_adapt / adaptive_mwg_update (code-index file id 18972067360); the repository's issue https://github.com/mlysy/pfjax/issues/3 ("Not to use Boolean in mwg_adapt") reports that the earlier version (fff2a24e91f8de0350bf05bcaaaa2f4452f34452, lines 203-207) failed under jit with a traced boolean and proposes exactly this jnp.sign form
error: none
category: negative-sign-instead-of-if
expect: untouched
notes: mwg_adapt verbatim. The decision "increase or decrease each jump size depending on whether the acceptance rate is above or below 0.44" is computed arithmetically (jnp.sign, jnp.minimum), so the function traces fine; `f` is mwg_adapt under jax.jit with traced rw_sd, accept_rate and n_iter. A fixer must leave it byte-identical.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def mwg_adapt(rw_sd, accept_rate, n_iter,
              adapt_max=.01, adapt_rate=.5):
    r"""
    Adapt random walk jump sizes of MWG proposals.

    Given a vector of random walk jump sizes, increase or decrease each of them depending on whether the cumulative acceptance rate is above or below 0.44.  The amount of change on log-scale is 

    ```
    delta = min(adapt_max, 1/n_iter^adapt_rate)
    ```

    Args:
        rw_sd: Vector of `n_params` standard deviations (jump sizes) for the componentwise random walk proposal.
        accept_rate: Vector of `n_params` cumulative acceptance rates (i.e., between 0 and 1).
        n_iter: Number of MCMC iterations so far.
        adapt_max: Scalar or vector of `n_params` maximum adaptation amounts.
        adapt_rate: Scalar or vector of `n_params` adaptation rates.

    Returns:
        Vector of `n_params` adapted standard deviations.
    """

    targ_acc = 0.44  # target acceptance rate
    delta = jnp.power(n_iter, -adapt_rate)
    delta = jnp.minimum(delta, adapt_max)
    low_acc = jnp.sign(targ_acc - accept_rate)
    return jnp.exp(jnp.log(rw_sd) - delta * low_acc)


f = jax.jit(mwg_adapt)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    rw_sd = rng.uniform(0.05, 2.0, size=(4,)).astype(np.float32)
    accept_rate = rng.uniform(0.0, 1.0, size=(4,)).astype(np.float32)
    accept_rate[rng.integers(0, 4)] = 0.44  # exactly on target: sign 0, no change
    n_iter = np.float32(rng.choice([1.0, 50.0, 5000.0, 1e6]))
    return (rw_sd, accept_rate, n_iter)


INPUTS = make_inputs
