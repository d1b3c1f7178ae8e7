"""dWFC wave-function collapse: `jnp.nonzero(mask)[0]` then `len()` of it as a branch test and a randint bound.

source: aNoWhale/dWFC src/WFC/iterateWaveFunctionCollapse_map_cpu.py at 37e2ba11e1f955ef56fea8a6006d3059b8f9cc77 (select_collapse_by_map; code-index file ids 30022576180 and 29563668707)
error: ConcretizationTypeError
category: data-dependent-size-len
expect: fix
notes: select_collapse_by_map is verbatim with its module's imports; `f = jax.jit(select_collapse_by_map)` is
  added. That module runs with `jax.config.update('jax_disable_jit', True)  # 禁用JIT避免追踪问题` ("disable
  JIT to avoid tracing problems"); the same project later jits the function (other dWFC modules, e.g.
  code-index file id 29309039258) by passing `size=shape[0], fill_value=-1` to jnp.nonzero, counting the
  mask with jnp.sum and drawing `jax.random.randint(..., maxval=valid_count)`; randint gives the same draw for
  a traced maxval, so the eager result is reproduced exactly. Leaks: nonzero without `size`, `len()` of its
  result in an `if`, and as the randint bound. Inputs: a collapse map with ties (values 0, 0.1, 1, 10, 100) and,
  in about a third of the trials, a NaN entry, so that the mask is empty and the `return 0` branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from functools import partial

import numpy as np


def select_collapse_by_map(key, collapse_map):
    max_val = jnp.max(collapse_map)
    mask = collapse_map == max_val
    all_indices = jnp.nonzero(mask)[0]
    if len(all_indices) == 0:
        return 0
    subkey, _ = jax.random.split(key)
    random_idx = jax.random.randint(subkey, shape=(), minval=0, maxval=len(all_indices))
    return all_indices[random_idx]


f = jax.jit(select_collapse_by_map)
# --- end user code ---


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    collapse_map = rng.choice(np.array([0.0, 0.1, 1.0, 10.0, 100.0], dtype=np.float32), size=25)
    if rng.random() < 0.35:
        collapse_map[rng.integers(25)] = np.nan
    return (key, collapse_map)


INPUTS = make_inputs


@jax.jit
def reference_fix(key, collapse_map):
    n = collapse_map.shape[0]
    mask = collapse_map == jnp.max(collapse_map)
    all_indices = jnp.nonzero(mask, size=n, fill_value=0)[0]
    count = jnp.sum(mask)
    subkey, _ = jax.random.split(key)
    random_idx = jax.random.randint(subkey, shape=(), minval=0, maxval=jnp.maximum(count, 1))
    return jnp.where(count == 0, 0, all_indices[random_idx])
