"""QuantEcon's shortest-path cost-to-go: `while i < max_iter:` with `if jnp.allclose(...): break / else: ...; i += 1`.

source: QuantEcon/lecture-jax lectures/short_path.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 (the "python `while` loop and some `jax` vectorized code" cell; https://github.com/QuantEcon/lecture-jax/pull/18 asked for this version before the lax.while_loop one)
error: TracerBoolConversionError
category: while-if-break-else
expect: fix
notes: the notebook cell wrapped into a function of Q (jitted) that returns J; the loop body is verbatim. The loop counter is a Python int (static), the exit test `jnp.allclose(next_J, J)` is traced; the `else` branch holds two statements. reference_fix is the lecture's own lax.while_loop version.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(Q):
    num_nodes = Q.shape[0]
    J = jnp.zeros(num_nodes)

    max_iter = 500
    i = 0

    while i < max_iter:
        next_J = jnp.min(Q + J, axis=1)
        if jnp.allclose(next_J, J):
            break
        else:
            J = next_J.copy()
            i += 1

    return J
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(4, 9))
    Q = np.full((n, n), np.inf, np.float32)
    for v in range(n - 1):
        Q[v, v + 1] = rng.uniform(0.5, 10.0)           # every node reaches the destination
        for w in range(v + 2, n):
            if rng.uniform() < 0.4:
                Q[v, w] = rng.uniform(0.5, 30.0)
    Q[n - 1, n - 1] = 0.0
    return (Q,)


INPUTS = make_inputs


@jax.jit
def reference_fix(Q):
    num_nodes = Q.shape[0]
    J = jnp.zeros(num_nodes)
    max_iter = 500

    def body_fun(values):
        i, J, break_cond = values
        next_J = jnp.min(Q + J, axis=1)
        break_condition = jnp.allclose(next_J, J)
        return i + 1, jnp.where(break_condition, J, next_J), break_condition

    def cond_fun(values):
        i, J, break_condition = values
        return ~break_condition & (i < max_iter)

    return jax.lax.while_loop(cond_fun, body_fun, init_val=(0, J, False))[1]
