"""Gauss hypergeometric 2F1 in JAX: if/elif dispatch on traced a, b, |z| and a recursive Pfaff/Euler chain.

source: "Implementation of the Gaussian Hypergeometric Function with JAX" module in the public code index
    (code-index file id 44911350382; pochhammer, pochhammer_safe, hyp2f1_taylor, hyp2f1_recursive,
    hyp2f1_terminating, hyp2f1). A later revision (id 44450714946) adds `jax_enable_x64` and an odeint
    import, same functions. The index does not name the repository.
error: TracerBoolConversionError
category: if-elif-chain-traced-scalars-recursive
expect: fix
notes: Verbatim except: the `if __name__ == '__main__':` demo (timing against scipy) is dropped and
    `f = jax.jit(hyp2f1)` is added as the entry point (`max_terms` keeps its default). Under jit the
    first leak is `is_integer_a and a <= 0` (Python `and`/`or` on traced bools), then the `if/elif`
    dispatch, then inside hyp2f1_recursive `_inner`'s `if abs_z < 1: ... elif depth > 0:` (the depth
    recursion is static, |z| is traced) and its verbose f-string `{abs_z:.4f}` prints. Inputs: float32
    a, b, c and complex64 z covering the terminating branch (a or b a non-positive integer), |z| < 1,
    and |z| > 1 with Re z < 1/2 (one Pfaff step). make_inputs keeps only draws whose eager float32 result
    is finite and within 1e-3 of scipy.special.hyp2f1: the naive `pochhammer` overflows float32 after ~30
    terms, so eagerly the series can give inf/inf = NaN where XLA's fused code under jit stays finite.
    For the same reason no trial reaches the Euler branch (|z| > 1, Re z > 1/2), whose series diverges;
    it is still traced by any jit-safe rewrite.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, gamma
from scipy import special
import time

'''
Implementation of the Gaussian Hypergeometric Function with JAX.  
'''

# Safer Pochhammer (a)_n using gamma function

@jax.jit
def pochhammer(a, n):
    return jnp.exp(gammaln(a + n) - gammaln(a))

@jax.jit
def pochhammer_safe(a, n):
    def body_fun(ii, result):
        return result * (a + ii)
    return jax.lax.fori_loop(0, n, body_fun, 1.0)

# Taylor series for |z| < 1
@jax.jit
def hyp2f1_taylor(a, b, c, z, max_terms=100, tol=1e-12):
    def term(n):
        num = pochhammer(a, n) * pochhammer(b, n)
        denom = pochhammer(c, n) * jnp.exp(gammaln(n + 1))
        return (num / denom) * z**n

    def cond(state):
        n, acc, t = state
        return jnp.logical_and(n < max_terms, jnp.abs(t) > tol)

    def body(state):
        n, acc, _ = state
        t = term(n)
        return n + 1, acc + t, t

    init = (0, jnp.zeros_like(z, dtype=jnp.complex64), jnp.ones_like(z, dtype=jnp.complex64))
    _, result, _ = jax.lax.while_loop(cond, body, init)
    return result


def hyp2f1_recursive(a, b, c, z, max_terms=100, max_depth=5, verbose=True):
    def _inner(a, b, c, z, depth, prefactor=1.0):
        abs_z = abs(z)

        if abs_z < 1:
            if verbose:
                print("Converging: using Taylor series at", z)
            return prefactor * hyp2f1_taylor(a, b, c, z, max_terms=max_terms)

        elif depth > 0:
            if verbose:
                print(f"Attempting Pfaff (depth = {depth})")

            # Apply Pfaff transformation
            z_new = z / (z - 1)
            abs_new = abs(z_new)

            if verbose:
                print(f"Pfaff: |z| = {abs_z:.4f} → |z_new| = {abs_new:.4f}")

            # Compose the prefactor
            new_prefactor = prefactor * (1 - z) ** (-a)

            # Try again with transformed z
            return _inner(a, c - b, c, z_new, depth - 1, new_prefactor)

        else:
            if verbose:
                print(f"Switching to Euler at z = {z} after failed Pfaff attempts")
            euler_prefactor = prefactor * (1 - z) ** (c - a - b)
            return euler_prefactor * hyp2f1_taylor(c - a, c - b, c, z, max_terms=max_terms)

    return _inner(a, b, c, z, max_depth)



@jax.jit
def hyp2f1_terminating(a, b, c, z):
    n_max = jnp.minimum(-a, -b)
    
    def term(n):
        num = pochhammer_safe(a, n) * pochhammer_safe(b, n)
        denom = pochhammer_safe(c, n) * jnp.exp(gammaln(n + 1))
        return (num / denom) * z**n

    # Define things for jax.lax.while_loop

    def sum_terms_whileLoop(term, n_max):

        def cond_fun(state):
            n, acc = state 
            return n <= n_max

        def body_fun(state):
            n, acc = state
            acc = acc + term(n)
            return (n+1, acc)
        
        # initialize state 
        init_state = (0,0.0)
        _, total = jax.lax.while_loop(cond_fun, body_fun, init_state)

        return total 

    return sum_terms_whileLoop(term, n_max)

'''
Wrapper function for the Hyp2F1 function
'''

def hyp2f1(a, b, c, z, max_terms=100):
    mag_z = jnp.abs(z)
    is_integer_a = jnp.equal(a, jnp.floor(a))
    is_integer_b = jnp.equal(b, jnp.floor(b))

    is_terminating = (
        (is_integer_a and a <= 0) or
        (is_integer_b and b <= 0)
    )

    if is_terminating:
        return hyp2f1_terminating(a, b, c, z)
    elif mag_z < 1:
        return hyp2f1_taylor(a, b, c, z, max_terms=max_terms)
    else:
        return hyp2f1_recursive(a, b, c, z, max_terms=max_terms)


f = jax.jit(hyp2f1)
# --- end user code ---

import numpy as np


def _sample(rng):
    kind = int(rng.integers(0, 3))
    c = np.float32(rng.uniform(1.2, 3.0))
    if kind == 0:   # terminating polynomial
        a = np.float32(-int(rng.integers(1, 4)))
        b = np.float32(-rng.uniform(1.0, 4.0))
        z = complex(rng.uniform(-2, 2), rng.uniform(-1, 1))
    else:
        a = np.float32(rng.uniform(0.1, 1.5))
        b = np.float32(rng.uniform(0.1, 1.5))
        if kind == 1:   # inside the unit disk
            r, th = rng.uniform(0.0, 0.9), rng.uniform(0, 2 * np.pi)
            z = r * np.exp(1j * th)
        else:           # outside, Re z < 1/2: one Pfaff step lands inside
            z = complex(rng.uniform(-3.0, -1.2), rng.uniform(-0.5, 0.5))
    return (a, b, c, np.complex64(z))


def _eager_ok(args):
    # keep trials where the original's float32 series does not overflow when run eagerly
    # ((a)_n (b)_n overflows float32 after ~30 terms, giving inf/inf = NaN eagerly while XLA's
    # fused exp(gammaln) under jit stays finite): compare with scipy's float64 value
    import contextlib
    import io
    from scipy import special as _sp
    with contextlib.redirect_stdout(io.StringIO()), jax.disable_jit():
        got = complex(hyp2f1(*[jnp.asarray(v) for v in args]))
    want = complex(_sp.hyp2f1(float(args[0]), float(args[1]), float(args[2]), complex(args[3])))
    return np.isfinite(got) and abs(got - want) <= 1e-3 * (1 + abs(want))


def make_inputs(rng):
    for _ in range(200):
        args = _sample(rng)
        if _eager_ok(args):
            return args
    return args


INPUTS = make_inputs


def _inner_fixed(a, b, c, z, depth, max_terms, prefactor=1.0):
    abs_z = jnp.abs(z)
    taylor = prefactor * hyp2f1_taylor(a, b, c, z, max_terms=max_terms)
    if depth > 0:
        z_new = z / (z - 1)
        new_prefactor = prefactor * (1 - z) ** (-a)
        other = _inner_fixed(a, c - b, c, z_new, depth - 1, max_terms, new_prefactor)
    else:
        euler_prefactor = prefactor * (1 - z) ** (c - a - b)
        other = euler_prefactor * hyp2f1_taylor(c - a, c - b, c, z, max_terms=max_terms)
    return jnp.where(abs_z < 1, taylor, other)


@jax.jit
def reference_fix(a, b, c, z, max_terms=100):
    mag_z = jnp.abs(z)
    is_integer_a = jnp.equal(a, jnp.floor(a))
    is_integer_b = jnp.equal(b, jnp.floor(b))
    is_terminating = (is_integer_a & (a <= 0)) | (is_integer_b & (b <= 0))
    term = hyp2f1_terminating(a, b, c, z)
    taylor = hyp2f1_taylor(a, b, c, z, max_terms=max_terms)
    rec = _inner_fixed(a, b, c, z, 5, max_terms)
    return jnp.where(is_terminating, term, jnp.where(mag_z < 1, taylor, rec))
