"""A vmapped closure looks up `(j, i)` pairs in a Python list with the batched index.

source: https://github.com/jax-ml/jax/issues/4309 (AashinShazar, "Help with array slice indices": the 2020-10-12 comment's `getFeature` builds `newMap.append([j,i])` in a double loop and vmaps the inner closure `innerLoop(n)`, which does `j,i = newMap[n]` and fails with "list indices must be integers or slices, not BatchTracer")
error: TracerIntegerConversionError
category: python-container-indexed-by-tracer
expect: report
notes: the loops that build `newMap`, the `innerLoop(n)` closure and its `Stacked` rows are the issue's code; `ops.index_update(Stacked, ops.index[r, :], v)` (removed from JAX) is written `Stacked.at[r, :].set(v)`, `np` is `jax.numpy` as in the issue, and the unused parameters of `getFeature` (featData, cc, wl, wi, dn, numwin, the Fts/outSig constants) are dropped; `innerLoop` returns `Stacked`, and `f` jits `getFeature` with the window bounds `st`/`en` static. `n` is a BatchTracer, so `newMap[n]` calls `__index__` on it. The thread's fix is to make the lookup table an array (`jnp.array(newMap)[n]`); the case is `report` rather than `fix` only because `vmap` traces even with jit disabled, so the original has no eager run for the judge to compare a rewrite against.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as np
from jax import vmap


@partial(jax.jit, static_argnums=(2, 3))
def getFeature(x, resMap, st, en):
    resMap = resMap.conj().T

    newMap = []

    for j in range(0, (len(resMap[:, 0]) - 1)):
        for i in range(0, (len(resMap[0]) - 1)):
            newMap.append([j, i])

    def innerLoop(n):
        Stacked = np.zeros((7, en - st))
        j, i = newMap[n]  # n should be an integer

        Stacked = Stacked.at[0, :].set(x[resMap[j, i], st:en])

        Stacked = Stacked.at[1, :].set(x[resMap[j, i + 1], st - 1:en - 1])
        Stacked = Stacked.at[2, :].set(x[resMap[j, i + 1], st:en])
        Stacked = Stacked.at[3, :].set(x[resMap[j, i + 1], st + 1:en + 1])

        Stacked = Stacked.at[4, :].set(x[resMap[j + 1, i], st - 1:en - 1])
        Stacked = Stacked.at[5, :].set(x[resMap[j + 1, i], st:en])
        Stacked = Stacked.at[6, :].set(x[resMap[j + 1, i], st + 1:en + 1])
        return Stacked

    return vmap(innerLoop)(np.arange(len(newMap)))


f = getFeature
# --- end user code ---

import numpy


def make_inputs(rng):
    x = rng.normal(size=(12, 16)).astype(numpy.float32)
    resMap = rng.permutation(12)[:12].reshape(4, 3).astype(numpy.int32)
    return (x, resMap, 2, 10)


INPUTS = make_inputs
