"""Strategy parameters computed with jnp from static sizes, then boolean-masked.

source: RobertTLange/evosax issue #2 (cma_es.py params_strategy: `weights_prime[weights_prime > 0]` inside lax.scan)
error: NonConcreteBooleanIndexError
category: jnp-on-static
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def params_strategy(popsize):
    mu = popsize // 2
    weights_prime = jnp.log((popsize + 1) / 2) - jnp.log(jnp.arange(1, popsize + 1))
    positive_sum = jnp.sum(weights_prime[weights_prime > 0])
    return weights_prime[:mu] / positive_sum


@jax.jit
def f(fitness):
    weights = params_strategy(8)
    return jnp.sort(fitness)[:4] @ weights
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(8,)).astype(np.float32),)


INPUTS = make_inputs
