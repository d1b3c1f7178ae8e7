"""Minimal HMC demo: hmc_step turns the traced Metropolis decision into a Python bool.

source: public JAX HMC demonstration script in the code index ("Minimal HMC demonstration on a correlated Gaussian target in JAX."; code-index file id 53019537698; the index does not name the repository): potential, kinetic, grad_potential, leapfrog, hmc_step
error: ConcretizationTypeError
category: bool-of-traced-accept
expect: fix
notes: potential/kinetic/grad_potential/leapfrog/hmc_step verbatim. run_hmc (the Python driver loop that does `accepts += int(accepted)`) and main are dropped; the entry point jits hmc_step with n_steps static (the `if step != n_steps - 1` in leapfrog is on the static loop counter and is fine). The module-level jax_enable_x64 switch is dropped. Only `bool(accept)` leaks; returning the traced flag is the fix.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def potential(q, sigma_inv):
    return 0.5 * q.T @ sigma_inv @ q


def kinetic(p):
    return 0.5 * jnp.dot(p, p)


def grad_potential(q, sigma_inv):
    return sigma_inv @ q


def leapfrog(q, p, epsilon, n_steps, sigma_inv):
    p = p - 0.5 * epsilon * grad_potential(q, sigma_inv)

    for step in range(n_steps):
        q = q + epsilon * p
        if step != n_steps - 1:
            p = p - epsilon * grad_potential(q, sigma_inv)

    p = p - 0.5 * epsilon * grad_potential(q, sigma_inv)
    return q, -p


def hmc_step(key, q, epsilon, n_steps, sigma_inv):
    key_mom, key_acc = jax.random.split(key)
    p = jax.random.normal(key_mom, shape=q.shape)
    q_prop, p_prop = leapfrog(q, p, epsilon, n_steps, sigma_inv)

    current_h = potential(q, sigma_inv) + kinetic(p)
    proposed_h = potential(q_prop, sigma_inv) + kinetic(p_prop)
    log_alpha = current_h - proposed_h

    accept = jnp.log(jax.random.uniform(key_acc)) < log_alpha
    q_new = jnp.where(accept, q_prop, q)
    return q_new, bool(accept)


f = jax.jit(hmc_step, static_argnums=(3,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    q = rng.normal(size=(2,)).astype(np.float32) * 2.0
    # large step sizes make rejections common, small ones acceptances
    epsilon = np.float32(rng.choice([0.05, 0.3, 1.5]))
    rho = 0.95
    sigma = np.array([[1.0, rho], [rho, 1.0]], dtype=np.float32)
    sigma_inv = np.linalg.inv(sigma).astype(np.float32)
    return (key, q, epsilon, 15, sigma_inv)


INPUTS = make_inputs


@jax.jit
def _ref(key, q, epsilon, sigma_inv):
    n_steps = 15
    key_mom, key_acc = jax.random.split(key)
    p = jax.random.normal(key_mom, shape=q.shape)
    q_prop, p_prop = leapfrog(q, p, epsilon, n_steps, sigma_inv)
    current_h = potential(q, sigma_inv) + kinetic(p)
    proposed_h = potential(q_prop, sigma_inv) + kinetic(p_prop)
    log_alpha = current_h - proposed_h
    accept = jnp.log(jax.random.uniform(key_acc)) < log_alpha
    return jnp.where(accept, q_prop, q), accept


reference_fix = jax.jit(lambda key, q, epsilon, n_steps, sigma_inv: _ref(key, q, epsilon, sigma_inv),
                        static_argnums=(3,))
