"""evosax's FitnessShaper.apply: config flags on `self` fed to `lax.select` inside a jitted method (look-alike, no leak).

source: RobertTLange/evosax evosax/utils/reshape_fitness.py at 64399d268f88aeab9ffbd93e41ec9e7fd2c33a07 (FitnessShaper, z_score_fitness, compute_ranks, compute_centered_ranks, compute_weight_norm)
error: none
category: negative
expect: untouched
notes: verbatim except that chex is not installed here: `import chex` is replaced by a two-line stand-in
  giving `chex.Array` (used only in annotations). The entry point `f` is the jitted bound method of a
  shaper built with fixed flags. It looks leaky (a method of an object, a branch per flag, `len`, an
  `.at[...].set` with argsort indices, bool() conversions), but the flags are Python bools set in
  __init__, `self` is a static argument, and every data-dependent choice goes through lax.select.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import types

import jax
import jax.numpy as jnp
from functools import partial

chex = types.SimpleNamespace(Array=jax.Array)


class FitnessShaper(object):
    def __init__(
        self,
        centered_rank: bool = False,
        z_score: bool = False,
        w_decay: float = 0.0,
        maximize: bool = False,
    ):
        """JAX-compatible fitness shaping tool."""
        self.w_decay = w_decay
        self.centered_rank = bool(centered_rank)
        self.z_score = bool(z_score)
        self.maximize = bool(maximize)

    @partial(jax.jit, static_argnums=(0,))
    def apply(self, x: chex.Array, fitness: chex.Array) -> chex.Array:
        """Max objective trafo, rank shaping, z scoring & add weight decay."""
        fitness = jax.lax.select(self.maximize, -1 * fitness, fitness)
        fitness = jax.lax.select(
            self.centered_rank, compute_centered_ranks(fitness), fitness
        )
        fitness = jax.lax.select(
            self.z_score, z_score_fitness(fitness), fitness
        )
        # "Reduce" fitness based on L2 norm of parameters
        l2_fit_red = self.w_decay * compute_weight_norm(x)
        l2_fit_red = jax.lax.select(self.maximize, -1 * l2_fit_red, l2_fit_red)
        return fitness + l2_fit_red


def z_score_fitness(fitness: chex.Array) -> chex.Array:
    """Make fitness 'Gaussian' by substracting mean and dividing by std."""
    return (fitness - jnp.mean(fitness)) / jnp.std(1e-05 + fitness)


def compute_ranks(fitness: chex.Array) -> chex.Array:
    """Return fitness ranks in [0, len(fitness))."""
    ranks = jnp.zeros(len(fitness))
    ranks = ranks.at[fitness.argsort()].set(jnp.arange(len(fitness)))
    return ranks


def compute_centered_ranks(fitness: chex.Array) -> chex.Array:
    """Return ~ -0.5 to 0.5 centered ranks (best to worst - min!)."""
    y = compute_ranks(fitness)
    y /= fitness.size - 1
    return y - 0.5


def compute_weight_norm(x: chex.Array) -> chex.Array:
    """Compute L2-norm of x_i. Assumes x to have shape (popsize, num_dims)."""
    return jnp.mean(x * x, axis=1)


shaper = FitnessShaper(centered_rank=True, z_score=False, w_decay=0.01, maximize=True)
f = shaper.apply
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.normal(size=(8, 3)).astype(np.float32)
    fitness = rng.normal(size=(8,)).astype(np.float32)
    return (x, fitness)


INPUTS = make_inputs
