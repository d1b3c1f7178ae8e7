"""lightweight_mmm: a jitted helper branches on ndim and on the truthiness of a static scaler object.

source: google/lightweight_mmm, lightweight_mmm/plot.py (_make_single_prediction and _generate_diagonal_predictions, jitted with static_argnames=("media_mix_model", "target_scaler"))
error: none
category: negative-static-object-truthiness
expect: untouched
notes: both functions verbatim; LightweightMMM.predict is replaced by a small hashable stand-in model (Hill saturation per channel times a coefficient, plus PRNG noise drawn from PRNGKey(seed) and averaged over samples) and preprocessing.CustomScaler by a hashable scaler with inverse_transform = multiply. `if target_scaler:` tests a static object (None or a scaler), `media_values.ndim` / `predictions.ndim` are static; seed is traced and only feeds PRNGKey.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools
from typing import Optional

import jax
import jax.numpy as jnp


class MediaMixModel:
    """Stand-in for lightweight_mmm.LightweightMMM.predict (hashable, static)."""

    def __init__(self, half_max, slope, coef):
        self.half_max = tuple(half_max)
        self.slope = slope
        self.coef = tuple(coef)

    def predict(self, media, extra_features=None, seed=None):
        key = jax.random.PRNGKey(seed)
        half_max = jnp.asarray(self.half_max)
        hill = 1.0 / (1.0 + (media / half_max) ** (-self.slope))
        mean = jnp.sum(hill * jnp.asarray(self.coef), axis=-1)
        noise = 0.01 * jax.random.normal(key, (8,) + mean.shape)
        return mean + noise  # (samples, time)


class CustomScaler:
    def __init__(self, multiply_by):
        self.multiply_by = multiply_by

    def inverse_transform(self, data):
        return data * self.multiply_by


@functools.partial(jax.jit, static_argnames=("media_mix_model"))
def _make_single_prediction(media_mix_model,
                            mock_media: jnp.ndarray,
                            extra_features: Optional[jnp.ndarray],
                            seed: Optional[int]
                            ) -> jnp.ndarray:
  """Makes a prediction of a single row."""
  return media_mix_model.predict(
      media=jnp.expand_dims(mock_media, axis=0),
      extra_features=extra_features,
      seed=seed).mean(axis=0)


@functools.partial(
    jax.jit,
    static_argnames=("media_mix_model", "target_scaler"))
def _generate_diagonal_predictions(
    media_mix_model,
    media_values: jnp.ndarray,
    extra_features: Optional[jnp.ndarray],
    target_scaler,
    prediction_offset: jnp.ndarray,
    seed: Optional[int]):
  """Generates predictions for one value per channel leaving the rest to zero."""
  make_predictions = jax.vmap(fun=_make_single_prediction,
                              in_axes=(None, 0, None, None))
  diagonal = jnp.eye(media_values.shape[0])
  if media_values.ndim == 2:  # Only two since we only provide one row
    diagonal = jnp.expand_dims(diagonal, axis=-1)
    media_values = jnp.expand_dims(media_values, axis=0)
  diag_media_values = diagonal * media_values
  predictions = make_predictions(
      media_mix_model,
      diag_media_values,
      extra_features,
      seed) - prediction_offset
  predictions = jnp.squeeze(predictions)
  if target_scaler:
    predictions = target_scaler.inverse_transform(predictions)
  if predictions.ndim == 2:
    predictions = jnp.sum(predictions, axis=-1)
  return predictions


f = _generate_diagonal_predictions
# --- end user code ---

import numpy as np

_MODEL = MediaMixModel(half_max=(1.0, 2.0, 0.5), slope=1.5, coef=(0.8, 1.2, 0.4))
_SCALER = CustomScaler(3.0)


def make_inputs(rng):
    media_values = rng.uniform(0.1, 3.0, size=(3,)).astype(np.float32)
    scaler = _SCALER if rng.random() < 0.5 else None
    return (_MODEL, media_values, None, scaler, np.float32(rng.uniform(0.0, 0.2)),
            np.int32(rng.integers(0, 100)))


INPUTS = make_inputs
