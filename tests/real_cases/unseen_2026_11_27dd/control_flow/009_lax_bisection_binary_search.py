"""JAX-NSL's binary_search: a bisection already written with lax.while_loop and lax.cond (look-alike, nothing to fix).

source: SatvikPraveen/JAX-NSL src/transforms/control_flow.py at 08ce322c908591ecb8a91f11d85f9f773d4fdc9b (binary_search; code-index file id 12840797128)
error: none
category: negative-lax-while-cond
expect: untouched
notes: binary_search verbatim with the module's imports. The convergence test `jnp.abs(high_val - low_val) < tolerance`, the `f_mid < target` comparisons and the iteration cap all live inside lax.while_loop / lax.cond, so the function is jit-safe even though it reads like a Python bisection. Added the entry point `f`, a jitted wrapper that searches the monotone jnp.tanh for a traced target between traced bounds (binary_search takes the function to invert as its own argument named `f`).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax
from typing import Callable, Any, Optional, Union, Tuple, List
import functools


def binary_search(f: Callable,
                 target: float,
                 low: float,
                 high: float,
                 tolerance: float = 1e-6,
                 max_iterations: int = 100) -> float:
    """Binary search using while_loop.
    
    Args:
        f: Function to search over (must be monotonic)
        target: Target value to find
        low: Lower search bound
        high: Upper search bound
        tolerance: Convergence tolerance
        max_iterations: Maximum search iterations
        
    Returns:
        Input value where f(x) ≈ target
    """
    def cond_fun(state):
        low_val, high_val, iterations = state
        converged = jnp.abs(high_val - low_val) < tolerance
        max_iters_reached = iterations >= max_iterations
        return jnp.logical_not(jnp.logical_or(converged, max_iters_reached))
    
    def body_fun(state):
        low_val, high_val, iterations = state
        mid = (low_val + high_val) / 2
        f_mid = f(mid)
        
        # Update bounds based on comparison
        new_low = lax.cond(f_mid < target, lambda: mid, lambda: low_val)
        new_high = lax.cond(f_mid < target, lambda: high_val, lambda: mid)
        
        return new_low, new_high, iterations + 1
    
    initial_state = (low, high, 0)
    final_low, final_high, _ = lax.while_loop(cond_fun, body_fun, initial_state)
    
    return (final_low + final_high) / 2


@jax.jit
def f(target, low, high):
    return binary_search(jnp.tanh, target, low, high)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    low = np.float32(rng.uniform(-4.0, -1.0))
    high = np.float32(rng.uniform(1.0, 4.0))
    # target inside, and sometimes outside, tanh's range over [low, high]
    target = np.float32(rng.uniform(-1.2, 1.2))
    return (target, low, high)


INPUTS = make_inputs
