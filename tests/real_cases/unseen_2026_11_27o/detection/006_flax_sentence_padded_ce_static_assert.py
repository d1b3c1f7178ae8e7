"""flax-sentence-embeddings padded cross-entropy: assert and len() on a traced argument, but only on shapes.

source: nreimers/flax-sentence-embeddings trainer/loss/basic.py at ab415d4777452c455b1508e23b25f3fd0c4018c4 (padded_cross_entropy_loss)
error: none
category: negative
expect: untouched
notes: padded_cross_entropy_loss is verbatim and was already @jax.jit in the repository. optax is not
  installed, so optax.softmax_cross_entropy is replaced by a local softmax_cross_entropy with optax's
  definition (-sum(labels * log_softmax(logits))). `len(labels)`, the `assert` and the pad width all read
  static shapes of traced arrays, so nothing is concretized; a fixer must leave the file alone.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp


def softmax_cross_entropy(logits, labels):
    return -jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1)


@jax.jit
def padded_cross_entropy_loss(scores, labels):
    class_count = len(labels)
    assert scores.shape[0] >= class_count
    labels = jnp.pad(labels, (0, scores.shape[0] - class_count), constant_values=0)
    one_hot = jax.nn.one_hot(labels, num_classes=class_count)
    soft_max = softmax_cross_entropy(scores, one_hot)
    return jnp.mean(soft_max)


f = padded_cross_entropy_loss
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # in-batch negatives: 6 query rows scored against the 4 labelled candidates
    scores = rng.normal(size=(6, 4)).astype(np.float32)
    labels = rng.permutation(4).astype(np.int32)
    return (scores, labels)


INPUTS = make_inputs
