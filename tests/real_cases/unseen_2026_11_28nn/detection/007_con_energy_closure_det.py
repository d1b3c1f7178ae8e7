"""con_ode_factory's energy closure: `if jnp.linalg.det(W) > 0.0` on a matrix captured from the factory.

source: coupled-oscillator-network (CON) stability study script in the public code index
    (code-index file id 26166873560: con_ode_factory returning con_ode_fn / con_energy_fn,
    simulate_ode with diffrax, simulate_unstable_con, simulate_unstable_coupling, main); the index
    does not name the repository or commit.
error: TracerBoolConversionError
category: closure-reads-traced-enclosing-value
expect: fix
notes: The leak hides in a closure: con_energy_fn tests `jnp.linalg.det(W)` where W belongs to the
    enclosing factory. The script only evaluates it under `jax.vmap(jax.vmap(energy_fn))(y_grid)`,
    where the unbatched W stays concrete, so it works there; as soon as the factory runs inside a
    jitted function (W traced, e.g. when the network weights are learned) or the energy is jitted
    (det of a captured constant is staged too) the `if` fails. con_ode_factory is verbatim; the
    entry point `f` builds the factory from arrays and evaluates the energy on a state grid with
    the script's own vmap(vmap(...)) line. simulate_ode (diffrax, not installed), the two plotting
    drivers and main are dropped. Inputs include W with det > 0 (log-cosh term added) and det < 0.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array
from typing import Callable, Tuple


def con_ode_factory(K: Array, D: Array, W: Array, b: Array) -> Tuple[Callable, Callable]:

    def con_ode_fn(t: Array, y: Array, tau: Array) -> Array:
        x, x_d = jnp.split(y, 2)
        x_dd = tau - K @ x - D @ x_d - jnp.tanh(W @ x + b)
        y_d = jnp.concatenate([x_d, x_dd])
        return y_d

    def con_energy_fn(y: Array) -> Array:
        x, x_d = jnp.split(y, 2, axis=-1)
        U = 0.5 * jnp.sum(x.T @ K @ x)
        if jnp.linalg.det(W) > 0.0:
            U = U + jnp.sum(jnp.linalg.inv(W) @ jnp.log(jnp.cosh(W @ x + b)))
        T = 0.5 * jnp.sum(x_d.T @ x_d)
        return T + U

    return con_ode_fn, con_energy_fn


def energy_on_grid(K, D, W, b, y_grid):
    ode_fn, energy_fn = con_ode_factory(K, D, W, b)
    # evaluate total energy on grid
    E_grid = jax.vmap(jax.vmap(energy_fn))(y_grid)
    return E_grid


f = jax.jit(energy_on_grid)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 2
    a = rng.normal(size=(n, n)).astype(np.float32)
    K = (0.5 * (a + a.T)).astype(np.float32)
    D = np.diag(rng.uniform(0.1, 0.5, size=(n,))).astype(np.float32)
    diag = rng.uniform(1.0, 3.0, size=(n,))
    if rng.random() < 0.4:
        diag[1] = -diag[1]                       # det(W) < 0: no log-cosh term
    W = (np.diag(diag) + 0.2 * rng.normal(size=(n, n))).astype(np.float32)
    b = rng.normal(size=(n,)).astype(np.float32) * 0.3
    y_grid = rng.uniform(-2.0, 2.0, size=(4, 5, 2 * n)).astype(np.float32)
    return (K, D, W, b, y_grid)


INPUTS = make_inputs


@jax.jit
def reference_fix(K, D, W, b, y_grid):
    pos = jnp.linalg.det(W) > 0.0
    W_inv = jnp.linalg.inv(W)

    def energy(y):
        x, x_d = jnp.split(y, 2, axis=-1)
        U = 0.5 * jnp.sum(x.T @ K @ x)
        U = jnp.where(pos, U + jnp.sum(W_inv @ jnp.log(jnp.cosh(W @ x + b))), U)
        T = 0.5 * jnp.sum(x_d.T @ x_d)
        return T + U

    return jax.vmap(jax.vmap(energy))(y_grid)
