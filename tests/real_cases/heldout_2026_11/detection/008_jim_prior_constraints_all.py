"""jim prior constraints: a method reduces traced constraint flags with .all() and feeds jnp.where.

source: kazewong/jim, src/jimgw/prior.py in https://github.com/kazewong/jim/pull/218 (eval_constraints / log_prob); a review bot claimed `jnp.array(...).all()` "materialises a Python bool" and breaks jit — it does not: the method returns a traced array
error: none
category: negative-method-array-all
expect: untouched
notes: eval_constraints and log_prob copied from the PR diff; _make_bound_constraint is not shown in the diff and is reconstructed as a closure comparing x[name] with the bound; the base prior is a stand-in standard-normal log density over one parameter. The constraint list is built at construction (static); every value the jitted log_prob sees stays a jax array.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _make_bound_constraint(name, bound, is_lower):
    if is_lower:
        return lambda x: x[name] >= bound
    return lambda x: x[name] <= bound


class NormalPrior:
    parameter_names = ["x"]

    def log_prob(self, z):
        v = z["x"]
        return -0.5 * v * v - 0.5 * jnp.log(2 * jnp.pi)


class ConstrainedPrior:
    def __init__(self, base_prior, xmin, xmax):
        self.base_prior = base_prior
        self.parameter_names = base_prior.parameter_names
        self.constraints = []
        self.constraints.append(
            _make_bound_constraint(self.parameter_names[0], xmin, True)
        )
        self.constraints.append(
            _make_bound_constraint(self.parameter_names[0], xmax, False)
        )

    def eval_constraints(self, x):
        return jnp.array([constraint(x) for constraint in self.constraints]).all()

    def log_prob(self, z):
        eval_result = self.eval_constraints(z)
        return jnp.where(eval_result, self.base_prior.log_prob(z), -jnp.inf)


prior = ConstrainedPrior(NormalPrior(), -1.0, 2.0)


@jax.jit
def f(z):
    return prior.log_prob(z)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return ({"x": np.float32(rng.uniform(-3.0, 4.0))},)


INPUTS = make_inputs
