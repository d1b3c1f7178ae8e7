"""FAR-surrogate Langevin sampler: a dataclass method branches on `float(max(self.surrogate.predict(z)))` and counts skips.

source: public JAX module "Continuous-Latent FAR-Inspired Constraint Sampler -- JAX implementation" in the code index
    (code-index file id 61556217754: FARSurrogateHead, SamplerStats, ContinuousLatentSampler.sample / sample_chain;
    it imports `carnot.core.energy.EnergyFunction`, so it is most likely from Carnot-EBM/carnot-ebm, but the index does
    not name the repository)
error: ConcretizationTypeError
category: method-on-traced-attribute / helper-method-result-in-if
expect: fix
notes: FARSurrogateHead, SamplerStats and ContinuousLatentSampler are verbatim (the docstrings are shortened). The leak
    is `if float(jnp.max(scores)) < self.skip_threshold:` in ContinuousLatentSampler.sample, where `scores` comes from
    the surrogate head's `predict` method on the traced W, b and z; the branch also bumps the Python-int counter
    `stats.surrogate_skip_count`, which a fix turns into a traced count (e.g. `+= (cond).astype(int)`) while selecting
    the drift with jnp.where. The module's own docstring says the Python loop was chosen "without requiring XLA's
    conditional primitives". Adapted: the carnot EnergyFunction (TYPE_CHECKING import only) is a quadratic stand-in with
    energy/grad_energy methods; `from __future__ import annotations` dropped (it cannot follow the case docstring); the
    entry point builds the head from traced W, b and runs 8 steps under jax.jit, returning the final state and the
    two counters (SamplerStats itself is not a pytree). Inputs draw the bias b from N(-1.5, 1.5) so that both paths run,
    including chains that switch path mid-run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.random as jrandom


@dataclass
class FARSurrogateHead:
    """Low-rank linear surrogate that predicts soft constraint satisfaction.

    Single-layer linear model: scores = sigmoid(z @ W + b).
    W is shape (latent_dim, n_constraints); b is shape (n_constraints,).

    Spec: REQ-SAMPLE-1935-1
    """

    W: jax.Array
    b: jax.Array

    @staticmethod
    def from_random_key(
        key: jax.Array,
        latent_dim: int,
        n_constraints: int,
        scale: float = 0.1,
    ) -> "FARSurrogateHead":
        """Initialise W ~ N(0, scale²), b = 0."""
        W = jrandom.normal(key, shape=(latent_dim, n_constraints)) * scale
        b = jnp.zeros(n_constraints)
        return FARSurrogateHead(W=W, b=b)

    def predict(self, z: jax.Array) -> jax.Array:
        """Return soft constraint scores in (0, 1).

        Spec: REQ-SAMPLE-1935-1
        """
        raw = z @ self.W + self.b
        return jax.nn.sigmoid(raw)

    def grad_scores_sum(self, z: jax.Array) -> jax.Array:
        """Gradient of sum(scores) w.r.t. z, used as cheap surrogate drift.

        Spec: REQ-SAMPLE-1935-3
        """
        scores = self.predict(z)
        sig_grad = scores * (1.0 - scores)  # elementwise sigmoid derivative
        return self.W @ sig_grad  # shape (latent_dim,)


@dataclass
class SamplerStats:
    """Mutable accumulator for per-run statistics.

    Attributes:
        total_steps: Number of steps taken.
        surrogate_skip_count: Steps where the surrogate head bypassed the
            full energy gradient call.
    """

    total_steps: int = 0
    surrogate_skip_count: int = 0

    @property
    def skip_rate(self) -> float:
        """Fraction of steps where the surrogate shortcut was used."""
        if self.total_steps == 0:
            return 0.0
        return self.surrogate_skip_count / self.total_steps


@dataclass
class ContinuousLatentSampler:
    """FAR-inspired continuous-latent sampler with surrogate constraint shortcut.

    Per-step algorithm:
    1.  Compute surrogate scores s = sigmoid(z @ W + b).
    2.  If max(s) < skip_threshold:
            drift = -surrogate_grad_sum(z)     # cheap path
            surrogate_skip_count += 1
        Else:
            drift = -grad_energy(z)            # expensive path
    3.  z_new = z + (step_size / 2) * drift + sqrt(step_size) * noise

    Spec: REQ-SAMPLE-1935-2, REQ-SAMPLE-1935-3
    """

    energy_fn: "EnergyFunction"
    surrogate: FARSurrogateHead
    step_size: float = 0.01
    skip_threshold: float = 0.5

    def sample(
        self,
        key: jax.Array,
        init: jax.Array,
        n_steps: int,
    ) -> tuple[jax.Array, SamplerStats]:
        """Draw one sample by running n_steps FAR-surrogate Langevin steps.

        **For engineers:**
            Runs a Python for-loop (not jax.lax.scan) so that the surrogate
            gate condition can branch without requiring XLA's conditional
            primitives (jax.lax.cond).  This keeps the implementation simple
            and debuggable at the cost of JIT-compilation of the full chain.
            For large n_steps, switch to jax.lax.scan + jax.lax.cond.

        Spec: REQ-SAMPLE-1935-2, REQ-SAMPLE-1935-3
        """
        z = init
        stats = SamplerStats()

        for _ in range(n_steps):
            key, noise_key = jrandom.split(key)
            scores = self.surrogate.predict(z)

            # Surrogate shortcut: if all constraints look satisfied, skip E grad.
            if float(jnp.max(scores)) < self.skip_threshold:
                drift = -self.surrogate.grad_scores_sum(z)
                stats.surrogate_skip_count += 1
            else:
                drift = -self.energy_fn.grad_energy(z)

            noise = jrandom.normal(noise_key, shape=z.shape)
            z = z + (self.step_size / 2.0) * drift + (self.step_size ** 0.5) * noise
            stats.total_steps += 1

        return z, stats


class _QuadraticEnergy:  # stand-in for a carnot EnergyFunction
    def energy(self, z):
        return 0.5 * jnp.sum(z ** 2)

    def grad_energy(self, z):
        return jax.grad(self.energy)(z)


@jax.jit
def f(key, init, W, b):
    head = FARSurrogateHead(W=W, b=b)
    sampler = ContinuousLatentSampler(energy_fn=_QuadraticEnergy(), surrogate=head,
                                      step_size=0.01, skip_threshold=0.5)
    z, stats = sampler.sample(key, init, n_steps=8)
    return z, stats.surrogate_skip_count, stats.total_steps
# --- end user code ---

import numpy as np


def make_inputs(rng):
    d, k = 6, 3
    key = np.asarray(rng.integers(0, 2**31 - 1, size=2), dtype=np.uint32)
    init = rng.normal(size=d).astype(np.float32)
    W = (0.3 * rng.normal(size=(d, k))).astype(np.float32)
    b = rng.normal(-1.5, 1.5, size=k).astype(np.float32)
    return (key, init, W, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(key, init, W, b):
    head = FARSurrogateHead(W=W, b=b)
    energy = _QuadraticEnergy()
    z = init
    skips = jnp.array(0)
    for _ in range(8):
        key, noise_key = jrandom.split(key)
        skip = jnp.max(head.predict(z)) < 0.5
        drift = jnp.where(skip, -head.grad_scores_sum(z), -energy.grad_energy(z))
        skips = skips + skip.astype(skips.dtype)
        noise = jrandom.normal(noise_key, shape=z.shape)
        z = z + (0.01 / 2.0) * drift + (0.01 ** 0.5) * noise
    return z, skips, 8
