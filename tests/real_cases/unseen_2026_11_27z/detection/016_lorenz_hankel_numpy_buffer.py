"""A Hankel-matrix builder for Lorenz-system fitting that fills a NumPy buffer with slices of a JAX array.

source: public code index, file id 23943597333 (a JAX/optax script fitting Lorenz-system parameters with jax.experimental.ode.odeint: multi_hankel_matrix2, lorenz_system with its `# @jax.jit` commented out, predict, cost_function; the index does not name its repository)
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: multi_hankel_matrix2 verbatim. The script calls it eagerly on the odeint solution and only jits the loss; here it is the jitted entry point, `f = jax.jit(multi_hankel_matrix2, static_argnums=1)`, so the solution x is traced and n_tsteps stays a Python int. `np.zeros` makes a host buffer and `H[j, i, :] = x[...]` asks NumPy to convert each traced slice. Building H with jax.numpy (stacking the shifted windows) keeps the same values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


# Define a hankel matrix
def multi_hankel_matrix2(x, n_tsteps):
    """
    x: (n_dim, time_steps) solution
    n_tsteps: number of time steps to integrate solution
    returns H, a (n_tsteps, n_dim, n_examples) hankel-like matrix
    """

    n_dim = x.shape[1]
    n_examples = x.shape[0] - n_tsteps
    H = np.zeros((n_tsteps, n_dim, n_examples))
    for i in range(n_dim):
        for j in range(n_tsteps):
            H[j, i, :] = x[j : j + n_examples, i]

    return jnp.array(H)


f = jax.jit(multi_hankel_matrix2, static_argnums=1)
# --- end user code ---


def make_inputs(rng):
    n_time = int(rng.integers(12, 20))
    sol = np.cumsum(rng.normal(size=(n_time, 3)), axis=0).astype(np.float32)
    n_tsteps = int(rng.integers(2, 6))
    return (sol, n_tsteps)


INPUTS = make_inputs


from functools import partial


@partial(jax.jit, static_argnums=1)
def reference_fix(x, n_tsteps):
    n_examples = x.shape[0] - n_tsteps
    return jnp.stack([x[j : j + n_examples, :].T for j in range(n_tsteps)])
