"""A module creates its parameters lazily on first call, and the first call happens inside a lax.scan body.

source: https://github.com/google-deepmind/dm-haiku/issues/214 ("'Encountered an unexpected tracer' when scanning inside transformed function": `m = hk.Linear(300)` built outside `scanner_fn`, whose first call inside `jax.lax.scan` creates the parameters, then the surrounding function is jitted)
error: UnexpectedTracerError
category: tracer-stored-on-object-in-scan
expect: report
notes: hk.Linear replaced by a plain Linear class that creates `self.params` on its first call
  (what haiku's parameter creation amounts to without hk.transform). forward_fn follows the
  issue's scanner_fn; the module-level model object is called once more after the scan, which
  touches the parameters created (as tracers) in the scan body. The fix needs a redesign
  (initialise the parameters outside the scan / pass them explicitly), so it is reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, output_size, seed=0):
        self.output_size = output_size
        self.seed = seed
        self.params = None

    def __call__(self, inputs):
        if self.params is None:
            key = jax.random.PRNGKey(self.seed)
            input_size = inputs.shape[-1]
            stddev = 1.0 / jnp.sqrt(input_size)
            w = stddev * jax.random.truncated_normal(key, -2.0, 2.0, (input_size, self.output_size))
            b = jnp.zeros((self.output_size,))
            self.params = {"w": w, "b": b}
        return inputs @ self.params["w"] + self.params["b"]


# Define a model
m = Linear(3)


@jax.jit
def f(data):
    def scanner_fn(carry, batch):
        out = m(batch)
        return carry, out

    _, outs = jax.lax.scan(scanner_fn, 0, data)
    return outs, m(data[0])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4, 2, 5)).astype(np.float32),)


INPUTS = make_inputs
