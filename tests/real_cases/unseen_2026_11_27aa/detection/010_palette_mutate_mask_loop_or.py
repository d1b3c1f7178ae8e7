"""A palette-evolution mask mutation jitted: per-element `if` on traced draws, int() of a traced count and an `or` of traced comparisons.

source: public JAX research code in the code index, "Strategy 6D: Exploration Bonus Dual" module (class ExplorationBonusDualStrategy, method _mutate_mask; code-index file id 55269621492; the index does not name its repository)
error: TracerBoolConversionError
category: for-per-element-cond, int-of-tracer, and-or-truth-test
expect: fix
notes: `_mutate_mask` is verbatim; the class keeps only that method (its __init__ and the rest of the
  strategy are left out, nothing else in it is read by the method). In the module the method runs eagerly
  on the host inside the evolution loop; the entry point added here jits it, with the rate, the bounds and
  the bonus value static, as one would to speed the loop up. Under jit it fails at
  `if flip_probs[i] < mutation_rate`; behind that are the nested `if new_mask[i] > 0.5` / `if
  discovered_ever[i] < 0.5`, the Python-float accumulation of the bonus, `int(jnp.sum(new_mask > 0.5))` and
  `n_active < min_active or n_active > max_active`. Each position is written at most once, so the loop
  vectorises to jnp.where over the flip mask and the constraint becomes a final jnp.where. Inputs: masks with
  about four of ten entries on and a 0.3 flip rate, so that both the accepted and the rejected (constraint
  violated) outcomes occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Tuple

import jax
import jax.numpy as jnp


class ExplorationBonusDualStrategy:

    def _mutate_mask(
        self,
        mask: jnp.ndarray,
        key: jax.random.PRNGKey,
        mutation_rate: float,
        min_active: int,
        max_active: int,
        discovered_ever: jnp.ndarray,
        discovery_bonus_value: float,
    ) -> Tuple[jnp.ndarray, float]:
        """Mutate a mask with discovery bonus tracking."""
        n_funcs = len(mask)
        flip_probs = jax.random.uniform(key, (n_funcs,))
        new_mask = mask.copy()
        discovery_bonus = 0.0

        for i in range(n_funcs):
            if flip_probs[i] < mutation_rate:
                if new_mask[i] > 0.5:
                    new_mask = new_mask.at[i].set(0.0)
                else:
                    new_mask = new_mask.at[i].set(1.0)
                    if discovered_ever[i] < 0.5:
                        discovery_bonus += discovery_bonus_value

        # Enforce constraints
        n_active = int(jnp.sum(new_mask > 0.5))
        if n_active < min_active or n_active > max_active:
            return mask, 0.0

        return new_mask, discovery_bonus


strategy = ExplorationBonusDualStrategy()
f = jax.jit(strategy._mutate_mask, static_argnums=(2, 3, 4, 6))
# --- end user code ---

from functools import partial

import numpy as np


def make_inputs(rng):
    n = 10
    mask = (rng.random(n) < 0.4).astype(np.float32)
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    discovered = (rng.random(n) < 0.5).astype(np.float32)
    return (mask, key, 0.3, 2, 6, discovered, 0.5)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(2, 3, 4, 6))
def reference_fix(mask, key, mutation_rate, min_active, max_active, discovered_ever, discovery_bonus_value):
    n_funcs = mask.shape[0]
    flip_probs = jax.random.uniform(key, (n_funcs,))
    flip = flip_probs < mutation_rate
    on = mask > 0.5
    new_mask = jnp.where(flip, jnp.where(on, 0.0, 1.0), mask).astype(mask.dtype)
    gained = flip & ~on & (discovered_ever < 0.5)
    discovery_bonus = jnp.sum(gained) * discovery_bonus_value
    n_active = jnp.sum(new_mask > 0.5)
    bad = (n_active < min_active) | (n_active > max_active)
    return jnp.where(bad, mask, new_mask), jnp.where(bad, 0.0, discovery_bonus)
