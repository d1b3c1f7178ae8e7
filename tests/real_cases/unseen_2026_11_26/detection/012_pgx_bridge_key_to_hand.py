"""pgx bridge: `_key_to_hand` decodes a deal key with `np.base_repr`, `int()` and `np.where` on traced digits.

source: sotetsuk/pgx pgx/contractbridgebidding.py at 11e89413455f46e5a700e6e83b1d1133d27236b5 (_key_to_hand, the NumPy-era decoder of the 4 x int32 deal keys produced by _to_binary)
error: ConcretizationTypeError
category: numpy-int-and-mask-on-traced-array
expect: fix
notes: the helper verbatim; jitted directly on a key, as the env's jitted init does when it draws a deal from its key table. The leaks: `np.base_repr(j, 4)` calls int() on each traced key, the comprehension's `int(i)` and `np.array` need concrete digits, and `np.where(cards == k)` has a data-dependent length (the four lengths always sum to 52, so the concatenation has a static shape; a stable argsort of the digits gives the same order). Inputs are random deals encoded with the env's _to_binary.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


def _key_to_hand(key: np.ndarray) -> np.ndarray:
    cards = np.array(
        [int(i) for j in key for i in np.base_repr(j, 4).zfill(13)],
        dtype=np.int8,
    )
    return np.concatenate(
        [
            np.where(cards == 0),
            np.where(cards == 1),
            np.where(cards == 2),
            np.where(cards == 3),
        ],
        axis=1,
    ).reshape(-1)


f = jax.jit(_key_to_hand)
# --- end user code ---


# 4進数表現を10進数に変換 (the env's encoder, used to build inputs)
def _to_binary(x: np.ndarray) -> np.ndarray:
    bases = np.array([4**i for i in range(13)], dtype=np.int32)[::-1]
    return (x * bases).sum(axis=1)  # shape = (1,)


def make_inputs(rng):
    hand = rng.permutation(52)
    key = np.zeros(52, dtype=np.int8)
    for i in range(52):
        key[hand[i]] = i // 13
    return (_to_binary(key.reshape(4, 13)).astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(key):
    import jax.numpy as jnp
    shifts = jnp.arange(24, -1, -2)
    digits = (key[:, None] >> shifts) & 0b11
    return jnp.argsort(digits.reshape(-1), stable=True)
