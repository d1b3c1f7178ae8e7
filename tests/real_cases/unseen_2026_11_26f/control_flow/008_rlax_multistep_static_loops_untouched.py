"""rlax multistep returns: Python loops over `v_t.shape[0]` and a static `n`, `list.insert` accumulators, builtin `min(n - 1, seq_len)` and `lax.select` on a Python bool -- all static under jit.

source: google-deepmind/rlax rlax/_src/multistep.py (stored version; the index lists commit 4ec43c98c46fafe6c3071a8d7e7d6012afd67ff1 for this path) (`lambda_returns`, `n_step_bootstrapped_returns`, `truncated_generalized_advantage_estimation`)
error: none
category: negative-static-loops
expect: untouched
notes: the three functions are verbatim except that the `chex.assert_rank/assert_type/assert_equal_shape`
  lines are removed (chex is not installed here; they only inspect static ranks/dtypes) and the type
  aliases become `Any`. `f` is a jitted wrapper with n=3 static; every loop bound, `min`, list length
  and the `stop_target_gradients` flag is a Python value, so nothing needs to change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Any, Union

import jax
import jax.numpy as jnp

Array = Any
Scalar = Any
Numeric = Any


def lambda_returns(
    r_t: Array,
    discount_t: Array,
    v_t: Array,
    lambda_: Numeric = 1.,
    stop_target_gradients: bool = False,
) -> Array:
  """Estimates a multistep truncated lambda return from a trajectory."""
  # If scalar make into vector.
  lambda_ = jnp.ones_like(discount_t) * lambda_

  # Work backwards to compute `G_{T-1}`, ..., `G_0`.
  returns = []
  g = v_t[-1]
  for i in reversed(range(v_t.shape[0])):
    g = r_t[i] + discount_t[i] * ((1-lambda_[i]) * v_t[i] + lambda_[i] * g)
    returns.insert(0, g)

  return jax.lax.select(stop_target_gradients,
                        jax.lax.stop_gradient(jnp.array(returns)),
                        jnp.array(returns))


def n_step_bootstrapped_returns(
    r_t: Array,
    discount_t: Array,
    v_t: Array,
    n: int,
    lambda_t: Numeric = 1.,
    stop_target_gradients: bool = False,
) -> Array:
  """Computes strided n-step bootstrapped return targets over a sequence."""
  seq_len = r_t.shape[0]

  # Maybe change scalar lambda to an array.
  lambda_t = jnp.ones_like(discount_t) * lambda_t

  # Shift bootstrap values by n and pad end of sequence with last value v_t[-1].
  pad_size = min(n - 1, seq_len)
  targets = jnp.concatenate([v_t[n - 1:], jnp.array([v_t[-1]] * pad_size)])

  # Pad sequences. Shape is now (T + n - 1,).
  r_t = jnp.concatenate([r_t, jnp.zeros(n - 1)])
  discount_t = jnp.concatenate([discount_t, jnp.ones(n - 1)])
  lambda_t = jnp.concatenate([lambda_t, jnp.ones(n - 1)])
  v_t = jnp.concatenate([v_t, jnp.array([v_t[-1]] * (n - 1))])

  # Work backwards to compute n-step returns.
  for i in reversed(range(n)):
    r_ = r_t[i:i + seq_len]
    discount_ = discount_t[i:i + seq_len]
    lambda_ = lambda_t[i:i + seq_len]
    v_ = v_t[i:i + seq_len]
    targets = r_ + discount_ * ((1. - lambda_) * v_ + lambda_ * targets)

  return jax.lax.select(stop_target_gradients,
                        jax.lax.stop_gradient(targets), targets)


def truncated_generalized_advantage_estimation(
    r_t: Array,
    discount_t: Array,
    lambda_: Union[Array, Scalar],
    values: Array,
    stop_target_gradients: bool = False,
) -> Array:
  """Computes truncated generalized advantage estimates for a sequence length k."""
  lambda_ = jnp.ones_like(discount_t) * lambda_  # If scalar, make into vector.

  delta_t = r_t + discount_t * values[1:] - values[:-1]

  # Iterate backwards to calculate advantages.
  advantage_t = [0.]
  for t in reversed(range(delta_t.shape[0])):
    advantage_t.insert(0,
                       delta_t[t] + lambda_[t] * discount_t[t] * advantage_t[0])
  return jax.lax.select(stop_target_gradients,
                        jax.lax.stop_gradient(jnp.array(advantage_t[:-1])),
                        jnp.array(advantage_t[:-1]))


@jax.jit
def f(r_t, discount_t, values, lambda_):
  v_t = values[1:]
  g_lambda = lambda_returns(r_t, discount_t, v_t, lambda_)
  g_n = n_step_bootstrapped_returns(r_t, discount_t, v_t, 3, lambda_t=lambda_)
  adv = truncated_generalized_advantage_estimation(r_t, discount_t, lambda_, values)
  return g_lambda, g_n, adv
# --- end user code ---

import numpy as np


def make_inputs(rng):
    T = 7
    r_t = rng.normal(size=T).astype(np.float32)
    discount_t = (0.99 * (rng.uniform(size=T) > 0.2)).astype(np.float32)
    values = rng.normal(size=T + 1).astype(np.float32)
    lambda_ = np.float32(rng.uniform(0.0, 1.0))
    return (r_t, discount_t, values, lambda_)


INPUTS = make_inputs
