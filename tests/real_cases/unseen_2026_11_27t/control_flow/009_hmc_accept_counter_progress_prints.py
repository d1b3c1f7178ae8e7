"""Full HMC sampler: Python accept/reject `if` on a traced Metropolis test, an accept counter and formatted progress prints.

source: public JAX Bayesian-ML course utilities in the code index (code-index file id 54677835575; the index does not name the repository; `__all__` lists build_energy_functions, leapfrog, HMC, compute_Rhat, compute_effective_sample_size, combine_chains, eval_density_grid, plot_mcmc_summary): functions `build_energy_functions`, `leapfrog`, `HMC`
error: TracerBoolConversionError
category: control_flow
expect: fix
notes: build_energy_functions, leapfrog and HMC kept as stored; the R-hat/ESS/plot helpers (NumPy/matplotlib, not called here) are left out, and so is the matplotlib import. The module has no target density, so a correlated 2-D Gaussian `log_target` and the entry point `f = jax.jit(lambda theta0, seed: HMC(log_target, 20, theta0, num_leapfrog_steps=5, step_size=0.25, seed=seed))` were added (theta0 has shape (1, D) as the leapfrog docstring asks). The accept test `if jnp.log(u) < log_accept_prob:` updates two pieces of state (theta and accept_count); the progress prints format `accept_count` with `:.3f`, which also fails once accept_count is traced, so they have to become jax.debug.print or go. The number of samples (num_iterations + 1) is static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from jax import grad, jit, random
from time import time


def build_energy_functions(log_target):
    """Returns (hamiltonian, potential_energy, kinetic_energy, grad_potential)."""

    def kinetic_energy(nu):
        return 0.5 * jnp.sum(nu ** 2)

    def potential_energy(theta):
        return -log_target(theta).squeeze()

    def hamiltonian(theta, nu):
        return potential_energy(theta) + kinetic_energy(nu)

    return hamiltonian, potential_energy, kinetic_energy, grad(potential_energy)


def leapfrog(theta0, nu0, grad_pot_fn, num_steps, step_size, return_trajectory=False):
    """Leapfrog integrator.

    Returns (theta, nu) or (theta, nu, theta_traj, nu_traj) when return_trajectory=True.
    theta0 and nu0 must have shape (1, D).
    """
    if return_trajectory:
        theta_traj = [theta0]
        nu_traj = [nu0]

    theta, nu = theta0, nu0
    for _ in range(num_steps):
        nu = nu - 0.5 * step_size * grad_pot_fn(theta)
        theta = theta + step_size * nu
        nu = nu - 0.5 * step_size * grad_pot_fn(theta)

        if return_trajectory:
            theta_traj.append(theta)
            nu_traj.append(nu)

    if return_trajectory:
        return theta, nu, jnp.vstack(theta_traj), jnp.vstack(nu_traj)
    return theta, nu


def HMC(log_target, num_iterations, theta0, num_leapfrog_steps=10, step_size=0.1, seed=0):
    """Full HMC sampler.

    Returns samples array of shape (num_iterations+1, D).
    """
    hamiltonian, _, _, grad_pot = build_energy_functions(log_target)
    hamiltonian = jit(hamiltonian)
    grad_pot = jit(grad_pot)

    key = random.PRNGKey(seed)
    param_shape = theta0.shape
    theta = theta0
    thetas = [theta0]
    accept_count = 0
    t0 = time()

    for itt in range(num_iterations):
        key, key_momentum, key_accept = random.split(key, 3)

        nu = random.normal(key_momentum, shape=param_shape)
        theta_star, nu_star = leapfrog(theta, nu, grad_pot, num_leapfrog_steps, step_size)

        log_accept_prob = -hamiltonian(theta_star, nu_star) + hamiltonian(theta, nu)
        u = random.uniform(key_accept)
        if jnp.log(u) < log_accept_prob:
            theta = theta_star
            accept_count += 1

        thetas.append(theta)

        if (itt + 1) % max(1, int(num_iterations / 10)) == 0:
            print(f'Itt {itt+1:5d}/{num_iterations} ({100*(itt+1)/num_iterations:6.2f}%), '
                  f'accept_rate={accept_count/(itt+1):.3f}, time={time()-t0:3.2f}s')

    print(f'HMC done in {time()-t0:.3f}s with avg. accept rate={accept_count/num_iterations:.3f}\n')
    return jnp.vstack(thetas)


# target density (added: the module ships none)
_P = jnp.array([[1.0, 0.8], [0.8, 1.0]])
_P_inv = jnp.linalg.inv(_P)


def log_target(theta):
    return -0.5 * jnp.sum((theta @ _P_inv) * theta, axis=-1)


f = jax.jit(lambda theta0, seed: HMC(log_target, 20, theta0, num_leapfrog_steps=5, step_size=0.25, seed=seed))
# --- end user code ---

from jax import lax


def make_inputs(rng):
    theta0 = (rng.normal(size=(1, 2)) * rng.choice([0.5, 3.0])).astype(np.float32)
    seed = np.int32(rng.integers(0, 10_000))
    return theta0, seed


INPUTS = make_inputs


@jax.jit
def reference_fix(theta0, seed, num_iterations=20, num_leapfrog_steps=5, step_size=0.25):
    hamiltonian, _, _, grad_pot = build_energy_functions(log_target)
    key = random.PRNGKey(seed)

    def body(carry, _):
        key, theta, accept_count = carry
        key, key_momentum, key_accept = random.split(key, 3)
        nu = random.normal(key_momentum, shape=theta0.shape)
        theta_star, nu_star = leapfrog(theta, nu, grad_pot, num_leapfrog_steps, step_size)
        log_accept_prob = -hamiltonian(theta_star, nu_star) + hamiltonian(theta, nu)
        u = random.uniform(key_accept)
        accept = jnp.log(u) < log_accept_prob
        theta = jnp.where(accept, theta_star, theta)
        accept_count = accept_count + accept.astype(jnp.int32)
        return (key, theta, accept_count), theta

    _, thetas = lax.scan(body, (key, theta0, jnp.int32(0)), None, length=num_iterations)
    return jnp.vstack([theta0, thetas.reshape(num_iterations, -1)])
