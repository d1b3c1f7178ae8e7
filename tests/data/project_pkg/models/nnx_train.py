import jax
from flax import nnx

from models.nnx_net import Net


@nnx.jit
def train_step(model: Net, x: jax.Array):
    return model(x).sum()
