"""flax Dropout: `deterministic=not training` with `training` a jit argument.

source: https://github.com/google/flax/issues/4085 (DNN with nn.Dropout(deterministic=not training), train step jitted with `training` as an ordinary argument); Dropout body after flax/linen/stochastic.py Dropout.__call__
error: TracerBoolConversionError
category: bool-parameter-not
expect: fix
notes: no flax here: the two-hidden-layer DNN is written as a function of a params dict (params["w1"], ...) and nn.Dropout as a helper with flax's `if (self.rate == 0.0) or deterministic: return inputs` guard and its bernoulli mask; the loss is the issue's mse with the fixed dropout key PRNGKey(114). `training` is a Python bool, so the jit-safe rewrite marks it static (or selects with jnp.where).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

dropout_rate = 0.3


def dropout(inputs, rate, deterministic, rng):
    if (rate == 0.0) or deterministic:
        return inputs
    keep_prob = 1.0 - rate
    mask = jax.random.bernoulli(rng, p=keep_prob, shape=inputs.shape)
    return jax.lax.select(mask, inputs / keep_prob, jnp.zeros_like(inputs))


def dnn_apply(params, x, training, rng):
    r1, r2 = jax.random.split(rng)
    x = jax.nn.relu(x @ params["w1"] + params["b1"])
    x = dropout(x, dropout_rate, deterministic=not training, rng=r1)
    x = jax.nn.relu(x @ params["w2"] + params["b2"])
    x = dropout(x, dropout_rate, deterministic=not training, rng=r2)
    return x @ params["w3"] + params["b3"]


@jax.jit
def f(params, X, y, training):
    y_pred = dnn_apply(params, X, training, jax.random.PRNGKey(114))
    diff = y_pred - y
    return jnp.mean(jnp.sum(diff * diff, axis=-1))
# --- end user code ---

import functools

import numpy as np


def make_inputs(rng):
    params = {
        "w1": rng.normal(size=(3, 8)).astype(np.float32) * 0.5,
        "b1": rng.normal(size=(8,)).astype(np.float32) * 0.1,
        "w2": rng.normal(size=(8, 8)).astype(np.float32) * 0.5,
        "b2": rng.normal(size=(8,)).astype(np.float32) * 0.1,
        "w3": rng.normal(size=(8, 2)).astype(np.float32) * 0.5,
        "b3": rng.normal(size=(2,)).astype(np.float32) * 0.1,
    }
    X = rng.normal(size=(5, 3)).astype(np.float32)
    y = rng.normal(size=(5, 2)).astype(np.float32)
    training = bool(rng.random() < 0.5)
    return params, X, y, training


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnames=("training",))
def reference_fix(params, X, y, training):
    y_pred = dnn_apply(params, X, training, jax.random.PRNGKey(114))
    diff = y_pred - y
    return jnp.mean(jnp.sum(diff * diff, axis=-1))
