"""EHR model Predictions.prediction_lead_loss: weighted masked loss with `if weight_v.sum() == 0: return 0.` on traced weights.

source: public code index file id 16166196247, the predictions module of a JAX/equinox EHR modelling project (imports `lib.Config`, `lib.base.Data`, `lib.ehr.Admission, CodesVector, InpatientObservables`, `lib.ehr.tvx_ehr.outcome_first_occurrence`; classes AdmissionPrediction, Predictions(dict) with prediction_dx_loss, prediction_obs_loss, prediction_lead_loss, prediction_lead_data, TrajectoryConfig); the index does not name the repository or commit
error: TracerBoolConversionError
category: if-guard-degenerate-weights
expect: fix
notes: Predictions.get_predictions and Predictions.prediction_lead_loss verbatim (the class is cut down to those two methods). AdmissionPrediction / Admission / InpatientObservables are replaced by minimal stand-in classes holding `leading_observable` with `time`, `value`, `mask`, and `lead_loss` is a stand-in masked MSE (NaN when a row's mask is empty, which is what the jnp.where on isnan(loss_v) is for). `f` jits the loss of a two-subject, three-admission batch, as a training step computing the loss under jax.grad/jit would; the degenerate-weights guard `if weight_v.sum() == 0` is a traced bool.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Optional, List

import jax
import jax.numpy as jnp


class InpatientObservables:
    """Stand-in: time-indexed values with an observation mask."""

    def __init__(self, time, value, mask):
        self.time = time
        self.value = value
        self.mask = mask


class Admission:
    """Stand-in: ground-truth admission holding the leading observable."""

    def __init__(self, admission_id, leading_observable):
        self.admission_id = admission_id
        self.leading_observable = leading_observable


class AdmissionPrediction:
    """Stand-in: prediction for one admission."""

    def __init__(self, admission, leading_observable):
        self.admission = admission
        self.leading_observable = leading_observable


class Predictions(dict):

    def add(self, subject_id: str, prediction: AdmissionPrediction) -> None:
        if subject_id not in self:
            self[subject_id] = {}

        self[subject_id][prediction.admission.admission_id] = prediction

    def get_predictions(self, subject_ids: Optional[List[str]] = None):
        """
        Get a list of predictions for the specified subject IDs.

        Args:
            subject_ids: the list of subject IDs. If None, all subject IDs will be used.

        Returns:
            A list of predictions.
        """
        if subject_ids is None:
            subject_ids = self.keys()
        return sum((list(self[sid].values()) for sid in subject_ids), [])

    def prediction_lead_loss(self, lead_loss):
        """
        Calculate the leading observation loss of the predictions.

        Args:
            lead_loss: the leading observation loss function.

        Returns:
            The leading observation loss.
        """
        loss_v = []
        weight_v = []
        for pred in self.get_predictions():
            adm = pred.admission
            if isinstance(pred.leading_observable, list):
                pred_l = pred.leading_observable
            else:
                pred_l = [pred.leading_observable]

            if isinstance(adm.leading_observable, list):
                adm_l = adm.leading_observable
            else:
                adm_l = [adm.leading_observable]

            assert len(pred_l) == len(adm_l)

            for pred_lo, adm_lo in zip(pred_l, adm_l):
                for i in range(len(adm_lo.time)):
                    y = adm_lo.value[i]
                    y_hat = pred_lo.value[i]
                    mask = adm_lo.mask[i]
                    loss_v.append(lead_loss(y, y_hat, mask))
                    weight_v.append(mask.sum())

        loss_v = jnp.array(loss_v)
        weight_v = jnp.array(weight_v)
        weight_v = jnp.where(jnp.isnan(loss_v), 0.0, weight_v)
        if weight_v.sum() == 0:
            return 0.

        weight_v = weight_v / weight_v.sum()
        return jnp.nansum(loss_v * weight_v)


def masked_mse(y, y_hat, mask):
    """Stand-in lead loss: mean squared error over observed entries (NaN if none)."""
    return jnp.sum(mask * (y - y_hat) ** 2) / jnp.sum(mask)


@jax.jit
def f(times, y_true, y_pred, masks):
    preds = Predictions()
    for k, sid in enumerate(["s1", "s1", "s2"]):
        adm = Admission(k, InpatientObservables(times[k], y_true[k], masks[k]))
        preds.add(sid, AdmissionPrediction(adm, InpatientObservables(times[k], y_pred[k], masks[k])))
    return preds.prediction_lead_loss(masked_mse)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    times = np.sort(rng.uniform(0, 48, size=(3, 4)), axis=1).astype(np.float32)
    y_true = rng.normal(size=(3, 4, 5)).astype(np.float32)
    y_pred = (y_true + rng.normal(scale=0.5, size=(3, 4, 5))).astype(np.float32)
    masks = (rng.random((3, 4, 5)) < rng.choice([0.0, 0.1, 0.5, 0.9])).astype(np.float32)
    return (times, y_true, y_pred, masks)


INPUTS = make_inputs


@jax.jit
def reference_fix(times, y_true, y_pred, masks):
    loss_v = jax.vmap(jax.vmap(masked_mse))(y_true, y_pred, masks).reshape(-1)
    weight_v = masks.sum(axis=-1).reshape(-1)
    weight_v = jnp.where(jnp.isnan(loss_v), 0.0, weight_v)
    total = weight_v.sum()
    safe = jnp.where(total == 0, 1.0, total)
    return jnp.where(total == 0, 0.0, jnp.nansum(loss_v * (weight_v / safe)))
