"""A dataclass state field used as a `lax.scan` length: the field is a pytree leaf, so it is traced.

source: https://github.com/google-deepmind/chex/issues/104 (NeilGirdhar, `do_scan(D(x=1.0, y=10))` fails while the tjax `field(static=True)` variant works)
error: ConcretizationTypeError
category: dataclass-field-traced-length
expect: fix
notes: `chex.dataclass` (every field a pytree leaf) is emulated with `jax.tree_util.register_dataclass` on a plain dataclass, since chex is not installed; the tjax variant is dropped; the scan body `f` is renamed `body` so that the jitted `do_scan` can be exported as `f`. Under jit `c.y` is a tracer, so `scan(..., length=c.y)` cannot get a concrete length; the inputs keep passing `y` as a leaf, so a fix has to live inside `do_scan` (e.g. `lax.fori_loop`, which accepts a traced trip count).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses

import jax
from jax import jit
from jax.lax import scan


def body(carry, _):
    return carry + 1.0, None


@jit
def do_scan(c):
    final, _ = scan(body, c.x, None, c.y)
    return final


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class D:
    x: float
    y: int


f = do_scan
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    y = int(rng.integers(0, 12))  # 0 exercises the empty scan
    return (D(x=np.float32(rng.normal()), y=y),)


INPUTS = make_inputs


@jax.jit
def reference_fix(c):
    return lax.fori_loop(0, c.y, lambda i, v: v + 1.0, c.x)
