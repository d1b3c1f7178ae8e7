"""streamsculptor's fill_in_collision_times: a traced while with a jitted closure, and a masked, data-sized result.

source: jnibauer/streamsculptor StreamSculptor.py at 15fb5770b5b40cbdbd4240b969e64e72414705b5 (fill_in_collision_times)
error: NonConcreteBooleanIndexError
category: closure-while-bool-mask-dynamic-shape
expect: report
notes: function verbatim (module-level helper in the file, next to the jitted stream generators); jitted here as `f`, the way the file's other helpers (get_particle_stepto, eval_dense_stream) are. With t0/t1 left as None, the first leak is `ts_stepto_base[ts_stepto_base<jnp.inf].max()`; then `while tprev < t1` compares tracers (the inner jitted closure get_timestep reads t_lower/t_upper/dt0_collision of the enclosing call); and the result `ts_arr[ts_arr<jnp.inf]` has a length set by the data. No fixed-shape rewrite keeps the output, so it must be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def fill_in_collision_times(ts_stepto_base=None,tcollision=None,dt0_collision=None,collision_twindow=None,t0=None,t1=None):
    """
    Function outputs a ts_stepto_array accounting for a user-defined time-step during the collision.
    ts_stepto_base: timesteps in base potential. Outside of the collision window this will remain unchanged.
    tcollision: array of collision times
    dt0_collision: timestep in collision window
    collison_twindow: symmetric buffer around tcollision. At tcollision +/- collision_twindow, dt0_collision is the timestep
    t0: starting integration time
    t1: terminating time
    """
    if t0 is None:
            t0 = ts_stepto_base.min()
    if t1 is None:
        t1 = ts_stepto_base[ts_stepto_base<jnp.inf].max()

    t_lower = jnp.clip(tcollision - collision_twindow,t0,t1)
    t_upper = jnp.clip(tcollision + collision_twindow,t0,t1)

    @jax.jit
    def get_timestep(tcurr):
        def in_collision(ts_stepto_base):
            return dt0_collision
        def out_collision(ts_stepto_base):
            curr_time_ind = jnp.argmin(jnp.abs(tcurr - ts_stepto_base))
            dt = ts_stepto_base[curr_time_ind+1] - ts_stepto_base[curr_time_ind]
            return dt
        # check if tcurr is in any collision interval
        # true if in collision interval, false otherwise
        pred = jnp.any((t_lower <= tcurr) & (tcurr <= t_upper))
        dtcurr = jax.lax.cond(pred, in_collision, out_collision, ts_stepto_base)
        return dtcurr

    tprev = t0
    #tnext = t0 + get_timestep(t0)
    ts_arr = jnp.zeros(100_000) + jnp.inf
    count = 0
    ts_arr = ts_arr.at[count].set(t0)
    count += 1
    while tprev < t1:
        tnext = jnp.minimum(tprev + get_timestep(tprev), t1)
        ts_arr = ts_arr.at[count].set(tnext)
        tprev = tnext
        count += 1
    return ts_arr[ts_arr<jnp.inf]


f = jax.jit(fill_in_collision_times)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(15, 25))
    base = np.concatenate([np.linspace(0.0, 10.0, n), np.full(5, np.inf)]).astype(np.float32)
    tcollision = np.array([rng.uniform(2.0, 8.0)], dtype=np.float32)
    dt0_collision = np.float32(rng.uniform(0.1, 0.3))
    collision_twindow = np.float32(rng.uniform(0.3, 1.0))
    return (base, tcollision, dt0_collision, collision_twindow)


INPUTS = make_inputs
