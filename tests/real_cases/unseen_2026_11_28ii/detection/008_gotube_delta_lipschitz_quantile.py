"""GoTube's empirical-quantile Lipschitz bound: Python min() and int(jnp.floor(...)) on traced values.

source: GoTube (stochastic reachtube construction, "Algorithms of GoTube paper for safety region, probability and stoch. optimization"), go_tube optimisation module as held in code-index file id 38868366710 (compute_delta_lipschitz, get_diff_quotient_pairwise). In this revision the "without generalized extreme value distribution" branch is live; a later stored revision (code-index file id 39120040829) comments it out and switches to scipy's genextreme. The index does not name the repository.
error: ConcretizationTypeError
category: int-of-tracer / builtin-min-on-tracer / tracer-as-index
expect: fix
notes: Under jit the first failure is `int(jnp.floor(x.shape[0] / 2))` in get_diff_quotient_pairwise (jnp.floor of a static count is staged, so int() sees a tracer); with that fixed, `min(gamma_hat, 0.5)` and `min(1 - gamma_hat, max_quantile - epsilon)` raise TracerBoolConversionError and `int(jnp.floor((prob_quantile + epsilon) * number_of_maxima))` a ConcretizationTypeError, since gamma is traced. compute_delta_lipschitz and get_diff_quotient_pairwise copied as stored. Removed the dead lines that fit scipy.stats.genextreme and run kstest (their results, D_minus and rv_genextreme, are only used by the commented-out GEV branch) and `total_max` (only used by a commented-out plot), plus the module's other imports (pmap, polar_coordinates, Timer, log_stat). Entry point added: `f = jax.jit(compute_delta_lipschitz, static_argnums=(2,))` with the points, the per-point values and gamma traced; `axis` static. In the caller `optimize` gamma is `gamma_hat` derived from model.gamma, a float, so here it is simply traced. The fy values are one-dimensional, as in the later revision that reshapes fx.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def compute_delta_lipschitz(y_jax, fy_jax, axis, gamma):
    gamma_hat = 1 - jnp.sqrt(1 - gamma)
    diff_quotients = get_diff_quotient_pairwise(y_jax, fy_jax, axis)
    sample_size = diff_quotients.size
    number_of_elements_for_maximum = round(sample_size ** (1 / 4))  # m in Lemma 1, Theorem 2 and throughout paper

    diff_quotients_samples = \
        diff_quotients[:sample_size - sample_size % number_of_elements_for_maximum].reshape(-1,
                                                                                            number_of_elements_for_maximum)
    max_quotients = jnp.nanmax(diff_quotients_samples, axis=1)
    number_of_maxima = max_quotients.size  # n in Lemma 1
    print("number of samples for delta_lipschitz: ", number_of_maxima)
    alpha = min(gamma_hat, 0.5)
    epsilon = jnp.sqrt(jnp.log(1 / alpha) / (2 * number_of_maxima))

    max_quantile = 0.9999

    # # with generalized extreme value distribution
    # prob_quantile = min(1 - gamma_hat, max_quantile - epsilon - D_minus)
    # delta_lipschitz = rv_genextreme.ppf([prob_quantile + epsilon + D_minus])  # transformation of Eq. (S14)
    # prob_bound_lipschitz = (1 - gamma_hat) * prob_quantile

    # without generalized extreme value distribution
    max_quotients = jnp.sort(max_quotients)
    prob_quantile = min(1 - gamma_hat, max_quantile - epsilon)
    delta_lipschitz = max_quotients[int(jnp.floor((prob_quantile + epsilon) * number_of_maxima))]  # transformation of Eq. (S14)
    prob_bound_lipschitz = (1 - gamma_hat) * prob_quantile

    return delta_lipschitz, prob_bound_lipschitz


def get_diff_quotient_pairwise(x, fx, axis):
    x = jnp.reshape(x, (-1, x.shape[2]))  # reshape to get samples as first index and remove gpu dimension
    samples = int(jnp.floor(x.shape[0] / 2))
    x1 = x[::2][:samples]
    x2 = x[1::2][:samples]
    fx1 = fx[::2][:samples]
    fx2 = fx[1::2][:samples]
    distance = jnp.linalg.norm(x1 - x2, axis=axis)
    diff_quotients = abs(fx1 - fx2) / distance * (distance > 0)
    return diff_quotients


f = jax.jit(compute_delta_lipschitz, static_argnums=(2,))
# --- end user code ---

from functools import partial

import numpy as np

_GAMMAS = [0.02, 0.1, 0.3, 0.6, 0.9, 0.99]


def make_inputs(rng):
    y = rng.normal(size=(1, 64, 3)).astype(np.float32)
    fy = rng.normal(size=(64,)).astype(np.float32)
    gamma = np.float32(_GAMMAS[int(rng.integers(len(_GAMMAS)))])
    return (y, fy, 1, gamma)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(2,))
def reference_fix(y_jax, fy_jax, axis, gamma):
    gamma_hat = 1 - jnp.sqrt(1 - gamma)
    x = jnp.reshape(y_jax, (-1, y_jax.shape[2]))
    samples = x.shape[0] // 2
    x1 = x[::2][:samples]
    x2 = x[1::2][:samples]
    fx1 = fy_jax[::2][:samples]
    fx2 = fy_jax[1::2][:samples]
    distance = jnp.linalg.norm(x1 - x2, axis=axis)
    diff_quotients = abs(fx1 - fx2) / distance * (distance > 0)
    sample_size = diff_quotients.size
    m = round(sample_size ** (1 / 4))
    max_quotients = jnp.nanmax(diff_quotients[:sample_size - sample_size % m].reshape(-1, m), axis=1)
    n = max_quotients.size
    alpha = jnp.minimum(gamma_hat, 0.5)
    epsilon = jnp.sqrt(jnp.log(1 / alpha) / (2 * n))
    max_quotients = jnp.sort(max_quotients)
    prob_quantile = jnp.minimum(1 - gamma_hat, 0.9999 - epsilon)
    idx = jnp.floor((prob_quantile + epsilon) * n).astype(jnp.int32)
    return max_quotients[idx], (1 - gamma_hat) * prob_quantile
