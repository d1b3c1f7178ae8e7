"""BAO-reconstruction metric r(k): a loop over k bins with nested if/else on traced masks and powers.

source: public JAX cosmology task file in the code index (code-index file id 18682121271; the index gives no
        repository name): "Initial BAO Reconstruction Program (JAX Autodiff Version)" with an EVOLVE-BLOCK
        (reconstruct, apply_reconstruction, apply_displacement, Shift, CICPaint_Single) followed by
        read_files, run_experiment, compute_rk_metrics, main and run_exp; the module docstring says the code
        "is designed to be fully differentiable using JAX" and main() "demonstrates that gradients can flow
        through the entire pipeline"
error: TracerArrayConversionError
category: for-bins-nested-if-else-mask
expect: fix
notes: compute_rk_metrics verbatim (with the file's imports); the EVOLVE-BLOCK reconstruction, the Quijote
       file readers and main/run_exp are dropped as they are not called by it. Entry point
       `f = jax.jit(compute_rk_metrics, static_argnames=(...))` with the binning parameters static, as one
       would jit the metric inside the differentiable pipeline. Under jit the k grid is traced, so the first
       failure is `np.meshgrid` on tracers (TracerArrayConversionError); behind it the per-bin loop has
       `if jnp.any(mask)`, boolean-mask means and `if denom > 0`, and the final conditional expression on
       `jnp.any(bao_mask)`. Inputs are 6^3 fields in a 23.4375 Mpc/h box (the Quijote 1000 Mpc/h / 256^3
       k-range scaled down); some trials use an all-zero reconstruction so that `denom > 0` is false.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import os
import numpy as np
from jax import numpy as jnp
import jax


def compute_rk_metrics(recon_field, gt_field, kmin=0.05, kmax=0.5,
                      nbins=50, box_size=1000.0):
    """
    Compute r(k) curve and average r(k) within BAO scales (kmin–kmax).

    Parameters
    ----------
    recon_field : ndarray
        Reconstructed density field (3D)
    gt_field : ndarray
        Ground truth density field (3D)
    kmin : float
        Minimum k for BAO range in h/Mpc
    kmax : float
        Maximum k for BAO range in h/Mpc
    nbins : int
        Number of k bins
    box_size : float
        Box size in Mpc/h (default: 1000.0 for Quijote simulations)

    Returns
    -------
    r_k : ndarray
        Cross-correlation coefficient r(k) for each k bin
    k_bin_centers : ndarray
        Centers of k bins in h/Mpc
    avg_r_bao : float
        Average r(k) within BAO scales [kmin, kmax]
    """
    # 3-D FFT (shift zero-freq to center)
    delta_r = jnp.fft.fftshift(jnp.fft.fftn(recon_field))
    delta_g = jnp.fft.fftshift(jnp.fft.fftn(gt_field))

    Nz, Ny, Nx = recon_field.shape

    # Calculate k in physical units (h/Mpc)
    kx = 2*jnp.pi * jnp.fft.fftshift(jnp.fft.fftfreq(Nx)) * Nx / box_size
    ky = 2*jnp.pi * jnp.fft.fftshift(jnp.fft.fftfreq(Ny)) * Ny / box_size
    kz = 2*jnp.pi * jnp.fft.fftshift(jnp.fft.fftfreq(Nz)) * Nz / box_size

    kx_grid, ky_grid, kz_grid = np.meshgrid(kx, ky, kz, indexing="ij")
    k_mag = np.sqrt(kx_grid**2 + ky_grid**2 + kz_grid**2).flatten()

    # Compute power spectra
    P_rg = (delta_r * jnp.conj(delta_g)).flatten().real  # Cross power spectrum
    P_rr = (delta_r * jnp.conj(delta_r)).flatten().real  # Reconstructed auto power
    P_gg = (delta_g * jnp.conj(delta_g)).flatten().real  # Ground truth auto power

    # Create k bins
    k_bins = jnp.linspace(k_mag.min(), k_mag.max(), nbins+1)
    r_k = jnp.zeros(nbins)
    k_centers = 0.5*(k_bins[:-1] + k_bins[1:])

    # Calculate r(k) for each bin
    for i in range(nbins):
        mask = (k_mag >= k_bins[i]) & (k_mag < k_bins[i+1])
        if jnp.any(mask):
            P_rg_bin = P_rg[mask].mean()
            P_rr_bin = P_rr[mask].mean()
            P_gg_bin = P_gg[mask].mean()
            denom = jnp.sqrt(P_rr_bin * P_gg_bin)
            if denom > 0:
                r_k = r_k.at[i].set(P_rg_bin / denom)
            else:
                r_k = r_k.at[i].set(0)
        else:
            r_k = r_k.at[i].set(0)

    # Average r(k) over BAO range
    bao_mask = (k_centers >= kmin) & (k_centers <= kmax)
    avg_r_bao = r_k[bao_mask].mean() if jnp.any(bao_mask) else 0.0

    return r_k, k_centers, avg_r_bao


f = jax.jit(compute_rk_metrics, static_argnames=("kmin", "kmax", "nbins", "box_size"))
# --- end user code ---


def make_inputs(rng):
    n = 6
    gt = (1.0 + rng.normal(scale=0.5, size=(n, n, n))).astype(np.float32)
    kind = int(rng.integers(0, 4))
    if kind == 0:
        recon = np.zeros((n, n, n), np.float32)          # no power: denom == 0 in every bin
    else:
        recon = (gt - 1.0 + rng.normal(scale=0.3 * kind, size=(n, n, n))).astype(np.float32)
    return (recon, gt, 0.05, 0.5, 50, 23.4375)


INPUTS = make_inputs


def _rk_reference(recon_field, gt_field, kmin, kmax, nbins, box_size):
    delta_r = jnp.fft.fftshift(jnp.fft.fftn(recon_field))
    delta_g = jnp.fft.fftshift(jnp.fft.fftn(gt_field))
    Nz, Ny, Nx = recon_field.shape
    kx = 2*jnp.pi * jnp.fft.fftshift(jnp.fft.fftfreq(Nx)) * Nx / box_size
    ky = 2*jnp.pi * jnp.fft.fftshift(jnp.fft.fftfreq(Ny)) * Ny / box_size
    kz = 2*jnp.pi * jnp.fft.fftshift(jnp.fft.fftfreq(Nz)) * Nz / box_size
    kx_grid, ky_grid, kz_grid = jnp.meshgrid(kx, ky, kz, indexing="ij")
    k_mag = jnp.sqrt(kx_grid**2 + ky_grid**2 + kz_grid**2).flatten()
    P_rg = (delta_r * jnp.conj(delta_g)).flatten().real
    P_rr = (delta_r * jnp.conj(delta_r)).flatten().real
    P_gg = (delta_g * jnp.conj(delta_g)).flatten().real
    k_bins = jnp.linspace(k_mag.min(), k_mag.max(), nbins+1)
    k_centers = 0.5*(k_bins[:-1] + k_bins[1:])
    masks = (k_mag[None, :] >= k_bins[:-1, None]) & (k_mag[None, :] < k_bins[1:, None])
    counts = masks.sum(axis=1)
    safe = jnp.maximum(counts, 1)
    P_rg_bin = jnp.where(masks, P_rg, 0.0).sum(axis=1) / safe
    P_rr_bin = jnp.where(masks, P_rr, 0.0).sum(axis=1) / safe
    P_gg_bin = jnp.where(masks, P_gg, 0.0).sum(axis=1) / safe
    denom = jnp.sqrt(P_rr_bin * P_gg_bin)
    ok = (counts > 0) & (denom > 0)
    r_k = jnp.where(ok, P_rg_bin / jnp.where(ok, denom, 1.0), 0.0)
    bao_mask = (k_centers >= kmin) & (k_centers <= kmax)
    n_bao = bao_mask.sum()
    avg_r_bao = jnp.where(n_bao > 0, jnp.where(bao_mask, r_k, 0.0).sum() / jnp.maximum(n_bao, 1), 0.0)
    return r_k, k_centers, avg_r_bao


reference_fix = jax.jit(_rk_reference, static_argnames=("kmin", "kmax", "nbins", "box_size"))
