"""A lap-time simulator's solve(): `while not jnp.all(abort)` over a pytree car dataclass, jitted.

source: unitdeterminant/laptime-simulation-BF at b7a1c5e00da98dad8595ee4879d075bb94ec317b: lapsim/solve.py (EulerStep, fuse_step, solve; code-index file id 25285849494), lapsim/car.py (expand_like, register_car, Quantity, BaseCar, Car1D), lapsim/ode.py (physics, drag1d, gas_to_acceleration1d, no_backward1d, ODEList), lapsim/drive.py (VParamDriver), lapsim/track.py (SLALOM_TRACK, scale_params, KappaOfX), lapsim/opt.py (EvaluateParams); the wiring is evolve.py at the same commit. Abort conditions rebuilt from lapsim/abort.py at 778dff8d6e02a2b87d9c01ad1df9e31f2320dc0a.
error: TracerBoolConversionError
category: while-on-traced-all-pytree-carry
expect: fix
notes: evolve.py calls `evaluate(params)` eagerly, with solve()'s Python `while not jnp.all(abort)` driving the
  jitted fused Euler step; here `evaluate` is wrapped as `f = jax.jit(evaluate)`, so the loop condition is
  traced. The solve/step/ode/driver/track/opt code is verbatim apart from shortened docstrings. abort.py is
  not stored at b7a1c5e (evolve.py there uses AbortCondList(*conds), Finished, MaxTime, KappaMaxVel(kappaofx)),
  so these four are rebuilt from the NumPy revision 778dff8 on Car1D fields. evolve.py's constants are
  shrunk (track_length 100, t_max 6, fuse 8 steps of dt 0.1) so the eager loop stays short. The carry starts
  as the Python `False` and becomes a bool array of the batch shape: a lax.while_loop fix must start from an
  all-False array of that shape. One line added to expand_like (`x = jnp.asarray(x)`): the original relies
  on its own @jax.jit to turn the Python float `dt` into an array, which the judge's eager run
  (jax.disable_jit) does not do.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.tree_util as jtu
import jax.numpy as jnp
import jax
import numpy as np
import math

from dataclasses import dataclass, field, fields
from typing import List


# ---- lapsim/car.py ----

@jax.jit
def expand_like(x, s):
    """Expands `x` with length-1 axes at the end to have the same ndim as `s`."""
    x = jnp.asarray(x)  # judge: the jit wrapper did this; needed under jax.disable_jit
    e = [jnp.newaxis] * (s.ndim - x.ndim)
    return x[tuple([...] + e)]


def register_car(cls):
    """`@register_car` is `@dataclass` followed by `@jax.tree_util.register_pytree_node_class`."""
    cls = dataclass(cls)
    cls = jtu.register_pytree_node_class(cls)
    return cls


@dataclass
class Quantity:
    shape: List[int]
    unit: str = field(default=None)
    name: str = field(default=None)

    @property
    def axis_label(self):
        if self.unit is None:
            return self.name
        else:
            return f"{self.name} in $[{self.unit}]$"


@register_car
class BaseCar:
    t: Quantity([1], "s", "time")

    @classmethod
    def zeros(cls, batch_dims=[]):
        children = [
            jnp.zeros(batch_dims + f.type.shape)
            for f in fields(cls)]

        return cls(*children)

    def tree_flatten(self):
        """ Utility function to use class as pytree """

        children = tuple(
            self.__dict__[f.name]
            for f in fields(self))

        aux_data = None
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        """ Utility function to use class as pytree """

        return cls(*children)

    @property
    def batch_dims(self):
        value = self.__dict__[fields(self)[0].name]
        n = len(fields(self)[0].type.shape)
        return list(value.shape)[:-n]

    @jax.jit
    def __add__(self, other):
        return jtu.tree_map(
            lambda x, y: x + y, self, other)

    @jax.jit
    def __mul__(self, multiplier):
        return jtu.tree_map(
            lambda x: x * expand_like(multiplier, x), self)


@register_car
class Car1D(BaseCar):
    x: Quantity([1], "m", "position")
    v: Quantity([1], "m/s", "velocity")
    g: Quantity([1], None, "gas")


# ---- lapsim/ode.py ----

def physics(car, car_dot):
    car_dot.t = jnp.ones_like(car_dot.t)
    car_dot.x = car.v
    return car_dot


def no_backward1d(car, car_dot):
    car_dot.x = jnp.maximum(car_dot.x, 0.)
    return car_dot


def drag1d(car, car_dot, *, scale=1e-3):
    car_dot.v -= scale * car.v ** 2
    return car_dot


def gas_to_acceleration1d(
        car, car_dot, *,
        acc_max=10., brake_max=10.):

    g = jnp.clip(car.g, -1, 1)
    g = jnp.maximum(g, g * acc_max)
    g = jnp.minimum(g, g * brake_max)

    car_dot.v += g
    return car_dot


def ODEList(*odes):
    def ode_fn(car, car_dot):
        for ode in odes:
            car_dot = ode(car, car_dot)

        return car_dot

    return ode_fn


# ---- lapsim/drive.py ----

def VParamDriver(track_length):
    def driver_fn(car, params):
        n = params.shape[-1]
        pos = car.x / track_length
        i = jnp.minimum((pos * n).astype(int), n - 1)

        old_shape = i.shape
        new_shape = i.shape[i.ndim - params.ndim:-1] + (-1,)
        i = i.reshape(new_shape)

        v_target = jnp.take_along_axis(params, i, -1)
        v_target = jnp.maximum(v_target, 0.)
        v_target = v_target.reshape(old_shape)

        do_accel = v_target > car.v
        car.g = jnp.where(do_accel, 1, -1)
        return car

    return driver_fn


# ---- lapsim/track.py ----

SLALOM_TRACK = np.array([
    [60, 0], [math.pi * 10, -0.1],
    [50, 0], [math.pi * 10, 0.1],
    [50, 0], [math.pi * 10, -0.1],
    [50, 0], [math.pi * 10, 0.1],
    [60, 0]], dtype='f4')


def scale_params(track_params, length):
    old_length = np.sum(track_params[:, 0])
    track_params[:, 0] *= length / old_length
    track_params[:, 1] /= length / old_length
    return track_params


def KappaOfX(track_params):
    x_cumsum = jnp.cumsum(track_params[:, 0])
    n = x_cumsum.shape[0]

    def kappaofx(x):
        idxs = jnp.searchsorted(x_cumsum, x)
        idxs = jnp.minimum(idxs, n - 1)
        kappa = jnp.take(track_params[:, 1], idxs)
        return kappa

    return kappaofx


# ---- lapsim/abort.py (rebuilt, see notes) ----

def AbortCondList(*abort_conds):
    def abort_cond(car):
        aborts = [fn(car) for fn in abort_conds]
        aborts = jnp.concatenate(aborts, -1)
        return jnp.any(aborts, -1)

    return abort_cond


def KappaMaxVel(kappaofx, *, scale_max=0.5, eps=1e-6):
    def abort_cond(car):
        kappa = jnp.abs(kappaofx(car.x))
        vel_max = scale_max / (kappa + eps)
        abort = car.v > vel_max
        return abort

    return abort_cond


def Finished(track_length):
    def abort_cond(car):
        abort = car.x >= track_length
        return abort

    return abort_cond


def MaxTime(t_max):
    def abort_cond(car):
        abort = car.t >= t_max
        return abort

    return abort_cond


# ---- lapsim/solve.py ----

def fuse_step(step, nfuse):

    # not recomended to do more than 12 steps

    @jax.jit
    def fused_step(car, dkwargs):
        for _ in range(nfuse):
            car, abort = step(car, dkwargs)
        return car, abort

    return fused_step


def EulerStep(Car, ode, abort_cond, driver, dt=1e-2):

    @jax.jit
    def step_fn(car, dkwargs):
        car = driver(car, **dkwargs)

        car_dot = Car.zeros(car.batch_dims)
        car_dot = ode(car, car_dot)

        abort = abort_cond(car)
        do_update = jnp.logical_not(abort)

        car += car_dot * dt * do_update
        return car, abort

    return step_fn


def solve(
        Car,
        step,
        batch_dims=[],
        **dkwargs):

    abort = False
    car = Car.zeros(batch_dims)

    while not jnp.all(abort):
        car, abort = step(car, dkwargs)

    return car


# ---- lapsim/opt.py ----

def EvaluateParams(Car, step, track_length, t_max):

    def eval_params_fn(params):
        batch_dims = list(params.shape[:-1])
        car = solve(
            Car, step, batch_dims,
            params=params)

        t = car.t[..., 0]
        x = car.x[..., 0]

        v_loss = track_length - x + t_max
        f_loss = t

        finished = x >= track_length
        loss = jnp.where(finished, f_loss, v_loss)
        return loss

    return eval_params_fn


# ---- evolve.py wiring ----

track_length = 100.
t_max = 6

track = scale_params(SLALOM_TRACK.copy(), track_length)
kappaofx = KappaOfX(track)

abort_cond = AbortCondList(
    Finished(track_length),
    MaxTime(t_max),
    KappaMaxVel(kappaofx))

ode = ODEList(
    physics,
    drag1d,
    gas_to_acceleration1d,
    no_backward1d)

driver = VParamDriver(track_length)

step_big = fuse_step(EulerStep(
    Car1D, ode, abort_cond, driver, 1e-1), 8)

evaluate = EvaluateParams(
    Car1D, step_big, track_length, t_max)

f = jax.jit(evaluate)
# --- end user code ---


def make_inputs(rng):
    # per-segment target speeds: a few cars too slow (time limit), some too fast for the
    # curves (KappaMaxVel), some finishing; one car that never moves (all zeros)
    params = np.abs(rng.normal(size=(4, 8))).astype(np.float32) * 5.0
    params[0] = 0.0
    params[1] = 30.0
    params[2] = 1.0
    return (params,)


INPUTS = make_inputs


@jax.jit
def reference_fix(params):
    batch_dims = list(params.shape[:-1])
    car0 = Car1D.zeros(batch_dims)
    abort0 = jnp.zeros(batch_dims, dtype=bool)

    def cond(carry):
        _, abort = carry
        return jnp.logical_not(jnp.all(abort))

    def body(carry):
        car, _ = carry
        return step_big(car, {"params": params})

    car, _ = jax.lax.while_loop(cond, body, (car0, abort0))
    t = car.t[..., 0]
    x = car.x[..., 0]
    finished = x >= track_length
    return jnp.where(finished, t, track_length - x + t_max)
