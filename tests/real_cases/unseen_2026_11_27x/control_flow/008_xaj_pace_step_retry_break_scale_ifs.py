"""xaj's adaptive DP5 step controller: retry loop with a traced `if P: break`, NR step scaling with `if R == 0.0` / `r if P else 1.0` / `if p`, builtin min/max on traced errors.

source: adxsrc/xaj mod/xaj/pace.py and mod/xaj/NR.py at 0650fb213222a0353b049712df7e8e7a7d355319 (class Pace, wrapper, nanmask; RErr, Scale; code-index file ids 14614231383 and 14931743239) with the DP5 stepper Step from mod/xaj/DP5.py at 077336db7456de724154d63a9b273ee1012c69a7 (code-index file id 1453047490). The later pace.py at d873150e1600a4d0d3f69d909177cc1539fe8058 jits only the inner step and keeps the retry loop in Python; the README says XAJ only works with jax/jaxlib 0.3.
error: TracerBoolConversionError
category: for-break-retry-step-control
expect: fix
notes: Pace, wrapper, nanmask (pace.py), RErr, Scale (NR.py) and Step (DP5.py) are verbatim, with `from jax import numpy as np` as in xaj; the relative import `from .NR import RErr, Scale` is dropped because the three modules are pasted into one file, and DP5's unused Init/Dense are left out. The harmonic-oscillator right-hand side `rhs` and the entry point `pace_once` (build a Pace with the traced initial step size and take one paced step, returning the new point, state and controller state) are added; `f = jax.jit(pace_once)`. Step sizes from 0.8 to 4 (with atol = rtol = 1e-2 passed to Pace, so that the accepted relative error stays well above float32 round-off) make the controller retry (up to n=8 times) on large steps, so both the retry and the accept paths of the loop run, and `p` is True/False across iterations.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as np


def RErr(axis=None, atol=1e-4, rtol=1e-4):
    """Turn some parameters into a error function

    This function takes some setings such as `atol` and `rtol` and
    return a callable that comptues a "relative error".

    Args:
        axis:  Axes for the root-mean-sqaure to run on.
        atol:  Absolute tolerance.
        rtol:  Relative tolerance.

    Returns:
        rerr:  A callable to compute the relative error from
               initial state `y`, final state `Y`, and estimated error
               `E`.  `y`, `Y`, and `E` can all be pytree with same
               signature.

    """
    def rerr(y, Y, E): # closure on axis, atol, and rtol
        r = E / (atol + rtol * np.maximum(abs(y), abs(Y))) # TODO: make it work for generic pytrees
        return np.sqrt(np.mean(r * r, axis=axis))

    return rerr


def Scale(safe=0.875, alpha=None, beta=None, minscale=0.125, maxscale=8.0, order=5):
    """Turn some parameters into a scaling function

    This function takes some setings such as `safe`, `minscale`, and
    `maxscale` and return a callable that computes a "scaling factor"
    for time step control.  The formulation is based on the Numerical
    Recipe, with some specific choice on the default parameters.

    Args:
        TODO...

    Returns:
        scale: A callable to compute the scaling factor for time step
               control.  The formulation is based on the Numerical
               Recipe.  It takes the last and current relative errors
               `g` and `G`, and propose a scaling `s` for the next
               step.  `g`, `G`, and `s` can be pytree with the same
               signature.

    """
    if beta  is None:
        beta  = 0.4 / order
    if alpha is None:
        alpha = 1.0 / order - 0.75 * beta

    def scale(r, R, p, P): # closure on safe, alpha, beta, minscale, maxscale, xmappable
        # TODO: make it work for generic pytrees
        if R == 0.0:
            s = maxscale
        else:
            s = np.clip(safe * (r if P else 1.0)**beta * R**-alpha, minscale, maxscale)
        if p:
            return s
        else:
            return min(s, 1.0)

    return scale


def Step(rhs):
    """Turn the RHS of a system of ODEs to a DP5 stepper

    This function takes the right-hand-side (RHS) of a system of
    ordinary differential equations (ODEs) into a 5th-order
    Runge-Kutta Dormand-Prince (DP5) stepper.

    Args:
        rhs:   Callable that takes exactly 2 arguments and return 1
               argument, i.e. K0 = rhs(x, y).  Here, x is a scalar, y
               is a pytree (see JAX documentation), and K0 is a pytree
               with exact same signature as y.

    Returns:
        step:  Callable that takes exactly 4 arguments and return 3
               arguments, i.e., Y, E, K = step(x, y, h, k).  Here, x
               and h are scalars; y, Y, E are all pytrees with exact
               same signature.  And k and K are list of the same
               pytree.

    Both the input `rhs` and output `step` should be xmappable by JAX.
    When `rhs` or/and `step` is/are xmapped, then `x` and `h` are
    allowed to be JAX DeviceArray's with shapes that are broadcastable
    to the xmapped axes.

    """
    c = {0:    0.0,    1:     1/5,    2:    3/10,    3:   4/5,    4:     8/9,      5: 1.0,   6: 1.0 }
    a = {
      0:{                                                                                           },
      1:{0:    1/5                                                                                  },
      2:{0:    3/40,   1:     9/40                                                                  },
      3:{0:   44/45,   1:-   56/15,   2:   32/9                                                     },
      4:{0:19372/6561, 1:-25360/2187, 2:64448/6561,  3:-212/729                                     },
      5:{0: 9017/3168, 1:-  355/33,   2:46732/5247,  3:  49/176,  4:- 5103/18656                    },
      6:{0:   35/384,                 2:  500/1113,  3: 125/192,  4:- 2187/6784,   5:11/84          },
    }
    e = {0:   71/57600,               2:-  71/16695, 3:  71/1920, 4:-17253/339200, 5:22/525, 6:-1/40}

    def step(x, y, h, k): # closure on rhs, may be xmapped
        K = [] if k is None else k[-1:]
        for i in range(len(K),7):
            X = x + h * c[i]
            Y = y + h * sum(v * K[j] for j, v in a[i].items()) # TODO: make it work for generic pytrees
            K.append(rhs(X, Y))
        E = h * sum(v * K[j] for j, v in e.items())
        return Y, E, K

    return step


def nanmask(m, v):
    """Mask a value or an array `v` with `nan` according to `m`"""
    return np.select([m], [v], np.nan)


def wrapper(step, rerr, filter=None):

    def do(x, y, h, k):
        Y, E, K = step(x, y, h, k)
        R       = rerr(y, Y, E)
        return Y, R, K

    def masked_do(x, y, h, k):
        m       = filter(x, y)
        Y, E, K = step(x, y, nanmask(m, h), k)
        R       = rerr(y, Y, E)
        return Y, R, K

    if filter is None:
        return do
    else:
        return masked_do


class Pace:
    """Pace the system of ODEs forward by a step

    Compared to step(), pace() has internal states and keep track of
    the optimal step size.  If the proposed step size is too small,
    pace() would try `n` times until a small enough step size is
    found.

        Pace (verb): walk at a steady and consistent speed, especially
        back and forth and as an expression of one's anxiety or
        annoyance.

    """
    def __init__(self, step, h, filter=None,
        n=8, r=0.125, rmin=1e-4,
        eqax=None, atol=1e-4, rtol=1e-4,
        **kwargs,
    ):
        rerr  = RErr(eqax, atol, rtol)
        scale = Scale(**kwargs)

        # TODO: xmap rerr and filter

        # Internal methods
        self.step  = wrapper(step, rerr, filter)
        self.scale = scale

        # Constant settings
        self.n    = n
        self.rmin = rmin

        # Varying states
        self.h = h
        self.p = True
        self.r = r

    def __call__(self, x, y, k):
        for _ in range(self.n):
            Y, R, K = self.step(x, y, self.h, k)
            X       = x + self.h
            R       = np.nanmax(R) # xaj supports only global step for now
            P       = R <= 1.0
            self.h *= self.scale(self.r, R, self.p, P)
            self.p  = P
            if P:
                break
        self.r = max(R, self.rmin) # unlike self.p, self.r is only updated if pass
        return X, Y, K


def rhs(x, y):
    return np.array([y[1], -y[0]])


def pace_once(x, y, h):
    pace = Pace(Step(rhs), h, atol=1e-2, rtol=1e-2)
    X, Y, K = pace(x, y, None)
    return X, Y, pace.h, pace.p, pace.r


f = jax.jit(pace_once)
# --- end user code ---

import numpy as onp
from jax import lax
import jax.numpy as jnp


def make_inputs(rng):
    x = onp.float32(rng.uniform(0.0, 2.0))
    y = rng.normal(size=(2,)).astype(onp.float32)
    h = onp.float32(rng.choice([rng.uniform(0.8, 1.5), rng.uniform(1.5, 4.0)]))
    return (x, y, h)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y, h):
    safe, order, minscale, maxscale = 0.875, 5, 0.125, 8.0
    beta = 0.4 / order
    alpha = 1.0 / order - 0.75 * beta
    rerr = RErr(None, 1e-2, 1e-2)
    step = Step(rhs)

    def scale(r, R, p, P):
        raw = jnp.clip(safe * jnp.where(P, r, 1.0) ** beta * R ** -alpha, minscale, maxscale)
        s = jnp.where(R == 0.0, maxscale, raw)
        return jnp.where(p, s, jnp.minimum(s, 1.0))

    def body(_, st):
        h, p, r, done, X, Y, R = st
        Yn, En, _ = step(x, y, h, None)
        Rn = jnp.nanmax(rerr(y, Yn, En))
        Xn = x + h
        Pn = Rn <= 1.0
        hn = h * scale(r, Rn, p, Pn)
        keep = lambda new, old: jnp.where(done, old, new)
        return (keep(hn, h), keep(Pn, p), r, done | Pn,
                keep(Xn, X), keep(Yn, Y), keep(Rn, R))

    h0 = jnp.asarray(h, jnp.float32)
    init = (h0, jnp.asarray(True), jnp.float32(0.125), jnp.asarray(False),
            jnp.zeros_like(h0), jnp.zeros_like(y), jnp.zeros_like(h0))
    h1, p1, _, _, X, Y, R = lax.fori_loop(0, 8, body, init)
    return X, Y, h1, p1, jnp.maximum(R, 1e-4)
