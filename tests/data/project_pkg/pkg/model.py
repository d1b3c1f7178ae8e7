import jax

from pkg import normalize
from . import ops
from .layers import scale


@jax.jit
def step(x):
    rows = jax.vmap(normalize)(x)
    n = ops.count_rows(x)
    if n > 2:  # static: count_rows returns a shape
        rows = rows * 2.0
    return scale(ops.soft_limit(rows), 0.5)


def report(x):
    return ops.describe(x)
