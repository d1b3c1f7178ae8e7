"""Fischer-Newton solver for a linear complementarity problem: traced `while ... and k<maxit`, a backtracking `for`/`if`/`break` line search, then `raise` when the traced counter hits maxit.

source: code-index file id 49549569401 (a jax.experimental.sparse module defining T, build_G and lcp_fischer, "Fischer (1995) Newton method"; two later revisions of the same module are ids 49152274159 and 49705349086; the index does not name its repository)
error: TracerBoolConversionError
category: newton-linesearch-raise
expect: report
notes: T, build_G and lcp_fischer verbatim except one line: the `jax.config.update("jax_enable_x64", True)` at the top
  of lcp_fischer is removed (it would switch x64 on for every later case in the judge process; `M.astype(jnp.float64)`
  therefore stays float32). Unused imports (BCOO, vmap) dropped. Entry point added: f = jax.jit(lcp_fischer), M passed
  as a BCOO sparse matrix (a pytree, traced), q traced. Reported rather than fixed: the iteration counter `k` is bumped
  inside the traced line-search branch, so `if k == maxit: raise ValueError(...)` tests a traced value and raises; a
  jitted rewrite cannot raise on data (it would need checkify or a status output), so the function's contract changes.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import Array
from jax import jit
from jax.experimental.sparse import BCOO, BCSR, bcoo_concatenate, eye
from jax.experimental.sparse.linalg import spsolve
import jax


@jit
def T(M,q,w):
    return jnp.concatenate([M @ w[:,0]+ q-w[:,1], jnp.sqrt(w[:,0]**2+w[:,1]**2)-w[:,0]-w[:,1]])


def build_G(M, mu, nu):
    n = M.shape[0]
    G = bcoo_concatenate([bcoo_concatenate([M,eye(n)*-1], dimension=1),
                          bcoo_concatenate([eye(n)*mu,eye(n)*nu], dimension=1)], dimension=0)
    return BCSR.from_bcoo(G)

def lcp_fischer(M, q,*, tol=1e-6, maxit=10, w0=None)->tuple[Array, Array]:
    '''
    Solve the problem Mx+q=y y'x=0, y>=0, x>=0
    w=[x,y]
    Fischer (1995) Newton method
    '''
    n = M.shape[0]
    M = M.astype(jnp.float64)
    w = jnp.zeros((n,2)) if w0 is None else w0
    k = 0
    lamdba = 1e-5
    while jnp.max(jnp.abs(T(M,q,w)))>tol and k<maxit:
        mu = jnp.where(jnp.all(w!=0, axis=1), -1+w[:,0]/jnp.sqrt(w[:,0]**2+w[:,1]**2), -1)
        nu = jnp.where(jnp.all(w!=0, axis=1), -1+w[:,1]/jnp.sqrt(w[:,0]**2+w[:,1]**2), 0)
        G = build_G(M, mu, nu)
        w_hat = spsolve(G.data, G.indices, G.indptr, G@w.flatten('F')-T(M,q, w))
        w_hat = w_hat.reshape(n,2,order='F')

        for j in range(100):
            t_k = 0.5**j
            w_next = w+t_k*(w_hat-w)
            if jnp.linalg.norm(T(M,q, w_next))  <= (1-lamdba*t_k)*jnp.linalg.norm(T(M,q,w)):
                w = w_next
                k+=1
                break
    if k == maxit:
        raise ValueError("Max iterations reached")
    else:
        return w[:,0],w[:,1]


f = jax.jit(lcp_fischer)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    A = rng.normal(size=(n, n)).astype(np.float32)
    Mdense = (A @ A.T + n * np.eye(n)).astype(np.float32)   # positive definite: a unique LCP solution
    q = rng.normal(size=(n,)).astype(np.float32)
    return (BCOO.fromdense(jnp.asarray(Mdense)), q)


INPUTS = make_inputs
