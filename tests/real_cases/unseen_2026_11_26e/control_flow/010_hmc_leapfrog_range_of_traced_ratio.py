"""HMC leapfrog integrator: `range(int(path_len / step_size) - 1)` with a traced path length and step size.

source: BerenMillidge/HMC_implementation hmc.py (`leapfrog_integrator`), found in the public code index
error: ConcretizationTypeError
category: for-range-traced-trip-count
expect: fix
notes: `leapfrog_integrator` verbatim with `import jax.numpy as np` (its `np.copy` and augmented assignments work on JAX arrays). The file's `hamiltonian_MCMC` is not used (it references an undefined `path_len` and has a syntax error); the jitted `f` calls the integrator for a standard normal target, `dVdq(q) = q`, with the path length and step size as traced arguments. Some trials have path_len < step_size, so the loop body never runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


# theis is the key is figuring out the leapfrog integrator
def leapfrog_integrator(q,p, dVdq, path_len, step_size):
    q,p = np.copy(q), np.copy(p)
    p -= step_size * dVdq(q) / 2 #so the gradient DOES change at every step. This is important to note.
    for _ in range(int(path_len / step_size) -1):
        q += step_size * p
        p -= step_size * dVdq(q)
    q += step_size * p
    p -= step_size * dVdq(q) / 2
    return q, -p


def dVdq(q):
    return q


@jax.jit
def f(q, p, path_len, step_size):
    return leapfrog_integrator(q, p, dVdq, path_len, step_size)
# --- end user code ---

import jax.numpy as jnp
import numpy


def make_inputs(rng):
    q = rng.normal(size=2).astype(numpy.float32)
    p = rng.normal(size=2).astype(numpy.float32)
    step_size = numpy.float32(rng.uniform(0.05, 0.3))
    path_len = numpy.float32(rng.uniform(0.02, 0.2) if rng.random() < 0.2 else rng.uniform(0.5, 2.0))
    return (q, p, path_len, step_size)


INPUTS = make_inputs


@jax.jit
def reference_fix(q, p, path_len, step_size):
    p = p - step_size * dVdq(q) / 2
    n = (path_len / step_size).astype(jnp.int32) - 1

    def body(_, qp):
        q, p = qp
        q = q + step_size * p
        p = p - step_size * dVdq(q)
        return q, p

    q, p = jax.lax.fori_loop(0, jnp.maximum(n, 0), body, (q, p))
    q = q + step_size * p
    p = p - step_size * dVdq(q) / 2
    return q, -p
