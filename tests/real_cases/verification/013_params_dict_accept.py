"""A Metropolis step on a dict carry: `carry["lp_prop"] if accept else carry["lp_curr"]`.

source: https://github.com/mlysy/pfjax/blob/1e9f9eaa01cbe06e910a252774cda92d49eb1bcb/src/pfjax/mcmc.py (mwg_update's scan body `fun(carry, i)`, a dict carry with "param_curr", "lp_curr", "key")
error: TracerBoolConversionError
category: pytree-dict
expect: fix
notes: the accept/reject selection that the file writes as `x * acc + y * (1 - acc)`, written as the Python conditional it stands for; proposal values come in the carry.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(carry, u):
    lrate = carry["lp_prop"] - carry["lp_curr"]
    accept = jnp.log(u) < lrate
    lp_next = carry["lp_prop"] if accept else carry["lp_curr"]
    param_next = carry["param_prop"] if accept else carry["param_curr"]
    return {"lp_curr": lp_next, "param_curr": param_next}
# --- end user code ---

import numpy as np


def make_inputs(rng):
    carry = {
        "lp_curr": np.float32(rng.normal()),
        "lp_prop": np.float32(rng.normal()),
        "param_curr": rng.normal(size=(3,)).astype(np.float32),
        "param_prop": rng.normal(size=(3,)).astype(np.float32),
    }
    return (carry, np.float32(rng.uniform(0.01, 1.0)))


INPUTS = make_inputs


@jax.jit
def reference_fix(carry, u):
    accept = jnp.log(u) < carry["lp_prop"] - carry["lp_curr"]
    return {"lp_curr": jnp.where(accept, carry["lp_prop"], carry["lp_curr"]),
            "param_curr": jnp.where(accept, carry["param_prop"], carry["param_curr"])}
