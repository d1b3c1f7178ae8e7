"""pi0_FAST sampling: `if temperature > 0.0` choosing categorical sampling or argmax, jitted.

source: https://github.com/Physical-Intelligence/openpi/pull/550 (src/openpi/models/pi0_fast.py, the sampling step)
error: TracerBoolConversionError
category: if-return-select
expect: fix
notes: the token choice alone, with the PRNG key consumed by jax.random.categorical; temperature is a traced scalar as in the report.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(rng, last_logit, temperature):
    if temperature > 0.0:
        token = jax.random.categorical(rng, last_logit / temperature, axis=-1)
    else:
        token = jnp.argmax(last_logit, axis=-1)
    return token
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 1000))))
    temperature = np.float32(0.0 if rng.random() < 0.4 else rng.uniform(0.5, 1.5))
    return (key, rng.normal(size=(2, 6)).astype(np.float32), temperature)


INPUTS = make_inputs


@jax.jit
def reference_fix(rng, last_logit, temperature):
    sampled = jax.random.categorical(rng, last_logit / temperature, axis=-1)
    return jnp.where(temperature > 0.0, sampled, jnp.argmax(last_logit, axis=-1))
