"""jaxfin's rewritten Black-Scholes pricer: call/put chosen with jnp.where, only `is None` branches left (already jit-safe).

source: paolodelia99/jaxfin src/price_engine/black_scholes/vanilla_options.py at ea93e53104e52c91a0a10bdd2f9661c92693d26f (`vanilla_price`, `_compute_undiscounted_call_prices`, `_ncdf`); the rewrite of case 002's `if is_call:`
error: none
category: negative-is-none-defaults
expect: untouched
notes: verbatim; `f = jax.jit(vanilla_price)` added (upstream tests call it eagerly; its helpers are already jitted). Look-alike: `if dtype is not None`, `if discount_rates is None`, `if are_calls is None` test only whether an argument was passed; `shape = spots.shape` is static.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.special import erf

_SQRT_2 = jnp.sqrt(2.0)

@jax.jit
def _compute_undiscounted_call_prices(spots, strikes, expires, vols, discount_factors):
    forwards = discount_factors * spots

    vol_sqrt_t = vols * jnp.sqrt(expires)

    d1 = jnp.divide(jnp.log(forwards / strikes), vol_sqrt_t) + vol_sqrt_t / 2
    d2 = d1 - vol_sqrt_t

    return _ncdf(d1) * forwards - _ncdf(d2) * strikes

def vanilla_price(
        spots: jax.Array,
        strikes: jax.Array,
        expires: jax.Array,
        vols: jax.Array,
        discount_rates: jax.Array = None,
        dividend_rates: jax.Array = None,
        are_calls: jax.Array = None,
        dtype: jnp.dtype = None):
    shape = spots.shape

    if dtype is not None:
        spots = jnp.astype(spots, dtype)
        strikes = jnp.astype(strikes, dtype)
        expires = jnp.astype(expires, dtype)
        vols = jnp.astype(vols, dtype)

    if discount_rates is None:
        discount_rates = jnp.zeros(shape, dtype=dtype)

    if dividend_rates is None:
        dividend_rates = jnp.zeros(shape, dtype=dtype)

    discount_factors = jnp.exp((discount_rates - dividend_rates) * expires)
    forwards = discount_factors * spots

    undiscounted_calls = _compute_undiscounted_call_prices(spots, strikes, expires, vols, discount_factors)

    if are_calls is None:
        return discount_factors * undiscounted_calls

    undiscounted_forwards = forwards - strikes
    undiscouted_puts = undiscounted_calls - undiscounted_forwards
    return discount_factors * jnp.where(are_calls, undiscounted_calls, undiscouted_puts)


@jax.jit
def _ncdf(x):
    return (erf(x / _SQRT_2) + 1) / 2


f = jax.jit(vanilla_price)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    spots = rng.uniform(95.0, 105.0, n).astype(np.float32)
    strikes = rng.uniform(95.0, 105.0, n).astype(np.float32)
    expires = rng.uniform(0.5, 2.0, n).astype(np.float32)
    vols = rng.uniform(0.2, 0.5, n).astype(np.float32)
    discount_rates = rng.uniform(0.0, 0.05, n).astype(np.float32)
    dividend_rates = rng.uniform(0.0, 0.03, n).astype(np.float32)
    are_calls = rng.uniform(size=n) < 0.5
    return (spots, strikes, expires, vols, discount_rates, dividend_rates, are_calls)


INPUTS = make_inputs
