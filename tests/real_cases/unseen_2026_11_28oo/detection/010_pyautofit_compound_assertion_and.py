"""PyAutoFit assertions under a jitted fitness: CompoundAssertion combines two traced comparisons with Python `and`.

source: rhayes777/PyAutoFit autofit/mapper/prior_model/assertion.py at 1619b836eb8d39474822d62916365389a871c44f (ComparisonAssertion.lower/greater, GreaterThanLessThanAssertion.instance_for_arguments, CompoundAssertion.instance_for_arguments, unwrap; code-index file id 2966274069). The failure is the one reported in https://github.com/PyAutoLabs/PyAutoFit/issues/1581 ("CompoundAssertion uses Python `and`, so the run fails with TracerBoolConversionError"), fixed in https://github.com/PyAutoLabs/PyAutoFit/pull/1583 by combining with xp.logical_and and applying the result with xp.where.
error: TracerBoolConversionError
category: and-truth-test
expect: fix
notes: the assertion classes are verbatim except that the AbstractPriorModel base is replaced by an empty stand-in (its __init__ takes no arguments) and `Prior` is a minimal hashable key. `f` is written after PR #1583's description of Fitness.call on the JAX path: build the arguments dict from the parameter vector, evaluate the ordering assertion `m1 < m2 < m3` (which PyAutoFit builds as a CompoundAssertion of two GreaterThanLessThanAssertions) as a value, and return `where(satisfied, log_likelihood, resample_figure_of_merit)`; the Gaussian log likelihood and the -1e30 sentinel are stand-ins.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from abc import ABC

import jax
import jax.numpy as jnp


class AbstractPriorModel:
    """Stand-in for autofit.mapper.prior_model.abstract.AbstractPriorModel."""

    def __init__(self):
        pass


class Prior:
    """Stand-in for an autofit Prior: only used as a dictionary key."""

    def __init__(self, name):
        self.name = name


class AbstractAssertion(AbstractPriorModel, ABC):
    def __init__(self, name=None):
        super().__init__()
        self._name = name


class ComparisonAssertion(AbstractAssertion, ABC):
    def __init__(self, lower, greater):
        """
        Describes an assertion that the physical values associated with
        the lower and greater priors are lower and greater respectively.

        Parameters
        ----------
        lower: Prior
            A prior object with physical values that must be lower
        greater: Prior
            A prior object with physical values that must be greater
        """
        super().__init__()
        self._lower = lower
        self._greater = greater

    def __gt__(self, other):
        return CompoundAssertion(self, self._lower > other)

    def __lt__(self, other):
        return CompoundAssertion(self, self._greater < other)

    def __ge__(self, other):
        return CompoundAssertion(self, self._lower >= other)

    def __le__(self, other):
        return CompoundAssertion(self, self._greater <= other)

    def lower(self, arg_dict: dict):
        if isinstance(self._lower, float):
            return self._lower
        return arg_dict[self._lower]

    def greater(self, arg_dict: dict):
        if isinstance(self._greater, float):
            return self._greater
        return arg_dict[self._greater]


class GreaterThanLessThanAssertion(ComparisonAssertion):
    def instance_for_arguments(self, arguments):
        """
        Assert that the value in the dictionary associated with the lower
        prior is lower than the value associated with the greater prior.

        Parameters
        ----------
        arguments
            A dictionary mapping priors to physical values.

        Raises
        ------
        FitException
            If the assertion is not met
        """
        lower = self.lower(arguments)
        greater = self.greater(arguments)
        return lower < greater


class CompoundAssertion(AbstractAssertion):
    def __init__(self, assertion_1, assertion_2):
        super().__init__()
        self.assertion_1 = assertion_1
        self.assertion_2 = assertion_2

    def instance_for_arguments(self, arguments):
        return self.assertion_1.instance_for_arguments(
            arguments
        ) and self.assertion_2.instance_for_arguments(
            arguments
        )


def unwrap(obj):
    try:
        return obj._value
    except AttributeError:
        return obj


mass_1, mass_2, mass_3 = Prior("mass_1"), Prior("mass_2"), Prior("mass_3")
ordering = CompoundAssertion(
    GreaterThanLessThanAssertion(lower=mass_1, greater=mass_2),
    GreaterThanLessThanAssertion(lower=mass_2, greater=mass_3),
)
resample_figure_of_merit = -1.0e30


@jax.jit
def f(vector, data, noise):
    arguments = {mass_1: vector[0], mass_2: vector[1], mass_3: vector[2]}
    satisfied = ordering.instance_for_arguments(arguments)
    log_likelihood = -0.5 * jnp.sum(((data - vector) / noise) ** 2)
    return jnp.where(satisfied, log_likelihood, resample_figure_of_merit)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v = np.sort(rng.uniform(1.0, 10.0, size=3))
    case = rng.integers(4)
    if case == 1:
        v = v[[1, 0, 2]]      # first comparison fails (short-circuits the `and`)
    elif case == 2:
        v = v[[0, 2, 1]]      # second comparison fails
    elif case == 3:
        v = v[::-1].copy()    # both fail
    data = v + rng.normal(scale=0.3, size=3)
    return (v.astype(np.float32), data.astype(np.float32), np.float32(0.5))


INPUTS = make_inputs


@jax.jit
def reference_fix(vector, data, noise):
    satisfied = jnp.logical_and(vector[0] < vector[1], vector[1] < vector[2])
    log_likelihood = -0.5 * jnp.sum(((data - vector) / noise) ** 2)
    return jnp.where(satisfied, log_likelihood, resample_figure_of_merit)
