"""Jaxley's uniform-spacing `interpolate_xyz`: `len(x)` and `np.linspace` look data-dependent but are static under jit.

source: jaxleyverse/jaxley jaxley/utils/cell_utils.py (revision in code-index file id 9933106449: `interpolate_xyz` as `vmap(lambda x: jnp.interp(loc, jnp.linspace(0, 1, len(x)), x), in_axes=(1,))(coords[:, :3])`, and `loc_of_index` with `np.linspace(0.5 / nseg, 1 - 0.5 / nseg, nseg)`; the path is stored at 72dcca77fcc8b76e7a21255e2f14d82eeddd9eda)
error: none
category: negative
expect: untouched
notes: `interpolate_xyz` and `loc_of_index` verbatim. The jitted entry point `comp_xyz` (what `CompartmentView.distance` computes for one endpoint) is written for the case: the compartment index and nseg are static, the xyzr coordinates are traced. `len(x)` of a traced row is its static length, and NumPy only ever sees the static ints, so nothing leaks.
"""
EXPECT = "untouched"

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


def interpolate_xyz(loc: float, coords: np.ndarray):
    """Perform a linear interpolation between xyz-coordinates.

    Args:
        loc: The location in [0,1] along the branch.
        coords: Array containing the reconstructed xyzr points of the branch.

    Return:
        Interpolated xyz coordinate at `loc`, shape `(3,).
    """
    return vmap(lambda x: jnp.interp(loc, jnp.linspace(0, 1, len(x)), x), in_axes=(1,))(
        coords[:, :3]
    )


@partial(jax.jit, static_argnames=("comp", "nseg"))
def comp_xyz(coords, comp, nseg):
    return interpolate_xyz(loc_of_index(comp, nseg), coords)


f = comp_xyz
# --- end user code ---


def make_inputs(rng):
    n = int(rng.integers(2, 7))
    coords = np.cumsum(rng.uniform(0.5, 5.0, size=(n, 4)), axis=0).astype(np.float32)
    nseg = int(rng.integers(1, 6))
    return (coords, int(rng.integers(0, 3 * nseg)), nseg)


INPUTS = make_inputs
