"""piper's Metropolis-Hastings `MCMCModel.sample`: traced accept/reject `if`s plus `self.current_samples = res` (report).

source: branislav1991/piper piper/models/mcmc.py at 299d7993b01ed5e6c31f3a6551df23a97a0f2909 (class `MCMCModel`: `__init__`, `burnin`, `sample`; code-index file id 13623469595)
error: TracerBoolConversionError
category: mcmc-accept-reject-with-object-state
expect: report
notes: `MCMCModel` is verbatim. piper's `core.Model` / `core.Node` and `forward.ForwardModel` are not available; small stand-ins provide what `MCMCModel` touches: `nodes`, `logp(samples)` (sum of node log-densities) and, for the proposal, `sample(key)`. The target is a two-node Gaussian model, the proposal an independent wider Gaussian. The entry point jits one MH step of a sampler built at import (`burnin_steps=3`, run eagerly by `__init__`). Under jit the first traced test `if new_loglik > old_loglik` raises; the nested `if u < jnp.exp(...)` is the second. Rewriting the two `if`s with `jnp.where` is not enough: `sample` then stores a tracer in `self.current_samples`, which the next call reads (an escaped tracer), and each call's result depends on the previous call's accepted state. The chain state has to move out of the object (carried through the caller or a scan), which changes the API: a checker should report it rather than patch it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
# Copyright (c) 2020 Branislav Holländer. All rights reserved.
# See the file LICENSE for copying permission.

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


class core:  # stand-in for piper.core (not available): just what MCMCModel uses
    class Node:
        def __init__(self, mu, sigma):
            self.mu = mu
            self.sigma = sigma

    class Model:
        def __init__(self):
            self.nodes = {}

        def logp(self, samples: dict):
            return sum(jnp.sum(norm.logpdf(samples[name], node.mu, node.sigma))
                       for name, node in self.nodes.items())


class forward:  # stand-in for piper.models.forward (not available)
    class ForwardModel(core.Model):
        def __init__(self, **nodes):
            super().__init__()
            self.nodes = dict(nodes)

        def sample(self, key):
            keys = jax.random.split(key, len(self.nodes))
            return {name: node.mu + node.sigma * jax.random.normal(k)
                    for k, (name, node) in zip(keys, sorted(self.nodes.items()))}


class MCMCModel(core.Model):
    def __init__(self, model: forward.ForwardModel,
                 proposal: forward.ForwardModel, initial_samples: dict,
                 burnin_steps: int):
        """Initializes the model from a ForwardModel.

        Args:
            model: ForwardModel to be sampled from.
            proposal: Proposal distribution.
            initial_params: Dictionary of initial parameters. Should contain
                all DistributionNodes in the model.
            burnin_steps: Number of burn-in steps.
        """
        super().__init__()

        self.nodes = model.nodes

        self.proposal = proposal
        self.burnin_steps = burnin_steps
        self.initial_samples = initial_samples
        self.current_samples = self.initial_samples

        self.burnin()

    def burnin(self):
        keys = jax.random.split(jax.random.PRNGKey(123), self.burnin_steps)
        for i in range(self.burnin_steps):
            self.sample(keys[i])

    def add(self, node: core.Node):
        raise NotImplementedError(
            "Please add nodes to ForwardModel and then apply functional.mcmc")

    def can_sample(self) -> bool:
        """Checks if you can apply MCMC sampling to the model.

        Returns:
            True.
        """
        return True

    def sample(self, key: jnp.ndarray) -> dict:
        """Samples from the model.

        Args:
            key: JAX PRNG key.

        Returns:
            Dictionary of sampled random variables.
        """
        res = {}

        proposed_samples = self.proposal.sample(key)
        new_loglik = self.logp(proposed_samples) + self.proposal.logp(
            proposed_samples)
        old_loglik = self.logp(self.current_samples) + self.proposal.logp(
            self.current_samples)

        if new_loglik > old_loglik:
            res = proposed_samples
        else:
            u = jax.random.uniform(key)
            if u < jnp.exp(new_loglik - old_loglik):
                res = proposed_samples
            else:
                res = self.current_samples

        self.current_samples = res
        return res


target = forward.ForwardModel(a=core.Node(0.0, 1.0), b=core.Node(1.0, 0.5))
proposal = forward.ForwardModel(a=core.Node(0.0, 2.0), b=core.Node(0.0, 2.0))
mcmc = MCMCModel(target, proposal, {"a": jnp.array(0.5), "b": jnp.array(0.5)},
                 burnin_steps=3)

f = jax.jit(mcmc.sample)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1)))),)


INPUTS = make_inputs
