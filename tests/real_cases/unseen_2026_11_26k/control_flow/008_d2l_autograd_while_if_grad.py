"""d2l's "gradient of Python control flow" example under jax.grad alone: fine, nothing to change.

source: d2l-ai/d2l-en chapter_preliminaries/autograd.md, `%%tab jax` cells of "Computing the Gradient of Python Control Flow" (`def f(a)` with `while jnp.linalg.norm(b) < 1000` and `if b.sum() > 0`, then `d_grad = grad(f)(a)`); the stored d2l-en revisions (e.g. 6f1a4d81ef99850ed246462eac3926e27ef6e326) predate the jax tab, which the index holds in the d2l translations' copies of the same file
error: none
category: negative-grad-python-loop
expect: untouched
notes: f is verbatim; `f = grad(f)` rebinds the name the way the notebook calls `grad(f)(a)`.
  jax.grad alone evaluates with concrete primal values, so Python while/if on them is legal;
  a fixer must not rewrite the loop.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import grad


def f(a):
    b = a * 2
    while jnp.linalg.norm(b) < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


f = grad(f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal()),)


INPUTS = make_inputs
