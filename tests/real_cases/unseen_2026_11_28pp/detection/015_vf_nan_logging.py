"""Life-cycle model solver logging: `if jnp.any(jnp.isnan(V)) or jnp.any(jnp.isinf(V)): logger.warning(...)`.

source: logging-helpers module of a JAX life-cycle / dynamic-programming solver in the public code index (code-index file id 51827086344: format_duration, log_vf_nan, log_vf_stats, log_period_timing; the helpers take a regime name, an age and the value-function array `V_arr` of each period); the index does not name the repository or commit
error: TracerBoolConversionError
category: truth-test-not-if (`a or b` of traced bools) / logging side effect
expect: report
notes: log_vf_nan verbatim (its `logging` import and a module logger added). Added a jitted `f(V_arr)` standing for one backward-induction period compiled together with its diagnostic: the value function is computed (a max over choices) and passed to log_vf_nan. `jnp.any(...) or jnp.any(...)` needs a Python bool, and the branch emits a host-side log record; keeping the warning under jit needs jax.debug.callback or a host check after the step, a choice the tool should leave to the user.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)


def log_vf_nan(
    *,
    logger: logging.Logger,
    regime_name: str,
    age,
    V_arr,
) -> None:
    """Log a warning if V_arr contains NaN or Inf values.

    Args:
        logger: Logger instance.
        regime_name: Name of the regime.
        age: Age corresponding to the current period.
        V_arr: Value function array to check.

    """
    if jnp.any(jnp.isnan(V_arr)) or jnp.any(jnp.isinf(V_arr)):
        logger.warning("NaN/Inf in V_arr for regime '%s' at age %s", regime_name, age)


@jax.jit
def f(Q_arr):
    V_arr = jnp.max(Q_arr, axis=-1)
    log_vf_nan(logger=logger, regime_name="working", age=40, V_arr=V_arr)
    return V_arr
# --- end user code ---

import numpy as np


def make_inputs(rng):
    Q = rng.normal(size=(6, 3)).astype(np.float32)
    if rng.random() < 0.3:
        Q[rng.integers(0, 6), :] = np.nan
    return (Q,)


INPUTS = make_inputs
