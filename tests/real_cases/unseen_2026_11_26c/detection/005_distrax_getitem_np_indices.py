"""Indexing a distribution with a traced index: `__getitem__` -> helper -> `np.indices(...)[index]`.

source: google-deepmind/distrax issue #291 (distrax/_src/distributions/distribution.py to_batch_shape_index, categorical.py Categorical.__getitem__), pre-fix version using np.indices
error: TracerArrayConversionError
category: numpy-array-indexed-by-tracer-via-dunder
expect: fix
notes: to_batch_shape_index and Categorical.__getitem__ as in the traceback of issue #291
  (`new_index = [x[index] for x in np.indices(batch_shape)]`); later distrax uses jnp.indices.
  Categorical reduced to a plain class (logits, batch_shape property, entropy); the user function
  `foo` from the issue is `f`, with the index array passed in instead of jnp.arange.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def to_batch_shape_index(batch_shape, index):
  """Utility function that transforms the index to respect the batch shape."""
  try:
    new_index = [x[index] for x in np.indices(batch_shape)]
    return tuple(new_index)
  except IndexError as e:
    raise IndexError(f'Batch shape `{batch_shape}` not compatible with index '
                     f'`{index}`.') from e


class Categorical:
  def __init__(self, logits):
    self._logits = logits

  @property
  def logits(self):
    return self._logits

  @property
  def batch_shape(self):
    return self._logits.shape[:-1]

  def entropy(self):
    log_probs = jax.nn.log_softmax(self.logits)
    return -jnp.sum(jnp.exp(log_probs) * log_probs, axis=-1)

  def __getitem__(self, index):
    index = to_batch_shape_index(self.batch_shape, index)
    return Categorical(logits=self.logits[index])


@jax.jit
def f(logits, mask):
  d = Categorical(logits=logits)
  return d[mask].entropy()
# --- end user code ---


def make_inputs(rng):
    logits = rng.normal(size=(3, 3, 4)).astype(np.float32)
    mask = rng.integers(-3, 3, size=(2,)).astype(np.int32)  # includes negative indices
    return (logits, mask)


INPUTS = make_inputs


@jax.jit
def reference_fix(logits, mask):
    index = tuple(x[mask] for x in jnp.indices(logits.shape[:-1]))
    lg = logits[index]
    lp = jax.nn.log_softmax(lg)
    return -jnp.sum(jnp.exp(lp) * lp, axis=-1)
