"""prtools' array-API centroid run on JAX under jit: boolean-mask gathers `x[where]` and `np.isnan` applied to the result.

source: andykee/prtools prtools/array.py at 187f2108f4f4f06b3abe4bdd585587422e60d6f0 (centroid; code-index file id 66544938093)
error: NonConcreteBooleanIndexError
category: boolean-mask-index, numpy-on-tracer
expect: fix
notes: `centroid` is verbatim. prtools supports NumPy and JAX through the array API (`xp = array_namespace(x)`);
  `array_namespace` here is a stand-in for prtools._array_api.array_namespace that returns jax.numpy for JAX
  arrays and numpy otherwise. The entry point is `f = jax.jit(centroid)` with the defaults (where=None,
  mode='absolute', indexing='ij'). Under jit, `x[where]` (three times, plus `rr[where]`, `cc[where]`) needs a
  concrete mask, and `np.isnan(...)` of the gathered tracer would need its value; the centroid itself is a
  weighted sum, so masking with jnp.where keeps every shape static. Inputs are positive images with a few NaN
  and inf pixels, which the default `where = isfinite(x)` excludes (so the warning branch does not fire).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import warnings

import jax
import numpy as np


def array_namespace(*arrays):
    # stand-in for prtools._array_api.array_namespace
    if any(isinstance(a, jax.Array) for a in arrays):
        return jax.numpy
    return np


def centroid(x, where=None, mode='absolute', indexing='ij'):
    """Compute array centroid location.

    Parameters
    ----------
    x : array_like
        Input array.
    where: array_like of bool, optional
        Elements to include in the centroid calculation. If None (default),
        all finite and non-NaN values are used.
    mode : {'absolute', 'center'}, optional
        Specifies how the centroid is computed. If 'absolute' (default),
        the absolute centroid within the input is returned. If 'center', the
        centroid relative to the center of the input is returned.
    indexing : {'ij', 'xy'}, optional
        Matrix ('ij', default) or cartesian ('xy') indexing of mesh.

    Returns
    -------
    centroid : tuple
        (r, c) or (x, y) centroid location

    """
    xp = array_namespace(x)
    x = xp.asarray(x)

    if mode not in ('absolute', 'center'):
        raise ValueError(f'Unknown kind {mode}')

    if indexing not in ('ij', 'xy'):
        raise ValueError("Valid values for indexing are 'xy' and 'ij'.")

    if where is None:
        where = xp.isfinite(x)
    else:
        where = xp.asarray(where, dtype=bool)

    if np.isnan(x[where]).any():
        warnings.warn('Unmasked NaN in input', RuntimeWarning,
                      stacklevel=2)

    anorm = x[where]/xp.sum(x[where])

    nr, nc = x.shape
    rr, cc = xp.mgrid[0:nr, 0:nc]

    r = xp.dot(rr[where].ravel(), anorm.ravel())
    c = xp.dot(cc[where].ravel(), anorm.ravel())

    if mode == 'center':
        rc, cc = np.array(x.shape)/2
        r = r - rc
        c = c - cc

    if indexing == 'xy':
        r, c = c, r

    return r, c


f = jax.jit(centroid)
# --- end user code ---


def make_inputs(rng):
    nr, nc = 12, 16
    rr, cc = np.mgrid[0:nr, 0:nc]
    r0, c0 = rng.uniform(2, nr - 2), rng.uniform(2, nc - 2)
    img = np.exp(-((rr - r0) ** 2 + (cc - c0) ** 2) / (2 * rng.uniform(1.0, 3.0) ** 2))
    img = img + 0.05 * rng.random((nr, nc))
    bad = rng.integers(0, nr * nc, size=3)
    img.flat[bad[0]] = np.nan
    img.flat[bad[1]] = np.inf
    img.flat[bad[2]] = np.nan
    return (img.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    import jax.numpy as jnp
    where = jnp.isfinite(x)
    xs = jnp.where(where, x, 0.0)
    anorm = xs / jnp.sum(xs)
    nr, nc = x.shape
    rr, cc = jnp.mgrid[0:nr, 0:nc]
    r = jnp.sum(rr * anorm)
    c = jnp.sum(cc * anorm)
    return r, c
