"""A Python `if` on a string argument inside jit: safe, because the string type is registered as a static pytree.

source: https://docs.jax.dev/en/latest/_autosummary/jax.tree_util.register_static.html (register_static docstring example: StaticStr and `f(x, y, s)` returning `x + y if s == 'add' else x - y`)
error: none
category: negative-static-registered-type
expect: untouched
notes: verbatim from the docstring. `s` looks like a traced argument used in control flow, but `jax.tree_util.register_static` makes `StaticStr` a pytree with no leaves, so `s == 'add'` is a plain Python comparison during tracing. `make_inputs` alternates between 'add' and 'sub' to run both branches.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax


@jax.tree_util.register_static
class StaticStr(str):
  pass


@jax.jit
def f(x, y, s):
  return x + y if s == 'add' else x - y
# --- end user code ---

import numpy as np


def make_inputs(rng):
    op = StaticStr('add' if rng.integers(0, 2) else 'sub')
    return (rng.normal(size=(3,)).astype(np.float32), rng.normal(size=(3,)).astype(np.float32), op)


INPUTS = make_inputs
