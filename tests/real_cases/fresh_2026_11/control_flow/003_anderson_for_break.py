"""Anderson acceleration: a bounded Python `for` loop with `break` on a traced relative residual.

source: https://implicit-layers-tutorial.org/implicit_functions/ (Chapter 2: anderson_solver, fixed_point_layer)
error: TracerBoolConversionError
category: for-break
expect: fix
notes: anderson_solver and fixed_point_layer verbatim; the tutorial's layer lambda `f` is renamed `layer` and a jitted wrapper `f(W, x)` is added. `n = min(k, m)` and `k % m` are Python ints (static); only `if res < tol: break` is traced. W scaled by 0.5 in make_inputs so the iteration converges and the break is taken.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def anderson_solver(f, z_init, m=5, lam=1e-4, max_iter=50, tol=1e-5, beta=1.0):
  x0 = z_init
  x1 = f(x0)
  x2 = f(x1)
  X = jnp.concatenate([jnp.stack([x0, x1]), jnp.zeros((m - 2, *jnp.shape(x0)))])
  F = jnp.concatenate([jnp.stack([x1, x2]), jnp.zeros((m - 2, *jnp.shape(x0)))])

  res = []
  for k in range(2, max_iter):
    n = min(k, m)
    G = F[:n] - X[:n]
    GTG = jnp.tensordot(G, G, [list(range(1, G.ndim))] * 2)
    H = jnp.block([[jnp.zeros((1, 1)), jnp.ones((1, n))],
                   [ jnp.ones((n, 1)), GTG]]) + lam * jnp.eye(n + 1)
    alpha = jnp.linalg.solve(H, jnp.zeros(n+1).at[0].set(1))[1:]

    xk = beta * jnp.dot(alpha, F[:n]) + (1-beta) * jnp.dot(alpha, X[:n])
    X = X.at[k % m].set(xk)
    F = F.at[k % m].set(f(xk))

    res = jnp.linalg.norm(F[k % m] - X[k % m]) / (1e-5 + jnp.linalg.norm(F[k % m]))
    if res < tol:
      break
  return xk


def fixed_point_layer(solver, f, params, x):
  z_star = solver(lambda z: f(params, x, z), z_init=jnp.zeros_like(x))
  return z_star


layer = lambda W, x, z: jnp.tanh(jnp.dot(W, z) + x)


@jax.jit
def f(W, x):
  return fixed_point_layer(anderson_solver, layer, W, x)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    ndim = 10
    W = (0.5 * rng.normal(size=(ndim, ndim)) / np.sqrt(ndim)).astype(np.float32)
    x = rng.normal(size=(ndim,)).astype(np.float32)
    return (W, x)


INPUTS = make_inputs


@jax.jit
def reference_fix(W, x, m=5, lam=1e-4, max_iter=50, tol=1e-5, beta=1.0):
    g = lambda z: layer(W, x, z)
    x0 = jnp.zeros_like(x)
    x1 = g(x0)
    x2 = g(x1)
    X = jnp.concatenate([jnp.stack([x0, x1]), jnp.zeros((m - 2, *jnp.shape(x0)))])
    F = jnp.concatenate([jnp.stack([x1, x2]), jnp.zeros((m - 2, *jnp.shape(x0)))])
    done = jnp.bool_(False)
    xk = None
    for k in range(2, max_iter):
        n = min(k, m)
        G = F[:n] - X[:n]
        GTG = jnp.tensordot(G, G, [list(range(1, G.ndim))] * 2)
        H = jnp.block([[jnp.zeros((1, 1)), jnp.ones((1, n))],
                       [jnp.ones((n, 1)), GTG]]) + lam * jnp.eye(n + 1)
        alpha = jnp.linalg.solve(H, jnp.zeros(n + 1).at[0].set(1))[1:]
        xk_new = beta * jnp.dot(alpha, F[:n]) + (1 - beta) * jnp.dot(alpha, X[:n])
        X_new = X.at[k % m].set(xk_new)
        F_new = F.at[k % m].set(g(xk_new))
        res = jnp.linalg.norm(F_new[k % m] - X_new[k % m]) / (1e-5 + jnp.linalg.norm(F_new[k % m]))
        xk = xk_new if xk is None else jnp.where(done, xk, xk_new)
        X = jnp.where(done, X, X_new)
        F = jnp.where(done, F, F_new)
        done = done | (res < tol)
    return xk
