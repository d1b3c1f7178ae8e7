"""JAX k-means: the cluster count is read back from the data (assignments.max() + 1) and used as a length.

source: AdamOrmondroyd/clustering clustering/clax.py at 2b14ba9ebd03c09644b9b95e0c0597be12ffa639 (code-index file
  id 66695526671): distance_2, p_distance_2, kmeans_plusplus_initialiser, assign, update_centres, kmeans and the
  `_pc_kmeans = partial(kmeans, ...)` the package's X-means driver calls for k = 1 .. max_k.
error: ConcretizationTypeError
category: traced-shape (length / num_segments from a traced max)
expect: report
notes: the functions and _pc_kmeans are verbatim (bic, xmeans, pc_xmeans, the `clustering.relabel` import and the
  plotting __main__ are dropped). Entry point added: `f = jax.jit(_pc_kmeans, static_argnums=(2,))`, i.e. jitting
  the whole k-means run with k static, which the module already does piecewise (distance_2, assign and bic are
  @jax.jit). update_centres sets `k = assignments.max() + 1` and passes it as `length=` to jnp.bincount and as
  num_segments to segment_sum, so under jit the size of every centre array depends on the data. Eagerly the
  number of centres shrinks whenever the highest-numbered cluster empties, and the next iteration then runs with
  fewer centres: the output shape is data-dependent, so the leak should be reported; threading the static k
  through would change that behaviour.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial
import numpy as np
import jax
from jax import numpy as jnp


@jax.jit
def distance_2(x, centres):
    """
    Calculate the probability of each x being chosen as a new centre.

    Probability is proportional to the distance squared from the nearest centre.

    """
    # subtract every x(num_x, ndims) from every centre(num_centres, ndims)
    distances = x[:, None] - centres[None, :]

    distance_2s = jnp.sum(distances ** 2, axis=2)
    # get the minimum distance2 for each x
    return jnp.min(distance_2s, axis=1)


@jax.jit
def p_distance_2(x, centres):
    # return the normalised distance2
    distance_2s = distance_2(x, centres)
    return distance_2s / jnp.sum(distance_2s, axis=0)


def kmeans_plusplus_initialiser(key, x, k):

    centres = jnp.zeros((k, x.shape[1]))

    key, subkey = jax.random.split(key)
    centres = centres.at[0].set(x[jax.random.choice(subkey, x.shape[0])])

    def update_centres(i, carry):
        key, centres, x = carry
        key, subkey = jax.random.split(key)
        p = p_distance_2(x, centres)
        new_centre = x[jax.random.choice(subkey, x.shape[0], p=p)]
        centres = centres.at[i].set(new_centre)

        return key, centres, x
    key, centres, x = jax.lax.fori_loop(1, k, update_centres, (key, centres, x))

    return centres


@jax.jit
def assign(x, centres):
    # assign each x to the nearest centre
    distances = x[:, None] - centres[None, :]
    distance_2s = jnp.sum(distances ** 2, axis=2)
    assignments = jnp.argmin(distance_2s, axis=1)
    return assignments


def update_centres(x, assignments):
    k = assignments.max() + 1
    cluster_counts = jnp.bincount(assignments, length=k)
    cluster_sums = jax.ops.segment_sum(x, assignments, k)
    centroids = cluster_sums / cluster_counts[:, None]

    centroids = jnp.where(jnp.isnan(centroids), 0, centroids)
    return centroids


def kmeans(key, x, k, kmeans_plusplus_initialiser, assign, update_centres, max_iter=100):
    centres = kmeans_plusplus_initialiser(key, x, k)
    for i in range(max_iter):
        assignments = assign(x, centres)
        # update the centres
        centres = update_centres(x, assignments)
        # assert jnp.allclose(centroids, centres, atol=1e-3)
    return centres, assignments


_pc_kmeans = partial(
    kmeans,
    kmeans_plusplus_initialiser=kmeans_plusplus_initialiser,
    assign=assign,
    update_centres=update_centres,
)

f = jax.jit(_pc_kmeans, static_argnums=(2,))
# --- end user code ---


def make_inputs(rng):
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)   # a raw PRNGKey
    x = np.vstack([rng.normal(size=(40, 2)), rng.normal(size=(40, 2)) * 2 + 10]).astype(np.float32)
    return (key, x, 3)


INPUTS = make_inputs
