"""Dictionary-health metric helpers return int()/float() of traced state fields; logged from a jitted step they leak.

source: "MoMos health metrics (SPEC.md §7)" module `model_jax/momos/metrics.py` of a project with package `model_jax.momos` (public code index file id 68849022398: LifecycleMetrics, live_motifs, usage_counts, usage_entropy, swap_rate, bytes_per_weight, matched_rate, jump_eligible_rate, drift_buffer_bytes, bytes_per_weight_with_drift); the index does not name the repository or commit.
error: ConcretizationTypeError
category: helper-returning-python-scalar
expect: fix
notes: the module header, LifecycleMetrics and the metric helpers live_motifs, usage_counts, usage_entropy,
  swap_rate, matched_rate and jump_eligible_rate verbatim. Adapted: `from __future__ import annotations`
  dropped (it cannot follow the case header); the `model_jax.momos.state` / `.codebook` imports are
  replaced by a NamedTuple stand-in `MosaicState` with the three fields these helpers read (motifs, mosaic,
  active); the byte-ledger helpers (bytes_per_weight, drift_buffer_bytes, bytes_per_weight_with_drift),
  which need the project's config objects, and the `__all__` list are left out. Entry point added: `f`
  logs the metrics from inside jit, as `usage_counts`'s docstring says they are meant to be usable in the
  jitted training step. Leaks: `int(jnp.sum(state.active))`, `float(-jnp.sum(term))`,
  `float(jnp.mean(...))`. Look-alikes that must stay: `if swapped.size == 0` / `if matched.size == 0`
  (static sizes; some inputs are empty arrays), `state.motifs.shape[0]`, the jnp.where-masked 0*log(0).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
# -*- coding: utf-8 -*-
"""MoMos health metrics (SPEC.md §7).

``reconstruction_mse`` and ``loss_delta_around_swap`` presuppose a dense
reference model or a before/after training loop around a maintenance step and
still belong with a later phase's harness rather than this file. What is here:
usage — whether the dictionary has collapsed onto a handful of motifs (the
standard failure mode for any learned-codebook method — see VQ-VAE codebook
collapse) and how much that dictionary is actually costing — plus, since
Phase C, :func:`swap_rate`, the one step D metric that is a pure function of
a single step's swap decisions rather than of ``MosaicState`` itself.
"""

import dataclasses
import math
from typing import NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp


class MosaicState(NamedTuple):
    # stand-in for model_jax.momos.state.MosaicState (only the fields read below)
    motifs: jnp.ndarray   # (K, S) dictionary
    mosaic: jnp.ndarray   # (M,) motif index per block
    active: jnp.ndarray   # (K,) live-motif mask


@dataclasses.dataclass(frozen=True)
class LifecycleMetrics:
    """Per-pass metrics for Phase D lifecycle (SPEC_PHASE_D.md §8).

    ``n_merged``: number of non-root motifs merged into duplicates.
    ``n_dropped``: number of unused motifs marked inactive.
    ``live_before``, ``live_after``: live motif counts around the pass.
    ``entropy_before``, ``entropy_after``: usage entropy in nats around the pass.
    ``merge_scale``: RMS motif norm of active motifs driving the relative epsilons.
    ``merge_thr``: realised distance threshold for this pass.
    ``floor_clamped``: whether min_live_frac raised the threshold to fit the budget.
    """

    n_merged: int
    n_dropped: int
    live_before: int
    live_after: int
    entropy_before: float
    entropy_after: float
    merge_scale: float
    merge_thr: float
    floor_clamped: bool


def live_motifs(state: MosaicState) -> int:
    """How many dictionary entries are alive.

    Always ``K`` in Phases A/B — nothing here can mark a motif inactive yet
    (that is Phase D's drop/revive) — but the metric is defined against
    ``state.active`` rather than hard-coded to ``K`` so it keeps meaning
    exactly what it says once that changes.
    """
    return int(jnp.sum(state.active))


def usage_counts(state: MosaicState) -> jnp.ndarray:
    """Number of blocks assigned to each motif (SPEC_PHASE_D.md §3, §8).

    Recomputed directly from ``state.mosaic`` host-side or in JAX via segment_sum
    without needing any mutable counters in the jitted training step.
    Returns (K,) int32.
    """
    K = state.motifs.shape[0]
    seg = state.mosaic.astype(jnp.int32)
    return jax.ops.segment_sum(jnp.ones_like(seg, dtype=jnp.int32), seg, K)


def usage_entropy(state: MosaicState) -> float:
    """Shannon entropy, in nats, of how blocks are distributed over motifs.

    The collapse detector: if every block converges onto one or two motifs
    the effective dictionary size the model can express with has silently
    shrunk far below ``K``, and this drops toward zero long before
    :func:`live_motifs` would notice (nothing here is *inactive*, just
    unused). Computed directly from ``state.mosaic`` via :func:`usage_counts`.
    """
    counts = usage_counts(state).astype(jnp.float32)
    total = jnp.sum(counts)
    p = counts / jnp.maximum(total, 1.0)
    # 0 * log(0) := 0: an unused motif contributes nothing to the entropy sum,
    # but jnp.log(0) is -inf and 0 * -inf is nan, so it must be masked rather
    # than multiplied away.
    term = jnp.where(p > 0, p * jnp.log(p), 0.0)
    return float(-jnp.sum(term))


def swap_rate(swapped: jnp.ndarray) -> jnp.ndarray:
    """Fraction of an examined subset that actually swapped this step (SPEC.md §7).

    Takes the boolean "did this block swap" array straight from
    ``train_step._propose_swaps`` rather than a ``MosaicState`` — unlike this
    module's other metrics, swapping is a property of one step's stochastic
    subset, not something recoverable from the state after the fact, so there
    is no state to derive it from. Kept here (not inlined at the one call
    site) so the metric's definition — and SPEC.md §7's expectation that it
    *decays*, with a persistent plateau meaning ``cfg.margin`` is too loose —
    live next to every other metric this dictionary is judged by.
    """
    if swapped.size == 0:
        return jnp.zeros((), dtype=jnp.float32)
    return jnp.mean(swapped.astype(jnp.float32))


def matched_rate(matched: jnp.ndarray) -> float:
    """Fraction of cohort matching at least one codebook direction with cos >= tau_sim."""
    if matched.size == 0:
        return 0.0
    return float(jnp.mean(matched.astype(jnp.float32)))


def jump_eligible_rate(can_jump: jnp.ndarray) -> float:
    """Fraction of cohort eligible to jump before the nearest neighbour test."""
    if can_jump.size == 0:
        return 0.0
    return float(jnp.mean(can_jump.astype(jnp.float32)))


@jax.jit
def f(motifs, mosaic, active, swapped, matched):
    state = MosaicState(motifs=motifs, mosaic=mosaic, active=active)
    return {
        "live_motifs": live_motifs(state),
        "usage_entropy": usage_entropy(state),
        "swap_rate": swap_rate(swapped),
        "matched_rate": matched_rate(matched),
    }
# --- end user code ---

import numpy as np


def make_inputs(rng):
    K, S, M = 8, 4, 64
    motifs = rng.normal(size=(K, S)).astype(np.float32)
    n_used = int(rng.integers(1, K + 1))          # collapse onto a few motifs: unused ones give p = 0
    mosaic = rng.integers(0, n_used, size=M).astype(np.int32)
    active = rng.random(K) < 0.8
    n_swap = int(rng.choice([0, 16]))             # an empty subset sometimes
    swapped = rng.random(n_swap) < 0.3
    n_match = int(rng.choice([0, 12]))
    matched = rng.random(n_match) < 0.6
    return (motifs, mosaic, active, swapped, matched)


INPUTS = make_inputs


@jax.jit
def reference_fix(motifs, mosaic, active, swapped, matched):
    K = motifs.shape[0]
    seg = mosaic.astype(jnp.int32)
    counts = jax.ops.segment_sum(jnp.ones_like(seg, dtype=jnp.int32), seg, K).astype(jnp.float32)
    p = counts / jnp.maximum(jnp.sum(counts), 1.0)
    entropy = -jnp.sum(jnp.where(p > 0, p * jnp.log(p), 0.0))
    sr = jnp.zeros((), jnp.float32) if swapped.size == 0 else jnp.mean(swapped.astype(jnp.float32))
    mr = 0.0 if matched.size == 0 else jnp.mean(matched.astype(jnp.float32))
    return {"live_motifs": jnp.sum(active), "usage_entropy": entropy,
            "swap_rate": sr, "matched_rate": mr}
