"""Leaky integrate-and-fire trace with a refractory clock: nested traced ifs inside a loop over a static time grid.

source: bgalbraith/pycone src/lif.py (module-level LIF simulation), found in the public code index
error: TracerBoolConversionError
category: for-nested-if-traced-clock
expect: fix
notes: the script body is wrapped in a jitted `f(I, tau_ref)`: the input current and refractory period become traced arguments, everything else keeps the script's constants. `from numpy import *` becomes `import numpy as np` for the static time grid and `jax.numpy` for the trace, `Vm[i] = ...`/`Vm[i] += ...` become `.at[i].set/add`, and the plotting is dropped. `t > t_rest` is static until the first spike makes `t_rest` traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(I, tau_ref):
    ## setup parameters and state variables
    T       = 50                  # total time to simulate (msec)
    dt      = 0.125               # simulation time step (msec)
    time    = np.arange(0, T+dt, dt) # time array
    t_rest  = 0                   # initial refractory time

    ## LIF properties
    Vm      = jnp.zeros(len(time))    # potential (V) trace over time
    Rm      = 1                   # resistance (kOhm)
    Cm      = 10                  # capacitance (uF)
    tau_m   = Rm*Cm               # time constant (msec)
    Vth     = 1                   # spike threshold (V)
    V_spike = 0.5                 # spike delta (V)

    ## iterate over each time step
    for i, t in enumerate(time):
      if t > t_rest:
        Vm = Vm.at[i].set(Vm[i-1] + (-Vm[i-1] + I*Rm) / tau_m * dt)
        if Vm[i] >= Vth:
          Vm = Vm.at[i].add(V_spike)
          t_rest = t + tau_ref

    return Vm
# --- end user code ---


def make_inputs(rng):
    I = np.float32(rng.choice([0.8, rng.uniform(1.2, 4.0), rng.uniform(1.2, 4.0)]))
    tau_ref = np.float32(rng.uniform(1.0, 8.0))
    return (I, tau_ref)


INPUTS = make_inputs


@jax.jit
def reference_fix(I, tau_ref):
    T, dt = 50, 0.125
    time = jnp.asarray(np.arange(0, T + dt, dt), jnp.float32)
    Rm, Cm, Vth, V_spike = 1, 10, 1, 0.5
    tau_m = Rm * Cm

    def body(carry, t):
        v_prev, t_rest = carry
        active = t > t_rest
        v = v_prev + (-v_prev + I * Rm) / tau_m * dt
        spike = active & (v >= Vth)
        v = jnp.where(spike, v + V_spike, v)
        v = jnp.where(active, v, 0.0)
        t_rest = jnp.where(spike, t + tau_ref, t_rest)
        return (v, t_rest), v

    # Vm[i-1] at i = 0 reads Vm[-1], which is still 0
    _, Vm = jax.lax.scan(body, (jnp.float32(0.0), jnp.float32(0.0)), time)
    return Vm
