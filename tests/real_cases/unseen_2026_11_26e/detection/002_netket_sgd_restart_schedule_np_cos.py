"""A user learning-rate schedule with `np.cos` reaches the step counter inside NetKet's jitted update.

source: https://github.com/netket/netket/issues/908 ("Can't use optimiser schedules": `def schedule(n): restart=100; return (1+np.cos(pi*(n%restart)/restart)) * η`, `op = nk.optimizer.Sgd(schedule)`; the jit that fails is `update_parameters` in netket/driver/abstract_variational_driver.py @284ef070e6926f69b113b072ae52d08e6a9c7003)
error: TracerArrayConversionError
category: numpy-on-tracer-in-callback
expect: fix
notes: the schedule is verbatim (η renamed eta=0.01). nk.optimizer.Sgd is optax.sgd; it is reduced here to the two optax pieces that matter (scale_by_schedule with a step count kept in the optimizer state, then a parameter update), and the driver's jitted `update_parameters` is `f`. The traced value reaching `np.cos` is the optimizer's step count, never visible in `f` itself.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from math import pi
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp

eta = 0.01


def schedule(n):
    restart = 100
    return (1 + np.cos(pi * (n % restart) / restart)) * eta


class ScaleByScheduleState(NamedTuple):
    count: jnp.ndarray


class GradientTransformation(NamedTuple):
    init: object
    update: object


def scale_by_schedule(step_size_fn):
    def init_fn(params):
        del params
        return ScaleByScheduleState(count=jnp.zeros([], jnp.int32))

    def update_fn(updates, state, params=None):
        del params
        step_size = step_size_fn(state.count)
        updates = jax.tree_util.tree_map(lambda g: -step_size * g, updates)
        return updates, ScaleByScheduleState(count=state.count + 1)

    return GradientTransformation(init_fn, update_fn)


def Sgd(learning_rate):
    return scale_by_schedule(learning_rate)


def apply_updates(params, updates):
    return jax.tree_util.tree_map(lambda p, u: p + u, params, updates)


optimizer = Sgd(schedule)


@jax.jit
def f(opt_state, dp, params):
    updates, new_opt_state = optimizer.update(dp, opt_state, params)
    new_params = apply_updates(params, updates)
    return new_opt_state, new_params
# --- end user code ---


def make_inputs(rng):
    count = np.int32(rng.choice([0, 1, 50, 99, 100, 101, 250, int(rng.integers(0, 1000))]))
    opt_state = ScaleByScheduleState(count=np.asarray(count))
    dp = {"w": rng.normal(size=(3, 2)).astype(np.float32),
          "b": rng.normal(size=(2,)).astype(np.float32)}
    params = {"w": rng.normal(size=(3, 2)).astype(np.float32),
              "b": rng.normal(size=(2,)).astype(np.float32)}
    return (opt_state, dp, params)


INPUTS = make_inputs


@jax.jit
def reference_fix(opt_state, dp, params):
    n = opt_state.count
    lr = (1 + jnp.cos(pi * (n % 100) / 100)) * eta
    new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, dp)
    return ScaleByScheduleState(count=n + 1), new_params
