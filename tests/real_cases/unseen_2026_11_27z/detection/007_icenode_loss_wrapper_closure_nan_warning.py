"""ICE-NODE: LossWrapper.__call__ mixes static config dispatch with a traced `if jnp.isnan(loss)` (closure-built loss).

source: barahona-research-group/ICE-NODE lib/ml/artefacts.py, one of its stored revisions (code-index file id 16080329693; its commit was not resolved; other stored revisions of the path are at 071f6c4e017ee842adb8083623fd8539e7e96472 and 375a55c657b62cd9a13a69145e079d27a2a247cf): LossWrapperConfig, LossWrapper (observables_mean_wrapper, __call__), AdmissionPrediction, AdmissionsPrediction (add, iter_attr, list_attr, apply_loss)
error: TracerBoolConversionError
category: method-static-dispatch-plus-traced-if
expect: fix
notes: `LossWrapper.observables_mean_wrapper` returns a wrapper around a closure `obs_loss` that captures the raw loss function; `__call__` first dispatches on the configuration string (`self.config.aggregation == 'concat'` / `'mean'`, static and fine under jit), then tests the traced loss with `if jnp.isnan(loss): logging.warning(...)` before returning `jnp.where(jnp.isnan(loss), 0., loss)`. Only the warning's guard needs a concrete value; the result does not depend on it, so the fix is local (move the warning into `jax.debug.callback`, or drop the guard) and must leave the static config branches alone. The classes are verbatim except: `from __future__ import annotations` cannot stay in a case file (EXPECT precedes the user code), so forward references in return annotations are quoted; stand-ins for `Config`/`Module`/`VxData` (bases that turn subclasses into dataclasses), `VxDataItem`/`Array`, `InpatientObservables`/`Admission`/`CodesVector` (fields used here), `tree_hasnan`, `tables` (`tbl = None`, save/load unused) and `eqx.tree_at` (single-attribute replacement, as used by `add`); the masked MSE passed to the wrapper stands in for the project's numeric losses. Entry point added: `f` builds one admission per row of the traced arrays and calls `apply_loss('observables', obs_loss)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
import logging
from dataclasses import field
from functools import cached_property
from pathlib import Path
from typing import Optional, Union, Tuple, Callable, Any, Iterable, Literal

import jax
import numpy as np
from jax import numpy as jnp

tbl = None  # stand-in: `tables` (PyTables) is only used by save/load
Array = jax.Array
VxDataItem = Any


class _DataclassBase:  # stand-in for lib.base VxData / Module / lib.Config (equinox-style dataclasses)
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(cls)


class Config(_DataclassBase):
    pass


class VxData(_DataclassBase):
    pass


class Module(_DataclassBase):
    pass


class eqx:  # stand-in for equinox.tree_at, single-attribute accessors only
    @staticmethod
    def tree_at(where, pytree, replace):
        class _Path:
            def __getattr__(self, name):
                self.name = name
                return self
        path = _Path()
        where(path)
        return dataclasses.replace(pytree, **{path.name: replace})


def tree_hasnan(t):  # stand-in for lib.utils.tree_hasnan
    return any(jnp.isnan(leaf).any() for leaf in jax.tree_util.tree_leaves(t))


class InpatientObservables:  # stand-in keeping the fields used here
    def __init__(self, value, mask):
        self.value = value
        self.mask = mask


class Admission:  # stand-in keeping the fields used here
    def __init__(self, admission_id, observables, interval_hours=24.0):
        self.admission_id = admission_id
        self.observables = observables
        self.interval_hours = interval_hours


class CodesVector:  # stand-in
    def __init__(self, vec):
        self.vec = vec


class PatientAdmissionTrajectory(VxData):
    observables: Optional[InpatientObservables] = None
    leading_observable: Optional[InpatientObservables] = None


class ModelBehaviouralMetrics(VxData):
    pass


class TrajectoryConfig(Config):
    sampling_rate: float = 0.5  # 0.5 means every 30 minutes.


PredictionAttribute = Literal['outcome', 'observables', 'leading_observable']


class AdmissionPrediction(VxData):
    subject_id: str
    admission: Admission  # ground_truth
    observables: Optional[InpatientObservables] = None
    leading_observable: Optional[InpatientObservables] = None
    outcome: Optional[CodesVector] = None
    trajectory: PatientAdmissionTrajectory = field(default_factory=PatientAdmissionTrajectory)
    model_behavioural_metrics: ModelBehaviouralMetrics = field(default_factory=ModelBehaviouralMetrics)

    def has_nans(self):
        return tree_hasnan((self.observables, self.leading_observable, self.outcome))


LossAggreagationType = Literal['concat', 'mean', 'struct_time', 'struct_prob_div', 'struct_prob_div_time']


class LossWrapperConfig(Config):
    aggregation: LossAggreagationType = 'mean'

    def __post_init__(self):
        if self.aggregation not in ['concat', 'mean']:
            if self.aggregation not in ['struct_time', 'struct_prob_div', 'struct_prob_div_time']:
                raise NotImplementedError(f'Aggregation type {self.aggregation} not implemented yet.')
            else:
                raise ValueError(f'Invalid aggregation type: {self.aggregation}.')


class LossWrapper(Module):
    config: LossWrapperConfig
    loss_fn: Callable[[VxDataItem, VxDataItem], Array]
    concatenate: Optional[Callable[[Iterable[VxDataItem]], VxDataItem]] = None

    def __post_init__(self):
        if self.config.aggregation == 'concat' and self.concatenate is None:
            raise ValueError('concatenation function must be provided for aggregation type "concat"')

    @staticmethod
    def codes_concat_wrapper(loss_fn: Callable[[Array, Array], Array]) -> "LossWrapper":
        return LossWrapper(LossWrapperConfig('concat'), loss_fn, lambda l: jnp.hstack([v.vec for v in l]))

    @staticmethod
    def observables_mean_wrapper(loss_fn: Callable[[Array, Array, Array], Array]) -> "LossWrapper":
        def obs_loss(obs_true: InpatientObservables, obs_pred: InpatientObservables) -> Array:
            return loss_fn(obs_true.value, obs_pred.value, obs_true.mask)

        return LossWrapper(LossWrapperConfig('mean'), obs_loss, None)

    def __call__(self, ground_truth: Iterable[VxDataItem], predictions: Iterable[VxDataItem]) -> Array:
        if self.config.aggregation == 'concat':
            loss = self.loss_fn(self.concatenate(ground_truth), self.concatenate(predictions))
        elif self.config.aggregation == 'mean':
            losses = jnp.array([self.loss_fn(gt, pred) for gt, pred in zip(ground_truth, predictions)])
            loss = jnp.nanmean(losses)
        else:
            raise NotImplementedError(f'Aggregation type {self.config.aggregation} not implemented yet.')

        if jnp.isnan(loss):
            logging.warning('NaN obs loss detected')

        return jnp.where(jnp.isnan(loss), 0., loss)


class AdmissionsPrediction(VxData):
    predictions: Tuple[AdmissionPrediction, ...] = field(default_factory=tuple)

    def save(self, path: Union[str, Path]):
        """
        Save the predictions to a file.

        Args:
            path: the path to the file where the predictions will be saved.

        Returns:
            None
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with tbl.open_file(str(path.with_suffix('.h5')), 'w') as store:
            return self.to_hdf_group(store.root)

    @staticmethod
    def load(path: Union[str, Path]) -> "AdmissionsPrediction":
        """
        Load predictions from a file.

        Args:
            path: the path to the file containing the predictions.

        Returns:
            The loaded predictions.
        """
        with tbl.open_file(str(Path(path).with_suffix('.h5')), 'r') as store:
            return AdmissionsPrediction.from_hdf_group(store.root)

    def add(self, *args, **kwargs) -> "AdmissionsPrediction":
        return eqx.tree_at(lambda p: p.predictions, self, self.predictions + (AdmissionPrediction(*args, **kwargs),))

    def __iter__(self) -> Iterable[AdmissionPrediction]:
        return iter(self.predictions)

    def iter_attr(self, attr: str) -> Iterable[Tuple[VxDataItem, VxDataItem]]:
        return ((getattr(p.admission, attr), getattr(p, attr)) for p in self)

    def list_attr(self, attr: str) -> Tuple[Tuple[VxDataItem, ...], Tuple[VxDataItem, ...]]:
        ground_truth, predictions = tuple(zip(*self.iter_attr(attr)))
        return ground_truth, predictions

    def __len__(self):
        return len(self.predictions)

    def aggregate(self, operand: Callable[[AdmissionPrediction], Any],
                  aggregation: Callable[[Iterable[Any]], Any]) -> Any:
        return aggregation([operand(p) for p in self])

    @cached_property
    def average_interval_hours(self):
        """
        Calculate the average interval hours of the predictions.

        Returns:
            The average interval hours.
        """
        return self.aggregate(lambda p: p.admission.interval_hours, lambda l: np.mean(np.array(l)))

    def filter_nans(self) -> "AdmissionsPrediction":
        """
        Filter out predictions with NaN values.

        Returns:
            the filtered predictions (a copy of the original predictions).
        """
        if len(self) == 0:
            return self

        cleaned = tuple()
        nan_detected = False
        for p in self:
            if not p.has_nans():
                cleaned += (p,)
            else:
                nan_detected = True
                logging.warning('Skipping prediction with NaNs: '
                                f'subject_id={p.subject_id}, admission_id={p.admission.admission_id} '
                                f'interval_hours= {p.admission.interval_hours}. '
                                'Note: long intervals is a likely reason to destabilise the model')
        clean_predictions = AdmissionsPrediction(cleaned)
        if nan_detected:
            logging.warning(f'Average interval_hours: {clean_predictions.average_interval_hours}')

        if len(cleaned) == 0 and len(self) > 0:
            logging.warning('No predictions left after NaN filtering')
            raise ValueError('No predictions left after NaN filtering')

        return clean_predictions

    def apply_loss(self, attribute: PredictionAttribute, loss: LossWrapper) -> Array:
        """
        Calculate the loss of the predictions.

        Args:
            attribute: the attribute to calculate the loss for.
            loss: the loss function.

        Returns:
            The loss.
        """
        ground_truth, predictions = self.list_attr(attribute)
        return loss(ground_truth, predictions)


def masked_mse(y, y_hat, mask):  # stand-in for the project's numeric loss
    return jnp.nanmean((y - y_hat) ** 2, where=mask)


obs_loss = LossWrapper.observables_mean_wrapper(masked_mse)


@jax.jit
def f(gt_values, gt_masks, pred_values):
    predictions = AdmissionsPrediction()
    for i in range(gt_values.shape[0]):
        admission = Admission(admission_id=f'A{i}',
                              observables=InpatientObservables(gt_values[i], gt_masks[i]))
        predictions = predictions.add(subject_id=f'S{i}', admission=admission,
                                      observables=InpatientObservables(pred_values[i], gt_masks[i]))
    return predictions.apply_loss('observables', obs_loss)
# --- end user code ---


def make_inputs(rng):
    n_adm, n_obs = 3, 4
    gt_values = rng.normal(size=(n_adm, n_obs)).astype(np.float32)
    gt_masks = rng.random(size=(n_adm, n_obs)) < 0.5
    if rng.random() < 0.3:
        gt_masks[:] = False  # no observation at all: every item loss and the mean are NaN
    pred_values = rng.normal(size=(n_adm, n_obs)).astype(np.float32)
    return gt_values, gt_masks, pred_values


INPUTS = make_inputs


@jax.jit
def reference_fix(gt_values, gt_masks, pred_values):
    losses = jnp.nanmean((gt_values - pred_values) ** 2, where=gt_masks, axis=1)
    loss = jnp.nanmean(losses)
    return jnp.where(jnp.isnan(loss), 0., loss)
