"""densratio._optimize_sigma_lambda, a NumPy uLSIF search ported by `import jax.numpy as np`: mask scatter, .item() and a traced min.

source: JAX port of the `densratio` RuLSIF density-ratio estimator (the NumPy densratio_py code, ported by `import jax.numpy as np`) in the public code index (code-index file id 32328227546: class densratio with __init__, calculate_density_ratio, _RuLSIF, _optimize_sigma_lambda; functions gauss_kernel, transform_data, euclid_distance, pairwise_distances, pairwise_euclid_distances; it imports `.progressbar.progbar`). The index does not name the repository.
error: NonConcreteBooleanIndexError
category: item-of-tracer
expect: fix
notes: densratio._optimize_sigma_lambda, gauss_kernel, euclid_distance and pairwise_distances verbatim
  except: `jax.ops.index_update(G2,G2<0,0)` (removed from JAX) is written `G2.at[G2<0].set(0)`, which is
  what it did; the local `progbar` is a no-op stand-in; `config.update("jax_enable_x64", True)` is dropped.
  The class keeps only that method (plus the name-mangled `__clear_disp` it reads); the entry point builds an
  instance without running __init__ (which samples centres with `random.sample`) and jits the bound method:
  `f = jax.jit(_obj._optimize_sigma_lambda)` over (x, y, alpha, centers, s_sigma, s_lambda). The original
  NumPy lines survive as comments (`#G2[G2<0] = 0.`). Under jit the masked scatter fails first, then
  `.item()` on the traced score and `if (score < score_new)`; a jit-safe rewrite uses jnp.where for the
  clamp and for the running arg-min.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax import jit, vmap

import random as rand
from functools import partial


class progbar:  # stand-in for the package's .progressbar.progbar
    def __init__(self, n, clear_display=True):
        self.n = n

    def update(self, i, info=""):
        pass


class densratio:
    def __init__(self):
        pass

    def _optimize_sigma_lambda(self,x,y,alpha,centers,s_sigma,s_lambda):
        x_num_row = x.shape[0]
        y_num_row = y.shape[0]
        n_minimum = min(x_num_row, y_num_row)
        kernel_num = centers.shape[0]
        score_new = np.inf
        sigma_new = 0
        lamb_new = 0

        #if s_sigma.size == 1:
        #    sigma = np.atleast_1d(sigma)
        #if s_lambda.size == 1:
        #    lamb = np.atleast_1d(lamb)

        pbar = progbar(len(s_sigma),clear_display=self.__clear_disp)
        for i,sig in enumerate(s_sigma):
            phi_x = gauss_kernel(x, centers, sig)
            phi_y = gauss_kernel(y, centers, sig)
            H = (1.- alpha)*(np.dot(phi_y.T, phi_y) / y_num_row) + alpha*(np.dot(phi_x.T, phi_x) / x_num_row)
            h = phi_x.mean(axis=0,keepdims=True).T
            phi_x = phi_x[:n_minimum].T
            phi_y = phi_y[:n_minimum].T

            for lam in s_lambda:
                G = H + np.identity(kernel_num) * (lam*(y_num_row - 1)/ y_num_row)
                GinvX = np.linalg.solve(G,phi_y)
                XGinvX = phi_y * GinvX

                den = np.ones(n_minimum)*y_num_row - np.dot(np.ones(kernel_num),XGinvX)
                diag_G0 = np.diag((np.dot(h.T,GinvX)/den).ravel())
                G0 = np.linalg.solve(G, h*np.ones(n_minimum)) + np.dot(GinvX, diag_G0)

                diag_G1 = np.diag(np.dot(np.ones(kernel_num),phi_x*GinvX).ravel())
                G1 = np.linalg.solve(G, phi_x) + np.dot(GinvX, diag_G1)

                G2 = (y_num_row - 1) * (x_num_row * G0 - G1)/(y_num_row *(x_num_row - 1))
                #G2[G2<0] = 0.
                G2 = G2.at[G2<0].set(0) #G2[G2<0]=0

                r_x = (phi_x * G2).sum(axis=0).T
                r_y = (phi_y * G2).sum(axis=0).T

                score = ((np.dot(r_y.T,r_y).ravel()/2. - r_x.sum(axis=0))/n_minimum).item()

                if (score < score_new):
                    score_new = score
                    sigma_new = sig
                    lamb_new = lam
            pbar.update(i,info='sigma:{0},lambda:{1}, score={2}'.format(sigma_new,lamb_new,score_new))
        del pbar
        print('Found optimal sigma = {0}, lambda = {1}, score={2}'.format(sigma_new,lamb_new, score_new))
        return {'sigma':sigma_new, 'lambda':lamb_new}

def gauss_kernel(r,centers,sigma):
    dists = pairwise_distances(euclid_distance)
    return np.exp(-0.5*dists(r,centers) / (sigma**2))
    #return np.exp(-0.5*pairwise_euclid_distances(r,centers) / (sigma**2))

def euclid_distance(x,y, square=True):
    '''
    \sum_m (X_m - Y_m)^2
    '''
    XX=np.dot(x,x)
    YY=np.dot(y,y)
    XY=np.dot(x,y)
    if not square:
        return np.sqrt(XX+YY-2*XY)
    return XX+YY-2*XY

def pairwise_distances(dist,**arg):
    '''
    d_ij = dist(X_i , Y_j)
    "i,j" are assumed to indicate the data index.
    '''
    return jit(vmap(vmap(partial(dist,**arg),in_axes=(None,0)),in_axes=(0,None)))


_obj = densratio.__new__(densratio)
_obj._densratio__clear_disp = True
f = jax.jit(_obj._optimize_sigma_lambda)
# --- end user code ---

import numpy
import jax.numpy as jnp


def make_inputs(rng):
    nx, ny, k = 12, 14, 6
    x = rng.normal(0.0, 1.0, size=(nx, 1)).astype(numpy.float32)
    y = rng.normal(rng.uniform(-0.5, 0.5), 1.5, size=(ny, 1)).astype(numpy.float32)
    centers = x[:k]
    alpha = numpy.float32(rng.choice([0.0, 0.1]))
    s_sigma = numpy.array([0.3, 1.0, 3.0], dtype=numpy.float32)
    s_lambda = numpy.array([0.01, 0.1, 1.0], dtype=numpy.float32)
    return (x, y, alpha, centers, s_sigma, s_lambda)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y, alpha, centers, s_sigma, s_lambda):
    x_num_row, y_num_row = x.shape[0], y.shape[0]
    n_minimum = min(x_num_row, y_num_row)
    kernel_num = centers.shape[0]
    score_new = jnp.inf
    sigma_new = jnp.float32(0)
    lamb_new = jnp.float32(0)
    for sig in s_sigma:
        phi_x = gauss_kernel(x, centers, sig)
        phi_y = gauss_kernel(y, centers, sig)
        H = (1. - alpha) * (jnp.dot(phi_y.T, phi_y) / y_num_row) + alpha * (jnp.dot(phi_x.T, phi_x) / x_num_row)
        h = phi_x.mean(axis=0, keepdims=True).T
        phi_x = phi_x[:n_minimum].T
        phi_y = phi_y[:n_minimum].T
        for lam in s_lambda:
            G = H + jnp.identity(kernel_num) * (lam * (y_num_row - 1) / y_num_row)
            GinvX = jnp.linalg.solve(G, phi_y)
            XGinvX = phi_y * GinvX
            den = jnp.ones(n_minimum) * y_num_row - jnp.dot(jnp.ones(kernel_num), XGinvX)
            diag_G0 = jnp.diag((jnp.dot(h.T, GinvX) / den).ravel())
            G0 = jnp.linalg.solve(G, h * jnp.ones(n_minimum)) + jnp.dot(GinvX, diag_G0)
            diag_G1 = jnp.diag(jnp.dot(jnp.ones(kernel_num), phi_x * GinvX).ravel())
            G1 = jnp.linalg.solve(G, phi_x) + jnp.dot(GinvX, diag_G1)
            G2 = (y_num_row - 1) * (x_num_row * G0 - G1) / (y_num_row * (x_num_row - 1))
            G2 = jnp.where(G2 < 0, 0, G2)
            r_x = (phi_x * G2).sum(axis=0).T
            r_y = (phi_y * G2).sum(axis=0).T
            score = ((jnp.dot(r_y.T, r_y).ravel() / 2. - r_x.sum(axis=0)) / n_minimum)[0]
            better = score < score_new
            score_new = jnp.where(better, score, score_new)
            sigma_new = jnp.where(better, sig, sigma_new)
            lamb_new = jnp.where(better, lam, lamb_new)
    return {'sigma': sigma_new, 'lambda': lamb_new}
