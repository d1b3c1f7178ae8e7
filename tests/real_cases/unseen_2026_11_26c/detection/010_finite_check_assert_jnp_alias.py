"""`assert np.all(np.isfinite(x))` where `np` is an alias of jax.numpy, on an intermediate inside jit.

source: jax-ml/jax issue #2273 ("`assert np.all(np.isfinite(x))` not working under jit")
error: TracerBoolConversionError
category: assert-on-tracer
expect: report
notes: test_nan_assert_jit from the issue, with `import jax.numpy as np` kept (the alias makes the
  check look like NumPy on concrete data) and the asserted intermediate made a real computation
  (log of the input) that returns a value. An assert is a host-side check with no jit-safe
  equivalent that keeps raising AssertionError; the tool should report it (checkify or removal is a
  semantic choice).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


@jax.jit
def f(a):
    x = np.log(a)
    assert np.all(np.isfinite(x))
    return x
# --- end user code ---


def make_inputs(rng):
    import numpy
    return (rng.uniform(0.1, 3.0, size=(5,)).astype(numpy.float32),)


INPUTS = make_inputs
