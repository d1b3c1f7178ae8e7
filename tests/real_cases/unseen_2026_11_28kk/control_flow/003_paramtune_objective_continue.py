"""Generator-tune objective: a loop over histogram bins that `continue`s past bins whose traced error is zero.

source: "Paramtune" module of a Monte-Carlo event-generator tuning project in the public code index (code-index file id 38805589943: class Paramtune with objective_func / objective_func_no_err, minimised with scipy Nelder-Mead), with its `from timing import timing_van_jax` helper module (code-index file id 39366490123: timing_van_jax, numCoeffsPoly, mono_next_grlex). The index does not name the repository.
error: TracerBoolConversionError
category: for-continue-on-traced
expect: fix
notes: objective_func verbatim, the timing helpers verbatim (timing_van_jax, numCoeffsPoly, mono_next_grlex); the Paramtune class is cut down to its two objective methods (its __init__ reads .npz/.json files through modules.polyfit, and the plotting methods need matplotlib). Entry point `f = jax.jit(_tuner.objective_func)` on an instance made without __init__: a jitted objective for a gradient-based optimiser instead of Nelder-Mead. 2 tune parameters, order-3 polynomial surrogate (10 coefficients), 12 bins, some with zero error. Leak: `if d_sig[i] == 0.0: continue`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def timing_van_jax(params, order):
    """
    Construct the Vandermonde matrix.
    If params is a 2-D array, the highest dimension indicates number of parameters.
    """
    try:
        dim = len(params[0])
    except:
        dim = 1
    params = jnp.array(params)

    #We will take params to the power of grlex_pow element-wise
    if dim == 1:
        grlex_pow = jnp.array(range(order+1))
    else:
        term_list = [[0]*dim]
        for i in range(1, numCoeffsPoly(dim, order)):
            term_list.append(mono_next_grlex(dim, term_list[-1][:]))
        grlex_pow = jnp.array(term_list)
    
    if dim == 1:
        V = jnp.zeros((len(params), numCoeffsPoly(dim, order)), dtype=jnp.float64)
        for a, p in enumerate(params): 
            V = V.at[a].set(p**grlex_pow)
        return V
    else:
        V = jnp.power(params, grlex_pow[:, jnp.newaxis])
        return jnp.prod(V, axis=2).T

def numCoeffsPoly(dim, order):
    """
    Number of coefficients a dim-dimensional polynomial of order order has (C(dim+order, dim)).
    """
    ntok = 1
    r = min(order, dim)
    for i in range(r):
        ntok = ntok * (dim + order - i) / (i + 1)
    return int(ntok)

#Next term of grlex ordering
def mono_next_grlex(m, x):
    #  Author:
    #
    #    John Burkardt
    #
    #     TODO --- figure out the licensing thing https://people.sc.fsu.edu/~jburkardt/py_src/monomial/monomial.html

    #  Find I, the index of the rightmost nonzero entry of X.
    i = 0
    for j in range(m, 0, -1):
        if 0 < x[j-1]:
            i = j
            break

    #  set T = X(I)
    #  set X(I) to zero,
    #  increase X(I-1) by 1,
    #  increment X(M) by T-1.
    if i == 0:
        x[m-1] = 1
        return x
    elif i == 1:
        t = x[0] + 1
        im1 = m
    elif 1 < i:
        t = x[i-1]
        im1 = i - 1

    x[i-1] = 0
    x[im1-1] = x[im1-1] + 1
    x[m-1] = x[m-1] + t - 1

    return x


class Paramtune:
    '''
    TODO: document
    '''

    def objective_func(self, params, d, d_sig, coeff, cov):
        sum_over = 0
        poly = timing_van_jax([params], 3)[0]

        #Loop over the bins
        for i in range(jnp.size(jnp.array(coeff), axis=0)):
            #We don't want to divide by 0. For real data, the error might be zero because no events were observered in the bin.
            if d_sig[i] == 0.0:
                continue
            f_sig = jnp.sqrt(jnp.matmul(poly, jnp.matmul(cov[i], poly.T))) #Finding uncertainty of surrogate function at point p
            adj_res_sq = (d[i]-jnp.matmul(coeff[i], poly.T))**2/(d_sig[i]**2 + f_sig**2) #Inner part of summation
            sum_over = sum_over + adj_res_sq
        return sum_over

    def objective_func_no_err(self, p, d, d_sig, coeff):
        sum_over = 0
        poly = timing_van_jax([p], 3)[0]

        #Loop over the bins
        for i in range(jnp.size(jnp.array(coeff), axis=0)):
            if d_sig[i] == 0.0:
                continue
            adj_res_sq = (d[i]-jnp.matmul(coeff[i], poly.T))**2/(d_sig[i]**2) #Inner part of summation
            sum_over = sum_over + adj_res_sq
        return sum_over


_tuner = object.__new__(Paramtune)
f = jax.jit(_tuner.objective_func)
# --- end user code ---

import numpy as np

N_BINS = 12
N_COEFF = 10


def make_inputs(rng):
    params = rng.uniform(-1.0, 1.0, size=(2,)).astype(np.float32)
    d = rng.uniform(0.5, 5.0, size=(N_BINS,)).astype(np.float32)
    d_sig = rng.uniform(0.05, 0.5, size=(N_BINS,)).astype(np.float32)
    d_sig[rng.random(N_BINS) < 0.3] = 0.0  # empty bins: zero error
    d_sig[0] = 0.2  # at least one bin counts
    coeff = rng.normal(size=(N_BINS, N_COEFF)).astype(np.float32)
    a = rng.normal(scale=0.1, size=(N_BINS, N_COEFF, N_COEFF))
    cov = (a @ np.swapaxes(a, 1, 2)).astype(np.float32)
    return (params, d, d_sig, coeff, cov)


INPUTS = make_inputs


@jax.jit
def reference_fix(params, d, d_sig, coeff, cov):
    poly = timing_van_jax([params], 3)[0]
    f_sig = jnp.sqrt(jnp.einsum("k,bkl,l->b", poly, cov, poly))
    res = (d - coeff @ poly) ** 2 / (d_sig ** 2 + f_sig ** 2)
    return jnp.sum(jnp.where(d_sig == 0.0, 0.0, res))
