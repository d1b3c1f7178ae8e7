"""PRODIGY-in-JAX: helpers IC_NIS / dg_to_kd test traced NIS percentages and dG in a Python `if`.

source: mcale6/bio_lib src/bio_lib/custom_prodigy_jax.py, a stored revision (public code-index file id 9874196019: ContactAnalysis, calculate_contacts, analyse_contacts_af, analyse_nis, IC_NIS, dg_to_kd, predict_binding_affinity_jax; the file has 22 stored versions, commit of this one not resolved by the index)
error: TracerBoolConversionError
category: helper-bool-of-traced-in-if
expect: fix
notes: calculate_contacts, the second analyse_contacts_af (the one that wins at import), analyse_nis, IC_NIS and dg_to_kd kept verbatim. bio_lib's residue_constants / ResidueClassification are replaced by a small stand-in (20 residue types, PRODIGY ic/protorp aliphatic-polar-charged classes) that builds the same _RESCLASS_MATRICES and CHARACTER_MATRIX_PROTORP shapes; the module-level construction of CHARACTER_MATRIX_PROTORP is kept. The entry point `binding_affinity` is predict_binding_affinity_jax without PDB loading, SASA and result objects (relative SASA is an input); `f = jax.jit(binding_affinity)`. The sequences are probability vectors (the binder-design use the module is written for). The range checks only print, then jnp.clip does the work, so the fix drops or stages the print (jax.debug.print under the condition); the print branch cannot change the returned values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Literal

import jax
import jax.numpy as jnp


# ---- stand-in for bio_lib.common.residue_constants / ResidueClassification ----
class residue_constants:
    restypes = list("ARNDCQEGHILKMFPSTWYV")


class ResidueClassification:
    _CLASSES = {
        # PRODIGY aa_character_ic / aa_character_protorp
        "ic": {"charged": "DEHKR", "polar": "NQSTC", "aliphatic": "AGILMFPWYV"},
        "protorp": {"charged": "DEHKR", "polar": "NQSTCWY", "aliphatic": "AGILMFPV"},
    }

    def __init__(self, kind="ic"):
        self.kind = kind
        self.classification_matrix = {k: self._matrix(k) for k in self._CLASSES}

    def _matrix(self, kind):
        m = [[0.0, 0.0, 0.0] for _ in residue_constants.restypes]
        for i, aa in enumerate(residue_constants.restypes):
            c = self._CLASSES[kind]
            col = 2 if aa in c["charged"] else (1 if aa in c["polar"] else 0)
            m[i][col] = 1.0  # columns: aliphatic, polar, charged
        return jnp.array(m)

    def get_residue_character_indices(self, kind):
        c = self._CLASSES[kind]
        idx = lambda s: [i for i, aa in enumerate(residue_constants.restypes) if aa in s]
        return idx(c["charged"]), idx(c["polar"]), idx(c["aliphatic"])


rc_ic = ResidueClassification("ic")
_RESCLASS_MATRICES = rc_ic.classification_matrix  # Access the precomputed matrix, Access the cached indices

charged_idx_protorp, polar_idx_protorp, aliphatic_idx_protorp = ResidueClassification().get_residue_character_indices("protorp")
CHARACTER_MATRIX_PROTORP = jnp.zeros((len(residue_constants.restypes), 3))
CHARACTER_MATRIX_PROTORP = CHARACTER_MATRIX_PROTORP.at[charged_idx_protorp, 0].set(1.0)
CHARACTER_MATRIX_PROTORP = CHARACTER_MATRIX_PROTORP.at[polar_idx_protorp, 1].set(1.0)
CHARACTER_MATRIX_PROTORP = CHARACTER_MATRIX_PROTORP.at[aliphatic_idx_protorp, 2].set(1.0)


def calculate_contacts(
    target_pos: jnp.ndarray,
    binder_pos: jnp.ndarray,
    target_mask: jnp.ndarray,
    binder_mask: jnp.ndarray,
    cutoff: float = 5.5
) -> jnp.ndarray:
    # Reshape masks to residue-atom format
    target_mask = target_mask.reshape(target_pos.shape[0], -1)
    binder_mask = binder_mask.reshape(binder_pos.shape[0], -1)

    # Calculate pairwise distances using broadcasting
    diff = target_pos[:, None, :, None, :] - binder_pos[None, :, None, :, :]
    dist2 = jnp.sum(diff ** 2, axis=-1)  # Shape: [T, B, 37, 37]

    # Combine masks and distance criteria
    cutoff_sq = cutoff ** 2
    contact_mask = (
        (dist2 <= cutoff_sq) &
        (target_mask[:, None, :, None] > 0) & 
        (binder_mask[None, :, None, :] > 0)
    )

    # Aggregate to residue-level contacts
    return jnp.any(contact_mask, axis=(2, 3))

def analyse_contacts_af(
    contacts: jnp.ndarray, 
    target_seq: jnp.ndarray, 
    binder_seq: jnp.ndarray,
    classification_type: Literal["ic", "protorp"] = "ic"
) -> jnp.ndarray:
    """Analyze contacts and calculate interaction probabilities."""
    # Get precomputed classification matrix
    class_matrix = _RESCLASS_MATRICES[classification_type]

    # Convert sequences to class probabilities (matches original logic)
    target_classes = target_seq @ class_matrix  # [T, 3]
    binder_classes = binder_seq @ class_matrix  # [B, 3]

    # Calculate all pairwise interaction probabilities
    interaction_probs = jnp.einsum('ti,bj->tbij', target_classes, binder_classes)
    
    # Apply contact mask and sum interactions
    masked_interactions = interaction_probs * contacts[:, :, None, None]
    total = masked_interactions.sum(axis=(0, 1))
    
    # Return in original order: [cc, pp, aa, ac, ap, cp]
    return jnp.array([
        total[2, 2],                   # Charged-Charged
        total[1, 1],                   # Polar-Polar 
        total[0, 0],                   # Aliphatic-Aliphatic
        total[0, 2] + total[2, 0],     # Aliphatic-Charged
        total[0, 1] + total[1, 0],     # Aliphatic-Polar
        total[1, 2] + total[2, 1]      # Charged-Polar
    ])


def analyse_nis(sasa_values: jnp.ndarray, aa_probs: jnp.ndarray, threshold: float = 0.05) -> jnp.ndarray:
    """Calculate NIS percentages for n_aliph, n_charged, and n_polar residues."""
    # Combined character probabilities via matrix multiplication
    p_chars = jnp.matmul(aa_probs, CHARACTER_MATRIX_PROTORP)  # [n_res, 3]
    p_charged, p_polar, p_aliph = p_chars[:, 0], p_chars[:, 1], p_chars[:, 2]
    
    # Mask for residues meeting SASA threshold
    nis_mask = (sasa_values >= threshold)
    n_total = jnp.sum(nis_mask)
    
    # Calculate weighted counts using mask
    n_charged = jnp.sum(nis_mask * p_charged)
    n_polar = jnp.sum(nis_mask * p_polar)
    n_aliph = jnp.sum(nis_mask * p_aliph)
    
    # Avoid division by zero
    total = n_total + 1e-8
    
    return jnp.array([
        100.0 * n_aliph / total,
        100.0 * n_charged / total, 
        100.0 * n_polar / total
    ])

def IC_NIS(ic_cc: jnp.ndarray, ic_ca: jnp.ndarray, ic_pp: jnp.ndarray, ic_pa: jnp.ndarray, p_nis_a: jnp.ndarray, p_nis_c: jnp.ndarray) -> jnp.ndarray:
    """Calculate binding affinity (ΔG) using interface composition and NIS.
    Args:
        ic_cc: number of charged-charged contacts
        ic_ca: number of charged-aliphatic contacts
        ic_pp: number of polar-polar contacts
        ic_pa: number of polar-aliphatic contacts
        p_nis_a: percentage of non-interacting aliphatic surface
        p_nis_c: percentage of non-interacting charged surface
    """
    # Bound NIS values to reasonable ranges
    if p_nis_a < 0 or p_nis_a > 100:
        print(f"p_nis_a out of range: {p_nis_a}, clipping to [0, 100]")
    if p_nis_c < 0 or p_nis_c > 100:
        print(f"p_nis_c out of range: {p_nis_c}, clipping to [0, 100]")
    
    p_nis_a = jnp.clip(p_nis_a, 0, 100)
    p_nis_c = jnp.clip(p_nis_c, 0, 100)
    
    return (-0.09459 * ic_cc +
          -0.10007 * ic_ca +
           0.19577 * ic_pp +
          -0.22671 * ic_pa +
           0.18681 * (p_nis_a) +
           0.13810 * (p_nis_c) +
          -15.9433)

def dg_to_kd(dg: jnp.ndarray, temperature: float = 25.0) -> jnp.ndarray:
    """Convert binding free energy to dissociation constant.
        - Uses the relationship: ΔG = RT ln(Kd)
        - R = 0.0019858775 kcal/(mol·K)
    """
    # Ensure reasonable DG range to avoid overflow
    if dg < -100 or dg > 100:
        print(f"dg out of range: {dg}, clipping to [-100, 100]")
    dg = jnp.clip(dg, -100, 100)
    
    # Convert temperature and calculate RT
    rt = 0.0019858775 * (temperature + 273.15)  # R in kcal/(mol·K)
    
    # Calculate Kd with numerical stability
    return jnp.exp(dg / rt)


def binding_affinity(target_pos, binder_pos, target_mask, binder_mask,
                     target_seq, binder_seq, relative_sasa):
    total_seq = jnp.concatenate([target_seq, binder_seq])
    contacts = calculate_contacts(target_pos, binder_pos, target_mask, binder_mask, cutoff=5.5)
    contact_types = analyse_contacts_af(contacts, target_seq, binder_seq)
    nis_acp = analyse_nis(relative_sasa, total_seq, 0.05)
    dg = IC_NIS(contact_types[0], contact_types[3], contact_types[1], contact_types[4], nis_acp[0], nis_acp[1]) #jnp.array([cc, pp, aa, ac, ap, cp])
    kd = dg_to_kd(dg, temperature=25.0)
    return dg, kd


f = jax.jit(binding_affinity)
# --- end user code ---

import numpy as np


def _probs(rng, n):
    logits = rng.normal(scale=2.0, size=(n, 20))
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)).astype(np.float32)


def make_inputs(rng):
    T, B, A = 6, 5, 4
    target_pos = rng.normal(scale=4.0, size=(T, A, 3)).astype(np.float32)
    binder_pos = (rng.normal(scale=4.0, size=(B, A, 3)) + np.array([3.0, 0.0, 0.0])).astype(np.float32)
    target_mask = (rng.uniform(size=(T, A)) < 0.8).astype(np.float32)
    binder_mask = (rng.uniform(size=(B, A)) < 0.8).astype(np.float32)
    relative_sasa = rng.uniform(0.0, 0.3, size=(T + B,)).astype(np.float32)
    return (target_pos, binder_pos, target_mask, binder_mask,
            _probs(rng, T), _probs(rng, B), relative_sasa)


INPUTS = make_inputs


@jax.jit
def reference_fix(target_pos, binder_pos, target_mask, binder_mask,
                  target_seq, binder_seq, relative_sasa):
    total_seq = jnp.concatenate([target_seq, binder_seq])
    contacts = calculate_contacts(target_pos, binder_pos, target_mask, binder_mask, cutoff=5.5)
    ct = analyse_contacts_af(contacts, target_seq, binder_seq)
    nis = analyse_nis(relative_sasa, total_seq, 0.05)
    p_nis_a = jnp.clip(nis[0], 0, 100)
    p_nis_c = jnp.clip(nis[1], 0, 100)
    dg = (-0.09459 * ct[0] - 0.10007 * ct[3] + 0.19577 * ct[1] - 0.22671 * ct[4]
          + 0.18681 * p_nis_a + 0.13810 * p_nis_c - 15.9433)
    rt = 0.0019858775 * (25.0 + 273.15)
    return dg, jnp.exp(jnp.clip(dg, -100, 100) / rt)
