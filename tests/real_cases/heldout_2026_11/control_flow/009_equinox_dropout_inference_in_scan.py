"""Equinox's Dropout.__call__ inside a lax.scan rollout: `if inference:` on a flag that is a traced pytree leaf.

source: https://github.com/patrick-kidger/equinox/issues/987 (Dropout in a PPO rollout under lax.scan); Dropout from patrick-kidger/equinox equinox/nn/_dropout.py at 0c3a819e6989327387e9473119848bdd3f0234e6
error: TracerBoolConversionError
category: scan-body-if-mixed-static
expect: fix
notes: Dropout.__call__ verbatim except that the eqx.Module base becomes a NamedTuple pytree (p, inference) and the `key is None` branch's equinox-internal error_if guard is dropped (a key is always passed here, so that branch is static and never taken). The deprecated `deterministic`, `inference is None` and `key is None` tests are static Python branches and must stay so; only `if inference:` is traced, because the layer travels in the scan carry as in the issue's rollout (`_env_step`), which is jitted with the model's leaves as arguments.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import warnings
from typing import NamedTuple, Optional

import jax
import jax.lax as lax
import jax.numpy as jnp
import jax.random as jrandom


class Dropout(NamedTuple):
    p: float = 0.5
    inference: bool = False

    def __call__(self, x, *, key=None, inference: Optional[bool] = None,
                 deterministic: Optional[bool] = None):
        if deterministic is not None:
            inference = deterministic
            warnings.warn(
                "Dropout()(deterministic=...) is deprecated "
                "in favour of Dropout()(inference=...)"
            )

        if inference is None:
            inference = self.inference

        if inference:
            return x
        else:
            p = self.p
            if key is None:
                # placeholder value for the key;
                # this statement is only reachable (during execution)
                # if the probability is zero, so the key does not matter.
                key = jrandom.PRNGKey(0)

            q = 1 - lax.stop_gradient(p)
            mask = jrandom.bernoulli(key, q, x.shape)
            return jnp.where(mask, x / q, 0)


@jax.jit
def f(h0, w, keys, p, inference):
    layer = Dropout(p, inference)

    def _env_step(runner_state, key):
        layer, h = runner_state
        h = layer(jnp.tanh(w @ h), key=key)
        return (layer, h), jnp.sum(h)

    (layer, h), traj = jax.lax.scan(_env_step, (layer, h0), keys)
    return h, traj
# --- end user code ---

import numpy as np


def make_inputs(rng):
    d, T = 5, 6
    h0 = rng.normal(size=(d,)).astype(np.float32)
    w = (rng.normal(size=(d, d)) / np.sqrt(d)).astype(np.float32)
    keys = rng.integers(0, 2**32, size=(T, 2), dtype=np.uint32)
    p = np.float32(rng.uniform(0.1, 0.6))
    inference = np.bool_(rng.integers(0, 2))
    return (h0, w, keys, p, inference)


INPUTS = make_inputs


@jax.jit
def reference_fix(h0, w, keys, p, inference):
    def step(h, key):
        x = jnp.tanh(w @ h)
        q = 1 - lax.stop_gradient(p)
        dropped = jnp.where(jrandom.bernoulli(key, q, x.shape), x / q, 0)
        h = lax.cond(inference, lambda: x, lambda: dropped)
        return h, jnp.sum(h)

    h, traj = jax.lax.scan(step, h0, keys)
    return h, traj
