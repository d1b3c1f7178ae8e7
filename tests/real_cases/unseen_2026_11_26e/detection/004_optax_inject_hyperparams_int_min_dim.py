"""optax.inject_hyperparams turns an integer hyperparameter into an array in a dict; adafactor then compares a shape with it.

source: https://github.com/google-deepmind/optax/pull/1730 ("Treat integer hyperparameters as static in inject_hyperparams (fixes #412)": `min_dim_size_to_factor` in adafactor, `if shape[...] < min_dim_size_to_factor`, `jax.jit(opt.init)` raises TracerBoolConversionError); google-deepmind/optax optax/_src/factorized.py @11bc274dd4c0025d661961b3f346778941a5222a (`_factored_dims`, `scale_by_factored_rms`); optax/schedules/_inject.py @045fe7d93dc7b5e7bdc29d028991254c65b5ef1f (`inject_hyperparams`, taken back to its pre-PR form where every int goes to `numeric_hps`)
error: TracerBoolConversionError
category: traced-hyperparameter-in-dict
expect: fix
notes: `_factored_dims` and `scale_by_factored_rms` are verbatim apart from `jax.tree_map`/`tree_multimap` -> `jax.tree_util.tree_map`, `numerics.abs_sq` -> `jnp.square` (real grads) and `utils.safe_int32_increment` -> `+ 1`. inject_hyperparams keeps only the numeric-hyperparameter path (no schedules, no hyperparam_dtype), with the pre-fix rule: every int/float goes through `jnp.asarray` into `state.hyperparams`. The int is traced as soon as `init` runs under jit, three calls below `f`. `f` is a jitted init+update step.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
import functools
import inspect
from typing import Callable, NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp
import numpy as np


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def _decay_rate_pow(i: int, exponent: float = 0.8) -> float:
    """Second-order moment decay schedule."""
    t = jnp.array(i, jnp.float32) + 1.0
    return 1.0 - t**(-exponent)


def _factored_dims(
    shape,
    factored: bool,
    min_dim_size_to_factor: int
) -> Optional[Tuple[int, int]]:
    """Whether to use a factored second moment estimator."""
    if not factored or len(shape) < 2:
        return None
    sorted_dims = np.argsort(shape)
    if shape[sorted_dims[-2]] < min_dim_size_to_factor:
        return None
    return int(sorted_dims[-2]), int(sorted_dims[-1])


@dataclasses.dataclass
class _UpdateResult:
    """Opaque containter that is not traversed by jax.tree_multimap."""
    update: jnp.ndarray
    v_row: jnp.ndarray
    v_col: jnp.ndarray
    v: jnp.ndarray


class FactoredState(NamedTuple):
    """Overall state of the gradient transformation."""
    count: jnp.ndarray
    v_row: object
    v_col: object
    v: object


def scale_by_factored_rms(
    factored: bool = True,
    decay_rate: float = 0.8,
    step_offset: int = 0,
    min_dim_size_to_factor: int = 128,
    epsilon: float = 1e-30,
    decay_rate_fn: Callable = _decay_rate_pow):
    """Scaling by a factored estimate of the gradient rms (as in Adafactor)."""

    def _to_state(count, result_tree):
        """Maps from a tree of (factored) values to separate trees of values."""
        return FactoredState(
            count=count,
            v_row=jax.tree_util.tree_map(lambda o: o.v_row, result_tree),
            v_col=jax.tree_util.tree_map(lambda o: o.v_col, result_tree),
            v=jax.tree_util.tree_map(lambda o: o.v, result_tree))

    def init_fn(params):
        """Initialise the optimiser's state."""

        def _init(param):
            shape = param.shape
            factored_dims = _factored_dims(shape, factored, min_dim_size_to_factor)
            if factored_dims is not None:
                d1, d0 = factored_dims
                vr_shape = np.delete(shape, d0)
                vc_shape = np.delete(shape, d1)
                return _UpdateResult(
                    update=jnp.zeros((1,)),
                    v_row=jnp.zeros(vr_shape),
                    v_col=jnp.zeros(vc_shape),
                    v=jnp.zeros((1,)))
            else:
                return _UpdateResult(
                    update=jnp.zeros((1,)),
                    v_row=jnp.zeros((1,)),
                    v_col=jnp.zeros((1,)),
                    v=jnp.zeros(param.shape))

        return _to_state(jnp.zeros([], jnp.int32), jax.tree_util.tree_map(_init, params))

    def update_fn(grads, state, params):
        """Apply gradient transformation."""

        def _update(grad, v_row, v_col, v, param, step):
            shape = param.shape
            decay_rate_t = decay_rate_fn(step - step_offset, decay_rate)

            new_v_row = jnp.zeros((1,))
            new_v_col = jnp.zeros((1,))
            new_v = jnp.zeros((1,))

            factored_dims = _factored_dims(shape, factored, min_dim_size_to_factor)
            if factored_dims is not None:
                d1, d0 = factored_dims
                grad_sqr = jnp.square(grad) + epsilon
                new_v_row = (
                    decay_rate_t * v_row +
                    (1. - decay_rate_t) * jnp.mean(grad_sqr, axis=d0))
                new_v_col = (
                    decay_rate_t * v_col +
                    (1. - decay_rate_t) * jnp.mean(grad_sqr, axis=d1))
                reduced_d1 = d1-1 if d1 > d0 else d1
                row_col_mean = jnp.mean(new_v_row, axis=reduced_d1, keepdims=True)
                row_factor = (new_v_row / row_col_mean) ** -0.5
                col_factor = (new_v_col) ** -0.5
                update = (
                    grad *
                    jnp.expand_dims(row_factor, axis=d0) *
                    jnp.expand_dims(col_factor, axis=d1))
            else:
                grad_sqr = jnp.square(grad) + epsilon
                new_v = decay_rate_t * v + (1. - decay_rate_t) * grad_sqr
                update = grad * (new_v)**-0.5

            return _UpdateResult(update, new_v_row, new_v_col, new_v)

        output = jax.tree_util.tree_map(lambda *args: _update(*args, state.count), grads,
                                        state.v_row, state.v_col, state.v, params)

        updates = jax.tree_util.tree_map(lambda o: o.update, output)
        return updates, _to_state(state.count + 1, output)

    return GradientTransformation(init_fn, update_fn)


class InjectHyperparamsState(NamedTuple):
    count: jnp.ndarray
    hyperparams: dict
    inner_state: object


def inject_hyperparams(inner_factory, static_args=()):
    static_args = ({static_args} if isinstance(static_args, str) else set(static_args))
    inner_signature = inspect.signature(inner_factory)

    @functools.wraps(inner_factory)
    def wrapped_transform(*args, **kwargs):
        bound_arguments = inner_signature.bind(*args, **kwargs)
        bound_arguments.apply_defaults()

        numeric_hps, other_hps = {}, {}
        for name, value in bound_arguments.arguments.items():
            if name in static_args or isinstance(value, bool):
                other_hps[name] = value
            elif isinstance(value, (int, float, jax.Array, np.ndarray)):
                numeric_hps[name] = value
            else:
                other_hps[name] = value

        def init_fn(params):
            count = jnp.zeros([], jnp.int32)
            hparams = {k: jnp.asarray(v) for k, v in numeric_hps.items()}
            return InjectHyperparamsState(
                count=count,
                hyperparams=hparams,
                inner_state=inner_factory(**other_hps, **hparams).init(params))

        def update_fn(updates, state, params=None):
            hparams = dict(state.hyperparams)
            updates, inner_state = inner_factory(**other_hps, **hparams).update(
                updates, state.inner_state, params)
            return updates, InjectHyperparamsState(
                count=state.count + 1, hyperparams=hparams, inner_state=inner_state)

        return GradientTransformation(init_fn, update_fn)

    return wrapped_transform


opt = inject_hyperparams(scale_by_factored_rms)(min_dim_size_to_factor=4)


@jax.jit
def f(params, grads):
    state = opt.init(params)
    updates, state = opt.update(grads, state, params)
    return updates, state.inner_state
# --- end user code ---


def make_inputs(rng):
    params = {"w": rng.normal(size=(6, 5)).astype(np.float32),
              "small": rng.normal(size=(3, 8)).astype(np.float32),
              "b": rng.normal(size=(5,)).astype(np.float32)}
    grads = {"w": rng.normal(size=(6, 5)).astype(np.float32),
             "small": rng.normal(size=(3, 8)).astype(np.float32),
             "b": rng.normal(size=(5,)).astype(np.float32)}
    grads["b"][0] = 0.0
    return (params, grads)


INPUTS = make_inputs

_static_opt = inject_hyperparams(scale_by_factored_rms, static_args="min_dim_size_to_factor")(
    min_dim_size_to_factor=4)


@jax.jit
def reference_fix(params, grads):
    state = _static_opt.init(params)
    updates, state = _static_opt.update(grads, state, params)
    return updates, state.inner_state
