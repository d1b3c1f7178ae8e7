"""timemachine: exclusion scales are written into NumPy mask arrays element by element.

source: proteneer/timemachine, timemachine/potentials/nonbonded.py (convert_exclusions_to_rescale_masks, "Converts exclusions from list format used in Nonbonded to mask format used in nonbonded_v3")
error: ValueError
category: numpy-array-written-with-tracers
expect: fix
notes: the helper is verbatim; f jits it together with the masked pair sum nonbonded_v3 applies to the masks (lj/charge pair terms passed in as (N, N) matrices). The exclusion topology is a module-level NumPy constant, the scales are traced (they are forcefield parameters that get optimized). Under jit `charge_rescale_mask[i][j] = 1 - exc` calls float() on a tracer: NumPy raises "setting an array element with a sequence" from a ConcretizationTypeError. The rewrite builds the masks with jnp .at[].set on the static index pairs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def convert_exclusions_to_rescale_masks(exclusion_idxs, scales, N):
    """Converts exclusions from list format used in Nonbonded to mask format used in nonbonded_v3"""

    # process masks for exclusions properly
    charge_rescale_mask = np.ones((N, N))  # to support item assignment
    for (i, j), exc in zip(exclusion_idxs, scales[:, 0]):
        charge_rescale_mask[i][j] = 1 - exc
        charge_rescale_mask[j][i] = 1 - exc

    lj_rescale_mask = np.ones((N, N))
    for (i, j), exc in zip(exclusion_idxs, scales[:, 1]):
        lj_rescale_mask[i][j] = 1 - exc
        lj_rescale_mask[j][i] = 1 - exc

    return charge_rescale_mask, lj_rescale_mask


N_ATOMS = 6
EXCLUSION_IDXS = np.array([[0, 1], [1, 2], [2, 3], [0, 2], [4, 5]], dtype=np.int32)


@jax.jit
def f(scales, eij_lj, eij_charge):
    charge_rescale_mask, lj_rescale_mask = convert_exclusions_to_rescale_masks(
        EXCLUSION_IDXS, scales, N_ATOMS)
    eij_total = eij_lj * lj_rescale_mask + eij_charge * charge_rescale_mask
    return jnp.sum(jnp.triu(eij_total, k=1))
# --- end user code ---


def make_inputs(rng):
    scales = rng.uniform(0.0, 1.0, size=(len(EXCLUSION_IDXS), 2)).astype(np.float32)
    eij_lj = rng.normal(size=(N_ATOMS, N_ATOMS)).astype(np.float32)
    eij_charge = rng.normal(size=(N_ATOMS, N_ATOMS)).astype(np.float32)
    return scales, eij_lj, eij_charge


INPUTS = make_inputs


@jax.jit
def reference_fix(scales, eij_lj, eij_charge):
    i, j = EXCLUSION_IDXS[:, 0], EXCLUSION_IDXS[:, 1]
    charge_rescale_mask = jnp.ones((N_ATOMS, N_ATOMS))
    charge_rescale_mask = charge_rescale_mask.at[i, j].set(1 - scales[:, 0]).at[j, i].set(1 - scales[:, 0])
    lj_rescale_mask = jnp.ones((N_ATOMS, N_ATOMS))
    lj_rescale_mask = lj_rescale_mask.at[i, j].set(1 - scales[:, 1]).at[j, i].set(1 - scales[:, 1])
    eij_total = eij_lj * lj_rescale_mask + eij_charge * charge_rescale_mask
    return jnp.sum(jnp.triu(eij_total, k=1))
