"""DiBS utilities: jitted helpers full of `assert`, `or`/`and`, `if`, `is None` and ternaries -- all on static data.

source: larslorch/dibs dibs/utils/func.py at 11c859bb10ce14d3cf2d09341d7bb212a90e866d (kullback_leibler_vec, pairwise_squared_norm, median_heuristic_from_squared_norm_; code-index file id 23642199317)
error: none
category: negative
expect: untouched
notes: the three functions and the `median_heuristic_from_squared_norm = jit(..., static_argnums=(1,))` binding
  are verbatim. Dropped: `os.environ['JAX_ENABLE_X64'] = 'True'`, and the imports that no longer exist in JAX
  (`jax.ops.index/index_add/index_update`, `tree_multimap`) with the other helpers of the module. Added: the
  entry point `f`, which wires the helpers the way DiBS's SVGD code does (squared distances -> median
  heuristic bandwidth -> RBF kernel) plus the KL helper, because the helpers take keyword-only arguments.
  Every test is on static information: `assert` and `if` on `x.ndim` / `len(axis)` with chained `or`/`and`,
  `is None` on keyword arguments that are absent (None is not traced), the ternary `x.shape[0] if x.ndim > 0
  else 1`, and `if is_norm:` on a static argument; the value-dependent choices already use `lax.select`.
  Inputs vary the ranks ([N,d]/[M,d], [N,d]/[d], [N,d,k,2]/[M,d,k,2], [N,d,k,2]/[d,k,2]) so that every static branch is taken, and p/q have zeros.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax.lax as lax
from jax import jit, vmap


@jit
def kullback_leibler_vec(*, p, q=None, log_q=None):
    """
    Computes empirical K(p || q)
    as: 
        sum_i p[i] log (p[i] / q[i])

    If `log_q` is provided, ignores q for stability.
    """
    zero_mask = jnp.zeros_like(p)
    if log_q is None:
        if q is None:
            raise ValueError('Provide either q or log q')
        
        # stable and jit-table log q
        log_q = lax.select(
            q > 0.0,
            jnp.log(q),
            jnp.inf * zero_mask
        )
    
    # jit-table entropy of p
    return jnp.sum(p * (lax.select(p > 0.0, jnp.log(p), jnp.zeros_like(p)) - log_q))


@jit
def pairwise_squared_norm(*, x, y, axis=None):
    """Computes pairwise squared euclidean norm
    where
        x:  [N, ...]
        y:  [M, ...]

    returns
        returns shape [N, M] where elt i,j is  ||x[i] - y[j]||_2^2
    """
    # this assert is not necessary but function only works for these two settings for convenience
    assert(((x.ndim == 1 or x.ndim == 2) and (y.ndim == 1 or y.ndim == 2)) or
           ((x.ndim == 3 or x.ndim == 4) and (y.ndim == 3 or y.ndim == 4)))

    xndim_was_singular = x.ndim == 1 or x.ndim == 3 # covers case where inputs are [N, d, k, 2]
    yndim_was_singular = y.ndim == 1 or y.ndim == 3
    if xndim_was_singular:
        x = jnp.expand_dims(x, axis=0)
    if yndim_was_singular:
        y = jnp.expand_dims(y, axis=0)

    assert(x.ndim == y.ndim and x.ndim >= 2)

    # all but first axis is usually used for the norm, assuming that first dim is batch dim
    if axis is None:
        axis = tuple(i for i in range(1, x.ndim))


    # pairwise sum of squares along `axis` [N x M]
    pointwise_sq = jnp.sum(x ** 2, axis=axis).reshape(-1, 1) \
                 + jnp.sum(y ** 2, axis=axis)

  
    # pairwise product, i.e. outer product [N x M]
    if len(axis) == 3:
        outer_product = jnp.einsum('Nijk,Mijk->NM', x, y)
    elif len(axis) == 2:
        outer_product = jnp.einsum('Nij,Mij->NM', x, y)
    else:
        outer_product = jnp.einsum('Ni,Mi->NM', x, y)

    # (x - y)^2 = x^2 + y^2 - 2 x^T y
    squared_norm = pointwise_sq - 2 * outer_product

    if xndim_was_singular:
        squared_norm = jnp.squeeze(squared_norm, axis=0)
    if yndim_was_singular: 
        squared_norm = jnp.squeeze(squared_norm, axis=0 if xndim_was_singular else 1)

    return squared_norm


def median_heuristic_from_squared_norm_(x, is_norm):
    """Computes median heuristic based on _squared_ distance as used by SVGD
    where
        x :  squared distances
        is_norm: if `is_norm` is `True`, assumes sqrt(squard distance), i.e. actual norm, is passed

    returns
        h :  scaling factor in SE kernel as:     exp( - 1/h d(x, x'))
                where h = med(squared dist) / log n
    """

    # assumes that all dimensions have the same length
    # assert left out because it breaks JAX tracing
    N_ = x.shape[0] if x.ndim > 0 else 1

    # med_square = jnp.array([jnp.median(x)]) # necessary for vmap down the road
    med_square = jnp.median(x) # necessary for vmap down the road
    if is_norm:
        med_square = med_square ** 2

    h = med_square / jnp.log(N_ + 1)

    return h

median_heuristic_from_squared_norm = jit(median_heuristic_from_squared_norm_, static_argnums=(1,))


@jit
def f(x, y, p, q):
    sq = pairwise_squared_norm(x=x, y=y)
    h = median_heuristic_from_squared_norm(sq, False)
    return jnp.exp(-sq / h), kullback_leibler_vec(p=p, q=q)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    layout = rng.integers(4)
    if layout == 0:
        x, y = rng.normal(size=(5, 3)), rng.normal(size=(4, 3))
    elif layout == 1:
        x, y = rng.normal(size=(5, 3)), rng.normal(size=(3,))
    elif layout == 2:  # DiBS particles [N, d, k, 2]
        x, y = rng.normal(size=(5, 3, 2, 2)), rng.normal(size=(4, 3, 2, 2))
    else:
        x, y = rng.normal(size=(5, 3, 2, 2)), rng.normal(size=(3, 2, 2))
    p = rng.random(6) * (rng.random(6) > 0.3)
    q = rng.random(6) * (rng.random(6) > 0.2) + 1e-3 * (rng.random() < 0.5)
    p, q = p / max(p.sum(), 1e-6), q / q.sum()
    return tuple(a.astype(np.float32) for a in (x, y, p, q))


INPUTS = make_inputs
