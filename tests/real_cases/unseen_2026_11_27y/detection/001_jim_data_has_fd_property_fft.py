"""jim's Data.fft skips the FFT when the `has_fd` property says FD data exist: `bool(jnp.any(self.fd))` on a traced attribute.

source: kazewong/jim src/jimgw/core/single_event/data.py at 0793099dfd9688a361faeb4d1e2b5aa585cd8b48 (class Data: n_time, n_freq, has_fd, __init__, set_tukey_window, fft); the same jnp revision of the class is code-index file id 18998466
error: TracerBoolConversionError
category: property-bool-of-traced-attribute
expect: fix
notes: the class is kept as in the file for the members `fft` reaches (docstrings shortened); dropped
  the gwpy/TimeSeries import and the methods that need it or files (from_gwosc, from_fd, from_file,
  to_file, to_psd, frequency_slice) and the PowerSpectrum class. The entry point `f` is added: it builds
  a Data object from traced time-domain samples and, as `Data.from_fd` does, assigns a Fourier-domain
  array to `data.fd` before calling `fft()`; that array is all zeros in some trials so that both the
  "has FD data, skip" branch and the FFT branch run. The leak is raised inside the
  `has_fd` property, called from `fft`. (jnp truncates "complex128" to complex64 without x64.)
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from abc import ABC
import logging
from typing import Optional

import jax
import jax.numpy as jnp
from scipy.signal.windows import tukey


class Data(ABC):
    """Base class for all data.

    The time domain data are considered the primary entity; the Fourier domain
    data are derived from an FFT after applying a window.
    """

    name: str

    td: jnp.ndarray
    fd: jnp.ndarray

    epoch: float
    delta_t: float

    window: jnp.ndarray

    def __len__(self) -> int:
        """Returns the length of the time-domain data."""
        return len(self.td)

    @property
    def n_time(self) -> int:
        """Gets number of time samples."""
        return len(self.td)

    @property
    def n_freq(self) -> int:
        """Gets number of frequency samples."""
        return self.n_time // 2 + 1

    @property
    def is_empty(self) -> bool:
        """Checks if the data is empty."""
        return self.n_time == 0

    @property
    def duration(self) -> float:
        """Gets duration of the data in seconds."""
        return self.n_time * self.delta_t

    @property
    def has_fd(self) -> bool:
        """Checks if Fourier domain data exists.

        Returns:
            bool: True if Fourier domain data exists, False otherwise.
        """
        return bool(jnp.any(self.fd))

    def __init__(
        self,
        td: jnp.ndarray = jnp.array([]),
        delta_t: float = 0.0,
        epoch: float = 0.0,
        name: str = "",
        window: Optional[jnp.ndarray] = None,
    ) -> None:
        """Initialize the data class."""
        self.name = name or ""
        self.td = td
        self.fd = jnp.zeros(self.n_freq, dtype="complex128")
        self.delta_t = delta_t
        self.epoch = epoch
        if window is None:
            self.set_tukey_window()
        else:
            self.window = window

    def set_tukey_window(self, alpha: float = 0.2) -> None:
        """Create a Tukey window on the data; the window is stored in the
        window attribute and only applied when FFTing the data.
        """
        logging.info(f"Setting Tukey window to {self.name} data")
        self.window = jnp.array(tukey(self.n_time, alpha))

    def fft(self, window: Optional[jnp.ndarray] = None) -> jnp.ndarray:
        """Compute the Fourier transform of the data and store it
        in the fd attribute.
        """
        if self.n_time > 0:
            assert self.delta_t > 0, "Delta t must be positive"
        if self.has_fd and (window is None or window == self.window):
            # Perhaps one needs to also check self.td and self.delta_t are the same.
            logging.debug(f"{self.name} has FD data, skipping FFT.")
            return self.fd
        if window is None:
            window = self.window

        logging.info(f"Computing FFT of {self.name} data")
        self.fd = jnp.fft.rfft(self.td * window) * self.delta_t
        self.window = window
        return self.fd


@jax.jit
def f(td, fd):
    data = Data(td, 1.0 / 64.0, epoch=0.0, name="H1")
    data.fd = fd
    return data.fft()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    td = rng.normal(size=(16,)).astype(np.float32)
    if rng.integers(2):
        fd = np.zeros((9,), dtype=np.complex64)
    else:
        fd = (rng.normal(size=(9,)) + 1j * rng.normal(size=(9,))).astype(np.complex64)
    return (td, fd)


INPUTS = make_inputs


@jax.jit
def reference_fix(td, fd):
    window = jnp.array(tukey(16, 0.2))
    computed = jnp.fft.rfft(td * window) * (1.0 / 64.0)
    return jnp.where(jnp.any(fd), fd, computed)
