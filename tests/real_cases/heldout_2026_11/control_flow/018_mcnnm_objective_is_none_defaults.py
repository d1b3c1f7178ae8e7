"""MC-NNM's objective_function: a chain of `if x is None:` defaults before a jnp expression (jit-safe).

source: tobias-schnabel/mcnnm src/mcnnm/main.py (early revision with objective_function, the same one as case 004's compute_L)
error: none
category: negative-is-none-defaults
expect: untouched
notes: verbatim (docstring shortened, `Array` alias inlined), jitted with Omega_inv, gamma, delta and beta left as None and H, X passed. `x is None` and `H is None or X is None` are decided at trace time from the Python arguments, never from traced values, so nothing leaks and the file must stay byte-identical.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Optional

import jax
import jax.numpy as jnp

Array = jnp.ndarray


def objective_function(
        Y: Array, L: Array, Omega_inv: Optional[Array] = None, gamma: Optional[Array] = None,
        delta: Optional[Array] = None, beta: Optional[Array] = None, H: Optional[Array] = None,
        X: Optional[Array] = None
) -> float:
    """
    Computes the objective function value for the MC-NNM estimator (Equation 18).
    """
    N, T = Y.shape
    if gamma is None:
        gamma = jnp.zeros(N)
    if delta is None:
        delta = jnp.zeros(T)
    if beta is None:
        beta = jnp.zeros((N, T))
    if H is None or X is None:
        H = jnp.zeros((N + Y.shape[1], T + Y.shape[0]))
        X = jnp.zeros((N, T))
    if Omega_inv is None:
        Omega_inv = jnp.eye(T)


    residual = Y - L - jnp.outer(gamma, jnp.ones(T)) - jnp.outer(jnp.ones(N), delta) - beta - jnp.dot(X, H)
    return jnp.sum(jnp.dot(residual, Omega_inv) * residual) / (N * T)


@jax.jit
def f(Y, L, X, H):
    return objective_function(Y, L, H=H, X=X)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N, T, P = 6, 5, 3
    Y = rng.normal(size=(N, T)).astype(np.float32)
    L = rng.normal(size=(N, T)).astype(np.float32)
    X = rng.normal(size=(N, P)).astype(np.float32)
    H = rng.normal(size=(P, T)).astype(np.float32)
    return (Y, L, X, H)


INPUTS = make_inputs
