"""A "JAX-compatible" Newton-Raphson whose early `return` sits on a traced `if jnp.abs(dx) < tol`.

source: code-index file id 38485601574 (a small module `import jax.numpy as jnp / from jax import jacfwd` defining `newton_raphson(f, x0, args=(), tol=1e-6, max_iter=100)`; the index does not name its repository). A later revision of the same function (code-index file id 37960351038) carries the comment "The previous implementation was not compatible with JAX's vmap, as it used 'regular' for loops and conditionals. For compatibility, we change to lax.while_loop."
error: TracerBoolConversionError
category: for-early-return-convergence
expect: fix
notes: newton_raphson is verbatim (docstring, for/if-return, trailing raise). The index gives no caller, so the entry point `f` and the residual `cube_residual` (x**3 - c, a cube root) are added; x0 and c are traced scalars. Inputs always converge well inside max_iter, so the trailing RuntimeError is never reached eagerly.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jacfwd

def newton_raphson(f, x0, args=(), tol=1e-6, max_iter=100):
    """
    JAX-compatible Newton-Raphson method for root finding.

    Parameters:
    - f: Function for which the root is sought.
    - x0: Initial guess for the root.
    - args: Additional arguments to pass to the function.
    - tol: Tolerance for convergence.
    - max_iter: Maximum number of iterations.

    Returns:
    - x: The root found.
    """
    x = x0
    for _ in range(max_iter):
        fx = f(x, *args)
        dfx = jacfwd(f)(x, *args)  # Compute the derivative using JAX
        dx = -fx / dfx
        x = x + dx

        if jnp.abs(dx) < tol:
            return x

    raise RuntimeError("Newton-Raphson method did not converge")


def cube_residual(x, c):
    return x ** 3 - c


@jax.jit
def f(x0, c):
    return newton_raphson(cube_residual, x0, args=(c,))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    x0 = np.float32(rng.uniform(1.0, 3.0))
    c = np.float32(rng.uniform(0.5, 8.0))
    return (x0, c)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, c):
    tol, max_iter = 1e-6, 100

    def cond(state):
        x, dx, i = state
        return (i == 0) | ((jnp.abs(dx) >= tol) & (i < max_iter))

    def body(state):
        x, dx, i = state
        fx = cube_residual(x, c)
        dfx = jacfwd(cube_residual)(x, c)
        dx = -fx / dfx
        return x + dx, dx, i + 1

    x, _, _ = lax.while_loop(cond, body, (x0, jnp.zeros_like(x0), 0))
    return x
