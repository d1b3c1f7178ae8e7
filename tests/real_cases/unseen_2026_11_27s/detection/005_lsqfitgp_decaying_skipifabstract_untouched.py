"""lsqfitgp Decaying kernel: `assert jnp.all(x >= 0)` on traced inputs, guarded by a context manager that swallows the concretization error.

source: Gattocrucco/lsqfitgp src/lsqfitgp/_kernels/_basic.py at 116d14522fbf65ac1cbf73160ef33e606fc2f585 (Decaying) and src/lsqfitgp/_jaxext/__init__.py (class skipifabstract, the `issubclass` revision; code-index file id 1122315525)
error: none
category: negative-guarded-assert
expect: untouched
notes: skipifabstract and the body of Decaying verbatim. The `@kernel(derivable=True, maxdim=1)` decorator (lsqfitgp's Kernel class factory) is dropped so the raw kernel function can be jitted directly, as the Kernel machinery does when it evaluates the covariance inside jitted likelihoods. Under jit `bool(jnp.all(x >= 0))` raises TracerBoolConversionError, a subclass of ConcretizationTypeError, which `skipifabstract.__exit__` suppresses, so the check runs eagerly and is skipped under tracing; the kernel value is the same either way for the non-negative inputs the kernel is defined on. A fixer must not delete or rewrite the guarded asserts.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import traceback

import jax
from jax import numpy as jnp


class skipifabstract:
    """
    Context manager to try to do all operations eagerly even during jit, and
    skip entirely if it is not possible.
    """
    # I feared this would be slow because of the slow jax exception handling,
    # but %timeit suggests it isn't

    ENSURE_COMPILE_TIME_EVAL = True
    ENABLED = True
    
    def __enter__(self):
        if self.ENSURE_COMPILE_TIME_EVAL and self.ENABLED:
            self.mgr = jax.ensure_compile_time_eval()
            self.mgr.__enter__()
    
    def __exit__(self, exc_type, exc_value, tb):
        if not self.ENABLED:
            return
        exit = None
        if self.ENSURE_COMPILE_TIME_EVAL:
            exit = self.mgr.__exit__(exc_type, exc_value, tb)
        ignorable_error = (
            exc_type is not None
            and issubclass(exc_type, (
                jax.errors.ConcretizationTypeError,
                jax.errors.TracerArrayConversionError,
                    # TODO why isn't this a subclass of the former like
                    # TracerBoolConversionError? Open an issue
            ))
        )
        if exit or ignorable_error:
            return True
        
        weird_cond = exc_type is IndexError and (
            traceback.extract_tb(tb)[-1].name in ('arg_info_pytree', '_origin_msg'),
        )
        if weird_cond: # pragma: no cover
            # TODO this ignores a jax internal bug I don't understand, appears
            # in examples/pdf4.py
            return True


def Decaying(x, y, alpha=1):
    """
    Decaying kernel.
    
    .. math::
        k(x, y) =
        \\frac{1}{(1 + x + y)^\\alpha},
        \\quad x, y, \\alpha \\ge 0
        
    Reference: Swersky, Snoek and Adams (2014).
    """
    # TODO high dimensional version of this, see mlkernels issue #3
    with skipifabstract():
        assert jnp.all(x >= 0)
        assert jnp.all(y >= 0)
    return 1 / (x + y + 1) ** alpha
    # use x + y + 1 instead of 1 + x + y because the latter is less numerically
    # accurate and symmetric for small x and y


f = jax.jit(Decaying)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.exponential(2.0, size=(5, 1)).astype(np.float32)
    y = rng.exponential(2.0, size=(1, 4)).astype(np.float32)
    x[0, 0] = 0.0   # boundary of the domain
    return (x, y, np.float32(rng.uniform(0.2, 3.0)))


INPUTS = make_inputs
