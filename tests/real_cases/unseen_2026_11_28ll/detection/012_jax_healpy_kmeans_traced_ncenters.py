"""jax-healpy KMeans with a traced number of clusters: `int(max(..., 10 * self.ncenters))` and sample shapes.

source: CMBSciPol/jax-healpy jax_healpy/clustering/_kmeans.py at 111b8b051c922e7a6c20eb1cc7152457e7d30476
    (code-index file id 20330246143): KMeansState, KMeans (sample_initial, kmeans_init, fit), cdist_radec,
    random_sample, xyz2radec, radec2xyz, atbound1, kmeans_sample. The sibling clustering/_clustering.py documents the
    limitation: get_clusters "Raises ... TracerBoolConversionError: If n_regions is a tracer and max_centroids is
    None" ("n_regions will have to be static and can no longer be a tracer").
error: TracerBoolConversionError
category: dynamic-shape
expect: report
notes: the module is verbatim (docstrings shortened); `from jaxtyping import Array` becomes `Array = jax.Array` and
    the `typing_extensions.Self` import is dropped (annotations only), as neither package is installed here. `f`
    calls kmeans_sample with a traced number of centres and max_centroids=None: the sample count
    `int(max(2 * np.sqrt(n), 10 * self.ncenters))` compares a tracer inside the builtin `max` and is then a shape,
    and `random_sample(center_key, ra_dec, self.ncenters)` needs the count as a shape too. The package's own way out
    (a static max_centroids with a mask) draws a different number of random samples, so it does not reproduce
    the eager result: report, not fix.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import NamedTuple, Optional

import jax
import numpy as np
from jax import lax
from jax import numpy as jnp
from jax import random as jr
from jax.numpy import arccos, arctan2, cos, deg2rad, newaxis, pi, rad2deg, sin, sqrt

Array = jax.Array
PRNGKey = Array

_TOL_DEF = 1.0e-5
_MAXITER_DEF = 100
_PIOVER2 = pi * 0.5


class KMeansState(NamedTuple):
    """Holds the state of the KMeans clustering process."""

    ra_dec: Array
    centroids: Array
    labels: Array
    mean_distance: Array
    previous_mean_distance: Array
    count: int


class KMeans:
    """KMeans clustering for spherical coordinates using JAX."""

    def __init__(
        self,
        ncenters: int,
        max_centroids: Optional[int] = None,
        tol: float = _TOL_DEF,
        maxiter: int = _MAXITER_DEF,
    ) -> None:
        self.ncenters = ncenters
        self.max_centroids = max_centroids
        self.tol = tol
        self.maxiter = maxiter

    def sample_initial(self, ra_dec: Array, key: PRNGKey) -> tuple[Array, Array]:
        """Sample initial data points and centroids."""
        if self.max_centroids is None:
            nsamples = int(max(2 * np.sqrt(ra_dec.shape[0]), 10 * self.ncenters))
        else:
            nsamples = int(max(2 * np.sqrt(ra_dec.shape[0]), 10 * self.max_centroids))

        sample_key, center_key = jr.split(key, 2)
        if nsamples > ra_dec.shape[0]:
            raise ValueError(
                'Requested centers are too large for the number of samples. '
                'Consider increasing the nside or decreasing the number of centers (or max_centroids)'
            )

        ra_dec_samples = random_sample(sample_key, ra_dec, nsamples)
        if self.max_centroids is None:
            centroids_samples = random_sample(center_key, ra_dec, self.ncenters)
        else:
            centroids_samples = random_sample(center_key, ra_dec, self.max_centroids)

        return ra_dec_samples, centroids_samples

    def kmeans_init(self, ra_dec: Array, centroids: Array) -> KMeansState:
        """Initialize the KMeans state."""
        return KMeansState(
            ra_dec=ra_dec,
            centroids=centroids,
            labels=jnp.zeros(ra_dec.shape[0], dtype=jnp.int32),
            mean_distance=jnp.inf,
            previous_mean_distance=0.0,
            count=0,
        )

    def fit(self, ra_dec: Array, centroids: Array) -> KMeansState:
        """Run the KMeans clustering algorithm."""
        centroid_mask = jnp.arange(centroids.shape[0]) < self.ncenters

        def kmeans_step(carry):
            ra_dec, indices, XYZ, state = carry
            Xs, Ys, Zs = XYZ

            state = state._replace(previous_mean_distance=state.mean_distance)

            distances = cdist_radec(ra_dec, state.centroids)
            if self.max_centroids is not None:
                distances = jnp.where(centroid_mask[None, :], distances, jnp.inf)
            labels = distances.argmin(axis=1).astype(jnp.int32)

            distances = distances[indices, labels]
            mean_distance = distances.mean()

            def for_loop_body(center_indx: int, carry: tuple[Array, Array]) -> tuple[Array, Array]:
                centroids, labels = carry
                mask = jnp.where(labels == center_indx, 1, 0)
                masked_X = mask * Xs
                masked_Y = mask * Ys
                masked_Z = mask * Zs
                mean_X = masked_X.sum() / mask.sum()
                mean_Y = masked_Y.sum() / mask.sum()
                mean_Z = masked_Z.sum() / mask.sum()

                current_centroid = centroids[center_indx]
                cdistance = xyz2radec(mean_X, mean_Y, mean_Z)
                new_centroid = jnp.where(jnp.isfinite(cdistance), cdistance, current_centroid)

                return centroids.at[center_indx].set(new_centroid), labels

            new_centroids, _ = lax.fori_loop(0, self.ncenters, for_loop_body, (state.centroids, labels))
            new_state = KMeansState(
                ra_dec=ra_dec,
                centroids=new_centroids,
                labels=labels,
                mean_distance=mean_distance,
                previous_mean_distance=state.previous_mean_distance,
                count=state.count + 1,
            )

            return ra_dec, indices, XYZ, new_state

        def kmeans_continue_criteria(carry) -> Array:
            _, _, _, state = carry

            converged = ((1 - self.tol) * state.previous_mean_distance <= state.mean_distance) & (
                state.previous_mean_distance >= state.mean_distance
            )
            return (state.count < self.maxiter) & (~converged)

        XYZ = radec2xyz(ra_dec[:, 0], ra_dec[:, 1])
        indices = jnp.arange(ra_dec.shape[0])

        init_state = self.kmeans_init(ra_dec, centroids)

        _, _, _, final_state = lax.while_loop(kmeans_continue_criteria, kmeans_step, (ra_dec, indices, XYZ, init_state))

        return final_state


def cdist_radec(a1: Array, a2: Array) -> Array:
    """Compute pairwise spherical distances between two sets of points."""
    ra1 = a1[:, 0][:, newaxis]
    dec1 = a1[:, 1][:, newaxis]
    ra2 = a2[:, 0]
    dec2 = a2[:, 1]

    phi1, theta1 = deg2rad(ra1), _PIOVER2 - deg2rad(dec1)
    phi2, theta2 = deg2rad(ra2), _PIOVER2 - deg2rad(dec2)

    sintheta1, sintheta2 = sin(theta1), sin(theta2)
    x1, y1, z1 = sintheta1 * cos(phi1), sintheta1 * sin(phi1), cos(theta1)
    x2, y2, z2 = sintheta2 * cos(phi2), sintheta2 * sin(phi2), cos(theta2)

    costheta = x1 * x2 + y1 * y2 + z1 * z2
    costheta = jnp.clip(costheta, -1.0, 1.0)
    return arccos(costheta)


def random_sample(key: PRNGKey, ra_dec: Array, nsamples: int) -> Array:
    """Randomly sample points from the RA/DEC array."""
    nra_dec = ra_dec.shape[0]
    indices = jr.choice(key, nra_dec, shape=(nsamples,), replace=False)
    return ra_dec[indices]


def xyz2radec(x: Array, y: Array, z: Array) -> Array:
    """Convert Cartesian coordinates to spherical (RA/DEC)."""
    r = sqrt(x**2 + y**2 + z**2)
    theta = arccos(z / r)
    phi = arctan2(y, x)
    ra = rad2deg(phi)
    dec = rad2deg(_PIOVER2 - theta)
    ra = atbound1(ra, 0.0, 360.0)
    return jnp.array([ra, dec])


def radec2xyz(ra: Array, dec: Array) -> tuple[Array, Array, Array]:
    """Convert spherical coordinates (RA/DEC) to Cartesian."""
    phi, theta = deg2rad(ra), _PIOVER2 - deg2rad(dec)
    sintheta = sin(theta)
    return sintheta * cos(phi), sintheta * sin(phi), cos(theta)


def atbound1(longitude_in: Array, minval: float, maxval: float) -> Array:
    """Ensure longitude is within specified bounds."""
    range_size = maxval - minval
    longitude = (longitude_in - minval) % range_size + minval
    return longitude


def kmeans_sample(
    key: PRNGKey,
    ra_dec: Array,
    ncenters: int,
    max_centroids: Optional[int] = None,
    tol: float = _TOL_DEF,
    maxiter: int = _MAXITER_DEF,
) -> KMeansState:
    """Perform KMeans clustering on RA/DEC data."""
    km = KMeans(ncenters, max_centroids, tol, maxiter)
    ra_dec_samples, centroids_samples = km.sample_initial(ra_dec, key)

    state = km.fit(ra_dec_samples, centroids_samples)
    state = km.fit(ra_dec, state.centroids)

    return state


@jax.jit
def f(key, ra_dec, ncenters):
    return kmeans_sample(key, ra_dec, ncenters).labels
# --- end user code ---


def make_inputs(rng):
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    ra = rng.uniform(0.0, 360.0, size=(400,))
    dec = np.degrees(np.arcsin(rng.uniform(-1.0, 1.0, size=(400,))))
    ra_dec = np.stack([ra, dec], axis=-1).astype(np.float32)
    ncenters = np.int32(rng.integers(2, 6))
    return (key, ra_dec, ncenters)


INPUTS = make_inputs
