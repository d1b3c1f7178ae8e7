"""A helper derives the harmonic order from a static shape with jnp, then needs it as a Python int.

source: public code index, code-index file id 46844743775 (a JAX spherical-harmonics module: `_gen_recurrence_mask`, `_gen_associated_legendre` copied from jax.scipy.special with jakevdp's TODO, and `sample_sh(v, coeffs)`; the index does not name the repository)
error: TracerBoolConversionError
category: helper-int-from-static-shape
expect: fix
notes: `sample_sh` verbatim. Under jit `jnp.sqrt(coeffs.shape[-1])` is staged out, so `order` is a tracer although it only depends on the static shape: the `assert` converts it to bool, `int(jnp.square(order + 1))` needs it as a concrete size and `n_max=order` needs a static int. The fix is local: compute the order from the shape with NumPy/Python ints. Adapted: `jax.scipy.special.sph_harm` no longer exists in this JAX, so a two-line stand-in maps it onto `sph_harm_y` (argument order (n, m) and the two angles swapped, same values); the file's other helpers (which lacked their `Tuple`/`jit` imports) and the `__main__` block are left out; `f = jax.jit(sample_sh)` added as the entry point.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
#!/usr/bin/env python3

import jax
import jax.numpy as jnp
from jax import vmap
from jax.scipy.special import sph_harm_y
from jax import lax

from functools import partial


def sph_harm(m, n, theta, phi, n_max=None):
    # stand-in for the removed jax.scipy.special.sph_harm (theta azimuthal, phi polar)
    return sph_harm_y(n, m, phi, theta, n_max=n_max)


def sample_sh(v, coeffs):
    order = jnp.sqrt(coeffs.shape[-1]).astype(jnp.int32) - 1
    assert (order + 1) * (order + 1) == coeffs.shape[-1]

    phi = jnp.arctan(
        jnp.sqrt(jnp.square(v[..., 0:1]) + jnp.square(v[..., 1:2])) / v[..., 2:3]
    )
    at = jnp.arctan(v[..., 1:2] / v[..., 0:1])
    theta = jnp.where(
        v[..., 0:1] > 0.0,
        at,
        jnp.where(v[..., 0:1] < 0.0, at + jnp.pi, jnp.pi / 2),
    )

    orders = jnp.arange(int(jnp.square(order + 1)))
    ls = jnp.sqrt(orders).astype(jnp.int32)
    ms = vmap(lambda o, l: (o - jnp.square(l)) - l)(orders, ls).astype(jnp.int32)
    return sph_harm(ms, ls, theta, phi, n_max=order)


f = jax.jit(sample_sh)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v = rng.normal(size=(3,)).astype(np.float32)
    k = rng.integers(0, 4)
    if k == 0:
        v[0] = 0.0          # the jnp.pi / 2 branch of theta
    elif k == 1:
        v[0] = -abs(v[0])   # the at + pi branch
    order = int(rng.integers(1, 4))  # coeffs of length 4, 9 or 16
    coeffs = rng.normal(size=((order + 1) ** 2,)).astype(np.float32)
    return (v, coeffs)


INPUTS = make_inputs


@jax.jit
def reference_fix(v, coeffs):
    order = int(np.sqrt(coeffs.shape[-1])) - 1
    assert (order + 1) * (order + 1) == coeffs.shape[-1]

    phi = jnp.arctan(
        jnp.sqrt(jnp.square(v[..., 0:1]) + jnp.square(v[..., 1:2])) / v[..., 2:3]
    )
    at = jnp.arctan(v[..., 1:2] / v[..., 0:1])
    theta = jnp.where(
        v[..., 0:1] > 0.0,
        at,
        jnp.where(v[..., 0:1] < 0.0, at + jnp.pi, jnp.pi / 2),
    )

    orders = jnp.arange((order + 1) ** 2)
    ls = jnp.sqrt(orders).astype(jnp.int32)
    ms = vmap(lambda o, l: (o - jnp.square(l)) - l)(orders, ls).astype(jnp.int32)
    return sph_harm(ms, ls, theta, phi, n_max=order)
