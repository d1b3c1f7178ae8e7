"""A JAX minGPT port's loss_fn: drop `-1` padding labels by boolean indexing, inside a jitted train step.

source: public JAX minGPT port (train script importing `jax_impl.model.GPT`, `jax_impl.config.Config` and a SortDataset; code-index file 13380103076, repository not named by the index). The file keeps the pre-fix body as a comment under loss_fn, with the error it hit: `# filter = labels != ignore_index  # filter out -1 padding pairs / labels = labels[filter] / logits = logits[filter]` followed by `# NonConcreteBooleanIndexError: Array boolean indices must be concrete; got ShapedArray(bool[32,11])`
error: NonConcreteBooleanIndexError
category: bool-mask-index-in-helper
expect: fix
notes: loss_fn is the commented pre-fix body (filter, then optax cross entropy and `.mean()`); optax.softmax_cross_entropy_with_integer_labels is inlined (log-softmax at the label). compute_loss and the jitted train step keep their structure (value_and_grad with has_aux, metrics dict with compute_accuracy verbatim), but the GPT model is replaced by a linear map `x @ params["w"]` and the optimizer update is dropped (the step returns loss, grads and metrics).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def softmax_cross_entropy_with_integer_labels(logits, labels):
    # optax.softmax_cross_entropy_with_integer_labels, inlined
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(log_probs, labels[..., None], axis=-1)[..., 0]


def loss_fn(logits, labels, ignore_index=-1):
    filter = labels != ignore_index  # filter out -1 padding pairs
    labels = labels[filter]
    logits = logits[filter]
    loss = softmax_cross_entropy_with_integer_labels(logits, labels)  # ref 1

    # batch average loss, torch cross entropy loss default redution is mean as well
    return loss.mean()


def compute_loss(params, batch):
    x, y = batch
    logits = x @ params["w"]
    loss = loss_fn(logits, y, ignore_index=-1)

    return loss, logits


def compute_accuracy(logits, labels):
    pred = jnp.argmax(logits, axis=-1)

    # still need to take care of -1 cas
    acc = (pred == labels).mean(where=labels != -1)

    return acc


@jax.jit
def train_step(params, batch):
    _, labels = batch

    grad_fn = jax.value_and_grad(compute_loss, has_aux=True)
    (loss, logits), grads = grad_fn(params, batch)

    metrics = {"loss": loss, "acc": compute_accuracy(logits, labels)}

    return grads, metrics


f = train_step
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # batch of 4 sequences of length 11 with 8 features and 6 classes; like the
    # sort task, the first 5 label positions are -1 padding, and a few more
    # positions are randomly padded too.
    B, T, D, C = 4, 11, 8, 6
    x = rng.normal(size=(B, T, D)).astype(np.float32)
    y = rng.integers(0, C, size=(B, T)).astype(np.int32)
    y[:, :5] = -1
    y[rng.random(size=(B, T)) < 0.15] = -1
    y[:, -1] = rng.integers(0, C, size=B)  # at least one real label per row
    params = {"w": rng.normal(size=(D, C)).astype(np.float32)}
    return (params, (x, y))


INPUTS = make_inputs


def _loss_fn_fixed(logits, labels, ignore_index=-1):
    filter = labels != ignore_index
    safe_labels = jnp.where(filter, labels, 0)
    loss = softmax_cross_entropy_with_integer_labels(logits, safe_labels)
    return jnp.sum(jnp.where(filter, loss, 0.0)) / jnp.sum(filter)


def _compute_loss_fixed(params, batch):
    x, y = batch
    logits = x @ params["w"]
    return _loss_fn_fixed(logits, y, ignore_index=-1), logits


@jax.jit
def reference_fix(params, batch):
    _, labels = batch
    grad_fn = jax.value_and_grad(_compute_loss_fixed, has_aux=True)
    (loss, logits), grads = grad_fn(params, batch)
    metrics = {"loss": loss, "acc": compute_accuracy(logits, labels)}
    return grads, metrics
