"""A talk's autodiff teaser: if/else on `np.sum(x)` assigning `tmp`, then one shared return; jitted gradient.

source: hzdr/autodiff101 talk/code/jax_ad_teaser_func_w_imports.py at 72c34e83c973e99fc632c39aa87aaa91a5e31e38 (`f`)
error: TracerBoolConversionError
category: if-else-assign-merge
expect: fix
notes: `f` is verbatim (with its `import jax.numpy as np` and the commented-out NumPy import). The talk differentiates it with `grad`, which works eagerly; `f = jax.jit(grad(f))` is added, the usual next step, and it fails. Inputs are float32 vectors whose sum falls on both sides of 1.234.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
##import numpy as np
import jax
import jax.numpy as np
from jax import grad

def f(x):
    if np.sum(x) > 1.234:
        tmp = np.log(np.power(np.sin(x), 2))
    else:
        tmp = -10 * np.tan(x)
    return np.sum(np.exp(tmp) * 2*np.pi)


f = jax.jit(grad(f))
# --- end user code ---

import numpy
import jax.numpy as jnp


def make_inputs(rng):
    return (rng.uniform(-0.6, 1.0, size=(3,)).astype(numpy.float32),)


INPUTS = make_inputs


def _f_fixed(x):
    tmp = jax.lax.cond(
        jnp.sum(x) > 1.234,
        lambda x: jnp.log(jnp.power(jnp.sin(x), 2)),
        lambda x: -10 * jnp.tan(x),
        x,
    )
    return jnp.sum(jnp.exp(tmp) * 2 * jnp.pi)


reference_fix = jax.jit(jax.grad(_f_fixed))
