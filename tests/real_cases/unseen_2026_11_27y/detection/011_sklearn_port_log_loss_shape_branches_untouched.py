"""A JAX port of scikit-learn's log_loss: `if` on ndim / shape[1], clip, renormalise; already jit-safe.

source: code-index file id 8095814914 (a JAX losses module whose jitted `log_loss` says "Based on scikit-learn: https://github.com/scikit-learn/scikit-learn/blob/ffbb1b4a0bbb58fdca34a30856c6f7faace87c67/sklearn/metrics/_classification.py#L2123", followed by `squared_hinge` "Based on tensorflow"); the index did not name the repository
error: none
category: lookalike-static-shape-branches
expect: untouched
notes: log_loss is verbatim, decorator included (the entry point is `f = log_loss`). It is a NumPy port and
  reads like one: two Python `if`s on the arguments and in-place `/=` on a traced array. But the tests
  are on `y_true.ndim` and `y_true.shape[1]`, which are static under jit, `.clip`, `.astype`, `.sum` and
  `jnp.append` are array methods / jnp calls, and `y_pred /= ...` just rebinds the name, so nothing needs
  a concrete value. The neighbouring loss functions of the module are dropped. make_inputs alternates
  1-D binary labels (both branches run) and 2-D one-hot labels (neither runs).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def log_loss(y_true: jnp.ndarray, y_pred: jnp.ndarray) -> jnp.ndarray:
    """ Based on scikit-learn: https://github.com/scikit-learn/scikit-learn/blob
        /ffbb1b4a0bbb58fdca34a30856c6f7faace87c67/sklearn/metrics/_classification.py#L2123 """
    # If single dimension, assume binary classification problem
    if y_true.ndim == 1:
        y_true = y_true[:, jnp.newaxis]
        y_pred = y_pred[:, jnp.newaxis]
    if y_true.shape[1] == 1:
        y_true = jnp.append(1 - y_true, y_true, axis=1)
        y_pred = jnp.append(1 - y_pred, y_pred, axis=1)

    # Clipping
    eps = 1e-15
    y_pred = y_pred.astype(jnp.float32).clip(eps, 1 - eps)

    # Renormalize
    y_pred /= y_pred.sum(axis=1)[:, jnp.newaxis]
    loss = (y_true * -jnp.log(y_pred)).sum(axis=1)
    mean_loss_per_sample = jnp.average(loss)
    return mean_loss_per_sample


f = log_loss
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    if rng.random() < 0.5:
        y_true = rng.integers(0, 2, size=(n,)).astype(np.float32)
        y_pred = rng.uniform(0.0, 1.0, size=(n,)).astype(np.float32)
        y_pred[0] = 0.0  # exercises the clipping
    else:
        k = 4
        y_true = np.eye(k, dtype=np.float32)[rng.integers(0, k, size=n)]
        y_pred = rng.uniform(0.0, 1.0, size=(n, k)).astype(np.float32)
    return (y_true, y_pred)


INPUTS = make_inputs
