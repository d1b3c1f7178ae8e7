"""Legendre polynomials by the three-term recurrence: `if n == 0 / elif n == 1` and `for k in range(1, n)` on a static degree; the traced x never reaches Python control flow.

source: code-index file id 2400251737, the same JAX quadrature module as case 006 (docstring "Core quadrature implementations with numerical stability improvements"; function `legendre_polynomial`). The index did not name the repository.
error: none
category: negative-static-int-branch-and-range
expect: untouched
notes: function verbatim. `f = jax.jit(legendre_polynomial, static_argnums=(0,))` is added (the module uses it with a Python-int degree inside its Newton loops); the degree is a static Python int (2 to 7) and the points x are traced. Look-alikes of leaks: an if/elif/else chain with early returns and a Python `for` loop whose bound is the degree, all on the static argument. Nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


# Simple Legendre polynomial implementation
def legendre_polynomial(n, x):
    """
    Basic implementation of Legendre polynomials without stability improvements.
    
    Parameters:
    n : int
        Degree of the polynomial
    x : array_like
        Points at which to evaluate the polynomial
        
    Returns:
    array_like
        Legendre polynomial values at x
    """
    x = jnp.asarray(x)
    if n == 0:
        return jnp.ones_like(x)
    elif n == 1:
        return x
    else:
        p_prev = jnp.ones_like(x)
        p_curr = x
        
        for k in range(1, n):
            p_next = ((2*k + 1) * x * p_curr - k * p_prev) / (k + 1)
            p_prev = p_curr
            p_curr = p_next
            
        return p_curr


f = jax.jit(legendre_polynomial, static_argnums=(0,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(2, 8))
    x = rng.uniform(-1.0, 1.0, size=(9,)).astype(np.float32)
    return (n, x)


INPUTS = make_inputs
