"""QuantEcon's print_best_path: `while current_node != destination_node:` walking argmin successors and summing costs.

source: QuantEcon/lecture-jax lectures/short_path.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 (print_best_path in the exercise solution)
error: TracerBoolConversionError
category: while-traced-state
expect: fix
notes: print_best_path verbatim except that the two prints per step are dropped and the accumulated cost is returned instead of printed; destination_node is the last node. f chains the lecture's own jit-safe compute_cost_to_go (lax.while_loop) with this walk. The loop variable starts as the Python int 0 (first test is concrete) and becomes a traced argmin index; Q[current_node, :] is dynamic indexing.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def compute_cost_to_go(Q):
    num_nodes = Q.shape[0]
    J = jnp.zeros(num_nodes)      # Initial guess
    max_iter = 500
    i = 0

    def body_fun(values):
        i, J, break_cond = values
        next_J = jnp.min(Q + J, axis=1)
        break_condition = jnp.allclose(next_J, J)
        return i + 1, next_J, break_condition

    def cond_fun(values):
        i, J, break_condition = values
        return ~break_condition & (i < max_iter)

    return jax.lax.while_loop(cond_fun, body_fun,
                              init_val=(0, J, False))[1]


def best_path_cost(J, Q, destination_node):
    sum_costs = 0
    current_node = 0
    while current_node != destination_node:
        # Move to the next node and increment costs
        next_node = jnp.argmin(Q[current_node, :] + J)
        sum_costs += Q[current_node, next_node]
        current_node = next_node
    return sum_costs


@jax.jit
def f(Q):
    J = compute_cost_to_go(Q)
    return best_path_cost(J, Q, Q.shape[0] - 1)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(4, 9))
    Q = np.full((n, n), np.inf, np.float32)
    for v in range(n - 1):
        Q[v, v + 1] = rng.uniform(0.5, 10.0)
        for w in range(v + 2, n):
            if rng.uniform() < 0.4:
                Q[v, w] = rng.uniform(0.5, 30.0)
    Q[n - 1, n - 1] = 0.0
    return (Q,)


INPUTS = make_inputs


@jax.jit
def reference_fix(Q):
    J = compute_cost_to_go(Q)
    dest = Q.shape[0] - 1

    def cond(c):
        node, cost = c
        return node != dest

    def body(c):
        node, cost = c
        nxt = jnp.argmin(Q[node, :] + J)
        return nxt, cost + Q[node, nxt]

    _, cost = jax.lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))
    return cost
