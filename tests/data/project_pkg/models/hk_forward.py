import haiku as hk
import jax.numpy as jnp


def forward(x):
    if x.sum() > 0:  # leak: hk.transform(forward).apply runs under jax.jit in hk_train
        x = -x
    return hk.Linear(2)(jnp.asarray(x))


net = hk.transform(forward)
