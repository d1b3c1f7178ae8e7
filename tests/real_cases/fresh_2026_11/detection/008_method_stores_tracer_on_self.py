"""A jitted bound method stores its traced argument on `self`: the tracer outlives the trace.

source: https://github.com/jax-ml/jax/issues/26560 (tillahoffmann, `Something.set_x` jitted as `jax.jit(something.set_x)(7)`, the `test_ok` variant)
error: UnexpectedTracerError
category: side-effect-self-attribute
expect: report
notes: verbatim class; the jitted bound method is exported as `f`. With the leak checker on, tracing reports "Leaked trace"; without it, a later use of `something.x` raises UnexpectedTracerError. Writing state into `self` from inside jit is a side effect with no automatic rewrite (the value must be returned and stored outside), so it should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax


class Something:
    def set_x(self, x):
        self.x = x


something = Something()
f = jax.jit(something.set_x)
# --- end user code ---


def make_inputs(rng):
    return (int(rng.integers(0, 10)),)


INPUTS = make_inputs
