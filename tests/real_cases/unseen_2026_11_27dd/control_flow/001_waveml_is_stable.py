"""WaveML-JAX `is_stable`: early `return False` on traced invariant checks of a NamedTuple wave state.

source: lightborneintelligence/waveml-jax waveml_jax/core/invariants.py at 855ceaf93c19c0051e942b6266b1810cb5585aab (InvariantBounds, DEFAULT_BOUNDS, is_stable; code-index file id 26153221183) with WaveState / energy / total_energy from waveml_jax/core/representation.py at ed33470de95042343c495a520ca5f560e183139b (id 26631008113)
error: TracerBoolConversionError
category: early-return-on-traced-predicate
expect: fix
notes: is_stable, InvariantBounds and the WaveState helpers are verbatim (the representation import is inlined, unused
  helpers and the module's self-tests dropped). The module jits its neighbours (measure_stability, invariant_loss) but
  not is_stable; the entry point `f` wraps it in jax.jit, which is how it fails inside a jitted ERA training step.
  Inputs mix valid states with negative amplitudes, an over-bound mode, an energy-budget violation and unwrapped
  phases so that every `return` runs.
"""
EXPECT = "fix"

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
    
    @property
    def shape(self) -> Tuple[int, ...]:
        return self.amplitude.shape
    
    @property
    def n_modes(self) -> int:
        return self.amplitude.shape[-1]


@jax.jit
def energy(state: WaveState) -> jnp.ndarray:
    """Per-mode energy: A²"""
    return state.amplitude ** 2


@jax.jit
def total_energy(state: WaveState) -> jnp.ndarray:
    """Total energy: Σ A²"""
    return jnp.sum(energy(state), axis=-1)


# Ω (Omega) - The stability threshold
# Named for the natural frequency of harmonic systems
OMEGA = 1e-6


class InvariantBounds(NamedTuple):
    """
    Bounds defining the space of valid wave states.
    
    Attributes:
        min_amplitude: Floor for amplitude (usually 0)
        max_amplitude: Ceiling for individual mode amplitude
        max_energy: Global energy budget (THE KEY CONSTRAINT)
        phase_gate_threshold: Below this amplitude, phase gradients frozen
    """
    min_amplitude: float = 0.0
    max_amplitude: float = 10.0
    max_energy: float = 100.0
    phase_gate_threshold: float = OMEGA


# Default bounds for general use
DEFAULT_BOUNDS = InvariantBounds()


def is_stable(state: WaveState, bounds: InvariantBounds = DEFAULT_BOUNDS) -> bool:
    """Check if state satisfies all invariants."""
    tol = 1e-4  # Tolerance for floating point comparisons
    
    # Non-negativity
    if jnp.any(state.amplitude < -tol):
        return False
    
    # Amplitude bound
    if jnp.any(state.amplitude > bounds.max_amplitude + tol):
        return False
    
    # Energy bound
    if total_energy(state) > bounds.max_energy + tol:
        return False
    
    # Phase wrapping
    if jnp.any(jnp.abs(state.phase) > jnp.pi + tol):
        return False
    
    return True


@jax.jit
def f(amplitude, phase):
    return is_stable(WaveState(amplitude=amplitude, phase=phase), DEFAULT_BOUNDS)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    amplitude = rng.uniform(0.0, 3.0, size=n)
    phase = rng.uniform(-3.0, 3.0, size=n)
    kind = rng.integers(0, 5)
    if kind == 1:      # a negative amplitude
        amplitude[rng.integers(n)] = -0.5
    elif kind == 2:    # one mode above max_amplitude
        amplitude[rng.integers(n)] = 12.0
    elif kind == 3:    # every mode fine, but the energy budget is exceeded
        amplitude[:] = 5.0
    elif kind == 4:    # an unwrapped phase
        phase[rng.integers(n)] = 4.0
    return (amplitude.astype(np.float32), phase.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(amplitude, phase):
    state = WaveState(amplitude=amplitude, phase=phase)
    bounds = DEFAULT_BOUNDS
    tol = 1e-4
    ok = ~jnp.any(state.amplitude < -tol)
    ok = ok & ~jnp.any(state.amplitude > bounds.max_amplitude + tol)
    ok = ok & ~(total_energy(state) > bounds.max_energy + tol)
    ok = ok & ~jnp.any(jnp.abs(state.phase) > jnp.pi + tol)
    return ok
