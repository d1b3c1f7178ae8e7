import jax.numpy as jnp

import pkg.util as util


def scale(x, factor):
    y = jnp.asarray(x) * factor
    return util.clip_small(y, 0.0)
