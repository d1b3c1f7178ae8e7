"""Line-fit log-probability for NUTS with a flat box prior: bounds handled by lax.cond (already jit-safe).

source: public code index file id 6642990444, a BlackJAX nested-sampling workshop script ("Part 3: Performance Comparison / Compare BlackJAX nested sampling with NUTS ..."; defines gaussian_2d_loglikelihood, nuts_logprob, custom_nsmcmc; uses blackjax.nss, blackjax.nuts, anesthetic NestedSamples); the index does not name the repository or commit
error: none
category: negative-lax-cond
expect: untouched
notes: nuts_logprob verbatim. Its globals `x` and `y` (the workshop's straight-line data, generated earlier in the script from true m, c, sigma) are stand-in arrays here. The script hands nuts_logprob to blackjax.nuts and jits the step; here `f = jax.jit(nuts_logprob)`. The prior bounds are traced comparisons combined with `&` and dispatched with jax.lax.cond, so nothing leaks; a fixer must not touch it.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

# stand-in for the workshop's line data (true m=2, c=1, sigma=0.5)
x = jnp.linspace(-2.0, 2.0, 25)
y = 2.0 * x + 1.0 + 0.5 * jnp.sin(7.0 * x)


def nuts_logprob(params_array):
    """Combined log probability for NUTS (assumes flat priors within bounds)."""
    m, c, log_sigma = params_array
    sigma = jnp.exp(log_sigma)  # positive constraint via log transform
    
    # Check bounds (flat prior)
    m_valid = (m >= -5.0) & (m <= 5.0)
    c_valid = (c >= -5.0) & (c <= 5.0)
    sigma_valid = (sigma >= 0.1) & (sigma <= 2.0)
    
    def valid_logprob():
        y_model = m * x + c
        loglik = jax.scipy.stats.multivariate_normal.logpdf(y, y_model, sigma**2)
        return loglik + log_sigma  # Add Jacobian for log transform
    
    def invalid_logprob():
        return -jnp.inf
    
    return jax.lax.cond(m_valid & c_valid & sigma_valid, valid_logprob, invalid_logprob)


f = jax.jit(nuts_logprob)
# --- end user code ---


def make_inputs(rng):
    # some draws fall outside the box (m, c in [-5, 5], sigma in [0.1, 2]) -> -inf branch
    m = rng.uniform(-6.0, 6.0)
    c = rng.uniform(-6.0, 6.0)
    log_sigma = rng.uniform(np.log(0.05), np.log(3.0))
    return (np.array([m, c, log_sigma], dtype=np.float32),)


INPUTS = make_inputs
