"""A jax.numpy Levenberg-Marquardt with nested `while True` loops, an accept/reject `if` and an elif status chain.

source: code-index file id 28842124550 (a JAX experiment module `import jax.numpy as np`, `import jax.numpy.linalg as npla`, `from scipy.optimize import OptimizeResult`, function `levenberg_marquardt(fun, x0, jacfun, init_lamb=0.001, ftol=1e-8, xtol=1e-8, gtol=1e-8, lambfac=10, max_niters=100)` followed by the `D = 25; y = np.arange(D)+1; fun = lambda x: x**3 - y` demo); the index does not name the repository. A sibling file of the same repository (id 28575422407) holds a later Moré-style rewrite with `lm_param`.
error: TracerBoolConversionError
category: while-true-nested-break-elif-status
expect: fix
notes: `levenberg_marquardt` is verbatim. The module-level demo (`D = 25 ... print(res)`) is replaced by the entry point `_solve_cubic(x0, y)`, which builds the same residual `x**3 - y` and its `jax.jacfwd`, calls the solver with `xtol=1e-4` (the 1e-8 defaults sit below float32 resolution, where eager and compiled rounding pick different iteration counts) and returns `res.x, res.fun, res.status, res.nit, res.nfev` (the `message` string stays out of the jitted output); `f = jax.jit(_solve_cubic)`. Under jit the first failure is `if new_err > err:` in the inner accept/reject loop; the outer loop's `if err < ftol / elif dx < xtol / elif ... / elif nit >= max_niters` chain picks `status` and `message` and breaks. The fix needs nested `lax.while_loop`s whose carries include lamb, dx, the counters and the status code.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy        as np
import jax.numpy.linalg as npla

from scipy.optimize import OptimizeResult

def levenberg_marquardt(
    fun,
    x0,
    jacfun,
    init_lamb = 0.001,
    ftol = 1e-8,
    xtol = 1e-8,
    gtol = 1e-8,
    lambfac = 10,
    max_niters = 100,
):
  ''' Minimize the sum of squares of f(x) with respect to x. '''

  # Initialize lambda to its default.
  lamb = init_lamb

  # Statistics to track.
  nfev = 1
  njev = 1
  nit  = 0

  x   = x0
  dx  = np.inf
  fx  = fun(x)
  err = np.sqrt(np.mean(fx**2))

  while True:
    nit += 1

    # Precompute Jacobian-related quantities.
    Jx   = jacfun(x)
    JTJ  = Jx.T @ Jx
    dJTJ = np.diag(np.diag(JTJ))
    JTfx = Jx.T @ fx
    njev += 1

    # TODO: if JTfx is zero, this is messy.

    while True:

      # Solve the pseudo-inverse system with the given lamb.
      # step = npla.solve(JTJ + lamb*dJTJ, JTfx)
      step, _, _, _ = npla.lstsq(JTJ + lamb*dJTJ, JTfx)

      # Evaluate the quality of this location.
      new_x   = x - step
      new_fx  = fun(new_x)
      new_err = np.sqrt(np.mean(new_fx**2))
      nfev += 1

      # Apply the L-M heuristic.
      if new_err > err:
        # Increase lamb and don't update.
        lamb = lamb * lambfac

      else:
        # Decrease lamb and update.
        lamb = lamb / lambfac
        dx   = np.sqrt(np.mean((x - new_x)**2))
        x    = new_x
        fx   = new_fx
        err  = new_err
        break

    # Matching scipy.optimize.least_squares.
    # 0 : the maximum number of function evaluations is exceeded.
    # 1 : gtol termination condition is satisfied.
    # 2 : ftol termination condition is satisfied.
    # 3 : xtol termination condition is satisfied.
    # 4 : Both ftol and xtol termination conditions are satisfied

    if err < ftol:
      message = 'Error tolerance achived'
      success = True
      status  = 2
      break

    elif dx < xtol:
      message = 'Solution tolerance achieved'
      success = True
      status  = 3
      break

    elif np.sqrt(np.mean(Jx**2)) < gtol:
      message = 'Jacobian tolerance achieved'
      success = True
      status  = 1
      break

    elif nit >= max_niters:
      message = 'Maximum number of iterations reached'
      success = False
      status  = 0
      break

  result = OptimizeResult(
    x       = x,
    success = success,
    status  = status,
    message = message,
    fun     = fx,
    nfev    = nfev,
    njev    = njev,
    nit     = nit,
  )

  return result


def _solve_cubic(x0, y):
  fun = lambda x: x**3 - y
  jacfun = jax.jacfwd(fun)
  res = levenberg_marquardt(fun, x0, jacfun, xtol=1e-4)
  return res.x, res.fun, res.status, res.nit, res.nfev


f = jax.jit(_solve_cubic)
# --- end user code ---

import numpy as np_


def make_inputs(rng):
    D = 6
    y = rng.uniform(0.5, 30.0, size=D).astype(np_.float32)
    # far starting points need several rejected (lamb *= 10) steps first
    scale = rng.choice([0.5, 2.0, 6.0])
    x0 = (scale * rng.uniform(0.5, 1.5, size=D)).astype(np_.float32)
    return (x0, y)


INPUTS = make_inputs

import jax.numpy as jnp
from jax import lax


@jax.jit
def reference_fix(x0, y):
    fun = lambda x: x**3 - y
    jacfun = jax.jacfwd(fun)
    init_lamb, ftol, xtol, gtol, lambfac, max_niters = 0.001, 1e-8, 1e-4, 1e-8, 10, 100
    fx0 = fun(x0)
    err0 = jnp.sqrt(jnp.mean(fx0**2))
    # carry: x, fx, err, dx, lamb, nit, nfev, status, done
    init = (x0, fx0, err0, jnp.asarray(jnp.inf, x0.dtype), jnp.asarray(init_lamb, x0.dtype),
            jnp.asarray(0), jnp.asarray(1), jnp.asarray(-1), jnp.asarray(False))

    def outer_body(c):
        x, fx, err, dx, lamb, nit, nfev, status, done = c
        nit = nit + 1
        Jx = jacfun(x)
        JTJ = Jx.T @ Jx
        dJTJ = jnp.diag(jnp.diag(JTJ))
        JTfx = Jx.T @ fx

        def inner_body(ic):
            x, fx, err, dx, lamb, nfev, accepted = ic
            step = jnp.linalg.lstsq(JTJ + lamb * dJTJ, JTfx)[0]
            new_x = x - step
            new_fx = fun(new_x)
            new_err = jnp.sqrt(jnp.mean(new_fx**2))
            nfev = nfev + 1
            worse = new_err > err
            lamb = jnp.where(worse, lamb * lambfac, lamb / lambfac)
            dx = jnp.where(worse, dx, jnp.sqrt(jnp.mean((x - new_x)**2)))
            x = jnp.where(worse, x, new_x)
            fx = jnp.where(worse, fx, new_fx)
            err = jnp.where(worse, err, new_err)
            return x, fx, err, dx, lamb, nfev, jnp.logical_not(worse)

        x, fx, err, dx, lamb, nfev, _ = lax.while_loop(
            lambda ic: jnp.logical_not(ic[-1]), inner_body,
            (x, fx, err, dx, lamb, nfev, jnp.asarray(False)))
        jnorm = jnp.sqrt(jnp.mean(Jx**2))
        status = jnp.where(err < ftol, 2,
                 jnp.where(dx < xtol, 3,
                 jnp.where(jnorm < gtol, 1,
                 jnp.where(nit >= max_niters, 0, -1))))
        return x, fx, err, dx, lamb, nit, nfev, status, status >= 0

    x, fx, err, dx, lamb, nit, nfev, status, done = lax.while_loop(
        lambda c: jnp.logical_not(c[-1]), outer_body, init)
    return x, fx, status, nit, nfev
