"""streamsculptor's get_particle_stepto: len() of a traced array, jnp.roll by a traced argmin, masks via jnp.where.

source: jnibauer/streamsculptor StreamSculptor.py at 15fb5770b5b40cbdbd4240b969e64e72414705b5 (get_particle_stepto)
error: none
category: negative-static-len-traced-roll
expect: untouched
notes: verbatim, including the @jax.jit decorator; only the function name `f` was added as an alias. Look-alikes: `len(ts_stepto)` and `jnp.arange(len(new_time))` are static shapes; `jnp.roll(ts_stepto, -t_ind)` takes a traced shift, which jnp.roll supports; every data-dependent choice is a 3-argument jnp.where, never a boolean index.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def get_particle_stepto(ts_stepto, stripping_time, final_time):
    """
    Given a precomputed ts_stepto array, stripping time, and final time
    this function rolls ts_stepto back, clips the value to the stripping time,
    and after final time, adds arbitrary increasing times. 
    All operations leave array shapes static. 
    """
    #final time has index len(ts_stepto)-1
    idx0 = len(ts_stepto)-1

    t_ind = jnp.argmin(jnp.abs(ts_stepto-stripping_time))
    rolled_back = jnp.roll(ts_stepto,-t_ind)
    sub = stripping_time-rolled_back[0]
    sub = jnp.clip(sub, -jnp.inf, -final_time) 
   
    new_time = rolled_back + sub
    new_time = jnp.where(new_time==new_time[0], stripping_time, new_time)
    new_time = jnp.where(new_time==final_time+sub, final_time, new_time)
    newfinal_ind = idx0 - t_ind #how much to roll back final time

    idx = jnp.arange(len(new_time))
    #at index after the final time, just arbitrarily add larger increasing times above final_time.
    new_time = jnp.where(idx>newfinal_ind,jnp.cumsum(jnp.abs(new_time/1000))+final_time, new_time)

    return new_time


f = get_particle_stepto
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 30
    final_time = np.float32(rng.uniform(50.0, 100.0))
    ts_stepto = np.sort(rng.uniform(-1000.0, final_time, size=n)).astype(np.float32)
    ts_stepto[-1] = final_time
    stripping_time = np.float32(ts_stepto[int(rng.integers(0, n - 1))] + rng.uniform(-5.0, 5.0))
    return (ts_stepto, stripping_time, final_time)


INPUTS = make_inputs
