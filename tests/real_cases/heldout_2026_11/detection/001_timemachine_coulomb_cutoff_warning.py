"""timemachine: a validation helper branches on erfc(beta * cutoff) and prints a warning.

source: proteneer/timemachine, timemachine/potentials/nonbonded.py (historical nonbonded_v3 + validate_coulomb_cutoff, whose module TODO says "restore nonbonded_v3's JIT-ability -- the branch in validate_coulomb_cutoff makes it JIT-unfriendly!"); later made optional via runtime_validate, see https://github.com/proteneer/timemachine/pull/800
error: TracerBoolConversionError
category: helper-side-effect
expect: report
notes: nonbonded_v3 trimmed to the all-pairs LJ + direct-space Coulomb energy without a box (box=None path); get_all_pairs_indices inlined as np.triu_indices on the static size, distance inlined; convert_to_4d dropped (conf is passed as 4D). beta and cutoff are jit arguments, as when the reference potential is jitted with its parameters. The helper's only effect is a print, so there is no value to rewrite: the leak must be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import erfc


def validate_coulomb_cutoff(cutoff=1.0, beta=2.0, threshold=1e-2):
    """check whether f(r) = erfc(beta * r) <= threshold at r = cutoff"""
    if erfc(beta * cutoff) > threshold:
        print(UserWarning(f"erfc(beta * cutoff) = {erfc(beta * cutoff)} > threshold = {threshold}"))


@jax.jit
def f(conf, params, charge_rescale_mask, lj_rescale_mask, beta, cutoff):
    N = conf.shape[0]
    charges = params[:, 0]
    sig = params[:, 1]
    eps = params[:, 2]

    inds_i, inds_j = np.triu_indices(N, k=1)
    sig_ij = sig[inds_i] + sig[inds_j]
    eps_ij = eps[inds_i] * eps[inds_j]

    dij = jnp.sqrt(jnp.sum((conf[inds_i] - conf[inds_j]) ** 2, axis=-1))

    if cutoff is not None:
        validate_coulomb_cutoff(cutoff, beta, threshold=1e-2)
        eps_ij = jnp.where(dij < cutoff, eps_ij, 0)

    inv_dij = 1 / dij
    sig2 = sig_ij * inv_dij
    sig2 *= sig2
    sig6 = sig2 * sig2 * sig2

    eij_lj = 4 * eps_ij * (sig6 - 1.0) * sig6
    qij = charges[inds_i] * charges[inds_j]
    eij_charge = qij * erfc(beta * dij) * inv_dij
    if cutoff is not None:
        eij_charge = jnp.where(dij > cutoff, 0, eij_charge)

    eij_total = eij_lj * lj_rescale_mask[inds_i, inds_j] + eij_charge * charge_rescale_mask[inds_i, inds_j]
    return jnp.sum(eij_total)
# --- end user code ---


def make_inputs(rng):
    n = 6
    conf = rng.uniform(0.0, 2.0, size=(n, 4)).astype(np.float32)
    params = np.stack([
        rng.normal(size=n),
        rng.uniform(0.1, 0.2, size=n),
        rng.uniform(0.0, 1.0, size=n),
    ], axis=1).astype(np.float32)
    mask = np.ones((n, n), np.float32)
    beta = np.float32(rng.choice([0.5, 2.0]))   # 0.5 triggers the warning branch
    cutoff = np.float32(rng.uniform(0.8, 1.5))
    return conf, params, mask, mask.copy(), beta, cutoff


INPUTS = make_inputs
