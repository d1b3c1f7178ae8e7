"""A model constructor that validates a stability condition with `if α >= 1: raise ValueError(...)` on a value computed from traced parameters.

source: QuantEcon/lecture-jax lectures/wealth_dynamics.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 (Model, create_wealth_model)
error: TracerBoolConversionError
category: if-traced-raise-validation
expect: report
notes: `Model` and `create_wealth_model` verbatim. The lecture builds one model per parameter value in a Python loop (`for μ_r in μ_r_vals: wdy = create_wealth_model(μ_r=μ_r)`) before calling the jitted `generate_lorenz_and_gini_jax`; `f` moves the construction under jit over (μ_r, σ_r), as a user batching the parameter sweep would. The stability test then sees a tracer, and its only consequence is raising an exception, which has no traced equivalent (checkify / eqx.error_if would change the error contract), so the case expects a report. Inputs: μ_r and σ_r around the lecture's sweep values.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from collections import namedtuple

import jax
import jax.numpy as jnp

# NamedTuple Model

Model = namedtuple("Model", ("w_hat", "s_0", "c_y", "μ_y",
                             "σ_y", "c_r", "μ_r", "σ_r", "a",
                             "b", "σ_z", "z_mean", "z_var", "y_mean"))


def create_wealth_model(w_hat=1.0,
                        s_0=0.75,
                        c_y=1.0,
                        μ_y=1.0,
                        σ_y=0.2,
                        c_r=0.05,
                        μ_r=0.1,
                        σ_r=0.5,
                        a=0.5,
                        b=0.0,
                        σ_z=0.1):
    """
    Create a wealth model with given parameters and return
    and instance of NamedTuple Model.
    """
    z_mean = b / (1 - a)
    z_var = σ_z**2 / (1 - a**2)
    exp_z_mean = jnp.exp(z_mean + z_var / 2)
    R_mean = c_r * exp_z_mean + jnp.exp(μ_r + σ_r**2 / 2)
    y_mean = c_y * exp_z_mean + jnp.exp(μ_y + σ_y**2 / 2)
    # Test a stability condition that ensures wealth does not diverge
    # to infinity.
    α = R_mean * s_0
    if α >= 1:
        raise ValueError("Stability condition failed.")
    return Model(w_hat=w_hat, s_0=s_0, c_y=c_y, μ_y=μ_y,
                 σ_y=σ_y, c_r=c_r, μ_r=μ_r, σ_r=σ_r, a=a,
                 b=b, σ_z=σ_z, z_mean=z_mean, z_var=z_var, y_mean=y_mean)


f = jax.jit(lambda μ_r, σ_r: create_wealth_model(μ_r=μ_r, σ_r=σ_r))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    μ_r = np.float32(rng.choice([0.0, 0.025, 0.05, 0.1]))
    σ_r = np.float32(rng.choice([0.35, 0.45, 0.5, 0.52]))
    return (μ_r, σ_r)


INPUTS = make_inputs
