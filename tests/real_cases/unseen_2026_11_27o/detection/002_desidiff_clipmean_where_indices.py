"""DESI difference-spectra clipped mean ported to jax.numpy: one-argument where() used as an index.

source: desihub/timedomain desidiff/src/scores.py at 07d609c4cdcce357273f75f52acc4c9dd996ea4a (clipmean_one, clipmean)
error: ConcretizationTypeError
category: nonzero-index-in-helper
expect: fix
notes: clipmean_one and clipmean are verbatim NumPy code, run with `import jax.numpy as numpy` (a straight
  NumPy -> jax.numpy port) and jitted. One adaptation: jnp's logical_and.reduce needs an array, so the
  list argument is wrapped in numpy.asarray([...]). The leak is `numpy.where(mask==0)[0]` (jnp.nonzero
  without size=) inside the helper called per band from clipmean's loop over the dict keys (static).
  The indices are only used to sum over the selected pixels, so the fix is masked sums with the
  three-argument where; the output shape never depended on the data.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import copy

import jax
import jax.numpy as numpy


def clipmean_one(y,ivar,mask,nsig=3):

    w=numpy.where(mask==0)[0]
    ansivar = ivar[w].sum()
    
    ansmean = numpy.sum(y[w]*ivar[w])/ansivar
    newy = y-ansmean
    w=numpy.where(numpy.logical_and.reduce(numpy.asarray([mask==0, numpy.abs(newy*numpy.sqrt(ivar)) < nsig])))[0]
    ansivar = ivar[w].sum()
    ansmean = numpy.sum(y[w]*ivar[w])/ansivar
    return y-ansmean

def clipmean(y,ivar,mask,nsig=3):
    ans = copy.deepcopy(y)
    for k in ans.keys():
        ans[k]=clipmean_one(y[k],ivar[k],mask[k],nsig=nsig)
    return ans


f = jax.jit(clipmean)
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    y, ivar, mask = {}, {}, {}
    for k in ("b", "r", "z"):
        flux = rng.normal(size=(32,)).astype(np.float32)
        # a few strong outliers so the nsig clip actually removes pixels
        flux[rng.integers(0, 32, size=3)] += rng.choice([-12.0, 12.0], size=3).astype(np.float32)
        y[k] = flux
        ivar[k] = rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32)
        mask[k] = (rng.uniform(size=(32,)) < 0.2).astype(np.int32)
    return (y, ivar, mask)


INPUTS = make_inputs


def _clipmean_one_fixed(y, ivar, mask, nsig=3):
    keep = mask == 0
    ansivar = jnp.sum(jnp.where(keep, ivar, 0))
    ansmean = jnp.sum(jnp.where(keep, y * ivar, 0)) / ansivar
    newy = y - ansmean
    keep = jnp.logical_and(mask == 0, jnp.abs(newy * jnp.sqrt(ivar)) < nsig)
    ansivar = jnp.sum(jnp.where(keep, ivar, 0))
    ansmean = jnp.sum(jnp.where(keep, y * ivar, 0)) / ansivar
    return y - ansmean


@jax.jit
def reference_fix(y, ivar, mask, nsig=3):
    return {k: _clipmean_one_fixed(y[k], ivar[k], mask[k], nsig=nsig) for k in y.keys()}
