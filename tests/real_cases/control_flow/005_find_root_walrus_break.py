"""Newton root finding whose exit test binds the residual with `:=`.

source: https://github.com/jshe2304/dlrg/blob/HEAD/utils/newton.py (find_root)
error: TracerBoolConversionError
category: for-break
expect: fix
notes: torch -> jax.numpy under @jax.jit; the system f is a fixed function of the module and its
  Jacobian comes from jax.jacfwd instead of the repository's helper; 4 iterations at most (1000 in
  the repository) so that the result depends on the start.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def system(x):
    return jnp.array([x[0] ** 3 - 1.0, x[1] * x[0] - 2.0])


@jax.jit
def f(x):
    eps = 1e-5
    for i in range(4):
        if jnp.linalg.norm(fx := system(x)) < eps:
            break
        x = x - jnp.linalg.inv(jax.jacfwd(system)(x)) @ fx
    return x
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (rng.uniform(0.8, 2.0, size=(2,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    def body(state):
        i, x, stop = state
        fx = system(x)
        stop = jnp.linalg.norm(fx) < 1e-5
        x = jnp.where(stop, x, x - jnp.linalg.inv(jax.jacfwd(system)(x)) @ fx)
        return i + 1, x, stop

    _, x, _ = lax.while_loop(lambda s: (s[0] < 4) & ~s[2], body, (0, x, False))
    return x
