"""jit of a library helper whose dimension argument feeds `jnp.arange` deep inside it.

source: https://github.com/jax-ml/jax/issues/5073 (jakevdp, "jax.scipy.special.multigammaln fails under jit": `jit(multigammaln)(1, 2)`)
error: ConcretizationTypeError
category: helper-traced-size-argument
expect: fix
notes: verbatim (`f = jit(multigammaln)`); the leak is not in the user's code but in `jax.scipy.special.multigammaln`, which builds `jnp.arange(d)`, so the traced `d` must be made static at the jit call (`static_argnums=1`). Inputs keep `a > (d - 1) / 2` so the function is defined.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax.scipy.special import multigammaln
from jax import jit

f = jit(multigammaln)
# --- end user code ---

import jax
import numpy as np


def make_inputs(rng):
    d = int(rng.integers(1, 6))
    a = np.float32((d - 1) / 2 + rng.uniform(0.2, 4.0))
    return (a, d)


INPUTS = make_inputs

reference_fix = jax.jit(multigammaln, static_argnums=1)
