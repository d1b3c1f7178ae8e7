"""Max-plus (tropical) eigenvalue by power iteration: `return` from inside a `for` when allclose converges.

source: EBellache/neural_assemblies_simulation core/tropical_math.py at
    d373cf3c9d85b56d25314bc9ce08599118096475 (`tropical_eigenvalue`, `tropical_matrix_multiply`,
    `tropical_ones`, constants; the module says it is "Compatible with both NumPy and JAX").
error: TracerBoolConversionError
category: for-early-return-allclose
expect: fix
notes: the functions are verbatim (docstrings shortened; the NumPy fallback in the import block is
    dropped, so `jnp`/`jit` are always JAX). `tropical_matrix_multiply` is itself `@jit` with static
    shape checks that must stay. `f` is a jitted wrapper: `tropical_eigenvalue` is not decorated in the
    module, but everything it calls is, and the simulator calls it from jitted assembly code paths.
    Leak: `if jnp.allclose(...): return ...` inside `for _ in range(max_iter)`; `if n == 0` is static.
    Note the fall-through `return jnp.max(x_new) - jnp.max(x)` runs after `x = x_new`, so a
    non-converging (cyclic) matrix returns 0.0; trials include such matrices as well as quickly
    converging ones and -inf (tropical zero) entries. Entries are small integers, so max-plus arithmetic
    is exact in float32.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, Union

import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, vmap, lax

# Constants
TROPICAL_ZERO = -np.inf  # Additive identity (−∞)
TROPICAL_ONE = 0.0  # Multiplicative identity (0)
EPSILON = 1e-12  # Numerical stability threshold

# Type alias
Array = Union[np.ndarray, Any]  # Supports both NumPy and JAX arrays


@jit
def tropical_add(a: Array, b: Array) -> Array:
    """Tropical addition: a ⊕ b = max(a, b)"""
    return jnp.maximum(a, b)


@jit
def tropical_multiply(a: Array, b: Array) -> Array:
    """Tropical multiplication: a ⊗ b = a + b"""
    return a + b


@jit
def tropical_matrix_multiply(A: Array, B: Array) -> Array:
    """Tropical matrix product: (A ⊗ B)_{ij} = max_k (A_{ik} + B_{kj})"""
    A = jnp.asarray(A)
    B = jnp.asarray(B)

    # Validate dimensions
    if A.ndim != 2 or B.ndim != 2:
        raise ValueError(f"Expected 2D matrices, got shapes {A.shape} and {B.shape}")
    if A.shape[1] != B.shape[0]:
        raise ValueError(f"Incompatible dimensions: {A.shape} and {B.shape}")

    # Broadcast and compute: A[:,:,None] + B[None,:,:]
    C = jnp.max(A[..., :, None] + B[None, ...], axis=-2)
    return C


def tropical_ones(shape: Union[int, tuple]) -> Array:
    """Create array of tropical ones (0)"""
    if isinstance(shape, int):
        shape = (shape,)
    return jnp.full(shape, TROPICAL_ONE)


def tropical_eigenvalue(A: Array, max_iter: int = 100, tol: float = 1e-8) -> float:
    """
    Compute the tropical eigenvalue (cycle mean) of matrix A.
    Uses Karp's minimum mean-weight cycle algorithm.
    """
    n = A.shape[0]
    if n == 0:
        return TROPICAL_ZERO

    # Power iteration to find dominant eigenvalue
    x = tropical_ones(n)

    for _ in range(max_iter):
        x_new = tropical_matrix_multiply(A, x.reshape(-1, 1)).flatten()

        # Check convergence
        if jnp.allclose(x_new - jnp.max(x_new), x - jnp.max(x), atol=tol):
            # Eigenvalue is the average growth rate
            return jnp.max(x_new) - jnp.max(x)

        x = x_new

    return jnp.max(x_new) - jnp.max(x)


@jax.jit
def f(A):
    return tropical_eigenvalue(A)
# --- end user code ---


def make_inputs(rng):
    n = 4
    kind = rng.uniform()
    if kind < 0.25:
        # a 2-cycle that dominates: the normalised iterate oscillates and never converges
        A = np.full((n, n), -np.inf, dtype=np.float32)
        np.fill_diagonal(A, -5.0)
        A[0, 1] = float(rng.integers(2, 5))
        A[1, 0] = A[0, 1] + 1.0
        A[2, 0] = A[3, 1] = 0.0
        A[2, 3] = A[3, 2] = float(rng.integers(-3, 1))
    else:
        A = rng.integers(-3, 4, size=(n, n)).astype(np.float32)
        mask = rng.uniform(size=(n, n)) < 0.3
        np.fill_diagonal(mask, False)
        A[mask] = -np.inf
        if rng.uniform() < 0.7:
            # a dominant self-loop: the iteration converges and returns early
            k = int(rng.integers(0, n))
            A[k, k] = float(rng.integers(4, 8))
    return (A,)


INPUTS = make_inputs


@jax.jit
def reference_fix(A):
    max_iter, tol = 100, 1e-8
    x0 = jnp.zeros(A.shape[0])

    def body(i, carry):
        x, done, result = carry
        x_new = jnp.max(A + x[None, :], axis=1)
        conv = jnp.allclose(x_new - jnp.max(x_new), x - jnp.max(x), atol=tol)
        hit = (~done) & conv
        result = jnp.where(hit, jnp.max(x_new) - jnp.max(x), result)
        x = jnp.where(done | conv, x, x_new)
        return x, done | conv, result

    _, _, result = lax.fori_loop(0, max_iter, body, (x0, jnp.array(False), jnp.float32(0.0)))
    return result
