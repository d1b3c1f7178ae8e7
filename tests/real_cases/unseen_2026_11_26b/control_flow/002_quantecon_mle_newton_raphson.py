"""Newton-Raphson for a Poisson MLE: `while jnp.any(error > tol) and i < max_iter` with a static `if display`.

source: QuantEcon/lecture-jax lectures/mle.md at 05179bced5725500d74c9d8f7889a715c4e88228 (PoissonRegressionModel, create_poisson_model, _factorial / jax_factorial, poisson_logL, G_poisson_logL, H_poisson_logL, newton_raphson)
error: TracerBoolConversionError
category: while-and-traced-test
expect: fix
notes: helpers verbatim from the lecture; `newton_raphson` verbatim. The lecture calls it eagerly; `f` jits it with `display=False` bound by functools.partial (a user silencing the per-iteration printout before compiling), so the `if display:` branches are static and only the `while` test is traced; `tol` and `max_iter` stay ordinary (traced) arguments. The final two prints are kept. Inputs: 20 observations with an intercept column and two integer-valued covariates (as in the lecture's X), Poisson counts y, initial beta 0.1; max_iter is 2 on some trials so both loop exits run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from collections import namedtuple
from functools import partial
import jax.numpy as jnp
import jax

PoissonRegressionModel = namedtuple('PoissonRegressionModel', ['X', 'y'])

def create_poisson_model(X, y):
    n, k = X.shape
    # Reshape y as a n_by_1 column vector
    y = y.reshape(n, 1)
    X, y = jax.device_put((X, y))
    return PoissonRegressionModel(X=X, y=y)


@jax.jit
def _factorial(n):
    return jax.lax.exp(jax.lax.lgamma(n + 1.0)).astype(int)

jax_factorial = jax.vmap(_factorial)


@jax.jit
def poisson_logL(β, model):
    y = model.y
    μ = jnp.exp(model.X @ β)
    return jnp.sum(model.y * jnp.log(μ) - μ - jnp.log(jax_factorial(y)))


G_poisson_logL = jax.grad(poisson_logL)
H_poisson_logL = jax.jacfwd(G_poisson_logL)


def newton_raphson(model, β, tol=1e-3, max_iter=100, display=True):

    i = 0
    error = 100  # Initial error value

    # Print header of output
    if display:
        header = f'{"Iteration_k":<13}{"Log-likelihood":<16}{"θ":<60}'
        print(header)
        print("-" * len(header))

    # While loop runs while any value in error is greater
    # than the tolerance until max iterations are reached
    while jnp.any(error > tol) and i < max_iter:
        H, G = jnp.squeeze(H_poisson_logL(β, model)), G_poisson_logL(β, model)
        β_new = β - (jnp.dot(jnp.linalg.inv(H), G))
        error = jnp.abs(β_new - β)
        β = β_new

        if display:
            β_list = [f'{t:.3}' for t in list(β.flatten())]
            update = f'{i:<13}{poisson_logL(β, model):<16.8}{β_list}'
            print(update)

        i += 1

    print(f'Number of iterations: {i}')
    print(f'β_hat = {β.flatten()}')

    return β


f = jax.jit(partial(newton_raphson, display=False))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 20
    X = np.column_stack([np.ones(n), rng.integers(1, 6, size=n), rng.integers(1, 6, size=n)]).astype(np.float32)
    beta_true = np.array([-1.0, 0.25, 0.15])
    y = rng.poisson(np.exp(X @ beta_true)).astype(np.float32)
    y[0] = max(y[0], 1.0)  # at least one event
    model = PoissonRegressionModel(X=X, y=y.reshape(n, 1))
    beta0 = np.full((3, 1), 0.1, dtype=np.float32)
    max_iter = 2 if rng.random() < 0.3 else 100
    return (model, beta0, 1e-3, max_iter)


INPUTS = make_inputs


@jax.jit
def reference_fix(model, β, tol=1e-3, max_iter=100):
    def cond(state):
        i, β, error = state
        return jnp.any(error > tol) & (i < max_iter)

    def body(state):
        i, β, error = state
        H, G = jnp.squeeze(H_poisson_logL(β, model)), G_poisson_logL(β, model)
        β_new = β - (jnp.dot(jnp.linalg.inv(H), G))
        return i + 1, β_new, jnp.abs(β_new - β)

    _, β, _ = lax.while_loop(cond, body, (0, β, jnp.full(β.shape, 100.0, β.dtype)))
    return β
