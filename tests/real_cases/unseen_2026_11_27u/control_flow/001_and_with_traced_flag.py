"""`if True and flag:` on a traced boolean argument inside jax.jit.

source: https://github.com/jax-ml/jax/pull/22098 (mattjj, "remove double dots from an error message": the reproducer `@jax.jit def f(qiaoqiao): if True and qiaoqiao: return 1; return 0` called as `f(True)`)
error: TracerBoolConversionError
category: python-and-on-tracer
expect: fix
notes: verbatim from the PR description (import, decorator and body unchanged). The call `f(True)` passes a
  Python bool that jit turns into a traced bool[]; make_inputs passes a NumPy bool scalar (True or False at
  random) so that both returns run. The `True and ...` short-circuit forces bool() on the tracer.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax

@jax.jit
def f(qiaoqiao):
  if True and qiaoqiao:
    return 1
  return 0
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    return (np.bool_(rng.random() < 0.5),)


INPUTS = make_inputs


@jax.jit
def reference_fix(qiaoqiao):
    return jnp.where(jnp.logical_and(True, qiaoqiao), 1, 0)
