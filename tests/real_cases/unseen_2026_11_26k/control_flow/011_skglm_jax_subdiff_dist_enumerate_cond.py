"""skglm's JAX L1 penalty: a jitted `for idx, j in enumerate(ws)` over a traced index array with lax.cond — fine.

source: scikit-learn-contrib/skglm skglm/skglm_jax/penalties.py at 58edde9d8feb5b3feae1bd46facc9e18244a90f4 (L1Jax.subdiff_dist)
error: none
category: negative-enumerate-traced-array-lax-cond
expect: untouched
notes: L1Jax is verbatim (value, prox_1d, subdiff_dist). `f` is the bound jitted method of an
  instance (self is static_argnums=0), as AndersonCD calls penalty.subdiff_dist(w, grad, ws).
  The loop iterates over a traced array of static length, indexes w/grad with the traced j
  and branches with jax.lax.cond, so nothing leaks; a fixer must leave it alone.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


class L1Jax:
    """alpha ||w||_1"""

    def __init__(self, alpha):
        self.alpha = alpha

    def value(self, w):
        return (self.alpha * jnp.abs(w)).sum()

    def prox_1d(self, value, stepsize):
        shifted_value = jnp.abs(value) - stepsize * self.alpha
        return jnp.sign(value) * jnp.maximum(shifted_value, 0.)

    @partial(jax.jit, static_argnums=(0,))
    def subdiff_dist(self, w, grad, ws):
        dist = jnp.zeros(len(ws))

        for idx, j in enumerate(ws):
            w_j = w[j]
            grad_j = grad[j]

            dist_j = jax.lax.cond(
                w_j == 0.,
                lambda w_j, grad_j, alpha: jnp.maximum(jnp.abs(grad_j) - alpha, 0.),
                lambda w_j, grad_j, alpha: jnp.abs(grad_j + jnp.sign(w_j) * alpha),
                w_j, grad_j, self.alpha
            )

            dist = dist.at[idx].set(dist_j)

        return dist


penalty = L1Jax(alpha=0.5)
f = penalty.subdiff_dist
# --- end user code ---

import numpy as np


def make_inputs(rng):
    w = rng.normal(size=(8,)).astype(np.float32)
    w[rng.random(8) < 0.5] = 0.0
    grad = rng.normal(size=(8,)).astype(np.float32)
    ws = rng.permutation(8)[:5].astype(np.int32)
    return (w, grad, ws)


INPUTS = make_inputs
