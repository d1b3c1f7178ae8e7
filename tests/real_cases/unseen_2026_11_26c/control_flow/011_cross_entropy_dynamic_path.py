"""Cross-entropy method: traced `if` on the best fitness and a traced `break` that decides how long the returned path is.

source: quant-sci/optymus src/optymus/methods/stochastic/_cross_entropy.py at 16f6171989e5e91067cf239c9da5432886bb6757 (CrossEntropy.optimize)
error: TracerBoolConversionError
category: dynamic-length-break
expect: report
notes: optimize as a free function (fixed test objective for self.penalized_obj, verbose=False so tqdm is dropped, time/tracemalloc/method_name removed). The `if` is fixable, but `break` on `jnp.all(std <= min_std)` makes `num_iter` and the length of `jnp.array(path)` depend on traced values: no static-shape rewrite keeps the output.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def penalized_obj(x):
    return jnp.sum((x - 1.0) ** 2)


@partial(jax.jit, static_argnames=("max_iter", "pop_size"))
def f(lb, ub, max_iter=30, pop_size=20, elite_frac=0.2, alpha=0.7, min_std=1e-2):
    n = lb.shape[0]
    mean = (lb + ub) / 2.0
    std = (ub - lb) / 4.0
    n_elite = max(1, int(pop_size * elite_frac))
    key = jax.random.PRNGKey(42)

    path = [mean.copy()]
    best_solution = mean.copy()
    best_fitness = penalized_obj(mean)

    for k in range(max_iter):
        key, subkey = jax.random.split(key)
        samples = mean + std * jax.random.normal(subkey, shape=(pop_size, n))
        samples = jnp.clip(samples, lb, ub)
        fitness = jnp.array([penalized_obj(ind) for ind in samples])
        sorted_indices = jnp.argsort(fitness)
        elite_indices = sorted_indices[:n_elite]
        elite_samples = samples[elite_indices]

        # Update best solution
        if fitness[sorted_indices[0]] < best_fitness:
            best_fitness = fitness[sorted_indices[0]]
            best_solution = samples[sorted_indices[0]].copy()

        elite_mean = jnp.mean(elite_samples, axis=0)
        elite_std = jnp.std(elite_samples, axis=0)
        mean = alpha * elite_mean + (1 - alpha) * mean
        std = alpha * elite_std + (1 - alpha) * std
        std = jnp.maximum(std, min_std)

        path.append(best_solution.copy())

        # Check for convergence (std too small)
        if jnp.all(std <= min_std):
            break

    return {
        "x0": (lb + ub) / 2.0,
        "xopt": best_solution,
        "fmin": best_fitness,
        "num_iter": k + 1,
        "path": jnp.array(path),
    }
# --- end user code ---

import numpy as np


def make_inputs(rng):
    lb = rng.uniform(-5.0, -1.0, size=(2,)).astype(np.float32)
    ub = rng.uniform(2.0, 5.0, size=(2,)).astype(np.float32)
    return (lb, ub)


INPUTS = make_inputs
