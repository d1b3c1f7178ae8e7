"""np.lexsort on the leaves of a dict argument of a jitted objective.

source: PlasmaControl/DESC issue #1334 (transform.py `np.lexsort((basis.modes[:, 1], ...))` under jit)
error: TracerArrayConversionError
category: pytree-leaf
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(basis, coeffs):
    modes = basis["modes"]
    order = np.lexsort((modes[:, 1], modes[:, 0], modes[:, 2]))
    return coeffs[order]
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return ({"modes": rng.integers(0, 4, size=(5, 3)).astype(np.int32)}, rng.normal(size=(5,)).astype(np.float32))


INPUTS = make_inputs
