"""Scalar bisection root finder already written with lax.while_loop and jnp.where (jaxprop demo).

source: turbo-sim/jaxprop examples/bicubic_interpolation/demo_bisection.py at 13bdffbb9c680969f2a6e4909aa50e27843c103a (bisection_root_scalar; code-index file id 26311823703)
error: none
category: negative-while-loop-already
expect: untouched
notes: bisection_root_scalar is verbatim (the file defines only this function). The file has no caller, so the entry point `f` is added: it inverts a monotonic calorically-imperfect gas enthalpy h(T) = a*T + b*T**2/2 (coefficients traced, T in [200, 2000] K) for a traced target enthalpy, the kind of property inversion the project's bicubic-interpolation examples use bisection for; the enthalpy lambda is the only code written for this case. Look-alike features: a Python-float `tol` and int `max_iter` inside cond_fun, `jnp.sign(f_mid) == jnp.sign(f_low)` feeding jnp.where instead of an `if`, and a tuple carry unpacked with `_`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax

def bisection_root_scalar(func, lower, upper, tol=1e-8, max_iter=100):
    """
    Simple scalar root finder using bisection method in JAX.
    
    Parameters:
        func: function f(x), must be scalar-valued and monotonic over [lower, upper]
        lower: lower bound of root bracket
        upper: upper bound of root bracket
        tol: convergence tolerance
        max_iter: maximum number of iterations

    Returns:
        x_root: root such that f(x_root) ≈ 0
    """
    def cond_fun(state):
        lower, upper, mid, f_mid, i = state
        return jnp.logical_and(jnp.abs(f_mid) > tol, i < max_iter)

    def body_fun(state):
        lower, upper, mid, f_mid, i = state
        mid = 0.5 * (lower + upper)
        f_mid = func(mid)
        f_low = func(lower)

        # Check sign of f at mid and lower to determine new interval
        update_lower = jnp.sign(f_mid) == jnp.sign(f_low)
        new_lower = jnp.where(update_lower, mid, lower)
        new_upper = jnp.where(update_lower, upper, mid)

        return new_lower, new_upper, mid, f_mid, i + 1

    f_init = func(0.5 * (lower + upper))
    init_state = (lower, upper, 0.5 * (lower + upper), f_init, 0)

    final_state = lax.while_loop(cond_fun, body_fun, init_state)
    _, _, x_root, _, _ = final_state
    return x_root


@jax.jit
def f(h_target, a, b):
    enthalpy = lambda T: a * T + 0.5 * b * T**2
    return bisection_root_scalar(lambda T: enthalpy(T) - h_target, jnp.float32(200.0), jnp.float32(2000.0))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = np.float32(rng.uniform(0.9, 1.1))      # kJ/(kg K)
    b = np.float32(rng.uniform(1e-5, 2e-4))    # kJ/(kg K^2)
    T = rng.uniform(250.0, 1900.0)
    h = np.float32(a * T + 0.5 * b * T * T)
    return (h, a, b)


INPUTS = make_inputs
