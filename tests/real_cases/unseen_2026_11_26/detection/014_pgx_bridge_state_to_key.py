"""pgx bridge: `_state_to_key` writes a NumPy array at positions read from the state's traced `hand`.

source: sotetsuk/pgx pgx/contractbridgebidding.py at 11e89413455f46e5a700e6e83b1d1133d27236b5 (ContractBridgeBiddingState.hand, _state_to_key, _to_binary)
error: TracerArrayConversionError
category: numpy-scatter-at-traced-index-via-object
expect: fix
notes: _state_to_key and _to_binary verbatim; the state dataclass is reduced to its `hand` field without the NumPy default (dataclasses reject unhashable defaults). `f` jits the key computation for a dealt state, as the env does to look deals up in its table. The `if i // 13 == ...` chain tests the Python loop counter and is fine; the leak is `key[hand[i]] = ...`, a NumPy array indexed by a traced card. Inputs are random deals.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import numpy as np


@dataclass
class ContractBridgeBiddingState:
    # hand 各プレイヤーの手札
    # index = 0 ~ 12がN, 13 ~ 25がE, 26 ~ 38がS, 39 ~ 51がWの持つ手札
    hand: np.ndarray


# state => key
# N 0, E 1, S 2, W 3
# output = [np.int32 np.int32 np.int32 np.int32]
def _state_to_key(state: ContractBridgeBiddingState) -> np.ndarray:
    hand = state.hand
    key = np.zeros(52, dtype=np.int8)
    for i in range(52):
        if i // 13 == 0:
            key[hand[i]] = 0
        elif i // 13 == 1:
            key[hand[i]] = 1
        elif i // 13 == 2:
            key[hand[i]] = 2
        elif i // 13 == 3:
            key[hand[i]] = 3
    key = key.reshape(4, 13)
    return _to_binary(key)


# 4進数表現を10進数に変換
# 左側が上位桁
def _to_binary(x: np.ndarray) -> np.ndarray:
    bases = np.array([4**i for i in range(13)], dtype=np.int32)[::-1]
    return (x * bases).sum(axis=1)  # shape = (1,)


@jax.jit
def f(hand):
    return _state_to_key(ContractBridgeBiddingState(hand=hand))
# --- end user code ---


def make_inputs(rng):
    return (rng.permutation(52).astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(hand):
    import jax.numpy as jnp
    key = jnp.zeros(52, dtype=jnp.int8).at[hand].set(
        (jnp.arange(52) // 13).astype(jnp.int8))
    bases = jnp.array([4**i for i in range(13)], dtype=jnp.int32)[::-1]
    return (key.reshape(4, 13) * bases).sum(axis=1)
