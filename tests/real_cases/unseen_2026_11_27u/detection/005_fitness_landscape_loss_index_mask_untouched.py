"""Fitness-landscape regression: `loss.at[mask].set(0.0)` under `if mask is not None`, where `mask` holds integer indices.

source: code-index file id 59857375770 (a JAX/jaxopt script by Meaghan Parks, "Created on Mon Mar  2 12:39:47 2026", with classes `landscape` (simulate_dataset, calculate_fitness) and `RegressionProblem` (get_parameter_vector, reconstruct_ZP, loss_function) and the functions regress_LBFGS and run_leave_out_env_cv, followed by McFarland-lab tumour-enrichment CSV analysis); the index does not name the repository
error: none
category: negative
expect: untouched
notes: the two classes are verbatim; `jaxopt.loss.huber_loss` is replaced by a stand-in with jaxopt's definition (jaxopt is not installed), and the script part (CSV loading, plotting, regress_LBFGS / run_leave_out_env_cv) is left out. In the script `regress_LBFGS` hands `regression_obj.loss_function` to `jaxopt.LBFGS` (which jits it) with `mask=test_indices_flat`, an integer index array from run_leave_out_env_cv; here `f = jax.jit(regression_obj.loss_function)` stands for that. It looks like a boolean-mask `.at[mask]` leak and a traced `if`, but `mask is not None` is a static pytree check and integer-array `.at[...].set` is fine under jit; rewriting it to `jnp.where(mask, ...)` would change the result.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


class jaxopt:  # stand-in for jaxopt.loss.huber_loss (jaxopt's own definition)
    class loss:
        @staticmethod
        def huber_loss(target, pred, delta=1.0):
            abs_diff = jnp.abs(target - pred)
            return jnp.where(abs_diff > delta,
                             delta * (abs_diff - .5 * delta),
                             0.5 * abs_diff ** 2)


class landscape:
    def __init__(self, C=3, D=1, M=28, scale=1, CONSTRAIN_ROTATION=True):
        self.C = C
        self.D = D
        self.M = M
        self.scale = scale
        self.CONSTRAIN_ROTATION = CONSTRAIN_ROTATION

    def simulate_dataset(self, key, noise=0):
        key, key_z = random.split(key)
        Z = random.normal(key_z, (self.C, self.D))
        key, key_p = random.split(key)
        P = random.normal(key_p, (self.M, self.D))

        if self.CONSTRAIN_ROTATION:
            P = jnp.tril(P, -1)
            P = P.at[jnp.triu_indices_from(P,-1)].set(jnp.abs(P[jnp.triu_indices_from(P,-1)]))
        return key, Z, P

    def calculate_fitness(self, Z, P, X):
        tiledZ = jnp.tile(Z, (self.M, 1))
        repedP = jnp.repeat(P, self.C, axis=0)
        repMutant = tiledZ + repedP
        # Vectorized fitness calculation
        Fitness = X * (jnp.exp(-jnp.einsum('cd,cd->c', repMutant, repMutant) / 2))
        return jnp.log(Fitness)

class RegressionProblem:
    def __init__(self, landscape_obj, C=3, D=1, M=28, CONSTRAIN_ROTATION=True):
        self.landscape = landscape_obj
        self.C = C
        self.D = D
        self.M = M
        self.CONSTRAIN_ROTATION = CONSTRAIN_ROTATION

    def get_parameter_vector(self, Z, P, X):
        if self.CONSTRAIN_ROTATION:
            P_flat = P[jnp.tril_indices_from(P, -1)]
        else:
            P_flat = jnp.ravel(P)
        Z_flat = jnp.ravel(Z)
        X_val = jnp.atleast_1d(X)
        return jnp.concatenate([X_val, Z_flat, P_flat])

    def reconstruct_ZP(self, parameter_vector, D):
        X = parameter_vector[0]
        Z = parameter_vector[1 : self.C*self.D + 1].reshape((self.C, self.D))

        if self.CONSTRAIN_ROTATION:
            P = jnp.zeros((self.M, self.D))
            tril_indices = jnp.tril_indices_from(P, -1)
            P = P.at[tril_indices].set(parameter_vector[self.C*self.D + 1:])
            # Enforce rotation constraint
            P = P.at[jnp.triu_indices_from(P, -1)].set(jnp.abs(P[jnp.triu_indices_from(P, -1)]))
        else:
            P = parameter_vector[-(self.M * self.D):].reshape((self.M, self.D))
        return Z, P, X

    def loss_function(self, parameter_vector, observed_fitness, norm, mask=None):
        Z, P, X = self.reconstruct_ZP(parameter_vector, self.D)
        predicted_fitness = self.landscape.calculate_fitness(Z, P, X)

        obs_flat = observed_fitness.ravel()
        pred_flat = predicted_fitness.ravel()
        norm_flat = norm.ravel()

        # LOGARITHMIC WEIGHTING: Scale residuals by the log-error (delta_z)
        # This ensures error bars are symmetric in log-space per the Stuve PDF.
        weighted_residuals = (obs_flat - pred_flat) / norm_flat

        loss = jaxopt.loss.huber_loss(weighted_residuals, jnp.zeros_like(weighted_residuals))

        if mask is not None:
            loss = loss.at[mask].set(0.0)

        return loss.sum()


landscape_obj = landscape()
regression_obj = RegressionProblem(landscape_obj)
f = jax.jit(regression_obj.loss_function)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    C, D, M = 3, 1, 28
    n_tril = M - 1  # tril_indices_from((M, D), -1) with D == 1
    params = np.concatenate([
        [rng.uniform(0.5, 2.0)],             # X > 0 (log of the fitness)
        rng.normal(size=C * D),
        np.abs(rng.normal(size=n_tril)),
    ]).astype(np.float32)
    obs = rng.normal(-1.0, 1.5, size=(C, M)).astype(np.float32)
    norm = rng.uniform(0.2, 1.5, size=(C, M)).astype(np.float32)
    # held-out entries of one environment, as run_leave_out_env_cv builds them
    env = int(rng.integers(0, C))
    k = int(rng.integers(1, 12))
    test = rng.permutation(M)[:k]
    mask = (env * M + test).astype(np.int32)
    return (params, obs, norm, mask)


INPUTS = make_inputs
