"""Strategy parameters from NumPy on static sizes, boolean-masked (correct).

source: RobertTLange/evosax issue #2 (the maintainer's advice: compute the shape-dependent parameters on concrete values)
error: none
category: look-alike-static
expect: untouched
notes: the mask is over a NumPy array of static values; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def params_strategy(popsize):
    mu = popsize // 2
    weights_prime = np.log((popsize + 1) / 2) - np.log(np.arange(1, popsize + 1))
    positive_sum = np.sum(weights_prime[weights_prime > 0])
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
