"""transethnic_prs block coordinate descent: a fori_loop body full of `== 0` tests, all already jnp.where.

source: liangyy/transethnic_prs transethnic_prs/model1/solve_by_dense_blk.py at 27ce601702e509e7c975e735192f6e659826f24e (_dense_blk_update, _dense_update_jth) and transethnic_prs/util/math_jax.py at 27ce601702e509e7c975e735192f6e659826f24e (soft_thres_jax)
error: none
category: negative
expect: untouched
notes: the three functions are verbatim except one removed API: `jax.ops.index_update(beta, j, beta_j_new)`
  became `beta.at[j].set(beta_j_new)`. `_dense_blk_update` was @jit in the repository and is `f`. The
  body passed to lax.fori_loop indexes with the traced loop counter, mutates its own list `val`, tests
  `beta_j == 0` only through jnp.where (the commented-out lines show the Python-if version it replaced),
  accumulates into Python-0 initial values passed in as arrays, and bounds the loop by the static A.shape[0].
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax.lax
from jax import jit


@jit
def soft_thres_jax(x, thres):
    tmp = jnp.abs(x) - thres
    return jnp.where(tmp < 0, 0, jnp.sign(x) * tmp)


@jit
def _dense_blk_update(val):
    '''
    val = [
        (A_blk, blist[blk], X[blk], XtX_diag[blk]), 
        (t[blk], beta[blk], r), 
        (w1, w2),
        (beta_Abeta, beta_b, l1_beta, l2_beta)
    ]
    '''
    A = val[0][0]
    p = A.shape[0]
    beta_Abeta, beta_b, l1_beta, l2_beta = val[-1]
    val = jax.lax.fori_loop(
        0, p, _dense_update_jth, 
        init_val=val[:-1]
    )
    b, t, beta = val[0][1], val[1][0], val[1][1]
    beta_Abeta += beta.T @ t
    beta_b += b.T @ beta
    l1_beta += jnp.abs(beta).sum()
    l2_beta += jnp.power(beta, 2).sum()
    return val + [ (beta_Abeta, beta_b, l1_beta, l2_beta) ]


def _dense_update_jth(j, val):
    '''
    val = [ 
        (A_blk, blist[blk], X[blk], XtX_diag[blk]), 
        (t[blk], beta[blk], r), 
        (w1, w2)
    ]
    '''
    A, b, X, XtX_diag = val[0]
    t, beta, r = val[1]
    w1, w2 = val[2]
    
    beta_j = beta[j]
    # Xj = X[:, j]
    # transpose X for speed concern
    Xj = X[j, :]
    
    # r_no_j = r + Xj * beta_j
    r = jnp.where(beta_j == 0, r, r + Xj * beta_j)
    
    Ajj = A[j, j]
    
    # Abeta_no_j = t[j] - Ajj * beta_j
    t = jnp.where(beta_j == 0, t, t - A[j, :] * beta_j)
    
    a = Ajj + XtX_diag[j] + w2
    
    # c = Abeta_no_j - b[j] - r_no_j.T @ Xj
    # c = Abeta_no_j - b[j] - r.T @ Xj
    c = t[j] - b[j] - r.T @ Xj
    
    beta_j_new = - soft_thres_jax(2 * c, w1) / a / 2
    
    # r = r_no_j - Xj * beta_j_new
    r = jnp.where(beta_j_new == 0, r, r - Xj * beta_j_new) 
    
    # t = t - A[j, :] * (beta_j - beta_j_new)
    t = jnp.where(beta_j_new == 0, t, t + A[j, :] * beta_j_new)
    
    beta = beta.at[j].set(beta_j_new)
    
    val[1] = (t, beta, r)
    
    return val


f = _dense_blk_update
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p, n = 5, 12
    G = rng.normal(size=(20, p))
    A = (G.T @ G / 20.0).astype(np.float32)
    b = rng.normal(size=(p,)).astype(np.float32)
    X = rng.normal(size=(n, p)).astype(np.float32)
    Xt = X.T.copy()
    XtX_diag = (Xt ** 2).sum(axis=1).astype(np.float32)
    y = rng.normal(size=(n,)).astype(np.float32)
    # some coefficients start at exactly zero so both jnp.where branches are taken
    beta = np.where(rng.uniform(size=p) < 0.5, 0.0, rng.normal(size=p)).astype(np.float32)
    t = (A @ beta).astype(np.float32)
    r = (y - X @ beta).astype(np.float32)
    w1 = np.float32(rng.choice([0.1, 1.0, 5.0]))
    w2 = np.float32(0.5)
    zero = np.float32(0.0)
    val = [(A, b, Xt, XtX_diag), (t, beta, r), (w1, w2), (zero, zero, zero, zero)]
    return (val,)


INPUTS = make_inputs
