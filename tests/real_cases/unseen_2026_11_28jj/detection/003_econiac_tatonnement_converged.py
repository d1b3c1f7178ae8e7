"""CHZ fire-sale tatonnement: balance-sheet dataclass methods under jit, and a `float()` convergence test with `break`.

source: roguetrainer/econiac src/econiac/finance/fire_sales.py at 18b848bb41533500ade3c0742f1b907afc08db9e (code-index
    file id 55470429632: CHZParams, BankBalanceSheet, AssetManager, TatonnementResult, tatonnement), with
    _tatonnement_price_step from src/econiac/finance/contagion/__init__.py (code-index file id 55324580285)
error: ConcretizationTypeError
category: method-on-traced-attribute / namedtuple-result / convergence-break
expect: fix
notes: the leak is `if float(delta_p) < params.tol_tatonnement: converged = True; break` in tatonnement; the
    BankBalanceSheet / AssetManager methods it calls (capital_ratio, rwa, liquidity_ratio, sell_volume, ...) and the
    `params.*` config reads are jit-safe, and the result is a NamedTuple whose `n_iter: int` / `converged: bool` fields
    become traced values in a fix (a masked fixed-length loop or lax.while_loop). Kept verbatim (minus the module's
    `from __future__ import annotations`, which cannot follow the case docstring and EXPECT): CHZParams,
    BankBalanceSheet (without is_pacioli_consistent, which needs contagion.pacioli_check), AssetManager,
    TatonnementResult, tatonnement, _tatonnement_price_step. Adapted: `econiac.core.ensemble.gibbs_weights` (not in the
    index) is a softmax stand-in (its result, sell_pressure, is unused by tatonnement); scipy/optimize imports and the
    rest of the module dropped; the entry point `f` builds the dataclasses from arrays and calls tatonnement with a
    small CHZParams (4 banks, 3 asset managers, 3 assets) under jax.jit. Inputs mix calm markets (no shortfall, prices
    at or above the previous period: converges in one or two steps) and stressed ones (thin capital, falling prices:
    runs all 20 steps).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---

from dataclasses import dataclass, field
from typing import NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp
import numpy as np


def gibbs_weights(values, beta=1.0):  # stand-in for econiac.core.ensemble.gibbs_weights
    return jax.nn.softmax(beta * values)


def _tatonnement_price_step(
    sell_qty:      jax.Array,   # (n_assets,) — total quantity sold this step
    prices:        jax.Array,   # (n_assets,) — current prices
    market_depth:  jax.Array,   # (n_assets,) — market depth per class
    lambda_impact: float,        # price-impact coefficient
) -> jax.Array:
    """
    One tâtonnement price update: p ← p × (1 - λ × sell / depth).

    Shared between L_A (fire sales) and S_D (repo run forced selling).
    Prices are floored at 1e-4 to prevent numerical collapse.
    """
    impact  = lambda_impact * sell_qty / jnp.maximum(market_depth, 1e-8)
    p_new   = prices * (1.0 - impact)
    return jnp.maximum(p_new, 1e-4)


# ---------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------

@dataclass
class CHZParams:
    """
    Calibration parameters for the CHZ fire-sale model.
    """
    n_banks: int            = 60
    n_am: int               = 40
    n_assets: int           = 5
    gamma_min: float        = 0.07    # capital ratio floor
    alpha_min: float        = 0.10    # liquidity ratio floor
    eta: float              = 1.0     # AM redemption sensitivity
    xi: float               = 0.5     # credit spread sensitivity to PD
    lambda_impact: float    = 0.1     # price impact per unit sell volume
    market_depth: float     = 2400.0  # total securities outstanding (calibrated to chz_baseline)
    beta_constraint: float  = 50.0   # softness of capital constraint
    n_tatonnement: int      = 20      # max inner-loop steps
    tol_tatonnement: float  = 1e-6   # price convergence tolerance
    r_risk_free: float      = 0.02   # baseline risk-free rate


# ---------------------------------------------------------------------------
# BankBalanceSheet — vectorised over all banks
# ---------------------------------------------------------------------------

@dataclass
class BankBalanceSheet:
    """
    Vectorised balance sheet for n_banks banks.

    All arrays have leading dimension n_banks.

    Balance sheet identity (Pacioli ∂²=0):
        LA_i + S_i·p + BL_i  =  D_i + BB_i + E_i   ∀i

    Capital ratio:   γ_i = E_i / RWA_i
    Liquidity ratio: α_i = LA_i / (D_i + BB_i)
    """
    # Assets (shape: n_banks)
    liquid_assets: jax.Array     # LA_i — cash + central bank reserves
    securities: jax.Array        # S_i — total securities (marked to market: S_i * p)
    interbank_lent: jax.Array    # BL_i — loans to other banks
    # Liabilities (shape: n_banks)
    deposits: jax.Array          # D_i — retail / wholesale deposits
    interbank_borrowed: jax.Array # BB_i — borrowed from other banks
    equity: jax.Array            # E_i — book equity
    # Security holdings by asset class (shape: n_banks × n_assets)
    portfolio: jax.Array         # q_{i,a} — quantity of asset a held by bank i
    # Risk weights (shape: n_assets) — Basel III
    risk_weights: jax.Array      # w_a — risk weight per asset class

    @property
    def n_banks(self) -> int:
        return self.equity.shape[0]

    def total_assets(self, prices: jax.Array) -> jax.Array:
        """Total assets at current prices: LA + S(p) + BL. Shape: (n_banks,)."""
        securities_mv = jnp.sum(self.portfolio * prices, axis=1)
        return self.liquid_assets + securities_mv + self.interbank_lent

    def total_liabilities(self) -> jax.Array:
        """Total liabilities: D + BB. Shape: (n_banks,)."""
        return self.deposits + self.interbank_borrowed

    def rwa(self, prices: jax.Array) -> jax.Array:
        """
        Risk-weighted assets: Σ_a w_a · q_{i,a} · p_a. Shape: (n_banks,).
        """
        return jnp.sum(self.portfolio * prices * self.risk_weights, axis=1) \
               + 0.2 * self.interbank_lent

    def capital_ratio(self, prices: jax.Array) -> jax.Array:
        """γ_i = E_i / RWA_i. Shape: (n_banks,)."""
        return self.equity / jnp.maximum(self.rwa(prices), 1e-8)

    def liquidity_ratio(self) -> jax.Array:
        """α_i = LA_i / (D_i + BB_i). Shape: (n_banks,)."""
        return self.liquid_assets / jnp.maximum(self.total_liabilities(), 1e-8)


# ---------------------------------------------------------------------------
# AssetManager — vectorised over all AMs
# ---------------------------------------------------------------------------

@dataclass
class AssetManager:
    """
    Vectorised asset manager population.

    Redemption function (CHZ eq. 8):
        Δ_m(t) = exp(η · δ_{t-1,t}) - 1
    """
    # Portfolio holdings (shape: n_am × n_assets)
    portfolio: jax.Array       # q_{m,a} — quantity of asset a held by AM m
    # AUM and liabilities (shape: n_am)
    aum: jax.Array             # Assets Under Management (total NAV)
    # Redemption sensitivity
    eta: float = 1.0

    @property
    def n_am(self) -> int:
        return self.portfolio.shape[0]

    def nav(self, prices: jax.Array) -> jax.Array:
        """Net asset value: p · q_m. Shape: (n_am,)."""
        return jnp.sum(self.portfolio * prices, axis=1)

    def portfolio_return(self, prices: jax.Array, prices_prev: jax.Array) -> jax.Array:
        """
        Period portfolio return δ_{t-1,t}. Shape: (n_am,).
        """
        nav_t   = self.nav(prices)
        nav_tm1 = self.nav(prices_prev)
        return (nav_t - nav_tm1) / jnp.maximum(nav_tm1, 1e-8)

    def redemption_fraction(self, prices: jax.Array, prices_prev: jax.Array) -> jax.Array:
        """
        Redemption fraction Δ_m(t) = exp(η · δ_{t-1,t}) - 1. Shape: (n_am,).
        """
        delta = self.portfolio_return(prices, prices_prev)
        return jnp.exp(self.eta * delta) - 1.0

    def sell_volume(self, prices: jax.Array, prices_prev: jax.Array) -> jax.Array:
        """
        Total sell volume by asset class due to redemptions. Shape: (n_assets,).
        """
        redemptions = self.redemption_fraction(prices, prices_prev)  # (n_am,)
        sell_frac   = jnp.maximum(-redemptions, 0.0)                  # positive fraction sold
        # Sell proportionally: q_{m,a} * sell_frac_m
        sells = self.portfolio * sell_frac[:, None]                   # (n_am, n_assets)
        return jnp.sum(sells, axis=0)                                 # (n_assets,)


# ---------------------------------------------------------------------------
# TatonnementPricer — endogenous price formation (inner loop)
# ---------------------------------------------------------------------------

class TatonnementResult(NamedTuple):
    """Output of one tâtonnement convergence."""
    prices: jax.Array          # shape (n_assets,) — converged prices
    sell_volume_banks: jax.Array   # shape (n_assets,) — total bank sells
    sell_volume_am: jax.Array      # shape (n_assets,) — total AM sells
    n_iter: int                # iterations until convergence
    converged: bool            # True if |Δp| < tol


def tatonnement(
    banks: BankBalanceSheet,
    ams: AssetManager,
    prices_prev: jax.Array,
    prices_init: jax.Array,
    params: CHZParams,
) -> TatonnementResult:
    """
    Endogenous price formation via tâtonnement (CHZ §2.3).

    Within each period t, iterate:
      1. Compute capital shortfall → bank sell pressure (Gibbs-soft)
      2. Compute AM redemptions → AM sell volumes
      3. Update prices: p ← p · (1 - λ · sell_vol / depth)
      4. Recompute capital ratios at new prices
      5. Repeat until convergence (|Δp| < tol)
    """
    p = prices_init
    converged = False
    n_iter = 0

    sell_vol_banks = jnp.zeros(params.n_assets)
    sell_vol_am    = jnp.zeros(params.n_assets)

    for i in range(params.n_tatonnement):
        n_iter += 1

        # --- Bank sell pressure ---
        gamma = banks.capital_ratio(p)             # (n_banks,)
        alpha = banks.liquidity_ratio()            # (n_banks,)

        # Soft capital shortfall: how much below γ_min?
        capital_shortfall = jnp.maximum(params.gamma_min - gamma, 0.0)
        # Gibbs sell pressure: more negative capital → higher sell weight
        # β_constraint → ∞ gives a hard step at γ_min
        sell_pressure = gibbs_weights(capital_shortfall, params.beta_constraint)  # (n_banks,)

        # Banks sell proportionally across portfolio to restore capital
        # Sell enough to bring γ back to γ_min (linearised)
        # ΔS_i = shortfall_i * RWA_i / (p · w)
        rwa_i = banks.rwa(p)
        target_sell_value = capital_shortfall * rwa_i  # (n_banks,) monetary value to sell
        # Distribute sell across assets proportional to current portfolio weights
        port_value = banks.portfolio * p              # (n_banks, n_assets)
        port_total = jnp.sum(port_value, axis=1, keepdims=True)  # (n_banks, 1)
        port_weights = port_value / jnp.maximum(port_total, 1e-8)
        sells_banks = port_weights * target_sell_value[:, None] / jnp.maximum(p, 1e-8)
        # (n_banks, n_assets) — quantities sold; sum across banks
        sell_vol_banks = jnp.sum(sells_banks, axis=0)  # (n_assets,)

        # --- AM sell pressure ---
        sell_vol_am = ams.sell_volume(p, prices_prev)  # (n_assets,)

        # --- Price update ---
        total_sells = sell_vol_banks + sell_vol_am  # (n_assets,)
        p_new = _tatonnement_price_step(
            total_sells, p,
            market_depth=params.market_depth,
            lambda_impact=params.lambda_impact,
        )

        # --- Convergence check ---
        delta_p = jnp.max(jnp.abs(p_new - p))
        p = p_new

        if float(delta_p) < params.tol_tatonnement:
            converged = True
            break

    return TatonnementResult(
        prices=p,
        sell_volume_banks=sell_vol_banks,
        sell_volume_am=sell_vol_am,
        n_iter=n_iter,
        converged=converged,
    )


_PARAMS = CHZParams(n_banks=4, n_am=3, n_assets=3, market_depth=50.0)


@jax.jit
def f(liquid_assets, interbank_lent, deposits, interbank_borrowed, equity, bank_portfolio,
      risk_weights, am_portfolio, am_aum, prices_prev, prices_init):
    banks = BankBalanceSheet(
        liquid_assets=liquid_assets,
        securities=jnp.sum(bank_portfolio, axis=1),
        interbank_lent=interbank_lent,
        deposits=deposits,
        interbank_borrowed=interbank_borrowed,
        equity=equity,
        portfolio=bank_portfolio,
        risk_weights=risk_weights,
    )
    ams = AssetManager(portfolio=am_portfolio, aum=am_aum, eta=_PARAMS.eta)
    return tatonnement(banks, ams, prices_prev, prices_init, _PARAMS)
# --- end user code ---

import numpy as _np


def make_inputs(rng):
    nb, nm, na = 4, 3, 3
    stressed = rng.uniform() < 0.5
    bank_portfolio = rng.uniform(5, 15, size=(nb, na)).astype(_np.float32)
    risk_weights = _np.array([0.0, 0.5, 1.0], dtype=_np.float32)
    interbank_lent = rng.uniform(1, 5, size=nb).astype(_np.float32)
    # equity: thin (capital ratio below 7%) for some banks when stressed, ample otherwise
    equity_scale = rng.uniform(0.01, 0.08, size=nb) if stressed else rng.uniform(0.5, 1.0, size=nb)
    equity = (equity_scale * 20.0).astype(_np.float32)
    liquid_assets = rng.uniform(1, 5, size=nb).astype(_np.float32)
    deposits = rng.uniform(10, 30, size=nb).astype(_np.float32)
    interbank_borrowed = rng.uniform(1, 5, size=nb).astype(_np.float32)
    am_portfolio = rng.uniform(1, 10, size=(nm, na)).astype(_np.float32)
    am_aum = am_portfolio.sum(axis=1).astype(_np.float32)
    prices_prev = _np.ones(na, dtype=_np.float32)
    if stressed:
        prices_init = rng.uniform(0.8, 0.97, size=na).astype(_np.float32)   # a price shock: redemptions
    else:
        prices_init = rng.uniform(1.0, 1.05, size=na).astype(_np.float32)   # no shock: no selling
    return (liquid_assets, interbank_lent, deposits, interbank_borrowed, equity, bank_portfolio,
            risk_weights, am_portfolio, am_aum, prices_prev, prices_init)


INPUTS = make_inputs


@jax.jit
def reference_fix(liquid_assets, interbank_lent, deposits, interbank_borrowed, equity, bank_portfolio,
                  risk_weights, am_portfolio, am_aum, prices_prev, prices_init):
    params = _PARAMS
    banks = BankBalanceSheet(liquid_assets, jnp.sum(bank_portfolio, axis=1), interbank_lent, deposits,
                             interbank_borrowed, equity, bank_portfolio, risk_weights)
    ams = AssetManager(portfolio=am_portfolio, aum=am_aum, eta=params.eta)
    p = prices_init
    done = jnp.array(False)
    n_iter = jnp.array(0)
    sv_b = jnp.zeros(params.n_assets)
    sv_am = jnp.zeros(params.n_assets)
    for _ in range(params.n_tatonnement):
        active = ~done
        gamma = banks.capital_ratio(p)
        shortfall = jnp.maximum(params.gamma_min - gamma, 0.0)
        target = shortfall * banks.rwa(p)
        pv = banks.portfolio * p
        pw = pv / jnp.maximum(jnp.sum(pv, axis=1, keepdims=True), 1e-8)
        new_b = jnp.sum(pw * target[:, None] / jnp.maximum(p, 1e-8), axis=0)
        new_am = ams.sell_volume(p, prices_prev)
        p_new = _tatonnement_price_step(new_b + new_am, p, params.market_depth, params.lambda_impact)
        delta = jnp.max(jnp.abs(p_new - p))
        n_iter = n_iter + active.astype(n_iter.dtype)
        sv_b = jnp.where(active, new_b, sv_b)
        sv_am = jnp.where(active, new_am, sv_am)
        p = jnp.where(active, p_new, p)
        done = done | (active & (delta < params.tol_tatonnement))
    return TatonnementResult(p, sv_b, sv_am, n_iter, done)
