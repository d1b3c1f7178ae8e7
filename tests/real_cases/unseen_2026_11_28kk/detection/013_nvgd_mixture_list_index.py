"""utils.mixture: a Python list of sampler functions indexed by a `random.categorical` draw.

source: langosco/neural-variational-gradient-descent nvgd/src/utils.py at 494eefe30914ef2c3893a0aca899dcece4984634 (`mixture`); the two components and the weights are the ones of the author's exploration script in the code index (code-index file id 15840720282: `def f(key): return random.normal(key)`, `def g(key): return random.normal(key) + 30`, `mix = utils.mixture([f, g], [0.2, 0.8])`, then `mix(key)` called in a Python loop over 1000 keys).
error: TracerIntegerConversionError
category: list-indexed-by-tracer
expect: fix
notes: `mixture` verbatim with the module's imports (`from jax.ops import index_update, index`, gone from
  JAX and unused here, dropped); f, g and the mixture call from the exploration script, with `f` renamed
  `f_comp` so the entry point can be called `f`; `f = jax.jit(mix)` added (the script samples one key at a
  time in a loop; jitting the sampler is the obvious next step). `components[component]` indexes a Python
  list with the traced category, so the jit fails with TracerIntegerConversionError; the jit-safe form is
  `jax.lax.switch(component, components, key2)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as np
import jax
from jax import jit, vmap, random, grad, jacfwd
from jax import lax


def mixture(components: list, weights: list):
    """
    * components: list of functions RNGkey --> sample
    * weights: mixture weights

    Returns function
    mix: RNGkey --> sample,
    where sample is a random sample from the mixture distribution.
    """
    k = len(components)
    assert k == len(weights)
    weights = np.asarray(weights)
    def mix(key):
        key1, key2 = random.split(key)
        component = random.categorical(key1, np.log(weights))
        return components[component](key2)
    return mix


def f_comp(key): return random.normal(key)
def g(key): return random.normal(key) + 30

mix = mixture([f_comp, g], [0.2, 0.8])

f = jax.jit(mix)
# --- end user code ---

import numpy


def make_inputs(rng):
    # a raw uint32[2] PRNG key, as random.PRNGKey / random.split produce
    return (numpy.array([0, rng.integers(0, 2**31 - 1)], dtype=numpy.uint32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(key):
    weights = np.asarray([0.2, 0.8])
    key1, key2 = random.split(key)
    component = random.categorical(key1, np.log(weights))
    return lax.switch(component, [f_comp, g], key2)
