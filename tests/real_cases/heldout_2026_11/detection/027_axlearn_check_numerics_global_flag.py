"""axlearn check_numerics: a module flag enables `assert bool(jnp.isfinite(x).all())` inside layers.

source: apple/axlearn, axlearn/common/utils.py (check_numerics with the module-level _enable_numeric_checks switched by the numeric_checks() context manager); failure under jit/scan reported in https://github.com/apple/axlearn/issues/815
error: TracerBoolConversionError
category: global-flag-assert
expect: report
notes: check_numerics verbatim; the flag is switched on at module level (what `with numeric_checks(True):` does) and f is a small jitted layer (tanh(x @ w)) that checks its output, as axlearn layers do. The check is an assertion on data: jit-safe alternatives (checkify, jax.debug callbacks) change the failure mode, so this is reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp

Tensor = jnp.ndarray

_enable_numeric_checks = True


def check_numerics(x: Tensor, msg_fmt: str = "", **msg_kwargs):
    """Checks that all elements in `x` are finite."""
    global _enable_numeric_checks  # pylint: disable=global-statement,global-variable-not-assigned
    if _enable_numeric_checks:
        assert bool(jnp.isfinite(x).all()), f"Check numerics {msg_fmt.format(**msg_kwargs)}: {x}"
    return x


@jax.jit
def f(x, w):
    y = jnp.tanh(x @ w)
    return check_numerics(y, msg_fmt="layer {name}", name="dense")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return rng.normal(size=(3, 4)).astype(np.float32), rng.normal(size=(4, 2)).astype(np.float32)


INPUTS = make_inputs
