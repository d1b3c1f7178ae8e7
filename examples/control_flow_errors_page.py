"""JAX's errors page, ConcretizationTypeError, "Traced value used in control flow".

`x.sum() < y.sum()` is a tracer under `jit`, and the conditional expression calls `bool()` on it.
The page's fix selects with `jnp.where`, which is what `tracerfix rewrite` produces.
"""

import jax.numpy as jnp
from jax import jit


@jit
def func(x, y):
    return x if x.sum() < y.sum() else y  # expect: TFX103


# The page's fix: jit-safe, must stay silent.
@jit
def func_fixed(x, y):
    return jnp.where(x.sum() < y.sum(), x, y)


if __name__ == "__main__":
    print(func_fixed(jnp.ones(4), jnp.zeros(4)))
