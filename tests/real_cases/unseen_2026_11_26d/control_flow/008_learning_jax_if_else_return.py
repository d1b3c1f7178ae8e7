"""Tutorial example: `if x < 3: return ...; else: return ...` on a traced scalar under @jit.

source: k-karna/learning_jax notebook (https://github.com/k-karna/learning_jax), "These will throw errors" cell (`@jit def f(x): if x <3: ...`), after the JAX "Thinking in JAX" control-flow example
error: TracerBoolConversionError
category: if-else-return-scalar
expect: fix
notes: verbatim from the notebook cell (marked there as raising TracerBoolConversionError); only the import line adapted to jax.jit.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit
import jax.numpy as jnp


@jit
def f(x):
    if x <3:
        return 3*x ** 2
    else:
        return - 4 * x
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(0.0, 6.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x < 3, 3 * x ** 2, -4 * x)
