"""Gamma-spectrum unfolding: power iteration on the likelihood Hessian with two traced `break`s.

source: public code index file id 67356946354 (JAX unfolding module of an Oslo-method style nuclear-spectrum package: `from .unfolder import Unfolder`, `from .. import Matrix, Vector`; functions kl, kl_2, loglikelihood, hessian_vector_product, estimate_largest_eigenvalue; the same module later adds a jax.lax.while_loop `power_iteration` / `find_largest_eigenvalue` replacement). The index does not name the repository or commit.
error: TracerBoolConversionError
category: for-range-traced-break
expect: fix
notes: kl_2, loglikelihood and estimate_largest_eigenvalue verbatim. hessian_vector_product is verbatim except its jvp line: the stored text calls `jax.jvp(grad, (mu, R, G_in, y), (v,))`, which raises a TypeError for any input (4 primals, 1 tangent), so it is closed over R, G_in, y to differentiate in mu only (what the docstring and comment intend). `f = jax.jit(estimate_largest_eigenvalue)` is added (num_iters, tol and key keep their defaults). Inputs with G_in == 0 make Hv exactly zero so the first `break` runs; the others run to convergence (second break) or exhaust the 100 iterations.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def kl_2(nu: jnp.ndarray, y: jnp.ndarray) -> jnp.ndarray:
    """Compute the KL divergence."""
    # Avoid division by zero and log of zero
    safe_nu = jnp.where(nu == 0, 1e-10, nu)
    safe_y = jnp.where(y == 0, 1e-10, y)
    return safe_nu * jnp.log(safe_nu / safe_y) - safe_nu + safe_y


def loglikelihood(
    mu: jnp.ndarray, R: jnp.ndarray, G_in: jnp.ndarray, y: jnp.ndarray
) -> jnp.ndarray:
    """Compute the log-likelihood."""
    nu = G_in @ (mu**2) @ R
    return jnp.sum(kl_2(nu, y))


def hessian_vector_product(
    mu: jnp.ndarray, v: jnp.ndarray, R: jnp.ndarray, G_in: jnp.ndarray, y: jnp.ndarray
) -> jnp.ndarray:
    """Compute the Hessian-vector product H * v."""
    # First derivative (gradient)
    grad = jax.grad(loglikelihood, argnums=0)
    # Corrected line: Pass the function `grad` instead of calling it
    hvp = jax.jvp(lambda m: grad(m, R, G_in, y), (mu,), (v,))[1]
    return hvp


def estimate_largest_eigenvalue(
    mu: jnp.ndarray,
    R: jnp.ndarray,
    G_in: jnp.ndarray,
    y: jnp.ndarray,
    num_iters: int = 100,
    tol: float = 1e-6,
    key: jax.random.PRNGKey = jax.random.PRNGKey(0),
) -> float:
    """Estimate the largest eigenvalue of the Hessian using Power Iteration."""
    # Initialize a random vector v with unit norm
    v = jax.random.normal(key, shape=mu.shape)
    v = v / jnp.linalg.norm(v)

    for _ in range(num_iters):
        # Compute H * v
        Hv = hessian_vector_product(mu, v, R, G_in, y)

        # Compute the norm of Hv
        Hv_norm = jnp.linalg.norm(Hv)
        if Hv_norm == 0:
            break

        # Normalize Hv to get the next iteration's vector
        v_new = Hv / Hv_norm

        # Check for convergence (cosine similarity)
        cosine_sim = jnp.dot(v, v_new)
        if jnp.abs(cosine_sim - 1.0) < tol:
            break

        v = v_new

    # Estimate of the largest eigenvalue
    eigenvalue = jnp.dot(v, hessian_vector_product(mu, v, R, G_in, y))
    return eigenvalue


f = jax.jit(estimate_largest_eigenvalue)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_mu, n_k, n_y = 4, 3, 5
    mu = rng.uniform(0.5, 2.0, size=(n_mu,)).astype(np.float32)
    G_in = rng.uniform(0.0, 1.0, size=(n_k, n_mu)).astype(np.float32)
    if rng.uniform() < 0.3:
        G_in = np.zeros((n_k, n_mu), np.float32)   # Hv == 0: first break
    R = rng.uniform(0.0, 1.0, size=(n_k, n_y)).astype(np.float32)
    y = rng.uniform(1.0, 8.0, size=(n_y,)).astype(np.float32)
    return (mu, R, G_in, y)


INPUTS = make_inputs


@jax.jit
def reference_fix(mu, R, G_in, y):
    num_iters, tol = 100, 1e-6
    key = jax.random.PRNGKey(0)
    v = jax.random.normal(key, shape=mu.shape)
    v = v / jnp.linalg.norm(v)

    def cond(c):
        i, v, done = c
        return (i < num_iters) & ~done

    def body(c):
        i, v, _ = c
        Hv = hessian_vector_product(mu, v, R, G_in, y)
        Hv_norm = jnp.linalg.norm(Hv)
        zero = Hv_norm == 0
        v_new = Hv / Hv_norm
        converged = jnp.abs(jnp.dot(v, v_new) - 1.0) < tol
        stop = zero | converged
        return i + 1, jnp.where(stop, v, v_new), stop

    _, v, _ = jax.lax.while_loop(cond, body, (0, v, jnp.array(False)))
    return jnp.dot(v, hessian_vector_product(mu, v, R, G_in, y))
