"""CIPSIpy's excitation tagging: bool()/int() of traced occupations, a ternary and an `and` on them.

source: jphaupt/CIPSIpy src/cipsipy/cipsi.py (apply_epv_and_single_tagging; code-index file id 53821277468) with get_occupied_indices from src/cipsipy/determinants.py at 0665328aa540c0a702f1125bbcede98f79e955d6
error: TracerBoolConversionError
category: bool-int-of-tracer
expect: fix
notes: apply_epv_and_single_tagging and get_occupied_indices verbatim. The author's FIXME in run_unfiltered_selection
  says the heavy part should be moved out "so it can be JIT'd"; the entry point jits this helper the way the caller uses
  it: ps, qs (Python loop indices in run_unfiltered_selection) and norb are static, the determinant bitstrings Gdet and
  G_pq (JAX integer scalars there) are traced. The leaks are `bool(jnp.any(...))`, `int(jnp.argmax(...))` inside a
  conditional expression, and `(x is not None) and (beta_ann == x)` truth tests.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def get_occupied_indices(det_int, n_orbitals):
    """
    Returns a mask of occupied orbitals.

    Args:
        det_int: Integer representation of determinant
        n_orbitals: Number of orbitals

    Returns:
        Array of shape (n_orbitals,) with 1 for occupied, 0 for unoccupied

    Example:
        3 (binary 0011) -> [1, 1, 0, 0] for 4 orbitals
    """
    idx = jnp.arange(n_orbitals)
    return (det_int >> idx) & 1


def apply_epv_and_single_tagging(
        ps: int,     # spin-orbital index 1
        qs: int,     # spin-orbital index 2
        Gdet: int,   # bitstring of original generator
        G_pq: int,   # bitstring of Gdet with ps, qs annihilated
        norb: int,   # number of spatial orbitals
    ):
    """
    NOTE: this works in spin-orbitals

    algorithm 15 of the thesis: apply tagging to exclusion-principle-violating
    and single-excitation determinants

    due to untagging logic, the extra row/column in the thesis is NOT just
    for efficiency
    -- otherwise we might untag "zero-body" excitations. We could implement
    this without the extra row/column though, but we'd have to do the actual
    tagging right at the very end
    I think that is what I will do
    """
    is_p_alpha = ps < norb
    is_q_alpha = qs < norb
    n = 2 * norb
    idx = jnp.arange(n)

    # initialise entirely untagged (True)
    Bmat = jnp.ones((n, n), dtype=bool)

    # to tag:
    # - diagonal of G_pq
    # - occupied in G_pq
    # - p and q
    # rows_to_tag[i] = True  ->  row/col i is eligible (virtual, not ps/qs)
    # rows_to_tag[i] = False ->  row/col i is excluded (occupied or ps/qs)
    occupied_mask = get_occupied_indices(G_pq, n).astype(bool)
    rows_to_tag = ~occupied_mask
    rows_to_tag = rows_to_tag.at[ps].set(False)
    rows_to_tag = rows_to_tag.at[qs].set(False)

    # Apply base tagging: zero diagonal, then mask tagged rows/columns.
    Bmat = Bmat.at[idx, idx].set(False)
    Bmat = Bmat & rows_to_tag[:, None] & rows_to_tag[None, :]

    # Single-excitation handling (Garniron 5.4.3):
    # Singles are formally present in G_pq^rs when one created orbital restores
    # one annihilated orbital. We selectively untag exactly those entries so
    # each single excitation is generated once, even with ordered ps < qs loops.
    if is_p_alpha != is_q_alpha:
        if is_p_alpha:
            alpha_ann = ps
            beta_ann = qs
        else:
            alpha_ann = qs
            beta_ann = ps

        alpha_occ = get_occupied_indices(Gdet, norb)
        has_alpha = bool(jnp.any(alpha_occ > 0))
        lowest_occ_alpha = int(jnp.argmax(alpha_occ)) if has_alpha else None

        beta_occ = get_occupied_indices(Gdet, n)[norb:]
        has_beta = bool(jnp.any(beta_occ > 0))
        lowest_occ_beta = int(jnp.argmax(beta_occ) + norb) if has_beta else None

        # Untag alpha-spin singles a -> s exactly once by fixing the created
        # beta orbital to the chosen lowest occupied beta in |G>.
        if (lowest_occ_beta is not None) and (beta_ann == lowest_occ_beta):
            s_range = jnp.arange(norb)
            occ_gpq_alpha = get_occupied_indices(G_pq, norb).astype(bool)
            valid_s = (s_range != alpha_ann) & ~occ_gpq_alpha
            Bmat = Bmat.at[beta_ann, s_range].set(
                jnp.where(valid_s, True, Bmat[beta_ann, s_range])
            )
            Bmat = Bmat.at[s_range, beta_ann].set(
                jnp.where(valid_s, True, Bmat[s_range, beta_ann])
            )

        # Untag beta-spin singles b -> r exactly once by fixing the created
        # alpha orbital to the chosen lowest occupied alpha in |G>.
        if (lowest_occ_alpha is not None) and (alpha_ann == lowest_occ_alpha):
            r_range = jnp.arange(norb, n)
            occ_gpq_beta = get_occupied_indices(G_pq, n)[norb:].astype(bool)
            valid_r = (r_range != beta_ann) & ~occ_gpq_beta
            Bmat = Bmat.at[alpha_ann, r_range].set(
                jnp.where(valid_r, True, Bmat[alpha_ann, r_range])
            )
            Bmat = Bmat.at[r_range, alpha_ann].set(
                jnp.where(valid_r, True, Bmat[r_range, alpha_ann])
            )

    return Bmat


f = jax.jit(apply_epv_and_single_tagging, static_argnames=("ps", "qs", "norb"))
# --- end user code ---

import numpy as np

NORB = 4


def make_inputs(rng):
    n = 2 * NORB
    kind = rng.integers(0, 5)
    if kind == 0:
        # same-spin pair: the single-excitation block is skipped
        ps, qs = sorted(rng.choice(NORB, size=2, replace=False).tolist())
        if rng.integers(0, 2):
            ps, qs = ps + NORB, qs + NORB
    else:
        ps = int(rng.integers(0, NORB))
        qs = int(rng.integers(NORB, n))
    bits = rng.integers(0, 2, size=n)
    if kind != 4:
        # the caller only passes generators with ps and qs occupied
        bits[ps] = 1
        bits[qs] = 1
    if kind == 3:
        # make ps / qs the lowest occupied orbital of their spin block, so the untagging runs
        lo_a, lo_b = min(ps, qs), max(ps, qs)
        bits[:lo_a] = 0
        bits[NORB:lo_b] = 0
    Gdet = int(sum(int(b) << i for i, b in enumerate(bits)))
    G_pq = Gdet & ~(1 << ps) & ~(1 << qs)
    return (int(ps), int(qs), np.int32(Gdet), np.int32(G_pq), NORB)


INPUTS = make_inputs


from functools import partial


@partial(jax.jit, static_argnames=("ps", "qs", "norb"))
def reference_fix(ps, qs, Gdet, G_pq, norb):
    is_p_alpha = ps < norb
    is_q_alpha = qs < norb
    n = 2 * norb
    idx = jnp.arange(n)
    Bmat = jnp.ones((n, n), dtype=bool)
    occupied_mask = get_occupied_indices(G_pq, n).astype(bool)
    rows_to_tag = ~occupied_mask
    rows_to_tag = rows_to_tag.at[ps].set(False)
    rows_to_tag = rows_to_tag.at[qs].set(False)
    Bmat = Bmat.at[idx, idx].set(False)
    Bmat = Bmat & rows_to_tag[:, None] & rows_to_tag[None, :]
    if is_p_alpha != is_q_alpha:
        if is_p_alpha:
            alpha_ann, beta_ann = ps, qs
        else:
            alpha_ann, beta_ann = qs, ps
        alpha_occ = get_occupied_indices(Gdet, norb)
        has_alpha = jnp.any(alpha_occ > 0)
        lowest_occ_alpha = jnp.argmax(alpha_occ)
        beta_occ = get_occupied_indices(Gdet, n)[norb:]
        has_beta = jnp.any(beta_occ > 0)
        lowest_occ_beta = jnp.argmax(beta_occ) + norb

        untag_b = has_beta & (beta_ann == lowest_occ_beta)
        s_range = jnp.arange(norb)
        occ_gpq_alpha = get_occupied_indices(G_pq, norb).astype(bool)
        valid_s = untag_b & (s_range != alpha_ann) & ~occ_gpq_alpha
        Bmat = Bmat.at[beta_ann, s_range].set(jnp.where(valid_s, True, Bmat[beta_ann, s_range]))
        Bmat = Bmat.at[s_range, beta_ann].set(jnp.where(valid_s, True, Bmat[s_range, beta_ann]))

        untag_a = has_alpha & (alpha_ann == lowest_occ_alpha)
        r_range = jnp.arange(norb, n)
        occ_gpq_beta = get_occupied_indices(G_pq, n)[norb:].astype(bool)
        valid_r = untag_a & (r_range != beta_ann) & ~occ_gpq_beta
        Bmat = Bmat.at[alpha_ann, r_range].set(jnp.where(valid_r, True, Bmat[alpha_ann, r_range]))
        Bmat = Bmat.at[r_range, alpha_ann].set(jnp.where(valid_r, True, Bmat[r_range, alpha_ann]))
    return Bmat
