"""A jitted method stores an intermediate on self (self.cache = out).

source: https://pytroubles.com/ru/ampposts/id913-jax-i-jit-tracerarrayconversionerror-i-kak-ispravit (Box.apply_jit with @partial(jax.jit, static_argnums=0) writing self.cache; np.array(box.cache) then fails with TracerArrayConversionError)
error: UnexpectedTracerError
category: escape-to-self
expect: report
notes: verbatim class (the trace-time prints dropped); f is the bound jitted method of a module-level Box. Under jit the attribute receives a tracer that outlives the trace (reported by jax.checking_leaks as a leaked trace, and later as TracerArrayConversionError when read). Writing to the object is a side effect: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial

import jax


class Box:

    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        out = arr * 2
        self.cache = out
        return out


box = Box()
f = box.apply_jit
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32),)


INPUTS = make_inputs
