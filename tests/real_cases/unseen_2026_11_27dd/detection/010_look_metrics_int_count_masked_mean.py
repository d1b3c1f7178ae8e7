"""'Pure JAX' look metrics: `_count` does `int(jnp.sum(mask))` (and raises on 0) inside every masked mean.

source: public painterly-render look-metrics module ("Look metrics for the painterly render (pure JAX)", smallpaint oracle; luminance, box_blur, highpass, erode, region_masks, region_mean_rgb, pearson, structure_std, lag1_autocorrelation, block_rmse, clip_fraction, radial_spectral_slope, measure), code-index file id 71315784066; the index does not name the repository
error: ConcretizationTypeError
category: int-of-tracer
expect: fix
notes: The helpers are verbatim from the top of the module down to radial_spectral_slope; `measure`, the
  two key-family helpers and `from .io import smallpaint_display` (a sibling module used only by measure)
  are left out. The module's own drivers call these metrics eagerly and wrap them in float(); the entry
  point jits lag1_autocorrelation (axis static), i.e. pearson over the neighbour pairs inside the mask.
  Every masked mean divides by `_count(mask)`, which converts the traced pixel count with int() and
  raises ValueError when it is 0. Inputs are a high-pass-like field and a rectangular region of at least
  4x4 pixels (so the count is never 0 and the raise never fires eagerly), with axis 0 or 1.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import re
from collections.abc import Iterable

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

LUMA_REC709 = (0.2126, 0.7152, 0.0722)  # ITU-R BT.709 luma coefficients (definition)

# SPEC §9 object ids of type diffuse, excluding the light (id 9). The scene-list order is the
# object id (painterly.cpp:252-262).
DIFFUSE_REGION_IDS = (2, 3, 4, 5, 6, 7, 8)
# Metric keys of one region start with "r{id}." (see ``measure``).
_REGION_KEY = re.compile(r"r(\d+)\.")


def _f64(x) -> Array:
    return jnp.asarray(x, dtype=jnp.float64)


def _bool(mask) -> Array:
    return jnp.asarray(mask, dtype=bool)


def _count(mask: Array) -> int:
    n = int(jnp.sum(mask))
    if n == 0:
        raise ValueError("mask selects no pixels")
    return n


def _masked_mean(x: Array, mask: Array) -> Array:
    return jnp.sum(jnp.where(mask, x, 0.0)) / _count(mask)


def luminance(rgb) -> Array:
    """Rec.709 luma of (..., 3) display bytes. Returns (...) float64 display bytes."""
    return _f64(rgb) @ _f64(LUMA_REC709)


def box_blur(x, size: int) -> Array:
    """Centred mean over a ``size`` x ``size`` window on the first two axes.

    Edges are replicated. Units are those of ``x``. ``size`` must be odd and positive. The box is
    computed as two separable 1-D sums, so integer-valued input gives exact results.
    """
    if size < 1 or size % 2 == 0:
        raise ValueError("size must be a positive odd integer")
    x = _f64(x)
    r = size // 2
    h, w = x.shape[0], x.shape[1]
    pad = ((r, r), (r, r)) + ((0, 0),) * (x.ndim - 2)
    xp = jnp.pad(x, pad, mode="edge")
    vertical = sum(xp[i : i + h] for i in range(size))
    total = sum(vertical[:, j : j + w] for j in range(size))
    return total / (size * size)


def highpass(x, size: int = 9) -> Array:
    """``x - box_blur(x, size)``: the texture left after removing the local mean. Units of ``x``."""
    x = _f64(x)
    return x - box_blur(x, size)


def erode(mask, radius: int) -> Array:
    """Morphological erosion with a (2r+1) x (2r+1) square.

    A pixel survives iff its whole square lies inside the image and inside the mask. Pixels
    within ``radius`` of the border therefore never survive.
    """
    if radius < 0:
        raise ValueError("radius must be >= 0")
    m = _bool(mask)
    h, w = m.shape
    padded = jnp.pad(
        m, ((radius, radius), (radius, radius)), mode="constant", constant_values=False
    )
    vertical = jnp.ones((h, w + 2 * radius), dtype=bool)
    for i in range(2 * radius + 1):
        vertical = vertical & padded[i : i + h]
    out = jnp.ones((h, w), dtype=bool)
    for j in range(2 * radius + 1):
        out = out & vertical[:, j : j + w]
    return out


def region_masks(object_id, radius: int) -> dict[int, Array]:
    """Eroded mask for each object id in ``object_id``, keeping only non-empty masks.

    Negative ids (primary-ray misses, T1.1) are not regions and are skipped. The default erosion
    radius of ``measure`` is ``highpass_size // 2``.
    """
    ids = np.unique(np.asarray(object_id))
    obj = jnp.asarray(object_id)
    masks: dict[int, Array] = {}
    for region in ids:
        if region < 0:
            continue
        eroded = erode(obj == region, radius)
        if bool(jnp.any(eroded)):
            masks[int(region)] = eroded
    return masks


def region_mean_rgb(img, mask) -> Array:
    """Mean (R, G, B) of an (H, W, 3) image over the mask. Units of ``img``."""
    x = _f64(img)
    m = _bool(mask)
    return jnp.sum(jnp.where(m[..., None], x, 0.0), axis=(0, 1)) / _count(m)


def pearson(a, b, mask) -> Array:
    """Pearson correlation of ``a`` and ``b`` over the pixels where ``mask`` is true.

    Dimensionless. Returns NaN when either input is constant over the mask.
    """
    a = _f64(a)
    b = _f64(b)
    m = _bool(mask)
    da = jnp.where(m, a - _masked_mean(a, m), 0.0)
    db = jnp.where(m, b - _masked_mean(b, m), 0.0)
    return jnp.sum(da * db) / jnp.sqrt(jnp.sum(da * da) * jnp.sum(db * db))


def structure_std(hp_a, hp_b, mask) -> Array:
    """``sqrt(max(cov, 0))`` over the mask, with ``cov = mean((a - mean a)(b - mean b))``.

    The covariance is the population form (ddof 0). The inputs are high-passed images, so the
    result is in display bytes. For ``hp_a == hp_b`` it equals the masked population standard
    deviation.
    """
    a = _f64(hp_a)
    b = _f64(hp_b)
    m = _bool(mask)
    da = jnp.where(m, a - _masked_mean(a, m), 0.0)
    db = jnp.where(m, b - _masked_mean(b, m), 0.0)
    return jnp.sqrt(jnp.maximum(_masked_mean(da * db, m), 0.0))


def lag1_autocorrelation(x, mask, axis: int) -> Array:
    """Lag-1 autocorrelation of a 2-D field along ``axis``. Dimensionless.

    ``axis=0`` pairs rows (the y direction) and ``axis=1`` pairs columns (the x direction). Each
    pair is ``x[p]`` with its neighbour one step further along ``axis``. Only pairs whose two
    pixels both lie in ``mask`` count.
    """
    x = _f64(x)
    m = _bool(mask)
    if axis == 0:
        a, b, pair = x[:-1], x[1:], m[:-1] & m[1:]
    elif axis == 1:
        a, b, pair = x[:, :-1], x[:, 1:], m[:, :-1] & m[:, 1:]
    else:
        raise ValueError("axis must be 0 or 1")
    return pearson(a, b, pair)


def block_rmse(img, ref, block: int = 25) -> Array:
    """RMSE between block-averaged images. Units: display bytes.

    The images are cropped to whole ``block`` x ``block`` blocks, and each channel is averaged
    over every block. The result is the RMSE over all blocks and channels. ``block`` is a knob
    whose default of 25 is the value in the plan's acceptance metrics.
    """
    if block < 1:
        raise ValueError("block must be >= 1")
    a = _f64(img)
    b = _f64(ref)
    hb, wb = a.shape[0] // block, a.shape[1] // block
    if hb == 0 or wb == 0:
        raise ValueError("image is smaller than one block")

    def block_means(x: Array) -> Array:
        x = x[: hb * block, : wb * block]
        x = x.reshape(hb, block, wb, block, *x.shape[2:])
        return x.mean(axis=(1, 3))

    diff = block_means(a) - block_means(b)
    return jnp.sqrt(jnp.mean(diff * diff))


def clip_fraction(img8) -> Array:
    """Fraction of pixels in which at least one channel equals 255. Dimensionless, in [0, 1]."""
    x = _f64(img8)
    return jnp.mean(jnp.any(x == 255.0, axis=-1))


def radial_spectral_slope(x, mask=None, f_min: int = 2, f_max: int | None = None) -> Array:
    """Log-log slope of the radially averaged power spectrum of a 2-D field. Dimensionless.

    Steps:
    1. If ``mask`` is given, multiply ``x`` by it.
    2. Apply a separable 2-D Hann window (``jnp.hanning`` on each axis) and take ``|FFT|**2``.
    3. Assign each frequency bin to the integer radius ``rint(sqrt(fy**2 + fx**2))``. Average the
       power over each integer radius in ``[f_min, f_max]``, where ``f_max`` defaults to
       ``min(H, W) // 4``.
    4. Return the least-squares slope of log power against log radius.

    ``f_min`` is a knob. Its default of 2 excludes the DC term and the first frequency.
    """
    a = _f64(x)
    h, w = a.shape[0], a.shape[1]
    if f_max is None:
        f_max = min(h, w) // 4
    if not 1 <= f_min <= f_max:
        raise ValueError("need 1 <= f_min <= f_max")
    if mask is not None:
        a = a * _f64(mask)
    window = jnp.outer(jnp.hanning(h), jnp.hanning(w))
    power = jnp.abs(jnp.fft.fft2(a * window)) ** 2
    ky = jnp.rint(jnp.fft.fftfreq(h) * h)
    kx = jnp.rint(jnp.fft.fftfreq(w) * w)
    bins = jnp.rint(jnp.sqrt(ky[:, None] ** 2 + kx[None, :] ** 2)).astype(jnp.int64).ravel()
    # The largest rounded radius is at most (h + w) / 2, so this length holds every bin.
    length = (h + w) // 2 + 2
    sums = jnp.bincount(bins, weights=power.ravel(), length=length)
    counts = jnp.bincount(bins, length=length)
    radii = jnp.arange(f_min, f_max + 1)
    log_r = jnp.log(radii.astype(jnp.float64))
    log_p = jnp.log(sums[radii] / counts[radii])
    dr = log_r - jnp.mean(log_r)
    dp = log_p - jnp.mean(log_p)
    return jnp.sum(dr * dp) / jnp.sum(dr * dr)


f = jax.jit(lag1_autocorrelation, static_argnums=(2,))
# --- end user code ---

H = W = 32


def make_inputs(rng):
    base = rng.normal(size=(H, W))
    # some spatial correlation, like a high-passed luminance field
    field = base + 0.6 * np.roll(base, 1, axis=0) + 0.4 * np.roll(base, 1, axis=1)
    field = (20.0 * field).astype(np.float32)
    h = int(rng.integers(4, 20))
    w = int(rng.integers(4, 20))
    r0 = int(rng.integers(0, H - h + 1))
    c0 = int(rng.integers(0, W - w + 1))
    mask = np.zeros((H, W), dtype=bool)
    mask[r0:r0 + h, c0:c0 + w] = True
    axis = int(rng.integers(0, 2))
    return (field, mask, axis)


INPUTS = make_inputs


def _ref_masked_mean(x, m):
    return jnp.sum(jnp.where(m, x, 0.0)) / jnp.sum(m)


def _ref_pearson(a, b, m):
    da = jnp.where(m, a - _ref_masked_mean(a, m), 0.0)
    db = jnp.where(m, b - _ref_masked_mean(b, m), 0.0)
    return jnp.sum(da * db) / jnp.sqrt(jnp.sum(da * da) * jnp.sum(db * db))


@jax.jit
def _ref_axis0(x, mask):
    x = jnp.asarray(x, jnp.float32)
    m = jnp.asarray(mask, bool)
    return _ref_pearson(x[:-1], x[1:], m[:-1] & m[1:])


@jax.jit
def _ref_axis1(x, mask):
    x = jnp.asarray(x, jnp.float32)
    m = jnp.asarray(mask, bool)
    return _ref_pearson(x[:, :-1], x[:, 1:], m[:, :-1] & m[:, 1:])


def _reference(x, mask, axis):
    return _ref_axis0(x, mask) if axis == 0 else _ref_axis1(x, mask)


reference_fix = jax.jit(_reference, static_argnums=(2,))
