"""A step count computed with `jnp` from constants inside a solver helper becomes a tracer and sizes `jnp.arange`.

source: jax-ml/jax issue #5017 ("Help understanding jit tracing in small example", jaxfixedsolve / sim_function)
error: ConcretizationTypeError
category: traced-shape-from-constants-in-helper
expect: fix
notes: verbatim from the issue: the jitted sim_function closes over `coeff` in `rhs` and calls the
  module helper jaxfixedsolve with constant t_span/max_dt; `steps = jnp.array(delta_t // max_dt)`
  is staged under jit, so `jnp.arange(steps)` sees a tracer although every input to it is a Python
  constant. Only `@jax.jit` on sim_function (named f) is added.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.lax import scan
import numpy as np


def jaxfixedsolve(rhs, t_span, y0, max_dt):

    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + (h * step)
        return (carry + rhs(eval_time, carry)*h, None)

    yf = scan(scan_func, y0, jnp.arange(steps))[0]
    return yf


@jax.jit
def f(coeff):

    def rhs(t, y):
        return coeff * y

    return jaxfixedsolve(rhs, t_span=[0, 0.5], y0=jnp.array(1., dtype=float), max_dt = 0.1)
# --- end user code ---


def make_inputs(rng):
    return (np.float32(rng.uniform(-2.0, 2.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(coeff):
    steps = int(0.5 // 0.1)
    h = 0.5 / steps

    def body(carry, step):
        return carry + coeff * carry * h, None

    return scan(body, jnp.array(1., dtype=float), jnp.arange(steps))[0]
