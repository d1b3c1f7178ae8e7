"""Elliptical slice sampler built from nested jitted closures: looks leaky, is jit-safe.

source: PrincetonLIPS/active-phase-mapping notebooks/elliptical_slice_sampler_jax.py at b22bedc792e66164a17b14bd7e56398898e9104d (elliptical_slice_jax)
error: none
category: negative-closure-cond-fun
expect: untouched
notes: elliptical_slice_jax is verbatim; `f` jits it with the log-likelihood callable and the
  sample count static, as the notebooks call it (`log_lh_func` is a module-level Gaussian
  log-likelihood here). Everything that looks leaky is fine: the while-loop condition returns a
  traced comparison (`log_lh_func(new_x) < thresh`) to `jax.lax.while_loop`, the interval update
  uses `jax.lax.cond` with lambdas closing over traced `theta`/`lower`/`upper`, the nested
  functions read the enclosing `chol` and `log_lh_func`, and `num_samples` only sets the scan
  length. A fixer must not change a byte.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp 
import jax.random as jrnd

def elliptical_slice_jax(x0, log_lh_func, chol, num_samples, rng_key):
    """
    Jax implementation of ESS
    """

    @jax.jit
    def ess_step_condfun(state):
        x, new_x, nu, thresh, lower, upper, rng_key = state
        llh = log_lh_func(new_x)
        return log_lh_func(new_x) < thresh

    @jax.jit
    def ess_step_bodyfun(state):
        x, new_x, nu, thresh, lower, upper, rng_key = state
        theta_rng, rng_key = jrnd.split(rng_key, 2)
        theta = jrnd.uniform(theta_rng, minval=lower, maxval=upper)
        new_x = x * jnp.cos(theta) + nu * jnp.sin(theta)
        lower, upper = jax.lax.cond(theta < 0, lambda : (theta, upper), lambda : (lower, theta))
        return x, new_x, nu, thresh, lower, upper, rng_key

    @jax.jit
    def ess_step(x, rng_key):
        nu_rng, u_rng, theta_rng, rng_key = jrnd.split(rng_key, 4)
        nu = chol.T @ jrnd.normal(nu_rng, shape=x.shape)
        u = jrnd.uniform(u_rng)
        thresh = log_lh_func(x) + jnp.log(u)
        theta = jrnd.uniform(theta_rng, minval=0, maxval=2*jnp.pi)
        upper = theta
        lower = theta - 2 * jnp.pi
        new_x = x * jnp.cos(theta) + nu * jnp.sin(theta)
        _, new_x, _, _, _, _, _ = jax.lax.while_loop(
          ess_step_condfun,
          ess_step_bodyfun,
          (x, new_x, nu, thresh, lower, upper, rng_key)
        )
        return new_x

    @jax.jit
    def scanfunc(state, xs):
        x, rng_key = state
        step_key, rng_key = jrnd.split(rng_key, 2)
        x = ess_step(x, step_key)
        return (x, rng_key), x

    _, samples = jax.lax.scan(scanfunc, (x0, rng_key), None, num_samples)

    return samples


def gaussian_log_lh(x):
    return -0.5 * jnp.sum((x - 1.0) ** 2) / 0.3


@partial(jax.jit, static_argnums=(2,))
def f(x0, chol, num_samples, rng_key):
    return elliptical_slice_jax(x0, gaussian_log_lh, chol, num_samples, rng_key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    d = 4
    a = rng.normal(size=(d, d))
    cov = a @ a.T / d + 0.5 * np.eye(d)
    chol = np.linalg.cholesky(cov).T.astype(np.float32)   # upper factor, used as chol.T @ z
    x0 = rng.normal(size=d).astype(np.float32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    return (x0, chol, int(rng.integers(3, 7)), key)


INPUTS = make_inputs
