"""probabilistic_model builds sparse sample indices with `jnp.repeat(..., row_lengths)`: the output size is data-dependent.

source: tomsch420/probabilistic_model src/probabilistic_model/probabilistic_circuit/jax/utils.py (revision stored as code-index file id 7929648608; the index lists 9e56429d68763ec90ea0759867afa1cdc9e653e2 for one of the path's 21 stored versions): `create_sparse_array_indices_from_row_lengths`, called by `UniformLayer.sample_from_frequencies` (src/probabilistic_model/probabilistic_circuit/jax/uniform_layer.py at 08edbe0cca682ac0a6be42cb2811d03dbe3e52cb) with sample frequencies computed on device
error: ConcretizationTypeError
category: traced-repeats-dynamic-shape
expect: report
notes: the function is verbatim. The rest of utils.py is dropped (`simple_interval_to_open_array` needs the unavailable `random_events` package; the BCOO/BCSR helpers are unrelated). `f` jits it on a traced vector of row lengths: `jnp.repeat` with traced repeats and `jnp.arange(row_lengths.sum())` both need the total number of samples, which depends on the values, so there is no shape-preserving rewrite; a fixer should report it (e.g. suggest `total_repeat_length` with a padded bound).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def create_sparse_array_indices_from_row_lengths(row_lengths: jax.Array) -> jax.Array:
    """
    Create the indices of a sparse tensor with the given row lengths.

    The shape of the indices is (2, sum(row_lengths)).
    The shape of the sparse tensor that the indices describe should be (len(row_lengths), max(row_lengths)).

    Example::

        >>> row_lengths = jnp.array([2, 3])
        >>> create_sparse_array_indices_from_row_lengths(row_lengths)
            [[0 0]
             [0 1]
             [1 0]
             [1 1]
             [1 2]]

    :param row_lengths: The row lengths.
    :return: The indices of the sparse tensor
    """

    # create row indices
    row_indices = jnp.repeat(jnp.arange(len(row_lengths)), row_lengths)

    # offset the row lengths by the one element
    offset_row_lengths = jnp.concatenate([jnp.array([0]), row_lengths[:-1]])

    # create a cumulative sum of the offset row lengths and offset it by the first row length
    cum_sum = jnp.repeat(offset_row_lengths, row_lengths)

    # arrange column indices
    summed_row_lengths = jnp.arange(row_lengths.sum())

    # create the column indices
    col_indices = summed_row_lengths - cum_sum

    return jnp.vstack([row_indices, col_indices]).T


f = jax.jit(create_sparse_array_indices_from_row_lengths)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(0, 4, size=(5,)).astype(np.int32),)


INPUTS = make_inputs
