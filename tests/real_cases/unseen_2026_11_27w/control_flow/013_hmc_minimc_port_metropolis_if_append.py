"""A JAX port of a minimal HMC sampler: the Metropolis test `if jnp.log(uniform) < start_log_p - new_log_p` picks which sample is appended, inside a loop over momentum draws.

source: code-index file id 22680390622 (a script defining a jitted `leapfrog(q, p, dVdq, path_len, step_size)`, `HMC(rng_key, n_samples, negative_log_prob, grad_neg_log_prob, initial_position, path_len, step_size)` and a `main()` that samples a Bayesian linear-regression posterior and compares with TFP's NUTS; it follows the layout of Colin Carroll's minimc; the index does not name its repository)
error: TracerBoolConversionError
category: for-per-step-accept
expect: fix
notes: leapfrog and HMC are verbatim. `tqdm` is not installed: a pass-through stand-in `tqdm = lambda it: it` replaces the import; matplotlib and TFP imports (used only by main's plots and NUTS comparison) are dropped. `neg_log_posterior` is lifted verbatim out of main(), and the jitted entry point `f(rng_key, x, y)` repeats main's setup (partial over the data, jax.grad with argnums=(0,), a zero initial position) with n_samples=20, path_len=1 and step_size=0.25 (main uses 500 samples and step_size=0.01, which is too slow to run eagerly 20 times). The data are drawn per trial; with step_size=0.25 about 4% of the proposals are rejected over the 20 trials, so both branches of the Metropolis test run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from functools import partial

tqdm = lambda it: it


@partial(jax.jit, static_argnums=(2, 3, 4))
def leapfrog(q, p, dVdq, path_len, step_size):
    """Leapfrog integrator for Hamiltonian Monte Carlo.
    Parameters
    ----------
    q : np.floatX
        Initial position
    p : np.floatX
        Initial momentum
    dVdq : callable
        Gradient of the velocity
    path_len : float
        How long to integrate for
    step_size : float
        How long each integration step should be
    Returns
    -------
    q, p : np.floatX, np.floatX
        New position and momentum
    """
    q, p = jnp.copy(q), jnp.copy(p)

    p -= step_size * dVdq(q)[0] / 2  # half step
    for _ in range(int(path_len / step_size) - 1):
        q += step_size * p  # whole step
        p -= step_size * dVdq(q)[0]  # whole step
    q += step_size * p  # whole step
    p -= step_size * dVdq(q)[0] / 2  # half step

    # momentum flip at end
    return q, -p


def HMC(rng_key, n_samples, negative_log_prob, grad_neg_log_prob, initial_position, path_len, step_size):
    """Run Hamiltonian Monte Carlo sampling.
    Parameters
    ----------
    n_samples : int
        Number of samples to return
    negative_log_prob : callable
        The negative log probability to sample from
    initial_position : np.array
        A place to start sampling from.
    path_len : float
        How long each integration path is. Smaller is faster and more correlated.
    step_size : float
        How long each integration step is. Smaller is slower and more accurate.

    Returns
    -------
    np.array
        Array of length `n_samples`.
    """
    # autograd magic

    # collect all our samples in a list
    samples = [initial_position]

    # Keep a single object for momentum resampling
    momentum = jax.random.normal(rng_key, shape=(n_samples,) + initial_position.shape[:1])

    # If initial_position is a 10d vector and n_samples is 100, we want
    # 100 x 10 momentum draws. We can do this in one call to momentum.rvs, and
    # iterate over rows
    for p0 in tqdm(momentum):
        p0 = p0[:, None]
        # Integrate over our path to get a new position and momentum
        q_new, p_new = leapfrog(
            samples[-1],
            p0,
            grad_neg_log_prob,
            path_len=path_len,
            step_size=step_size,
        )

        # Check Metropolis acceptance criterion
        start_log_p = negative_log_prob(samples[-1]) + 0.5 * jnp.sum((p0 * p0).sum())
        new_log_p = negative_log_prob(q_new) + 0.5 * jnp.sum((p_new * p_new).sum())
        rng_key, _ = jax.random.split(rng_key)
        if jnp.log(jax.random.uniform(rng_key)) < start_log_p - new_log_p:
            samples.append(q_new)
        else:
            samples.append(jnp.copy(samples[-1]))

    return jnp.array(samples[1:])


def neg_log_posterior(w, x, y):
    log_prior_w = jax.scipy.stats.norm.logpdf(w, 0., 1.).sum()
    log_likelihood = jax.scipy.stats.norm.logpdf(y - x @ w, 0., 1.0).sum()
    return -(log_prior_w + log_likelihood).squeeze()


@jax.jit
def f(rng_key, x, y):
    negative_log_prob = partial(neg_log_posterior, x=x, y=y)
    grad_neg_log_prob = jax.grad(negative_log_prob, argnums=(0,))
    initial_position = jnp.array([[0.0, 0.0]]).T
    return HMC(rng_key, 20, negative_log_prob, grad_neg_log_prob,
               initial_position, path_len=1, step_size=0.25)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    num = 30
    x = rng.uniform(-1.0, 1.0, size=(num, 2)).astype(np.float32)
    w = rng.normal(size=(2, 1)).astype(np.float32)
    y = (x @ w + rng.normal(size=(num, 1))).astype(np.float32)
    return (key, x, y)


INPUTS = make_inputs


@jax.jit
def reference_fix(rng_key, x, y):
    negative_log_prob = partial(neg_log_posterior, x=x, y=y)
    grad_neg_log_prob = jax.grad(negative_log_prob, argnums=(0,))
    initial_position = jnp.array([[0.0, 0.0]]).T
    n_samples, path_len, step_size = 20, 1, 0.25
    momentum = jax.random.normal(rng_key, shape=(n_samples,) + initial_position.shape[:1])

    def body(carry, p0):
        q, key = carry
        p0 = p0[:, None]
        q_new, p_new = leapfrog(q, p0, grad_neg_log_prob, path_len=path_len, step_size=step_size)
        start_log_p = negative_log_prob(q) + 0.5 * jnp.sum((p0 * p0).sum())
        new_log_p = negative_log_prob(q_new) + 0.5 * jnp.sum((p_new * p_new).sum())
        key, _ = jax.random.split(key)
        accept = jnp.log(jax.random.uniform(key)) < start_log_p - new_log_p
        q = jnp.where(accept, q_new, q)
        return (q, key), q

    _, samples = lax.scan(body, (initial_position, rng_key), momentum)
    return samples
