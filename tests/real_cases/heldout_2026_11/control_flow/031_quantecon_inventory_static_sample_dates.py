"""QuantEcon's inventory simulation: a Python for-loop whose `if (i in sample_dates): res = jnp.vstack((res, X))` tests the static loop index (jit-safe look-alike).

source: QuantEcon/lecture-jax lectures/inventory_dynamics.md at 011d6c9d8c627c00c72ffdeb76f26513a7c492fc (Firm, update_X, shift_firms_forward)
error: none
category: negative-static-index-branch-growing-stack
expect: untouched
notes: Firm, update_X and shift_firms_forward verbatim. The lecture leaves the outer loop un-jitted for compile time; here it is jitted with sample_dates, num_firms and sim_length as static_argnames (small sizes), which is safe: the loop index and the sample-date tuple are Python values, so the `if` and the number of rows stacked are decided at trace time even though the data (inventories, demand draws) are traced. The growing-vstack-in-a-loop shape looks like a dynamic-shape leak but is not one; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as jnp
from jax import random

Firm = namedtuple('Firm', ['s', 'S', 'mu', 'sigma'])


# Define a jit-compiled function to update X and key
@jax.jit
def update_X(X, firm, D):
    # Restock if the inventory is below the threshold
    res = jnp.where(X <= firm.s,
            jnp.maximum(firm.S - D, 0),
            jnp.maximum(X - D, 0))
    return res


def shift_firms_forward(x_init, firm, sample_dates,
                        key, num_firms=50_000, sim_length=750):

    X = res = jnp.full((num_firms, ), x_init)

    # Use for loop to update X and collect samples
    for i in range(sim_length):
        Z = random.normal(key, shape=(num_firms, ))
        D = jnp.exp(firm.mu + firm.sigma * Z)

        X = update_X(X, firm, D)
        _, key = random.split(key)

        # draw a sample at the sample dates
        if (i in sample_dates):
          res = jnp.vstack((res, X))

    return res[1:]


f = partial(jax.jit, static_argnames=('sample_dates', 'num_firms', 'sim_length'))(shift_firms_forward)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    firm = Firm(s=np.float32(10.0), S=np.float32(100.0),
                mu=np.float32(rng.uniform(0.5, 1.5)), sigma=np.float32(0.5))
    sim_length = 12
    dates = tuple(sorted(int(d) for d in rng.choice(sim_length, size=3, replace=False)))
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    return (np.float32(rng.uniform(20.0, 70.0)), firm, dates, key, 32, sim_length)


INPUTS = make_inputs
