import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, x):
        y = self.linear(x)
        if jnp.any(x < 0):  # leak: nnx.jit of train_step calls the model
            y = jnp.abs(y)
        return y

    def describe(self):
        return "net"
