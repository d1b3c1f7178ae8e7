"""A fixed-step ODE helper computes its step count with jnp from constants and scans over jnp.arange(steps).

source: https://github.com/jax-ml/jax/issues/5017 (jaxfixedsolve / sim_function; "the above code works without jit-ing")
error: ConcretizationTypeError
category: helper-shape-from-jnp-constant
expect: fix
notes: verbatim; f = jax.jit(sim_function). The step count depends only on the Python constants t_span and max_dt, but computing it with jnp stages it, so jnp.arange(steps) gets a tracer. The closure rhs reads the traced coeff and is fine. Computing steps and h with Python/NumPy arithmetic is the jit-safe rewrite.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.lax import scan


def jaxfixedsolve(rhs, t_span, y0, max_dt):

    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + (h * step)
        return (carry + rhs(eval_time, carry)*h, None)

    yf = scan(scan_func, y0, jnp.arange(steps))[0]
    return yf


def sim_function(coeff):

    def rhs(t, y):
        return coeff * y

    return jaxfixedsolve(rhs, t_span=[0, 0.5], y0=jnp.array(1., dtype=float), max_dt = 0.1)


f = jax.jit(sim_function)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal()),)


INPUTS = make_inputs


def _solve_fixed(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = int(delta_t // max_dt)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + (h * step)
        return (carry + rhs(eval_time, carry) * h, None)

    return scan(scan_func, y0, jnp.arange(steps))[0]


@jax.jit
def reference_fix(coeff):
    return _solve_fixed(lambda t, y: coeff * y, t_span=[0, 0.5],
                        y0=jnp.array(1., dtype=float), max_dt=0.1)
