"""Power iteration whose `while convergence is False:` loop ends on a flag set by a traced test.

source: https://github.com/TheAlgorithms/Python/blob/01dd967bc61b5110b1126083ec95c8ddc2bdb201/linear_algebra/src/power_iteration.py
error: TracerBoolConversionError
category: while-flag
expect: fix
notes: NumPy -> jax.numpy under @jax.jit; the shape asserts are dropped; error_tol and
  max_iterations are Python values set in the body (1e-3 and 6 here, so
  that both exits happen on the inputs).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(input_matrix, vector):
    error_tol = 1e-3
    max_iterations = 6
    convergence = False
    lamda_previous = 0
    iterations = 0
    error = 1e12

    while convergence is False:
        w = jnp.dot(input_matrix, vector)
        vector = w / jnp.linalg.norm(w)
        lamda = jnp.dot(vector.T, jnp.dot(input_matrix, vector))

        error = jnp.abs(lamda - lamda_previous) / lamda
        iterations += 1

        if error <= error_tol or iterations >= max_iterations:
            convergence = True

        lamda_previous = lamda

    return lamda, vector
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    a = rng.uniform(0.0, 1.0, size=(3, 3)).astype(np.float32)
    return (a + a.T + 3 * np.eye(3, dtype=np.float32), rng.uniform(0.5, 1.0, size=(3,)).astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(input_matrix, vector):
    def body(state):
        vector, lamda_previous, lamda, iterations, done = state
        w = jnp.dot(input_matrix, vector)
        vector = w / jnp.linalg.norm(w)
        lamda = jnp.dot(vector.T, jnp.dot(input_matrix, vector))
        error = jnp.abs(lamda - lamda_previous) / lamda
        iterations = iterations + 1
        done = (error <= 1e-3) | (iterations >= 6)
        return vector, lamda, lamda, iterations, done

    vector, _, lamda, _, _ = lax.while_loop(lambda s: ~s[4], body, (vector, 0.0, 0.0, 0, False))
    return lamda, vector
