"""`arange` whose bounds come from an element of the argument (length 2, but not static).

source: https://github.com/jax-ml/jax/issues/19433 (njkrichardson, "jax.numpy.arange resists JIT even with static shape": `return np.arange(x[0] - 1, x[0] + 1)` with `import jax.numpy as np`; workaround from the issue: `np.arange(-1, 1) + x[0]`)
error: ConcretizationTypeError
category: traced-shape-argument
expect: fix
notes: verbatim, including `import jax.numpy as np` (so the NumPy-looking name is jax.numpy) and the `@jit` decorator; the function is renamed `f`. Inputs are int32 arrays of shape (1,) including 0 and negative values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as np
from jax import jit


@jit
def f(x: np.ndarray) -> np.ndarray:
    return np.arange(x[0] - 1, x[0] + 1)
# --- end user code ---

import numpy
import jax
import jax.numpy as jnp


def make_inputs(rng):
    v = rng.choice([0, -5, 7, int(rng.integers(-100, 100))])
    return (numpy.asarray([v], dtype=numpy.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.arange(-1, 1) + x[0]
