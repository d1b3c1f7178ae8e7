"""Metropolis-Hastings sweep: nested traced `if`/`else` that flips one array element and splits the key in one branch.

source: https://github.com/jax-ml/jax/issues/575 (adamhaber, "TypeError: Abstract value passed to `bool`", the `sample` function)
error: TracerBoolConversionError
category: for-nested-if-at-set
expect: fix
notes: the issue's code with three updates for current JAX: `index_update(state,i,1-state[i])` -> `state.at[i].set(1-state[i])`; `np.sum([...])` over a list -> `np.sum(np.array([...]))` (jnp.sum no longer takes lists); n_samps default lowered 100 -> 3 so the eager run stays fast. Branches: dE < 0 (accept), else split the key and accept/reject on a uniform draw.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import itertools as it
from functools import partial

import jax
import jax.numpy as np
from jax import jit, random

N = 10

marg_1 = lambda i,x:x[i]
marg_2 = lambda i,j,x:x[i]*x[j]

marg_1s = [jit(partial(marg_1,i)) for i in range(N)]
marg_2s = [jit(partial(marg_2,i,j)) for i,j in list(it.combinations(range(N),r=2))]
funcs = marg_1s+marg_2s

@jit
def calc_e(factors,word):
    return np.sum(np.array([factor*func(word) for factor,func in zip(factors,funcs)]))

@jit
def sample(factors,N=10,seed=0,n_samps=3):
    key = random.PRNGKey(seed)
    key, subkey = random.split(key)

    state = random.randint(subkey,minval=0,maxval=2, shape=(N,))
    all_states = []

    for _ in range(n_samps):
        all_states.append(state)
        for i in range(N):
            #flip sign
            state_flipped = state.at[i].set(1-state[i])
            #calc energy difference
            dE = calc_e(factors,state_flipped)-calc_e(factors,state)
            if dE < 0:
                state = state_flipped
            else:
                key, subkey = random.split(key)
                rand=random.uniform(subkey,shape=(1,))
                if rand < np.exp(-dE):
                    state = state_flipped
    return all_states

f = sample
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    # 55 couplings; mixed signs so that both dE < 0 and dE >= 0 (accept and reject) occur
    return ((rng.normal(size=(55,)) * 1.5).astype(onp.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(factors):
    key = random.PRNGKey(0)
    key, subkey = random.split(key)
    state = random.randint(subkey, minval=0, maxval=2, shape=(10,))
    all_states = []
    for _ in range(3):
        all_states.append(state)
        for i in range(10):
            state_flipped = state.at[i].set(1 - state[i])
            dE = calc_e(factors, state_flipped) - calc_e(factors, state)
            downhill = dE < 0
            new_key, subkey = random.split(key)
            rand = random.uniform(subkey, shape=(1,))
            accept = downhill | (rand < jnp.exp(-dE))[0]
            key = jnp.where(downhill, key, new_key)
            state = jnp.where(accept, state_flipped, state)
    return all_states
