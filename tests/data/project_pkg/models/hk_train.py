import jax

from models.hk_forward import net


@jax.jit
def step(params, rng, x):
    return net.apply(params, rng, x)
