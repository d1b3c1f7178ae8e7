"""A chained comparison `a < x <= b` as a lax.cond predicate: Python's implicit `and` needs a concrete bool.

source: https://github.com/jax-ml/jax/issues/24683 (zgbkdlm, "Bit and Boolean operands": f1; the thread's f2 writes the same test with `and`, and f3 with `&`, which works)
error: TracerBoolConversionError
category: truth-test-chained-comparison
expect: fix
notes: f1 verbatim, renamed to `f`. The chained comparison expands to `(a < x) and (x <= b)`, which calls bool() on the first traced comparison. The issue calls it as f1(jnp.array(1.), 2., 3.), so a and b are traced too; make_inputs keeps them as arrays and draws x on both sides of the interval. The jit-safe form is the issue's f3, `(x > a) & (x <= b)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x, a, b):
    return jax.lax.cond(a < x <= b,
                        lambda _: 666,
                        lambda _: 999,
                        None)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = np.float32(rng.uniform(1.0, 2.5))
    b = np.float32(a + rng.uniform(0.5, 1.5))
    # x below, inside, exactly at b, or above the interval
    choice = rng.integers(0, 4)
    x = [a - 1.0, (a + b) / 2, b, b + 1.0][choice]
    return (np.float32(x), a, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, a, b):
    return jax.lax.cond((x > a) & (x <= b),
                        lambda _: 666,
                        lambda _: 999,
                        None)
