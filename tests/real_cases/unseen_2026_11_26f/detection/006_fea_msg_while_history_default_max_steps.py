"""A jitted while_loop optimizer whose history buffer is sized by a defaulted argument: not a leak.

source: bagla0/fea-in-jax-msg tests/exploring_jax/while_loop.py (`optimizer`, with the author's comment that `step < max_steps and x > tol` "would be tempting but breaks jit"; found in the public code index, no commit id given)
error: none
category: default-arg-shape
expect: untouched
notes: verbatim, with `f = optimizer`. `max_steps` and `tol` are never passed, so they are Python defaults, not traced: `jnp.full(max_steps, jnp.nan)` has a static shape, and the loop condition already uses `&` on traced values. Only `x` is an input (values above and below `tol` so both exits of the loop run).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax, jax.numpy as jnp

@jax.jit
def optimizer(x, tol = 1, max_steps = 5):
    
    def cond(arg):
        step, x, history = arg
        # Note that the following would be tempting but breaks jit:
        # return step < max_steps and x > tol
        return (step < max_steps) & (x > tol)
    
    def body(arg):
        step, x, history = arg
        x = x / 2 # simulate taking an optimizer step
        history = history.at[step].set(x) # simulate saving current step
        return (step + 1, x, history)

    return jax.lax.while_loop(
        cond,
        body,
        (0, x, jnp.full(max_steps, jnp.nan))
    )

f = optimizer
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.choice([rng.uniform(0.2, 0.9), rng.uniform(1.5, 60.0)])),)


INPUTS = make_inputs
