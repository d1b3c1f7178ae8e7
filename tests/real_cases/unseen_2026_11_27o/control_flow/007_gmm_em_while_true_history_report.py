"""Gaussian-mixture EM from a NumPy-to-JAX course: `while True` until the log-likelihood settles, with float(), np.log and a growing history list.

source: IanQS/numpy_to_jax case_studies/gaussian_mixture_model/additional_gmm.py at 5994c77bab4b25398d94c3d5cbae4289b68d2f93 (gaussian_pdf, log_likelihood, _loglikelihood_gaussian, ll_gaussian, calculate_normalizer, e_step, _m_step_single, _m_step, m_step, EM_GMM)
error: TracerArrayConversionError
category: while-true-break-history-list
expect: report
notes: Verbatim (docstrings shortened), with two changes. The sklearn make_blobs helpers at
  the end are dropped and `f = jax.jit(EM_GMM, static_argnames=...)` is added. And
  `np.log(mixture_likelihood)` became `np.log(mixture_likelihood[0])`: the value has shape
  (1,), and current NumPy refuses `float()` on a 1-element 1-D array, so the eager original
  would otherwise fail at `float(...)`. In the course, EM_GMM runs eagerly around
  jitted E and M steps. Under jit, the first error is `np.log(mixture_likelihood)` on a
  traced value (TracerArrayConversionError). Behind it are `float(log_likelihood(...))`
  (ConcretizationTypeError) and `if np.abs(...) < TOL: break` inside `while True`. The last
  output, `ll_container[1:]`, is a list with one entry per EM iteration, so its length
  depends on the data: no jit-safe rewrite keeps the return value, hence report. The
  clusters in make_inputs are well separated, so the eager run converges exactly in a few
  iterations.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
import numpy as np


# We use a jit to speed up the function. a `jit` + `vmap` should achieve the same performance
@jax.jit
def gaussian_pdf(coor: jnp.array, mu_k: jnp.array, sigma_k: jnp.array) -> jnp.array:
    # PDF formula from: https://en.wikipedia.org/wiki/Multivariate_normal_distribution
    k = len(mu_k)
    t1 = (2 * jnp.pi) ** (-k / 2)
    t2 = jnp.linalg.det(sigma_k) ** (-0.5)

    inv = jnp.linalg.inv(sigma_k)
    diff = coor - mu_k
    to_exp = -0.5 * jnp.sum(diff @ inv * diff, axis=1)

    to_ret = t1 * t2 * jnp.exp(to_exp)

    assert len(to_ret) == len(coor)
    return to_ret

def log_likelihood(data, mu, sigma, pi, K):
    log_likelihood = 0
    for data_point in data:
        mixture_likelihood = 0
        for k in range(K):
            v = pi[k] * gaussian_pdf(
                jnp.expand_dims(data_point, axis=0), mu_k=mu[k], sigma_k=sigma[k]
            )
            mixture_likelihood += v
        log_likelihood += np.log(mixture_likelihood[0])

    return log_likelihood


@jax.jit
def _loglikelihood_gaussian(x_i: jnp.array, cls_prior_k: jnp.array, mu_k: jnp.array, sigma_k: jnp.array) -> jnp.array:
    """
    Calculate the LL for a single point
    """
    k = len(mu_k)
    sigma_inv = jnp.linalg.inv(sigma_k)
    sigma_det = jnp.linalg.det(sigma_k)
    log_det_sigma = jnp.log(sigma_det)

    diff = x_i - mu_k
    t1 = -0.5 * k * jnp.log(2 * jnp.pi)
    t2 = -0.5 * log_det_sigma
    t3 = -0.5 * diff @ sigma_inv @ diff

    return t1 + t2 + t3 + jnp.log(cls_prior_k)


@jax.jit
def ll_gaussian(X, cls_prior_k, mu_k, sigma_k):
    return jax.vmap(
        fun=_loglikelihood_gaussian,
        in_axes=(0, None, None, None)
    )(X, cls_prior_k, mu_k, sigma_k)

@jax.jit
def calculate_normalizer(log_prob_arr: jnp.ndarray) -> jnp.ndarray:
    """
    For the log-sum-exp
    """
    _max = jnp.max(log_prob_arr, axis=0)
    return _max + jnp.log(jnp.sum(
        jnp.exp(log_prob_arr - _max),
        axis=0
    ))


@jax.jit
def e_step(X, mus, sigmas, cls_priors):
    ll_gaussian_over_parameters = jax.vmap(
        ll_gaussian,
        in_axes=(None, 0, 0, 0)
    )
    _responsibilities = ll_gaussian_over_parameters(X, cls_priors, mus, sigmas)
    normalizer = calculate_normalizer(_responsibilities)
    return jnp.exp(_responsibilities - normalizer).T[0]

@jax.jit
def _m_step_single(x_i, mu_k, resp_nk):
    """
    Calculate the individual values for mu and sigma
    """

    mu_new = x_i * resp_nk
    diff = x_i - mu_k
    sigma_new = resp_nk * jnp.outer(diff, diff)
    return mu_new, sigma_new

@jax.jit
def _m_step(X, mu_k, resp_k):
    N_k = jnp.sum(resp_k)
    to_ave_mus, to_ave_sigmas = jax.vmap(
        _m_step_single,
        in_axes=(0, None, 0)
    )(X, mu_k, resp_k)

    mus = jnp.sum(to_ave_mus, axis=0) / N_k
    sigmas = jnp.sum(to_ave_sigmas, axis=0) / N_k
    cls_prior = N_k / len(X)
    return mus, sigmas, cls_prior

@jax.jit
def m_step(X, mus, responsibilities):
    mus, sigmas, cls_prior = jax.vmap(
        _m_step,
        in_axes=(None, 0, 1)
    )(X, mus, responsibilities)

    return mus, sigmas, jnp.expand_dims(cls_prior, -1)


def EM_GMM(
        data: np.ndarray,
        guess_num_classes,
        # Initial guesses
        mus, sigmas, cls_probs,

        verbose=False

):
    counter = 0
    ll_container = []
    TOL = 0.00001
    ll_container.append(np.inf)

    while True:  # Run until converges
        # e-step
        responsibilities = e_step(data, mus, sigmas, cls_probs)

        # m-step
        mus, sigmas, cls_probs = m_step(data, mus, responsibilities)
        # Recalculate the log-likelihood
        ll_curr = float(log_likelihood(data, mus, sigmas, cls_probs, guess_num_classes))

        if np.abs(ll_container[-1] - ll_curr) < TOL:
            print(f"Converged to within {TOL} after: {counter} iterations")
            break

        ll_container.append(float(ll_curr))
        if verbose:
            print(f"Data Log-Likelihood at iteration: {counter} = {ll_curr:.6f}")
        counter += 1

    responsibilities = e_step(data, mus, sigmas, cls_probs)
    return mus, sigmas, cls_probs.T, responsibilities.T, ll_container[1:]


f = jax.jit(EM_GMM, static_argnames=("guess_num_classes", "verbose"))
# --- end user code ---


def make_inputs(rng):
    centers = np.array([[1.0, -1.0], [8.0, 7.0]])
    sizes = [8, 12]
    data = np.concatenate([c + 0.5 * rng.normal(size=(n, 2)) for c, n in zip(centers, sizes)])
    # initial guesses within 10% of the true centers, as in the course's make_ds
    mus = centers + centers * (rng.integers(0, 20, size=centers.shape) - 10) / 100
    sigmas = np.stack([np.eye(2), np.eye(2)])
    cls_probs = np.full((2, 1), 0.5)
    return (data.astype(np.float32), 2, mus.astype(np.float32),
            sigmas.astype(np.float32), cls_probs.astype(np.float32))


INPUTS = make_inputs
