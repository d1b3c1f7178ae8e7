"""Particle swarm: boolean-mask `.at[improved].set(X[improved])` and `if new_gbest_val < gbest_val:` in the iteration loop.

source: quant-sci/optymus src/optymus/methods/population/_particle_swarm.py at 073252a0c85a2e676fb9fdef5abac757b4280f7f (ParticleSwarmOptimization.optimize)
error: NonConcreteBooleanIndexError
category: for-mask-update-and-if
expect: fix
notes: optimize as a free function with divergence="baseline", a fixed test objective for self.penalized_obj, max_iter=10 and n_particles=8 static, verbose=False (tqdm dropped), and the time/tracemalloc bookkeeping and method_name string removed from the result; the masked updates have same-shape jnp.where equivalents.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def penalized_obj(x):
    return (x[0] ** 2 + x[1] - 11) ** 2 + (x[0] + x[1] ** 2 - 7) ** 2


@partial(jax.jit, static_argnames=("max_iter", "n_particles", "divergence"))
def f(lb, ub, w, c1, c2, alpha=0.5, divergence="baseline", max_iter=10, n_particles=8):
    num_iter = 0
    dimensions = lb.shape[0]

    # Initialize random number generator keys
    key = jax.random.PRNGKey(42)

    # Initialize particles' positions and velocities randomly within bounds
    def generate_particles(key):
        key_pos, key_vel = jax.random.split(key)
        X = jax.random.uniform(key_pos, shape=(n_particles, dimensions), minval=lb, maxval=ub)
        # More reasonable velocity initialization
        V = jax.random.uniform(
            key_vel, shape=(n_particles, dimensions), minval=-jnp.abs(ub - lb), maxval=jnp.abs(ub - lb)
        )
        return X, V

    X, V = generate_particles(key)

    path = [[] for _ in range(max_iter)]
    path_gbest = []
    particle_diversity = []
    velocity_diversity = []

    # Initialize particle best and global best
    pbest = X.copy()
    pbest_val = jnp.array([penalized_obj(x) for x in X])
    gbest = pbest[jnp.argmin(pbest_val)].copy()
    gbest_val = jnp.min(pbest_val)

    for i in range(max_iter):
        # Generate new keys for each iteration
        key, key_r1, key_r2 = jax.random.split(key, 3)

        # Generate r1 and r2
        r1 = jax.random.uniform(key_r1, shape=(n_particles, dimensions))
        r2 = jax.random.uniform(key_r2, shape=(n_particles, dimensions))

        # Compute divergence term
        if divergence == "baseline":
            divergence_term = jnp.zeros_like(X)
        else:
            X_prob = jax.nn.softmax(pbest, axis=1)
            gbest_prob = jax.nn.softmax(gbest)
            div = divergence(X_prob, gbest_prob)

            divergence_term = alpha * div[:, None] * jnp.sign(X - gbest)

        # Update velocities and positions
        V = w * V + c1 * r1 * (pbest - X) + c2 * r2 * (gbest - X) - divergence_term
        X = X + V

        # Ensure particles stay within bounds
        X = jnp.clip(X, lb, ub)

        # Update individual best and global best
        current_val = jnp.array([penalized_obj(x) for x in X])
        improved = current_val < pbest_val

        # Update individual best values
        pbest = pbest.at[improved].set(X[improved])
        pbest_val = pbest_val.at[improved].set(current_val[improved])

        # Update global best values
        new_gbest_val = jnp.min(pbest_val)
        if new_gbest_val < gbest_val:
            gbest = pbest[jnp.argmin(pbest_val)].copy()
            gbest_val = new_gbest_val

        # Store the updated particles positions
        path[i].append(X.copy())
        path_gbest.append(gbest.copy())

        p_diversity = jnp.linalg.norm(jnp.std(X, axis=0))
        v_diversity = jnp.linalg.norm(jnp.std(V, axis=0))
        particle_diversity.append(p_diversity)
        velocity_diversity.append(v_diversity)

        num_iter += 1

    return {
        "x0": jnp.mean(X, axis=0),
        "xopt": gbest,
        "fmin": gbest_val,
        "num_iter": num_iter,
        "path_particles": path,
        "path": jnp.array(path_gbest),
        "particle_diversity": particle_diversity,
        "velocity_diversity": velocity_diversity,
    }
# --- end user code ---

import numpy as np


def make_inputs(rng):
    lb = rng.uniform(-5.0, -2.0, size=(2,)).astype(np.float32)
    ub = rng.uniform(2.0, 5.0, size=(2,)).astype(np.float32)
    w = np.float32(rng.uniform(0.1, 0.7))
    c1 = np.float32(rng.uniform(0.2, 1.5))
    c2 = np.float32(rng.uniform(0.5, 2.0))
    return (lb, ub, w, c1, c2)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("max_iter", "n_particles"))
def reference_fix(lb, ub, w, c1, c2, max_iter=10, n_particles=8):
    d = lb.shape[0]
    key = jax.random.PRNGKey(42)
    key_pos, key_vel = jax.random.split(key)
    X = jax.random.uniform(key_pos, shape=(n_particles, d), minval=lb, maxval=ub)
    V = jax.random.uniform(key_vel, shape=(n_particles, d),
                           minval=-jnp.abs(ub - lb), maxval=jnp.abs(ub - lb))
    obj = jax.vmap(penalized_obj)
    pbest, pbest_val = X, obj(X)
    gbest, gbest_val = pbest[jnp.argmin(pbest_val)], jnp.min(pbest_val)
    path, path_gbest, pdiv, vdiv = [], [], [], []
    for i in range(max_iter):
        key, k1, k2 = jax.random.split(key, 3)
        r1 = jax.random.uniform(k1, shape=(n_particles, d))
        r2 = jax.random.uniform(k2, shape=(n_particles, d))
        V = w * V + c1 * r1 * (pbest - X) + c2 * r2 * (gbest - X) - jnp.zeros_like(X)
        X = jnp.clip(X + V, lb, ub)
        cur = obj(X)
        improved = cur < pbest_val
        pbest = jnp.where(improved[:, None], X, pbest)
        pbest_val = jnp.where(improved, cur, pbest_val)
        new = jnp.min(pbest_val)
        better = new < gbest_val
        gbest = jnp.where(better, pbest[jnp.argmin(pbest_val)], gbest)
        gbest_val = jnp.where(better, new, gbest_val)
        path.append([X])
        path_gbest.append(gbest)
        pdiv.append(jnp.linalg.norm(jnp.std(X, axis=0)))
        vdiv.append(jnp.linalg.norm(jnp.std(V, axis=0)))
    return {"x0": jnp.mean(X, axis=0), "xopt": gbest, "fmin": gbest_val, "num_iter": max_iter,
            "path_particles": path, "path": jnp.array(path_gbest),
            "particle_diversity": pdiv, "velocity_diversity": vdiv}
