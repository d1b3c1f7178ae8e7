"""Epidemic contact model: lockdown STEP/RAMP shapes written as chained Python conditional expressions on time.

source: SIS/SIR multi-susceptibility-class epidemic model (BJS, Sept 2024) in the public code index, repository not named by the index: contact_model.py JAX-era revision (code-index file id 68993875298: `# @jit` commented above STATIC / STEP / RAMP, and a later `piecewise` "Smooth approximation using sigmoid transitions, to avoid problems with JAX"); run script with `shape_step` / `contact(t,shape,...)` (code-index file id 68830614827)
error: TracerBoolConversionError
category: ternary-and-on-traced-time
expect: fix
notes: STATIC/STEP/RAMP verbatim from contact_model.py (the `# @jit` comments kept). `contact` and the `shape_*` lambdas verbatim from the run script except np.cos/np.pi -> jnp.cos/jnp.pi (the JAX-era script 68830115319 writes `jnp.cos(2*jnp.pi*(t/365-offset))`). The repo's comments use `contact(t,shape_ramp,seasonality,offset)`; `shape_ramp` and RECOVERY_DURATION=12 are written in the same style as `shape_step`. SEASONALITY/OFFSET (from Parameters.*) and the 7x7 CONTACT csv are replaced by small constants. Entry point: the run script's `lambda t : contact(t, shape_..., SEASONALITY, OFFSET, T_FACTOR, CONTACT)` wrapped in jax.jit (the model was being moved from numba to jax / diffrax, where t is traced).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

# @jit
def STATIC(t):
    return 1

# @jit
def STEP(t,t_lockdown,duration,reduction):
    return 1-reduction if t < t_lockdown + duration and t > t_lockdown else 1

# @jit
def RAMP(t,t_lockdown,duration,recovery_duration,reduction):
    return 1-reduction if t < t_lockdown + duration and t > t_lockdown else 1 + reduction*((t-t_lockdown-duration)/recovery_duration - 1) if t > t_lockdown and t < t_lockdown + duration + recovery_duration else 1


## Period of simulation in months
T_FACTOR = 1
SEASONALITY = 0.2
OFFSET = 0.25
NAG = 7
# Contact matrix for all contact types
CONTACT = 1.0 + np.arange(NAG * NAG, dtype=np.float32).reshape(NAG, NAG) / 10.0
CONTACT /= 12.99 # transform to contact proportions
# Lockdown and other mobility changes
T_LOCKDOWN = 37*12*T_FACTOR
LOCKDOWN_DURATION = 12*T_FACTOR
RECOVERY_DURATION = 12*T_FACTOR
LOCKDOWN_REDUCTION = 0.4
shape_step = lambda t : STEP(t,T_LOCKDOWN,LOCKDOWN_DURATION,LOCKDOWN_REDUCTION)
shape_ramp = lambda t : RAMP(t,T_LOCKDOWN,LOCKDOWN_DURATION,RECOVERY_DURATION,LOCKDOWN_REDUCTION)
shape_static = lambda t : 1
def contact(t,shape,seasonality=SEASONALITY,offset=OFFSET,t_factor=T_FACTOR,c_rate=CONTACT):
    return shape(t)*(1+seasonality*jnp.cos(2*jnp.pi*(t/(12*t_factor)-offset)))*c_rate


f = jax.jit(lambda t : contact(t, shape_ramp,SEASONALITY,OFFSET,T_FACTOR,CONTACT))
# --- end user code ---


def make_inputs(rng):
    # before, at the start, inside the lockdown, at its end, on the ramp, at the ramp's end, after
    points = [T_LOCKDOWN - 30.5, float(T_LOCKDOWN), T_LOCKDOWN + 5.25,
              float(T_LOCKDOWN + LOCKDOWN_DURATION), T_LOCKDOWN + LOCKDOWN_DURATION + 4.5,
              float(T_LOCKDOWN + LOCKDOWN_DURATION + RECOVERY_DURATION), T_LOCKDOWN + 60.75]
    t = points[int(rng.integers(len(points)))] + float(rng.choice([0.0, rng.uniform(-2.0, 2.0)]))
    return (np.float32(t),)


INPUTS = make_inputs


@jax.jit
def reference_fix(t):
    in_lock = (t < T_LOCKDOWN + LOCKDOWN_DURATION) & (t > T_LOCKDOWN)
    in_ramp = (t > T_LOCKDOWN) & (t < T_LOCKDOWN + LOCKDOWN_DURATION + RECOVERY_DURATION)
    ramp = 1 + LOCKDOWN_REDUCTION*((t-T_LOCKDOWN-LOCKDOWN_DURATION)/RECOVERY_DURATION - 1)
    shape = jnp.where(in_lock, 1 - LOCKDOWN_REDUCTION, jnp.where(in_ramp, ramp, 1.0))
    return shape*(1+SEASONALITY*jnp.cos(2*jnp.pi*(t/(12*T_FACTOR)-OFFSET)))*CONTACT
