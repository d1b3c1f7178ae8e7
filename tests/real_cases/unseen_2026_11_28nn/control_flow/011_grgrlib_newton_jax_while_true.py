"""grgrlib's `newton_jax`: `while True` Newton iteration with `if eps < tol: break` and a NaN raise.

source: gboehl/grgrlib grgrlib/jaxed.py, an early stored revision (code-index file id 3719095761:
    newton_jax, newton_jax_jittable, newton_jax_jit); the index lists commit
    5dcda530571ddba629824fb15dada2ef597a4a72 for one stored version of the path. Later revisions
    of newton_jax (ids 3553982696, 3542731824, 26730146785) grow sparse/solver/inspect_jac options;
    the author's own jittable twin `newton_jax_jittable` (lax.while_loop, damped by 0.1) sits just
    below it in the same file.
error: TracerBoolConversionError
category: while-true-break-convergence / dict result
expect: fix
notes: newton_jax verbatim (including `import jax.numpy as np`, scipy.sparse and time). The root
    function is a caller argument in the source; a small stand-in steady-state system
    x = 0.5 tanh(A x) + b (A, b traced) is built inside `f`, and `f = jax.jit(...)` calls
    newton_jax(func, init, tol=1e-5) and returns res['x'] and res['fun'] (the 'success'/'message'
    entries are Python bools/strings). `if verbose:` and `if cnt == maxit:` are static; `eps < tol`
    and the `isnan` raise test traced values. The NaN raise never fires on these inputs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
import time
import scipy.sparse as ssp


def newton_jax(func, init, jac=None, maxit=30, tol=1e-8, sparse=False, verbose=False):
    """Newton method for root finding using automatic differenciation with jax. The argument `func` must be jittable with jax.

    ...

    Parameters
    ----------
    func : callable
        Function f for which f(x)=0 should be found. Must be jittable with jax
    init : array
        Initial values of x
    jac : callable, optional
        Funciton that returns the jacobian. If not provided, jax.jacfwd is used
    maxit : int, optional
        Maximum number of iterations
    tol : float, optional
        Random seed. Defaults to 0
    sparse : bool, optional
        Whether to use a sparse solver. If `true`, and jac is supplied, this should return a sparse matrix
    verbose : bool, optional
        Whether to display messages

    Returns
    -------
    res: dict
        A dictionary of results similar to the output from scipy.optimize.root
    """

    st = time.time()

    if jac is None:
        if sparse:
            def jac(x): return ssp.csr_array(jax.jacfwd(func)(x))
        else:
            jac = jax.jacfwd(func)

    if sparse:
        solver = ssp.linalg.spsolve
    else:
        solver = jax.scipy.linalg.solve

    res = {}
    cnt = 0
    xi = jax.numpy.array(init)

    while True:
        cnt += 1
        xold = xi.copy()
        xi -= solver(jac(xi), func(xi))
        eps = jax.numpy.abs(xi - xold).max()

        if verbose:
            ltime = time.time() - st
            print(
                f'    Iteration {cnt:3d} | max error {eps:.2e} | lapsed %ss' % str(ltime)[:6])

        if cnt == maxit:
            res['success'] = False
            res['message'] = f"Maximum number of {maxit} iterations reached."
            break

        if eps < tol:
            res['success'] = True
            res['message'] = "The solution converged."
            break

        if jax.numpy.isnan(eps):
            raise Exception('Newton method returned `NaN` in iter %s' % cnt)

    res['x'], res['fun'], res['niter'] = xi, func(xi), cnt

    return res


@jax.jit
def f(init, A, b):
    def func(x):  # stand-in steady-state system (not in the source file)
        return x - 0.5 * np.tanh(A @ x) - b
    res = newton_jax(func, init, tol=1e-5)
    return res['x'], res['fun']
# --- end user code ---

import numpy
import jax.numpy as jnp


def make_inputs(rng):
    n = 4
    A = (rng.normal(size=(n, n)) * 0.6).astype(numpy.float32)
    b = rng.normal(size=(n,)).astype(numpy.float32)
    if rng.random() < 0.2:
        init = numpy.zeros(n, dtype=numpy.float32)
    else:
        init = (rng.normal(size=(n,)) * 3.0).astype(numpy.float32)
    return (init, A, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(init, A, b):
    def func(x):
        return x - 0.5 * jnp.tanh(A @ x) - b
    jac = jax.jacfwd(func)
    maxit, tol = 30, 1e-5

    def cond(s):
        xi, cnt, eps = s
        return jnp.logical_and(cnt < maxit, jnp.logical_not(eps < tol)) | (cnt == 0)

    def body(s):
        xi, cnt, _ = s
        xold = xi
        xi = xi - jax.scipy.linalg.solve(jac(xi), func(xi))
        return xi, cnt + 1, jnp.abs(xi - xold).max()

    xi, _, _ = jax.lax.while_loop(cond, body, (jnp.asarray(init), 0, jnp.float32(jnp.inf)))
    return xi, func(xi)
