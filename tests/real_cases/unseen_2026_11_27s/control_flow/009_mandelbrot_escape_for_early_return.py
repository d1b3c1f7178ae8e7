"""Mandelbrot escape time: a for loop over iterations with an early `return` on a traced |z| (issue posted with vmap; jitted here).

source: https://github.com/jax-ml/jax/issues/24740 (hangita101, "TracerBoolConversionError": mandle_brot vmapped with in_axes=(0, None))
error: TracerBoolConversionError
category: for-early-return
expect: fix
notes: mandle_brot verbatim from the issue. The issue maps it with `vmap(mandle_brot, in_axes=(0, None))`; the judge compares against the function run with jax.disable_jit, which a vmap entry point cannot do, so the entry point here is `f = jit(mandle_brot, static_argnums=(1,))` on one point (same BatchTracer/DynamicJaxprTracer failure at `if(jnp.abs(z)>2.0)`); the module-level driver lines (`jnp.complex_(...)`, the eager call, the vmap call) are dropped. max_iter stays a static Python int. Returns a shape-(1,) int array: the first iteration at which |z| > 2, else max_iter.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp
from jax import jit,vmap
def mandle_brot(c,max_iter):
    z= jnp.array([0.0+0.0j])
    for i in range(max_iter):
        z=z*z+c
        if(jnp.abs(z)>2.0):
            return jnp.array([i])
    return jnp.array([max_iter])
f = jit(mandle_brot, static_argnums=(1,))
# --- end user code ---

from functools import partial

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(0, 4))
    if kind == 0:    # inside the main cardioid: never escapes, returns max_iter
        c = 0.2 * rng.uniform(0, 1) * np.exp(2j * np.pi * rng.uniform(0, 1))
    elif kind == 3:  # the point and a slow escaper
        c = [-0.75 + 0.1j, 0.3 + 0.5j][int(rng.integers(0, 2))]
    else:            # escapes after a few iterations
        c = rng.uniform(0.9, 2.5) * np.exp(2j * np.pi * rng.uniform(0, 1))
    return (np.complex64(c), 30)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=1)
def reference_fix(cs, max_iter):
    def one(c):
        def body(i, carry):
            z, res, done = carry
            z_new = z * z + c
            esc = jnp.logical_and(~done, jnp.abs(z_new[0]) > 2.0)
            res = jnp.where(esc, i, res)
            z = jnp.where(done, z, z_new)
            return z, res, jnp.logical_or(done, esc)

        z0 = jnp.array([0.0 + 0.0j], dtype=cs.dtype)
        _, res, _ = jax.lax.fori_loop(0, max_iter, body, (z0, jnp.int32(max_iter), False))
        return jnp.array([res])

    return one(cs)
