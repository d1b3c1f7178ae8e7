"""proteinsmc: an exponential annealing schedule reached through a config object inside the jitted replica-exchange step.

source: maraxen/proteinsmc src/proteinsmc/utils/annealing_schedules.py at 3166bd1ef4acb6ac0fdbe09c75a44eda9da6fa50 (exponential_schedule, default_rate); AnnealingScheduleConfig from the earlier revision of the annealing module stored as code-index file id 6395743150; the meta-beta computation of `_parallel_replica_scan_step` in src/proteinsmc/sampling/parallel_replica.py at 6c0c05f2505ae5a0e6399c79ed5cbe7aae3fdc0f (code-index file id 6325836676)
error: TracerBoolConversionError
category: helper-via-object-attribute
expect: fix
notes: The jitted scan step calls `meta_annealing_schedule.schedule_fn(step_idx + 1, ...)` with a traced step index; the project's tests only ever configure `linear_schedule` (already written with jnp.where), but `exponential_schedule` (and `cosine_schedule`) test `p <= 1`, `p >= n_steps` and `abs(denominator) < eps` with Python `if`, so selecting them leaks. Kept verbatim: AnnealingScheduleConfig (frozen dataclass pytree), exponential_schedule, and the `lax.cond` block that computes `current_meta_beta`. Adapted: the surrounding step is cut down to that block (`_meta_beta`), the jaxtyping `Int`/`Float` annotations are dropped, and `f` maps `_meta_beta` over a vector of step indices with `lax.scan`, as `prsmc_sampler` does with `jnp.arange(config.generations)`; the config values (beta_max=1.0, annealing_len=20) are chosen here.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field
from typing import Callable

import jax
import jax.numpy as jnp
from jax import lax


@dataclass(frozen=True)
class AnnealingScheduleConfig:
  schedule_fn: Callable
  beta_max: float
  annealing_len: int
  schedule_args: tuple = field(default_factory=tuple)

  def tree_flatten(self):
    children = ()
    aux_data = self.__dict__
    return (children, aux_data)

  @classmethod
  def tree_unflatten(cls, aux_data, children):
    return cls(**aux_data)


jax.tree_util.register_pytree_node_class(AnnealingScheduleConfig)


default_rate = jnp.array(5.0, dtype=jnp.float32)


def exponential_schedule(
  p,
  n_steps,
  beta_max,
  rate=default_rate,
):
  """Exponential annealing schedule for beta."""
  if p <= 1:
    return jnp.array(0.0, dtype=jnp.float32)
  if p >= n_steps:
    return jnp.array(beta_max, dtype=jnp.float32)
  x = (p - 1) / (n_steps - 1)
  exp_val = jnp.exp(jnp.minimum(rate * x, 700.0))
  denominator = jnp.exp(rate) - 1.0
  eps = 1e-9
  if abs(denominator) < eps:
    scale_factor = beta_max / (denominator + eps)
  else:
    scale_factor = beta_max / denominator
  return scale_factor * (exp_val - 1)


META_SCHEDULE = AnnealingScheduleConfig(
  schedule_fn=exponential_schedule,
  beta_max=1.0,
  annealing_len=20,
)


def _meta_beta(step_idx, meta_annealing_schedule):
  annealing_len = jnp.array(meta_annealing_schedule.annealing_len, dtype=jnp.int32)
  beta_max = jnp.array(meta_annealing_schedule.beta_max, dtype=jnp.float32)
  current_meta_beta = lax.cond(
    step_idx >= meta_annealing_schedule.annealing_len,
    lambda: jnp.array(meta_annealing_schedule.beta_max, dtype=jnp.float32),
    lambda: meta_annealing_schedule.schedule_fn(
      step_idx + 1,
      annealing_len,
      beta_max,
      *meta_annealing_schedule.schedule_args,
    ).astype(jnp.float32),
  )
  return current_meta_beta


@jax.jit
def f(step_idxs):
  def body(carry, step_idx):
    return carry, _meta_beta(step_idx, META_SCHEDULE)

  _, betas = lax.scan(body, 0, step_idxs)
  return betas
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # 0 -> p <= 1 branch; 19 -> p >= n_steps inside the schedule; >= 20 -> the lax.cond's true branch
    edges = np.array([0, 19, 20, 27], dtype=np.int32)
    mid = rng.integers(1, 19, size=6).astype(np.int32)
    return (rng.permutation(np.concatenate([edges, mid])).astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(step_idxs):
    def sched(p, n_steps, beta_max, rate=default_rate):
        x = (p - 1) / (n_steps - 1)
        exp_val = jnp.exp(jnp.minimum(rate * x, 700.0))
        denominator = jnp.exp(rate) - 1.0
        eps = 1e-9
        scale_factor = jnp.where(abs(denominator) < eps, beta_max / (denominator + eps), beta_max / denominator)
        val = scale_factor * (exp_val - 1)
        val = jnp.where(p >= n_steps, jnp.asarray(beta_max, jnp.float32), val)
        return jnp.where(p <= 1, jnp.float32(0.0), val).astype(jnp.float32)

    def one(step_idx):
        annealing_len = jnp.array(META_SCHEDULE.annealing_len, dtype=jnp.int32)
        beta_max = jnp.array(META_SCHEDULE.beta_max, dtype=jnp.float32)
        return jnp.where(step_idx >= META_SCHEDULE.annealing_len, beta_max,
                         sched(step_idx + 1, annealing_len, beta_max))

    return jax.vmap(one)(step_idxs)
