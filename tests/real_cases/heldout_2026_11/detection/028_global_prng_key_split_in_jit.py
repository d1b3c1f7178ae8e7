"""A jitted init function splits a module-global PRNG key and writes it back.

source: https://github.com/jax-ml/jax/pull/4312 ("improve an escaped tracer error message": the repro modelling errors Flax and Haiku users hit after omnistaging, `global key; key, subkey = random.split(key)` inside a jitted init)
error: UnexpectedTracerError
category: escape-to-global
expect: report
notes: verbatim init() from the PR description; f = jit(init) takes no arguments, as there. Under jit the global `key` is rebound to a tracer (the leak checker reports it; a later use of `key` raises UnexpectedTracerError) and repeated calls silently reuse the same randomness. Threading the key through arguments and results changes the function's interface: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from jax import jit
from jax import random

key = random.PRNGKey(0)


def init():
    global key
    key, subkey = random.split(key)
    return random.normal(subkey, ())


f = jit(init)
# --- end user code ---


def make_inputs(rng):
    return ()


INPUTS = make_inputs
