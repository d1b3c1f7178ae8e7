"""Lens-surface intersection limit with a dozen exits, several of them `return None`, plus a raise formatting traced values: report, no automatic fix.

source: code-index file id 28230988461 (a JAX rotationally-symmetric lens-surface module defining compute_limit_from_other, RotSymSurface and Spheric with a lax.cond ray/sphere intersection); the index does not name its repository
error: TracerBoolConversionError
category: data-dependent-return-structure
expect: report
notes: `compute_limit_from_other` copied verbatim with the module's imports; only `f = jax.jit(compute_limit_from_other)` added. The first leak is `if v2 - v1 < -epsilon:` guarding a `raise ValueError(f"... {v1:.13f} ...")` on traced values; past it, the function returns either an array or None depending on the radii and vertex positions (plus two `assert`s on traced signs), so whether the output exists at all is data dependent. A NaN sentinel would change the documented contract (callers test `is None`), so no semantics-preserving rewrite exists. The sibling method `Spheric.ray_surface_intersection` in the same module is already written with jax.lax.cond.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass

import jax
import jax.numpy as jnp


def compute_limit_from_other(
    v1: jnp.ndarray,
    r1: jnp.ndarray,
    v2: jnp.ndarray,
    r2: jnp.ndarray,
    epsilon: jnp.ndarray,
) -> jnp.ndarray:
    if v2 - v1 < -epsilon:
        raise ValueError(
            f"Vertex of the second sphere (v2) should be not smaller than the vertex of the first sphere (v1), but v1 = {v1:.13f} and v2 = {v2:.13f}"
        )
    if v2 <= v1:  # both surfaces have the same vertex
        # v2 < v1 if a numerical error smaller than eps occures
        v2 = v1
        if jnp.sign(r1) != jnp.sign(r2) or r1 != r2:
            # half-spheres intersect only in their vertices
            return v2
        if r1 == r2 and jnp.isinf(r1):
            # the plains coincide
            return v2
        # the half-spheres coincide, so return their centers
        return v2 + r2
    # now v1 < v2
    if jnp.isinf(r1):  # the first is a plain at v1
        if jnp.isinf(r2) or r2 > 0:
            # the first is plain, the second is a plain or a half-sphere to the right of v2
            return None
        # the second half-sphere is to the left of v2
        zc_2 = v2 + r2  # center of the second half-sphere
        if zc_2 <= v1:
            # the second half-sphere is big enough to intersect the first plain
            return v1
        # the second is not big enough to intersect the plain
        return None
    # now the first is a half-sphere
    if jnp.isinf(r2):  # the second is a plain at v2
        if r1 < 0:
            # the first is half-sphere to the left of v1
            return None
        zc_1 = v1 + r1  # center of the first half-sphere
        if zc_1 >= v2:
            # the first half-sphere is big enough to intersect the second plain
            return v2
        # the second is not big enough to intersect the plain
        return None
    # both surfaces are half-spheres and their centers are at different points
    zc_1 = v1 + r1
    zc_2 = v2 + r2
    d = zc_2 - zc_1
    if jnp.abs(d) > jnp.abs(r1) + jnp.abs(r2):
        # the centers of half-spheres are too far away
        return None
    if r1 < 0 and r2 > 0:
        # half spheres look to the different sides
        return None
    # compute z_star -- potential intersection point of spheres -- half-spheres completions
    z_star = (r1**2 - r2**2 + d**2) / d * 0.5 + zc_1
    if r1**2 < (z_star - zc_1) ** 2:
        # one sphere is inside of the other
        if jnp.abs(r1) < jnp.abs(r2):  # the first sphere is inside of the second
            assert r2 < 0  # since v1 < v2
            if zc_1 > zc_2:
                # the prolonged edges of the first half-sphere intersect the second
                return zc_1
            return None
        # the second sphere is inside of the first
        assert r1 > 0  # since v1 < v2
        if zc_1 > zc_2:
            # the prolonged edges of the first half-sphere intersect the second
            return zc_2
        return None
    # the intersection between spheres happen
    # now check if it is on the correct side of half-spheres
    if z_star > zc_1 and r1 > 0:
        return None
    if z_star < zc_1 and r1 < 0:
        return None
    if z_star < zc_2 and r2 < 0:
        return None
    if z_star > zc_2 and r2 > 0:
        return None
    return z_star


f = jax.jit(compute_limit_from_other)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v1 = np.float32(rng.uniform(0.0, 1.0))
    v2 = np.float32(v1 + rng.uniform(0.0, 3.0))
    r1 = np.float32(rng.choice([-1, 1]) * rng.uniform(2.0, 10.0))
    r2 = np.float32(rng.choice([-1, 1]) * rng.uniform(2.0, 10.0))
    eps = np.float32(1e-8)
    return (v1, r1, v2, r2, eps)


INPUTS = make_inputs
