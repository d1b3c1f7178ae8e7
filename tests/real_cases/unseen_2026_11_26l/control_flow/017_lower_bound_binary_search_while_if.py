"""Binary search `lower_bound`: `while lo < hi` over Python-int bounds, steered by a traced `if arr[mid] < target`.

source: ykhan007/ykhan-3410-HW3.1 SearchFunctions.py at 8f85cd11514574bac498bed94000738b80e42341 (`lower_bound`)
error: TracerBoolConversionError
category: while-value-dependent-count-if-else
expect: fix
notes: `lower_bound` is verbatim (type hints included); `f = jax.jit(lower_bound)` is added and the sorted list becomes a float32 array, as when the helper is reused on JAX data. The number of iterations depends on the traced comparisons. Inputs include targets below the minimum, above the maximum and equal to an element.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""
SearchFunctions.py — helpers for searching in sorted Y values.
"""

from typing import List

import jax


def lower_bound(arr: List[float], target: float) -> int:
    """First index i where arr[i] >= target (or len(arr) if none)."""
    lo, hi = 0, len(arr)
    while lo < hi:
        mid = (lo + hi) // 2
        if arr[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


f = jax.jit(lower_bound)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    arr = np.sort(rng.normal(size=(10,))).astype(np.float32)
    u = rng.random()
    if u < 0.15:
        target = arr[0] - 1.0
    elif u < 0.3:
        target = arr[-1] + 1.0
    elif u < 0.5:
        target = arr[rng.integers(0, 10)]
    else:
        target = rng.normal()
    return (arr, np.float32(target))


INPUTS = make_inputs


@jax.jit
def reference_fix(arr, target):
    return jnp.searchsorted(arr, target, side="left")
