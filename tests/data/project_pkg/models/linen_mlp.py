import flax.linen as nn
import jax.numpy as jnp


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        if x.mean() > 0:  # leak: MLP calls Block, and train_step runs MLP through state.apply_fn
            y = y * 2
        return y


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = Block(4)(x)
        return jnp.tanh(x)


class Decoder(nn.Module):
    def __call__(self, z):
        return jnp.where(z > 0, z, 0.0)

    def sample(self, z):
        if z.sum() > 0:  # no transformation reaches Decoder: silent
            return z
        return -z


class Unused(nn.Module):
    def __call__(self, x):
        if x.sum() > 0:  # no transformation reaches Unused: silent
            return x
        return -x
