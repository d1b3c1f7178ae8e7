"""Associated Legendre functions for vector spherical harmonics: branches on ndim and on the static order m, loops over static ranges.

source: MatteoMancini01/Gaia_EDR3 src/models/vsh_model.py at 1897b554f601a92677c3b6dbb1aa99907ad93f10 (factorial, make_legendre_polynomial, make_P_lm_scalar, P_lm)
error: none
category: negative-static-branches
expect: untouched
notes: the four definitions verbatim, docstrings shortened; the numpyro imports of the module dropped. `f` is the module's own `P_lm = jax.jit(P_lm, static_argnames=["l", "m"])`. Look-alike: `if jnp.ndim(x) == 0 / elif ... == 1 / elif ... == 2` inside the jitted function (ndim is static), `if m >= 0:` inside a vmapped/jitted scalar function where m is a closed-over Python int, `for _ in range(abs(m))` applying jax.grad, `for k in range(0, l//2 + 1)`. Inputs: 1-D or 2-D x in (-1, 1) with l in 1..4 and m in -l..l passed as Python ints (static).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
import math
from functools import lru_cache


@lru_cache(maxsize=256)
def factorial(n: int):
    """Memoised factorial function using Python's built-in math.factorial."""
    return math.factorial(n)


@lru_cache(maxsize=256)
def make_legendre_polynomial(l: int):
    """Generates a scalar function for the Legendre polynomial P_l(x) using a binomial series expansion."""

    def P_l_scalar(x_val):
        sum0 = 0.
        for k in range(0, l//2 + 1):
            term = (-1)**k*factorial(2*l - 2*k)/(
                2**l*factorial(k)*factorial(l - k)*factorial(l - 2*k)
            ) * x_val**(l - 2*k)
            sum0 += term
        return sum0
    return P_l_scalar


def make_P_lm_scalar(l, m):
    """Returns a scalar function to evaluate the associated Legendre function P_lm(x)."""

    P_l = make_legendre_polynomial(l)
    for _ in range(abs(m)):
        P_l = jax.grad(P_l)

    def P_lm(x_val):
        base = P_l(x_val)
        if m >= 0:
            return (1 - x_val**2)**(m/2)*base
        else:
            prefactor = (-1)**(-m)*factorial(l + m)/factorial(l - m)
            return prefactor * (1 - x_val**2)**(-m/2)*base
    return jax.jit(P_lm)


def P_lm(x, l, m):
    """Evaluates the associated Legendre function P_lm(x) for scalars, vectors, or matrices of x."""

    P_lm_scalar = make_P_lm_scalar(l, m)

    if jnp.ndim(x) == 0:
        return P_lm_scalar(x)
    elif jnp.ndim(x) == 1:
        return jax.vmap(P_lm_scalar)(x)
    elif jnp.ndim(x) == 2:
        return jax.vmap(jax.vmap(P_lm_scalar))(x)
    else:
        raise ValueError("Unsupported input dimension for P_lm")
P_lm = jax.jit(P_lm, static_argnames=["l", "m"])

f = P_lm
# --- end user code ---

import numpy as np


def make_inputs(rng):
    l = int(rng.integers(1, 5))
    m = int(rng.integers(-l, l + 1))
    shape = (7,) if rng.uniform() < 0.5 else (3, 4)
    x = rng.uniform(-0.95, 0.95, size=shape).astype(np.float32)
    return (x, l, m)


INPUTS = make_inputs
