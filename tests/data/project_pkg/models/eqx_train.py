import equinox as eqx
import jax

from .eqx_head import Head


@eqx.filter_jit
def predict(model: Head, x: jax.Array):
    return jax.vmap(model)(x)
