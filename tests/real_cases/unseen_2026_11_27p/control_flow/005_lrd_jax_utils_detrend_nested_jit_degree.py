"""A jitted detrend calls a jitted polyfit with the Python int `degree`; the inner jit traces it, so `if n <= degree` and `jnp.vander(x, degree + 1)` get a tracer.

source: dave2k77/long-range-dependence-project-2 src/utils/jax_utils.py at 631e7d0959fe505c2158fae3595a669931faf785 (`JAXOptimizer.fast_polyfit`, `fast_polyval`, `fast_detrend`, each a `@staticmethod @jit` method)
error: TracerBoolConversionError
category: if-on-int-traced-by-nested-jit
expect: fix
notes: the three methods verbatim (docstrings, comments, decorators) inside their class; the other JAXOptimizer methods, `__init__`, the logger and the module-level `jax_enable_x64` update are dropped (so `jnp.float64` in `fast_detrend` gives float32); `f = JAXOptimizer.fast_detrend` added and called as `f(data)` with the default degree=1. The outer jit leaves the default `degree` a Python int, but passing it positionally to the jitted `fast_polyfit` makes it a tracer there: `if n <= degree:` fails (and `jnp.vander(x, degree + 1, ...)`/`jnp.zeros(degree + 1)` need it static anyway). The fix is to make `degree` static (static_argnames) rather than a lax.cond. The project's coefficient-order mismatch (increasing Vandermonde, then jnp.polyval) is kept as is.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit, vmap, grad, hessian


class JAXOptimizer:
    """
    JAX optimization utilities for long-range dependence estimators.
    
    This class provides JAX-compiled functions for common operations
    used in LRD estimation, including GPU acceleration and automatic differentiation.
    """

    @staticmethod
    @jit
    def fast_polyfit(x: jnp.ndarray, y: jnp.ndarray, degree: int) -> jnp.ndarray:
        """
        Fast polynomial fitting using JAX.
        
        Parameters
        ----------
        x : jnp.ndarray
            Input x values
        y : jnp.ndarray
            Input y values
        degree : int
            Polynomial degree
            
        Returns
        -------
        jnp.ndarray
            Polynomial coefficients
        """
        n = len(x)
        if n <= degree:
            return jnp.zeros(degree + 1)
        
        # Vandermonde matrix
        A = jnp.vander(x, degree + 1, increasing=True)
        
        # Solve using least squares
        coeffs, residuals, rank, s = jnp.linalg.lstsq(A, y, rcond=None)
        
        return coeffs
    
    @staticmethod
    @jit
    def fast_polyval(coeffs: jnp.ndarray, x: jnp.ndarray) -> jnp.ndarray:
        """
        Fast polynomial evaluation using JAX.
        
        Parameters
        ----------
        coeffs : jnp.ndarray
            Polynomial coefficients
        x : jnp.ndarray
            Input x values
            
        Returns
        -------
        jnp.ndarray
            Polynomial values
        """
        return jnp.polyval(coeffs, x)
    
    @staticmethod
    @jit
    def fast_detrend(data: jnp.ndarray, degree: int = 1) -> jnp.ndarray:
        """
        Fast detrending using JAX.
        
        Parameters
        ----------
        data : jnp.ndarray
            Input data
        degree : int
            Polynomial degree for detrending
            
        Returns
        -------
        jnp.ndarray
            Detrended data
        """
        n = len(data)
        x = jnp.arange(n, dtype=jnp.float64)
        
        # Fit polynomial
        coeffs = JAXOptimizer.fast_polyfit(x, data, degree)
        
        # Evaluate and subtract
        trend = JAXOptimizer.fast_polyval(coeffs, x)
        return data - trend


f = JAXOptimizer.fast_detrend
# --- end user code ---

import functools

import numpy as np


def make_inputs(rng):
    n = 16
    t = np.arange(n, dtype=np.float32)
    data = (rng.normal() * 0.2 * t + rng.normal() + rng.normal(0, 0.3, size=n)).astype(np.float32)
    return (data,)


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnames=("degree",))
def _ref_polyfit(x, y, degree):
    n = len(x)
    if n <= degree:
        return jnp.zeros(degree + 1)
    A = jnp.vander(x, degree + 1, increasing=True)
    coeffs, residuals, rank, s = jnp.linalg.lstsq(A, y, rcond=None)
    return coeffs


@functools.partial(jax.jit, static_argnames=("degree",))
def reference_fix(data, degree=1):
    n = len(data)
    x = jnp.arange(n, dtype=jnp.float32)
    coeffs = _ref_polyfit(x, data, degree)
    trend = jnp.polyval(coeffs, x)
    return data - trend
