"""Breeden-Litzenberger density: `if integral > 1e-10` on a traced integral, then distribution methods chained through float().

source: "Calibration Tools: Risk-Neutral Density Extraction" module of a Schrödinger-bridge finance library (imported as `schrodinger_bridge.finance.calibration`), public code index file id 60379128081 (breeden_litzenberger_density, extrapolate_tails, RiskNeutralDistribution, extract_risk_neutral_distribution, sample_from_density, interpolate_vol_surface, arbitrage checks); the index does not name the repository or commit.
error: TracerBoolConversionError
category: method-float-conversion
expect: fix
notes: the module with these cuts: `from __future__ import annotations` (it cannot follow the case
  header), the USAGE block of the module docstring and the `Example:` blocks of two docstrings, and the
  volatility-surface tools, `check_calendar_arbitrage` and `__all__` at the end (unreachable from `f`). Entry point added: `f` extracts the distribution from traced call prices with
  `extrapolate=False` (the tail extrapolation sizes its grid with int() of traced strikes: a dynamic shape,
  deliberately not reached) and returns mean, std and median. Leaks: the traced `if integral > 1e-10`
  renormalisation in `breeden_litzenberger_density`, and `RiskNeutralDistribution.mean/variance/std/quantile`,
  which call float() and feed each other (`variance` uses `self.mean()`, `std` uses `self.variance()`). Static
  look-alikes that must stay: `if method == ...`, `if n < 3` (a length), `if extrapolate:` (a Python flag)
  and the CDF loop over `len(density)`. Some inputs are linear call prices (zero density, integral 0).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""Calibration Tools: Risk-Neutral Density Extraction.

This module provides tools to extract risk-neutral probability distributions
from observed option prices - the key input for Schrödinger Bridge methods.

MAIN MATH TAKEAWAY: BREEDEN-LITZENBERGER
-
The fundamental theorem connecting options to probabilities:

    d^2C/dK^2 = e^{-rT} * p(K)

where p(K) is the risk-neutral probability density at strike K!

INTUITION: A butterfly spread centered at K with small width dK pays off
~1 if S_T  in [K - dK, K + dK], and 0 otherwise. Its price must be:
    
    Butterfly price ~= e^{-rT} * P(S_T  in [K - dK, K + dK]) ~= e^{-rT} * p(K) * 2dK

Since butterfly = C(K-dK) - 2C(K) + C(K+dK) ~= d^2C/dK^2 * dK^2, we get the result.

WHY THIS MATTERS FOR SB
-
1. Option prices -> Risk-neutral marginals at each expiry
2. Marginals become constraints for MartingaleSBSolver
3. SB finds LEAST committed model consistent with these marginals
4. Result: Model-free bounds on exotic prices!

Author: Schrödinger Bridge Library
"""

from dataclasses import dataclass
from typing import Callable, Optional, Tuple, Union

import jax
import jax.numpy as jnp
import jax.random as jr

Array = jnp.ndarray
Scalar = Union[float, Array]
PRNGKey = jax.Array


# BREEDEN-LITZENBERGER DENSITY EXTRACTION
# -----------------------------------------------------------------------------
def breeden_litzenberger_density(
    strikes: Array,
    call_prices: Array,
    forward: float,
    r: float,
    T: float,
    method: str = 'finite_difference',
) -> Tuple[Array, Array]:
    """Extract risk-neutral density from call prices via Breeden-Litzenberger.
    
    The Breeden-Litzenberger formula:
        p(K) = e^{rT} * d^2C/dK^2
    
    Args:
        strikes: Strike prices, shape [n], must be sorted ascending.
        call_prices: Corresponding call prices, shape [n].
        forward: Forward price F = S*e^{(r-q)T}.
        r: Risk-free rate.
        T: Time to expiry.
        method: 'finite_difference' or 'spline'.
        
    Returns:
        (density_strikes, density_values) where density integrates to 1.
    """
    strikes = jnp.asarray(strikes)
    call_prices = jnp.asarray(call_prices)
    
    # Discount factor
    discount = jnp.exp(-r * T)
    
    if method == 'finite_difference':
        # Second derivative via central differences
        # d^2C/dK^2 ~= (C_{i+1} - 2C_i + C_{i-1}) / (dK)^2
        
        n = len(strikes)
        if n < 3:
            raise ValueError("Need at least 3 strikes for finite difference")
        
        # Use interior points only (can't compute 2nd derivative at boundaries)
        density_strikes = strikes[1:-1]
        
        # Variable spacing: use average of neighboring intervals
        dK_left = strikes[1:-1] - strikes[:-2]
        dK_right = strikes[2:] - strikes[1:-1]
        dK_avg = (dK_left + dK_right) / 2
        
        # Central difference
        d2C = (call_prices[2:] - 2 * call_prices[1:-1] + call_prices[:-2]) / (dK_avg ** 2)
        
        # Convert to density
        density_values = d2C / discount
        
        # Floor at zero (numerical noise can give negative densities)
        density_values = jnp.maximum(density_values, 0)
        
        # Normalize to integrate to 1
        integral = jnp.trapezoid(density_values, density_strikes)
        if integral > 1e-10:
            density_values = density_values / integral
        
        return density_strikes, density_values
    
    elif method == 'spline':
        # Fit cubic spline and differentiate twice
        # This is smoother but requires scipy
        raise NotImplementedError("Spline method requires scipy; use finite_difference")
    
    else:
        raise ValueError(f"Unknown method: {method}")


def extrapolate_tails(
    strikes: Array,
    density: Array,
    forward: float,
    left_tail: str = 'lognormal',
    right_tail: str = 'lognormal',
    tail_vol: float = 0.3,
) -> Tuple[Array, Array]:
    """Extrapolate density tails beyond observed strikes.
    
    The Breeden-Litzenberger density is only defined between min/max strikes.
    We need to extrapolate tails for proper sampling.
    
    Args:
        strikes: Interior strike grid.
        density: Density values at strikes.
        forward: Forward price.
        left_tail: 'lognormal', 'powerlaw', or 'flat'.
        right_tail: Same options.
        tail_vol: Volatility for lognormal extrapolation.
        
    Returns:
        (extended_strikes, extended_density) with tails.
    """
    K_min, K_max = strikes[0], strikes[-1]
    dK = strikes[1] - strikes[0]
    
    # Extend grid
    n_left = int((K_min - 0.01 * forward) / dK)
    n_right = int((3 * forward - K_max) / dK)
    
    left_K = jnp.linspace(max(0.01 * forward, K_min - n_left * dK), K_min, n_left + 1)[:-1]
    right_K = jnp.linspace(K_max, min(3 * forward, K_max + n_right * dK), n_right + 1)[1:]
    
    # Lognormal tail density
    def lognormal_density(K, mu, sigma):
        return jnp.exp(-0.5 * ((jnp.log(K) - mu) / sigma) ** 2) / (K * sigma * jnp.sqrt(2 * jnp.pi))
    
    mu = jnp.log(forward)
    sigma = tail_vol
    
    # Match at boundaries
    if left_tail == 'lognormal':
        scale_left = density[0] / (lognormal_density(K_min, mu, sigma) + 1e-10)
        left_density = scale_left * lognormal_density(left_K, mu, sigma)
    else:
        left_density = jnp.zeros_like(left_K)
    
    if right_tail == 'lognormal':
        scale_right = density[-1] / (lognormal_density(K_max, mu, sigma) + 1e-10)
        right_density = scale_right * lognormal_density(right_K, mu, sigma)
    else:
        right_density = jnp.zeros_like(right_K)
    
    # Concatenate
    full_strikes = jnp.concatenate([left_K, strikes, right_K])
    full_density = jnp.concatenate([left_density, density, right_density])
    
    # Renormalize
    integral = jnp.trapezoid(full_density, full_strikes)
    if integral > 1e-10:
        full_density = full_density / integral
    
    return full_strikes, full_density


# RISK-NEUTRAL DISTRIBUTION CLASS
# -----------------------------------------------------------------------------
@dataclass
class RiskNeutralDistribution:
    """Risk-neutral distribution extracted from option prices.
    
    Provides sampling and density evaluation for use with SB methods.
    
    Attributes:
        strikes: Strike grid.
        density: Probability density values.
        cdf: Cumulative distribution values.
        forward: Forward price (mean under risk-neutral measure).
        expiry: Time to expiry.
    """
    strikes: Array
    density: Array
    cdf: Array
    forward: float
    expiry: float
    
    def pdf(self, x: Array) -> Array:
        """Evaluate probability density at x."""
        return jnp.interp(x, self.strikes, self.density, left=0.0, right=0.0)
    
    def log_pdf(self, x: Array) -> Array:
        """Evaluate log probability density at x."""
        return jnp.log(self.pdf(x) + 1e-10)
    
    def sample(self, key: PRNGKey, n: int) -> Array:
        """Sample n points from the distribution.
        
        Uses inverse CDF sampling.
        """
        u = jr.uniform(key, (n,))
        return jnp.interp(u, self.cdf, self.strikes)
    
    def mean(self) -> float:
        """Expected value (should equal forward)."""
        return float(jnp.trapezoid(self.strikes * self.density, self.strikes))
    
    def variance(self) -> float:
        """Variance of the distribution."""
        mu = self.mean()
        return float(jnp.trapezoid((self.strikes - mu) ** 2 * self.density, self.strikes))
    
    def std(self) -> float:
        """Standard deviation."""
        return float(jnp.sqrt(self.variance()))
    
    def quantile(self, p: float) -> float:
        """p-th quantile of the distribution."""
        return float(jnp.interp(p, self.cdf, self.strikes))
    
    @property
    def dim(self) -> int:
        """Dimension (always 1 for univariate)."""
        return 1


def extract_risk_neutral_distribution(
    strikes: Array,
    call_prices: Array,
    forward: float,
    r: float,
    T: float,
    extrapolate: bool = True,
    tail_vol: float = 0.3,
) -> RiskNeutralDistribution:
    """Extract complete risk-neutral distribution from call prices.
    
    This is the main entry point for calibration.
    
    Args:
        strikes: Strike prices (sorted).
        call_prices: Corresponding call prices.
        forward: Forward price.
        r: Risk-free rate.
        T: Time to expiry.
        extrapolate: Whether to extrapolate tails.
        tail_vol: Volatility for tail extrapolation.
        
    Returns:
        RiskNeutralDistribution object ready for SB methods.
    """
    # Extract density
    K_density, density = breeden_litzenberger_density(strikes, call_prices, forward, r, T)
    
    # Extrapolate tails
    if extrapolate:
        K_density, density = extrapolate_tails(K_density, density, forward, tail_vol=tail_vol)
    
    # Compute CDF
    cdf = jnp.zeros_like(density)
    for i in range(1, len(density)):
        cdf = cdf.at[i].set(cdf[i-1] + 0.5 * (density[i] + density[i-1]) * (K_density[i] - K_density[i-1]))
    
    # Ensure CDF ends at 1
    cdf = cdf / (cdf[-1] + 1e-10)
    
    return RiskNeutralDistribution(
        strikes=K_density,
        density=density,
        cdf=cdf,
        forward=forward,
        expiry=T,
    )


def sample_from_density(
    key: PRNGKey,
    strikes: Array,
    density: Array,
    n: int,
) -> Array:
    """Sample from arbitrary density via inverse CDF.
    
    Utility function when you have raw (strikes, density) arrays.
    """
    # Build CDF
    cdf = jnp.cumsum(density) * (strikes[1] - strikes[0])
    cdf = cdf / cdf[-1]
    
    # Inverse CDF sampling
    u = jr.uniform(key, (n,))
    return jnp.interp(u, cdf, strikes)


# ARBITRAGE CHECKS
# -----------------------------------------------------------------------------
def check_butterfly_arbitrage(
    strikes: Array,
    call_prices: Array,
) -> Tuple[bool, Array]:
    """Check for butterfly arbitrage in call prices.
    
    Butterfly arbitrage: C(K-dK) - 2C(K) + C(K+dK) < 0
    This would imply negative probability density!
    
    Returns:
        (is_arbitrage_free, violations) where violations[i] < 0 indicates arbitrage.
    """
    n = len(strikes)
    if n < 3:
        return True, jnp.array([])
    
    butterflies = call_prices[:-2] - 2 * call_prices[1:-1] + call_prices[2:]
    
    # Should be non-negative
    is_arb_free = jnp.all(butterflies >= -1e-6)
    
    return bool(is_arb_free), butterflies


@jax.jit
def f(strikes, call_prices, forward, r, T):
    dist = extract_risk_neutral_distribution(strikes, call_prices, forward, r, T, extrapolate=False)
    return dist.mean(), dist.std(), dist.quantile(0.5)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    forward = np.float32(rng.uniform(90.0, 110.0))
    r = np.float32(rng.uniform(0.0, 0.05))
    T = np.float32(rng.uniform(0.25, 2.0))
    strikes = (np.round(forward) + np.arange(-21, 22, 3)).astype(np.float32)  # 15 integer strikes
    if rng.random() < 0.25:
        # deep in-the-money line with exact integer prices: zero second difference, integral 0
        call_prices = np.round(1.5 * forward) - strikes
    else:
        vol = rng.uniform(0.1, 0.4)
        z = rng.normal(size=4000)
        s_T = forward * np.exp(-0.5 * vol**2 * T + vol * np.sqrt(T) * z)
        call_prices = np.exp(-r * T) * np.maximum(s_T[:, None] - strikes[None, :], 0.0).mean(axis=0)
    return (strikes, call_prices.astype(np.float32), forward, r, T)


INPUTS = make_inputs


@jax.jit
def reference_fix(strikes, call_prices, forward, r, T):
    discount = jnp.exp(-r * T)
    K = strikes[1:-1]
    dK_avg = ((strikes[1:-1] - strikes[:-2]) + (strikes[2:] - strikes[1:-1])) / 2
    d2C = (call_prices[2:] - 2 * call_prices[1:-1] + call_prices[:-2]) / (dK_avg ** 2)
    p = jnp.maximum(d2C / discount, 0)
    integral = jnp.trapezoid(p, K)
    p = jnp.where(integral > 1e-10, p / integral, p)
    cdf = jnp.zeros_like(p)
    for i in range(1, len(p)):
        cdf = cdf.at[i].set(cdf[i-1] + 0.5 * (p[i] + p[i-1]) * (K[i] - K[i-1]))
    cdf = cdf / (cdf[-1] + 1e-10)
    mu = jnp.trapezoid(K * p, K)
    var = jnp.trapezoid((K - mu) ** 2 * p, K)
    return mu, jnp.sqrt(var), jnp.interp(0.5, cdf, K)
