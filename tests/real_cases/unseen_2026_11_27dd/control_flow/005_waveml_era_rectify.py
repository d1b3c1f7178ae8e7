"""WaveML ERA rectification: invariant enforcement written with jnp.maximum/minimum/where and a stop_gradient gate (look-alike).

source: lightborneintelligence/WaveML waveml_jax/core/era_rectify.py at 028c2e3fb7eb3d8e65d2d895a244168970d6fc5e (era_rectify, era_rectify_with_stats; code-index file id 18758930256), with WaveState from waveml_jax/core/representation.py (stored at 933ff9f927e4bc2fce1176c7b0e00567997235ad) and InvariantBounds / DEFAULT_BOUNDS / OMEGA from waveml_jax/core/invariants.py (stored at d2ecacf2d90ee46c9d1dcca4a9072ded73c560c3)
error: none
category: negative-jnp-where-invariants
expect: untouched
notes: era_rectify and era_rectify_with_stats are verbatim; the relative imports are inlined with the WaveState /
  InvariantBounds definitions of the package (as in the sibling repository lightborneintelligence/waveml-jax, which
  case 001 uses for the leaky `is_stable` of the same module family). The soft variant, the component helpers,
  era_chain / era_scan and the self-tests are dropped. The energy bound, phase gate and stats read like data-dependent
  branches but are all jnp.where / comparisons averaged into floats; the bounds NamedTuple default is traced as
  floats. `f` jits era_rectify_with_stats on a state built from the two arrays.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import NamedTuple, Tuple


class WaveState(NamedTuple):
    """
    Wave state representation.
    
    Attributes:
        amplitude: Non-negative energy magnitude, shape (*, n_modes)
        phase: Wrapped to [-π, π], shape (*, n_modes)
    """
    amplitude: jnp.ndarray
    phase: jnp.ndarray


OMEGA = 1e-6


class InvariantBounds(NamedTuple):
    """
    Bounds defining the space of valid wave states.
    """
    min_amplitude: float = 0.0
    max_amplitude: float = 10.0
    max_energy: float = 100.0
    phase_gate_threshold: float = OMEGA


DEFAULT_BOUNDS = InvariantBounds()


@jax.jit
def era_rectify(state: WaveState, 
                bounds: InvariantBounds = DEFAULT_BOUNDS) -> WaveState:
    """
    Enforce wave invariants through rectification.
    
    This is the core ERA operator. It enforces:
        1. Amplitude non-negativity
        2. Amplitude upper bound (element-wise)
        3. Total energy bound (global) - THE KEY CONSTRAINT
        4. Phase wrapping to [-π, π]
        5. Phase gating where amplitude vanishes
    
    Args:
        state: Wave state to rectify
        bounds: Invariant bounds to enforce
    
    Returns:
        Rectified wave state satisfying all invariants
    """
    amp = state.amplitude
    phase = state.phase
    
    # 1. Amplitude non-negativity
    amp = jnp.maximum(amp, bounds.min_amplitude)
    
    # 2. Amplitude upper bound (element-wise)
    amp = jnp.minimum(amp, bounds.max_amplitude)
    
    # 3. Total energy bound (THE KEY)
    # This is what prevents runaway dynamics
    energy = jnp.sum(amp ** 2, axis=-1, keepdims=True)
    scale = jnp.where(
        energy > bounds.max_energy,
        jnp.sqrt(bounds.max_energy / (energy + OMEGA)),
        1.0
    )
    amp = amp * scale
    
    # 4. Phase wrapping (gradient-safe via atan2)
    # This avoids discontinuities in the gradient
    phase = jnp.arctan2(jnp.sin(phase), jnp.cos(phase))
    
    # 5. Phase gating - freeze gradients where amplitude vanishes
    # This prevents phantom phase gradients from corrupting training
    safe = amp > bounds.phase_gate_threshold
    phase = jnp.where(safe, phase, jax.lax.stop_gradient(phase))
    
    return WaveState(amplitude=amp, phase=phase)


@jax.jit
def era_rectify_with_stats(state: WaveState,
                           bounds: InvariantBounds = DEFAULT_BOUNDS) -> Tuple[WaveState, dict]:
    """
    ERA rectification with diagnostic statistics.
    
    Returns:
        Tuple of (rectified_state, stats_dict)
    """
    amp_before = state.amplitude
    phase_before = state.phase
    energy_before = jnp.sum(amp_before ** 2, axis=-1)
    
    # Apply rectification
    rectified = era_rectify(state, bounds)
    
    amp_after = rectified.amplitude
    phase_after = rectified.phase
    energy_after = jnp.sum(amp_after ** 2, axis=-1)
    
    stats = {
        'amplitude_change': jnp.mean(jnp.abs(amp_after - amp_before)),
        'phase_change': jnp.mean(jnp.abs(phase_after - phase_before)),
        'energy_before': jnp.mean(energy_before),
        'energy_after': jnp.mean(energy_after),
        'energy_reduction': jnp.mean(energy_before - energy_after),
        'modes_clipped': jnp.mean(amp_before > bounds.max_amplitude),
        'modes_gated': jnp.mean(amp_after < bounds.phase_gate_threshold),
    }
    
    return rectified, stats


@jax.jit
def f(amplitude, phase):
    return era_rectify_with_stats(WaveState(amplitude=amplitude, phase=phase), DEFAULT_BOUNDS)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 16
    scale = float(rng.choice([1.0, 3.0, 6.0]))
    amplitude = rng.uniform(-2.0, 2.0 * scale, size=n)
    if rng.random() < 0.5:
        amplitude[rng.integers(n)] = 15.0
    phase = rng.uniform(-10.0, 10.0, size=n)
    return (amplitude.astype(np.float32), phase.astype(np.float32))


INPUTS = make_inputs
