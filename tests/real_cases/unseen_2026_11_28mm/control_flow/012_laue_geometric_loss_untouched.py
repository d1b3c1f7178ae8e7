"""Laue UB refinement residual: static config flags, `is not None`, jnp.where guards on traced geometry.

source: public code index file id 63178683486, a neutron Laue indexing / UB-refinement module (classes
    with indexer_dynamic_soft_jax, geometric_loss_jax, get_results jitted with static self, and FindUB
    reading peaks from HDF5); the index does not name the repository or commit
error: none
category: negative
expect: untouched
notes: geometric_loss_jax verbatim. It is a method of a large objective class whose jitted
    get_results calls it; the class is replaced by a small stand-in holding only the attributes the
    method reads (hkl_fixed, radial_weight_active, radial_weight_poly, radial_weight), and the entry
    point jits the bound method: f = jax.jit(obj.geometric_loss_jax). It looks leaky (branches on
    configuration, divisions guarded against zero, a near-forward "degenerate" case) but every branch
    is on static configuration and every data-dependent choice is already jnp.where. hkl_fixed
    includes an unassigned (all-zero) peak and the inputs include a forward peak (kf parallel to ki),
    so the zero guards and the degenerate branch are exercised.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class _LaueObjectiveStandIn:
    """Stand-in for the refinement objective: only what geometric_loss_jax reads."""

    def __init__(self, hkl_fixed, radial_weight_active=True, radial_weight_poly=None, radial_weight=1.0):
        self.hkl_fixed = jnp.asarray(hkl_fixed)
        self.radial_weight_active = radial_weight_active
        self.radial_weight_poly = radial_weight_poly
        self.radial_weight = radial_weight

    def geometric_loss_jax(self, ub_mat, kf_ki_sample, ki_sample):
        """Predicted-vs-observed scattering-direction residual at fixed hkl.

        The wavelength is not a free parameter here: the elastic condition
        fixes it from the assigned integer hkl and the current geometry,
        lam = -2 (ki . G) / |G|^2 with G = UB hkl, so a geometry error must
        surface as a direction mismatch instead of being absorbed into a
        per-peak wavelength.  In particular kf_pred = ki + lam G is exactly
        invariant under an isotropic lattice rescale (G -> sG, lam -> lam/s),
        which removes the detector-distance <-> lattice-scale valley the
        free-wavelength indexing loss slides along.

        The residual is the chord |kf_pred - kf_obs| between unit vectors:
        equal to the angular error in radians to third order, and smooth at
        zero where arccos is not.

        Laue spots are streaks along the 2-theta gradient (mosaic blocks
        rotated within the scattering plane stay reflective at an adjusted
        wavelength), so the observed centroid scatters radially far more
        than tangentially (measured 3.7x on cg4d-t4-lysozyme).  The chord
        is therefore decomposed in the per-peak frame t = ki x kf (out of
        the scattering plane), r = t x kf (2-theta gradient), and the
        radial component is multiplied by the dimensionless weight
        w = radial_weight in [0, 1] (tangential-to-radial scale ratio),
        optionally wavelength-dependent through a polynomial w(lam) --
        streak-centroid noise then cannot steer the geometry, while the
        narrow tangential direction keeps full weight.  w = 1 reproduces
        the plain chord exactly; w = 0 fits tangential-only, at which
        point purely radial parameter directions become gauge.
        """
        G = jnp.matmul(ub_mat, self.hkl_fixed)  # (S, 3, N)
        G_sq = jnp.sum(G * G, axis=1)
        lam = -2.0 * jnp.sum(ki_sample * G, axis=1) / jnp.where(G_sq == 0.0, 1.0, G_sq)
        kf_pred = ki_sample + lam[:, None, :] * G
        kf_obs = kf_ki_sample + ki_sample

        delta = kf_pred - kf_obs
        if self.radial_weight_active:
            t_vec = jnp.cross(ki_sample, kf_obs, axis=1)
            t_norm = jnp.linalg.norm(t_vec, axis=1, keepdims=True)
            t_hat = t_vec / jnp.where(t_norm == 0.0, 1.0, t_norm)
            r_vec = jnp.cross(t_hat, kf_obs, axis=1)
            r_norm = jnp.linalg.norm(r_vec, axis=1, keepdims=True)
            r_hat = r_vec / jnp.where(r_norm == 0.0, 1.0, r_norm)

            c_t = jnp.sum(delta * t_hat, axis=1)
            c_r = jnp.sum(delta * r_hat, axis=1)
            c_l = jnp.sum(delta * kf_obs, axis=1)

            if self.radial_weight_poly is not None:
                w = jnp.polyval(self.radial_weight_poly, lam)
            else:
                w = self.radial_weight
            w = jnp.clip(w, 0.0, 1.0)

            weighted = jnp.sqrt(c_t**2 + c_l**2 + (w * c_r) ** 2)
            # Near-forward peaks (ki x kf -> 0) have no defined frame:
            # keep the isotropic chord there.
            degenerate = t_norm[:, 0, :] < 1e-6
            dist = jnp.where(degenerate, jnp.linalg.norm(delta, axis=1), weighted)
        else:
            dist = jnp.linalg.norm(delta, axis=1)
        # hkl = 0 rows (peaks the bootstrap left unassigned) carry no
        # assignment information and must not enter the loss: their
        # kf_pred = ki makes the residual |kf_obs - ki| = 2 sin(theta),
        # which the detector and beam parameters CAN shrink -- measured on
        # t4, 1800 such peaks dragged the fit to its bounds.  They still
        # get lam = 0 and a reported residual, and always fail the cut.
        assigned = jnp.any(self.hkl_fixed != 0.0, axis=0)
        n_assigned = jnp.maximum(jnp.sum(assigned), 1.0)
        loss = jnp.sum(dist * assigned[None, :], axis=1) / n_assigned

        S = kf_ki_sample.shape[0]
        hkl_ret = jnp.tile(self.hkl_fixed.T[None, :, :], (S, 1, 1))
        return loss, dist, hkl_ret, lam


_hkl = np.array([[1, 0, 2, -1, 0, 3, 1],
                 [0, 1, -1, 2, 0, 1, 1],
                 [2, 1, 0, 1, 0, -2, 3]], dtype=np.float32)
obj = _LaueObjectiveStandIn(_hkl, radial_weight_active=True,
                            radial_weight_poly=np.array([-0.2, 0.9], dtype=np.float32))
f = jax.jit(obj.geometric_loss_jax)
# --- end user code ---


def make_inputs(rng):
    S, N = 3, _hkl.shape[1]
    ub = (np.eye(3)[None] * rng.uniform(0.1, 0.3) + 0.02 * rng.normal(size=(S, 3, 3))).astype(np.float32)
    ki = np.zeros((S, 3, N), dtype=np.float32)
    ki[:, 2, :] = 1.0
    kf = rng.normal(size=(S, 3, N))
    kf /= np.linalg.norm(kf, axis=1, keepdims=True)
    kf_ki = (kf - ki).astype(np.float32)
    kf_ki[:, :, 0] = 0.0  # a forward peak: kf parallel to ki
    return (ub, kf_ki, ki)


INPUTS = make_inputs
