"""Helpers with tracer leaks; nothing in this file names a JAX transformation."""

import jax.numpy as jnp
import numpy as np


def normalize(row):
    total = jnp.sum(jnp.abs(row))
    if total > 0:  # leak: vmapped by model.step
        return row / total
    return row


def soft_limit(x, limit=3.0):
    return np.tanh(x / limit) * limit  # leak: called from the jitted model.step


def count_rows(x):
    return x.shape[0]  # static: callers may branch on it


def describe(x):
    # Only ever called outside a transformation: stays silent.
    if x.sum() > 0:
        return "positive"
    return "other"
