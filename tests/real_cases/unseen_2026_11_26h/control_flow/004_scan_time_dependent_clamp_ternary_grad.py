"""Time-dependent RNN dynamics: a conditional expression on the scanned step index, differentiated.

source: https://github.com/jax-ml/jax/issues/2300 (tachukao, "index-dependent scan function `lax.scani`":
    `for step in range(n_steps): x = a.dot(x) if step < t2 else u`, and the wished-for scan body
    `def f(t, carry, x): return a.dot(carry) if t < t2 else u`, to be differentiated in reverse mode)
error: TracerBoolConversionError
category: scan-body-ternary
expect: fix
notes: the issue's body is used verbatim as a `lax.scan` step that receives the step index through
    `xs=jnp.arange(n_steps)` (the usual way to get the index into a scan), returning the state as
    both carry and output. The loss (sum of squares of the trajectory) and the `jax.jit(jax.grad(...))`
    entry point are added, as the report wants reverse-mode gradients w.r.t. `a`. `t2` is a traced
    int32 argument so trials can vary it, including the edges 0 (clamped from the first step) and
    n_steps (never clamped).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax

n_steps = 20


def loss(a, x0, u, t2):
    def f(carry, t):
        carry = a.dot(carry) if t < t2 else u
        return carry, carry

    _, xs = lax.scan(f, x0, jnp.arange(n_steps))
    return jnp.sum(xs ** 2)


f = jax.jit(jax.grad(loss))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = (0.45 * rng.normal(size=(3, 3))).astype(np.float32)
    x0 = rng.normal(size=(3,)).astype(np.float32)
    u = rng.normal(size=(3,)).astype(np.float32)
    r = rng.uniform()
    if r < 0.15:
        t2 = 0
    elif r < 0.3:
        t2 = n_steps
    else:
        t2 = int(rng.integers(1, n_steps))
    return (a, x0, u, np.int32(t2))


INPUTS = make_inputs


def _loss_fixed(a, x0, u, t2):
    def body(carry, t):
        carry = jnp.where(t < t2, a.dot(carry), u)
        return carry, carry

    _, xs = lax.scan(body, x0, jnp.arange(n_steps))
    return jnp.sum(xs ** 2)


reference_fix = jax.jit(jax.grad(_loss_fixed))
