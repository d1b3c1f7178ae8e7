"""korvax pyin_emission_probabilities: `int(jnp.ceil(...))` / `int(jnp.floor(... jnp.log2(...)))` of static settings under jit.

source: davidmarttila/korvax src/korvax/pitch/yin.py (the revision held as code-index file id 9739361460, in which `pyin` is still commented out; the later stored revision 82277778bdd67692c70a7576da76bdcddc62ee70 enables `pyin`, which repeats `int(jnp.ceil(1.0 / resolution))`), with the helpers from src/korvax/util.py as held in code-index file id 9369975738 (autocorrelate, frame, pad_center, feps, expand_to, parabolic_peak_shifts, localmin)
error: ConcretizationTypeError
category: int-of-jnp-op-on-static-value
expect: fix
notes: a JAX port of librosa's pYIN. _cumulative_mean_normalized_difference and
  pyin_emission_probabilities are verbatim (the module's `yin` and the commented-out `pyin` are
  dropped), and so are the seven util helpers. Every setting (fmin, fmax, sr, frame lengths,
  resolution, ...) is a static Python number, and the author computes the periods with
  math.floor / math.ceil, and autocorrelate even wraps its jnp size computation in
  jax.ensure_compile_time_eval(); but the pitch-bin counts use `int(jnp.ceil(1.0 / resolution))` and
  `int(jnp.floor(n_bins_per_semitone * 12 * jnp.log2(fmax / fmin)))`: under jit those jnp calls are
  staged, return tracers, and `int()` of them fails; the counts are array shapes, so they must stay
  static. Adaptations: jaxtyping is not installed here, so `from jaxtyping import ...` is replaced by
  a stand-in whose subscripts return typing.Any; `from .. import util` is replaced by a
  SimpleNamespace over the helpers defined in the same section; the jit entry point
  `f = jax.jit(pyin_emission_probabilities, static_argnums=tuple(range(1, 12)))` is added. The
  jax.debug.print calls are kept. make_inputs uses resolutions whose reciprocals are exact (0.2, 0.25,
  0.5) and fmax / fmin = 4, so float32 and float64 rounding of the bin counts agree.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
import types
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax


# stand-in for `from jaxtyping import Array, ArrayLike, Bool, Float, Inexact, Integer, Shaped`
class _Annotation:
    def __getitem__(self, item):
        return Any


Float = Integer = Bool = Shaped = Inexact = _Annotation()
Array = jax.Array
ArrayLike = Any


# --- korvax/util.py (the helpers the pitch module calls as util.*) ---
def autocorrelate(
    x: Float[ArrayLike, "..."],
    /,
    max_size: int | None = None,
    axis: int = -1,
) -> Float[Array, "..."]:
    """Compute the autocorrelation of the input array along the specified axis.

    Args:
        x: Input array.
        max_size: Maximum size of the autocorrelation lags. If `None`, uses the full size.
        axis: Axis along which to compute the autocorrelation. Default: `-1`.

    Returns:
        Autocorrelated array.
    """
    x = jnp.asarray(x)
    x = x.swapaxes(-1, axis)
    n_samples = x.shape[-1]
    if max_size is None:
        max_size = n_samples

    with jax.ensure_compile_time_eval():
        n_fft = 2 ** int(jnp.ceil(jnp.log2(2 * (n_samples - 1))))

    X_f = jnp.fft.rfft(x, n=n_fft, axis=-1)
    S_f = jnp.conj(X_f) * X_f
    acf = jnp.fft.irfft(S_f, n=n_fft, axis=-1)
    return acf[..., :max_size].swapaxes(-1, axis)


def frame(
    x: Float[Array, "*channels n_samples"],
    /,
    frame_length: int,
    hop_length: int,
) -> Float[
    Array,
    "*channels {frame_length} n_frames=1+(n_samples-{frame_length})//{hop_length}",
]:
    """Slice a JAX array into overlapping frames.

    Args:
        x: Input array.
        frame_length: Length of each frame.
        hop_length: Number of samples between adjacent frame starts.

    Returns:
        Array with the last axis sliced into overlapping frames.
    """
    n_samples = x.shape[-1]
    n_frames = 1 + (n_samples - frame_length) // hop_length

    return jax.vmap(
        lax.dynamic_slice_in_dim, in_axes=(None, 0, None, None), out_axes=-1
    )(x, jnp.arange(n_frames) * hop_length, frame_length, -1)


def pad_center(
    x: Float[Array, "*channels n_samples"],
    /,
    size: int,
    pad_kwargs: dict[str, Any] = dict(),
) -> Float[Array, "*channels {size}"]:
    """Pad the input array on both sides to center it in a new array of given size.

    Args:
        x: Input array.
        size: Desired size of the last axis after padding.
        pad_kwargs: Additional keyword arguments forwarded to [`jax.numpy.pad`](https://docs.jax.dev/en/latest/_autosummary/jax.numpy.pad.html).

    Returns:
        Array with the last axis center-padded to the desired size.
    """
    n_samples = x.shape[-1]

    lpad = int((size - n_samples) // 2)

    lengths = [(0, 0)] * x.ndim
    lengths[-1] = (lpad, int(size - n_samples - lpad))

    return jnp.pad(x, lengths, **pad_kwargs)


def feps(x: Inexact[ArrayLike, "..."]) -> float:
    """Get the machine epsilon for the data type of the input array.

    Args:
        x: Input array.

    Returns:
        Machine epsilon as a float.
    """
    return float(jnp.finfo(jnp.result_type(x)).eps)


def expand_to(
    x: Shaped[ArrayLike, "*"], /, ndim: int, axes: int | tuple[int, ...]
) -> Shaped[Array, "*expanded_shape"]:
    """Expand the dimensions of an array to a given number of dimensions by adding singleton dimensions at specified axes.

    Args:
        x: Input array.
        ndim: Desired number of dimensions after expansion.
        axes: Axes at which to add singleton dimensions.

    Returns:
        Expanded array.
    """
    x = jnp.asarray(x)
    shape = [1] * ndim
    if isinstance(axes, int):
        shape[axes] = x.shape[0]
    else:
        for i, axis in enumerate(axes):
            shape[axis] = x.shape[i]

    return x.reshape(shape)


def parabolic_peak_shifts(
    x: Float[Array, "*dims"], /, axis: int
) -> Float[Array, "*dims"]:
    """Compute subpixel peak positions using parabolic interpolation.

    Args:
        x: Input array containing peaks.
        axis: Axis along which to compute peak shifts.

    Returns:
        Array of fractional shifts for each position, where each shift indicates
        the subpixel offset from the integer position to the interpolated peak.
    """
    x = x.swapaxes(-1, axis)
    left_vals = x[..., :-2]
    center_vals = x[..., 1:-1]
    right_vals = x[..., 2:]

    a = right_vals + left_vals - 2 * center_vals
    b = (right_vals - left_vals) / 2

    shifts = -b / (a + feps(x))
    shifts = jnp.where(jnp.abs(b) >= jnp.abs(a), 0.0, shifts)
    shifts = jnp.pad(shifts, [(0, 0)] * (shifts.ndim - 1) + [(1, 1)])

    return shifts.swapaxes(-1, axis)


def localmin(x: Float[Array, "*dims"], /, axis: int) -> Bool[Array, "*dims"]:
    """Identify local minima in an array along the specified axis.

    Args:
        x: Input array.
        axis: Axis along which to find local minima.

    Returns:
        Boolean array where True indicates a local minimum.
    """
    x = x.swapaxes(-1, axis)
    left_vals = x[..., :-2]
    center_vals = x[..., 1:-1]
    right_vals = x[..., 2:]

    is_min = jnp.logical_and(center_vals < left_vals, center_vals <= right_vals)

    is_min = jnp.pad(
        is_min, [(0, 0)] * (is_min.ndim - 1) + [(1, 1)], constant_values=False
    )

    return is_min.swapaxes(-1, axis)


# stand-in for `from .. import util`
util = types.SimpleNamespace(
    autocorrelate=autocorrelate,
    frame=frame,
    pad_center=pad_center,
    feps=feps,
    expand_to=expand_to,
    parabolic_peak_shifts=parabolic_peak_shifts,
    localmin=localmin,
)


# --- korvax pitch module ---
def _cumulative_mean_normalized_difference(
    x: Float[Array, "*channels frame_length n_frames"],
    min_period: int,
    max_period: int,
) -> Float[Array, "*channels {max_period}-{min_period}+1 n_frames"]:
    """Cumulative mean normalized difference function (equation 8 in [#]_)

    .. [#] De Cheveigné, Alain, and Hideki Kawahara.
        "YIN, a fundamental frequency estimator for speech and music."
        The Journal of the Acoustical Society of America 111.4 (2002): 1917-1930.

    Parameters
    ----------
    y_frames : np.ndarray [shape=(frame_length, n_frames)]
        framed audio time series.
    min_period : int > 0 [scalar]
        minimum period.
    max_period : int > 0 [scalar]
        maximum period.

    Returns
    -------
    yin_frames : np.ndarray [shape=(max_period-min_period+1,n_frames)]
        Cumulative mean normalized difference function for each frame.
    """
    acf_frames = util.autocorrelate(x, max_size=max_period + 1, axis=-2)

    # Energy terms.
    yin_frames = jnp.square(x)
    yin_frames = jnp.cumsum(yin_frames, axis=-2)

    # Difference function: d(k) = 2 * (ACF(0) - ACF(k)) - sum_{m=0}^{k-1} y(m)^2
    k = slice(1, max_period + 1)
    yin_frames = yin_frames.at[..., 0, :].set(0.0)
    yin_frames = yin_frames.at[..., k, :].set(
        2 * (acf_frames[..., 0:1, :] - acf_frames[..., k, :])
        - yin_frames[..., : k.stop - 1, :]
    )

    # Cumulative mean normalized difference function.
    yin_numerator = yin_frames[..., min_period : max_period + 1, :]
    # broadcast this shape to have leading ones
    k_range = util.expand_to(jnp.r_[k], ndim=yin_frames.ndim, axes=-2)

    cumulative_mean = jnp.cumsum(yin_frames[..., k, :], axis=-2) / k_range
    yin_denominator = cumulative_mean[..., min_period - 1 : max_period, :]
    yin_frames: jnp.ndarray = yin_numerator / (
        yin_denominator + util.feps(yin_denominator)
    )
    return yin_frames


def pyin_emission_probabilities(
    x: Float[ArrayLike, "*channels n_samples"],
    /,
    fmin: float,
    fmax: float,
    sr: float,
    frame_length: int = 2048,
    hop_length: int | None = None,
    n_thresholds: int = 100,
    beta_parameters: tuple[float, float] = (2, 18),
    boltzmann_parameter: float = 2,
    resolution: float = 0.1,
    no_trough_prob: float = 0.01,
    normalize: bool = False,
    center: bool = True,
    pad_kwargs: dict[str, Any] = dict(),
) -> Float[Array, "*channels n_bins n_frames"]:
    """Compute emission probabilities for the pYIN algorithm.

    Args:
        x: Input signal.
        fmin: Minimum frequency (Hz) to search.
        fmax: Maximum frequency (Hz) to search.
        sr: Sample rate of the audio signal.
        frame_length: Length of each analysis frame in samples.
        hop_length: Hop (step) length between adjacent frames. If None, defaults to
            `frame_length // 4`.
        n_thresholds: Number of thresholds for the Beta distribution.
        beta_parameters: Parameters (alpha, beta) for the Beta distribution prior.
        boltzmann_parameter: Parameter for Boltzmann distribution over trough positions.
        resolution: Frequency resolution in semitones.
        no_trough_prob: Probability mass assigned to global minimum when no trough
            is found below threshold.
        normalize: If True, normalize probabilities to sum to 1.
        center: If True, pad the input so that frames are centered on their timestamps.
        pad_kwargs: Additional keyword arguments forwarded to [pad_center][korvax.util.pad_center].

    Returns:
        Emission probability matrix for each pitch bin and frame.
    """
    x = jnp.asarray(x)
    if hop_length is None:
        hop_length = frame_length // 4

    if center:
        x = util.pad_center(
            x,
            size=x.shape[-1] + frame_length,
            pad_kwargs=pad_kwargs,
        )

    frames = util.frame(x, frame_length=frame_length, hop_length=hop_length)

    # Calculate minimum and maximum periods
    min_period = int(math.floor(sr / fmax))
    max_period = min(int(math.ceil(sr / fmin)), frame_length - 1)

    # Calculate cumulative mean normalized difference function.
    yin_frames = _cumulative_mean_normalized_difference(frames, min_period, max_period)

    n_periods = yin_frames.shape[-2]

    parabolic_shifts = util.parabolic_peak_shifts(yin_frames, axis=-2)

    thresholds = jnp.linspace(0, 1, n_thresholds)
    beta_cdf = jax.scipy.stats.beta.cdf(
        thresholds, beta_parameters[0], beta_parameters[1]
    )
    beta_probs = jnp.diff(beta_cdf)

    n_bins_per_semitone = int(jnp.ceil(1.0 / resolution))
    n_pitch_bins = int(jnp.floor(n_bins_per_semitone * 12 * jnp.log2(fmax / fmin))) + 1

    def _boltzmann_pmf(
        k: Integer[Array, " n_periods n_thresholds"],
        N: Integer[Array, " n_thresholds"],
    ) -> Float[Array, "n_periods n_thresholds"]:
        e_lmbda = jnp.exp(-boltzmann_parameter)
        e_k = jnp.exp(-boltzmann_parameter * k)
        e_N = jnp.exp(-boltzmann_parameter * N)[None, :]
        return (1 - e_lmbda) / (1 - e_N + util.feps(e_N)) * e_k

    def _pyin_helper(
        yin_frame: Float[Array, " n_periods"],
        para_shifts: Float[Array, " n_periods"],
    ) -> Float[Array, " n_pitch_bins"]:
        is_trough = util.localmin(yin_frame, axis=-1)
        is_trough = is_trough.at[0].set(yin_frame[0] < yin_frame[1])

        trough_positions = jnp.logical_and(
            is_trough[:, None], jnp.less(yin_frame[:, None], thresholds[None, 1:])
        )

        n_troughs = trough_positions.sum(axis=0)
        jax.debug.print("{n_troughs}", n_troughs=n_troughs)

        trough_prior = jnp.where(
            trough_positions,
            _boltzmann_pmf(k=jnp.cumsum(trough_positions, axis=0), N=n_troughs),
            0.0,
        )

        probs = jnp.einsum("pt,t->p", trough_prior, beta_probs)

        global_min = jnp.argmin(yin_frame)

        n_thresholds_without_trough_below = jnp.count_nonzero(n_troughs == 0)
        jax.debug.print(
            "{n_thresholds_without_trough_below}",
            n_thresholds_without_trough_below=n_thresholds_without_trough_below,
        )
        probs = probs.at[global_min].add(
            no_trough_prob * beta_cdf[n_thresholds_without_trough_below]
        )

        period_candidates = min_period + jnp.arange(n_periods)
        period_candidates = period_candidates + para_shifts
        f0_candidates = sr / period_candidates

        f0_bins = (
            jnp.round(n_bins_per_semitone * 12 * jnp.log2(f0_candidates / fmin))
            .astype(jnp.int32)
            .clip(0, n_pitch_bins - 1)
        )

        # todo also interpolate peak **height**? librosa doesn't

        observation_probs = jnp.zeros((n_pitch_bins,))
        observation_probs = observation_probs.at[f0_bins].add(probs)

        return observation_probs

    in_shape = yin_frames.shape
    yin_frames_flat = yin_frames.swapaxes(-2, -1).reshape(-1, n_periods)
    parabolic_shifts_flat = parabolic_shifts.swapaxes(-2, -1).reshape(-1, n_periods)
    yin_probs = jax.vmap(_pyin_helper)(yin_frames_flat, parabolic_shifts_flat)
    yin_probs = yin_probs.reshape(
        in_shape[:-2] + (in_shape[-1], n_pitch_bins)
    ).swapaxes(-2, -1)

    if normalize:
        yin_probs = yin_probs / (
            jnp.sum(yin_probs, axis=-2, keepdims=True) + util.feps(yin_probs)
        )

    return yin_probs


f = jax.jit(pyin_emission_probabilities, static_argnums=tuple(range(1, 12)))

# --- end user code ---

import numpy as np


def make_inputs(rng):
    sr = 1000.0
    f0 = rng.uniform(60.0, 180.0)
    t = np.arange(400) / sr
    x = (np.sin(2 * np.pi * f0 * t) + 0.3 * np.sin(4 * np.pi * f0 * t)
         + 0.05 * rng.normal(size=t.shape)).astype(np.float32)
    fmin, fmax = [(50.0, 200.0), (40.0, 160.0)][int(rng.integers(0, 2))]
    resolution = [0.2, 0.25, 0.5][int(rng.integers(0, 3))]
    normalize = bool(rng.integers(0, 2))
    # x, fmin, fmax, sr, frame_length, hop_length, n_thresholds, beta_parameters,
    # boltzmann_parameter, resolution, no_trough_prob, normalize
    return (x, fmin, fmax, sr, 64, 16, 20, (2.0, 18.0), 2.0, resolution, 0.01, normalize)


INPUTS = make_inputs


def _pyin_fixed(
    x: Float[ArrayLike, "*channels n_samples"],
    /,
    fmin: float,
    fmax: float,
    sr: float,
    frame_length: int = 2048,
    hop_length: int | None = None,
    n_thresholds: int = 100,
    beta_parameters: tuple[float, float] = (2, 18),
    boltzmann_parameter: float = 2,
    resolution: float = 0.1,
    no_trough_prob: float = 0.01,
    normalize: bool = False,
    center: bool = True,
    pad_kwargs: dict[str, Any] = dict(),
) -> Float[Array, "*channels n_bins n_frames"]:
    """Compute emission probabilities for the pYIN algorithm.

    Args:
        x: Input signal.
        fmin: Minimum frequency (Hz) to search.
        fmax: Maximum frequency (Hz) to search.
        sr: Sample rate of the audio signal.
        frame_length: Length of each analysis frame in samples.
        hop_length: Hop (step) length between adjacent frames. If None, defaults to
            `frame_length // 4`.
        n_thresholds: Number of thresholds for the Beta distribution.
        beta_parameters: Parameters (alpha, beta) for the Beta distribution prior.
        boltzmann_parameter: Parameter for Boltzmann distribution over trough positions.
        resolution: Frequency resolution in semitones.
        no_trough_prob: Probability mass assigned to global minimum when no trough
            is found below threshold.
        normalize: If True, normalize probabilities to sum to 1.
        center: If True, pad the input so that frames are centered on their timestamps.
        pad_kwargs: Additional keyword arguments forwarded to [pad_center][korvax.util.pad_center].

    Returns:
        Emission probability matrix for each pitch bin and frame.
    """
    x = jnp.asarray(x)
    if hop_length is None:
        hop_length = frame_length // 4

    if center:
        x = util.pad_center(
            x,
            size=x.shape[-1] + frame_length,
            pad_kwargs=pad_kwargs,
        )

    frames = util.frame(x, frame_length=frame_length, hop_length=hop_length)

    # Calculate minimum and maximum periods
    min_period = int(math.floor(sr / fmax))
    max_period = min(int(math.ceil(sr / fmin)), frame_length - 1)

    # Calculate cumulative mean normalized difference function.
    yin_frames = _cumulative_mean_normalized_difference(frames, min_period, max_period)

    n_periods = yin_frames.shape[-2]

    parabolic_shifts = util.parabolic_peak_shifts(yin_frames, axis=-2)

    thresholds = jnp.linspace(0, 1, n_thresholds)
    beta_cdf = jax.scipy.stats.beta.cdf(
        thresholds, beta_parameters[0], beta_parameters[1]
    )
    beta_probs = jnp.diff(beta_cdf)

    n_bins_per_semitone = int(math.ceil(1.0 / resolution))
    n_pitch_bins = int(math.floor(n_bins_per_semitone * 12 * math.log2(fmax / fmin))) + 1

    def _boltzmann_pmf(
        k: Integer[Array, " n_periods n_thresholds"],
        N: Integer[Array, " n_thresholds"],
    ) -> Float[Array, "n_periods n_thresholds"]:
        e_lmbda = jnp.exp(-boltzmann_parameter)
        e_k = jnp.exp(-boltzmann_parameter * k)
        e_N = jnp.exp(-boltzmann_parameter * N)[None, :]
        return (1 - e_lmbda) / (1 - e_N + util.feps(e_N)) * e_k

    def _pyin_helper(
        yin_frame: Float[Array, " n_periods"],
        para_shifts: Float[Array, " n_periods"],
    ) -> Float[Array, " n_pitch_bins"]:
        is_trough = util.localmin(yin_frame, axis=-1)
        is_trough = is_trough.at[0].set(yin_frame[0] < yin_frame[1])

        trough_positions = jnp.logical_and(
            is_trough[:, None], jnp.less(yin_frame[:, None], thresholds[None, 1:])
        )

        n_troughs = trough_positions.sum(axis=0)
        jax.debug.print("{n_troughs}", n_troughs=n_troughs)

        trough_prior = jnp.where(
            trough_positions,
            _boltzmann_pmf(k=jnp.cumsum(trough_positions, axis=0), N=n_troughs),
            0.0,
        )

        probs = jnp.einsum("pt,t->p", trough_prior, beta_probs)

        global_min = jnp.argmin(yin_frame)

        n_thresholds_without_trough_below = jnp.count_nonzero(n_troughs == 0)
        jax.debug.print(
            "{n_thresholds_without_trough_below}",
            n_thresholds_without_trough_below=n_thresholds_without_trough_below,
        )
        probs = probs.at[global_min].add(
            no_trough_prob * beta_cdf[n_thresholds_without_trough_below]
        )

        period_candidates = min_period + jnp.arange(n_periods)
        period_candidates = period_candidates + para_shifts
        f0_candidates = sr / period_candidates

        f0_bins = (
            jnp.round(n_bins_per_semitone * 12 * jnp.log2(f0_candidates / fmin))
            .astype(jnp.int32)
            .clip(0, n_pitch_bins - 1)
        )

        # todo also interpolate peak **height**? librosa doesn't

        observation_probs = jnp.zeros((n_pitch_bins,))
        observation_probs = observation_probs.at[f0_bins].add(probs)

        return observation_probs

    in_shape = yin_frames.shape
    yin_frames_flat = yin_frames.swapaxes(-2, -1).reshape(-1, n_periods)
    parabolic_shifts_flat = parabolic_shifts.swapaxes(-2, -1).reshape(-1, n_periods)
    yin_probs = jax.vmap(_pyin_helper)(yin_frames_flat, parabolic_shifts_flat)
    yin_probs = yin_probs.reshape(
        in_shape[:-2] + (in_shape[-1], n_pitch_bins)
    ).swapaxes(-2, -1)

    if normalize:
        yin_probs = yin_probs / (
            jnp.sum(yin_probs, axis=-2, keepdims=True) + util.feps(yin_probs)
        )

    return yin_probs


reference_fix = jax.jit(_pyin_fixed, static_argnums=tuple(range(1, 12)))
