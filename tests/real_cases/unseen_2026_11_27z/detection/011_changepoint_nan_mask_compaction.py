"""An optimal-L2 changepoint that drops NaNs with a boolean mask, then maps back via nonzero.

source: public code index, file id 49178312285 (a small JAX module defining double_mass_analysis, changepoint and double_mass_analysis_with_changepoint; the index does not name its repository)
error: NonConcreteBooleanIndexError
category: boolean-mask-compaction
expect: fix
notes: changepoint verbatim; `from jaxtyping import Float, Int` replaced by a tiny subscriptable stand-in; `f = jax.jit(changepoint)` added (its caller double_mass_analysis_with_changepoint is left out). Under jit `x[mask]` has a value-dependent length, so `n`, the `n < 2` test and `jnp.nonzero(mask)[0]` all need concrete values. The result is a scalar index, so a static-shape rewrite exists: move the non-NaN values to the front with a stable argsort, run the same cumulative sums over the padded array, mask the gains beyond the valid count with -inf, and pick the -1 fallback with jnp.where.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp
from typing import Any


class _Annotation:  # stand-in for jaxtyping's Float / Int (not installed here)
    def __getitem__(self, item):
        return Any


Float = Int = _Annotation()


def changepoint(x: Float[Any, "dim0"]) -> Int[Any, ""]:
    """Optimal L2 split. NaN's are ignored. Returns the index of the last item on the left side."""
    x = jnp.asarray(x)
    mask = ~jnp.isnan(x)
    x_no_nans = x[mask]
    n = x_no_nans.shape[0]

    # Need at least two non-NaN points to split
    if n < 2:
        return jnp.array(-1, dtype=jnp.int32)

    # Cumulative sums s_k for k=1..n
    s = jnp.cumsum(x_no_nans)         # shape (n,)
    S = s[-1]

    # Evaluate splits at k = 1..n-1 so both sides are non-empty
    k = jnp.arange(1, n)              # counts on the left
    s_left = s[:-1]                   # s_k for k = 1..n-1
    # L2 gain (up to constants): s_left^2 / k + (S - s_left)^2 / (n - k)
    gain = (s_left ** 2) / k + ((S - s_left) ** 2) / (n - k)

    # Best split index among compacted array
    best_split_compact = jnp.argmax(gain)

    # Map back to original indices (before NaN removal)
    original_idxs = jnp.nonzero(mask)[0]   # length n
    return original_idxs[best_split_compact + 1]


f = jax.jit(changepoint)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    x = (rng.normal(size=n) + np.where(np.arange(n) < rng.integers(2, n - 1), 0.0, 2.0)).astype(np.float32)
    r = rng.uniform()
    if r < 0.15:
        keep = rng.integers(0, n)          # a single non-NaN value: the n < 2 branch
        x[np.arange(n) != keep] = np.nan
    elif r < 0.2:
        x[:] = np.nan                      # no valid value at all
    else:
        x[rng.uniform(size=n) < 0.3] = np.nan
    return (x,)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    x = jnp.asarray(x)
    N = x.shape[0]
    mask = ~jnp.isnan(x)
    n = jnp.sum(mask)
    order = jnp.argsort(~mask, stable=True)      # valid entries first, original order kept
    packed = jnp.where(jnp.arange(N) < n, x[order], 0.0)
    s = jnp.cumsum(packed)
    S = s[jnp.maximum(n - 1, 0)]
    k = jnp.arange(1, N)
    s_left = s[:-1]
    gain = (s_left ** 2) / k + ((S - s_left) ** 2) / (n - k)
    gain = jnp.where(k < n, gain, -jnp.inf)
    best_split_compact = jnp.argmax(gain)
    idx = order[best_split_compact + 1]
    return jnp.where(n < 2, jnp.array(-1, dtype=jnp.int32), idx.astype(jnp.int32))
