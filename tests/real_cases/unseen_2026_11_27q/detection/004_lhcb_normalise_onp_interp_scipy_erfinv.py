"""An LHCb density-estimation helper ported to jax.numpy still calls `onp.interp` and `scipy.special.erfinv`.

source: public CERN/LHCb JAX module "General-purpose functions (e.g. not specifically related to PID samples) useful for density estimation" (`from jax import numpy as np`, `import numpy as onp`; functions filter_data, create_normaliser, reweight, normalise, unnormalise, resample); the code index gives no repository name, file id 19294260360
error: TracerArrayConversionError
category: numpy-scipy-on-tracer
expect: fix
notes: `onp.interp` on a traced column raises first; `scipy.special.erfinv` on a traced array would raise next. `normalise` verbatim. The module imports `jit` but the stored file does not show where `normalise`
  is jitted; `f = jax.jit(normalise, static_argnums=2)` is my addition (the `methods` tuple of strings must
  be static). `norm` is the list of `(cum_values, edges)` pairs that the module's `create_normaliser` builds;
  `make_inputs` rebuilds it with NumPy the same way. The fix is `jnp.interp` (same left/right semantics) and
  `jax.scipy.special.erfinv`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import numpy as np
from jax import jit, lax
import numpy as onp
import functools
import scipy
import scipy.special


def normalise(data, norm, methods) :
  norm_data = []
  for i in range(data.shape[1]) :
    cum_values, edges = norm[i]
    #dx = edges[1]-edges[0]
    if methods[i] == "flatten" : 
      norm_data += [ onp.interp(data[:,i], edges, cum_values, left = 0., right = 1.) ]
    elif methods[i] == "gauss" : 
      flat = onp.interp(data[:,i], edges, cum_values, left = 0., right = 1.)
      norm_data += [ scipy.special.erfinv( flat*2. - 1. ) ]
    elif methods[i] == "scale" : 
      left = edges[0]
      right = edges[-1]
      norm_data += [ (data[:,i]-left)/(right-left) ]
  return np.stack(norm_data, axis = 1)


f = jit(normalise, static_argnums=2)
# --- end user code ---

import jax
import jax.numpy as jnp
import numpy as _np


def make_inputs(rng):
    n = 40
    ranges = [(-3.0, 3.0), (0.0, 10.0), (-1.0, 1.0)]
    bins = [12, 10, 8]
    data = _np.stack([
        rng.normal(size=n),
        rng.uniform(0.5, 9.5, size=n),
        rng.uniform(-0.9, 0.9, size=n),
    ], axis=1).astype(_np.float32)
    data[0, 0] = -5.0  # left of the first edge: the `left=` value
    data[1, 0] = 5.0   # right of the last edge: the `right=` value
    norm = []
    for i in range(data.shape[1]):
        counts, edges = _np.histogram(data[:, i], bins=bins[i], range=ranges[i])
        cum_values = _np.concatenate(([0.0], _np.cumsum(counts * _np.diff(edges))))
        cum_values = cum_values / cum_values[-1]
        norm.append((cum_values.astype(_np.float32), edges.astype(_np.float32)))
    data[2, 1] = 20.0  # outside the second variable's range too
    return (data, norm, ("flatten", "gauss", "scale"))


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnums=2)
def reference_fix(data, norm, methods):
    norm_data = []
    for i in range(data.shape[1]):
        cum_values, edges = norm[i]
        if methods[i] == "flatten":
            norm_data += [jnp.interp(data[:, i], edges, cum_values, left=0., right=1.)]
        elif methods[i] == "gauss":
            flat = jnp.interp(data[:, i], edges, cum_values, left=0., right=1.)
            norm_data += [jax.scipy.special.erfinv(flat * 2. - 1.)]
        elif methods[i] == "scale":
            left = edges[0]
            right = edges[-1]
            norm_data += [(data[:, i] - left) / (right - left)]
    return jnp.stack(norm_data, axis=1)
