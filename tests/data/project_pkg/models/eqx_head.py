import equinox as eqx
import jax
import numpy as np


class Head(eqx.Module):
    weight: jax.Array

    def __call__(self, x):
        return np.dot(self.weight, x)  # leak: filter_jit of predict vmaps the module
