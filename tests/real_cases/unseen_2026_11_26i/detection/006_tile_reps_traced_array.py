"""`jnp.tile(a, b)` where the repetition counts `b` arrive as a (traced) array argument.

source: https://github.com/jax-ml/jax/issues/16994 (freedomtan, "Possible bug of `jnp.tile()`": foo_jit with `a = np.ndarray([1, 20, 20])`, `b = np.array([64, 1, 1])`, hit while porting a Keras IO example to Keras-Core)
error: TypeError
category: shape-from-traced-array-argument
expect: report
notes: with JAX 0.10 the traced reps reach the `tile` primitive and fail with a TypeError ("the value of parameter reps was not hashable: (JitTracer(int32[]), ...)"); older releases raised a concretization error. foo_jit is verbatim (its debugging prints kept); renamed to `f`. The repetition counts determine the output shape and come in as a NumPy array, which jit traces and which cannot be a static argument (unhashable); there is no rewrite that keeps the signature, so the leak should be reported. Inputs use small repetition counts.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(a, b):
    print(f"a.shape {a.shape}")
    print(f"b.shape {b.shape}")
    return jnp.tile(a, b)
# --- end user code ---


def make_inputs(rng):
    a = rng.normal(size=(1, 4, 4)).astype(np.float32)
    b = np.array([int(rng.integers(1, 4)), 1, 1])
    return (a, b)


INPUTS = make_inputs
