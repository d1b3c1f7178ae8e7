"""photomancy OFTI: helper `_default_ref_idx` returns int(jnp.argmax(...)) that indexes the data inside the jitted proposal.

source: CoreySpohn/photomancy src/photomancy/orbit/ofti.py at dcaed55752179d003aca215776cdcec9ebba2b87 (public code-index file id 56191182497: _default_ref_idx, _scale_rotate_score, ScaleAndRotate.sample_and_score, ofti)
error: ConcretizationTypeError
category: helper-int-of-traced-as-index
expect: fix
notes: _default_ref_idx, _scale_rotate_score and ScaleAndRotate.sample_and_score are verbatim (ScaleAndRotate is a plain class here: equinox is not installed). Imports that are not available are small stand-ins: G (hwoutils, in AU^3 kg^-1 day^-2), orbix's mean_motion, photomancy's predict_relative_astrometry (a Thiele-Innes Keplerian forward model with a fixed-iteration Kepler solve), loglike_relative_astrom (correlated Gaussian over valid epochs), ecc_distribution (uniform eccentricity) and the RelativeAstromData NamedTuple. ofti() picks `ref_idx = _default_ref_idx(data)` eagerly and closes over it in an eqx.filter_jit'd score_batch; the entry point added here, `score_batch_default_anchor`, does the same selection inside the jitted batch (the data being traced), `f = jax.jit(..., static_argnames="n")`. Fix: keep the argmax as a traced index (drop int()).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

# ---- stand-ins for hwoutils / orbix / photomancy imports ----
G = 1.4880826e-34  # AU^3 kg^-1 day^-2


class RelativeAstromData(NamedTuple):
    times: jax.Array
    ra: jax.Array
    dec: jax.Array
    ra_err: jax.Array
    dec_err: jax.Array
    corr: jax.Array
    is_valid: jax.Array


def mean_motion(a, mu):
    return jnp.sqrt(mu / a**3)


def predict_relative_astrometry(t, a, e, cos_i, W, cos_w, sin_w, tp, Ms, dist_pc):
    n = mean_motion(a, G * Ms)
    M = n * (t - tp)
    E = M
    for _ in range(20):
        E = E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
    X = jnp.cos(E) - e
    Y = jnp.sqrt(1.0 - e**2) * jnp.sin(E)
    cW, sW = jnp.cos(W), jnp.sin(W)
    A = a * cos_w * cW - a * sin_w * sW * cos_i
    B = a * cos_w * sW + a * sin_w * cW * cos_i
    F = -a * sin_w * cW - a * cos_w * sW * cos_i
    Gc = -a * sin_w * sW + a * cos_w * cW * cos_i
    dec = (A * X + F * Y) / dist_pc
    ra = (B * X + Gc * Y) / dist_pc
    return ra, dec


def loglike_relative_astrom(ra_p, dec_p, data):
    dx = (ra_p - data.ra) / data.ra_err
    dy = (dec_p - data.dec) / data.dec_err
    r = data.corr
    chi2 = (dx**2 + dy**2 - 2 * r * dx * dy) / (1 - r**2)
    return -0.5 * jnp.sum(jnp.where(data.is_valid, chi2, 0.0))


class _Uniform:
    def sample(self, key, shape):
        return jax.random.uniform(key, shape, minval=0.0, maxval=0.9)


def ecc_distribution(name):
    return _Uniform()


_TWO_PI = 2.0 * jnp.pi


def _default_ref_idx(data):
    """Index of the highest-SNR valid epoch (default scale-and-rotate anchor)."""
    sep = jnp.hypot(data.ra, data.dec)
    err = jnp.hypot(data.ra_err, data.dec_err)
    snr = jnp.where(data.is_valid, sep / jnp.maximum(err, 1e-30), -jnp.inf)
    return int(jnp.argmax(snr))


def _scale_rotate_score(
    e,
    cos_i,
    cos_w,
    sin_w,
    m_ref,
    tx,
    ty,
    data,
    t_ref,
    mu,
    Ms,
    dist_pc,
    log_P_lo,
    log_P_hi,
    e_max,
):
    """Scale-and-rotate one orbit onto (tx, ty) at t_ref; return (row, loglike)."""
    # Reference-epoch model at a=1, W=0. With tp set so the mean anomaly at t_ref
    # equals m_ref, the eccentric anomaly there is independent of a.
    n1 = mean_motion(1.0, mu)
    tp1 = t_ref - m_ref / n1
    x0, y0 = predict_relative_astrometry(
        jnp.atleast_1d(t_ref), 1.0, e, cos_i, 0.0, cos_w, sin_w, tp1, Ms, dist_pc
    )
    x0 = x0[0]
    y0 = y0[0]

    # Scale a (separation ~ a) and rotate W (sky-plane rotation) to hit target.
    r0 = jnp.maximum(jnp.hypot(x0, y0), 1e-30)
    a_new = jnp.hypot(tx, ty) / r0
    W_new = (jnp.arctan2(ty, tx) - jnp.arctan2(y0, x0)) % _TWO_PI

    # Kepler-consistency: new period from scaled a; tp preserves m_ref at t_ref.
    n_new = mean_motion(a_new, mu)
    tp_new = t_ref - m_ref / n_new
    log_P = jnp.log10(_TWO_PI / n_new)

    # Full-track likelihood over all valid epochs.
    ra_p, dec_p = predict_relative_astrometry(
        data.times, a_new, e, cos_i, W_new, cos_w, sin_w, tp_new, Ms, dist_pc
    )
    ll = loglike_relative_astrom(ra_p, dec_p, data)

    # Truncate the induced log(a) == log(P) prior to the requested range, and e.
    in_support = (log_P >= log_P_lo) & (log_P <= log_P_hi) & (e < e_max)
    ll = jnp.where(in_support, ll, -jnp.inf)

    row = jnp.array([a_new, e, cos_i, W_new, cos_w, sin_w, tp_new])
    return row, ll


class ScaleAndRotate:
    """Classic OFTI conditioner: scale ``a`` and rotate ``W`` onto one epoch."""

    def sample_and_score(
        self, key, n, data, ref_idx, Ms, dist_pc, ecc_prior, log_P_range, e_max
    ):
        """Draw n orbits from priors and scale-and-rotate onto the reference epoch."""
        k_e, k_i, k_w, k_m, k_n1, k_n2 = jax.random.split(key, 6)
        e = ecc_distribution(ecc_prior).sample(k_e, (n,))
        cos_i = jax.random.uniform(k_i, (n,), minval=-1.0, maxval=1.0)
        omega = jax.random.uniform(k_w, (n,), minval=0.0, maxval=_TWO_PI)
        cos_w = jnp.cos(omega)
        sin_w = jnp.sin(omega)
        m_ref = jax.random.uniform(k_m, (n,), minval=0.0, maxval=_TWO_PI)

        # Reference-epoch target = observed point + correlated Gaussian noise.
        sx = data.ra_err[ref_idx]
        sy = data.dec_err[ref_idx]
        rho = data.corr[ref_idx]
        z1 = jax.random.normal(k_n1, (n,))
        z2 = jax.random.normal(k_n2, (n,))
        tx = data.ra[ref_idx] + sx * z1
        ty = data.dec[ref_idx] + sy * (
            rho * z1 + jnp.sqrt(jnp.maximum(1.0 - rho**2, 0.0)) * z2
        )

        mu = G * Ms
        t_ref = data.times[ref_idx]
        log_P_lo, log_P_hi = log_P_range

        def cond_one(e_i, ci_i, cw_i, sw_i, m_i, tx_i, ty_i):
            return _scale_rotate_score(
                e_i,
                ci_i,
                cw_i,
                sw_i,
                m_i,
                tx_i,
                ty_i,
                data,
                t_ref,
                mu,
                Ms,
                dist_pc,
                log_P_lo,
                log_P_hi,
                e_max,
            )

        rows, ll = jax.vmap(cond_one)(e, cos_i, cos_w, sin_w, m_ref, tx, ty)
        return rows, ll


def score_batch_default_anchor(key, times, ra, dec, ra_err, dec_err, corr, is_valid, n=16):
    data = RelativeAstromData(times, ra, dec, ra_err, dec_err, corr, is_valid)
    ref_idx = _default_ref_idx(data)
    rows, ll = ScaleAndRotate().sample_and_score(
        key, n, data, ref_idx, 1.989e30, 10.0, "uniform", (2.0, 5.0), 0.99
    )
    return ref_idx, rows, ll


f = jax.jit(score_batch_default_anchor, static_argnames="n")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_ep = 5
    key = rng.integers(0, 2**31, size=(2,), dtype=np.uint32)
    times = np.sort(rng.uniform(0.0, 900.0, size=n_ep)).astype(np.float32)
    sep = rng.uniform(0.15, 0.6, size=n_ep)
    pa = rng.uniform(0, 2 * np.pi) + 0.002 * times
    ra = (sep * np.sin(pa)).astype(np.float32)
    dec = (sep * np.cos(pa)).astype(np.float32)
    ra_err = rng.uniform(0.003, 0.02, size=n_ep).astype(np.float32)
    dec_err = rng.uniform(0.003, 0.02, size=n_ep).astype(np.float32)
    corr = rng.uniform(-0.3, 0.3, size=n_ep).astype(np.float32)
    is_valid = rng.uniform(size=n_ep) < 0.8
    is_valid[rng.integers(n_ep)] = True
    return (key, times, ra, dec, ra_err, dec_err, corr, is_valid)


INPUTS = make_inputs


@partial(jax.jit, static_argnames="n")
def reference_fix(key, times, ra, dec, ra_err, dec_err, corr, is_valid, n=16):
    data = RelativeAstromData(times, ra, dec, ra_err, dec_err, corr, is_valid)
    snr = jnp.where(is_valid, jnp.hypot(ra, dec) / jnp.maximum(jnp.hypot(ra_err, dec_err), 1e-30), -jnp.inf)
    ref_idx = jnp.argmax(snr)
    rows, ll = ScaleAndRotate().sample_and_score(
        key, n, data, ref_idx, 1.989e30, 10.0, "uniform", (2.0, 5.0), 0.99
    )
    return ref_idx, rows, ll
