"""Newton-Raphson for Kepler's equation: a `for` loop left with `break` on a traced convergence test.

source: ramonefoster/astronautica cap6/utils.py at 10c8e578d90574232264451f7384f031c993effd (kepler_f, kepler_fp, newton_raphson)
error: TracerBoolConversionError
category: for-break-on-traced-cond (root solver, orbital mechanics)
expect: fix
notes: the three functions verbatim; the module's `import numpy as np` is replaced by `import jax.numpy as np` (the usual first step of a JAX port, otherwise np.sin fails on a tracer before the control flow is reached) and the function is jitted as a whole. In float32 the iteration reaches an exact fixed point (|En - E| = 0 < tol) and leaves through the break after a number of steps that depends on M and e (e = 0 breaks on the second step); the loop-exhausted path needs max_iter iterations without convergence and is not hit by these inputs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np

def kepler_f(E, M, e):
    return M - E + e * np.sin(E)

def kepler_fp(E, e):
    return -1 + e * np.cos(E)

# Newton–Raphson for elliptical orbits
def newton_raphson(E0, M, e, tol=1e-15, max_iter=100):
    E = E0
    for i in range(max_iter):
        f  = kepler_f(E, M, e)
        fp = kepler_fp(E, e)
        dE = -f / fp
        En = E + dE
    
        if abs(En - E) < tol:
            break
        
        E = En
    return E


f = jax.jit(newton_raphson, static_argnames=("max_iter",))
# --- end user code ---

import numpy
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    M = numpy.float32(rng.uniform(0.0, 2 * numpy.pi))
    e = numpy.float32(rng.choice([0.0, rng.uniform(0.0, 0.3), rng.uniform(0.6, 0.95)]))
    E0 = M
    return (numpy.asarray(E0), numpy.asarray(M), numpy.asarray(e))


INPUTS = make_inputs


@jax.jit
def reference_fix(E0, M, e, tol=1e-15, max_iter=100):
    def cond(s):
        i, E, done = s
        return (i < max_iter) & ~done

    def body(s):
        i, E, done = s
        En = E + -kepler_f(E, M, e) / kepler_fp(E, e)
        conv = abs(En - E) < tol
        return i + 1, jnp.where(conv, E, En), conv

    _, E, _ = lax.while_loop(cond, body, (0, E0, jnp.asarray(False)))
    return E
