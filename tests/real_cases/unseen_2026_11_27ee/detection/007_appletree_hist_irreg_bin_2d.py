"""appletree's irregular-binning histogram: `len(...)`, `.shape[-1]` and `tuple(bin_ind)` on traced arrays, all static.

source: XENONnT/appletree appletree/flex/hist.py at f71c345ce57fd2755b69c1239553fcdd5c495623 (make_hist_irreg_bin_2d; code-index file id 22699229907)
error: none
category: negative-static-shapes
expect: untouched
notes: verbatim, with the module's own `@jit`; `make_hist_mesh_grid` (the other function of the file, jitted with static bins) dropped and `f = make_hist_irreg_bin_2d` added as the entry point. `len(sample)` and `len(bins_x)` read static shapes, `jnp.zeros((len(bins_x)+1, bins_y.shape[-1]+1))` has a static shape, and `tuple(bin_ind)` unpacks the static leading axis (2) of a traced index array into two traced index vectors for `.at[...].add` -- it looks like a concretisation but is not. The `weights=None` argument is overwritten by `jnp.ones(len(sample))` in the original and is left so.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp

from jax import jit, vmap
from functools import partial

@jit
def make_hist_irreg_bin_2d(sample, bins_x, bins_y, weights=None):
    """
    sample : (N, 2)
    bins_x : (M1, )
    bins_y : (M1-1, M2)
    weights : (N, )
    
    return : (M1-1, M2-1)
    """
    weights = jnp.ones(len(sample))

    x = sample[:, 0]
    y = sample[:, 1]

    ind_x = jnp.searchsorted(bins_x, x)
    ind_y = vmap(jnp.searchsorted, (0, 0), 0)(bins_y[ind_x-1], y)

    bin_ind = jnp.stack((ind_x, ind_y))

    hist = jnp.zeros((len(bins_x)+1, bins_y.shape[-1]+1))
    hist = hist.at[tuple(bin_ind)].add(weights)
    
    return hist[1:-1, 1:-1]


f = make_hist_irreg_bin_2d
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 200
    sample = np.stack([rng.uniform(-0.5, 10.5, size=n), rng.uniform(-0.5, 10.5, size=n)], axis=1).astype(np.float32)
    bins_x = np.sort(rng.uniform(0.0, 10.0, size=6)).astype(np.float32)
    bins_y = np.sort(rng.uniform(0.0, 10.0, size=(5, 7)), axis=1).astype(np.float32)
    return (sample, bins_x, bins_y)


INPUTS = make_inputs
