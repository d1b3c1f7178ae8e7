"""Explicit Euler integrator that sizes its Python loop with int(jnp.ceil(|t1 - t0| / H_MAX)), driven through a closure.

source: code-search index file id 26206935791 (a Hugo blog post "Numerical Integrations", 2024-09-26, tags [learn], with the collapsed code blocks "JAX Implementation of Euler method `euler()`" and "`dampen_harmonic_occiliator()`"); the index does not name the repository.
error: ConcretizationTypeError
category: conversion
expect: fix
notes: `euler` and `dampen_harmonic_occiliator` verbatim from the post's code blocks. The post never defines `H_MAX` or `PositiveFloat`; they are added as `H_MAX = 0.1` and `PositiveFloat = float`. The post calls `dampen_harmonic_occiliator` eagerly; the entry point `f = jax.jit(dampen_harmonic_occiliator)` is added. Under jit the start/terminal times are traced, so `int(jnp.ceil(jnp.abs(t1 - t0)/H_MAX))` (the number of steps, and so the `range` and the length of the returned trajectory list) needs their concrete values. The dynamics are the closure `F` built inside `dampen_harmonic_occiliator`. The times are Python floats in the inputs; a correct fix keeps them static and also counts the steps in plain Python (`math.ceil`), since `jnp.ceil` of static floats is still traced under jit.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

H_MAX = 0.1
PositiveFloat = float


def euler(z0: jnp.ndarray, t0: float, t1: float, f: callable,
          return_seq: bool = False):
    n_steps = int(jnp.ceil(jnp.abs(t1 - t0)/H_MAX))

    # Compute step size
    h = (t1 - t0)/n_steps

    t = t0
    z = z0

    # sequence of z
    seq = [(z, t)]

    for i in range(n_steps):
        z = z + h * f(z, t)
        t = t + h

        seq.append((z, t))

    if return_seq:
        return z, seq

    return z


# Dampen Harmoic Occililator
def dampen_harmonic_occiliator(
        c   : PositiveFloat,
        k   : PositiveFloat,
        m   : PositiveFloat,
        A   : float,
        V   : float,
        t0  : float,
        t1  : float):
    """
    Problem: 
        ODE: x'' + c/m x' + k/m x = 0
        IV: x(t0) = A, x'(t0) = V

    Params:
        c: dampener coefficient
        k: spring coefficient
        m: mass
        A, V: initial position and velocity
        t0, t1: start and terminal timestamp
    """

    # constructing dynamic function
    F = lambda S, t: jnp.array([[0, 1],[-k/m, -c/m]]) @ S

    # initial condition
    S = jnp.array([A, V])

    # Terminal S and trajectory of S
    S_t, Tr = euler(S, t0, t1, F, True)

    return S_t, Tr


f = jax.jit(dampen_harmonic_occiliator)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    c = np.float32(rng.uniform(0.05, 0.5))
    k = np.float32(rng.uniform(0.5, 2.0))
    m = np.float32(rng.uniform(0.5, 2.0))
    A = np.float32(rng.uniform(-1.0, 1.0))
    V = np.float32(rng.uniform(-1.0, 1.0))
    t0 = float(rng.choice([0.0, 0.5]))
    t1 = t0 + float(rng.choice([0.95, 1.55, 2.05, 2.25]))   # spans kept away from multiples of H_MAX
    return (c, k, m, A, V, t0, t1)


INPUTS = make_inputs

import math
from functools import partial


def _euler_fixed(z0, t0, t1, f, return_seq=False):
    n_steps = int(math.ceil(abs(t1 - t0) / H_MAX))   # plain Python on the static times
    h = (t1 - t0) / n_steps
    t = t0
    z = z0
    seq = [(z, t)]
    for i in range(n_steps):
        z = z + h * f(z, t)
        t = t + h
        seq.append((z, t))
    if return_seq:
        return z, seq
    return z


@partial(jax.jit, static_argnums=(5, 6))
def reference_fix(c, k, m, A, V, t0, t1):
    F = lambda S, t: jnp.array([[0, 1], [-k / m, -c / m]]) @ S
    S = jnp.array([A, V])
    return _euler_fixed(S, t0, t1, F, True)
