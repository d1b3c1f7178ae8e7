"""jax-am FEM solver helper: prints the residual and asserts convergence on a traced norm.

source: CMSL-HKUST/jax-am, solver.py jax_solve as quoted in https://github.com/CMSL-HKUST/jax-am/issues/13 ("Potentially harmful use of assert statements in solver.py")
error: TracerBoolConversionError
category: helper-assert-print
expect: report
notes: jax_solve verbatim except that the Jacobi preconditioner built from `problem` is dropped (precond=False path); `np` is jax.numpy as in the original module. f jits a linear solve with a dense SPD operator; the helper's assert on `err` (and its print) cannot be kept as-is under jit, and removing the check changes behaviour: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def jax_solve(A_fn, b, x0, precond):
    pc = None
    x, info = jax.scipy.sparse.linalg.bicgstab(A_fn, b, x0=x0, M=pc, tol=1e-10, atol=1e-10, maxiter=10000)

    # Verify convergence
    err = np.linalg.norm(A_fn(x) - b)
    print(f"JAX scipy linear solve res = {err}")

    assert err < 0.1, f"JAX linear solver failed to converge with err = {err}"

    return x


@jax.jit
def f(K, b):
    return jax_solve(lambda x: K @ x, b, np.zeros_like(b), precond=False)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    a = rng.normal(size=(5, 5))
    K = (a @ a.T + 5 * onp.eye(5)).astype(onp.float32)
    return K, rng.normal(size=(5,)).astype(onp.float32)


INPUTS = make_inputs
