"""Jaxley's compartment `distance`: NumPy calls (np.diff/np.cumsum/np.insert/np.sqrt) on traced xyzr coordinates.

source: jaxleyverse/jaxley jaxley/utils/cell_utils.py (historical revision holding the NumPy `interpolate_xyz`, code-index file id 10118345426; the path is stored at 72dcca77fcc8b76e7a21255e2f14d82eeddd9eda) with `loc_of_index` from the same file and `CompartmentView.distance` from jaxley/modules/compartment.py (revision in code-index file 9882846838, `return np.sqrt(np.sum((start_xyz - end_xyz) ** 2))`); jit failure of `.distance` reported and fixed in https://github.com/jaxleyverse/jaxley/pull/603 ("Allow `.distance` to be jitted": `np.sqrt(np.sum(param * ...))` breaks under jit, `jnp` works)
error: TracerArrayConversionError
category: numpy-call-on-tracer
expect: fix
notes: `interpolate_xyz`, `v_interp` and `loc_of_index` are verbatim. The method `distance` is turned into a function: the pandas view lookups (`self.view["global_branch_index"].item()` etc.) become the static ints `start_comp`/`end_comp` and `self.pointer.xyzr[branch]` becomes the traced `(n, 4)` arrays `start_xyzr`/`end_xyzr` (xyzr is traced when a user differentiates/jits through morphology); `nseg` static. f = jax.jit(distance, static_argnames=...).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import vmap


def loc_of_index(global_comp_index, nseg):
    """Return location corresponding to index."""
    index = global_comp_index % nseg
    possible_locs = np.linspace(0.5 / nseg, 1 - 0.5 / nseg, nseg)
    return possible_locs[index]


v_interp = vmap(jnp.interp, in_axes=(None, None, 1))


def interpolate_xyz(loc: float, coords: np.ndarray):
    """Perform a linear interpolation between xyz-coordinates.

    Args:
        loc: The location in [0,1] along the branch.
        coords: Array containing the reconstructed xyzr points of the branch.

    Return:
        Interpolated xyz coordinate at `loc`, shape `(3,).
    """
    dl = np.sqrt(np.sum(np.diff(coords[:, :3], axis=0) ** 2, axis=1))
    pathlens = np.insert(np.cumsum(dl), 0, 0)  # cummulative length of sections
    norm_pathlens = pathlens / np.maximum(1e-8, pathlens[-1])  # norm lengths to [0,1].

    return v_interp(loc, norm_pathlens, coords[:, :3])


@partial(jax.jit, static_argnames=("start_comp", "end_comp", "nseg"))
def distance(start_xyzr, start_comp, end_xyzr, end_comp, nseg):
    """Return the direct distance between two compartments.

    This does not compute the pathwise distance (which is currently not
    implemented).
    """
    start_xyz = interpolate_xyz(loc_of_index(start_comp, nseg), start_xyzr)
    end_xyz = interpolate_xyz(loc_of_index(end_comp, nseg), end_xyzr)

    return np.sqrt(np.sum((start_xyz - end_xyz) ** 2))


f = distance
# --- end user code ---


def make_inputs(rng):
    n = int(rng.integers(3, 7))
    start = np.cumsum(rng.uniform(0.5, 5.0, size=(n, 4)), axis=0).astype(np.float32)
    end = (np.cumsum(rng.uniform(0.5, 5.0, size=(n, 4)), axis=0) + 20.0).astype(np.float32)
    # a degenerate branch (all points equal) exercises the 1e-8 floor
    if rng.uniform() < 0.25:
        end = np.repeat(end[:1], n, axis=0)
    nseg = 4
    return (start, int(rng.integers(0, nseg)), end, int(rng.integers(0, 2 * nseg)), nseg)


INPUTS = make_inputs


def _interpolate_xyz_fixed(loc, coords):
    dl = jnp.sqrt(jnp.sum(jnp.diff(coords[:, :3], axis=0) ** 2, axis=1))
    pathlens = jnp.insert(jnp.cumsum(dl), 0, 0)
    norm_pathlens = pathlens / jnp.maximum(1e-8, pathlens[-1])
    return v_interp(loc, norm_pathlens, coords[:, :3])


@partial(jax.jit, static_argnames=("start_comp", "end_comp", "nseg"))
def reference_fix(start_xyzr, start_comp, end_xyzr, end_comp, nseg):
    start_xyz = _interpolate_xyz_fixed(loc_of_index(start_comp, nseg), start_xyzr)
    end_xyz = _interpolate_xyz_fixed(loc_of_index(end_comp, nseg), end_xyzr)
    return jnp.sqrt(jnp.sum((start_xyz - end_xyz) ** 2))
