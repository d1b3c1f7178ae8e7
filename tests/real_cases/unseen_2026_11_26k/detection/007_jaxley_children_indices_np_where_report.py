"""Jaxley's `compute_children_indices`: `np.where(parents == b)[0]` per branch gives ragged, data-sized outputs.

source: jaxleyverse/jaxley jaxley/utils/cell_utils.py (revision in code-index file id 10118345426, the same revision as cases 001 and 006: `compute_children_indices`; the path is stored at 72dcca77fcc8b76e7a21255e2f14d82eeddd9eda)
error: TracerArrayConversionError
category: dynamic-shape
expect: report
notes: verbatim (docstring kept), jitted with the `parents` array traced. Besides the NumPy call on a tracer, each returned array's length is the number of children of branch `b`, which depends on the values of `parents`: switching to `jnp.where` would raise for the same reason, and no fixed-shape rewrite keeps the list-of-ragged-arrays result. Report, not fix.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import List

import jax
import jax.numpy as jnp
import numpy as np


def compute_children_indices(parents) -> List[jnp.ndarray]:
    """Return all children indices of every branch.

    Example:
    ```
    parents = [-1, 0, 0]
    compute_children_indices(parents) -> [[1, 2], [], []]
    ```
    """
    num_branches = len(parents)
    child_indices = []
    for b in range(num_branches):
        child_indices.append(np.where(parents == b)[0])
    return child_indices


f = jax.jit(compute_children_indices)
# --- end user code ---


def make_inputs(rng):
    n = int(rng.integers(3, 8))
    parents = np.array([-1] + [int(rng.integers(0, i)) for i in range(1, n)], dtype=np.int32)
    return (parents,)


INPUTS = make_inputs
