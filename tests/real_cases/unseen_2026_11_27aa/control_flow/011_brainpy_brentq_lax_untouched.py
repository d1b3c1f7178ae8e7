"""BrainPy's jax port of scipy's brentq: dict-state lax.while_loop with nested lax.cond, vmapped and jitted.

source: brainpy/BrainPy brainpy/analysis/numeric/solver.py at 3fcad6970529ec0e8a5518ee85bba7844eb99709 (_logical_or, _logical_and, _where, f_without_jaxarray_return, brentq; entry point modelled on roots_of_1d_by_x of the same file: `f_opt = bm.jit(bm.vmap(brentq(f), in_axes=(0, 0, None)))`, then `res['root']` / `res['status']`)
error: none
category: negative-lax-control-flow
expect: untouched
notes: The helpers and brentq are verbatim. `import brainpy.math as bm` is replaced by a small stand-in namespace holding only the `JaxArray` class that the isinstance checks test against (plain jax arrays never match, as with BrainPy's own wrapper off). Dropped: scipy's optimize import and the shgo-based find_root_of_2d / candidate helpers. The entry `f` jits the vmapped solver and returns res['root'] and res['status'] as roots_of_1d_by_x reads them (its later boolean-mask selection is left out; itr/funcalls are not returned because float32 rounding can change the iteration count by one between eager and compiled runs). The function handed to brentq is the FitzHugh-Nagumo fast-variable derivative used in BrainPy's phase-plane examples (V - V**3/3 - w + Iext). Looks leaky (`if jax.config.read('jax_enable_x64')`, `isinstance` tests, `abs(...) < ...` comparisons, a status flag) but the config flag and isinstance checks are static and every data-dependent choice is lax.cond / jnp.where / lax.while_loop.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.lax
import jax.numpy as jnp


class _BrainPyMathStandIn:
  class JaxArray:
    value = None


bm = _BrainPyMathStandIn()

_ECONVERGED = 0
_ECONVERR = -1


def _logical_or(a, b):
  a = a.value if isinstance(a, bm.JaxArray) else a
  b = b.value if isinstance(b, bm.JaxArray) else b
  return jnp.logical_or(a, b)


def _logical_and(a, b):
  a = a.value if isinstance(a, bm.JaxArray) else a
  b = b.value if isinstance(b, bm.JaxArray) else b
  return jnp.logical_and(a, b)


def _where(p, a, b):
  p = p.value if isinstance(p, bm.JaxArray) else p
  a = a.value if isinstance(a, bm.JaxArray) else a
  b = b.value if isinstance(b, bm.JaxArray) else b
  return jnp.where(p, a, b)


def f_without_jaxarray_return(f):
  def f2(*args, **kwargs):
    r = f(*args, **kwargs)
    return r.value if isinstance(r, bm.JaxArray) else r

  return f2


def brentq(fun):
  f = f_without_jaxarray_return(fun)
  if jax.config.read('jax_enable_x64'):
    rtol = 4 * jnp.finfo(jnp.float64).eps
  else:
    rtol = 2 * jnp.finfo(jnp.float32).eps

  def x(a, b, args=(), xtol=2e-14, maxiter=200):
    # Convert to float
    xpre = a * 1.0
    xcur = b * 1.0

    # Conditional checks for intervals in methods involving bisection
    fpre = f(xpre, *args)
    fcur = f(xcur, *args)

    # Root found at either end of [a,b]
    root = _where(fpre == 0, xpre, 0.)
    status = _where(fpre == 0, _ECONVERGED, _ECONVERR)
    root = _where(fcur == 0, xcur, root)
    status = _where(fcur == 0, _ECONVERGED, status)

    # Check for sign error and early termination
    # Perform Brent's method
    def _f1(x):
      x['xblk'] = x['xpre']
      x['fblk'] = x['fpre']
      x['spre'] = x['xcur'] - x['xpre']
      x['scur'] = x['xcur'] - x['xpre']
      return x

    def _f2(x):
      x['xpre'] = x['xcur']
      x['xcur'] = x['xblk']
      x['xblk'] = x['xpre']
      x['fpre'] = x['fcur']
      x['fcur'] = x['fblk']
      x['fblk'] = x['fpre']
      return x

    def _f5(x):
      x['stry'] = -x['fcur'] * (x['xcur'] - x['xpre']) / (x['fcur'] - x['fpre'])
      return x

    def _f6(x):
      x['dpre'] = (x['fpre'] - x['fcur']) / (x['xpre'] - x['xcur'])
      dblk = (x['fblk'] - x['fcur']) / (x['xblk'] - x['xcur'])
      x['stry'] = -x['fcur'] * (x['fblk'] * dblk - x['fpre'] * x['dpre']) / (dblk * x['dpre'] * (x['fblk'] - x['fpre']))
      return x

    def _f3(x):
      x = jax.lax.cond(x['xpre'] == x['xblk'], _f5, _f6, x)
      k = jnp.min(jnp.array([abs(x['spre']), 3 * abs(x['sbis']) - x['delta']]))
      j = 2 * abs(x['stry']) < k
      x['spre'] = _where(j, x['scur'], x['sbis'])
      x['scur'] = _where(j, x['stry'], x['sbis'])
      return x

    def _f4(x):  # bisect
      x['spre'] = x['sbis']
      x['scur'] = x['sbis']
      return x

    def body_fun(x):
      x['itr'] += 1
      x = jax.lax.cond(x['fpre'] * x['fcur'] < 0, _f1, lambda a: a, x)
      x = jax.lax.cond(abs(x['fblk']) < abs(x['fcur']), _f2, lambda a: a, x)
      x['delta'] = (xtol + rtol * abs(x['xcur'])) / 2
      x['sbis'] = (x['xblk'] - x['xcur']) / 2
      # Root found
      j = _logical_or(x['fcur'] == 0, abs(x['sbis']) < x['delta'])
      x['status'] = _where(j, _ECONVERGED, x['status'])
      x['root'] = _where(j, x['xcur'], x['root'])
      x = jax.lax.cond(_logical_and(abs(x['spre']) > x['delta'], abs(x['fcur']) < abs(x['fpre'])),
                       _f3, _f4, x)
      x['xpre'] = x['xcur']
      x['fpre'] = x['fcur']
      x['xcur'] += _where(abs(x['scur']) > x['delta'],
                          x['scur'], _where(x['sbis'] > 0, x['delta'], -x['delta']))
      x['fcur'] = f(x['xcur'], *args)
      x['funcalls'] += 1
      return x

    def cond_fun(R):
      return jnp.logical_and(R['status'] != _ECONVERGED, R['itr'] <= maxiter)

    R = dict(root=root, status=status, xpre=xpre, xcur=xcur, fpre=fpre, fcur=fcur,
             itr=0, funcalls=2, xblk=xpre, fblk=fpre,
             sbis=(xpre - xcur) / 2,
             delta=(xtol + rtol * abs(xcur)) / 2,
             stry=-fcur * (xcur - xpre) / (fcur - fpre),
             scur=xcur - xpre, spre=xcur - xpre,
             dpre=(fpre - fcur) / (xpre - xcur))
    R = jax.lax.cond(status == _ECONVERGED,
                     lambda x: x,
                     lambda x: jax.lax.while_loop(cond_fun, body_fun, x),
                     R)
    return dict(root=R['root'], funcalls=R['funcalls'], itr=R['itr'], status=R['status'])

  return x


def fhn_dV(V, w, Iext=0.5):
  return V - V * V * V / 3 - w + Iext


f_opt = jax.vmap(brentq(fhn_dV), in_axes=(0, 0, None))


@jax.jit
def f(starts, ends, args):
  res = f_opt(starts, ends, args)
  return res['root'], res['status']
# --- end user code ---

import numpy as np


def make_inputs(rng):
    exact = rng.uniform() < 0.5
    w = 0.5 if exact else float(rng.uniform(-0.5, 1.5))   # w = 0.5 makes V = 0 an exact root
    grid = np.linspace(-3.0, 3.0, 61) + 0.013
    vals = grid - grid ** 3 / 3 - w + 0.5
    idx = np.nonzero(vals[:-1] * vals[1:] < 0)[0]
    starts = list(grid[idx])
    ends = list(grid[idx + 1])
    # a wider bracket around the outermost root
    starts.append(grid[idx[-1]] - 0.3)
    ends.append(grid[idx[-1] + 1] + 0.6)
    if exact:
        starts.append(0.0)           # left end of the bracket is the root: no iterations
        ends.append(0.7)
    else:
        starts.append(grid[idx[0]] - 0.5)
        ends.append(grid[idx[0] + 1])
    return (np.asarray(starts, np.float32), np.asarray(ends, np.float32), (w,))


INPUTS = make_inputs
