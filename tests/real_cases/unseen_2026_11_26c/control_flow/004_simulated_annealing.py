"""Simulated annealing: `if accept:` and a nested `if` on traced energies, a list path, a static temperature `break`.

source: quant-sci/optymus src/optymus/methods/stochastic/_simulated_anneling.py at 09502ddab14573d4cef6f16d0ec536fb829b9478 (SimulatedAnnealing.optimize)
error: TracerBoolConversionError
category: for-if-nested-list-carry
expect: fix
notes: the optimize method as a free function: self.penalized_obj becomes a fixed test objective, x0=None, verbose=False (the tqdm progress bar and set_postfix dropped), and the time/tracemalloc bookkeeping and the method_name string removed from the result dict; max_iter=25 static and T_min=1e-2, alpha=0.8 so the (Python-float, static) temperature `break` fires at k=21.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def penalized_obj(x):
    return jnp.sum(x ** 2) + jnp.sum(jnp.sin(3.0 * x))


@partial(jax.jit, static_argnames=("max_iter",))
def f(lb, ub, max_iter=25, T_init=1.0, T_min=1e-2, alpha=0.8, step_size=0.1):
    n = lb.shape[0]

    current = (lb + ub) / 2.0
    current_energy = penalized_obj(current)

    # Best solution tracking
    best = current.copy()
    best_energy = current_energy

    # Temperature
    T = T_init

    # Random key for JAX
    key = jax.random.PRNGKey(42)

    # Track optimization path
    path = [current.copy()]

    iteration = 0
    for k in range(max_iter):
        iteration = k + 1

        # Check temperature stopping criterion
        if T < T_min:
            break

        # Generate neighbor solution
        key, subkey = jax.random.split(key)
        perturbation = jax.random.uniform(subkey, shape=(n,), minval=-1.0, maxval=1.0)
        neighbor = current + step_size * (ub - lb) * perturbation

        # Clip to bounds
        neighbor = jnp.clip(neighbor, lb, ub)

        # Evaluate neighbor
        neighbor_energy = penalized_obj(neighbor)

        # Compute energy difference
        delta_energy = neighbor_energy - current_energy

        # Accept or reject
        key, subkey = jax.random.split(key)
        random_val = jax.random.uniform(subkey)

        # Accept if better, or with probability exp(-delta/T) if worse
        accept = (delta_energy < 0) | (random_val < jnp.exp(-delta_energy / T))

        if accept:
            current = neighbor
            current_energy = neighbor_energy

            # Update best if improved
            if current_energy < best_energy:
                best = current.copy()
                best_energy = current_energy

        # Cool down
        T = T * alpha

        # Store path
        path.append(best.copy())

    return {
        "x0": (lb + ub) / 2.0,
        "xopt": best,
        "fmin": best_energy,
        "num_iter": iteration,
        "path": jnp.array(path),
    }
# --- end user code ---

import numpy as np


def make_inputs(rng):
    lb = rng.uniform(-5.0, -1.0, size=(2,)).astype(np.float32)
    ub = rng.uniform(1.0, 5.0, size=(2,)).astype(np.float32)
    return (lb, ub)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("max_iter",))
def reference_fix(lb, ub, max_iter=25, T_init=1.0, T_min=1e-2, alpha=0.8, step_size=0.1):
    n = lb.shape[0]
    current = (lb + ub) / 2.0
    current_energy = penalized_obj(current)
    best, best_energy = current, current_energy
    T = T_init
    key = jax.random.PRNGKey(42)
    path = [current]
    iteration = 0
    for k in range(max_iter):
        iteration = k + 1
        if T < T_min:  # T is a Python float: static
            break
        key, subkey = jax.random.split(key)
        perturbation = jax.random.uniform(subkey, shape=(n,), minval=-1.0, maxval=1.0)
        neighbor = jnp.clip(current + step_size * (ub - lb) * perturbation, lb, ub)
        neighbor_energy = penalized_obj(neighbor)
        delta_energy = neighbor_energy - current_energy
        key, subkey = jax.random.split(key)
        random_val = jax.random.uniform(subkey)
        accept = (delta_energy < 0) | (random_val < jnp.exp(-delta_energy / T))
        current = jnp.where(accept, neighbor, current)
        current_energy = jnp.where(accept, neighbor_energy, current_energy)
        improved = accept & (current_energy < best_energy)
        best = jnp.where(improved, current, best)
        best_energy = jnp.where(improved, current_energy, best_energy)
        T = T * alpha
        path.append(best)
    return {"x0": (lb + ub) / 2.0, "xopt": best, "fmin": best_energy,
            "num_iter": iteration, "path": jnp.array(path)}
