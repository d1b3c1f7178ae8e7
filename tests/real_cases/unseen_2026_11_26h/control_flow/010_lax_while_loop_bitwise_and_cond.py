"""A jitted optimiser loop already written with lax.while_loop and `&` (a comment shows the leaky `and`).

source: bagla0/fea-in-jax-msg tests/exploring_jax/while_loop.py (as held by the code search index; no
    commit is listed for it)
error: none
category: negative-lax-while-bitwise-and
expect: untouched
notes: verbatim, including the module-level `optimizer(10.) # works` call. It looks like the leaky
    pattern — a convergence loop over a traced value with a step counter, and the comment even spells
    out `return step < max_steps and x > tol` — but the code uses `lax.while_loop` with
    `(step < max_steps) & (x > tol)` and a static `max_steps` default, so it is correct under jit.
    `f` is the jitted `optimizer`; trials pass `x` and `tol` (both traced) and never `max_steps`
    (it sizes `jnp.full`). Trials cover x below tol (no step), a few steps, and all five steps.
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

optimizer(10.) # works

f = optimizer
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = np.float32(rng.uniform(0.2, 80.0))
    tol = np.float32(rng.uniform(0.5, 3.0))
    return (x, tol)


INPUTS = make_inputs
