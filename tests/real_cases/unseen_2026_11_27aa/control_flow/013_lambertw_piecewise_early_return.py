"""Lambert W by fixed-point start plus Halley-type refinement: `if x >= e` branch and early returns on traced convergence tests.

source: public JAX manifold-optimisation util module in the code index ("various util files": asym, sym2, Lyapunov, vcat, cz, grand, projF, DprojF, find_LWInit0, find_LWInit1, LambertW, bisect_newton; code-index file id 28977563597; the index does not name its repository or commit)
error: TracerBoolConversionError
category: if-elif-early-return-iteration
expect: fix
notes: find_LWInit0, find_LWInit1 and LambertW are verbatim; the other helpers of the module (matrix utilities, bisect_newton) are dropped. Added the entry point `f = jax.jit(lambda x: LambertW(x)[0])`: it returns only the W value, because the iteration count LambertW also returns comes from `err < 1e-10` tests that in float32 can flip on the last bit between an eager and a compiled run. Leaks: `if jnp.abs(x - jnp.e) < tol`, `if x >= jnp.e`, and the `if (err < tol): return` / `if (err < 1e-10): return` exits inside the loops. Inputs avoid |x - e| < 1e-4, where find_LWInit0 returns a bare 1. that LambertW cannot unpack.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def find_LWInit0(x, tol=1e-4, maxiter=10):
    err = 10
    if jnp.abs(x - jnp.e) < tol:
        return 1.
    if x >= jnp.e:
        ww = 1.
        for i in range(maxiter):
            wwn = jnp.log(x) - jnp.log(ww)
            err = jnp.abs(wwn - ww)
            if (err < tol):
                return wwn, i
            ww = wwn
    else:
        ww = 1.
        for i in range(maxiter):
            wwn = x/jnp.exp(ww)
            err = jnp.abs(wwn - ww)
            if (err < tol):
                return wwn, i
            ww = wwn
    return ww, maxiter


def find_LWInit1(x, tol=1e-4, maxiter=10):
    """ second branch, x between -1/e and 0
        return w between 0 and -1
    """
    err = 10
    if jnp.abs(x - jnp.e) < tol:
        return 1.
    ww = -1.
    for i in range(maxiter):
        wwn = jnp.log(-x) - jnp.log(-ww)
        err = jnp.abs(wwn - ww)
        if (err < tol):
            return wwn, i
        ww = wwn
    return ww, maxiter


def LambertW(x, branch=0, maxiter=10):
    if branch == 0:
        ww, _ = find_LWInit0(x, maxiter=maxiter)
    else:
        ww, _ = find_LWInit1(x, maxiter=maxiter)
    for i in range(maxiter):
        zn = jnp.log(x/ww) - ww
        qn = 2*(1+ww)*(1+ww+2/3.*zn)
        en = zn/(1+ww)*(qn-zn)/(qn-2*zn)
        wwn = ww*(1+en)
        err = jnp.abs(wwn - ww)
        if (err < 1e-10):
            return wwn, i
        ww = wwn
    return ww, maxiter


f = jax.jit(lambda x: LambertW(x)[0])
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    kind = rng.integers(4)
    if kind == 0:
        x = rng.uniform(0.05, 1.0)      # small x: fixed-point start converges fast
    elif kind == 1:
        x = rng.uniform(1.5, 2.6)       # just below e: start hits maxiter
    elif kind == 2:
        x = rng.uniform(2.8, 6.0)       # just above e: log start
    else:
        x = rng.uniform(6.0, 60.0)
    return (np.float32(x),)


INPUTS = make_inputs


def _iterate(step, w0, tol, maxiter):
    def cond(s):
        i, ww, done = s
        return (i < maxiter) & ~done

    def body(s):
        i, ww, _ = s
        wwn = step(ww)
        return i + 1, wwn, jnp.abs(wwn - ww) < tol

    _, ww, _ = lax.while_loop(cond, body, (0, w0, jnp.array(False)))
    return ww


@jax.jit
def reference_fix(x):
    one = jnp.ones_like(x)
    w_log = _iterate(lambda ww: jnp.log(x) - jnp.log(ww), one, 1e-4, 10)
    w_fix = _iterate(lambda ww: x / jnp.exp(ww), one, 1e-4, 10)
    ww = jnp.where(x >= jnp.e, w_log, w_fix)

    def halley(ww):
        zn = jnp.log(x / ww) - ww
        qn = 2 * (1 + ww) * (1 + ww + 2 / 3. * zn)
        en = zn / (1 + ww) * (qn - zn) / (qn - 2 * zn)
        return ww * (1 + en)

    return _iterate(halley, ww, 1e-10, 10)
