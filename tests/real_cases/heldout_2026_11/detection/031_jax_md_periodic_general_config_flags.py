"""jax-md periodic_general: closures branch on construction flags, kwargs keys and `is not None`.

source: jax-md/jax-md, jax_md/space.py (periodic_general, inverse, raw_transform, transform with its custom_jvp, pairwise_displacement, periodic_displacement, periodic_shift)
error: none
category: negative-config-flag-closures
expect: untouched
notes: copied (f32 = jnp.float32). The displacement/shift closures test `fractional_coordinates`/`wrapped` (construction-time Python bools), `'box' in kwargs`, `perturbation is not None`, and inverse/raw_transform test `jnp.isscalar(box) or box.size == 1` / `box.ndim` — all static even when the box passed through kwargs is traced. f jits displacements with the stored box and with a traced deformed box, and a wrapped shift.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp

f32 = jnp.float32


def inverse(box):
    """Compute the inverse of an affine transformation."""
    if jnp.isscalar(box) or box.size == 1:
        return 1 / box
    elif box.ndim == 1:
        return 1 / box
    elif box.ndim == 2:
        return jnp.linalg.inv(box)
    raise ValueError(('Box must be either: a scalar, a vector, or a matrix. '
                      f'Found {box}.'))


def _get_free_indices(n: int) -> str:
    return ''.join([chr(ord('a') + i) for i in range(n)])


def raw_transform(box, R):
    """Apply an affine transformation to positions."""
    if jnp.isscalar(box) or box.size == 1:
        return R * box
    elif box.ndim == 1:
        indices = _get_free_indices(R.ndim - 1) + 'i'
        return jnp.einsum(f'i,{indices}->{indices}', box, R)
    elif box.ndim == 2:
        free_indices = _get_free_indices(R.ndim - 1)
        left_indices = free_indices + 'j'
        right_indices = free_indices + 'i'
        return jnp.einsum(f'ij,{left_indices}->{right_indices}', box, R)
    raise ValueError(('Box must be either: a scalar, a vector, or a matrix. '
                      f'Found {box}.'))


@custom_jvp
def transform(box, R):
    """Apply an affine transformation to positions."""
    return raw_transform(box, R)


@transform.defjvp
def transform_jvp(primals, tangents):
    box, R = primals
    dbox, dR = tangents
    return (transform(box, R), dR + transform(dbox, R))


def pairwise_displacement(Ra, Rb):
    if len(Ra.shape) != 1:
        msg = (
            'Can only compute displacements between vectors. To compute '
            'displacements between sets of vectors use vmap or TODO.'
        )
        raise ValueError(msg)

    if Ra.shape != Rb.shape:
        msg = 'Can only compute displacement between vectors of equal dimension.'
        raise ValueError(msg)

    return Ra - Rb


def periodic_displacement(side, dR):
    return jnp.mod(dR + side * f32(0.5), side) - f32(0.5) * side


def periodic_shift(side, R, dR):
    return jnp.mod(R + dR, side)


def periodic_general(box, fractional_coordinates=True, wrapped=True):
    inv_box = inverse(box)

    def displacement_fn(Ra, Rb, perturbation=None, **kwargs):
        _box, _inv_box = box, inv_box

        if 'box' in kwargs:
            _box = kwargs['box']

            if not fractional_coordinates:
                _inv_box = inverse(_box)

        if 'new_box' in kwargs:
            _box = kwargs['new_box']

        if not fractional_coordinates:
            Ra = transform(_inv_box, Ra)
            Rb = transform(_inv_box, Rb)

        dR = periodic_displacement(f32(1.0), pairwise_displacement(Ra, Rb))
        dR = transform(_box, dR)

        if perturbation is not None:
            dR = raw_transform(perturbation, dR)

        return dR

    def u(R, dR):
        if wrapped:
            return periodic_shift(f32(1.0), R, dR)
        return R + dR

    def shift_fn(R, dR, **kwargs):
        if not fractional_coordinates and not wrapped:
            return R + dR

        _box, _inv_box = box, inv_box
        if 'box' in kwargs:
            _box = kwargs['box']
            _inv_box = inverse(_box)

        if 'new_box' in kwargs:
            _box = kwargs['new_box']

        dR = transform(_inv_box, dR)
        if not fractional_coordinates:
            R = transform(_inv_box, R)

        R = u(R, dR)

        if not fractional_coordinates:
            R = transform(_box, R)
        return R

    return displacement_fn, shift_fn


displacement_fn, shift_fn = periodic_general(
    jnp.array([[4.0, 0.5], [0.0, 3.0]]), fractional_coordinates=False, wrapped=True)


@jax.jit
def f(Ra, Rb, new_box, R, dR):
    d = jax.vmap(displacement_fn)(Ra, Rb)
    d_deformed = jax.vmap(partial(displacement_fn, box=new_box))(Ra, Rb)
    return d, d_deformed, shift_fn(R, dR)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    Ra = rng.uniform(0.0, 3.0, size=(5, 2)).astype(np.float32)
    Rb = rng.uniform(0.0, 3.0, size=(5, 2)).astype(np.float32)
    new_box = np.array([[4.0, rng.uniform(0.0, 1.0)], [0.0, rng.uniform(2.5, 3.5)]], np.float32)
    R = rng.uniform(0.0, 3.0, size=(5, 2)).astype(np.float32)
    dR = rng.normal(size=(5, 2)).astype(np.float32)
    return Ra, Rb, new_box, R, dR


INPUTS = make_inputs
