"""Quax/PsiJax's triply nested while loop on traced counters (jax issue #2261's test4).

source: https://github.com/jax-ml/jax/issues/2261 (adabbott, test4) and CCQC/Quax PsiJax/integrals_dev/tei_trials/teis_trial7/kmurph_trial1/whileissue/TEST.py
error: TracerBoolConversionError
category: nested-while
expect: fix
notes: the issue writes the loops with the since-removed jax.experimental.loops API (`for _ in s.while_range(lambda: cond):` over `s.` scope variables), which its authors adopted because plain Python `while` on traced values fails under jit. Here the same function is written back with plain `while` loops and locals (one-to-one: each while_range is a `while`, each `s.x` a local), then jitted as in the issue. All three conditions depend on the traced arguments; the middle and inner loops re-initialise their counters from outer-loop state.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(a, b):
    quantity = 0.0
    i = a + b
    j = 2 * i + 1
    k = b + 2

    while i > 0:
        j = 2 * i + 1
        while j > 0:
            k = b + 2
            while k > 0:
                quantity += i + k + j
                k -= 1
            j -= 1
        i -= 1
    return quantity
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    a = np.float32(rng.choice([rng.uniform(-1.0, 3.0), 3.0, -2.0]))
    b = np.float32(rng.choice([rng.uniform(-3.0, 2.5), 2.0, -2.5]))
    return (a, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(a, b):
    def inner(c):
        k, q, i, j = c
        return k - 1, q + i + k + j, i, j

    def middle(c):
        j, q, i = c
        _, q, _, _ = jax.lax.while_loop(lambda s: s[0] > 0, inner, (b + 2, q, i, j))
        return j - 1, q, i

    def outer(c):
        i, q = c
        _, q, _ = jax.lax.while_loop(lambda s: s[0] > 0, middle, (2 * i + 1, q, i))
        return i - 1, q

    _, q = jax.lax.while_loop(lambda s: s[0] > 0, outer, (a + b, jnp.float32(0.0)))
    return q
