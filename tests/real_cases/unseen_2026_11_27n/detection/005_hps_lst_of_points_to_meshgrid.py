"""HPS utility `lst_of_points_to_meshgrid` reshapes with `s = int(jnp.sqrt(x.shape[0]))`.

source: public JAX HPS (hierarchical Poincare-Steklov) package, general utility module in the code index ("This file contains general utility functions for the HPS package": points_to_2d_lst_of_points, lst_of_points_to_meshgrid, meshgrid_to_lst_of_pts, get_opposite_boundary_str); content-search id 47424732805, the index did not name the repository
error: ConcretizationTypeError
category: helper-int-of-jnp-on-static-shape
expect: fix
notes: verbatim; the module leaves this helper un-jitted while jitting its neighbour `meshgrid_to_lst_of_pts` (case 006), so here it is wrapped as `f = jax.jit(lst_of_points_to_meshgrid)`. `x.shape[0]` is static, `jnp.sqrt` stages it, `int()` fails. Fix: `int(np.sqrt(x.shape[0]))` (or `math.isqrt`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Tuple
import jax
import jax.numpy as jnp


def lst_of_points_to_meshgrid(x: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """Given a list of n points which create a regular grid over a 2D plane,
    this function returns a meshgrid of the points.

    Args:
        x (jnp.ndarray): Has shape (n,2)
    Returns:
        Tuple[jnp.ndarray, jnp.ndarray]: Each tensor has shape (n,n).
    """
    s = int(jnp.sqrt(x.shape[0]))
    xx = x[:, 0].reshape(s, s)
    yy = x[:, 1].reshape(s, s)
    return xx, yy


f = jax.jit(lst_of_points_to_meshgrid)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(16, 2)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    s = int(np.sqrt(x.shape[0]))
    return x[:, 0].reshape(s, s), x[:, 1].reshape(s, s)
