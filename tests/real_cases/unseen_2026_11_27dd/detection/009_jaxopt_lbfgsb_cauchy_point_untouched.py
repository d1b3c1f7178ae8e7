"""jaxopt L-BFGS-B direction: np.cumsum / np.finfo, shape-based loop bounds, lax.cond and jnp.where -- already jit-safe.

source: google/jaxopt jaxopt/_src/lbfgsb.py at d50de940c79edb97c52bdd2a846cb07d90176400 (code-index file id 3616769552; _flatten_and_concat, _split_and_pack_like, _find_cauchy_point, _minimize_subspace, and the direction part of LBFGSB.update)
error: none
category: negative
expect: untouched
notes: The four helpers are verbatim. `lbfgsb_direction` is the first half of LBFGSB.update verbatim, from
  `lower, upper = bounds` to `descent_direction = _split_and_pack_like(...)`, with `self.history_size`
  turned into the static argument `history_size` and `state.<field>` into arguments (the OptStep unwrap and
  the bounds-is-None default are kept). It looks leaky: NumPy `np.cumsum(flat_sizes)` feeds jnp.split,
  `np.finfo(x.dtype).eps`, `x.shape[-1]` inside a while_loop condition, `if
  jax.tree_util.treedef_is_leaf(treedef)`, `jax.lax.cond(i > 0, ...)`, `jnp.where(state.num_updates > 0,
  ...)`, `.at[i].set(False)`; but every Python-level value is a shape, a dtype or a tree structure, so it
  jits as is. Inputs: a two-leaf parameter tree inside box bounds, a 3-slot history with num_updates
  0..4 (unused slots zero, as init_history leaves them).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Any, Callable

import jax
from jax import numpy as jnp

import numpy as np


def tree_map(f, tree, *rest):  # stand-in for jaxopt.tree_util.tree_map
    return jax.tree_util.tree_map(f, tree, *rest)


class OptStep:  # stand-in for jaxopt._src.base.OptStep (only isinstance is used)
    pass


def _flatten_and_concat(tree: Any, batch_ndims: int = 0):
  """Flattens a pytree and concatenates leaves along the last dimension."""
  r = jax.tree_util.tree_map(
      lambda x: jnp.reshape(x, jnp.array(x).shape[:batch_ndims] + (-1,)), tree
  )
  return jax.tree_util.tree_reduce(
      lambda *args: jnp.concatenate(args, axis=-1), r
  )


def _split_and_pack_like(x: jnp.ndarray, tree: Any):
  """Splits an array and packs the components like the provided pytree."""
  treedef = jax.tree_util.tree_structure(tree)
  if jax.tree_util.treedef_is_leaf(treedef):
    return jnp.reshape(x, tree.shape)
  sizes = jax.tree_util.tree_map(jnp.size, tree)
  flat_sizes, treedef = jax.tree_util.tree_flatten(sizes)
  splits = jnp.split(x, np.cumsum(flat_sizes)[:-1])
  return jax.tree_util.tree_map(lambda y, p: jnp.reshape(y, p.shape),
                                jax.tree_util.tree_unflatten(treedef, splits),
                                tree)


def _find_cauchy_point(
    x: jnp.ndarray,
    grad: jnp.ndarray,
    lower: jnp.ndarray,
    upper: jnp.ndarray,
    theta: jnp.ndarray,
    w: jnp.ndarray,
    m: jnp.ndarray,
):
  """Finds the Cauchy point.

  The Cauchy point is the first local minimizer of the quadratic model along the
  piecewise linear path obtained by projecting points along the steepest descent
  direction. This function implements Algorithm CP in [1].

  Args:
    x: Parameters.
    grad: Gradients with respect to parameters.
    lower: Parameter lower bounds.
    upper: Parameter upper bounds.
    theta: Scaling parameter on the identity matrix for the initial Hessian
      approximation.
    w: `W_k` matrix in equation 3.3 of [1], computed from the correction
      matrices.
    m: `M_k` matrix in equation 3.4 of [1], computed from the correction
      matrices.

  Returns:
    x_cauchy: The Cauchy point.
    c: Vector to initialize subspace minimization.
    active_set_mask: Boolean mask where `True` indicates that the coordinate is
      in the active set (not equal to the lower or upper bound).
  """
  # TODO(emilyaf, srvasude): Consider a cheaper Cauchy point approximation:
  # https://yunfei.work/lbfgsb/lbfgsb_tech_report.pdf
  eps = np.finfo(x.dtype).eps
  t = jnp.where(
      jnp.abs(grad) < eps, jnp.inf,
      jnp.where(grad < 0., (x - upper) / grad, (x - lower) / grad))
  d = jnp.where(t < eps, 0., -grad)
  x_bound = jnp.where(d > 0., upper, jnp.where(d < 0., lower, x))

  # Sort coordinates by the distance from the bounds, divided by the gradient.
  t_ind = jnp.argsort(t, axis=-1)
  t_sorted = t[t_ind]
  dt = jnp.diff(jnp.pad(t_sorted, (1, 0), "constant"))

  # Begin the loop at the first coordinate that is not at a bound.
  active_set_mask_sorted = t_sorted > eps
  start_ind = jnp.argmax(
      jnp.concatenate([active_set_mask_sorted,
                       jnp.ones([1]).astype(jnp.bool_)],
                      axis=0))

  init_c = jnp.zeros(m.shape[-1:], dtype=m.dtype)
  init_p = jnp.dot(w.T, d)
  init_df = -jnp.dot(d, d)
  init_ddf = -theta * init_df - jnp.dot(jnp.matmul(m, init_p), init_p)
  init_state = (start_ind, init_df, init_ddf, active_set_mask_sorted, init_c,
                init_p)

  def _cond(state):
    return (-state[1] / state[2] >= dt[state[0]]) & (state[0] < x.shape[-1])

  def _body(args):
    i, df, ddf, mask, c, p = args
    j = t_ind[i]  # index of the unsorted array
    c_new = c + dt[i] * p
    df_new = (
        df
        + dt[i] * ddf
        + grad[j] ** 2
        + theta * grad[j] * (x_bound[j] - x[j])
        - grad[j] * jnp.dot(w[j], jnp.matmul(m, c_new))
    )
    ddf_new = (
        ddf
        - theta * grad[j] ** 2
        - 2.0 * grad[j] * jnp.dot(w[j], jnp.matmul(m, p))
        - grad[j] ** 2 * jnp.dot(w[j], jnp.matmul(m, w[j]))
    )
    ddf_new = jnp.maximum(eps, ddf_new)
    p_new = p + grad[j] * w[j]
    return (i + 1, df_new, ddf_new, mask.at[i].set(False), c_new, p_new)

  i, df, ddf, mask_sorted, c, p = jax.lax.while_loop(_cond, _body, init_state)
  dt_min = jnp.maximum(-df / ddf, jnp.zeros([], dtype=m.dtype))
  dt_min = jnp.where(jnp.isnan(dt_min), jnp.zeros([], dtype=m.dtype), dt_min)
  t_old = (
      jax.lax.cond(
          i > 0, lambda: t_sorted[i - 1], lambda: jnp.zeros([], dtype=m.dtype)
      )
      + dt_min
  )
  active_set_mask = mask_sorted[jnp.argsort(t_ind)]
  x_cauchy = jnp.where(active_set_mask, x + t_old * d, x_bound)
  return x_cauchy, c + dt_min * p, active_set_mask


def _minimize_subspace(
    x, grad, lower, upper, x_cauchy, c, theta, w, m, active_set_mask
):
  """Direct primal method of subspace minimization from [1]."""
  w_masked = w * active_set_mask[:, jnp.newaxis].astype(w.dtype)
  r_c = (
      grad + theta * (x_cauchy - x) - jnp.dot(w_masked, jnp.matmul(m, c))
  )  # eq. 5.4

  # TODO(emilyaf): Implement the method from [1] for a large number of variables
  # and few active constraints.
  v = jnp.dot(w_masked.T, r_c)
  v = jnp.matmul(m, v)
  n = jnp.matmul(w_masked.T, w_masked) / theta
  n = jnp.eye(m.shape[-1], dtype=w.dtype) - jnp.matmul(m, n)
  v = jnp.linalg.solve(n, v)
  du = -r_c / theta - jnp.matmul(w_masked, v) / theta**2

  # TODO(emilyaf, srvasude): Investigate whether to instead truncate
  # `x_cauchy + alpha_star * du` at the boundary, following
  # https://dl.acm.org/doi/abs/10.1145/2049662.2049669.
  alpha = jnp.maximum((upper - x_cauchy) / du, (lower - x_cauchy) / du)
  alpha = jnp.where(active_set_mask & (jnp.abs(du) > 0.), alpha, 1.)
  alpha_star = jnp.min(alpha, axis=-1)
  alpha_star = jnp.minimum(alpha_star, 1.)
  return jnp.where(active_set_mask, x_cauchy + alpha_star * du, x_cauchy)


def lbfgsb_direction(params, grad, bounds, s_history, y_history, theta,
                     num_updates, history_size):
    if isinstance(params, OptStep):
      params = params.params
    if bounds is None:
      bounds = (tree_map(lambda x: -jnp.inf * jnp.ones_like(x), params),
                tree_map(lambda x: jnp.inf * jnp.ones_like(x), params))
    lower, upper = bounds
    x_flat = _flatten_and_concat(params)
    g_flat = _flatten_and_concat(grad)
    lower_flat = _flatten_and_concat(lower)
    upper_flat = _flatten_and_concat(upper)
    s_history_flat = _flatten_and_concat(s_history, batch_ndims=1)
    y_history_flat = _flatten_and_concat(y_history, batch_ndims=1)

    # Construct the limited-memory BFGS matrix from [1], section 3.
    w_flat = jnp.transpose(
        jnp.concatenate([y_history_flat, theta * s_history_flat], axis=0))
    s_dot_yt = jnp.matmul(s_history_flat, jnp.transpose(y_history_flat))

    # Pad extra history dimensions with constants on the diagonal to ensure
    # invertability while maintaining constant array sizes for JIT compilation.
    # The corresponding dimensions of the inverted matrix are multiplied by zero
    # downstream. If possible, the constants are chosen to equal an existing
    # nonzero element of the diagonal, for numerical stability.
    history_mask = jnp.arange(history_size) >= num_updates
    diagonal_ones = history_mask.astype(x_flat.dtype)
    i, j = jnp.diag_indices(history_size)
    prev_ind = num_updates % history_size - 1
    zeros = jnp.zeros_like(s_dot_yt)
    fill_diag_syt = jnp.where(num_updates > 0, s_dot_yt[prev_ind,
                                                        prev_ind], 1.)
    diag_adj = zeros.at[i, j].set(diagonal_ones * fill_diag_syt)

    # (m, m) tril with zeros on the diagonal
    lower_tril = jnp.tril(s_dot_yt, -1)

    # (m, m) diagonal
    diag = -1. * jnp.diag(jnp.diag(s_dot_yt)) + diag_adj

    s_dot_st = jnp.matmul(s_history_flat, jnp.transpose(s_history_flat))
    fill_diag_sst = jnp.where(num_updates > 0, s_dot_st[prev_ind,
                                                        prev_ind], 1.)
    sst_adj = zeros.at[i, j].set(diagonal_ones * fill_diag_sst) * theta
    m_inv = jnp.concatenate(  # Equation 3.4 of [1].
        [
            jnp.concatenate([diag, jnp.transpose(lower_tril)], axis=1),
            jnp.concatenate([lower_tril, sst_adj + theta * s_dot_st],
                            axis=1)
        ],
        axis=0)
    m = jnp.linalg.inv(m_inv)

    x_cauchy, c, active_ind = _find_cauchy_point(
        x_flat, g_flat, lower_flat, upper_flat, theta, w_flat, m
    )
    x_subspace_min = _minimize_subspace(
        x_flat,
        g_flat,
        lower_flat,
        upper_flat,
        x_cauchy,
        c,
        theta,
        w_flat,
        m,
        active_ind,
    )

    descent_direction = _split_and_pack_like(x_subspace_min - x_flat, params)
    return descent_direction


f = jax.jit(lbfgsb_direction, static_argnums=(7,))
# --- end user code ---

HISTORY = 3


def make_inputs(rng):
    shapes = {"w": (3, 2), "b": (4,)}
    params = {k: rng.uniform(-0.8, 0.8, size=s).astype(np.float32) for k, s in shapes.items()}
    grad = {k: rng.normal(size=s).astype(np.float32) for k, s in shapes.items()}
    lower = {k: np.full(s, -1.0, np.float32) for k, s in shapes.items()}
    upper = {k: np.full(s, 1.0, np.float32) for k, s in shapes.items()}
    num_updates = int(rng.integers(0, HISTORY + 2))
    used = min(num_updates, HISTORY)
    s_hist, y_hist = {}, {}
    for k, s in shapes.items():
        sh = np.zeros((HISTORY,) + s, np.float32)
        yh = np.zeros((HISTORY,) + s, np.float32)
        step = 0.1 * rng.normal(size=(used,) + s)
        sh[:used] = step
        yh[:used] = 2.0 * step + 0.01 * rng.normal(size=(used,) + s)
        s_hist[k], y_hist[k] = sh, yh
    theta = np.float32(rng.uniform(0.5, 2.0))
    return (params, grad, (lower, upper), s_hist, y_hist, theta, np.int32(num_updates), HISTORY)


INPUTS = make_inputs
