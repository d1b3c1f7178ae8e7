"""A JAX MCMC log-prior helper returns -inf from a Python loop on a chained traced bounds test.

source: UCSB-Exoplanet-Polarimetry-Lab/pyPolCal mcmc_helper_funcs_jax.py at ed17dcc0c4f6427188bd2f16861d30bdd8a60935 (log_prior, log_prob, uniform_prior, gaussian_prior); the later pyPolCal/mcmc_helper_funcs_jax.py (5c2d0a58dafce575d807b850b02d1794a2e71bfe) went back to NumPy with `if np.isfinite(lp)`
error: TracerBoolConversionError
category: helper-loop-chained-compare-early-return
expect: fix
notes: log_prior, log_prob, uniform_prior and gaussian_prior are verbatim (the port already turned log_prob and uniform_prior into jnp.where, but not log_prior's `if not (lo <= val <= hi): return -jnp.inf`). unflatten_p is dropped (unused here). The project's logl_function (instrument Mueller-matrix model) is replaced by a small Gaussian likelihood with the same signature; the parameter keys, prior and bounds dicts are made-up static configuration in the project's format. f jits log_prob over theta with everything else closed over.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit


def log_prior(theta, keys, prior_dict, bounds_dict):
    logp = 0.0
    for (comp, param), val in zip(keys, theta):
        if not (bounds_dict[comp][param][0] <= val <= bounds_dict[comp][param][1]):
            return -jnp.inf

        prior_info = prior_dict[comp][param]
        prior_type = prior_info["type"]
        kwargs = prior_info["kwargs"]

        if prior_type == "uniform":
            logp += uniform_prior(val, **kwargs)
        elif prior_type == "gaussian":
            logp += gaussian_prior(val, **kwargs)
        else:
            raise ValueError(f"Unsupported prior type: {prior_type}")
    return logp

def log_prob(theta, system_mm, dataset, errors, configuration_list, 
             p_keys, s_in, process_model, process_dataset, process_errors,
             prior_dict, bounds_dict, logl_function):
    lp = log_prior(theta, p_keys, prior_dict, bounds_dict)
    log_l = logl_function(
        theta, system_mm, dataset, errors, configuration_list,
        p_keys, s_in, process_model, process_dataset, process_errors
    )
    return jnp.where(jnp.isfinite(lp), lp + log_l, -jnp.inf)

@jit
def uniform_prior(x, low, high):
    return jnp.where((x >= low) & (x <= high), 0.0, -jnp.inf)

@jit
def gaussian_prior(x, mu, sigma):
    return -0.5 * ((x - mu) / sigma) ** 2


p_keys = [("dichroic", "phi"), ("flc", "delta_theta"), ("optics", "epsilon")]
prior_dict = {
    "dichroic": {"phi": {"type": "uniform", "kwargs": {"low": 0.0, "high": 6.28}}},
    "flc": {"delta_theta": {"type": "gaussian", "kwargs": {"mu": 0.0, "sigma": 2.0}}},
    "optics": {"epsilon": {"type": "uniform", "kwargs": {"low": -0.1, "high": 0.1}}},
}
bounds_dict = {
    "dichroic": {"phi": [0.0, 6.28]},
    "flc": {"delta_theta": [-5.0, 5.0]},
    "optics": {"epsilon": [-0.1, 0.1]},
}
dataset = jnp.array([0.3, -0.1, 0.05])
errors = jnp.array([0.1, 0.1, 0.02])


def logl_function(theta, system_mm, dataset, errors, configuration_list,
                  p_keys, s_in, process_model, process_dataset, process_errors):
    model = jnp.array([jnp.cos(theta[0]) * 0.3, theta[1] * 0.01, theta[2]])
    return -0.5 * jnp.sum(((dataset - model) / errors) ** 2)


@jax.jit
def f(theta):
    return log_prob(theta, None, dataset, errors, None, p_keys, None, None, None, None,
                    prior_dict, bounds_dict, logl_function)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # each parameter lands outside its bounds about a sixth of the time
    theta = np.array([rng.uniform(-1.0, 7.3), rng.uniform(-6.0, 6.0), rng.uniform(-0.12, 0.12)],
                     dtype=np.float32)
    return (theta,)


INPUTS = make_inputs


@jax.jit
def reference_fix(theta):
    lo = jnp.array([0.0, -5.0, -0.1])
    hi = jnp.array([6.28, 5.0, 0.1])
    in_bounds = jnp.all((lo <= theta) & (theta <= hi))
    logp = (uniform_prior(theta[0], 0.0, 6.28) + gaussian_prior(theta[1], 0.0, 2.0)
            + uniform_prior(theta[2], -0.1, 0.1))
    lp = jnp.where(in_bounds, logp, -jnp.inf)
    log_l = logl_function(theta, None, dataset, errors, None, p_keys, None, None, None, None)
    return jnp.where(jnp.isfinite(lp), lp + log_l, -jnp.inf)
