"""JAX risk engine VaR: `int(jnp.floor(...))` of a rank built from static numbers, then Python min/max.

source: AlexNeugroschl/JAX_Risk_Engine engine/aggregate_statistics/risk_statistics.py at 511c9f07716f34452f428fdcf159ac42efa65838 (portfolio_pnl, value_at_risk, expected_shortfall, compute_risk_metrics; code-index file id 59699171129)
error: ConcretizationTypeError
category: int-of-traced
expect: fix
notes: the four functions are verbatim; the module docstring and the `__main__` demo (which needs the engine's
  pricers) are dropped, and `f = jax.jit(compute_risk_metrics)` is the entry point (`percentiles` keeps its
  default tuple, so it stays static). Under jit `jnp.floor(num_scenarios * (1.0 - percentile))` is staged even
  though every operand is a Python number, so `int()` of it raises. The project's own later revision (code-index
  file id 68328553423) replaced it with `int(math.floor(...))` and a comment saying the jnp version "raises
  ConcretizationTypeError under jit". A traced-index rewrite (jnp.clip + dynamic indexing) is also correct.
  Inputs: 40 scenarios, so the 99% rank is 0 and that ES has an empty strict tail (NaN), and a per-step drift
  so that some steps have VaR clamped to 0.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Dict, Sequence

import jax
import jax.numpy as jnp


def portfolio_pnl(npv_cube: jax.Array, base_npv: float) -> jax.Array:
    """
    [Scenarios, TimeSteps, Trades] -> [Scenarios, TimeSteps] portfolio P&L,
    summing across trades and subtracting the fixed t=0 baseline. Pure
    tensor op -- no instrument-specific knowledge.
    """
    portfolio_npv = jnp.sum(npv_cube, axis=-1)
    return portfolio_npv - base_npv


def value_at_risk(pnl: jax.Array, percentile: float) -> jax.Array:
    """
    [Scenarios, TimeSteps] P&L -> [TimeSteps] VaR at `percentile`
    (e.g. 0.99 for 99% VaR), matching ORE.RiskStatistics.valueAtRisk exactly:
    the lower/nearest-rank-below order statistic of the ascending-sorted
    per-step P&L sample, sign-flipped to a positive loss and clamped at 0.
    """
    num_scenarios = pnl.shape[0]
    idx = int(jnp.floor(num_scenarios * (1.0 - percentile)))
    idx = min(max(idx, 0), num_scenarios - 1)
    sorted_pnl = jnp.sort(pnl, axis=0)
    return jnp.maximum(-sorted_pnl[idx], 0.0)


def expected_shortfall(pnl: jax.Array, percentile: float) -> jax.Array:
    """
    [Scenarios, TimeSteps] P&L -> [TimeSteps] Expected Shortfall at
    `percentile`, matching ORE.RiskStatistics.expectedShortfall exactly:
    the negated mean of every P&L observation STRICTLY worse than
    -VaR(percentile) (a value-based filter, not a positional slice of the
    sorted array -- the two differ whenever the tail has ties at the VaR
    boundary, verified directly against ORE).

    Returns NaN for any time step whose strict tail is empty (every
    observation tied exactly at the VaR cutoff) -- the case where ORE's own
    expectedShortfall raises RuntimeError("no data below the target").
    Callers must check `jnp.isnan(...)` explicitly; this is a real,
    data-dependent edge case, not an oversight.
    """
    var = value_at_risk(pnl, percentile)
    tail_mask = pnl < -var[None, :]
    masked = jnp.where(tail_mask, pnl, jnp.nan)
    return -jnp.nanmean(masked, axis=0)


def compute_risk_metrics(
    npv_cube: jax.Array,
    base_npv: float,
    percentiles: Sequence[float] = (0.95, 0.99),
) -> Dict[str, jax.Array]:
    """
    Public entry point: [Scenarios, TimeSteps, Trades] NPV cube + t=0
    portfolio NPV -> dict of [TimeSteps] VaR/ES arrays, one pair per
    requested percentile, keyed "VaR_95"/"ES_95"/"VaR_99"/"ES_99"/... --
    matching ORE's convention of always reporting VaR and ES together at
    each configured quantile (see module docstring / plan for the recovered
    ore_histsimvar.xml evidence).
    """
    pnl = portfolio_pnl(npv_cube, base_npv)
    metrics: Dict[str, jax.Array] = {}
    for p in percentiles:
        label = f"{int(round(p * 100))}"
        metrics[f"VaR_{label}"] = value_at_risk(pnl, p)
        metrics[f"ES_{label}"] = expected_shortfall(pnl, p)
    return metrics


f = jax.jit(compute_risk_metrics)
# --- end user code ---

import math

import numpy as np


def make_inputs(rng):
    n_scen, n_steps, n_trades = 40, 6, 3
    drift = np.linspace(-4.0, 4.0, n_steps)[None, :, None]
    npv_cube = (drift + rng.normal(size=(n_scen, n_steps, n_trades))).astype(np.float32)
    base_npv = np.float32(rng.normal())
    return (npv_cube, base_npv)


INPUTS = make_inputs


@jax.jit
def reference_fix(npv_cube, base_npv):
    pnl = jnp.sum(npv_cube, axis=-1) - base_npv
    out = {}
    for p in (0.95, 0.99):
        n = pnl.shape[0]
        idx = min(max(int(math.floor(n * (1.0 - p))), 0), n - 1)
        var = jnp.maximum(-jnp.sort(pnl, axis=0)[idx], 0.0)
        label = f"{int(round(p * 100))}"
        out[f"VaR_{label}"] = var
        out[f"ES_{label}"] = -jnp.nanmean(jnp.where(pnl < -var[None, :], pnl, jnp.nan), axis=0)
    return out
