"""DreamerV3's hand-written optax transformations: update closures with `if clip` / `if nesterov` and a traced step counter, all jit-safe.

source: danijar/dreamerv3 embodied/jax/opt.py at f8817c4040cebada9bb9712554b0234c70c291d5 (clip_by_agc, scale_by_rms, scale_by_momentum)
error: none
category: negative-closure-config-flag
expect: untouched
notes: the three factories are verbatim. optax is not installed here, so GradientTransformation, safe_int32_increment, update_moment and bias_correction are small stand-ins written after optax's own definitions (optax/_src/base.py, numerics.py, transform.py), in a stand-in namespace `optax`; `f32`/`i32` are the module's aliases; the Optimizer class (needs ninjax) is left out. The entry point `f` applies the chain the DreamerV3 agent builds (AGC clipping, then RMS scaling, then momentum) to a parameter/gradient dict under jax.jit, once with Nesterov momentum and once without, and with AGC switched off (`clip=0`). Every Python test in the closures is on a factory argument fixed before tracing; the step counter and moments are traced and only flow through arithmetic and `jnp.where`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import types
from typing import NamedTuple, Callable, Any

import jax
import jax.numpy as jnp

f32 = jnp.float32
i32 = jnp.int32


# --- stand-ins for the few optax pieces the module uses ---
class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def safe_int32_increment(count):
    max_int32_value = jnp.iinfo(jnp.int32).max
    one = jnp.array(1, dtype=jnp.int32)
    return jnp.where(count < max_int32_value, count + one, max_int32_value)


def update_moment(updates, moments, decay, order):
    return jax.tree.map(
        lambda g, t: (1 - decay) * (g ** order) + decay * t, updates, moments)


def bias_correction(moment, decay, count):
    bias_correction_ = 1 - decay ** count
    return jax.tree.map(lambda t: t / bias_correction_.astype(t.dtype), moment)


optax = types.SimpleNamespace(
    GradientTransformation=GradientTransformation,
    safe_int32_increment=safe_int32_increment,
    update_moment=update_moment,
    bias_correction=bias_correction,
)


def clip_by_agc(clip=0.3, pmin=1e-3):

  def init_fn(params):
    return ()

  def update_fn(updates, state, params=None):
    def fn(param, update):
      unorm = jnp.linalg.norm(update.flatten(), 2)
      pnorm = jnp.linalg.norm(param.flatten(), 2)
      upper = clip * jnp.maximum(pmin, pnorm)
      return update * (1 / jnp.maximum(1.0, unorm / upper))
    updates = jax.tree.map(fn, params, updates) if clip else updates
    return updates, ()

  return optax.GradientTransformation(init_fn, update_fn)


def scale_by_rms(beta=0.999, eps=1e-8):

  def init_fn(params):
    nu = jax.tree.map(lambda t: jnp.zeros_like(t, f32), params)
    step = jnp.zeros((), i32)
    return (step, nu)

  def update_fn(updates, state, params=None):
    step, nu = state
    step = optax.safe_int32_increment(step)
    nu = jax.tree.map(
        lambda v, u: beta * v + (1 - beta) * (u * u), nu, updates)
    nu_hat = optax.bias_correction(nu, beta, step)
    updates = jax.tree.map(
        lambda u, v: u / (jnp.sqrt(v) + eps), updates, nu_hat)
    return updates, (step, nu)

  return optax.GradientTransformation(init_fn, update_fn)


def scale_by_momentum(beta=0.9, nesterov=False):

  def init_fn(params):
    mu = jax.tree.map(lambda t: jnp.zeros_like(t, f32), params)
    step = jnp.zeros((), i32)
    return (step, mu)

  def update_fn(updates, state, params=None):
    step, mu = state
    step = optax.safe_int32_increment(step)
    mu = optax.update_moment(updates, mu, beta, 1)
    if nesterov:
      mu_nesterov = optax.update_moment(updates, mu, beta, 1)
      mu_hat = optax.bias_correction(mu_nesterov, beta, step)
    else:
      mu_hat = optax.bias_correction(mu, beta, step)
    return mu_hat, (step, mu)

  return optax.GradientTransformation(init_fn, update_fn)


agc = clip_by_agc(0.3, 1e-3)
no_agc = clip_by_agc(0.0, 1e-3)
rms = scale_by_rms(0.999, 1e-8)
momentum = scale_by_momentum(0.9, nesterov=True)
plain_momentum = scale_by_momentum(0.9, nesterov=False)


@jax.jit
def f(params, grads, step, nu, mu):
    u, _ = agc.update(grads, agc.init(params), params)
    u, (step1, nu1) = rms.update(u, (step, nu), params)
    u, (step2, mu1) = momentum.update(u, (step, mu), params)
    v, _ = no_agc.update(grads, (), params)
    v, _ = plain_momentum.update(v, (step, mu), params)
    return u, v, step1, step2, nu1, mu1
# --- end user code ---

import numpy as np


def make_inputs(rng):
    params = {
        "w": rng.normal(size=(4, 3)).astype(np.float32),
        # a tiny bias so pnorm falls under pmin in AGC
        "b": (1e-5 * rng.normal(size=(3,))).astype(np.float32),
    }
    scale = rng.choice([0.01, 1.0, 100.0])  # unclipped and clipped updates
    grads = {k: (scale * rng.normal(size=v.shape)).astype(np.float32) for k, v in params.items()}
    step = np.array(rng.integers(0, 50), dtype=np.int32)
    nu = {k: np.abs(rng.normal(size=v.shape)).astype(np.float32) for k, v in params.items()}
    mu = {k: rng.normal(size=v.shape).astype(np.float32) for k, v in params.items()}
    return (params, grads, step, nu, mu)


INPUTS = make_inputs
