"""Multi-output GP kernel that splits the inputs by task with bincount + array_split on traced task ids.

source: multi-task Gaussian-process / NumPyro research script in the public code index (code-index file id 71365647778; functions kernel, model, gp_posterior_sample, run_inference, single_mll with `#@jax.jit` commented out above `kernel` and `single_mll`; the index does not name the repository)
error: ConcretizationTypeError
category: traced-split-points
expect: fix
notes: `kernel` is verbatim (German comment included). The task index lives in the last input column, so
  `jnp.bincount(idx1_perm)` (no static length) and the split points of `jnp.array_split` are traced values: the
  block sizes depend on the data. The result itself has the static shape (N, M), so a jit-safe rewrite exists
  (evaluate all 16 covariance functions on the full grid and select by task pair). Dropped: the numpyro imports,
  `jax_enable_x64` (global config, would leak into other cases), and the numpyro model / MCMC / mll functions
  that are not on the path of `kernel`; added `f = jax.jit(kernel)` as the entry point (the author's `#@jax.jit`
  is kept as it was). The reference keeps the author's `K.at[inv_idx1, inv_idx2].set(sorted)` placement exactly
  (it places the sorted blocks through the inverse permutation), so it agrees with the eager run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from jax.scipy.linalg import solve_triangular


#@jax.jit
def kernel(x1, x2, parameters): #hab include noise rausgehaut
    N, M = x1.shape[0], x2.shape[0]
    xx = x1[:, :-1] 
    yy = x2[:, :-1]
    if xx.ndim == 1: #handle one dimensional input case
        xx = jnp.expand_dims(xx, axis=-1)
    if yy.ndim == 1:
        yy = jnp.expand_dims(yy, axis=-2) 
    xx = xx[:, jnp.newaxis, :] #for broadcasting: (N, 1, D)
    yy = yy[None, :, :]                      

    idx1 = x1[:, -1].astype(jnp.int32)
    idx2 = x2[:, -1].astype(jnp.int32)
    perm1 = jnp.argsort(idx1)
    perm2 = jnp.argsort(idx2)
    idx1_perm = idx1[perm1]
    idx2_perm = idx2[perm2]
    inv_idx1 = jnp.argsort(perm1)
    inv_idx2 = jnp.argsort(perm2)
    split_idx1 = jnp.cumsum(jnp.bincount(idx1_perm))[:-1]
    split_idx2 = jnp.cumsum(jnp.bincount(idx2_perm))[:-1]
    splits1 = jnp.array_split(xx[perm1], split_idx1, axis=0)
    splits2 = jnp.array_split(yy[:,perm2], split_idx2, axis=1)

    a = parameters['a']
    lengthscale = parameters['lengthscale']
    amplitude = parameters['amplitude']
    def k00(x, y):
        return amplitude*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)
    def k01(x, y):
        return jnp.zeros_like(x[...,0]-y[...,0])
    def k02(x, y):
        return amplitude*((x[...,0] - y[...,0])*y[...,0] + x[...,1] - y[...,1])*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale
    def k03(x, y):
        return jnp.zeros_like(x[...,0]-y[...,0])
    def k10(x, y):
        return jnp.zeros_like(x[...,0]-y[...,0])
    def k11(x, y):
        return amplitude*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)
    def k12(x, y):
        return a*amplitude*(x[...,0] - y[...,0])*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale
    def k13(x, y):
        return amplitude*((x[...,0] - y[...,0])*y[...,0] + x[...,1] - y[...,1])*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale
    def k20(x, y):
        return -amplitude*((x[...,0] - y[...,0])*x[...,0] + x[...,1] - y[...,1])*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale
    def k21(x, y):
        return -a*amplitude*(x[...,0] - y[...,0])*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale
    def k22(x, y):
        return amplitude*(a**2*(lengthscale - (x[...,0] - y[...,0])**2) + lengthscale + (lengthscale - (x[...,0] - y[...,0])**2)*x[...,0]*y[...,0] - (x[...,0] - y[...,0])*(x[...,1] - y[...,1])*x[...,0] - (x[...,0] - y[...,0])*(x[...,1] - y[...,1])*y[...,0] - (x[...,1] - y[...,1])**2)*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale**2
    def k23(x, y):
        return a*amplitude*((lengthscale - (x[...,0] - y[...,0])**2)*y[...,0] - (x[...,0] - y[...,0])*(x[...,1] - y[...,1]))*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale**2
    def k30(x, y):
        return jnp.zeros_like(x[...,0]-y[...,0])
    def k31(x, y):
        return -amplitude*((x[...,0] - y[...,0])*x[...,0] + x[...,1] - y[...,1])*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale
    def k32(x, y):
        return a*amplitude*((lengthscale - (x[...,0] - y[...,0])**2)*x[...,0] - (x[...,0] - y[...,0])*(x[...,1] - y[...,1]))*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale**2
    def k33(x, y):
        return -amplitude*(-lengthscale - (lengthscale - (x[...,0] - y[...,0])**2)*x[...,0]*y[...,0] + (x[...,0] - y[...,0])*(x[...,1] - y[...,1])*x[...,0] + (x[...,0] - y[...,0])*(x[...,1] - y[...,1])*y[...,0] + (x[...,1] - y[...,1])**2)*jnp.exp(-1/2*((x[...,0] - y[...,0])**2 + (x[...,1] - y[...,1])**2)/lengthscale)/lengthscale**2
    function_grid = [
        [k00, k01, k02, k03],
        [k10, k11, k12, k13],
        [k20, k21, k22, k23],
        [k30, k31, k32, k33],
    ]
                         
   
    rows = []
   
    for i, s1 in enumerate(splits1):
        row_blocks = []
        for j, s2 in enumerate(splits2):
            block = function_grid[i][j](s1, s2)
            row_blocks.append(block)
        rows.append(jnp.concatenate(row_blocks, axis=1))
    sorted_matrix = jnp.concatenate(rows, axis=0)
    K = jnp.empty((N, M), sorted_matrix.dtype)
    
    K = K.at[inv_idx1[:, None], inv_idx2[None, :]].set(sorted_matrix)   
    return K


f = jax.jit(kernel)
# --- end user code ---

import numpy as np


def _points(rng, n):
    # every task 0..3 present, in shuffled order, plus a random extra load
    tasks = np.concatenate([np.arange(4), rng.integers(0, 4, size=n - 4)])
    rng.shuffle(tasks)
    xy = rng.uniform(-1.5, 1.5, size=(n, 2))
    return np.concatenate([xy, tasks[:, None]], axis=1).astype(np.float32)


def make_inputs(rng):
    x1 = _points(rng, 9)
    x2 = _points(rng, 7)
    params = {
        "a": np.float32(rng.uniform(0.3, 2.0)),
        "lengthscale": np.float32(rng.uniform(0.5, 2.0)),
        "amplitude": np.float32(rng.uniform(0.5, 2.0)),
    }
    return (x1, x2, params)


INPUTS = make_inputs


@jax.jit
def reference_fix(x1, x2, parameters):
    a = parameters['a']
    l = parameters['lengthscale']
    amp = parameters['amplitude']
    x = x1[:, None, :-1]
    y = x2[None, :, :-1]
    dx = x[..., 0] - y[..., 0]
    dy = x[..., 1] - y[..., 1]
    x0 = x[..., 0] + 0 * y[..., 0]
    y0 = y[..., 0] + 0 * x[..., 0]
    e = jnp.exp(-1 / 2 * (dx ** 2 + dy ** 2) / l)
    z = jnp.zeros_like(dx)
    grid = [
        [amp * e, z, amp * (dx * y0 + dy) * e / l, z],
        [z, amp * e, a * amp * dx * e / l, amp * (dx * y0 + dy) * e / l],
        [-amp * (dx * x0 + dy) * e / l, -a * amp * dx * e / l,
         amp * (a ** 2 * (l - dx ** 2) + l + (l - dx ** 2) * x0 * y0 - dx * dy * x0 - dx * dy * y0 - dy ** 2) * e / l ** 2,
         a * amp * ((l - dx ** 2) * y0 - dx * dy) * e / l ** 2],
        [z, -amp * (dx * x0 + dy) * e / l, a * amp * ((l - dx ** 2) * x0 - dx * dy) * e / l ** 2,
         -amp * (-l - (l - dx ** 2) * x0 * y0 + dx * dy * x0 + dx * dy * y0 + dy ** 2) * e / l ** 2],
    ]
    stack = jnp.stack([g for row in grid for g in row])            # (16, N, M)
    t1 = x1[:, -1].astype(jnp.int32)
    t2 = x2[:, -1].astype(jnp.int32)
    code = t1[:, None] * 4 + t2[None, :]
    full = jnp.take_along_axis(stack, code[None], axis=0)[0]       # full[i, j] in the original order
    perm1 = jnp.argsort(t1)
    perm2 = jnp.argsort(t2)
    sorted_matrix = full[perm1][:, perm2]
    inv1 = jnp.argsort(perm1)
    inv2 = jnp.argsort(perm2)
    K = jnp.zeros(full.shape, full.dtype)
    return K.at[inv1[:, None], inv2[None, :]].set(sorted_matrix)
