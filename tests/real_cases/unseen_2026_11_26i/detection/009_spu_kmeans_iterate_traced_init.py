"""secretflow/spu's JAX k-means, built and fitted inside the traced function: loops over a traced index array, attributes stored on a local object, static-length loops.

source: secretflow/spu sml/cluster/kmeans.py at 143d4f5fca7eb791e0a460d80369e40bf333d970 (KMEANS, _kmeans_single, _kmeans_plusplus_single, _euclidean_distances, _inertia) with `proc` from sml/cluster/tests/kmeans_test.py at 0d5b8d977d9933973e872082f55ef58a0f4a0403 (test_kmeans)
error: none
category: negative-iterate-traced-array-and-self-attributes
expect: untouched
notes: kmeans.py is verbatim. `proc` is test_kmeans's function (KMEANS(n_clusters=2, n_samples=x.shape[0], init="random", max_iter=10), fit then predict); it is jitted with jax.jit and bound to `f` instead of being run through SPU's simulator (spsim.sim_jax). Looks like a leak but is not: the model object is created inside the trace (its init_params come from jax.random under jit, so `for i in self.init_params` iterates over a traced array of static length, which is fine), `self._centers` is set and read within the same trace on an object that does not outlive it, and `jnp.tile(C, (n_clusters, 1))` and `range(max_iter)` use static Python ints. Inputs are two well-separated blobs split by columns, as in the test.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
# Copyright 2023 Ant Group Co., Ltd.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#   http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

import jax
import jax.numpy as jnp
import math

def _kmeans_plusplus_single(
    X,
    n_clusters,
    init_center_id, 
    init_params
):
    x_squared_norms = jnp.einsum("ij,ij->i", X, X)
    # centers = jnp.empty((n_clusters, X.shape[1]), dtype=X.dtype)
    centers = X[init_center_id][jnp.newaxis,:]
    closest_dist_sq = _euclidean_distances(
        centers, X, Y_norm_squared=x_squared_norms
    )
    current_pot = jnp.sum(closest_dist_sq)

    for c in range(1, n_clusters):
        rand_vals = init_params[c - 1, :] * current_pot
        bin = jnp.cumsum(closest_dist_sq)
        def searchsorted_element(x):
            encoding = jnp.where(x >= bin[0:-1], 1, 0)
            return jnp.sum(encoding)
        candidate_ids = jax.vmap(searchsorted_element)(rand_vals)
        distance_to_candidates = _euclidean_distances(
            X[candidate_ids], X, Y_norm_squared=x_squared_norms
        )
        distance_to_candidates = jnp.minimum(closest_dist_sq, distance_to_candidates)
        candidates_pot = jnp.sum(distance_to_candidates, axis=1).reshape(-1, 1)
        best_candidate = jnp.argmin(candidates_pot)
        current_pot = candidates_pot[best_candidate]
        closest_dist_sq = distance_to_candidates[best_candidate, :]
        best_candidate = candidate_ids[best_candidate]
        centers = jnp.concatenate([centers, X[best_candidate][jnp.newaxis,:]], axis=0)
    return centers
 

def _euclidean_distances(X, Y, Y_norm_squared):
    XX = jnp.einsum("ij,ij->i", X, X)[:, jnp.newaxis]
    YY = Y_norm_squared.reshape(1, -1)
    distances = -2 * jnp.dot(X, Y.T) + XX + YY
    return jnp.maximum(distances, 0)

def _kmeans_single(
    x,
    centers,
    n_clusters,
    max_iter=300,
):
    for _ in range(max_iter):
        C = x.reshape((1, x.shape[0], x.shape[1])) - centers.reshape(
            (centers.shape[0], 1, centers.shape[1])
        )
        C = jnp.argmin(jnp.sum(jnp.square(C), axis=2), axis=0)
        S = jnp.tile(C, (n_clusters, 1))
        ks = jnp.arange(n_clusters)
        aligned_array_raw = (S.T - ks).T
        aligned_array = jnp.equal(aligned_array_raw, 0)

        centers_raw = x.reshape(
            (1, x.shape[0], x.shape[1])
        ) * aligned_array.reshape(
            (aligned_array.shape[0], aligned_array.shape[1], 1)
        )
        equals_sum = jnp.sum(aligned_array, axis=1)
        centers_sum = jnp.sum(centers_raw, axis=1)
        centers = jnp.divide(centers_sum.T, equals_sum).T
    return centers

def _inertia(x, centers):
    C = x.reshape((1, x.shape[0], x.shape[1])) - centers.reshape(
            (centers.shape[0], 1, centers.shape[1])
        )
    distance =  jnp.sum(jnp.square(C), axis=2)
    return jnp.sum(jnp.min(distance, axis=0))

class KMEANS:
    """
    Parameters
    ----------
    n_clusters : int
        The number of clusters to form as well as the number of
        centroids to generate.

    n_samples : int
        The number of samples.

    max_iter : int, default=300
        Maximum number of iterations of the k-means algorithm for a
        single run.

    """

    def __init__(self, n_clusters, n_samples, init="random", init_params=None, n_init=1, max_iter=300):
        ### if init is array like, then n_init will be set to 1. init is array with shape (n_clusters, n_features)
        self.n_clusters = n_clusters
        self.max_iter = max_iter
        self.init = init
        self.n_init = n_init

        if init == "k-means++":
            ### if the n_init is 1, reduce the dimension of init_params to eliminate the reshape operations
            if n_init == 1:
                self.init_center_id = jax.random.choice(jax.random.PRNGKey(1), n_samples)
                # self.init_params = jax.random.uniform(
                #     jax.random.PRNGKey(1), shape=(self.n_clusters-1, 2 + int(math.log(n_clusters))))
                self.init_params = init_params
            else:
                self.init_center_id = jax.random.choice(
                    jax.random.PRNGKey(1), n_samples, shape=[n_init]
                )
                # self.init_params = jax.random.uniform(
                #     jax.random.PRNGKey(1), shape=(n_init, self.n_clusters-1, 2 + int(math.log(n_clusters))))
                self.init_params = init_params
        elif init == "random":
            ### if the n_init is 1, reduce the dimension of init_params to eliminate the reshape operations
            if n_init == 1:
                self.init_params = jax.random.randint(
                    jax.random.PRNGKey(1), shape=[self.n_clusters], minval=0, maxval=n_samples
                )
            else:
                self.init_params = jax.random.randint(
                    jax.random.PRNGKey(1), shape=[n_init, self.n_clusters], minval=0, maxval=n_samples
                )
        else:
            ### If init is array like, then n_init will be set to 1.
            self.n_init = 1

        self._centers = jnp.zeros(())

    def fit(self, x):
        """Fit KMEANS.

        Firstly, randomly select the initial centers. Then calculate the distance between each sample and each center,
        and assign each sample to the nearest center. Use an `aligned_array` to indicate the samples in a cluster,
        where unrelated samples will be set to 0. Once all samples are assigned, the center of each cluster will
        be updated to the average. The average could be got by `sum(data * aligned_array) / sum(aligned_array)`.
        Different clusters could use broadcast for better performance.

        Parameters
        ----------
        x : {array-like}, shape (n_samples, n_features)
            Input data.

        Returns
        -------
        self : object
            Returns an instance of self.
        """

        init = self.init
        n_init = self.n_init
        if init == "k-means++":
            if n_init == 1:
                centers = _kmeans_plusplus_single(x, self.n_clusters, self.init_center_id, self.init_params)
            else:
                centers = jax.vmap(_kmeans_plusplus_single, in_axes=(None, None, 0, 0))(x, self.n_clusters, self.init_center_id, self.init_params)
        elif init == "random":
            centers = jnp.array([x[i] for i in self.init_params])
        else:
            centers = init
        
        # self._centers = centers
        # return self
            
        if n_init == 1:
            centers_best = _kmeans_single(x, centers, self.n_clusters, self.max_iter)
        else:
            centers = jax.vmap(_kmeans_single, in_axes=(None, 0, None, None))(x, centers, self.n_clusters, self.max_iter)
            inertia = jax.vmap(_inertia, in_axes=(None, 0))(x, centers)
            centers_best = centers[jnp.argmin(inertia)]

        self._centers = centers_best
        return self



    def predict(self, x):
        """Result estimates.

        Calculate the distance between each sample and each center,
        and assign each sample to the nearest center.

        Parameters
        ----------
        x : {array-like}, shape (n_samples, n_features)
            Input data for prediction.

        Returns
        -------
        ndarray of shape (n_samples)
            Returns the result of the sample for each class in the model.
        """
        centers = self._centers
        y = x.reshape((1, x.shape[0], x.shape[1])) - centers.reshape(
            (centers.shape[0], 1, centers.shape[1])
        )
        y = jnp.argmin(jnp.sum(jnp.square(y), axis=2), axis=0)
        return y


def proc(x1, x2):
    x = jnp.concatenate((x1, x2), axis=1)
    model = KMEANS(
        n_clusters=2, n_samples=x.shape[0], init="random", max_iter=10
    )

    return model.fit(x).predict(x)


f = jax.jit(proc)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, d = 40, 6
    labels = rng.integers(0, 2, size=n)
    centres = np.array([[-5.0] * d, [5.0] * d])
    X = (centres[labels] + rng.normal(size=(n, d))).astype(np.float32)
    # make sure both blobs are present
    X[0] = centres[0]
    X[1] = centres[1]
    return (X[:, : d // 2], X[:, d // 2 :])


INPUTS = make_inputs
