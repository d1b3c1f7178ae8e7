"""Von Neumann entropy probe: boolean-mask indexing `eigenvalues[eigenvalues > 0.0]` and `float(...)` of the sum.

source: "Finite dephasing probe: von Neumann to Shannon entropy" research script in the public code index (code-index file id 59199654235; density_from_bloch, dephase, vn_entropy, shannon). The index does not name the repository.
error: NonConcreteBooleanIndexError
category: boolean-mask
expect: fix
notes: density_from_bloch, dephase, vn_entropy and shannon verbatim. The script's sympy/z3/cvc5/qutip/psutil
  imports and the `JAX_ENABLE_X64` switch are dropped (not installed / not needed; inputs are complex64),
  as is `from __future__ import annotations` (it cannot follow the case docstring).
  `f = jax.jit(vn_entropy)` is added (the script evaluates it state by state over a sampled Bloch grid).
  The mask only implements the 0 log 0 = 0 convention, so a masked sum is an exact jit-safe rewrite.
  Inputs: interior states, pure boundary states and dephased pure states (an exactly zero eigenvalue).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp


def density_from_bloch(x: float, y: float, z: float) -> jnp.ndarray:
    """Return (I + x X + y Y + z Z)/2."""
    return jnp.array([[1.0 + z, x - 1j * y], [x + 1j * y, 1.0 - z]], dtype=complex) / 2.0


def dephase(rho: jnp.ndarray) -> jnp.ndarray:
    return jnp.diag(jnp.diag(rho)).astype(complex)


def vn_entropy(rho: jnp.ndarray) -> float:
    """Von Neumann entropy with the convention 0 log(0)=0."""
    eigenvalues = jnp.linalg.eigvalsh(rho)
    eigenvalues = jnp.clip(jnp.real(eigenvalues), 0.0, 1.0)
    positive = eigenvalues[eigenvalues > 0.0]
    return float(-jnp.sum(positive * jnp.log(positive)))


def shannon(p: float) -> float:
    values = jnp.array([p, 1.0 - p], dtype=float)
    positive = values[values > 0.0]
    return float(-jnp.sum(positive * jnp.log(positive)))


f = jax.jit(vn_entropy)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 3)
    v = rng.normal(size=3)
    v = v / np.linalg.norm(v)
    if kind == 0:
        v = v * rng.uniform(0.05, 0.95)  # interior (mixed) state
    x, y, z = v
    rho = np.array([[1.0 + z, x - 1j * y], [x + 1j * y, 1.0 - z]], dtype=np.complex64) / 2.0
    if kind == 2:
        # a dephased pure z state: diag(1, 0) or diag(0, 1), an exact zero eigenvalue
        rho = np.diag([1.0, 0.0] if rng.uniform() < 0.5 else [0.0, 1.0]).astype(np.complex64)
        if rng.uniform() < 0.5:
            p = rng.uniform(0.05, 0.95)
            rho = np.diag([p, 1.0 - p]).astype(np.complex64)
    return (rho,)


INPUTS = make_inputs


@jax.jit
def reference_fix(rho):
    eigenvalues = jnp.linalg.eigvalsh(rho)
    eigenvalues = jnp.clip(jnp.real(eigenvalues), 0.0, 1.0)
    keep = eigenvalues > 0.0
    safe = jnp.where(keep, eigenvalues, 1.0)
    return -jnp.sum(jnp.where(keep, safe * jnp.log(safe), 0.0))
