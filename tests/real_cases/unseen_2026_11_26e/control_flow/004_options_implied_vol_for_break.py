"""Black-Scholes implied volatility by Newton: `for i in range(200)` with `if abs(...) < tol: break`.

source: AnuragChaudhari7/optionsPricing backend/implied_volatility.py (`newton_raphson`); pricing formulas from backend/black_scholes.py @9d49ed68c7e62be85db86a289764f693fb0af6b0 (`black_scholes_call`, `vega`)
error: TracerBoolConversionError
category: for-break-builtin-abs
expect: fix
notes: `newton_raphson` verbatim (the commented-out print dropped) and jitted with every argument traced, `tol` included. The two helpers it imports are inlined with `math`/`scipy.stats.norm` replaced by `jax.numpy`/`jax.scipy.stats.norm` (the module's `vega` is imported under the name `greek_vega`). Some trials pass `tol=0`, so the loop runs all 200 iterations without breaking.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


def black_scholes_call(S=42, K=40, T=0.5, r=0.1, sig=0.2):
    discount = jnp.exp(-r * T)
    d1 = (jnp.log(S/K) + T*(r + (sig**2)/2)) / (sig * jnp.sqrt(T))
    d2 = d1 - (sig * jnp.sqrt(T))

    C = (S * norm.cdf(d1)) - (K * discount * norm.cdf(d2))
    return C


def greek_vega(S, K, T, r, sig):
    d1 = (jnp.log(S/K) + T*(r + (sig**2)/2)) / (sig * jnp.sqrt(T))
    vega = S * norm.pdf(d1, 0, 1) * jnp.sqrt(T)
    return vega


@jax.jit
def f(S, K, T, r, sig, P, tol=0.00001):
    '''
    S: Stock Price
    K: Strike Price
    T: Time to Expiry
    r: Risk-free interest rate
    sig: Initial volatility guess
    P: Option Premium (Price)
    tol: I-V accuracy

    returns I-V as a decimal
    '''

    old_vol = sig

    for i in range(200):
        bs_price = black_scholes_call(S,K,T,r,old_vol)
        vega = greek_vega(S,K,T,r,old_vol)

        new_vol = old_vol - ((bs_price - P) / vega)

        # if within tolerance
        if abs(old_vol - new_vol) < tol:
            break

        old_vol = new_vol

    return new_vol
# --- end user code ---

import numpy as np


def make_inputs(rng):
    S = np.float32(rng.uniform(35, 50))
    K = np.float32(rng.uniform(35, 50))
    T = np.float32(rng.uniform(0.25, 1.0))
    r = np.float32(0.05)
    true_vol = np.float32(rng.uniform(0.2, 0.5))
    P = np.asarray(black_scholes_call(S, K, T, r, true_vol), dtype=np.float32)
    sig = np.float32(rng.uniform(0.25, 0.4))
    tol = np.float32(0.0 if rng.random() < 0.25 else 1e-5)
    return (S, K, T, r, sig, P, tol)


INPUTS = make_inputs


@jax.jit
def reference_fix(S, K, T, r, sig, P, tol=0.00001):
    def cond(carry):
        i, old_vol, new_vol, done = carry
        return (i < 200) & ~done

    def body(carry):
        i, old_vol, _, _ = carry
        bs_price = black_scholes_call(S, K, T, r, old_vol)
        vega = greek_vega(S, K, T, r, old_vol)
        new_vol = old_vol - ((bs_price - P) / vega)
        done = jnp.abs(old_vol - new_vol) < tol
        old_vol = jnp.where(done, old_vol, new_vol)
        return i + 1, old_vol, new_vol, done

    sig = jnp.asarray(sig, jnp.float32)
    _, _, new_vol, _ = jax.lax.while_loop(cond, body, (0, sig, sig, jnp.bool_(False)))
    return new_vol
