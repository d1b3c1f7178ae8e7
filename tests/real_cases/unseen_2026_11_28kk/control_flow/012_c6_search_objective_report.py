"""Evolved C6-bound searcher: jitted objective builds U = jnp.where(mask)[0] and counts jnp.unique sizes.

source: OpenEvolve/AlphaEvolve-style program in the public code index (code-index file id 70068399584; the
    file is wrapped in `# EVOLVE-BLOCK-START` / `# EVOLVE-BLOCK-END`; dataclass Hyperparameters, class
    C6Searcher with the `@staticmethod @jit` `_objective_fn` and the simulated-annealing `anneal_step`,
    plus `run` / `run_single_trial` drivers). The index does not name the repository.
error: ConcretizationTypeError
category: dynamic-shape-nonzero-unique
expect: report
notes: `f` is the class's own jitted `_objective_fn` (no wrapper added). Under jit,
    `U = jnp.where(u_mask)[0]` (nonzero without `size=`) has a data-dependent length, and the objective
    then needs `jnp.unique(sums).shape[0]` and `jnp.unique(diffs).shape[0]` of the |U| x |U| sum and
    difference tables: the value itself is a count of distinct elements of a data-dependent set, so
    there is no shape-static rewrite to apply mechanically; a tool should report it. Adapted: the
    `run` / `run_single_trial` drivers (tqdm progress bar, prints, 8 restarts x 3000 steps) are dropped,
    as is the unused `import tqdm`; the class (with the leaky `anneal_step`: `if jax.random.uniform(...)
    < 0.15`, `for __ in range(num_flips)` on a traced count, Metropolis `if`/`return` chain) is kept
    verbatim. Inputs: boolean masks over 0..40 with index 0 set, as run_single_trial builds them.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
# EVOLVE-BLOCK-START
import jax
import jax.numpy as jnp
from jax import jit
from dataclasses import dataclass
import numpy as np


@dataclass
class Hyperparameters:
    max_integer: int = 500
    num_restarts: int = 8
    num_search_steps: int = 3000
    initial_temperature: float = 0.05
    cooldown_factor: float = 0.999


class C6Searcher:
    """
    Searches for a set U by running the search in pure Python for correctness.
    """

    def __init__(self, hypers: Hyperparameters):
        self.hypers = hypers
        self.allowed_values = jnp.array((-1, 0, 1), dtype=jnp.int32)

    @staticmethod
    @jit
    def _objective_fn(u_mask: jnp.ndarray) -> jnp.ndarray:
        """Calculates the C6 lower bound using jnp.unique - JIT compiled for speed."""
        U = jnp.where(u_mask)[0]

        sums = U[:, None] + U[None, :]
        diffs = U[:, None] - U[None, :]

        size_U_plus_U = jnp.unique(sums).shape[0]
        size_U_minus_U = jnp.unique(diffs).shape[0]
        max_U = jnp.max(U)

        # Handle the case where max_U is 0 to avoid log(1)=0 in denominator
        ratio = jnp.where(max_U == 0, 0.5, size_U_minus_U / size_U_plus_U)
        denom = jnp.log(2 * max_U + 1)
        c6_bound = 1 + jnp.log(ratio) / jnp.where(denom == 0, 1.0, denom)
        c6_bound = jnp.where(max_U == 0, -1.0, c6_bound)

        return -c6_bound  # Return negative for maximization

    def anneal_step(self, key, temp, current_mask, current_loss):
        """Performs one step of Simulated Annealing with multiple mutation types."""
        # Multi-neighbor proposal: try 3 mutations and pick the best neighbor
        best_neighbor_mask = current_mask
        best_neighbor_loss = float('inf')
        
        for _ in range(3):
            key, subkey = jax.random.split(key)
            # Occasionally flip multiple bits for larger jumps (15% chance)
            if jax.random.uniform(subkey) < 0.15:
                # Flip 2-3 bits to explore further
                num_flips = jax.random.randint(subkey, (), 2, 4)
                neighbor_mask = current_mask
                for __ in range(num_flips):
                    key, subkey2 = jax.random.split(key)
                    idx_to_flip = jax.random.randint(subkey2, (), 1, len(current_mask))
                    neighbor_mask = neighbor_mask.at[idx_to_flip].set(1 - neighbor_mask[idx_to_flip])
            else:
                # Single bit flip
                idx_to_flip = jax.random.randint(subkey, (), 1, len(current_mask))
                neighbor_mask = current_mask.at[idx_to_flip].set(1 - current_mask[idx_to_flip])

            neighbor_loss = self._objective_fn(neighbor_mask)
            if neighbor_loss < best_neighbor_loss:
                best_neighbor_loss = neighbor_loss
                best_neighbor_mask = neighbor_mask

        delta_loss = best_neighbor_loss - current_loss

        # Metropolis acceptance criterion
        if delta_loss < 0:
            return best_neighbor_mask, best_neighbor_loss
        else:
            accept_prob = jnp.exp(-delta_loss / temp)
            if jax.random.uniform(key) < accept_prob:
                return best_neighbor_mask, best_neighbor_loss
            else:
                return current_mask, current_loss


f = C6Searcher._objective_fn
# --- end user code ---


def make_inputs(rng):
    n = 41
    positions = np.arange(n, dtype=np.float32)
    density = np.exp(-positions / (n / 4)) * 0.3 + 0.05
    mask = rng.random(n) < density
    mask[0] = True
    return (mask,)


INPUTS = make_inputs
