"""optimism's safeguarded Newton root finder (rtsafe): already written with lax.cond / while_loop / custom_root.

source: sandialabs/optimism optimism/ScalarRootFind.py at 023e1b2a0b137900a7517e4c7ac5056255cf7bbe (get_settings, find_root, rtsafe_, bisection_step, newton_step); entry point from optimism/test/testScalarRootFinder.py at 1f36c8e1f7a36bbc16683648373b40c9c2a4991e (test_root_find_with_vmap_and_jit: `jit(vmap(my_sqrt, 0))`)
error: none
category: negative-lax-control-flow
expect: untouched
notes: ScalarRootFind.py is verbatim except the star import `from optimism.JaxConfig import *`, replaced by the names it supplied (namedtuple, jax.numpy as np, lax, value_and_grad, while_loop). The entry point is the test's my_sqrt under `jit(vmap(...))`, with `float_info.epsilon` as in the test. Looks leaky (a `converged = False` flag, `fl*fh < 0.0`, `if`-like orientation of the bracket, a convergence loop) but every decision is a jnp.where / lax.cond / lax.while_loop on traced values and the settings namedtuple is closed over as Python constants.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from collections import namedtuple
from sys import float_info

import jax.numpy as np
from jax import jit, lax, value_and_grad, vmap
from jax.lax import custom_root, while_loop

SolutionInfo = namedtuple('SolutionInfo', ['converged', 'iterations', 'function_calls'])

Settings = namedtuple('Settings', ['max_iters', 'x_tol'])


def get_settings(max_iters=50, x_tol=1e-13):
    """Get numerical settings for the root finder.

    Parameters
    ==========
    max_iters : int
        Maximum number of iterations to use in search
    x_tol : real
        Tolerance on independent variable for convergence. The root finder will
        terminate when the independent variable changes by less than `x_tol` in
        an iteration.

    Returns
    =======
    settings : A Settings object, which can be used in `find_root`.
    """
    return Settings(max_iters, x_tol)


def find_root(f, x0, bracket, settings):
    """Find a root of a nonlinear scalar-valued equation.

    Uses Newton's method, safeguarded with bisection.
    See rtsafe(...) from Numerical Recipes. This function is differentiable
    using Jax transforms, and can be compsed with `vmap` and `jit`.

    Parameters
    ==========
    f : callable
        Scalar function of which to find a root.
    x0 : real
        Initial guess for root. The value of x0 should be within the range
        defined by bracket. If not, the initial guess will be automatically
        clipped to the nearest bound.
    bracket : sequence of 2 reals (list, tuple, numpy array, etc)
        Upper and lower bounds for the root search. The existence of a
        root is inferred by checking that the values of `f` at both brackets
        do not have the same sign. If this check fails, `nan` is returned.
    settings : A settings object from this module
        Algorithmic settings.

    Returns
    =======
    x : real (or nan)
        Argument of f such that f(x) = 0 (within provided tolerance). If the
        root is not bracketed, `nan` is returned.
    """
    return custom_root(f, x0, lambda F, X0: rtsafe_(F, X0, bracket, settings),
                       lambda g, y: y/g(1.0))


def rtsafe_(f, x0, bracket, settings):
    # Find root of a scalar function
    # Newton's method, safeguarded with bisection
    # from Numerical Recipes

    max_iters = settings.max_iters
    x_tol = settings.x_tol

    f_and_fprime = value_and_grad(f)

    converged = False

    fl = f(bracket[0])
    fh = f(bracket[1])
    functionCalls = 2

    # check that root is bracketed
    x0 = np.where(fl*fh < 0.0,
                  x0,
                  np.nan)

    leftBracketIsSolution = (fl == 0.0)
    x0 = np.where(leftBracketIsSolution, bracket[0], x0)
    converged = np.where(leftBracketIsSolution, True, converged)

    rightBracketIsSolution = (fh == 0.0)
    x0 = np.where(rightBracketIsSolution, bracket[1], x0)
    converged = np.where(rightBracketIsSolution, True, converged)

    # ORIENT THE SEARCH SO THAT F(XL) < 0.
    xl, xh = lax.cond(fl < 0,
                      lambda b: (b[0], b[1]),
                      lambda b: (b[1], b[0]),
                      bracket)

    # INITIALIZE THE GUESS FOR THE ROOT, THE ''STEP SIZE
    # BEFORE LAST'', AND THE LAST STEP
    x0 = np.clip(x0, np.min(bracket), np.max(bracket))
    dxOld = np.abs(bracket[1] - bracket[0])
    dx = dxOld

    F, DF = f_and_fprime(x0)
    functionCalls += 1

    def cond(carry):
        root, dx, dxOld, F, DF, xl, xh, converged, i = carry
        keepLooping = (~converged) & (i < max_iters)
        return keepLooping

    def loop_body(carry):
        root, dx, dxOld, F, DF, xl, xh, converged, i = carry
        
        newtonOutOfRange = ((root - xh)*DF - F) * ((root - xl)*DF - F) > 0
        newtonDecreasingSlowly = np.abs(2.*F) > np.abs(dxOld*DF)
        dxOld = dx
        root, dx, converged = lax.cond(newtonOutOfRange | newtonDecreasingSlowly,
                                       bisection_step,
                                       newton_step,
                                       root, xl, xh, DF, F)

        F, DF = f_and_fprime(root)

        # MAINTAIN THE BRACKET ON THE ROOT
        xl,xh = lax.cond(F < 0,
                         lambda rt, lo, hi: (rt, hi),
                         lambda rt, lo, hi: (lo, rt),
                         root, xl, xh)
        i += 1
        converged = converged | (np.abs(dx) < x_tol) # absolute tolerance
        return root, dx, dxOld, F, DF, xl, xh, converged, i

    x, _, _, _, _, _, _, converged, iters = while_loop(cond,
                                                       loop_body,
                                                       (x0, dx, dxOld, F, DF, xl, xh, converged, 0))

    x = np.where(converged, x, np.nan)
    
    return x#, SolutionInfo(converged=converged, function_calls=functionCalls,
             #              iterations=iters)


def bisection_step(x, xl, xh, df, f):
    dx = 0.5*(xh - xl)
    x = xl + dx
    converged = (x == xl)
    return x, dx, converged


def newton_step(x, xl, xh, df, f):
    dx = -f/df
    temp = x
    x = x + dx
    converged = (x == temp)
    return x, dx, converged


settings = get_settings()

myfunc = lambda x, a: x**2 - a
def my_sqrt(a):
    rootBracket = np.array([float_info.epsilon, 100.0])
    return find_root(lambda x: myfunc(x, a), 8.0,
                     rootBracket, settings)

f = jit(vmap(my_sqrt, 0))
# --- end user code ---

import numpy


def make_inputs(rng):
    a = rng.uniform(0.5, 400.0, size=6)
    a[rng.integers(6)] = rng.uniform(1.2e4, 3e4)   # root above the bracket: nan
    a[rng.integers(6)] = rng.uniform(60.0, 90.0)   # 8.0 guess far off: bisection steps
    return (a.astype(numpy.float32),)


INPUTS = make_inputs
