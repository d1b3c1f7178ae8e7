"""Leaky integrate-and-fire network from a NumPy-to-JAX course: a loop over a static time grid with `if i == 0: continue` and a list append (jit-safe).

source: IanQS/numpy_to_jax case_studies/leaky_integrate_and_fire/jax_leaky_integrate_and_fire_1.ipynb at d667e9537e9391c3bd8b08a1f154cc77a878cc84 (run_simulation); hyperparameters from lif_hparams.py at d78e69a8f4518eb7e0f2ca6924a2f2a28e8a1a91
error: none
category: negative-static-loop-continue
expect: untouched
notes: run_simulation is verbatim (type aliases inlined). The notebook calls it eagerly; here
  it is jitted with `static_argnames=("t_max", "dt")`. The loop runs over `jnp.arange(0,
  t_max, dt)` built from static Python floats, so its length is fixed at trace time.
  `if i == 0: continue` tests the Python enumerate index, and the spike decisions are
  already `jnp.where`. The list of spike vectors has one entry per time step, so its length
  is static. A shorter t_max (1 ms instead of 100 ms) keeps the unrolled trace small. The
  initial potentials are random instead of all at V_reset, so that some neurons fire.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

from typing import TypeAlias

Mat: TypeAlias = jnp.ndarray
Vec: TypeAlias = jnp.ndarray


def run_simulation(
    W: Mat,
    V: Vec,

    # Neuron Parameters
    tau_m: float,
    v_reset: float,
    v_thresh: float,
    membr_R: float,

    # How long do we run for? 
    t_max: float,
    dt: float, 

):
    # Simulation

    spike_train = []
    for i, t in enumerate(jnp.arange(0, t_max, dt)):
        if i == 0:
            continue
    
        fired = V >= v_thresh
        V = jnp.where(fired, v_reset, V)
        
        # Record spike times
        spike_train.append(fired)
    
        # Update voltages
        I_syn = W.dot(spike_train[-1])  # Synaptic current from spikes
        dV = (dt / tau_m) * (-V + v_reset + membr_R * I_syn)
        V += dV
    
        # No self-inputs; neurons cannot spike themselves in this timestep
        V = jnp.where(fired, v_reset, V)
    return spike_train


f = jax.jit(run_simulation, static_argnames=("t_max", "dt"))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 16
    W = rng.uniform(0.0, 400.0, size=(n, n)).astype(np.float32)
    V = rng.uniform(-66.0, -45.0, size=n).astype(np.float32)
    _tau_m, _V_reset, _V_thresh, _R = 20.0, -65.0, -50.0, 1.0
    return (W, V, np.float32(_tau_m), np.float32(_V_reset), np.float32(_V_thresh),
            np.float32(_R), 1.0, 0.1)


INPUTS = make_inputs
