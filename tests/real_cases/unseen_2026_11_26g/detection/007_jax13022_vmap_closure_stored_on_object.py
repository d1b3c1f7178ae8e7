"""A vmapped function stores a closure over its batched argument in a dict held by a module-level object.

source: https://github.com/jax-ml/jax/pull/13022 (mattjj, "leak checker: explain why a tracer is alive by printing a reference chain": class A with `self.dct`, `sketch(x)` doing `a.dct['hi'] = [lambda: x]`, run as `jax.vmap(sketch)(jnp.arange(3))` under `jax_check_tracer_leaks`)
error: UnexpectedTracerError
category: side-effect-tracer-escape
expect: report
notes: verbatim except that `f` is the vmapped `sketch` (the PR applies `jax.vmap(sketch)` at the call site) and the config flag is replaced by the judge's `jax.checking_leaks()` context; the leak is then reported as "Leaked trace BatchTrace ... referred to by <function> closed-over variable x ... <A>.dct". Without leak checking the call returns normally and the escaped tracer only fails later when `a.dct['hi'][0]()` is used. Report: the side effect (keeping a closure over a traced value on a global object) has no jit-safe automatic rewrite.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax


class A:
    def __init__(self, dct):
        self.dct = dct


a = A({})


def sketch(x):
    a.dct['hi'] = [lambda: x]
    return x


f = jax.vmap(sketch)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.arange(3, dtype=np.int32) + int(rng.integers(0, 5)),)


INPUTS = make_inputs
