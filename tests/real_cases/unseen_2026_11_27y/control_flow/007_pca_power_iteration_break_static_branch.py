"""PCA by power iteration with deflation: the inner loop breaks on a traced convergence test.

source: public "universal JAX implementations" module of a scikit-learn JAX port in the code index (code-index file id 52970358780, "Universal JAX implementations for common algorithm patterns", `# Authors: The scikit-learn developers`, imports `._config.get_config` and `._data_conversion`; class `UniversalJAXMixin`; the index does not name the repository): `UniversalJAXMixin._jax_pca_fit_power`
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: `_jax_pca_fit_power` is verbatim (a @staticmethod of `UniversalJAXMixin`; the rest of the 90k-character mixin,
  the device helpers and the package-relative imports are dropped). Entry point:
  `f = jax.jit(UniversalJAXMixin._jax_pca_fit_power, static_argnums=(1, 2))` (n_components, max_iter): the module
  jits most sibling helpers and notes on the SVD variant `_jax_pca_fit` that it is left un-jitted only because
  n_components must be static. Inside, the
  `if n_samples >= n_features` branch and the `use_cov` flag are static (shapes), the component loop has a static
  trip count, but `if jnp.abs(jnp.abs(v @ v_new) - 1.0) < tol: break` needs a concrete value. On break the
  function keeps the previous `v` (not `v_new`); a rewrite must preserve that. Inputs: tall and wide X (both static
  branches), a well-separated spectrum (so eager and compiled runs break at the same iteration: at tol=1e-6 the
  vector still moves by ~1e-3 per step), max_iter 100 (breaks) or 2 (runs out). n_components is 1: with 2 the
  deflated second component is float32-noisy enough that eager and compiled runs sometimes break one step apart.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import Tuple


class UniversalJAXMixin:
    """Mixin class that provides universal JAX acceleration for common operations."""

    @staticmethod
    def _jax_pca_fit_power(
        X: jnp.ndarray,
        n_components: int,
        max_iter: int = 100,
        tol: float = 1e-6
    ) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
        """JAX PCA fitting using power iteration (Metal-compatible).

        Uses only matrix multiplication, works on all backends including Metal.
        """
        n_samples, n_features = X.shape

        # Center the data
        X_mean = jnp.mean(X, axis=0)
        X_centered = X - X_mean

        # Compute covariance matrix (or gram matrix for efficiency)
        # For n_samples >> n_features, use covariance
        # For n_features >> n_samples, use gram matrix
        if n_samples >= n_features:
            # Covariance approach
            C = X_centered.T @ X_centered / (n_samples - 1)
            use_cov = True
        else:
            # Gram matrix approach
            C = X_centered @ X_centered.T / (n_samples - 1)
            use_cov = False

        components_list = []
        eigenvalues = []

        for k in range(n_components):
            # Initialize random vector
            key = jax.random.PRNGKey(k)
            v = jax.random.normal(key, (C.shape[0],))
            v = v / jnp.linalg.norm(v)

            # Power iteration
            for _ in range(max_iter):
                v_new = C @ v
                v_new_norm = jnp.linalg.norm(v_new)
                v_new = v_new / (v_new_norm + 1e-10)

                # Check convergence
                if jnp.abs(jnp.abs(v @ v_new) - 1.0) < tol:
                    break
                v = v_new

            # Compute eigenvalue
            eigenvalue = v @ C @ v
            eigenvalues.append(eigenvalue)

            if use_cov:
                components_list.append(v)
            else:
                # Convert from gram eigenvector to covariance eigenvector
                u = X_centered.T @ v
                u = u / (jnp.linalg.norm(u) + 1e-10)
                components_list.append(u)

            # Deflate matrix
            if use_cov:
                C = C - eigenvalue * jnp.outer(v, v)
            else:
                C = C - eigenvalue * jnp.outer(v, v)

        components = jnp.stack(components_list)
        explained_variance = jnp.array(eigenvalues)

        return components, explained_variance, X_mean


f = jax.jit(UniversalJAXMixin._jax_pca_fit_power, static_argnums=(1, 2))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    tall = rng.uniform() < 0.5
    n, d = (30, 5) if tall else (6, 12)
    # well-separated spectrum (variance ratio ~16 per component) so the break lands far from the threshold
    scales = (4.0 ** -np.arange(d)) * rng.uniform(0.5, 2.0)
    X = (rng.normal(size=(n, d)) * scales).astype(np.float32)
    max_iter = int(rng.choice([2, 100]))     # 2: the loop runs out without breaking
    return (X, 1, max_iter)


INPUTS = make_inputs


def _ref(X, n_components, max_iter=100, tol=1e-6):
    n_samples, n_features = X.shape
    X_mean = jnp.mean(X, axis=0)
    Xc = X - X_mean
    use_cov = n_samples >= n_features
    C = Xc.T @ Xc / (n_samples - 1) if use_cov else Xc @ Xc.T / (n_samples - 1)
    comps, eigs = [], []
    for k in range(n_components):
        v = jax.random.normal(jax.random.PRNGKey(k), (C.shape[0],))
        v = v / jnp.linalg.norm(v)

        def cond(c):
            i, v, done = c
            return (i < max_iter) & ~done

        def body(c, C=C):
            i, v, done = c
            v_new = C @ v
            v_new = v_new / (jnp.linalg.norm(v_new) + 1e-10)
            conv = jnp.abs(jnp.abs(v @ v_new) - 1.0) < tol
            return i + 1, jnp.where(conv, v, v_new), conv

        _, v, _ = lax.while_loop(cond, body, (0, v, jnp.array(False)))
        ev = v @ C @ v
        eigs.append(ev)
        if use_cov:
            comps.append(v)
        else:
            u = Xc.T @ v
            comps.append(u / (jnp.linalg.norm(u) + 1e-10))
        C = C - ev * jnp.outer(v, v)
    return jnp.stack(comps), jnp.array(eigs), X_mean


reference_fix = jax.jit(_ref, static_argnums=(1, 2))
