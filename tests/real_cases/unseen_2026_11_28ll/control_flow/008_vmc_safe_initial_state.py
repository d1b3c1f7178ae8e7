"""VMC harmonic-oscillator script: `safe_initial_state` halves positions in a Python `while` on a traced density sum.

source: public JAX variational-Monte-Carlo script in the code index (code-index file id 38253056936; class JaxWF with jitted __call__/pdf/logpdf/locE, exact_energy, safe_initial_state, then a module-level alpha sweep calling `vmc_jax` from a sibling `metropolis_jax` module). The index does not name the repository.
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: JaxWF, exact_energy, safe_initial_state and the configuration lines (N, d, omega, wf) are verbatim. Dropped the `from metropolis_jax import vmc_jax` import, matplotlib/numpy/time imports and the module-level sampling loop and plot (they need the unavailable sibling module). Added the entry point `f = jax.jit(partial(safe_initial_state, wf))` (the script calls it eagerly inside its alpha loop). Inputs include huge alpha values so that the `while jnp.sum(wf2) <= 1e-14` loop actually runs (a few halvings), and ordinary alpha where it does not.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
#!/usr/bin/env python3
# -*- coding: utf-8 -*-
from functools import partial

import jax
import jax.numpy as jnp
from jax import grad, jit, lax, pmap, random, vmap


class JaxWF:
    def __init__(self, n_particles, dim, omega):
        self._N = n_particles
        self._d = dim
        self._omega = omega
        # precompute
        self._Nd = self._N * self._d
        self._omega2 = self._omega**2

    @partial(jit, static_argnums=(0,))
    def __call__(self, r, alpha):
        return jnp.exp(-alpha * r**2)

    @partial(jit, static_argnums=(0,))
    def pdf(self, r, alpha):
        return self(r, alpha)**2

    @partial(jit, static_argnums=(0,))
    def logpdf(self, r, alpha):
        return jnp.log(self(r, alpha)**2)

    @partial(jit, static_argnums=(0,))
    def locE(self, r, alpha):
        E_L = self._Nd * alpha + \
            (0.5 * self._omega2 - 2 * alpha**2) * jnp.sum(r**2)
        return E_L

    @property
    def N(self):
        return self._N

    @property
    def dim(self):
        return self._d


def exact_energy(n_particles, dim, omega):
    return 0.5 * omega * dim * n_particles


def safe_initial_state(wavefunction, alpha, seed):
    rng_key = random.PRNGKey(seed)
    N = wavefunction.N
    dim = wavefunction.dim

    positions = random.uniform(rng_key, shape=(N, dim))

    # safe initialization
    wf2 = wavefunction.pdf(positions, alpha)
    while jnp.sum(wf2) <= 1e-14:
        positions *= 0.5
        wf2 = wavefunction.pdf(positions, alpha)

    return positions


# Configure wave function
N = 500        # Number of particles
d = 3        # Dimeansion
omega = 1.   # Oscillator frequency
wf = JaxWF(N, d, omega)

f = jax.jit(partial(safe_initial_state, wf))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    alpha = rng.choice([0.3, 0.7, 5.0e7, 2.0e8, 1.0e9, 1.0e10, 3.0e11])
    seed = rng.integers(0, 1000)
    return (np.float32(alpha), np.int32(seed))


INPUTS = make_inputs


@jax.jit
def reference_fix(alpha, seed):
    wavefunction = wf
    rng_key = random.PRNGKey(seed)
    positions = random.uniform(rng_key, shape=(wavefunction.N, wavefunction.dim))

    def cond(positions):
        return jnp.sum(wavefunction.pdf(positions, alpha)) <= 1e-14

    def body(positions):
        return positions * 0.5

    return lax.while_loop(cond, body, positions)
