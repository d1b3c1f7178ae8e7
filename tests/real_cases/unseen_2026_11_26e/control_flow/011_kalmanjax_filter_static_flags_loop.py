"""Kalman filter written with Python control flow that is all static: `for n in range(N)`, `is None` guards, a `store` flag.

source: AaltoML/kalman-jax kalmanjax/archive/kf_no_jit.py @569f97a071bbeeb585cc5c6c3680dc365d0ee0df (`kalman_filter`)
error: none
category: negative-static-loop-flags
expect: untouched
notes: `kalman_filter` verbatim (docstring shortened to its first line, two comment lines in the predict/update steps dropped) except that the removed `jax.ops.index_add(a, index[n, ...], v)` calls are written `a.at[n, ...].add(v)`. The kalman-jax model around it is reduced to a one-dimensional Ornstein-Uhlenbeck prior and a Gaussian-likelihood site update with the method names the function calls (`update_model`, `prior.state_transition`, `prior.measurement_model`, `sites.update`); the model object is built inside the jitted `f`, which runs the filter with `store=True`, `mask=None` and no supplied sites. N = dt.shape[0] is a static shape, so nothing here needs rewriting.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax.nn import softplus
from jax.numpy.linalg import solve


def softplus_list(x):
    return [softplus(x_) for x_ in x]


def kalman_filter(self, y, dt, params, store=False, mask=None, site_params=None, x=None):
    """
    Run the Kalman filter to get p(fₙ|y₁,...,yₙ).
    """
    theta_prior, theta_lik = softplus_list(params[0]), softplus(params[1])
    self.update_model(theta_prior)  # all model components that are not static must be computed inside the function
    if mask is not None:
        mask = mask[..., np.newaxis, np.newaxis]  # align mask.shape with y.shape
    N = dt.shape[0]
    neg_log_marg_lik = 0.0  # negative log-marginal likelihood
    m, P = self.minf, self.Pinf
    if store:
        filtered_mean = np.zeros([N, self.state_dim, 1])
        filtered_cov = np.zeros([N, self.state_dim, self.state_dim])
        site_mean = np.zeros([N, self.f_dim])
        site_var = np.zeros([N, self.f_dim])
    for n in range(N):
        y_n = y[n]
        # -- KALMAN PREDICT --
        A = self.prior.state_transition(dt[n], theta_prior)
        m_ = A @ m
        P_ = A @ (P - self.Pinf) @ A.T + self.Pinf
        # --- KALMAN UPDATE ---
        H = self.prior.measurement_model(x[n, 1:], theta_prior)
        mu = H @ m_
        var = H @ P_ @ H.T
        if mask is not None:  # note: this is a bit redundant but may come in handy in multi-output problems
            y_n = np.where(mask[n], mu, y_n)  # fill in masked obs with prior expectation to prevent NaN grads
        log_lik_n, site_mu_, site_var_ = self.sites.update(self.likelihood, y_n, mu, var, theta_lik, None)
        if site_params is not None:  # use supplied site parameters to perform the update
            site_mu_, site_var_ = site_params[0][n], site_params[1][n]
        # modified Kalman update (see Nickish et. al. ICML 2018 or Wilkinson et. al. ICML 2019):
        S = var + site_var_
        K = solve(S, H @ P_).T  # HP(S^-1)
        m = m_ + K @ (site_mu_ - mu)
        P = P_ - K @ S @ K.T
        if mask is not None:  # note: this is a bit redundant but may come in handy in multi-output problems
            m = np.where(mask[n], m_, m)
            P = np.where(mask[n], P_, P)
            log_lik_n = np.where(mask[n][..., 0, 0], np.zeros_like(log_lik_n), log_lik_n)
        neg_log_marg_lik -= np.sum(log_lik_n)
        if store:
            filtered_mean = filtered_mean.at[n, ...].add(m)
            filtered_cov = filtered_cov.at[n, ...].add(P)
            site_mean = site_mean.at[n, ...].add(np.squeeze(site_mu_.T))
            site_var = site_var.at[n, ...].add(np.squeeze(site_var_.T))
    if store:
        return neg_log_marg_lik, (filtered_mean, filtered_cov, (site_mean, site_var))
    return neg_log_marg_lik


class OUPrior:
    def state_transition(self, dt, theta):
        var, ell = theta
        return np.exp(-dt / ell).reshape(1, 1)

    def measurement_model(self, r, theta):
        return np.ones((1, 1))


class GaussianSites:
    def update(self, likelihood, y, mu, var, noise, _):
        s = var + noise
        log_lik = -0.5 * (np.log(2 * np.pi * s) + (y - mu) ** 2 / s)
        return log_lik, y, noise * np.ones_like(var)


class Model:
    state_dim = 1
    f_dim = 1
    likelihood = "gaussian"

    def __init__(self):
        self.prior = OUPrior()
        self.sites = GaussianSites()

    def update_model(self, theta_prior):
        var, _ = theta_prior
        self.minf = np.zeros([self.state_dim, 1])
        self.Pinf = var * np.eye(self.state_dim)

    kalman_filter = kalman_filter


@jax.jit
def f(y, dt, params, x):
    model = Model()
    return model.kalman_filter(y, dt, params, store=True, x=x)
# --- end user code ---

import numpy


def make_inputs(rng):
    N = 6
    y = rng.normal(size=(N, 1, 1)).astype(numpy.float32)
    dt = rng.uniform(0.1, 1.0, size=(N, 1)).astype(numpy.float32)
    params = (rng.normal(size=2).astype(numpy.float32), numpy.float32(rng.normal() - 1.0))
    x = numpy.concatenate([numpy.cumsum(dt, axis=0), numpy.zeros((N, 1), numpy.float32)], axis=1)
    return (y, dt, params, x)


INPUTS = make_inputs
