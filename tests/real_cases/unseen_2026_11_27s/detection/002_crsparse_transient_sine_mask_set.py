"""CR-Sparse transient_sine_wave: `.at[mask].set(0)` with a mask built from traced start/end times.

source: carnotresearch/cr-sparse src/cr/sparse/_src/dsp/synthetic_signals.py at b7b462daf1590f254c653b486abf524f5bff06b5 (time_values, transient_sine_wave)
error: NonConcreteBooleanIndexError
category: bool-mask-at-set
expect: fix
notes: time_values and transient_sine_wave verbatim (docstring kept). The library exports these as plain functions; the case jits transient_sine_wave with the sampling rate and the duration static (`static_argnums=(0, 1)`, they fix the number of samples through `int(fs * T)`), while the frequency, the start/end times, the phase and the initial time are traced, as when the signal is generated inside a jitted or vmapped experiment. The boolean mask depends on the traced start/end times, so `signal.at[mask].set(0)` is a boolean-mask scatter with a non-concrete mask; `jnp.where(mask, 0, signal)` is the jit-safe equivalent. Inputs include windows that start before the signal, end after it, and an empty window.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
import jax
import jax.numpy as jnp

def time_values(fs, T, initial_time=0):
    # Number of samples
    n = int(fs * T)
    # Points in time where the chirp will be computed.
    t = jnp.linspace(initial_time, initial_time+T, n, endpoint=False)
    return t

def transient_sine_wave(fs, T, f, start_time, end_time, initial_phase=0, initial_time=0):
    """Generates a transient sinusoid between start and end times

    Args:
        fs (float): Sample rate of signal in Hz.
        T (float): Period of the signal in seconds.
        f (float): Frequency of the sine wave in Hz.
        start_time (float): Start time of the sine wave in seconds
        end_time (float): End time of the sine wave in seconds
        initial_phase (float): phase at t=0 in radians, default is 0.
        initial_time (float): time at waveform start in seconds, default is 0.

    Returns:
        A tuple comprising (i) an array of time values in seconds and (ii) an array of signal values

    Example:
        ::

            fs = 100
            T = 16
            f = 2
            start_time = 2
            end_time = 6
            initial_time = -4
            t, signal = transient_sine_wave(fs, T, f, start_time, end_time, initial_time=initial_time)        
    """
    t = time_values(fs, T, initial_time)
    phase = 2*jnp.pi*f*t
    phase += initial_phase
    signal = jnp.sin(phase)
    mask = jnp.logical_or(t < start_time, t >= end_time)
    signal = signal.at[mask].set(0)
    return t, signal


f = jax.jit(transient_sine_wave, static_argnums=(0, 1))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    fs, T = 20, 4
    initial_time = np.float32(rng.choice([0.0, -1.0, 0.5]))
    kind = rng.integers(0, 4)
    if kind == 0:      # window inside the signal
        start = initial_time + rng.uniform(0.2, 1.5)
        end = start + rng.uniform(0.5, 2.0)
    elif kind == 1:    # window starting before the signal
        start = initial_time - 1.0
        end = initial_time + rng.uniform(0.5, 3.0)
    elif kind == 2:    # window ending after the signal
        start = initial_time + rng.uniform(0.5, 3.0)
        end = initial_time + T + 1.0
    else:              # empty window
        start = initial_time + 2.0
        end = initial_time + 1.0
    return (fs, T,
            np.float32(rng.uniform(0.5, 3.0)),
            np.float32(start), np.float32(end),
            np.float32(rng.uniform(0, np.pi)),
            initial_time)


INPUTS = make_inputs


def _reference(fs, T, f, start_time, end_time, initial_phase=0, initial_time=0):
    t = time_values(fs, T, initial_time)
    phase = 2*jnp.pi*f*t
    phase += initial_phase
    signal = jnp.sin(phase)
    mask = jnp.logical_or(t < start_time, t >= end_time)
    signal = jnp.where(mask, 0, signal)
    return t, signal


reference_fix = jax.jit(_reference, static_argnums=(0, 1))
