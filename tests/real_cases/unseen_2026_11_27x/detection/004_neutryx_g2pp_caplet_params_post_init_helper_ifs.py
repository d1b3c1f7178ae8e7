"""neutryx G2++ caplet: a params dataclass validated in __post_init__ and a bond-price helper branch on traced values.

source: neutryx-lab/neutryx-core src/neutryx/models/g2pp.py at cad66a71731958a019841c47b97d4bdca642ad3b (G2PPParams, B_coefficient, zero_coupon_bond_price, caplet_price; code-index file id 25093169261). The later revision at 1dcc5877c3125fa15f27e3d311c9af755331ce72 (code-index file id 25402577831) rewrote the V_xy term of zero_coupon_bond_price without the `if tau > 1e-10` conditional expression.
error: TracerBoolConversionError
category: helper-bool-of-traced
expect: fix
notes: The four functions are verbatim; simulate_path/simulate_paths, swaption_price, forward_rate_correlation and create_fitted_g2pp are dropped (not on the caplet path). The entry point `f` is a jitted caplet pricer over traced strike, maturity and tenor that builds G2PPParams from Python constants inside the jitted function, as a calibration or risk loop would. Three hidden leaks: (1) G2PPParams.__post_init__ tests `jnp.abs(self.a - self.b) < 1e-6` -- the other checks are on Python floats, but jnp.abs inside jit returns a tracer even for constants; (2) zero_coupon_bond_price ends the V_xy term with `... if tau > 1e-10 else 0.0` on the traced tau = T - t; (3) caplet_price computes `jnp.sqrt(variance / T) if T > 0 else 0.0` on the traced maturity. Inputs include maturity 0 (both else-branches).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Callable, Optional, Tuple
import jax
import jax.numpy as jnp
from jax import lax, Array
from functools import partial


@dataclass
class G2PPParams:
    """
    Parameters for the G2++ two-factor Gaussian interest rate model.

    Attributes:
        a: Mean reversion speed for first factor x(t). Must be positive.
           Typical range: 0.01 - 0.5
        b: Mean reversion speed for second factor y(t). Must be positive and
           typically different from a. Typical range: 0.01 - 0.5
        sigma_x: Volatility of first factor. Must be positive.
                 Typical range: 0.005 - 0.02 (50 - 200 bps)
        sigma_y: Volatility of second factor. Must be positive.
                 Typical range: 0.005 - 0.02 (50 - 200 bps)
        rho: Correlation between the two Brownian motions W₁ and W₂.
             Must be in [-1, 1]. Typical range: -0.9 to 0.9
        r0: Initial short rate. Can be negative (Gaussian model).
            Typical range: 0.0 - 0.10 (0% - 10%)
        x0: Initial value of first factor. Default: 0.0
        y0: Initial value of second factor. Default: 0.0
        phi_fn: Optional deterministic drift function φ(t) to fit the initial
                forward curve. If None, assumes φ(t) = 0.

    Raises:
        ValueError: If parameters violate constraints
    """
    a: float
    b: float
    sigma_x: float
    sigma_y: float
    rho: float
    r0: float
    x0: float = 0.0
    y0: float = 0.0
    phi_fn: Optional[Callable[[float], float]] = None

    def __post_init__(self):
        """Validate parameters."""
        if self.a <= 0:
            raise ValueError(f"Mean reversion 'a' must be positive, got {self.a}")
        if self.b <= 0:
            raise ValueError(f"Mean reversion 'b' must be positive, got {self.b}")
        if self.sigma_x <= 0:
            raise ValueError(f"Volatility 'sigma_x' must be positive, got {self.sigma_x}")
        if self.sigma_y <= 0:
            raise ValueError(f"Volatility 'sigma_y' must be positive, got {self.sigma_y}")
        if not -1.0 <= self.rho <= 1.0:
            raise ValueError(f"Correlation 'rho' must be in [-1, 1], got {self.rho}")

        # Ensure factors are distinct for identifiability
        if jnp.abs(self.a - self.b) < 1e-6:
            raise ValueError(
                f"Mean reversion speeds must be distinct for identifiability. "
                f"Got a={self.a}, b={self.b}"
            )


def B_coefficient(a: float, t: float, T: float) -> float:
    """
    Compute B coefficient for bond pricing formula.

    B(t,T) = (1 - exp(-a(T-t))) / a

    Args:
        a: Mean reversion speed
        t: Current time
        T: Maturity time

    Returns:
        B coefficient value
    """
    tau = T - t
    return (1.0 - jnp.exp(-a * tau)) / a


def zero_coupon_bond_price(
    params: G2PPParams,
    T: float,
    x_t: float = 0.0,
    y_t: float = 0.0,
    t: float = 0.0
) -> float:
    """
    Compute zero-coupon bond price P(t,T) in the G2++ model.

    Uses the affine form:
        P(t,T) = A(t,T) · exp(-B_x(t,T)·x(t) - B_y(t,T)·y(t))

    where:
        B_x(t,T) = (1 - exp(-a(T-t))) / a
        B_y(t,T) = (1 - exp(-b(T-t))) / b
        A(t,T) = exp(V(t,T) - φ̄(t,T))

    The variance term V(t,T) captures the stochastic volatility contribution.

    Args:
        params: G2++ model parameters
        T: Bond maturity time
        x_t: Value of first factor at time t (default: 0.0)
        y_t: Value of second factor at time t (default: 0.0)
        t: Current time (default: 0.0)

    Returns:
        Bond price P(t,T) ∈ (0,1]
    """
    tau = T - t

    # Compute B coefficients
    B_x = B_coefficient(params.a, t, T)
    B_y = B_coefficient(params.b, t, T)

    # Compute variance contribution V(t,T)
    # V = (σ_x²/(2a²))[τ - 2B_x + B_x²/(2a)]
    #   + (σ_y²/(2b²))[τ - 2B_y + B_y²/(2b)]
    #   + (ρσ_xσ_y/(ab))[τ - B_x - B_y + B_x·B_y·exp(-aτ)/a]

    V_x = (params.sigma_x**2 / (2 * params.a**2)) * (
        tau - 2 * B_x + B_x * (1 - jnp.exp(-params.a * tau)) / params.a
    )

    V_y = (params.sigma_y**2 / (2 * params.b**2)) * (
        tau - 2 * B_y + B_y * (1 - jnp.exp(-params.b * tau)) / params.b
    )

    V_xy = (params.rho * params.sigma_x * params.sigma_y / (params.a * params.b)) * (
        tau - B_x - B_y + B_x * B_y / tau if tau > 1e-10 else 0.0
    )

    V = V_x + V_y + V_xy

    # Compute φ̄(t,T) = ∫_t^T φ(s) ds
    if params.phi_fn is not None:
        # Numerical integration of φ using trapezoidal rule
        n_steps = 50
        times = jnp.linspace(t, T, n_steps + 1)
        phi_values = jax.vmap(params.phi_fn)(times)
        phi_integral = jnp.trapz(phi_values, times)
    else:
        phi_integral = 0.0

    # Compute log bond price
    log_A = V - phi_integral
    log_P = log_A - B_x * x_t - B_y * y_t

    return jnp.exp(log_P)


def caplet_price(
    params: G2PPParams,
    strike: float,
    maturity: float,
    tenor: float,
    notional: float = 1.0
) -> float:
    """
    Price a caplet using the G2++ model with analytical formula.

    A caplet pays max(L(T,T+δ) - K, 0) at time T+δ, where L is the LIBOR rate
    over [T, T+δ] and K is the strike.

    In the G2++ model, this can be computed using Black's formula with
    an adjusted volatility that accounts for both factors and their correlation.

    Args:
        params: G2++ model parameters
        strike: Strike rate (annualized)
        maturity: Caplet maturity T
        tenor: Accrual period δ (e.g., 0.25 for 3M LIBOR)
        notional: Notional amount (default: 1.0)

    Returns:
        Caplet price

    Notes:
        Uses the approximation that the forward rate is log-normally distributed
        under the T+δ forward measure, with variance computed from the two-factor
        model structure.
    """
    T = maturity
    delta = tenor
    T_end = T + delta

    # Compute forward rate F(0,T,T+δ) = (P(0,T) - P(0,T+δ)) / (δ·P(0,T+δ))
    P_T = zero_coupon_bond_price(params, T)
    P_T_end = zero_coupon_bond_price(params, T_end)
    forward_rate = (P_T - P_T_end) / (delta * P_T_end)

    # Compute integrated variance for the forward rate
    # This requires computing the variance of ln(F(t,T,T+δ)) over [0,T]
    # Approximation: use variance from both factors

    a, b = params.a, params.b
    sigma_x, sigma_y, rho = params.sigma_x, params.sigma_y, params.rho

    # Compute B coefficients
    B_x_T = B_coefficient(a, 0, T)
    B_x_T_end = B_coefficient(a, 0, T_end)
    B_y_T = B_coefficient(b, 0, T)
    B_y_T_end = B_coefficient(b, 0, T_end)

    # Delta B coefficients (sensitivity to factors)
    Delta_B_x = B_x_T - B_x_T_end
    Delta_B_y = B_y_T - B_y_T_end

    # Integrated variance contribution
    V_x = (sigma_x**2 / (2 * a**3)) * (1 - jnp.exp(-2 * a * T)) * Delta_B_x**2
    V_y = (sigma_y**2 / (2 * b**3)) * (1 - jnp.exp(-2 * b * T)) * Delta_B_y**2
    V_xy = (rho * sigma_x * sigma_y / (a * b * (a + b))) * (
        1 - jnp.exp(-(a + b) * T)
    ) * Delta_B_x * Delta_B_y

    variance = V_x + V_y + 2 * V_xy
    volatility = jnp.sqrt(variance / T) if T > 0 else 0.0

    # Black's formula for caplet
    d1 = (jnp.log(forward_rate / strike) + 0.5 * variance) / jnp.sqrt(variance)
    d2 = d1 - jnp.sqrt(variance)

    from jax.scipy.stats import norm

    price = notional * delta * P_T_end * (
        forward_rate * norm.cdf(d1) - strike * norm.cdf(d2)
    )

    return price


@jax.jit
def f(strike, maturity, tenor):
    params = G2PPParams(a=0.1, b=0.2, sigma_x=0.01, sigma_y=0.015, rho=-0.7, r0=0.03)
    return caplet_price(params, strike, maturity, tenor, notional=1e6)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # this revision's bond prices give negative forwards (no phi, r0 unused), so strikes are
    # drawn negative as well; log(F/K) is then finite
    strike = np.float32(rng.uniform(-0.012, -0.0005))
    maturity = np.float32(rng.uniform(0.25, 10.0))
    if rng.random() < 0.3:
        maturity = np.float32(0.0)  # spot-starting caplet: tau = 0 and T = 0 branches
    tenor = np.float32(rng.choice([0.25, 0.5, 1.0]))
    return (strike, maturity, tenor)


INPUTS = make_inputs


def _post_init_ref(self):
    # the same checks, with the identifiability test on the Python floats
    if self.a <= 0 or self.b <= 0 or self.sigma_x <= 0 or self.sigma_y <= 0:
        raise ValueError("bad params")
    if not -1.0 <= self.rho <= 1.0:
        raise ValueError("bad rho")
    if abs(self.a - self.b) < 1e-6:
        raise ValueError("a == b")


def _zcb_ref(params, T, x_t=0.0, y_t=0.0, t=0.0):
    tau = T - t
    B_x = B_coefficient(params.a, t, T)
    B_y = B_coefficient(params.b, t, T)
    V_x = (params.sigma_x**2 / (2 * params.a**2)) * (
        tau - 2 * B_x + B_x * (1 - jnp.exp(-params.a * tau)) / params.a
    )
    V_y = (params.sigma_y**2 / (2 * params.b**2)) * (
        tau - 2 * B_y + B_y * (1 - jnp.exp(-params.b * tau)) / params.b
    )
    V_xy = (params.rho * params.sigma_x * params.sigma_y / (params.a * params.b)) * jnp.where(
        tau > 1e-10, tau - B_x - B_y + B_x * B_y / tau, 0.0
    )
    V = V_x + V_y + V_xy
    log_P = V - 0.0 - B_x * x_t - B_y * y_t
    return jnp.exp(log_P)


@jax.jit
def reference_fix(strike, maturity, tenor):
    params = G2PPParams.__new__(G2PPParams)
    params.a, params.b, params.sigma_x, params.sigma_y, params.rho, params.r0 = 0.1, 0.2, 0.01, 0.015, -0.7, 0.03
    params.x0, params.y0, params.phi_fn = 0.0, 0.0, None
    _post_init_ref(params)
    notional = 1e6
    T = maturity
    delta = tenor
    T_end = T + delta
    P_T = _zcb_ref(params, T)
    P_T_end = _zcb_ref(params, T_end)
    forward_rate = (P_T - P_T_end) / (delta * P_T_end)
    a, b = params.a, params.b
    sigma_x, sigma_y, rho = params.sigma_x, params.sigma_y, params.rho
    B_x_T = B_coefficient(a, 0, T)
    B_x_T_end = B_coefficient(a, 0, T_end)
    B_y_T = B_coefficient(b, 0, T)
    B_y_T_end = B_coefficient(b, 0, T_end)
    Delta_B_x = B_x_T - B_x_T_end
    Delta_B_y = B_y_T - B_y_T_end
    V_x = (sigma_x**2 / (2 * a**3)) * (1 - jnp.exp(-2 * a * T)) * Delta_B_x**2
    V_y = (sigma_y**2 / (2 * b**3)) * (1 - jnp.exp(-2 * b * T)) * Delta_B_y**2
    V_xy = (rho * sigma_x * sigma_y / (a * b * (a + b))) * (
        1 - jnp.exp(-(a + b) * T)
    ) * Delta_B_x * Delta_B_y
    variance = V_x + V_y + 2 * V_xy
    volatility = jnp.where(T > 0, jnp.sqrt(variance / T), 0.0)
    d1 = (jnp.log(forward_rate / strike) + 0.5 * variance) / jnp.sqrt(variance)
    d2 = d1 - jnp.sqrt(variance)
    from jax.scipy.stats import norm
    price = notional * delta * P_T_end * (
        forward_rate * norm.cdf(d1) - strike * norm.cdf(d2)
    )
    return price
