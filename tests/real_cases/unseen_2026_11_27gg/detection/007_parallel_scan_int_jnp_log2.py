"""Blelloch parallel scan over Python lists: `int(2**jnp.ceil(jnp.log2(RunTime)))` is staged under jit.

source: public code index, file id 33567394634 ("KF Library 0.05.0, Created by Fatemeh Yaghoobi";
    parallel square-root Kalman filter / RTS smoother helpers: SqrSmoothingInitializer, SqrSmoothing,
    parallelScanAlgorithm); the index does not name the repository (the author's
    Fatemeh-Yaghoobi/Parallel-integrated-method is stored, but this file was not located in it).
error: ConcretizationTypeError
category: int-of-traced
expect: fix
notes: Tria, SqrSmoothingElements, SqrSmoothing and parallelScanAlgorithm verbatim. Under jit every jnp
    operation is staged, so `int(jnp...)` of a value built only from the static RunTime still raises; the
    fix is plain-Python/NumPy arithmetic (math.ceil/math.log2 or np.*) for n and the loop bounds. Entry point
    added: `f = jax.jit(parallelScanAlgorithm, static_argnums=(1, 2))` (RunTime and the combine op are
    static). RunTime must not be a power of two (the author's loop writes a[RunTime]). The unused
    filtering helpers and the `np`-using (never imported) initialisers of the file were dropped.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jlinalg
from collections import namedtuple

SqrSmoothingElements = namedtuple("SqrSmoothingElements", ['E', 'g', 'D'])

#########################################Triangularization operation###############################
def Tria(A):
    tria_A = jlinalg.qr(A.T, mode = 'economic')[1].T
    return tria_A

###################################### Square Smoothing PerSum _ JAX ##################################
# @vmap
def SqrSmoothing(elem1,elem2):
    
    E1, g1, D1 = elem1 
    E2, g2, D2 = elem2
    
    E = E2 @ E1
#     E = E1 @ E2
    g = E2 @ g1 + g2
#     g = E1 @ g2 + g1
    D = Tria(jnp.concatenate((E2 @ D1, D2), axis = 1))
#     D = Tria(jnp.concatenate((E1 @ D2, D1), axis = 1))
    
    return SqrSmoothingElements(E, g, D)
#     return E, g, D, elem1, elem2

#################################### parallel Scan Algorithm  #####################################
def parallelScanAlgorithm(elems,RunTime, op):
    
    n = int(2**jnp.ceil(jnp.log2(RunTime)))
    
    a = [[]]*n
    for i in range(RunTime,-1,-1):
        a[i] = [elems.E[i], elems.g[i], elems.D[i]]
    a0 = a.copy()

    
    ## Up pass    
    for d in range(0, int(jnp.log2(n)), 1):
        for k in range(0, n, 2**(d+1)):
            i = k + 2**d - 1 
            j = k + 2**(d+1) - 1
            
            if len(a[j]) == 0:
                a[j] = a[i]
            elif len(a[i]) == 0:
                pass
            else:
                a[j] = op(a[i],a[j])
    a[-1] = []
    
    ## Down pass 
    
    for d in range(int(jnp.log2(n)-1), -1, -1):
        for k in range(0, n, 2**(d+1)): 
            i = k + 2**d - 1 
            j = k + 2**(d+1) - 1
            
            temp = a[i]
            a[i] =  a[j]
            
            if len(a[j]) == 0:
                a[j] = temp
            elif len(temp) == 0:
                pass
            else:
                a[j] = op(a[j],temp)
                
    ### Extra pass

    for k in range(1, n+1): 
        i = k-1
        
        if len(a[i]) == 0:
            a[i] = a0[i]
        elif len(a0[i]) == 0:
            pass
        else:
            a[i] = op(a[i],a0[i])
            
    a = a[:RunTime]
    
    return a


f = jax.jit(parallelScanAlgorithm, static_argnums=(1, 2))
# --- end user code ---

import functools
import math

import numpy as np


def make_inputs(rng):
    nx, run_time = 2, 5
    E = (0.5 * rng.normal(size=(run_time + 1, nx, nx))).astype(np.float32)
    g = rng.normal(size=(run_time + 1, nx, 1)).astype(np.float32)
    D = rng.normal(size=(run_time + 1, nx, nx)).astype(np.float32)
    return (SqrSmoothingElements(E, g, D), run_time, SqrSmoothing)


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnums=(1, 2))
def reference_fix(elems, RunTime, op):
    n = 2 ** math.ceil(math.log2(RunTime))
    levels = int(math.log2(n))
    a = [[]] * n
    for i in range(RunTime, -1, -1):
        a[i] = [elems.E[i], elems.g[i], elems.D[i]]
    a0 = a.copy()
    for d in range(0, levels):
        for k in range(0, n, 2 ** (d + 1)):
            i = k + 2 ** d - 1
            j = k + 2 ** (d + 1) - 1
            if len(a[j]) == 0:
                a[j] = a[i]
            elif len(a[i]) != 0:
                a[j] = op(a[i], a[j])
    a[-1] = []
    for d in range(levels - 1, -1, -1):
        for k in range(0, n, 2 ** (d + 1)):
            i = k + 2 ** d - 1
            j = k + 2 ** (d + 1) - 1
            temp = a[i]
            a[i] = a[j]
            if len(a[j]) == 0:
                a[j] = temp
            elif len(temp) != 0:
                a[j] = op(a[j], temp)
    for k in range(1, n + 1):
        i = k - 1
        if len(a[i]) == 0:
            a[i] = a0[i]
        elif len(a0[i]) != 0:
            a[i] = op(a[i], a0[i])
    return a[:RunTime]
