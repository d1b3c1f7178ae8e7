"""brax v1 jumpy: loop wrappers that pick lax.* or a Python loop via an _in_jit() guard.

source: google/brax, brax/v1/jumpy.py (_in_jit, scan, while_loop, fori_loop)
error: none
category: negative-trace-guard-loops
expect: untouched
notes: the four functions are copied (the jax<=0.4.33 branch of _in_jit kept as written; it is not taken on current jax). Under jit (and with jit disabled) `_in_jit()` is True, so the traced loop bodies go to jax.lax.scan / while_loop / fori_loop and the Python `while cond_fun(val)` / `for i in range(lower, upper)` fallbacks never see a tracer. The caller f is a small stand-in written for this case (a discounted return by scan, a doubling loop by while_loop, a fixed-count fori_loop).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Any, Callable, Optional, Tuple, TypeVar

import jax
from jax import numpy as jnp

Carry = TypeVar('Carry')
X = TypeVar('X')
Y = TypeVar('Y')


def _in_jit() -> bool:
  """Returns true if currently inside a jax.jit call or jit is disabled."""
  if jax.config.jax_disable_jit:
    return True

  if jax.__version_info__ <= (0, 4, 33):
    return 'DynamicJaxprTrace' in str(
        jax.core.thread_local_state.trace_state.trace_stack
    )

  return jax.core.unsafe_am_i_under_a_jit_DO_NOT_USE()


def scan(f: Callable[[Carry, X], Tuple[Carry, Y]],
         init: Carry,
         xs: X,
         length: Optional[int] = None,
         reverse: bool = False,
         unroll: int = 1) -> Tuple[Carry, Y]:
  """Scan a function over leading array axes while carrying along state."""
  if _in_jit():
    return jax.lax.scan(f, init, xs, length, reverse, unroll)
  else:
    xs_flat, xs_tree = jax.tree_util.tree_flatten(xs)
    carry = init
    ys = []
    maybe_reversed = reversed if reverse else lambda x: x
    for i in maybe_reversed(range(length)):
      xs_slice = [x[i] for x in xs_flat]
      carry, y = f(carry, jax.tree_util.tree_unflatten(xs_tree, xs_slice))
      ys.append(y)
    mry = maybe_reversed(ys)
    stacked_y = jax.tree_util.tree_map(lambda *y: jnp.stack(y), *mry)
    return carry, stacked_y


def while_loop(cond_fun: Callable[[X], Any], body_fun: Callable[[X], X],
               init_val: X) -> X:
  """Call body_fun while cond_fun is true, starting with init_val."""
  if _in_jit():
    return jax.lax.while_loop(cond_fun, body_fun, init_val)
  else:
    val = init_val
    while cond_fun(val):
      val = body_fun(val)
    return val


def fori_loop(lower: int, upper: int, body_fun: Callable[[int, X], X],
              init_val: X) -> X:
  """Call body_fun over range from lower to upper, starting with init_val."""
  if _in_jit():
    return jax.lax.fori_loop(lower, upper, body_fun, init_val)
  else:
    val = init_val
    for i in range(lower, upper):
      val = body_fun(i, val)
    return val


@jax.jit
def f(rewards, x0):
  ret, _ = scan(lambda c, r: (0.9 * c + r, c), 0.0, rewards[::-1],
                length=rewards.shape[0])
  doubled = while_loop(lambda v: v < 100.0, lambda v: 2.0 * v + 1.0, x0)
  acc = fori_loop(0, 5, lambda i, v: v + i * rewards[i], 0.0)
  return ret, doubled, acc
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return rng.normal(size=(6,)).astype(np.float32), np.float32(rng.uniform(0.1, 50.0))


INPUTS = make_inputs
