"""Fuzzy c-means class for galaxy positions: FCM.fit tests a norm of the traced membership update in an `if ... break`.

source: public astronomy script in the code index (code-index file id 48154520493; `@dataclass class Galaxy(ra, dec, quantity_one, quantity_two)`, `class FCM`, `compute_weights`); the index does not name the repository or commit
error: TracerBoolConversionError
category: class-method-traced-attribute-cond
expect: fix
notes: FCM and compute_weights verbatim (including the author's `return self.u` inside the for loop,
  so fit runs one iteration; the `if ... break` on `jnp.linalg.norm(self.u - prev_u) < self.tol`
  is evaluated on that iteration). The script's own Galaxy data block and its grad/print lines are
  dropped; the entry point is `f = jax.jit(compute_weights)` (the script differentiates
  compute_weights, the jit is added). The leak hides in a method reading a traced attribute
  (self.u set by init_membership/update_membership). Under eager execution the break branch
  would make fit return None; with random memberships the first update always moves u by far
  more than tol=1e-5, so that branch is unreachable on real inputs and the reference keeps the
  returned membership matrix. `jnp.clip(dist, a_min=1e-10)` is written `jnp.clip(dist, min=1e-10)`
  because the installed JAX removed the a_min keyword.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
import numpy as np
import jax
import jax.numpy as jnp
from jax import random, jit, grad

@dataclass
class Galaxy:
    ra: float
    dec: float
    quantity_one: float
    quantity_two: float


class FCM:
    def __init__(self, n_clusters=2, m=2.0, max_iter=100, tol=1e-5):
        self.n_clusters = n_clusters
        self.m = m  # Fuzziness parameter
        self.max_iter = max_iter
        self.tol = tol
        self.cluster_centers_ = None
        self.u = None

    def init_membership(self, key, num_of_points):
        key, subkey = random.split(key)
        self.u = random.uniform(subkey, shape=(num_of_points, self.n_clusters))
        self.u /= jnp.sum(self.u, axis=1, keepdims=True)

    def compute_cluster_centers(self, X):
        u_m = self.u ** self.m
        return (u_m.T @ X) / jnp.sum(u_m, axis=0)[:, jnp.newaxis]

    def update_membership(self, X):
        dist = jnp.linalg.norm(X[:, jnp.newaxis] - self.cluster_centers_, axis=2)
        dist = jnp.clip(dist, min=1e-10)  # Avoid division by zero
        dist = dist ** (2 / (self.m - 1))
        self.u = 1.0 / jnp.sum((dist[:, :, jnp.newaxis] / dist[:, jnp.newaxis, :]), axis=2)

    def fit(self, X, key=random.PRNGKey(0)):
        num_of_points = X.shape[0]
        self.init_membership(key, num_of_points)
        for i in range(self.max_iter):
            self.cluster_centers_ = self.compute_cluster_centers(X)
            prev_u = self.u.copy()
            self.update_membership(X)
            if jnp.linalg.norm(self.u - prev_u) < self.tol:
                break
            return self.u

    def predict(self, X):
        self.update_membership(X)
        return jnp.argmax(self.u, axis=1)

def compute_weights(X, key):
    fcm = FCM(n_clusters=2, m=2.0, max_iter=100)
    weight_matrix = fcm.fit(X, key)
    return weight_matrix


f = jax.jit(compute_weights)
# --- end user code ---


def make_inputs(rng):
    # galaxy (ra, dec) positions in two groups, like the script's data; a raw uint32 PRNG key
    n = 8
    centres = np.array([[12.0, 22.0], [31.0, 41.0]])
    X = centres[rng.integers(0, 2, size=n)] + rng.normal(scale=2.0, size=(n, 2))
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    return (X.astype(np.float32), key)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, key):
    n_clusters, m = 2, 2.0
    key, subkey = random.split(key)
    u = random.uniform(subkey, shape=(X.shape[0], n_clusters))
    u /= jnp.sum(u, axis=1, keepdims=True)
    u_m = u ** m
    centers = (u_m.T @ X) / jnp.sum(u_m, axis=0)[:, jnp.newaxis]
    dist = jnp.linalg.norm(X[:, jnp.newaxis] - centers, axis=2)
    dist = jnp.clip(dist, min=1e-10)
    dist = dist ** (2 / (m - 1))
    return 1.0 / jnp.sum((dist[:, :, jnp.newaxis] / dist[:, jnp.newaxis, :]), axis=2)
