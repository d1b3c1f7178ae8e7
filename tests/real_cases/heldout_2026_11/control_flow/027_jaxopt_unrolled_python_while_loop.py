"""jaxopt's loop.while_loop with unroll=True, jit=False: `for _ in range(maxiter): if not cond_fun(val): break` inside a user's jitted function.

source: google/jaxopt jaxopt/_src/loop.py at 6b35a61dc717c0ffe194a7349bf9a1c7a3473baf (_while_loop_python and the while_loop dispatcher; solvers take this path when jit is disabled, e.g. verbose=True, and implicit differentiation is off)
error: TracerBoolConversionError
category: for-range-if-not-break-static-dispatch
expect: fix
notes: loop.py's _while_loop_scan, _while_loop_python, _while_loop_lax and while_loop verbatim. f is a small jitted gradient-descent solve that calls while_loop(..., unroll=True, jit=False) as a jaxopt solver does with jit off: the dispatcher's `if unroll:` / `if jit:` tests are static configuration and must stay Python, and only `if not cond:` inside _while_loop_python is traced. The loop state is a (params, error, iteration) tuple.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _while_loop_scan(cond_fun, body_fun, init_val, max_iter):
  """Scan-based implementation (jit ok, reverse-mode autodiff ok)."""
  def _iter(val):
    next_val = body_fun(val)
    next_cond = cond_fun(next_val)
    return next_val, next_cond

  def _fun(tup, it):
    val, cond = tup
    # When cond is met, we start doing no-ops.
    return jax.lax.cond(cond, _iter, lambda x: (x, False), val), it

  init = (init_val, cond_fun(init_val))
  return jax.lax.scan(_fun, init, None, length=max_iter)[0][0]


def _while_loop_python(cond_fun, body_fun, init_val, maxiter):
  """Python based implementation (no jit, reverse-mode autodiff ok)."""
  val = init_val
  for _ in range(maxiter):
    cond = cond_fun(val)
    if not cond:
      # When condition is met, break (not jittable).
      break
    val = body_fun(val)
  return val


def _while_loop_lax(cond_fun, body_fun, init_val, maxiter):
  """lax.while_loop based implementation (jit by default, no reverse-mode)."""
  def _cond_fun(_val):
    it, val = _val
    return jnp.logical_and(cond_fun(val), it <= maxiter - 1)

  def _body_fun(_val):
    it, val = _val
    val = body_fun(val)
    return it+1, val

  return jax.lax.while_loop(_cond_fun, _body_fun, (0, init_val))[1]


def while_loop(cond_fun, body_fun, init_val, maxiter, unroll=False, jit=False):
  """A while loop with a bounded number of iterations."""

  if unroll:
    if jit:
      fun = _while_loop_scan
    else:
      fun = _while_loop_python
  else:
    if jit:
      fun = _while_loop_lax
    else:
      raise ValueError("unroll=False and jit=False cannot be used together")

  if jit and fun is not _while_loop_lax:
    # jit of a lax while_loop is redundant, and this jit would only
    # constrain maxiter to be static where it is not required.
    fun = jax.jit(fun, static_argnums=(0, 1, 3))

  return fun(cond_fun, body_fun, init_val, maxiter)


@jax.jit
def f(Q, c, x0, stepsize):
  def grad(x):
    return Q @ x - c

  def cond_fun(state):
    x, error, it = state
    return error > 1e-3

  def body_fun(state):
    x, error, it = state
    x = x - stepsize * grad(x)
    return x, jnp.linalg.norm(grad(x)), it + 1

  init = (x0, jnp.linalg.norm(grad(x0)), 0)
  return while_loop(cond_fun, body_fun, init, maxiter=200, unroll=True, jit=False)
# --- end user code ---

import numpy as np


def make_inputs(rng):
  n = 4
  M = rng.normal(size=(n, n))
  Q = (M @ M.T / n + np.eye(n) * rng.uniform(0.2, 1.0)).astype(np.float32)
  c = rng.normal(size=(n,)).astype(np.float32)
  x0 = rng.normal(size=(n,)).astype(np.float32)
  if rng.uniform() < 0.2:
    x0 = np.linalg.solve(Q, c).astype(np.float32)      # already converged: no iteration
  stepsize = np.float32(1.0 / np.linalg.eigvalsh(Q).max())
  return (Q, c, x0, stepsize)


INPUTS = make_inputs


@jax.jit
def reference_fix(Q, c, x0, stepsize):
  def grad(x):
    return Q @ x - c

  def body_fun(state):
    x, error, it = state
    x = x - stepsize * grad(x)
    return x, jnp.linalg.norm(grad(x)), it + 1

  init = (x0, jnp.linalg.norm(grad(x0)), 0)
  return _while_loop_lax(lambda s: s[1] > 1e-3, body_fun, init, 200)
