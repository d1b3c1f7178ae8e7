"""A scan whose `length` comes from the jitted function's argument, with the body defined as a closure.

source: https://github.com/jax-ml/jax/issues/3603 (markusschmitt, "Issue with JIT when compiling scan function with given length": `do_stuff(length)` defining `f(carry, x)` and calling `jax.lax.scan(f, [1], xs=None, length=length)`, run as `jax.jit(do_stuff)(10)`)
error: ConcretizationTypeError
category: traced-length / static-argument
expect: fix
notes: the issue's `do_stuff` returns nothing; here it returns the scan's carry and stacked outputs (the body emits a running value instead of `[None]`) so the result can be checked, and the carry is a float list built from an input. The jit is applied as a decorator with the issue's call pattern (length passed as a Python int). The jit-safe fix is to make `length` static (`static_argnums`/`static_argnames`), which the thread converged on.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x0, length):
    def body(carry, x):
        carry = [carry[0] * 0.9 + 1.0]
        return carry, carry[0]

    return jax.lax.scan(body, [x0], xs=None, length=length)
# --- end user code ---

import functools

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal()), int(rng.integers(3, 8)))


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnames=("length",))
def reference_fix(x0, length):
    def body(carry, x):
        carry = [carry[0] * 0.9 + 1.0]
        return carry, carry[0]

    return jax.lax.scan(body, [x0], xs=None, length=length)
