"""Ray/sphere intersection with an if/elif on the discriminant and an `and` inside a min-positive loop.

source: RedxClaw/raytracing module/raytracing.py (revision with `plus_petit_positif` and the
    `solution = 65536` form of `solution_intersection`; found by content, find_string id 14479893712;
    the index holds 11 revisions of the path, latest listed 79f4906e2241d85d699e31a49eab3402b2c5eb73).
    The module already imports `jit, vmap, lax` and `jax.numpy as jnp` but still computes with NumPy.
error: TracerBoolConversionError
category: elif-chain-and-helper-loop
expect: fix
notes: the two functions are verbatim except `np.dot`/`np.sqrt` -> `jnp.dot`/`jnp.sqrt` (the port the
    imports prepare). `f` is a jitted driver written for the case after the repo's `couleur_pt`: for each
    ray it intersects every sphere and keeps the nearest positive hit with `plus_petit_positif`
    (65536 = no hit). Trials include exactly tangent rays (integer geometry, so `delta == 0` holds
    exactly), spheres behind the camera and a sphere around the camera, so every branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit, vmap, lax
import jax.numpy as jnp


def plus_petit_positif(liste):
    temp = 65536
    for element in liste:
        if temp > element and element > 0:
            temp = element

    return temp

def solution_intersection(cam_pos, v, sphere):
    d = sphere[0] # Position du centre
    r = sphere[1] # Rayon de la sphère

    a = jnp.dot(v, v)
    b = 2 * jnp.dot(v, cam_pos - d)
    c = jnp.dot(cam_pos - d, cam_pos - d) - r*r

    delta = b*b - 4*a*c

    solution = 65536

    if delta == 0:
        s = -b/(2*a)
        if s > 0 : solution = s
    elif delta > 0: 
        solution = plus_petit_positif([(-b - jnp.sqrt(delta))/(2*a), (-b + jnp.sqrt(delta))/(2*a)])

    return solution


@jit
def f(cam_pos, rays, centres, rayons):
    profondeur = []
    for v in rays:
        solutions = [solution_intersection(cam_pos, v, (centres[k], rayons[k])) for k in range(len(rayons))]
        profondeur.append(plus_petit_positif(solutions))
    return jnp.array(profondeur)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    cam_pos = np.zeros(3, dtype=np.float32)
    rand_rays = rng.normal(size=(4, 3)).astype(np.float32)
    rand_rays[:, 0] = np.abs(rand_rays[:, 0]) + 0.5
    tangent = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], dtype=np.float32)
    rays = np.concatenate([tangent, rand_rays], axis=0)
    centres = rng.normal(scale=3.0, size=(3, 3)).astype(np.float32)
    centres[:, 0] = np.abs(centres[:, 0]) + 3.0
    rayons = rng.uniform(0.5, 2.0, size=(3,)).astype(np.float32)
    # integer geometry: tangent to ray (1,0,0) ahead or behind; tangent to ray (0,1,0); around the camera
    specials = [
        (np.array([5.0, 1.0, 0.0]), 1.0),
        (np.array([-5.0, 1.0, 0.0]), 1.0),
        (np.array([0.0, 4.0, 2.0]), 2.0),
        (np.array([1.0, 0.0, 0.0]), 3.0),
    ]
    pick = rng.choice(len(specials), size=2, replace=False)
    sc = np.stack([specials[i][0] for i in pick]).astype(np.float32)
    sr = np.array([specials[i][1] for i in pick], dtype=np.float32)
    centres = np.concatenate([centres, sc], axis=0)
    rayons = np.concatenate([rayons, sr], axis=0)
    return (cam_pos, rays, centres, rayons)


INPUTS = make_inputs


@jax.jit
def reference_fix(cam_pos, rays, centres, rayons):
    def one(v, d, r):
        a = jnp.dot(v, v)
        b = 2 * jnp.dot(v, cam_pos - d)
        c = jnp.dot(cam_pos - d, cam_pos - d) - r * r
        delta = b * b - 4 * a * c
        s0 = -b / (2 * a)
        sq = jnp.sqrt(jnp.where(delta > 0, delta, 0.0))
        s1 = (-b - sq) / (2 * a)
        s2 = (-b + sq) / (2 * a)
        t = jnp.float32(65536)
        t = jnp.where((t > s1) & (s1 > 0), s1, t)
        t = jnp.where((t > s2) & (s2 > 0), s2, t)
        tangent = jnp.where(s0 > 0, s0, 65536.0)
        return jnp.where(delta == 0, tangent, jnp.where(delta > 0, t, 65536.0))

    sols = jax.vmap(lambda v: jax.vmap(lambda d, r: one(v, d, r))(centres, rayons))(rays)

    def min_pos(row):
        t = jnp.float32(65536)
        for k in range(row.shape[0]):
            e = row[k]
            t = jnp.where((t > e) & (e > 0), e, t)
        return t

    return jax.vmap(min_pos)(sols)
