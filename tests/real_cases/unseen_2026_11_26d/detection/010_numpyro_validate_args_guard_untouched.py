"""Look-alike: a distribution validates its parameters with np.all and `if not`, guarded by not_jax_tracer.

source: pyro-ppl/numpyro numpyro/distributions/distribution.py after https://github.com/pyro-ppl/numpyro/pull/775 ("Make omnistaging work with validate_args=True": `is_valid = constraint(getattr(self, param)); if not_jax_tracer(is_valid): if not np.all(is_valid): raise ValueError(...)`), with not_jax_tracer from numpyro/util.py
error: none
category: negative-tracer-guarded-validation
expect: untouched
notes: Distribution.__init__'s validation loop as in the PR (message shortened), on a small Normal
  (plain class instead of numpyro's metaclass machinery; constraints as plain callables). Under
  jit the parameters are tracers, the guard skips the check, and f runs; eagerly the check runs on
  concrete values. np.all, `if not` and the raise all look like leaks but are unreachable with
  tracers.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp
import numpy as np


def not_jax_tracer(x):
    """
    Checks if `x` is not an array generated inside `jit`, `pmap`, `vmap`, or `lax_control_flow`.
    """
    return not isinstance(x, jax.core.Tracer)


def real(x):
    return (x == x) & (x != float("inf")) & (x != float("-inf"))


def positive(x):
    return x > 0


class Normal:
    arg_constraints = {"loc": real, "scale": positive}

    def __init__(self, loc=0.0, scale=1.0, validate_args=True):
        self.loc, self.scale = jnp.broadcast_arrays(loc, scale)
        if validate_args:
            for param, constraint in self.arg_constraints.items():
                is_valid = constraint(getattr(self, param))
                if not_jax_tracer(is_valid):
                    if not np.all(is_valid):
                        raise ValueError(
                            "The parameter {} has invalid values".format(param)
                        )

    def log_prob(self, value):
        normalize_term = jnp.log(jnp.sqrt(2 * math.pi) * self.scale)
        value_scaled = (value - self.loc) / self.scale
        return -0.5 * value_scaled**2 - normalize_term


@jax.jit
def f(loc, scale, value):
    return Normal(loc, scale).log_prob(value).sum()
# --- end user code ---


def make_inputs(rng):
    loc = rng.normal(size=(4,)).astype(np.float32)
    scale = rng.uniform(0.5, 2.0, size=(4,)).astype(np.float32)
    value = rng.normal(size=(4,)).astype(np.float32)
    return (loc, scale, value)


INPUTS = make_inputs
