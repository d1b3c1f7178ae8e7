"""MagPI's rejection sampler: the accept/reject loop is already a `lax.while_loop` under `vmap`; nothing may change.

source: schaffer9/MagPI magpi/sampling.py at 3d5f16d438e7532497da96dbaa45b2e599f5c228 (`rejection_sampling`; an earlier copy is pinns/sampling.py in the same repository)
error: none
category: negative-while-loop-rejection
expect: untouched
notes: `rejection_sampling` verbatim. `from .prelude import *` is replaced by the names it provides here (`Array`, `lax`, `random`, `vmap`, `Callable`); `from chex import ArrayTree` becomes `ArrayTree = Any` (chex is not installed). The jitted driver `f` (16 draws from the density 1 + a*cos(2*pi*x) on [0, 1] with a uniform proposal, bound m=2) is written for the case. Look-alike: a data-dependent "repeat until accepted" loop whose traced test `p > pdf(sample) / m` lives in the while_loop's cond function, with static `n`/`m`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Any, Callable

import jax
import jax.numpy as jnp
import jax.lax as lax
import jax.random as random
from jax import Array, vmap

ArrayTree = Any


Sample = ArrayTree
Samples = ArrayTree
PDF = Callable[[Sample], float]
Key = Array
SampleFn = Callable[[Key], Sample]


def rejection_sampling(
    key: Key,
    pdf: PDF,
    sample_fn: SampleFn,
    n: int,
    m: int,
) -> Samples:
    """Draws `n` samples according to the given PDF. It takes on average
    `m` iterations for each sample. Samples are drawn in parallel.

    Parameters
    ----------
    key : Key
    pdf : PDF
    sample_fn : SampleFn
    n : int
    m : int
    """

    def draw_sample(key):
        key, samplekey, valkey = random.split(key, 3)
        sample = sample_fn(samplekey)
        p = random.uniform(valkey)

        def body(state):
            key, p, sample = state
            key, samplekey, valkey = random.split(key, 3)
            p = random.uniform(valkey)
            sample = sample_fn(samplekey)
            return key, p, sample

        def not_valid(state):
            _, p, sample = state
            return p > (pdf(sample) / m)

        _, _, sample = lax.while_loop(not_valid, body, (key, p, sample))
        return sample

    keys = random.split(key, n)
    return vmap(draw_sample)(keys)


@jax.jit
def f(key, a):
    pdf = lambda x: 1.0 + a * jnp.cos(2 * jnp.pi * x)
    return rejection_sampling(key, pdf, random.uniform, 16, 2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    a = np.float32(rng.uniform(-0.9, 0.9))
    return (key, a)


INPUTS = make_inputs
