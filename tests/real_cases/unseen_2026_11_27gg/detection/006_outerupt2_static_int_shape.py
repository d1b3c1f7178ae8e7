"""Upper-triangle outer-product features: `int()` of a shape expression and `not(i == j)` on loop indices, all static.

source: public code index, file id 20199403865 (a Hebbian-learning experiment script: make_stim, outerupt2,
    outerupt3, outerupt2i, outerupt3i, hebb_update, nlls); the index does not name the repository.
error: none
category: negative (int() of static shape, truth tests on Python ints, unrolled loops)
expect: untouched
notes: outerupt2 and outerupt2i verbatim (the author's own @jax.jit decorators, tabs kept); `scaler = 1.0`
    kept from the module top. `f = outerupt2i`. Script-level code (plots, training loop), make_stim and the
    jacfwd lines dropped. `nout = int(...)` uses only v.shape, and `if not(i == j)` compares Python ints.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

scaler = 1.0

@jax.jit
def outerupt2(v):
	# outer product upper-triangle, terms with two or one factor.
	nin = v.shape[0]
	nout = int( (nin+1) * nin * 0.5 + nin )
	r = jnp.zeros(nout)
	e = 0
	for i in range(nin):
		for j in range(i, nin):
			if not(i == j):
				r = r.at[e].set( v[i] * v[j] * scaler )
				e = e + 1
	for i in range(nin):
		r = r.at[e].set( v[i] )
		e = e + 1
	return r

@jax.jit
def outerupt2i(v):
	vv = jnp.concatenate((v, (1.0 - v)), 0)
	vv = jnp.clip(vv, 0.0, 2.0)
	return outerupt2(vv)


f = outerupt2i
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # values outside [0, 1] so both clip bounds act
    return (rng.uniform(-0.5, 1.5, size=(4,)).astype(np.float32),)


INPUTS = make_inputs
