"""A book example's scalar if/else with two returns, jitted the way the chapter tries (and comments out).

source: halfroad/JAX Chapters/06/6.2/JaxPerformanceBolster/6.2.2/ImplicitParametersNotTraced/6-10/ImplicitParametersFunction.py at 2b208212a13ce7d05e514ff6de5e6cb369fdf5a9 (`function`; `main` builds `jax.jit(function)` and leaves `# jit_function(10)` commented out because it fails; the sibling ImplicitParametersJitAdaptive.py then uses static_argnums)
error: TracerBoolConversionError
category: if-else-early-return
expect: fix
notes: `function` is verbatim; `f = jax.jit(function)` is the chapter's own `jit_function`. main() (grad demo and print) dropped. Inputs are float32 scalars of both signs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


def function(x):

    if x > 0:
        return x
    else:
        return 2 * x


f = jax.jit(function)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x = rng.normal() * 3.0
    if rng.random() < 0.15:
        x = 0.0
    return (np.float32(x),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x > 0, x, 2 * x)
