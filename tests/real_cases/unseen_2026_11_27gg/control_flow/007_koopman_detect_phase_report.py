"""Koopman/IPDA trading module: detect_phase_from_history returns a regime *string* chosen by traced tests.

source: public JAX trading script koopman_operator.py in the code index ("Koopman + DMD para Trading Regímenes IPDA"; code-index file id 52565420148; the index does not name the repository): KoopmanTrader.detect_phase_from_history
error: TracerBoolConversionError
category: if-elif-chain-returning-python-strings
expect: report
notes: detect_phase_from_history is verbatim. The rest of KoopmanTrader (redis client in __init__, EDMD, async signal loop) is dropped; the instance is made with __new__ so no redis connection is needed. The entry point jits the bound method. The `len(prices) < 20` test is static and fine, but the if/elif chain on traced price comparisons selects one of four Python strings: a jitted function cannot return a string, so no output-preserving automatic rewrite exists (it needs an API change, e.g. an integer code plus a lookup outside jit).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class KoopmanTrader:
    def detect_phase_from_history(self, prices: jnp.ndarray) -> str:
        """Simplified IPDA phase (from adelic_tube)."""
        if len(prices) < 20:
            return 'FLAT'
        
        df20 = prices[-2880:]  # 20 days 1min
        higher_low = prices[-1] > prices[-2]
        vol_proxy = jnp.std(prices[-5:])  # volatility as vol proxy
        
        if higher_low and vol_proxy < jnp.std(prices[-20:]):
            return 'ACCUMULATION'
        elif jnp.abs(prices[-1] - prices[-2]) > 2 * jnp.std(prices[-5:]):
            return 'MANIPULATION'
        elif prices[-1] < prices[-2] and vol_proxy > jnp.std(prices[-20:]):
            return 'DISTRIBUTION'
        
        return 'FLAT'


_trader = KoopmanTrader.__new__(KoopmanTrader)
f = jax.jit(_trader.detect_phase_from_history)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    prices = (1.10 + np.cumsum(rng.normal(scale=1e-3, size=(64,)))).astype(np.float32)
    return (prices,)


INPUTS = make_inputs
