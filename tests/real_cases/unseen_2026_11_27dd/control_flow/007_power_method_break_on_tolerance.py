"""JAX-NSL's power method: `for i in range(max_iterations)` with `if |lambda_new - lambda| < tol: break`.

source: SatvikPraveen/JAX-NSL src/linalg/solvers.py at 08ce322c908591ecb8a91f11d85f9f773d4fdc9b (eigenvalue_power_method; code-index file id 12412939185). The later src/jax_nsl/linalg/solvers.py (38d6db2cb4afb0315c261cbe8c696847beb13a18) keeps the same loop.
error: TracerBoolConversionError
category: for-break-convergence-test
expect: fix
notes: function verbatim with its imports; added `f = jax.jit(eigenvalue_power_method)` (max_iterations=100 and tolerance=1e-6 stay Python defaults). Inputs mix symmetric matrices (converge and break early), skew-symmetric ones (Rayleigh quotient 0 on the first pass, so the loop breaks at i=0 and returns the Python float 0.0 with the start vector) and non-normal 2x2-block matrices with a complex dominant pair (never converge, all 100 iterations run).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax
from typing import Callable, Optional, Tuple, NamedTuple


def eigenvalue_power_method(A: jnp.ndarray,
                          max_iterations: int = 100,
                          tolerance: float = 1e-6) -> Tuple[float, jnp.ndarray]:
    """Power method for dominant eigenvalue and eigenvector.
    
    Args:
        A: Square matrix
        max_iterations: Maximum iterations
        tolerance: Convergence tolerance
        
    Returns:
        (eigenvalue, eigenvector) tuple
    """
    n = A.shape[0]
    v = jnp.ones(n)
    v = v / jnp.linalg.norm(v)
    
    eigenvalue = 0.0
    
    for i in range(max_iterations):
        Av = A @ v
        eigenvalue_new = jnp.dot(v, Av)
        v_new = Av / jnp.linalg.norm(Av)
        
        if jnp.abs(eigenvalue_new - eigenvalue) < tolerance:
            break
        
        eigenvalue = eigenvalue_new
        v = v_new
    
    return eigenvalue, v


f = jax.jit(eigenvalue_power_method)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    kind = rng.integers(3)
    if kind == 0:
        # symmetric with a clear dominant eigenvalue: converges, breaks early
        q, _ = np.linalg.qr(rng.normal(size=(n, n)))
        lam = np.array([2.0, 0.02, -0.015, 0.01]) * rng.uniform(0.5, 1.5)
        A = (q * lam) @ q.T
    elif kind == 1:
        # skew-symmetric: v.Av == 0 at once, break at i == 0
        B = rng.normal(size=(n, n))
        A = B - B.T
    else:
        # non-normal block with complex dominant pair: never converges
        a, b, c = rng.uniform(1.0, 2.0), rng.uniform(2.0, 4.0), rng.uniform(0.5, 1.0)
        A = np.zeros((n, n))
        A[:2, :2] = [[a, b], [-c, a]]
        A[2:, 2:] = np.diag(rng.uniform(-0.5, 0.5, size=2))
    return (A.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(A):
    n = A.shape[0]
    v0 = jnp.ones(n)
    v0 = v0 / jnp.linalg.norm(v0)

    def cond(state):
        i, eigenvalue, v, done = state
        return jnp.logical_and(i < 100, jnp.logical_not(done))

    def body(state):
        i, eigenvalue, v, done = state
        Av = A @ v
        eigenvalue_new = jnp.dot(v, Av)
        v_new = Av / jnp.linalg.norm(Av)
        stop = jnp.abs(eigenvalue_new - eigenvalue) < 1e-6
        eigenvalue = jnp.where(stop, eigenvalue, eigenvalue_new)
        v = jnp.where(stop, v, v_new)
        return i + 1, eigenvalue, v, stop

    _, eigenvalue, v, _ = lax.while_loop(
        cond, body, (0, jnp.asarray(0.0, A.dtype), v0, jnp.asarray(False)))
    return eigenvalue, v
