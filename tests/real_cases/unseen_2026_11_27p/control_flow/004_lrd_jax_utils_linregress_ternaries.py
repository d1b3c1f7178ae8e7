"""A jitted staticmethod linear regression with an early tuple return on a traced zero test and four traced conditional expressions, mixed with static `len` tests.

source: dave2k77/long-range-dependence-project-2 src/utils/jax_utils.py at 631e7d0959fe505c2158fae3595a669931faf785 (`JAXOptimizer.fast_linregress`, a `@staticmethod @jit` method)
error: TracerBoolConversionError
category: if-early-return-ternary-mixed-static
expect: fix
notes: `fast_linregress` verbatim (docstring, comments and decorators kept) inside its class; the other JAXOptimizer methods, `__init__`, the logger and the module-level `jax.config.update("jax_enable_x64", True)` are dropped (x64 would leak into other cases run in the same process); `f = JAXOptimizer.fast_linregress` added. Leaks: `if sum_xx == 0.0: return 0.0, y_mean, 0.0, 1.0, 0.0`, then `... if sum_yy > 0.0 else 0.0`, `jnp.sqrt(r_squared) if r_squared >= 0.0 else 0.0`, `... if sum_xx > 0.0 else 0.0`, `slope / std_err if std_err > 0.0 else 0.0`, all on traced values. The `n = len(x)` tests (`n < 2`, `n > 2`, `n > 10`) are static and must stay Python. Inputs: 12 points; some trials have a constant x (early return) or a constant y (sum_yy == 0).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit, vmap, grad, hessian
from jax.scipy import stats, optimize


class JAXOptimizer:
    """
    JAX optimization utilities for long-range dependence estimators.
    
    This class provides JAX-compiled functions for common operations
    used in LRD estimation, including GPU acceleration and automatic differentiation.
    """

    @staticmethod
    @jit
    def fast_linregress(x: jnp.ndarray, y: jnp.ndarray) -> tuple:
        """
        Fast linear regression using JAX.
        
        Parameters
        ----------
        x : jnp.ndarray
            Input x values
        y : jnp.ndarray
            Input y values
            
        Returns
        -------
        tuple
            (slope, intercept, r_value, p_value, std_err)
        """
        n = len(x)
        if n < 2:
            return 0.0, 0.0, 0.0, 1.0, 0.0
        
        # Calculate means
        x_mean = jnp.mean(x)
        y_mean = jnp.mean(y)
        
        # Calculate sums
        dx = x - x_mean
        dy = y - y_mean
        sum_xy = jnp.sum(dx * dy)
        sum_xx = jnp.sum(dx * dx)
        sum_yy = jnp.sum(dy * dy)
        
        # Calculate slope and intercept
        if sum_xx == 0.0:
            return 0.0, y_mean, 0.0, 1.0, 0.0
        
        slope = sum_xy / sum_xx
        intercept = y_mean - slope * x_mean
        
        # Calculate R-squared
        r_squared = (sum_xy * sum_xy) / (sum_xx * sum_yy) if sum_yy > 0.0 else 0.0
        r_value = jnp.sqrt(r_squared) if r_squared >= 0.0 else 0.0
        
        # Calculate standard error
        if n > 2:
            mse = (sum_yy - slope * sum_xy) / (n - 2)
            std_err = jnp.sqrt(mse / sum_xx) if sum_xx > 0.0 else 0.0
        else:
            std_err = 0.0
        
        # Simple p-value approximation
        if n > 10:
            t_stat = slope / std_err if std_err > 0.0 else 0.0
            p_value = 2.0 * (1.0 - stats.norm.cdf(jnp.abs(t_stat)))
        else:
            p_value = 0.5
        
        return slope, intercept, r_value, p_value, std_err


f = JAXOptimizer.fast_linregress
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    kind = int(rng.integers(0, 4))
    if kind == 0:   # constant x: the early return
        x = np.full(n, rng.normal(), dtype=np.float32)
    else:
        x = rng.uniform(0.0, 5.0, size=n).astype(np.float32)
    if kind == 1:   # constant y: sum_yy == 0
        y = np.full(n, rng.normal(), dtype=np.float32)
    else:
        y = (rng.normal() * x + rng.normal() + rng.normal(0, 0.5, size=n)).astype(np.float32)
    return (x, y)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y):
    n = len(x)
    x_mean = jnp.mean(x)
    y_mean = jnp.mean(y)
    dx = x - x_mean
    dy = y - y_mean
    sum_xy = jnp.sum(dx * dy)
    sum_xx = jnp.sum(dx * dx)
    sum_yy = jnp.sum(dy * dy)
    degenerate = sum_xx == 0.0
    sxx = jnp.where(degenerate, 1.0, sum_xx)
    slope = sum_xy / sxx
    intercept = y_mean - slope * x_mean
    syy = jnp.where(sum_yy > 0.0, sum_yy, 1.0)
    r_squared = jnp.where(sum_yy > 0.0, (sum_xy * sum_xy) / (sxx * syy), 0.0)
    r_value = jnp.where(r_squared >= 0.0, jnp.sqrt(jnp.where(r_squared >= 0.0, r_squared, 0.0)), 0.0)
    mse = (sum_yy - slope * sum_xy) / (n - 2)
    std_err = jnp.where(sum_xx > 0.0, jnp.sqrt(mse / sxx), 0.0)
    se = jnp.where(std_err > 0.0, std_err, 1.0)
    t_stat = jnp.where(std_err > 0.0, slope / se, 0.0)
    p_value = 2.0 * (1.0 - stats.norm.cdf(jnp.abs(t_stat)))
    z = jnp.zeros_like(slope)
    return (jnp.where(degenerate, z, slope),
            jnp.where(degenerate, y_mean, intercept),
            jnp.where(degenerate, z, r_value),
            jnp.where(degenerate, z + 1.0, p_value),
            jnp.where(degenerate, z, std_err))
