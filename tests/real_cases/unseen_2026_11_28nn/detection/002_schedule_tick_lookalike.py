"""Schedule.tick: a struct-dataclass method full of `is None` / `len(depth)` tests and a lax.cond.

source: Velythyl/SemiStaticSim, module semistaticsim/groundtruth/schedule.py as stored in the public
    code index (code-index file id 19874793574: TIME_SCALES_MAPPING, ScheduleDistribution,
    ScheduleTransition, Schedule with create / reset_subpatterns / reset / tick / get_current_mode);
    the index gives no commit. The stand-in for `spoof_vmap`'s stacking follows
    groundtruth/spoof_vmap.py at c151f726492743c6f5f751fac39b492e3164bc79.
error: none
category: negative
expect: untouched
notes: `tick` sits under a commented-out `#@jax.jit` but is jit-safe: `depth` is a static tuple
    (`if depth is None`, `if len(depth) == 1`), the time-over switch is arithmetic blending plus a
    `jax.lax.cond`, and the sub-patterns are advanced with `jax.vmap`. flax is not installed here, so
    `flax.struct` is replaced by a small stand-in (frozen dataclass registered with
    jax.tree_util.register_dataclass, with `replace`); `split_key` (imported from
    semistaticsim.rendering.floor) is a stand-in that splits into one carry key plus `num` keys.
    `Schedule.create` (needs get_scc / full_pattern), get_current_mode, current_location, step,
    make_step_func and the __main__ demo are dropped; ScheduleTransition.largest_scc is dropped.
    The entry point `f` builds a two-level schedule (one day pattern with two hour sub-patterns,
    stacked as spoof_vmap would) from arrays and ticks it once; `scales` is passed as a tuple.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
import functools
from typing_extensions import Self

import jax
import jax.numpy as jnp


class struct:  # stand-in for flax.struct
    @staticmethod
    def field(pytree_node=True, **kwargs):
        return dataclasses.field(metadata={"pytree_node": pytree_node}, **kwargs)

    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(frozen=True)(cls)
        fields = dataclasses.fields(cls)
        data = [fl.name for fl in fields if fl.metadata.get("pytree_node", True)]
        meta = [fl.name for fl in fields if not fl.metadata.get("pytree_node", True)]
        cls.replace = lambda self, **kw: dataclasses.replace(self, **kw)
        return jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)


def split_key(key, num):  # stand-in for semistaticsim.rendering.floor.split_key
    keys = jax.random.split(key, num + 1)
    return keys[0], keys[1:]


TIME_SCALES_MAPPING = {
    "year": 365 * 24,
    "month": 30 * 24,
    "week": 7 * 24,
    "day": 24,
    "hour": 1,
}

EPS = 0.001

@struct.dataclass
class ScheduleDistribution:
    means: jnp.array
    stds: jnp.array

    def sample_duration(self, key, i: int):
        key, rngs = split_key(key, len(self))

        def sample(k, m, s):
            # sigma2 = jnp.log(1 + (s ** 2) / (m ** 2 + 1e-8))
            # sigma = jnp.sqrt(sigma2)
            # mu = jnp.log(m + 1e-8) - sigma2 / 2
            # # Sample lognormal
            # return jnp.exp(jax.random.normal(k) * sigma + mu)
            x = jax.random.normal(key=k) * s + m
            # Skews the distribution to be non-negative
            return jnp.maximum(x, 0.0)

        # note: in "instant" mode, the returned sample will be negative
        samples = jax.vmap(sample)(rngs, self.means, self.stds)
        return jnp.take(samples, jnp.astype(i, int))

    def __len__(self):
        return self.stds.shape[0]

@struct.dataclass
class ScheduleTransition:
    mat: jnp.ndarray

    @property
    def possible_states(self):
        return jnp.arange(self.mat.shape[0])

    def transit(self, key, current: jnp.ndarray):
        current = jnp.atleast_1d(current)
        curvec = jnp.take(self.mat, jnp.astype(current, int), axis=0).squeeze()

        next_state = jax.random.choice(key, self.possible_states, shape=(1,), p=curvec)
        return next_state


@struct.dataclass
class Schedule:
    time_scale: float
    distribution: ScheduleDistribution
    transition_mat: ScheduleTransition
    subpatterns: Self
    current_pattern: int
    locations: jnp.array
    time_left_for_mode: float
    dt: float
    scales: list = struct.field(pytree_node=False)

    force_next_state: int
    safe_first_state: int

    def __len__(self):
        return len(self.distribution)

    @property
    def get_static_full_depth(self):
        return tuple([None] * len(self.scales))

    def reset_subpatterns(self, depth=None):
        new_subpatterns = jax.vmap(functools.partial(Schedule.reset, depth=depth))(self=self.subpatterns)
        return new_subpatterns

    def reset(self, depth=None):
        if depth is None:
            depth = self.get_static_full_depth

        self = self.replace(force_next_state=self.safe_first_state, time_left_for_mode=-1., current_pattern=-1.)

        if len(depth) == 1:
            return self

        return self.replace(subpatterns=self.reset_subpatterns(depth=depth[1:]))


    #@jax.jit
    def tick(self, key, depth=None):
        if depth is None:
            depth = self.get_static_full_depth

        new_time_left = self.time_left_for_mode - self.dt
        time_over = jnp.astype(new_time_left <= 0, int)
        stolen_time = jnp.abs(new_time_left) * time_over

        # IF THE TIME IS OVER, COMPUTE WHAT THE NEXT MODE IS (LOOK AT THE TRANSITION MATRIX)
        key, rng = jax.random.split(key)
        DO_FORCE_NEXT_MODE = jnp.astype(self.force_next_state > -1, int) # this happens at creation, and also when a higher pattern exits (see reset)
        new_current_mode_IF_FORCE_NEXT_MODE = self.force_next_state
        self = self.replace(force_next_state=jnp.ones(1) * -1)    # no matter what, only force next state the first time
        new_current_mode_IFNOT_FORCE_NEXT_MODE = self.transition_mat.transit(rng, self.current_pattern)
        new_current_mode = new_current_mode_IFNOT_FORCE_NEXT_MODE * (1-DO_FORCE_NEXT_MODE) + new_current_mode_IF_FORCE_NEXT_MODE * DO_FORCE_NEXT_MODE
        new_current_mode = new_current_mode.squeeze()

        new_time_left = new_time_left * (1-time_over) + time_over * (self.distribution.sample_duration(key, new_current_mode) * self.time_scale - stolen_time)
        ret_current_mode = self.current_pattern * (1-time_over) + time_over * new_current_mode
        self = self.replace(current_pattern=ret_current_mode,time_left_for_mode=new_time_left)

        if len(depth) == 1:
            return self

        self_subpatterns = jax.lax.cond(time_over, lambda: self.reset_subpatterns(depth[1:]), lambda: self.subpatterns)

        key, rngs = split_key(key, len(self_subpatterns))
        new_subpatterns = jax.vmap(lambda key, x: x.tick(key, depth[1:]))(rngs, self_subpatterns)
        return self.replace(subpatterns=new_subpatterns)


def tick_day_schedule(key, day_means, day_stds, day_mat, current_pattern, time_left, force_next,
                      hour_means, hour_stds, hour_mats, hour_current, hour_time_left):
    n_sub = hour_means.shape[0]
    hours = Schedule(
        time_scale=jnp.full((n_sub,), TIME_SCALES_MAPPING["hour"], dtype=jnp.float32),
        distribution=ScheduleDistribution(hour_means, hour_stds),
        transition_mat=ScheduleTransition(hour_mats),
        subpatterns=[],
        current_pattern=hour_current,
        locations=jnp.tile(jnp.arange(hour_means.shape[1]), (n_sub, 1)),
        time_left_for_mode=hour_time_left,
        dt=jnp.full((n_sub,), 1.0, dtype=jnp.float32),
        scales=("hour",),
        force_next_state=-jnp.ones((n_sub, 1)),
        safe_first_state=jnp.zeros((n_sub, 1)),
    )
    day = Schedule(
        time_scale=TIME_SCALES_MAPPING["day"],
        distribution=ScheduleDistribution(day_means, day_stds),
        transition_mat=ScheduleTransition(day_mat),
        subpatterns=hours,
        current_pattern=current_pattern,
        locations=jnp.arange(day_means.shape[0]),
        time_left_for_mode=time_left,
        dt=1.0,
        scales=("day", "hour"),
        force_next_state=force_next,
        safe_first_state=jnp.zeros((1,)),
    )
    new = day.tick(key)
    return (new.current_pattern, new.time_left_for_mode,
            new.subpatterns.current_pattern, new.subpatterns.time_left_for_mode)


f = jax.jit(tick_day_schedule)
# --- end user code ---

import numpy as np


def _stochastic(rng, n):
    m = rng.uniform(0.1, 1.0, size=(n, n))
    return (m / m.sum(axis=1, keepdims=True)).astype(np.float32)


def make_inputs(rng):
    key = rng.integers(0, 2**31, size=(2,)).astype(np.uint32)
    n_day, n_sub, n_hour = 2, 2, 3
    # time_left: sometimes the day mode runs out this tick (lax.cond resets the sub-patterns)
    time_left = np.float32(rng.choice([0.5, 5.0, 30.0]))
    force_next = np.array([float(rng.choice([-1.0, 1.0]))], np.float32)
    return (
        key,
        rng.uniform(1.0, 3.0, size=(n_day,)).astype(np.float32),
        rng.uniform(0.1, 0.5, size=(n_day,)).astype(np.float32),
        _stochastic(rng, n_day),
        np.float32(rng.integers(0, n_day)),
        time_left,
        force_next,
        rng.uniform(1.0, 3.0, size=(n_sub, n_hour)).astype(np.float32),
        rng.uniform(0.1, 0.5, size=(n_sub, n_hour)).astype(np.float32),
        np.stack([_stochastic(rng, n_hour) for _ in range(n_sub)]),
        rng.integers(0, n_hour, size=(n_sub,)).astype(np.float32),
        rng.choice([0.5, 4.0], size=(n_sub,)).astype(np.float32),
    )


INPUTS = make_inputs
