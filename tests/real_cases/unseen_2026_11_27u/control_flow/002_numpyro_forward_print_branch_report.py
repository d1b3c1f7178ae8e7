"""A forward model that branches on a sampled parameter only to print a message.

source: https://github.com/pyro-ppl/numpyro/issues/1570 (Sarenrenegade, "evaluate numpyro sample during mcmc": `forward(x, a, b)` with `if a<5: # checking value  print('hello') else: print('goodbye')`, called from a NumPyro model run with NUTS)
error: TracerBoolConversionError
category: branch-with-side-effect
expect: report
notes: `forward` is verbatim from the issue. The issue calls it from a NumPyro model sampled by
  MCMC(NUTS(model)), where `a` is a traced sample; numpyro is not available here, so the entry point is
  `f = jax.jit(forward)` (same tracing of `a`). The two branches differ only in a host-side print, so the
  traced condition guards a side effect rather than a value: the user asks how to see concrete values during
  sampling (maintainers point to jax.debug.print / callbacks). Reported, not auto-fixed.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


""" FORWARD FUNCTION """
def forward(x, a, b) :
    y = b + a * x 
    
    if a<5: # checking value 
        print('hello')
    else:
        print('goodbye')
        
    return y


f = jax.jit(forward)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x_values = np.arange(0, 1e2, dtype=np.float32)
    a = np.float32(rng.uniform(0.0, 10.0))
    b = np.float32(rng.uniform(100.0, 200.0))
    return (x_values, a, b)


INPUTS = make_inputs
