"""ICE-NODE: PredictionLoss.aggregate_loss tests traced per-item weights from a helper method and a traced NaN check.

source: barahona-research-group/ICE-NODE lib/metric/loss_wrap.py at 38a75fda4c52db8550ae5037d899c58652bbe86b (PredictionLoss.item_weight / aggregate_loss / __call__, NumericPredictionLoss.item_loss / item_weight, ObsPredictionLoss); AdmissionsPrediction.iter_attr / list_attr follow lib/ml/artefacts.py at 071f6c4e017ee842adb8083623fd8539e7e96472
error: TracerBoolConversionError
category: method-helper-returns-traced-used-in-ternary
expect: fix
notes: The loss is an equinox Module called on an AdmissionsPrediction inside the project's jitted training step. `NumericPredictionLoss.item_weight` returns `ground_truth.mask.sum()` (a traced count), `aggregate_loss` normalises the weights with Python `sum` and then uses them in a conditional expression `item_loss * w if w > 0. else 0.`, and finally does `if jnp.isnan(loss): ...; return 0.`; both tests need concrete values. The loss classes are verbatim except that the unused subclasses (Lead/Imputation/Prob*/Outcome losses) are dropped. Stand-ins: `Module` (eqx.Module) is a base that turns subclasses into dataclasses; `Config` is empty; `np_module` returns jnp for jax arrays and numpy otherwise; `NUMERIC_LOSS['mse']` is a masked mean squared error with the project's (y, y_hat, mask, axis) signature; `InpatientObservables`, `Admission`, `AdmissionPrediction` and `AdmissionsPrediction` are small plain classes keeping the fields used here, and `iter_attr`/`list_attr` take the (prediction_attribute, admission_attribute) pair that loss_wrap.py passes (the admission attribute falls back to the prediction attribute when None). Entry point added: `f` builds one admission per row of the traced arrays and applies `ObsPredictionLoss(loss_key='mse')`. Fix: `jnp.where(w > 0., item_loss * w, 0.)` and `jnp.where(jnp.isnan(loss), 0., loss)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
import logging
from abc import ABCMeta, abstractmethod
from dataclasses import field
from functools import cached_property
from typing import Optional, Callable, ClassVar, List, Literal

import jax
import jax.numpy as jnp
import numpy as np

Array = jax.Array
VxDataItem = object
PredictionAttribute = Literal['outcome', 'observables', 'leading_observable', 'adjusted_observables']
NumericLossLiteral = str


class Module:  # stand-in for lib.base.Module (an equinox Module: subclasses are dataclasses)
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(cls)


class Config:  # stand-in for lib.base.Config
    pass


def np_module(a):  # stand-in for lib.base.np_module
    return jnp if isinstance(a, jax.Array) else np


def mse(y, y_hat, mask, axis=None):  # stand-in for NUMERIC_LOSS['mse']
    return jnp.nanmean((y - y_hat) ** 2, where=mask, axis=axis)


NUMERIC_LOSS = {'mse': mse}


class InpatientObservables:  # stand-in keeping the fields used here
    def __init__(self, value, mask):
        self.value = value
        self.mask = mask


class Admission:  # stand-in keeping the fields used here
    def __init__(self, admission_id, observables):
        self.admission_id = admission_id
        self.observables = observables


class AdmissionPrediction:  # stand-in keeping the fields used here
    def __init__(self, admission, observables=None):
        self.admission = admission
        self.observables = observables


class AdmissionsPrediction:  # stand-in for lib.ml.artefacts.AdmissionsPrediction
    def __init__(self, predictions=()):
        self.predictions = tuple(predictions)

    def add(self, subject_id, prediction):
        return AdmissionsPrediction(self.predictions + ((subject_id, prediction),))

    def __iter__(self):
        return iter(p for _, p in sorted(self.predictions, key=lambda sp: (sp[0], sp[1].admission.admission_id)))

    def iter_attr(self, attr, admission_attr=None):
        admission_attr = admission_attr or attr
        return ((getattr(p.admission, admission_attr), getattr(p, attr)) for p in self)

    def list_attr(self, attr, admission_attr=None):
        ground_truth, predictions = tuple(zip(*self.iter_attr(attr, admission_attr)))
        return ground_truth, predictions


class PredictionLoss(Module, metaclass=ABCMeta):
    config: Config = field(default_factory=Config)
    prediction_attribute: ClassVar[PredictionAttribute] = None
    admission_attribute: ClassVar[PredictionAttribute] = None
    per_column: bool = False

    @abstractmethod
    def item_loss(self, ground_truth: VxDataItem, prediction: VxDataItem) -> Array:
        raise NotImplementedError

    def item_weight(self, ground_truth: VxDataItem) -> float:
        return 1.0

    def aggregate_loss(self, predictions: AdmissionsPrediction) -> Array | float:
        weights = [self.item_weight(gt) for gt in
                   predictions.list_attr(self.prediction_attribute, self.admission_attribute)[0]]
        weights = [w / sum(weights) for w in weights]

        losses = jnp.array([(self.item_loss(gt, pred) * w if w > 0. else 0.) for (gt, pred), w in
                            zip(predictions.iter_attr(self.prediction_attribute, self.admission_attribute), weights)])
        loss = jnp.nansum(losses)

        if jnp.isnan(loss):
            logging.warning('NaN obs loss detected')
            return 0.
        return loss

    def per_column_loss(self, ground_truths: List[VxDataItem], predictions: List[VxDataItem]) -> Array:
        raise NotImplementedError

    def __call__(self, predictions: AdmissionsPrediction) -> Array | float:
        if not self.per_column:
            return self.aggregate_loss(predictions)
        else:
            gts, preds = zip(*predictions.iter_attr(self.prediction_attribute, self.admission_attribute))
            return self.per_column_loss(gts, preds)


class NumericPredictionLoss(PredictionLoss):
    loss_key: NumericLossLiteral = field(default=None, kw_only=True)

    @cached_property
    def raw_loss(self) -> Callable[[Array, Array, Array, Optional[int]], Array]:
        return NUMERIC_LOSS[self.loss_key]

    def item_loss(self, ground_truth: InpatientObservables, prediction: InpatientObservables) -> Array:
        ground_truth_val = np_module(ground_truth.value).nan_to_num(ground_truth.value, nan=0.0)
        if ground_truth_val.dtype == bool:
            ground_truth_val = ground_truth_val.astype(float)
        return self.raw_loss(ground_truth_val, prediction.value, ground_truth.mask, None)

    def per_column_loss(self, ground_truths: List[InpatientObservables],
                        predictions: List[InpatientObservables]) -> Array:
        predictions_vecs = []
        ground_truth_vecs = []
        masks_vecs = []
        for prediction, ground_truth in zip(predictions, ground_truths):
            predictions_vecs.append(prediction.value)
            ground_truth_vecs.append(ground_truth.value)
            masks_vecs.append(ground_truth.mask)
        predictions_array = jnp.vstack(predictions_vecs)
        ground_truth_array = jnp.vstack(ground_truth_vecs)
        masks_array = jnp.vstack(masks_vecs)
        return self.raw_loss(ground_truth_array, predictions_array, masks_array, 0)

    def item_weight(self, ground_truth: InpatientObservables) -> float:
        return ground_truth.mask.sum()


class ObsPredictionLoss(NumericPredictionLoss):
    prediction_attribute: ClassVar[PredictionAttribute] = 'observables'


obs_loss = ObsPredictionLoss(loss_key='mse')


@jax.jit
def f(gt_values, gt_masks, pred_values):
    predictions = AdmissionsPrediction()
    for i in range(gt_values.shape[0]):
        admission = Admission(admission_id=f'A{i}',
                              observables=InpatientObservables(gt_values[i], gt_masks[i]))
        predictions = predictions.add(f'S{i % 2}', AdmissionPrediction(
            admission=admission, observables=InpatientObservables(pred_values[i], gt_masks[i])))
    return obs_loss(predictions)
# --- end user code ---


def make_inputs(rng):
    n_adm, n_obs = 4, 5
    gt_values = rng.normal(size=(n_adm, n_obs)).astype(np.float32)
    gt_values[rng.random(size=(n_adm, n_obs)) < 0.2] = np.nan  # missing measurements
    gt_masks = rng.random(size=(n_adm, n_obs)) < 0.6
    gt_masks[rng.integers(n_adm)] = False  # an admission without observations (weight 0)
    if rng.random() < 0.15:
        gt_masks[:] = False  # no observations at all
    pred_values = rng.normal(size=(n_adm, n_obs)).astype(np.float32)
    return gt_values, gt_masks, pred_values


INPUTS = make_inputs


@jax.jit
def reference_fix(gt_values, gt_masks, pred_values):
    weights = gt_masks.sum(axis=1)
    w = weights / weights.sum()
    gt = jnp.nan_to_num(gt_values, nan=0.0)
    item = jnp.nanmean((gt - pred_values) ** 2, where=gt_masks, axis=1)
    losses = jnp.where(w > 0., item * w, 0.)
    loss = jnp.nansum(losses)
    return jnp.where(jnp.isnan(loss), 0., loss)
