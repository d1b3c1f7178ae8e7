"""Look-alike: a jitted `_batch` method with `self` static tests `self.branch_table is None` and samples `self.N` rows.

source: public physics-informed DeepONet training module for 1D transport (class DataGenerator, method _batch decorated @partial(jit, static_argnums=(0,)), derived from the PredictiveIntelligenceLab DeepONet DataGenerator); code-index file id 61925870478, repository not resolved by the index
error: none
category: negative-static-self-is-none
expect: untouched
notes: DataGenerator verbatim except its base class `torch.utils.data.Dataset`, dropped with the torch import (torch is not available); the module's own `import jax.numpy as np` is kept, so `np` is jax.numpy here. Entry point added: two generators built at import time from fixed arrays (one plain, one with a branch table, so both sides of the `is None` test run) and `f` draws one batch from each for the key it is given. `self` is a static argument: `self.branch_table is None`, `self.N`, `self.batch_size` and the arrays on `self` are all concrete, so nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
import jax.numpy as np
from jax import random, jit


class DataGenerator:
    def __init__(self, inputs, output, batch_size=1024,
                 rng_key=random.PRNGKey(1234), branch_table=None):
        # Initialization
        self.inputs     = inputs
        self.output     = output
        self.N          = output.shape[0]
        self.batch_size = batch_size
        self.key        = rng_key
        self.branch_table = branch_table

    def __getitem__(self, index):
        # Generate one batch of data
        self.key, subkey = random.split(self.key)
        return self._batch(subkey)

    @partial(jit, static_argnums=(0,))
    def _batch(self, key):
        # Generates data containing batch_size samples
        idx = random.choice(key, self.N, (self.batch_size,), replace=False)
        if self.branch_table is None:
            in_batch = tuple(arr[idx] for arr in self.inputs)
        else:
            # inputs[0] is an index array; gather the actual branch rows from
            # the unique table. Remaining inputs are sliced normally.
            branch_idx = self.inputs[0][idx]               # (batch,)
            branch     = self.branch_table[branch_idx]     # (batch, J)
            rest       = tuple(arr[idx] for arr in self.inputs[1:])
            in_batch   = (branch,) + rest
        out_batch = self.output[idx]
        return in_batch, out_batch


_N, _J = 60, 5
_Q = random.normal(random.PRNGKey(0), (_N, _J))
_x = np.linspace(0.0, 1.0, _N)
_phi = random.normal(random.PRNGKey(1), (_N,))
_sample_idx = np.arange(_N) % 12
_table = random.normal(random.PRNGKey(2), (12, _J))

_plain = DataGenerator((_Q, _x), _phi, batch_size=16)
_tabled = DataGenerator((_sample_idx, _x), _phi, batch_size=16, branch_table=_table)


@jit
def f(key):
    k1, k2 = random.split(key)
    return _plain._batch(k1), _tabled._batch(k2)
# --- end user code ---

import jax
import numpy


def make_inputs(rng):
    return (numpy.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1)))),)


INPUTS = make_inputs
