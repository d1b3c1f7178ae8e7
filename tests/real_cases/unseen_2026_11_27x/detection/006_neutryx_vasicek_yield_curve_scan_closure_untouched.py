"""Look-alike: neutryx Vasicek yield curve and path simulation: a params dataclass with checks, vmapped/scan closures and a method string (jit-safe).

source: neutryx-lab/neutryx-core src/neutryx/models/vasicek.py at 40ff61ac580b5ea55a8c7d9b758c79871c62e469 (VasicekParams, zero_coupon_bond_price, yield_curve, simulate_path; code-index file id 25314337997)
error: none
category: negative
expect: untouched
notes: Verbatim except that simulate_paths and bond_option_price are dropped (bond_option_price calls float() on jnp values and is never transformed; simulate_paths is not on this path). `EXPECT` is placed after the user section so that the module's own `from __future__ import annotations` can stay first (it keeps the `jax.random.KeyArray` annotations lazy; that name no longer exists in current JAX). What looks leaky is jit-safe: VasicekParams.__post_init__ tests `self.a <= 0` and `self.sigma <= 0` on the Python constants the entry point passes (r0, the only traced field, is not tested); `yield_at_maturity` is a closure over params under jax.vmap; `if method == "exact"` / `elif method == "euler"` compare a static string; both step_fn closures read the traced constants inside lax.scan. The entry point `f` is jitted with the method name static and returns the yield curve and a simulated short-rate path.
"""

# --- user code (given to the tool) ---
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Optional

import jax
import jax.numpy as jnp
from jax import lax


@dataclass
class VasicekParams:
    """Parameters for the Vasicek short rate model.

    Attributes
    ----------
    a : float
        Mean reversion speed (must be positive)
    b : float
        Long-term mean level (the level to which rates revert)
    sigma : float
        Volatility (must be positive)
    r0 : float
        Initial short rate
    """
    a: float
    b: float
    sigma: float
    r0: float

    def __post_init__(self):
        """Validate parameters."""
        if self.a <= 0:
            raise ValueError(f"Mean reversion speed a must be positive, got {self.a}")
        if self.sigma <= 0:
            raise ValueError(f"Volatility sigma must be positive, got {self.sigma}")


def zero_coupon_bond_price(params: VasicekParams, T: float) -> float:
    """Calculate zero-coupon bond price under Vasicek model.

    Analytical formula for the price of a zero-coupon bond maturing at time T:

        P(0, T) = A(T) * exp(-B(T) * r(0))

    where:
        B(T) = (1 - exp(-aT)) / a
        A(T) = exp((B(T) - T)(a²b - σ²/2) / a² - σ²B(T)² / (4a))

    Parameters
    ----------
    params : VasicekParams
        Vasicek model parameters
    T : float
        Time to maturity

    Returns
    -------
    float
        Zero-coupon bond price
    """
    a, b, sigma, r0 = params.a, params.b, params.sigma, params.r0

    # B(T) = (1 - exp(-aT)) / a
    B_T = (1.0 - jnp.exp(-a * T)) / a

    # A(T) = exp((B(T) - T)(a²b - σ²/2) / a² - σ²B(T)² / (4a))
    term1 = (B_T - T) * (a * a * b - sigma * sigma / 2.0) / (a * a)
    term2 = -sigma * sigma * B_T * B_T / (4.0 * a)
    A_T = jnp.exp(term1 + term2)

    # P(0, T) = A(T) * exp(-B(T) * r0)
    return A_T * jnp.exp(-B_T * r0)


def yield_curve(params: VasicekParams, maturities: jnp.ndarray) -> jnp.ndarray:
    """Calculate zero-coupon yield curve under Vasicek model.

    The yield y(T) is defined as:
        y(T) = -log(P(0, T)) / T

    Parameters
    ----------
    params : VasicekParams
        Vasicek model parameters
    maturities : Array
        Array of maturities (in years)

    Returns
    -------
    Array
        Zero-coupon yields for each maturity
    """
    def yield_at_maturity(T):
        P_T = zero_coupon_bond_price(params, T)
        return -jnp.log(P_T) / T

    return jax.vmap(yield_at_maturity)(maturities)


def simulate_path(
    params: VasicekParams,
    T: float,
    n_steps: int,
    key: jax.random.KeyArray,
    method: str = "exact"
) -> jnp.ndarray:
    """Simulate a single path of the Vasicek short rate process.

    Parameters
    ----------
    params : VasicekParams
        Vasicek model parameters
    T : float
        Total simulation time
    n_steps : int
        Number of time steps
    key : jax.random.KeyArray
        JAX random key
    method : str, optional
        Simulation method: "exact" (default) or "euler"

    Returns
    -------
    Array
        Short rate path of shape [n_steps + 1]

    Notes
    -----
    The exact simulation uses the analytical solution of the Ornstein-Uhlenbeck SDE:

        r(t + dt) = r(t) * exp(-a * dt) + b * (1 - exp(-a * dt))
                    + σ * sqrt((1 - exp(-2 * a * dt)) / (2 * a)) * Z

    where Z ~ N(0, 1)
    """
    a, b, sigma, r0 = params.a, params.b, params.sigma, params.r0
    dt = T / n_steps

    # Generate random normals
    Z = jax.random.normal(key, shape=(n_steps,))

    if method == "exact":
        # Exact simulation using analytical solution
        exp_neg_a_dt = jnp.exp(-a * dt)

        # Mean and std of r(t+dt) | r(t)
        def step_fn(r_t, z):
            mean = r_t * exp_neg_a_dt + b * (1.0 - exp_neg_a_dt)
            std = sigma * jnp.sqrt((1.0 - jnp.exp(-2.0 * a * dt)) / (2.0 * a))
            r_next = mean + std * z
            return r_next, r_next

        _, r_path = lax.scan(step_fn, r0, Z)

    elif method == "euler":
        # Euler-Maruyama discretization
        sqrt_dt = jnp.sqrt(dt)

        def step_fn(r_t, z):
            dr = a * (b - r_t) * dt + sigma * sqrt_dt * z
            r_next = r_t + dr
            return r_next, r_next

        _, r_path = lax.scan(step_fn, r0, Z)

    else:
        raise ValueError(f"Unknown method: {method}. Use 'exact' or 'euler'.")

    # Prepend initial rate
    return jnp.concatenate([jnp.array([r0]), r_path])


@partial(jax.jit, static_argnums=(3,))
def f(maturities, r0, seed, method):
    params = VasicekParams(a=0.15, b=0.04, sigma=0.01, r0=r0)
    curve = yield_curve(params, maturities)
    path = simulate_path(params, 5.0, 50, jax.random.PRNGKey(seed), method=method)
    return curve, path
# --- end user code ---

EXPECT = "untouched"

import numpy as np


def make_inputs(rng):
    maturities = np.sort(rng.uniform(0.25, 30.0, size=(8,))).astype(np.float32)
    r0 = np.float32(rng.uniform(-0.01, 0.08))
    seed = np.int32(rng.integers(0, 2**31 - 1))
    method = str(rng.choice(["exact", "euler"]))
    return (maturities, r0, seed, method)


INPUTS = make_inputs
