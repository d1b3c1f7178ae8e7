"""vmcnet's multi-determinant FermiNet computes orbital counts from the static spin split with Python ints only.

source: jeffminlin/vmcnet vmcnet/models/construct.py (`FermiNet.__call__`: `if isinstance(self.spin_split, Sequence): nall_but_last = functools.reduce(lambda a, b: a + b, self.spin_split); norbitals = tuple(self.spin_split) + (nelec_total - nall_but_last,) else: norbitals = (nelec_total // self.spin_split,) * self.spin_split`, the version stored in the code index); context https://github.com/jeffminlin/vmcnet/pull/14
error: none
category: negative
expect: untouched
notes: the orbital-count block is verbatim. The look-alike of case 003: `isinstance`, `functools.reduce` with a lambda, `elec_pos.shape[-2]` and `//` all act on static Python values, so the counts stay ints under jit. The flax backflow/orbital layers are replaced as in case 003 (tanh feature map, one flax-style Dense per spin with a kernel drawn from a key; the `split_points` lines that split the electron stream are added for that stand-in), with `ndeterminants` determinants summed via logsumexp of the log-dets. Two models are used, one with a sequence split (3,) and one with an integer split 2.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools
from typing import Sequence

import jax
import jax.numpy as jnp


class Dense:
    def __init__(self, features):
        self.features = features

    def __call__(self, x, key):
        kernel = jax.random.normal(key, (x.shape[-1], self.features)) / jnp.sqrt(x.shape[-1])
        return x @ kernel


class FermiNet:
    def __init__(self, spin_split, ndeterminants):
        self.spin_split = spin_split
        self.ndeterminants = ndeterminants

    def __call__(self, elec_pos, A, key):
        nelec_total = elec_pos.shape[-2]
        if isinstance(self.spin_split, Sequence):
            nall_but_last = functools.reduce(lambda a, b: a + b, self.spin_split)
            norbitals = tuple(self.spin_split) + (nelec_total - nall_but_last,)
        else:
            norbitals = (nelec_total // self.spin_split,) * self.spin_split
        if isinstance(self.spin_split, Sequence):
            split_points = tuple(self.spin_split)
        else:
            split_points = tuple(n * (nelec_total // self.spin_split) for n in range(1, self.spin_split))
        stream_1e = jnp.tanh(elec_pos @ A)
        streams = jnp.split(stream_1e, split_points, axis=-2)
        logdets = []
        for d in range(self.ndeterminants):
            det_key = jax.random.fold_in(key, d)
            keys = jax.random.split(det_key, len(norbitals))
            logdets.append(sum(
                jnp.linalg.slogdet(Dense(norb)(stream, k))[1]
                for stream, norb, k in zip(streams, norbitals, keys)
            ))
        return jax.nn.logsumexp(jnp.stack(logdets))


model_seq = FermiNet(spin_split=(3,), ndeterminants=2)
model_int = FermiNet(spin_split=2, ndeterminants=1)


@jax.jit
def f(elec_pos, A, key):
    return model_seq(elec_pos, A, key), model_int(elec_pos[:6], A, key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    elec_pos = rng.normal(size=(7, 3)).astype(np.float32)
    A = rng.normal(size=(3, 6)).astype(np.float32)
    key = rng.integers(0, 2**31, size=(2,)).astype(np.uint32)
    return (elec_pos, A, key)


INPUTS = make_inputs
