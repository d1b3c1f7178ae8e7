"""dynaris unscented Kalman filter: NaN (missing) observations handled with `~jnp.any(jnp.isnan(y))` + jnp.where inside lax.scan (look-alike, no leak).

source: dynaris package, dynaris/filters/ukf.py as stored in the public code index (module "Unscented Kalman Filter for nonlinear state-space models", imports dynaris.core.nonlinear.NonlinearSSM, dynaris.core.results.FilterResult, dynaris.core.types.GaussianState), code-index file id 53108698800 (SigmaWeights, compute_weights, sigma_points, predict, update, ukf_filter, _ukf_filter_impl, _ukf_scan); the index does not name the repository or commit.
error: none
category: lookalike-where-and-static-none
expect: untouched
notes: SigmaWeights, compute_weights, sigma_points, the scan carry/output tuples, predict, update, ukf_filter, _ukf_filter_impl and the @jax.jit _ukf_scan are verbatim; the UnscentedKalmanFilter wrapper class is left out, ukf_filter's long docstring is shortened to its first line, and the module's `from __future__ import annotations` is dropped (the user section sits below the case docstring; the annotations evaluate fine on Python >= 3.10). Stand-ins: GaussianState and FilterResult NamedTuples and a NonlinearSSM pytree (Q and R are leaves, the transition/observation callables and dimensions are static aux data). The look-alikes: `if initial_state is None` is a Python None test, the missing-observation branch is `obs_valid = ~jnp.any(jnp.isnan(y))` applied with jnp.where, and `compute_weights` does Python arithmetic on the static state dimension. `f` filters a damped-pendulum series with some NaN observations.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---

from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
from jax import Array


class GaussianState(NamedTuple):
    """Stand-in for dynaris.core.types.GaussianState."""

    mean: Array
    cov: Array


class FilterResult(NamedTuple):
    """Stand-in for dynaris.core.results.FilterResult."""

    filtered_states: Array
    filtered_covariances: Array
    predicted_states: Array
    predicted_covariances: Array
    log_likelihood: Array
    observations: Array


@jax.tree_util.register_pytree_node_class
class NonlinearSSM:
    """Stand-in for dynaris.core.nonlinear.NonlinearSSM."""

    def __init__(self, transition_fn: Callable, observation_fn: Callable, transition_cov, observation_cov,
                 state_dim: int, obs_dim: int):
        self.f = transition_fn
        self.h = observation_fn
        self.Q = transition_cov
        self.R = observation_cov
        self.state_dim = state_dim
        self.obs_dim = obs_dim

    def initial_state(self) -> GaussianState:
        return GaussianState(jnp.zeros(self.state_dim), 1e6 * jnp.eye(self.state_dim))

    def tree_flatten(self):
        return (self.Q, self.R), (self.f, self.h, self.state_dim, self.obs_dim)

    @classmethod
    def tree_unflatten(cls, aux, children):
        f, h, n, m = aux
        return cls(f, h, children[0], children[1], n, m)


class SigmaWeights(NamedTuple):
    """Weights for the unscented transform."""

    wm: Array  # mean weights, shape (2n+1,)
    wc: Array  # covariance weights, shape (2n+1,)
    lam: Array  # scaling parameter lambda (scalar array)


def compute_weights(
    n: int,
    alpha: float = 1e-3,
    beta: float = 2.0,
    kappa: float = 0.0,
) -> SigmaWeights:
    """Compute sigma-point weights for the scaled unscented transform.

    Args:
        n: State dimension.
        alpha: Spread of sigma points around the mean (typically 1e-4 to 1).
        beta: Prior knowledge of distribution (2.0 is optimal for Gaussian).
        kappa: Secondary scaling parameter (typically 0 or 3-n).

    Returns:
        SigmaWeights with mean weights, covariance weights, and lambda.
    """
    lam = alpha**2 * (n + kappa) - n

    wm = jnp.full(2 * n + 1, 1.0 / (2.0 * (n + lam)))
    wm = wm.at[0].set(lam / (n + lam))

    wc = jnp.full(2 * n + 1, 1.0 / (2.0 * (n + lam)))
    wc = wc.at[0].set(lam / (n + lam) + (1.0 - alpha**2 + beta))

    return SigmaWeights(wm=wm, wc=wc, lam=jnp.array(lam))


def sigma_points(state: GaussianState, lam: Array) -> Array:
    """Generate 2n+1 sigma points from a Gaussian state.

    Args:
        state: Gaussian belief with mean (n,) and covariance (n, n).
        lam: Scaling parameter lambda (scalar).

    Returns:
        Sigma points, shape (2n+1, n).
    """
    n = state.mean.shape[0]
    scaled_cov = (n + lam) * state.cov
    L = jnp.linalg.cholesky(scaled_cov)  # (n, n)

    # Build sigma points: [mean, mean + L_i, mean - L_i]
    offsets = jnp.concatenate([
        jnp.zeros((1, n)),
        L,    # rows of L as positive offsets
        -L,   # rows of L as negative offsets
    ], axis=0)  # (2n+1, n)

    return state.mean[None, :] + offsets


class _ScanCarry(NamedTuple):
    filtered: GaussianState
    log_likelihood: Array  # scalar


class _ScanOutput(NamedTuple):
    predicted_mean: Array
    predicted_cov: Array
    filtered_mean: Array
    filtered_cov: Array


def predict(
    state: GaussianState,
    model: NonlinearSSM,
    weights: SigmaWeights,
) -> GaussianState:
    """UKF predict step (time update).

    Generates sigma points, propagates them through the transition function,
    and recovers the predicted mean and covariance.
    """
    pts = sigma_points(state, weights.lam)  # (2n+1, n)

    # Propagate sigma points through transition function
    pts_pred = jax.vmap(model.f)(pts)  # (2n+1, n)

    # Recover predicted mean
    mean = jnp.sum(weights.wm[:, None] * pts_pred, axis=0)  # (n,)

    # Recover predicted covariance
    diff = pts_pred - mean[None, :]  # (2n+1, n)
    cov = jnp.sum(weights.wc[:, None, None] * (diff[:, :, None] * diff[:, None, :]), axis=0)
    cov = cov + model.Q

    return GaussianState(mean=mean, cov=cov)


def update(
    predicted: GaussianState,
    observation: Array,
    model: NonlinearSSM,
    weights: SigmaWeights,
) -> tuple[GaussianState, Array]:
    """UKF update step (measurement update).

    Generates sigma points from the predicted state, propagates through the
    observation function, and computes the Kalman gain.

    Returns the filtered state and the log-likelihood contribution.
    Handles missing observations (NaN) by skipping the update.
    """
    y = observation
    pts = sigma_points(predicted, weights.lam)  # (2n+1, n)

    # Propagate through observation function
    pts_obs = jax.vmap(model.h)(pts)  # (2n+1, m)

    # Predicted observation mean
    y_pred = jnp.sum(weights.wm[:, None] * pts_obs, axis=0)  # (m,)

    # Innovation covariance S = sum wc * (y_diff)(y_diff)' + R
    y_diff = pts_obs - y_pred[None, :]  # (2n+1, m)
    S = jnp.sum(weights.wc[:, None, None] * (y_diff[:, :, None] * y_diff[:, None, :]), axis=0)
    S = S + model.R  # (m, m)

    # Cross-covariance P_xy = sum wc * (x_diff)(y_diff)'
    x_diff = pts - predicted.mean[None, :]  # (2n+1, n)
    P_xy = jnp.sum(weights.wc[:, None, None] * (x_diff[:, :, None] * y_diff[:, None, :]), axis=0)
    # (n, m)

    # Kalman gain K = P_xy @ S^{-1}
    K = jnp.linalg.solve(S.T, P_xy.T).T  # (n, m)

    # Innovation
    e = y - y_pred  # (m,)

    filtered_mean = predicted.mean + K @ e
    filtered_cov = predicted.cov - K @ S @ K.T

    # Log-likelihood: log N(e; 0, S)
    m = observation.shape[-1]
    log_det = jnp.linalg.slogdet(S)[1]
    mahal = e @ jnp.linalg.solve(S, e)
    ll = -0.5 * (m * jnp.log(2.0 * jnp.pi) + log_det + mahal)

    # Handle missing observations
    obs_valid = ~jnp.any(jnp.isnan(y))
    filtered_mean = jnp.where(obs_valid, filtered_mean, predicted.mean)
    filtered_cov = jnp.where(obs_valid, filtered_cov, predicted.cov)
    ll = jnp.where(obs_valid, ll, 0.0)

    filtered = GaussianState(mean=filtered_mean, cov=filtered_cov)
    return filtered, ll


def ukf_filter(
    model: NonlinearSSM,
    observations: Array,
    initial_state: GaussianState | None = None,
    *,
    alpha: float = 1e-3,
    beta: float = 2.0,
    kappa: float = 0.0,
) -> FilterResult:
    """Unscented Kalman Filter forward pass."""
    return _ukf_filter_impl(model, observations, initial_state, alpha, beta, kappa)


def _ukf_filter_impl(
    model: NonlinearSSM,
    observations: Array,
    initial_state: GaussianState | None,
    alpha: float,
    beta: float,
    kappa: float,
) -> FilterResult:
    """Internal implementation — weights computed before JIT boundary."""
    if initial_state is None:
        initial_state = model.initial_state()

    weights = compute_weights(model.state_dim, alpha, beta, kappa)
    return _ukf_scan(model, observations, initial_state, weights)


@jax.jit
def _ukf_scan(
    model: NonlinearSSM,
    observations: Array,
    initial_state: GaussianState,
    weights: SigmaWeights,
) -> FilterResult:
    """JIT-compiled scan loop for UKF."""
    init_carry = _ScanCarry(
        filtered=initial_state,
        log_likelihood=jnp.array(0.0),
    )

    def _scan_step(
        carry: _ScanCarry, obs: Array
    ) -> tuple[_ScanCarry, _ScanOutput]:
        predicted = predict(carry.filtered, model, weights)
        filtered, ll = update(predicted, obs, model, weights)
        new_carry = _ScanCarry(
            filtered=filtered,
            log_likelihood=carry.log_likelihood + ll,
        )
        output = _ScanOutput(
            predicted_mean=predicted.mean,
            predicted_cov=predicted.cov,
            filtered_mean=filtered.mean,
            filtered_cov=filtered.cov,
        )
        return new_carry, output

    final_carry, outputs = jax.lax.scan(_scan_step, init_carry, observations)

    return FilterResult(
        filtered_states=outputs.filtered_mean,
        filtered_covariances=outputs.filtered_cov,
        predicted_states=outputs.predicted_mean,
        predicted_covariances=outputs.predicted_cov,
        log_likelihood=final_carry.log_likelihood,
        observations=observations,
    )


DT = 0.1


def _pendulum(x):
    return jnp.array([x[0] + DT * x[1], x[1] - DT * (jnp.sin(x[0]) + 0.2 * x[1])])


def _angle_sensor(x):
    return jnp.array([jnp.sin(x[0])])


MODEL = NonlinearSSM(
    transition_fn=_pendulum,
    observation_fn=_angle_sensor,
    transition_cov=1e-3 * jnp.eye(2),
    observation_cov=1e-2 * jnp.eye(1),
    state_dim=2,
    obs_dim=1,
)


@jax.jit
def f(observations, m0, p0):
    result = ukf_filter(MODEL, observations, GaussianState(m0, jnp.diag(p0)), alpha=0.5)
    return result.filtered_states, result.log_likelihood
# --- end user code ---

import numpy as np


def make_inputs(rng):
    T = 25
    x = np.array([rng.uniform(-1.0, 1.0), 0.0])
    obs = []
    for _ in range(T):
        x = np.array([x[0] + DT * x[1], x[1] - DT * (np.sin(x[0]) + 0.2 * x[1])])
        obs.append([np.sin(x[0]) + rng.normal(scale=0.1)])
    obs = np.asarray(obs, dtype=np.float32)
    obs[rng.integers(T)] = np.nan
    obs[rng.integers(T)] = np.nan
    m0 = np.array([rng.uniform(-0.5, 0.5), 0.0], dtype=np.float32)
    p0 = np.array([0.5, 0.5], dtype=np.float32)
    return (obs, m0, p0)


INPUTS = make_inputs
