"""JAX port of t-SNE's x2p: per-point `while |H - logU| > tol and tries < 50` binary search on beta, with `if` in update_beta.

source: public JAX t-SNE script in the code index (code-index file id 42591431273: compute_pairwise_distances, initialize_beta_values, @jit calculate_entropy_and_probabilities, update_beta, compute_pairwise_probabilities, compute_neighboring_indices, compute_low_dimensional_embedding; an earlier revision with the same loop is id 42650932743). The index does not name the repository. It ports van der Maaten's tsne.py x2p/Hbeta.
error: TracerBoolConversionError
category: while-on-traced-tolerance-with-counter
expect: fix
notes: compute_pairwise_distances, initialize_beta_values, calculate_entropy_and_probabilities,
  update_beta, compute_neighboring_indices and compute_pairwise_probabilities are verbatim apart
  from shortened docstrings (Args/Returns sections dropped); the unused matplotlib / numpy /
  jax.random imports are dropped. The
  script calls compute_pairwise_probabilities eagerly from compute_low_dimensional_embedding
  (whose gradient loop is already a lax.while_loop); the embedding loop, the preprocessing, the
  synthetic-data run and the plots are dropped, and `f = jax.jit(compute_pairwise_probabilities)`
  is the entry point. target_perplexity is passed per trial (below the number of neighbours so
  that both update_beta branches run; with 11 neighbours and the script's 30.0 only the
  `else` branch would).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit
from jax import lax
import jax


def compute_pairwise_distances(high_dimensional_data):
    """
    Compute pairwise distances between data points using JAX.
    """
    # Calculate pairwise distances using JAX
    pairwise_distances = jnp.sum((high_dimensional_data[:, None] - high_dimensional_data) ** 2, axis=-1)

    return pairwise_distances


def initialize_beta_values(num_data_points):
    """
    Initialize beta values for each data point.
    """
    return jnp.ones((num_data_points, 1))

@jit
def calculate_entropy_and_probabilities(pairwise_distances, beta=1.0):
    """
    Calculate entropy and probabilities from pairwise distances.
    """
    # Calculate probabilities using the formula: exp(-pairwise_distances * beta)
    probabilities = jnp.exp(-pairwise_distances * beta)

    # Calculate the sum of probabilities
    sum_of_probabilities = jnp.sum(probabilities)

    # Calculate entropy using the formula
    entropy = jnp.log(sum_of_probabilities) + beta * jnp.sum(
        pairwise_distances * probabilities) / sum_of_probabilities

    # Normalize probabilities
    probabilities /= sum_of_probabilities
    return entropy, probabilities


def update_beta(beta, entropy_difference, beta_min, beta_max):
    """
    Update the beta value based on entropy difference.
    """
    if entropy_difference > 0:
        beta_min = beta
        if beta_max == jnp.inf:
            beta = beta * 2.
        else:
            beta = (beta + beta_max) / 2.
    else:
        beta_max = beta
        if beta_min == -jnp.inf:
            beta = beta / 2.
        else:
            beta = (beta + beta_min) / 2.
    return beta, beta_min, beta_max



def compute_pairwise_probabilities(high_dimensional_data, tolerance=1e-5, target_perplexity=30.0, scaling_factor = 4.):
    num_data_points = high_dimensional_data.shape[0]
    pairwise_distances = compute_pairwise_distances(high_dimensional_data)
    pairwise_probabilities = jnp.zeros((num_data_points, num_data_points))
    beta_values = initialize_beta_values(num_data_points)
    log_target_perplexity = jnp.log(target_perplexity)

    for i in range(num_data_points):

        beta_min = -jnp.inf
        beta_max = jnp.inf
        distances_i = pairwise_distances[i, compute_neighboring_indices(i, num_data_points)]
        entropy, this_probabilities = calculate_entropy_and_probabilities(distances_i, beta_values[i])
        entropy_difference = entropy - log_target_perplexity
        num_tries = 0
        while jnp.abs(entropy_difference) > tolerance and num_tries < 50:
            beta_value = beta_values[i]
            beta_value, beta_min, beta_max = update_beta(beta_value, entropy_difference, beta_min, beta_max)
            beta_values = beta_values.at[i].set(beta_value)
            entropy, this_probabilities = calculate_entropy_and_probabilities(distances_i, beta_values[i])
            entropy_difference = entropy - log_target_perplexity
            num_tries += 1

        pairwise_probabilities = pairwise_probabilities.at[i, compute_neighboring_indices(i, num_data_points)].set(
            this_probabilities)

    pairwise_probabilities += jnp.transpose(pairwise_probabilities)
    pairwise_probabilities /= jnp.sum(pairwise_probabilities)
    pairwise_probabilities *= scaling_factor

    # Apply element-wise maximum using JAX
    pairwise_probabilities = jnp.maximum(pairwise_probabilities, 1e-12)

    return pairwise_probabilities


def compute_neighboring_indices(i, num_data_points):
    """
    Compute indices of neighboring data points.
    """
    return jnp.concatenate((jnp.arange(i), jnp.arange(i + 1, num_data_points)))


f = jax.jit(compute_pairwise_probabilities)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    centers = rng.normal(scale=2.0, size=(3, 3))
    data = centers[rng.integers(0, 3, size=n)] + 0.5 * rng.normal(size=(n, 3))
    tol = np.float32(1e-5)
    perplexity = np.float32(rng.uniform(2.0, 8.0))
    return (data.astype(np.float32), tol, perplexity)


INPUTS = make_inputs


@jax.jit
def reference_fix(high_dimensional_data, tolerance=1e-5, target_perplexity=30.0, scaling_factor=4.):
    n = high_dimensional_data.shape[0]
    D = compute_pairwise_distances(high_dimensional_data)
    log_u = jnp.log(target_perplexity)
    # row i without its diagonal entry, in the original column order
    idx = jnp.array([[j for j in range(n) if j != i] for i in range(n)])
    Di = jnp.take_along_axis(D, idx, axis=1)

    def search(d):
        beta0 = jnp.ones((1,))
        H, P = calculate_entropy_and_probabilities(d, beta0)

        def cond_fn(c):
            beta, bmin, bmax, H, P, tries = c
            return jnp.logical_and(jnp.abs(H - log_u)[0] > tolerance, tries < 50)

        def body_fn(c):
            beta, bmin, bmax, H, P, tries = c
            diff = H - log_u
            up = diff[0] > 0
            nb_up = jnp.where(bmax == jnp.inf, beta * 2., (beta + bmax) / 2.)
            nb_dn = jnp.where(bmin == -jnp.inf, beta / 2., (beta + bmin) / 2.)
            new_bmin = jnp.where(up, beta, bmin)
            new_bmax = jnp.where(up, bmax, beta)
            beta = jnp.where(up, nb_up, nb_dn)
            H, P = calculate_entropy_and_probabilities(d, beta)
            return beta, new_bmin, new_bmax, H, P, tries + 1

        init = (beta0, jnp.full((1,), -jnp.inf), jnp.full((1,), jnp.inf), H, P, 0)
        return lax.while_loop(cond_fn, body_fn, init)[4]

    rows = jax.vmap(search)(Di)
    P = jnp.zeros((n, n)).at[jnp.arange(n)[:, None], idx].set(rows)
    P = P + P.T
    P = P / jnp.sum(P)
    P = P * scaling_factor
    return jnp.maximum(P, 1e-12)
