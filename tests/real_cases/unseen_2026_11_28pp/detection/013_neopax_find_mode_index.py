"""NEOPAX Boozer-mode lookup: `if not bool(jnp.any(matches))` returns None or an int index.

source: uwplasma/NEOPAX, the "Small shared helpers for differentiable NEOPAX field builders." module in the public code index (code-index file id 60684046982: _safe_divide, _safe_reciprocal, _surface_b10, _surface_bsqav, _find_mode_index; imports `.geometry.evaluate_boozer_modes`); the index does not give the path or commit
error: TracerBoolConversionError
category: truth-test-not-if (`not bool(...)`) / data-dependent return type
expect: report
notes: _find_mode_index verbatim; the module's `from __future__ import annotations` is dropped (it cannot follow the case docstring, and `int | None` evaluates on Python 3.10+). Added `import jax` and a jitted `f(xm_b, xn_b)` looking up the (m, n) = (1, 0) mode, i.e. the helper called with mode-number arrays that arrive as traced jax arrays. The same module's `_surface_b10` does this lookup jit-safely (jnp.argmax on the mask plus jnp.where on mask.any()), but `_find_mode_index` returns None when the mode is absent, so its return type depends on the data: no rewrite keeps its contract under jit, and the tool should report it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _find_mode_index(xm_b, xn_b, *, m_value: int, n_value: int) -> int | None:
    matches = (jnp.asarray(xm_b) == int(m_value)) & (jnp.asarray(xn_b) == int(n_value))
    if not bool(jnp.any(matches)):
        return None
    return int(jnp.argmax(matches))


@jax.jit
def f(xm_b, xn_b):
    return _find_mode_index(xm_b, xn_b, m_value=1, n_value=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    xm = rng.integers(0, 4, size=12).astype(np.int32)
    xn = (rng.integers(-2, 3, size=12) * 4).astype(np.int32)
    return (xm, xn)


INPUTS = make_inputs
