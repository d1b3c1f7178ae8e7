"""trax learning-rate schedules: a ternary on `step == 0` and NumPy's searchsorted on the traced step.

source: tensor2tensor/trax/learning_rate.py ("trax learning rate schedules", Copyright 2019 The Tensor2Tensor Authors), a stored revision that adds TF-style schedules (ExponentialDecaySchedule, PolynomialSchedule, PiecewiseConstantSchedule, InverseTimeDecaySchedule, CosineDecaySchedule, ...) next to MultifactorSchedule and PolicySchedule; code-index file id 31449311099. The index does not name the repository (a fork / branch of tensorflow/tensor2tensor: the module imports `from tensor2tensor.trax.backend import numpy as np`).
error: TracerBoolConversionError
category: ternary-truth-test / numpy-function-on-tracer / python-list-indexed-by-traced-position
expect: fix
notes: trax calls the schedule's `learning_rate(step)` inside its jitted training step, so `step` is traced. PolynomialSchedule(cycle=True) fails first on `1.0 if step == 0 else np.ceil(...)` (TracerBoolConversionError); PiecewiseConstantSchedule then fails on `onp.searchsorted(boundaries, step_fl)` (TracerArrayConversionError), and once that is jnp.searchsorted, `values[pos]` indexes a Python list with a tracer. Adapted: `np` is jax.numpy (trax's backend numpy under JAX), `onp` is numpy; the gin decorator is replaced by a no-op stand-in; the trax imports (models, utils, backend.random, rl.online_tune, rl.ppo) are dropped since these four schedules do not use them; docstrings shortened. Entry point added: the two schedules built as in a gin config and evaluated on one step, `f = jax.jit(lambda step: (poly(step), piecewise(step)))`. PolynomialSchedule's non-cycle branch (`np.min(step_fl, decay_steps)`, an upstream bug passing decay_steps as the axis) is not exercised. Inputs avoid positive exact multiples of decay_steps: there `np.ceil(step / decay_steps)` is an exact integer in eager mode, but XLA may compile the division by the constant 1000 as a multiplication by its reciprocal (3000 * 0.001 -> 3.0000002, ceil 4), so any jitted version, however correct, could disagree there.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as onp
import jax.numpy as np


class gin:  # stand-in for the gin-config decorator
    @staticmethod
    def configurable(blacklist=()):
        return lambda fn: fn


@gin.configurable(blacklist=["history"])
def MultifactorSchedule(history=None,
                        factors="constant * linear_warmup * rsqrt_decay",
                        constant=0.1,
                        warmup_steps=400,
                        decay_factor=0.5,
                        steps_per_decay=20000):
  """Factor-based learning rate schedule."""
  del history

  factors = [n.strip() for n in factors.split("*")]

  def learning_rate(step):  # pylint: disable=invalid-name
    """Step to learning rate function."""
    ret = 1.0
    for name in factors:
      if name == "constant":
        ret *= constant
      elif name == "linear_warmup":
        ret *= np.minimum(1.0, step / warmup_steps)
      elif name == "rsqrt_decay":
        ret /= np.sqrt(np.maximum(step, warmup_steps))
      elif name == "decay_every":
        ret *= (decay_factor ** (step//steps_per_decay))
      else:
        raise ValueError("Unknown factor %s." % name)
    return {"learning_rate": ret}

  return learning_rate


@gin.configurable(blacklist=["history"])
def ExponentialDecaySchedule(history,
                             initial_learning_rate,
                             decay_steps,
                             decay_rate,
                             staircase=False):
  """Applies exponential decay to the learning rate."""
  del history

  def learning_rate(step):  # pylint: disable=invalid-name
    """Step to learning rate function."""
    p = step.astype(np.float32)
    p /= decay_steps

    if staircase:
      p = np.floor(p)
    return initial_learning_rate * np.power(decay_rate, p)

  return learning_rate


@gin.configurable(blacklist=["history"])
def PolynomialSchedule(history,
                       initial_learning_rate,
                       decay_steps,
                       end_learning_rate=0.0001,
                       power=1.0,
                       cycle=False):
  """Polynomial-based learning rate schedule.

    If `cycle` is True then a multiple of `decay_steps` is used, the first one
    that is bigger than `step`.
  """
  del history

  def learning_rate(step):  # pylint: disable=invalid-name
    """Step to learning rate function."""
    step_fl = step.astype(np.float32)
    decay_steps_fl = decay_steps.astype(np.float32)

    if cycle:
      multiplier = 1.0 if step == 0 else np.ceil(step / decay_steps)
      decay_steps_fl *= multiplier
    else:
      step_fl = np.min(step_fl, decay_steps)

    p = step_fl / decay_steps_fl
    return (initial_learning_rate - end_learning_rate) * np.power(
        1. - p, power) + end_learning_rate

  return learning_rate


@gin.configurable(blacklist=["history"])
def PiecewiseConstantSchedule(history, boundaries, values):
  """Piecewise constant from boundaries and interval values schedule.

 Example: use a learning rate that's 1.0 for the first 100001 steps, 0.5
      for the next 10000 steps, and 0.1 for any additional steps.
  """
  del history

  def learning_rate(step):  # pylint: disable=invalid-name
    """Step to learning rate function."""
    step_fl = step.astype(np.float32)

    pos = onp.searchsorted(boundaries, step_fl)
    return values[pos]

  return learning_rate


poly = PolynomialSchedule(None, 0.1, onp.int32(1000), cycle=True)
piecewise = PiecewiseConstantSchedule(None, [1000, 3000], [1.0, 0.5, 0.1])
f = jax.jit(lambda step: (poly(step), piecewise(step)))
# --- end user code ---

import numpy


_STEPS = [0, 1, 999, 1001, 2500, 2999, 3001, 7777]


def make_inputs(rng):
    if rng.random() < 0.6:
        step = _STEPS[int(rng.integers(len(_STEPS)))]
    else:
        step = int(rng.integers(0, 10000))
    if step > 0 and step % 1000 == 0:
        step += 1  # see notes: exact multiples of decay_steps are float-fragile under XLA
    return (numpy.int32(step),)


INPUTS = make_inputs


@jax.jit
def reference_fix(step):
    import jax.numpy as jnp
    decay_steps = onp.int32(1000)
    step_fl = step.astype(jnp.float32)
    multiplier = jnp.where(step == 0, 1.0, jnp.ceil(step / decay_steps))
    p = step_fl / (decay_steps.astype(jnp.float32) * multiplier)
    lr_poly = (0.1 - 0.0001) * jnp.power(1. - p, 1.0) + 0.0001
    pos = jnp.searchsorted(jnp.asarray([1000, 3000]), step_fl)
    lr_pw = jnp.asarray([1.0, 0.5, 0.1])[pos]
    return lr_poly, lr_pw
