"""jaxfin's first Black-Scholes vanilla pricer: `if is_call:` on a traced flag picks call or put (put-call parity).

source: paolodelia99/jaxfin src/price_engine/black_scholes/vanilla_options.py at 32728b995743fa0d436acee9d742497c6edb8a98 (`_vanilla_price`, `_ncdf`); the later revision at ea93e53104e52c91a0a10bdd2f9661c92693d26f replaces the branch with `jnp.where(are_calls, undiscounted_calls, undiscouted_puts)`
error: TracerBoolConversionError
category: if-else-return-traced-flag
expect: fix
notes: `_vanilla_price` and `_ncdf` are verbatim. Upstream exposes `vanilla_price = jax.vmap(_vanilla_price)`, where the per-option `is_call` is a BatchTracer; the judge needs an eager baseline (vmap traces even with jit disabled), so `f = jax.jit(_vanilla_price)` prices a batch of options sharing one traced `is_call` flag (a NumPy bool scalar; trials draw both values). `dtype` stays None (static `is not None` branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.special import erf

_SQRT_2 = jnp.sqrt(2.0)


def _vanilla_price(
        spot,
        strike,
        expire,
        vol,
        discount_rate=None,
        dividend_rate=None,
        is_call: jnp.bool_ = True,
        dtype: jnp.dtype = None):
    if dtype is not None:
        spot = jnp.astype(spot, dtype)
        strike = jnp.astype(strike, dtype)
        expire = jnp.astype(expire, dtype)
        vol = jnp.astype(vol, dtype)

    if discount_rate is None:
        discount_rate = jnp.float32(0.0)

    if dividend_rate is None:
        dividend_rate = jnp.float32(0.0)

    _D = jnp.exp((discount_rate - dividend_rate) * expire)
    forward = _D * spot

    vol_sqrt_t = vol * jnp.sqrt(expire)

    d1 = jnp.divide(jnp.log(forward / strike), vol_sqrt_t) + vol_sqrt_t / 2
    d2 = d1 - vol_sqrt_t

    call_price = _D * (_ncdf(d1) * forward - _ncdf(d2) * strike)

    if is_call:
        return call_price
    else:
        return call_price + _D * strike - spot


def _ncdf(x):
    return (erf(x / _SQRT_2) + 1) / 2


f = jax.jit(_vanilla_price)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    spot = rng.uniform(95.0, 105.0, n).astype(np.float32)
    strike = rng.uniform(95.0, 105.0, n).astype(np.float32)
    expire = rng.uniform(0.5, 2.0, n).astype(np.float32)
    vol = rng.uniform(0.2, 0.5, n).astype(np.float32)
    discount_rate = rng.uniform(0.0, 0.05, n).astype(np.float32)
    dividend_rate = rng.uniform(0.0, 0.03, n).astype(np.float32)
    is_call = np.bool_(rng.integers(0, 2))
    return (spot, strike, expire, vol, discount_rate, dividend_rate, is_call)


INPUTS = make_inputs


@jax.jit
def reference_fix(spot, strike, expire, vol, discount_rate=None, dividend_rate=None,
                  is_call=True):
    if discount_rate is None:
        discount_rate = jnp.float32(0.0)
    if dividend_rate is None:
        dividend_rate = jnp.float32(0.0)
    _D = jnp.exp((discount_rate - dividend_rate) * expire)
    forward = _D * spot
    vol_sqrt_t = vol * jnp.sqrt(expire)
    d1 = jnp.divide(jnp.log(forward / strike), vol_sqrt_t) + vol_sqrt_t / 2
    d2 = d1 - vol_sqrt_t
    call_price = _D * (_ncdf(d1) * forward - _ncdf(d2) * strike)
    return jnp.where(is_call, call_price, call_price + _D * strike - spot)
