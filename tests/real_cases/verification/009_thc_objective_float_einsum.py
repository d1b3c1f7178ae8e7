"""OpenFermion THC objective: `float(res)` returned from a jitted einsum objective.

source: https://github.com/quantumlib/OpenFermion/pull/1396 (compute_objective_batched in src/openfermion/resource_estimates/pbc/thc/factorizations/thc_jax.py)
error: ConcretizationTypeError
category: conversion-drop
expect: fix
notes: one k-point block: the einsum "Pp,Pr,Qq,Qs,PQ->prqs" over chi and zeta against a 4-index eri, as in the file; float() verbatim.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(chi, zeta, eri, norm_factor):
    eri_thc = jnp.einsum("Pp,Pr,Qq,Qs,PQ->prqs", chi, chi, chi, chi, zeta, optimize=True)
    deri = (eri - eri_thc) / norm_factor
    res = 0.5 * jnp.sum(jnp.abs(deri) ** 2)
    return float(res)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nthc, norb = 4, 3
    return (rng.normal(size=(nthc, norb)).astype(np.float32), rng.normal(size=(nthc, nthc)).astype(np.float32),
            rng.normal(size=(norb, norb, norb, norb)).astype(np.float32), np.float32(rng.uniform(1.0, 2.0)))


INPUTS = make_inputs


@jax.jit
def reference_fix(chi, zeta, eri, norm_factor):
    eri_thc = jnp.einsum("Pp,Pr,Qq,Qs,PQ->prqs", chi, chi, chi, chi, zeta, optimize=True)
    deri = (eri - eri_thc) / norm_factor
    return 0.5 * jnp.sum(jnp.abs(deri) ** 2)
