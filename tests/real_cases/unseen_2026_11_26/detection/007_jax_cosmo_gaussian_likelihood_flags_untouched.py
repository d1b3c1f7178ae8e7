"""jax_cosmo gaussian_log_likelihood: `if inverse_method == ...` and `if constant_cov:` on Python keyword flags.

source: DifferentiableUniverseInitiative/jax_cosmo jax_cosmo/likelihood.py at 1f6f4135d4d7ea089069d9ebbafa5e4cac583dfd (gaussian_log_likelihood)
error: none
category: negative-static-keyword-flags
expect: untouched
notes: the function verbatim (the unused gaussian_cl_covariance import dropped); it is jitted through a wrapper that fixes the flags to Python values, as jax_cosmo's likelihood examples do. Both branches are on Python strings/bools, never on traced data.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
import jax.scipy as sp


def gaussian_log_likelihood(data, mu, C, constant_cov=True, inverse_method="inverse"):
    """
    Computes the likelihood for some cl
    """
    # Computes residuals
    r = mu - data

    # TODO: check what is the fastest and works the best between cholesky+solve
    # and just inversion
    if inverse_method == "inverse":
        y = np.dot(np.linalg.inv(C), r)
    elif inverse_method == "cholesky":
        y = sp.linalg.cho_solve(sp.linalg.cho_factor(C, lower=True), r)
    else:
        raise NotImplementedError

    if constant_cov:
        return -0.5 * r.dot(y)
    else:
        _, logdet = np.linalg.slogdet(C)
        return -0.5 * r.dot(y) - 0.5 * logdet


@jax.jit
def f(data, mu, C):
    return (gaussian_log_likelihood(data, mu, C),
            gaussian_log_likelihood(data, mu, C, constant_cov=False,
                                    inverse_method="cholesky"))
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    data = rng.normal(size=(5,)).astype(onp.float32)
    mu = rng.normal(size=(5,)).astype(onp.float32)
    L = rng.normal(size=(5, 5)).astype(onp.float32) * 0.3
    C = (L @ L.T + onp.eye(5, dtype=onp.float32)).astype(onp.float32)
    return (data, mu, C)


INPUTS = make_inputs
