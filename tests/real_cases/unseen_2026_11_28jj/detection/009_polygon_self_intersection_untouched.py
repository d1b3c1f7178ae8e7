"""Winding-surface polygon self-intersection mask: nested lax.scan with a traced index and jnp.where; already jit-safe.

source: stellarator coil winding-surface module of lankef's QUADCOIL code (code-index file id 1353509652; functions fit_surfacerzfourier, gen_winding_surface_offset, get_line_intersection, polygon_self_intersection, gen_winding_surface_atan, gen_winding_surface_arc; it imports `.surfacerzfourier_jax`, lineax and equinox; sibling prototype repository lankef/quadcoil_proto; the index does not name this file's repository)
error: none
category: negative-lookalike
expect: untouched
notes: get_line_intersection and polygon_self_intersection are verbatim, including the author's `# @jit`
  left commented out and the commented-out `# if has_self_intersection:` plotting block. It looks leaky
  (`len(r_pol)`, `%len_theta` on a traced scan index, `==` / `|` on traced values, a sign flip decided by
  `has_self_intersection`) but every value-dependent step is a jnp/lax operation: `len` reads the static
  shape, the index arithmetic stays traced, the branch is `jnp.where`, loops are `lax.scan`. Added as the
  entry point the way the author calls it in gen_winding_surface_atan: `f = jax.jit(vmap(polygon_self_intersection, in_axes=0))`.
  Dropped the other functions (they need lineax and the package-relative import). Inputs: an ellipse, an
  ellipse with two vertices swapped (a crossing) and a figure-eight section, so both weights occur.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from jax import jit, lax, vmap
from jax.lax import scan
from functools import partial


def get_line_intersection(p0, p1, p2, p3):
    # Detects if two line segments given by 
    # p0 (x, y), p1 (x, y);
    # p1 (x, y), p2 (x, y)
    # intersects.
    s1 = p1 - p0
    s2 = p3 - p2
    denom = -s2[0] * s1[1] + s1[0] * s2[1]
    # Preventing division by zero
    inv_denom = jnp.where(denom!=0, 1/denom, 0)
    s = (-s1[1] * (p0[0] - p2[0]) + s1[0] * (p0[1] - p2[1])) * inv_denom
    t = ( s2[0] * (p0[1] - p2[1]) - s2[1] * (p0[0] - p2[0])) * inv_denom
    return (s >= 0) & (s <= 1) & (t >= 0) & (t <= 1) & (denom!=0)

# @jit
def polygon_self_intersection(r_pol, z_pol):
    len_theta = len(r_pol)
    # Takes a planar polygon and removes self-intersecting regions.
    # Returns a weight array that is 1 for every point where the 
    # adjacent edges contain self-intersection.
    # Assumes that the first point in the input is on the polygon to keep.
    # shape: len_phi, 2 (r, z)
    p0_in = jnp.concatenate([r_pol[:, None], z_pol[:, None]], axis=-1)
    p1_in = jnp.roll(p0_in, -1, axis=0)
    # shape: len_phi, 4 (r0, z0, r1, z1)
    p0p1 = jnp.concatenate([p0_in, p1_in], axis=1)
    # Outer scan
    def outer_loop(carry_outer, x_outer):
        index_a, weight = carry_outer
        def inner_loop(carry, x):
            # carry is (index of p0p1, ([r0, z0, r1, z1]), index of p2p3)
            # x is ([r2, z2, r3, z3])
            index_a, r0z0r1z1, index_b = carry
            # Is the index of the second line segment
            # one greater or lower than that of the current line segment?
            # If so, get_line_intersection will throw a False positive
            # and has to be disregarded.
            is_overlapping = (
                (index_a == index_b) 
                | (index_a == (index_b+1)%len_theta)
                | ((index_a+1)%len_theta == index_b)
            )
            p0_i = r0z0r1z1[:2]
            p1_i = r0z0r1z1[2:]
            p2_i = x[:2]
            p3_i = x[2:]
            # True when intersection is present
            is_intersect = get_line_intersection(p0_i, p1_i, p2_i, p3_i)
            return (index_a, r0z0r1z1, index_b+1), is_intersect & jnp.logical_not(is_overlapping)
        _, is_intersect = scan(inner_loop, (index_a, x_outer, 0), p0p1)
        has_self_intersection = jnp.any(is_intersect)
        # flip the sign of weight if self intersection is detected. 
        # We assume that the outboard side is not self-intersecting (weight=1)
        # This will allow us to mark all self-intersecting regions with 
        # weight = -1.
        weight = jnp.where(has_self_intersection, -weight, weight)
        # if has_self_intersection:
        #     plt.plot(p0p1[:, 0], p0p1[:, 1])
        #     plt.scatter(p0p1[:, 0], p0p1[:, 1], alpha = is_intersect)
        #     plt.show()
        return (index_a + 1, weight), weight
    _, weight = scan(outer_loop, (0, 1), p0p1)
    # Convert weight = +-1 to 0 and 1
    weight = (weight+1)/2
    # Thus far we've marked all vertices where the edge
    # that follows contains self-intersection. We now also
    # change the weight of the vertices that is preceded 
    # by a self-intersecting edge.
    weight = jnp.where(jnp.roll(weight, 1)==0, 0, 1)
    return(weight)


f = jax.jit(vmap(polygon_self_intersection, in_axes=0))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # 3 poloidal cross sections of 16 points: an ellipse, an ellipse with a random loop
    # (two vertices swapped, so two edges cross) and a figure-eight (lemniscate) section
    th = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    r0 = 5.0 + 0.4 * np.cos(th)
    z0 = 0.6 * np.sin(th)
    i = rng.integers(1, 14)
    perm = np.arange(16)
    perm[[i, i + 1]] = perm[[i + 1, i]]
    r1, z1 = r0[perm], z0[perm]
    shift = rng.uniform(-0.2, 0.2)
    r2 = 5.0 + 0.4 * np.cos(th + shift)
    z2 = 0.5 * np.sin(2 * (th + shift))
    noise = 0.01 * rng.normal(size=(3, 16))
    rs = np.array([r0, r1, r2]) + noise
    zs = np.array([z0, z1, z2]) + noise[::-1]
    return (rs.astype(np.float32), zs.astype(np.float32))


INPUTS = make_inputs
