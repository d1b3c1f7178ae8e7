"""A Python bool passed to a jitted function is traced; `True and flag` tests it.

source: jax-ml/jax pull request #22098 (example `if True and qiaoqiao:` under @jax.jit, called with True)
error: TracerBoolConversionError
category: transform-boundary
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(qiaoqiao):
    if True and qiaoqiao:
        return 1
    return 0
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (bool(rng.integers(0, 2)),)


INPUTS = make_inputs
