"""anomaly's Newton-Raphson before it became a lax.while_loop: traced `if gap < best_gap`, two traced `break`s and a for/else.

source: Exclosure/anomaly anomaly/optimizers/newton.py and anomaly/kepler/conversions.py at a6fa9265bae16cc87bcaad28be0586a4d27c0ed9 (newton_raphson; mean_to_eccentric_anomaly, _clip_to_rads, _kepler_implicit, _mean_to_eccentric_anomaly_approx); the later newton.py at 56efb6c92e97ec9b14e4960a1882e79e02e042b5 rewrites the loop with lax.while_loop / lax.cond
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: newton_raphson and the conversion helpers are verbatim from the two files at the same commit (two-space indent kept). Dropped the unused `from jax._src.numpy.lax_numpy import result_type` import and the `from anomaly.optimizers.newton import ...` line (both functions now live in one file), and added `f = jax.jit(mean_to_eccentric_anomaly)` as the entry point. Inputs are vectors of length >= 2 (the `len(fx0) == 1` scalar path reshapes x0 to (1, 1) and is a shape change the original itself suffers from). Eccentricities go up to 0.95 so that some trials do not meet eps within the 8 iterations (the for/else path) and the best-gap bookkeeping matters.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import logging
import math
from functools import wraps
from typing import Callable, Optional

import jax
import jax.numpy as jnp


MAX_NEWTON_RAPHSON_ITERATIONS = 100
NEWTON_RAPHSON_EPS = 1e-9
NEWTON_RAPHSON_EPS_64 = 1e-16


def newton_raphson(
    f: Callable[[jnp.ndarray], jnp.ndarray],
    x0: jnp.ndarray,
    eps: Optional[float]=None,
    max_iter: int=MAX_NEWTON_RAPHSON_ITERATIONS,
) -> jnp.ndarray:
  """Newton-Raphson method for root-finding.

  Parameters:
    f: The function to find the zero of.
    x0: The starting point for Newton-Raphson iteration.
    eps: The stopping value. By default, we choose eps=1e-16
      if the starting point is 64-bit, and 1e-9 otherwise.
    max_iter: Maximum number of iterations in the updates.

  Returns:
    x_best: The argument closest to zero in the max-norm.
  """
  logger = logging.getLogger(__name__)

  if eps is None:
    if jnp.asarray(x0).dtype == jnp.float64:
      eps = NEWTON_RAPHSON_EPS_64
    else:
      eps = NEWTON_RAPHSON_EPS

  x0 = jnp.asarray(x0)

  f_jac = jax.jacfwd(f)
  best_gap = jnp.inf
  best_x = x0

  for i in range(max_iter):
    fx0 = jnp.array(f(x0)).reshape((-1, 1))
    gap = jnp.abs(fx0).max()

    logger.debug(f"Iteration {i}: best gap {best_gap}.")

    if gap < best_gap:
      best_x = x0
      best_gap = gap

    if gap < eps:
      # Happy case, convergence reached
      logger.info(
          f"Convergence reached after {i+1} steps. "
          f"Optimality gap is {best_gap}."
      )
      break

    # Compute Jacobian at x0, reshape into matrix
    dfx0 = f_jac(x0).reshape((-1, len(fx0)))

    # Compute gradient step
    if len(fx0) == 1:
      # Scalar case
      step = fx0 / dfx0
    else:
      # Requires linear solve
      step = jnp.linalg.solve(dfx0, fx0).reshape(x0.shape)

    # Check for numerical issues with zero gradients
    step = jnp.where(jnp.isfinite(step), step, 0.0)
    step_size = jnp.max(jnp.abs(step))
    if step_size < eps:
      # Stalled: too small of an update
      logger.warning(
          f"Newton-Raphson method stalled at "
          f"iteration {i} with step size {step_size}. "
          f"Current gap is {best_gap}"
      )
      break

    # Update points and continue
    x0 = x0 - step
  else:
    logger.warning(
        f"Convergence not reached after {max_iter} iterations; "
        f"gap is {best_gap}."
    )
  return best_x


# Newton steps here converge in very few iterations to converge
_MAX_NEWTON_ITERATIONS = 8


def _clip_to_rads(f: Callable[..., jnp.ndarray]):
  """Clips the output of a function to [0, 2*pi].

  Used when the final call is a Newton-Raphson iteration
  that may result in out-of-bounds radians.
  """
  @wraps(f)
  def wrapper(*args, **kwargs):
    return jnp.remainder(f(*args, **kwargs), 2*math.pi)
  return wrapper


@_clip_to_rads
def mean_to_eccentric_anomaly(
    mean_anomaly: jnp.ndarray,
    eccentricity: jnp.ndarray,
) -> jnp.ndarray:
  """Convert mean anomaly to eccentric anomaly.

  Parameters:
    mean_anomaly: The mean anomaly (radians).
    eccentricity: Eccentricity (between zero and one).
    **kwargs: Additional kewyord arguments passed to
      the Newton-Raphson optimizer.

  Returns:
    The eccentric anomaly.
  """
  M, e = mean_anomaly, eccentricity
  eccentric_anomaly_start = _mean_to_eccentric_anomaly_approx(
      mean_anomaly=M,
      eccentricity=e,
  )
  implicit_ea = lambda E: _kepler_implicit(
    eccentric_anomaly=E, mean_anomaly=M, eccentricity=e)
  return newton_raphson(implicit_ea, x0=eccentric_anomaly_start, max_iter=_MAX_NEWTON_ITERATIONS)


def _kepler_implicit(
    mean_anomaly: jnp.ndarray,
    eccentric_anomaly: jnp.ndarray,
    eccentricity: jnp.ndarray,
) -> jnp.ndarray:
  """The Kepler equation in implicit form.

  The value of the Kepler equation is zero if and only if
  the three parameters correspond to a valid triple.

  NOTE: Units of anomalies are radians.
  """
  M, E, e = mean_anomaly, eccentric_anomaly, eccentricity
  return M - E + e * jnp.sin(E)


@_clip_to_rads
def _mean_to_eccentric_anomaly_approx(
    mean_anomaly: jnp.ndarray,
    eccentricity: jnp.ndarray,
) -> jnp.ndarray:
  """Approximate value for true anomaly.

    Parameters:
      mean_anomaly: The mean anomaly (radians).
      eccentricity: Eccentricity (between zero and one).

    Returns:
      The approximate eccentric anomaly.
  """
  M, e = mean_anomaly, eccentricity
  # From 1st order Taylor series approximation around E = M
  return (e * (jnp.sin(M) + jnp.cos(M)*M) + M) / (1 + e * jnp.cos(M) )


f = jax.jit(mean_to_eccentric_anomaly)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    k = int(rng.integers(2, 6))
    M = rng.uniform(0.0, 2 * np.pi, size=(k,)).astype(np.float32)
    e = rng.uniform(0.0, 0.95, size=(k,)).astype(np.float32)
    return (M, e)


INPUTS = make_inputs


@jax.jit
def reference_fix(mean_anomaly, eccentricity):
    M, e = mean_anomaly, eccentricity
    x0 = _mean_to_eccentric_anomaly_approx(mean_anomaly=M, eccentricity=e)
    func = lambda E: _kepler_implicit(eccentric_anomaly=E, mean_anomaly=M, eccentricity=e)
    f_jac = jax.jacfwd(func)
    eps = NEWTON_RAPHSON_EPS  # float32 inputs
    max_iter = _MAX_NEWTON_ITERATIONS

    def cond(state):
        i, _, _, _, done = state
        return (i < max_iter) & ~done

    def body(state):
        i, x, best_x, best_gap, _ = state
        fx = jnp.array(func(x)).reshape((-1, 1))
        gap = jnp.abs(fx).max()
        better = gap < best_gap
        best_x = jnp.where(better, x, best_x)
        best_gap = jnp.where(better, gap, best_gap)
        converged = gap < eps
        dfx = f_jac(x).reshape((-1, fx.shape[0]))
        step = jnp.linalg.solve(dfx, fx).reshape(x.shape)
        step = jnp.where(jnp.isfinite(step), step, 0.0)
        stalled = jnp.max(jnp.abs(step)) < eps
        done = converged | stalled
        x = jnp.where(done, x, x - step)
        return i + 1, x, best_x, best_gap, done

    init = (0, x0, x0, jnp.asarray(jnp.inf, x0.dtype), jnp.asarray(False))
    _, _, best_x, _, _ = lax.while_loop(cond, body, init)
    return jnp.remainder(best_x, 2 * math.pi)
