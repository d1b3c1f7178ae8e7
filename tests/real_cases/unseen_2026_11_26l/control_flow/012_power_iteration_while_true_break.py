"""Power iteration with `while True:`, a traced `break` test and a Python iteration counter that is returned.

source: AnneHartebrodt/federated-pca-simulation python/PCA/pi_fun.py at 773dbe0854232b30cd6d490adb7d329afb944a34 (`power_iteration`)
error: TracerBoolConversionError
category: while-true-break-counter
expect: fix
notes: `power_iteration` is verbatim with `np` bound to jax.numpy and `f = jax.jit(power_iteration)` added. pi_fun.py calls an `eigenvalue(A, v)` helper that it does not define; the widely copied companion helper (`Av = A.dot(v); return v.dot(Av)`, defined next to this same power_iteration snippet in many public files) is inlined. Inputs are symmetric positive definite so the loop terminates; some are multiples of the identity (break on the first pass).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def eigenvalue(A, v):
    Av = A.dot(v)
    return v.dot(Av)


def power_iteration(A):
    n, d = A.shape

    v = np.ones(d) / np.sqrt(d)
    ev = eigenvalue(A, v)

    it = 0
    while True:
        it=it+1
        Av = A.dot(v)
        v_new = Av / np.linalg.norm(Av)

        ev_new = eigenvalue(A, v_new)
        if np.abs(ev - ev_new) < 0.01:
            break

        v = v_new
        ev = ev_new

    return ev_new, v_new, it


f = jax.jit(power_iteration)
# --- end user code ---

import numpy
import jax.numpy as jnp


def make_inputs(rng):
    d = 4
    if rng.random() < 0.2:
        A = numpy.eye(d) * rng.uniform(0.5, 3.0)
    else:
        B = rng.normal(size=(d, d))
        A = B @ B.T + numpy.eye(d)
    return (A.astype(numpy.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(A):
    n, d = A.shape
    v = jnp.ones(d) / jnp.sqrt(d)
    ev = eigenvalue(A, v)

    def cond(c):
        return jnp.logical_not(c[3])

    def body(c):
        v, ev, it, _ = c
        it = it + 1
        Av = A.dot(v)
        v_new = Av / jnp.linalg.norm(Av)
        ev_new = eigenvalue(A, v_new)
        return v_new, ev_new, it, jnp.abs(ev - ev_new) < 0.01

    v, ev, it, _ = jax.lax.while_loop(cond, body, (v, ev, 0, False))
    return ev, v, it
