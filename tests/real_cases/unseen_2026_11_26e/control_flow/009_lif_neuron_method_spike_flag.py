"""LIF neuron object: a method mutates `self.v` and returns a Python True/False chosen by a traced threshold test.

source: Rao-Sanaullah/A-Comprehensive-Analysis-of-Mathematical-Models-and-Applications Per_model/LIF_model.py (`class LIF`, `update`), found in the public code index
error: TracerBoolConversionError
category: method-if-python-bool-attr-update
expect: fix
notes: the class is verbatim. The repository's driver loop is replaced by a jitted `f(I, tau)` that builds the neuron (tau traced, v_reset = 0, v_th = 1) and feeds it a 24-sample input current with dt = 1, collecting the spike flags as `jnp.array(spikes)` and returning them with the final membrane potential.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


# define LIF model
class LIF:
    def __init__(self, tau, v_reset, v_th, v_init=0.0):
        self.tau = tau
        self.v_reset = v_reset
        self.v_th = v_th
        self.v = v_init


    def update(self, I, dt):
        dvdt = (-self.v + I) / self.tau
        self.v += dvdt * dt
        if self.v >= self.v_th:
            spike = True
            self.v = self.v_reset
        else:
            spike = False
        return spike


@jax.jit
def f(I, tau):
    neuron = LIF(tau, 0.0, 1.0)
    spikes = []
    for t in range(I.shape[0]):
        spikes.append(neuron.update(I[t], 1.0))
    return jnp.array(spikes), neuron.v
# --- end user code ---

import numpy as np


def make_inputs(rng):
    I = rng.uniform(0.0, rng.choice([0.9, 2.5, 4.0]), size=24).astype(np.float32)
    tau = np.float32(rng.uniform(2.0, 8.0))
    return (I, tau)


INPUTS = make_inputs


@jax.jit
def reference_fix(I, tau):
    def body(v, i_t):
        v = v + (-v + i_t) / tau * 1.0
        spike = v >= 1.0
        v = jnp.where(spike, 0.0, v)
        return v, spike

    v, spikes = jax.lax.scan(body, jnp.float32(0.0), I)
    return spikes, v
