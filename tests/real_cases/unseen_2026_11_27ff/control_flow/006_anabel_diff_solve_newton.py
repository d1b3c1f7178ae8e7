"""anabel's `diff_solve` Newton iteration: `for itr in range(maxiter): if loss(df) <= tol: return` on a traced residual norm.

source: claudioperez/anabel src/anabel/numeric/roots.py at 0f0241d54779cb9cd5c22bed9d6294fa99e7f5c8 (`diff_solve`, `init_solve_basic`, `_init_init_basic`, `iterate_init`; code-index file id 11885993412)
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: the four functions are copied verbatim (including the try/except `import jax.numpy as np` and the inner `update = jax.jit(update)` with its print). Only the driver at the bottom is new: a 2-DOF nonlinear spring residual `resid(x)` returning a column vector and its Jacobian `jac(x)` (the library expects f(x) of shape (n, 1) and gradf(x) of shape (n, n)), and the entry point `f = jax.jit(diff_solve(resid, jac))` called as f(x0, {}, ff). Loads are chosen so Newton converges within maxiter=20 (otherwise the original falls off the loop and returns None).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import warnings 
from collections import defaultdict
from functools import partial

import numpy as onp
try: 
    import jax
    import jax.numpy as np
except: 
    np=onp
    warnings.warn('Jax import failed.')



def diff_solve(f, gradf, hessf=None, ff=None, nr=None,verbose=False, 
            step=None, soptions={}, iterate=None, itoptions={},
            solve=None, svoptions={},init=None, inoptions={}):

    ##########################################################################
    ## initialize strategy
    ##########################################################################

    if nr is not None: nr = -nr

    ## State Handler
    if callable(init):
        pass 
    else:
        inoptions.setdefault('verbose',verbose)
        inoptions.setdefault('nr',nr)
        init = _init_init_basic(f,gradf,**inoptions)

    ## Iterator 
    if callable(iterate): 
        pass
    else:
        itoptions.setdefault('nr',nr)
        itoptions.setdefault('verbose',verbose)
        iterate = iterate_init(f, gradf, hessf, **itoptions)

    ## Stepper
    if callable(step): pass
    else:
        if not soptions: # soptions is empty
            pass
        step = lambda state0, **opts:  [state0]

    ## Solver
    if callable(solve): pass
    else:
        if not soptions: # soptions is empty
            pass
        solve = init_solve_basic(init,step,iterate,False)

    return solve


def init_solve_basic(init,incr,iterate,verbose=False):

    def solve(x0, params={}, ff=None):
        a = params
        x, a, state0 = init(x0, a, ff)

        for i,state in enumerate(incr(state0)):

            if verbose: print( 'step: ', i + 1)
            
            x, _ , _ = iterate(x, a, state)

        return x

    return solve


def _init_init_basic(f, gradf, verbose=False,nr=None,**kwargs):

    def init_init(x0, a={}, ff=None):
        if verbose: print('Initializing iterative solve.')
        _state = {}
        x = x0

        f0 = f(x0, **a)[:nr]
        _state['fi'] = f0
        if verbose: print('\nf0: ',np.around(f0,3))

        if ff is None: ff = np.zeros(f0.shape)
        elif callable(ff): ff = ff(x0)[:nr]
        if verbose: print('\nff: ',np.around(ff,3))

        _state.setdefault('df',  ff-f0)
        _state.setdefault('ff',     ff)
        _state.setdefault('nr',     nr)
        return x, a, _state
    
    return init_init

def iterate_init(f, gradf, hessf=None, nr=None, maxiter=20,
                 tol=1e-3,loss=None,verbose=False,jit=True,**kwargs):
    
    if loss is None:
        loss = np.linalg.norm
    
    def update(x, a, state):
        if verbose: print('x: ', x)
        df = state['df']
        if verbose: print('df: ',df.T)

        gradfi = gradf(x,**a)[:nr,:nr]
        if verbose: print('gradf: \n',gradfi)

        dx = np.linalg.solve(gradfi, df)[:,0]

        if nr is not None:
            dx = np.pad(dx, (0,-nr), 'constant') 
        if verbose: print('dx: ',dx.T)
        x = x + dx

        state['fi'] = f(x, **a)[:nr]
        # state['df'] = df
        return x, state

    if jit:
        update = jax.jit(update)
        print('Iteration updater jit compilation successful.')
    
    def iterate(x0, a, state):
        x = x0
        for itr in range(maxiter):
            if verbose: print('iteration: ',itr)
            state['df'] = state['ff'] - state['fi']
            
            if loss(state['df']) <= tol: 
                return x, None, state

            x,  state = update(x, a, state)

        if verbose:
            msg = ("Failed to converge after %d iterations, value is %s."
                % (itr + 1, loss(state['df'])))
            raise RuntimeError(msg)
        
    return iterate


# two nonlinear (hardening) springs in series: internal force vector as a column
def resid(x):
    k1, k2, c = 100.0, 60.0, 40.0
    d1 = x[0]
    d2 = x[1] - x[0]
    s1 = k1 * d1 + c * d1 ** 3
    s2 = k2 * d2 + c * d2 ** 3
    return np.array([[s1 - s2], [s2]])


def jac(x):
    return jax.jacfwd(lambda y: resid(y)[:, 0])(x)


f = jax.jit(diff_solve(resid, jac))
# --- end user code ---

import numpy as onp_
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    x0 = onp_.zeros(2, dtype=onp_.float32) + rng.uniform(-0.05, 0.05, size=2).astype(onp_.float32)
    ff = rng.uniform(-30.0, 30.0, size=(2, 1)).astype(onp_.float32)
    return (x0, {}, ff)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, params, ff):
    def cond(c):
        itr, x = c
        return (itr < 20) & (jnp.linalg.norm(ff - resid(x)) > 1e-3)

    def body(c):
        itr, x = c
        df = ff - resid(x)
        dx = jnp.linalg.solve(jac(x), df)[:, 0]
        return itr + 1, x + dx

    _, x = lax.while_loop(cond, body, (0, x0))
    return x
