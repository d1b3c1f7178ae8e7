"""The seed's `clip_v2` ("Tracer Leak Detection"): an index loop with a per-element `if`.

Under `jax.jit` the loop is unrolled and `x[i] < 0` is a traced boolean in every iteration, so the
`if` raises. TFX108 reports the loop and rewrites it whole (TFX101 leaves the `if` inside to it):
`tracerfix rewrite examples/seed_clip_v2.py` turns the body of `clip_v2` into
`x = jnp.where(x < 0, 0, x)`, the seed's `clip_v3`. Run this file to see the leak and the fix.
"""

import jax
import jax.numpy as jnp


# ❌ Index-based loop is also a leak under jit
def clip_v2(x):
    for i in range(len(x)):  # expect: TFX108
        if x[i] < 0:
            x = x.at[i].set(0)
    return x


clip_v2_jit = jax.jit(clip_v2)


# ✅ Vectorized & jit-safe
def clip_v3(x):
    return jnp.where(x < 0, 0, x)


clip_v3_jit = jax.jit(clip_v3)


if __name__ == "__main__":
    for x in (jnp.array([3.0, -7.0, 0.5]), jnp.array([-0.1, 100.0, -0.1])):
        print(clip_v2(x), clip_v3_jit(x))  # eager clip_v2 and jitted clip_v3 agree
        try:
            clip_v2_jit(x)
        except jax.errors.ConcretizationTypeError as error:
            print(type(error).__name__, "from the jitted clip_v2")
