"""scib-metrics one_hot: `n_classes and n_classes >= n_vals` on a traced max, then jnp.eye of a traced size.

source: YosefLab/scib-metrics src/scib_metrics/utils/_utils.py (early version of one_hot, before it became a wrapper around jax.nn.one_hot as at 06a350ae0a37d1d8d6f02eb38366021bd374dfa3; commit of this version not resolved by the index)
error: TracerBoolConversionError
category: dynamic-shape
expect: report
notes: verbatim function with get_ndarray; `from .._types import NdArray` replaced by a one-line stand-in, entry point f = jax.jit(one_hot, static_argnames="n_classes") added. Under jit the `and` right operand `n_classes >= n_vals` is a tracer (the first leak); even without it, jnp.eye(n_vals) needs max(y) + 1 as a concrete size, so the output width depends on the data whenever max(y) + 1 > n_classes: no shape-preserving rewrite exists, the leak should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Optional, Union

import jax
import jax.numpy as jnp
import numpy as np

NdArray = Union[np.ndarray, jnp.ndarray]


def get_ndarray(x: jnp.ndarray) -> np.ndarray:
    """Convert Jax device array to Numpy."""
    return np.asarray(jax.device_get(x))


def one_hot(y: NdArray, n_classes: Optional[int] = None) -> NdArray:
    """One-hot encode an array.

    Parameters
    ----------
    y
        Array of shape (n_samples,) or (n_samples, 1).
    n_classes
        Number of classes. If None, inferred from the data.

    Returns
    -------
    one_hot: jnp.ndarray
        Array of shape (n_samples, n_classes).
    """
    y = jnp.resize(y, (y.shape[0]))
    n_vals = jnp.max(y) + 1
    # Ignore n_classes if smaller than inferred
    if n_classes and n_classes >= n_vals:
        n_vals = n_classes

    one_hot = jnp.eye(n_vals)[y]
    return one_hot.astype(jnp.uint8)


f = jax.jit(one_hot, static_argnames="n_classes")
# --- end user code ---


def make_inputs(rng):
    y = rng.integers(0, 7, size=(20,)).astype(np.int32)
    return (y, 5)


INPUTS = make_inputs
