"""Multivariate ESS whose batch sizes and offsets come from `int(jnp.floor(...))` and `jnp.unique(...)` of static values.

source: public code index, file id 60731448641 (MCMC diagnostics module: autocovariance, PSRF, geyerESS,
    multiESS, _multiESS_chain, _multiESS_batch, MCSE, IACT, compute_metrics; multiESS "Adapted from
    https://github.com/Gabriel-p/multiESS", itself a port of lacerbi/multiESS from MATLAB/NumPy); the index
    does not name the repository.
error: ConcretizationTypeError
category: numpy-port-static-arith
expect: fix
notes: multiESS, _multiESS_chain and _multiESS_batch verbatim (the long docstring of multiESS shortened).
    Entry point added: `f = jax.jit(multiESS, static_argnames=("b", "Noffsets", "Nb"))`; X is traced.
    n, p, b, Noffsets are all static, but the port computes with jnp, which is staged under jit:
    `int(jnp.floor(n ** (1. / 2)))`, `int(jnp.floor(n / b))`, `jnp.unique(...)` of the offsets (and of
    the candidate b's for b='less'), and iteration over those arrays all need concrete values. The fix
    uses math/NumPy for these shape-level numbers. make_inputs cycles b over 'sqroot', 'cuberoot' and
    'less' so every branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def multiESS(X, b='sqroot', Noffsets=10, Nb=None):
    """
    Adapted from: https://github.com/Gabriel-p/multiESS (no longer maintained)

    Compute multivariate effective sample size of a single Markov chain X,
    using the multivariate dependence structure of the process.

    Original source: https://github.com/lacerbi/multiESS
    """
    # MCMC samples and parameters
    n, p = X.shape
    if p > n:
        raise ValueError("More dimensions than data points; cannot compute effective sample size.")
    if isinstance(b, str):
        if b not in ['sqroot', 'cuberoot', 'less']:
            raise ValueError("Unknown batch size string. Use 'sqroot', 'cuberoot', or 'less'.")
        if b != 'less' and Nb is not None:
            print("Warning: Nb is ignored unless b='less'")
    else:
        if not 1. < b < (n / 2):
            raise ValueError("The batch size B needs to be between 1 and N/2.")

    mESS = _multiESS_chain(X, n, p, b, Noffsets, Nb)
    return mESS

def _multiESS_chain(Xi, n, p, b, Noffsets, Nb):
    """
    Compute multiESS for a MCMC chain.
    """
    if b == 'sqroot':
        b = [int(jnp.floor(n ** (1. / 2)))]
    elif b == 'cuberoot':
        b = [int(jnp.floor(n ** (1. / 3)))]
    elif b == 'less':
        b_min = jnp.floor(n ** (1. / 4))
        b_max = max(jnp.floor(n / max(p, 20)), jnp.floor(jnp.sqrt(n)))
        if Nb is None:
            Nb = 200
        b = jnp.unique(jnp.round(jnp.exp(jnp.linspace(jnp.log(b_min), jnp.log(b_max), Nb)))).astype(int)

    theta = jnp.mean(Xi, axis=0)
    detLambda = jnp.var(Xi.T) if p == 1 else jnp.linalg.det(jnp.cov(Xi.T))

    mESS_values = jnp.array([_multiESS_batch(Xi, n, p, theta, detLambda, bi, Noffsets) for bi in b])
    return jnp.min(mESS_values)

def _multiESS_batch(Xi, n, p, theta, detLambda, b, Noffsets):
    """
    Compute multiESS for a given batch size B.
    """
    # Compute batch estimator for SIGMA
    a = int(jnp.floor(n / b))
    Sigma = jnp.zeros((p, p))

    max_offset = n - a * b
    offsets = jnp.unique(jnp.round(jnp.linspace(0, max_offset, Noffsets)).astype(int))

    def offset_sigma(j):
        indices = j + jnp.arange(a * b)
        Y = Xi[indices, :].reshape((a, b, p))
        Ybar = jnp.mean(Y, axis=1)
        Z = Ybar - theta
        Sigma_local = jnp.einsum('ij,ik->jk', Z, Z)
        return Sigma_local

    Sigma_total = jnp.sum(jnp.stack([offset_sigma(j) for j in offsets]), axis=0)
    Sigma = (Sigma_total * b) / (a - 1) / len(offsets)

    mESS = n * (detLambda / jnp.linalg.det(Sigma)) ** (1. / p)
    return mESS


f = jax.jit(multiESS, static_argnames=("b", "Noffsets", "Nb"))
# --- end user code ---

import functools
import math

_B_CHOICES = ("sqroot", "cuberoot", "less")


def make_inputs(rng):
    n, p = 60, 3
    # an AR(1) chain so the batch means are correlated
    X = np.zeros((n, p))
    for t in range(1, n):
        X[t] = 0.6 * X[t - 1] + rng.normal(size=p)
    return (X.astype(np.float32), _B_CHOICES[int(rng.integers(3))])


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnames=("b", "Noffsets", "Nb"))
def reference_fix(X, b='sqroot', Noffsets=10, Nb=None):
    n, p = X.shape
    if b == 'sqroot':
        bs = [math.floor(n ** (1. / 2))]
    elif b == 'cuberoot':
        bs = [math.floor(n ** (1. / 3))]
    else:
        b_min = np.floor(n ** (1. / 4))
        b_max = max(np.floor(n / max(p, 20)), np.floor(np.sqrt(n)))
        Nb = 200 if Nb is None else Nb
        bs = np.unique(np.round(np.exp(np.linspace(np.log(b_min), np.log(b_max), Nb)))).astype(int)
    theta = jnp.mean(X, axis=0)
    detLambda = jnp.var(X.T) if p == 1 else jnp.linalg.det(jnp.cov(X.T))
    vals = []
    for bi in bs:
        bi = int(bi)
        a = n // bi
        offsets = np.unique(np.round(np.linspace(0, n - a * bi, Noffsets)).astype(int))
        S = 0.
        for j in offsets:
            Y = X[int(j):int(j) + a * bi, :].reshape((a, bi, p))
            Z = jnp.mean(Y, axis=1) - theta
            S = S + jnp.einsum('ij,ik->jk', Z, Z)
        Sigma = (S * bi) / (a - 1) / len(offsets)
        vals.append(n * (detLambda / jnp.linalg.det(Sigma)) ** (1. / p))
    return jnp.min(jnp.array(vals))
