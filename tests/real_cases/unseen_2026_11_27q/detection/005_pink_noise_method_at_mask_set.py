"""A pink-noise method builds its 1/f spectrum with `.at[mask].set(values[mask])` on a traced mask.

source: public JAX/diffrax research script "Mass-Spring-Damper Simulation with Forcing - Comprehensive Implementation" (scripts/exp2_mass_spring_damper/msd_simulation_with_forcing.py per its usage line; classes MSDConfig, PinkNoiseGenerator, Normalizer, MassSpringDamperSystem, MSDSimulator); the code index gives no repository name, file id 23213665573
error: NonConcreteBooleanIndexError
category: boolean-mask-index-in-method
expect: fix
notes: `frequencies[mask]` and `pink_spectrum.at[mask].set(...)` use `mask = frequencies > 1e-10`, which is computed inside the trace. `PinkNoiseGenerator.__init__` and `generate_pink_noise` verbatim. `MSDConfig` keeps only the fields and
  the `dt` property that the method reads (the solver/plot/normalisation enums and fields are dropped).
  `jax_enable_x64` is left off. The script calls the method eagerly; `f = jax.jit(gen.generate_pink_noise,
  static_argnums=0)` is my addition, with `length` static and an explicit key (so the `self.key` split is
  not taken). The config attributes (`dt`, `frequency_range`, `pink_noise_exponent`, `forcing_amplitude`)
  are static Python values and need no change.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Optional, Tuple

import jax
import jax.numpy as jnp
import jax.random as jr


@dataclass
class MSDConfig:
    """Configuration class for mass-spring-damper simulation."""

    # Simulation parameters
    sample_rate: int = 1000  # Hz
    simulation_time: float = 0.1  # seconds

    # Forcing parameters
    forcing_amplitude: float = 1.0
    frequency_range: Tuple[float, float] = (0.01, 400.0)  # Hz
    pink_noise_exponent: float = 1.0  # For 1/f^alpha noise

    seed: int = 1234

    @property
    def dt(self) -> float:
        """Time step."""
        return 1.0 / self.sample_rate


class PinkNoiseGenerator:
    """Generates pink noise (1/f noise) with configurable parameters."""

    def __init__(self, config: MSDConfig):
        self.config = config
        self.key = jr.PRNGKey(config.seed)

    def generate_pink_noise(
        self, length: int, key: Optional[jax.random.PRNGKey] = None
    ) -> jnp.ndarray:
        """
        Generate pink noise using the Voss-McCartney algorithm.

        Args:
            length: Length of the noise signal
            key: JAX random key

        Returns:
            Pink noise signal
        """
        if key is None:
            self.key, key = jr.split(self.key)

        # Generate white noise
        white_noise = jr.normal(key, (length,))

        # Apply 1/f filtering in frequency domain
        frequencies = jnp.fft.fftfreq(length, self.config.dt)
        # Avoid division by zero
        mask = frequencies > 1e-10
        pink_spectrum = jnp.ones(length, dtype=complex)
        pink_spectrum = pink_spectrum.at[mask].set(
            1.0 / (frequencies[mask] ** (self.config.pink_noise_exponent / 2))
        )

        # Apply bandpass filtering
        f_low, f_high = self.config.frequency_range
        bandpass_mask = (jnp.abs(frequencies) >= f_low) & (
            jnp.abs(frequencies) <= f_high
        )
        pink_spectrum = pink_spectrum * bandpass_mask

        # Transform back to time domain
        pink_noise = jnp.fft.ifft(pink_spectrum * jnp.fft.fft(white_noise)).real

        # Normalize and scale
        pink_noise = pink_noise / jnp.std(pink_noise) * self.config.forcing_amplitude

        return pink_noise


gen = PinkNoiseGenerator(MSDConfig())
f = jax.jit(gen.generate_pink_noise, static_argnums=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    length = 100
    key = rng.integers(0, 2**31 - 1, size=(2,), dtype=np.uint32)
    return (length, key)


INPUTS = make_inputs


def _reference_impl(length, key):
    config = gen.config
    white_noise = jr.normal(key, (length,))
    frequencies = jnp.fft.fftfreq(length, config.dt)
    mask = frequencies > 1e-10
    safe = jnp.where(mask, frequencies, 1.0)
    pink_spectrum = jnp.where(
        mask, 1.0 / (safe ** (config.pink_noise_exponent / 2)), 1.0
    ).astype(jnp.ones(length, dtype=complex).dtype)
    f_low, f_high = config.frequency_range
    bandpass_mask = (jnp.abs(frequencies) >= f_low) & (jnp.abs(frequencies) <= f_high)
    pink_spectrum = pink_spectrum * bandpass_mask
    pink_noise = jnp.fft.ifft(pink_spectrum * jnp.fft.fft(white_noise)).real
    return pink_noise / jnp.std(pink_noise) * config.forcing_amplitude


reference_fix = jax.jit(_reference_impl, static_argnums=0)
