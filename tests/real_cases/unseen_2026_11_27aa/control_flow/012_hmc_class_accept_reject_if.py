"""HMC sampler class: Metropolis accept/reject as a Python `if` on the traced Hamiltonian difference.

source: public JAX HMC module in the code index (class HMC: __init__, hamiltonian, leap, sample, sample_jitted; code-index file id 48797485673; the index does not name its repository or commit)
error: TracerBoolConversionError
category: mcmc-accept-if
expect: fix
notes: class HMC is verbatim. The author's `sample_jitted` jits only hamiltonian and leap and keeps the accept test `if jnp.log(jax.random.uniform(subkey)) > old_H - new_H:` in Python, so the whole sampler cannot be jitted. The repository's model class is not in the file: `GaussianPotential` is a small stand-in with the interface HMC uses (`model(q)` returns the potential, `model.variables()` the parameter pytree). Added the entry point `f`, which builds the sampler inside the jitted function (so its `self.key` updates stay local to one call) and runs `sample_jitted(8, q, p, step_size, 5)`. The fix selects between old and new states with jnp.where / tree_map instead of the `if`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from copy import deepcopy
import jax
from jax import numpy as jnp

class HMC:
    def __init__(self, model) -> None:
        self.model = model
        self.key = jax.random.PRNGKey(42)
        self.subkey = jax.random.split(self.key)
        self.vars = model.variables()
        self.p = jax.tree_util.tree_map(lambda x: jnp.zeros_like(x), model.variables())
        self.current_state = None
        self.proposed_state = None    

    def hamiltonian(self, q, p):
        '''
        Computes the Hamiltonian of current state i.e. "H = K.E. - P.E."
        up to normalistation assuming a unit mass matrix.
        '''
        add_squares = lambda x: jnp.sum(jnp.square(x))

        sum_squares = jax.tree_util.tree_map(add_squares, p)
        sum_squares = jax.tree_util.tree_reduce(jnp.add, sum_squares)
        return 0.5 * sum_squares + self.model(q)

    def leap(self, q, p, step_size, leaps):
        '''
        Performs basic leapfrog of state using standard Stormer-Verlet integrator.
        q - position
        p - momentum
        potential - ...
        step_size : int - size of integrator step
        leaps : int - num of discrete leapfrog steps
        '''
        V, dV_dq = jax.value_and_grad(self.model)(q)
        p = jax.tree_util.tree_map(lambda p, g: p - 0.5*step_size*g, p, dV_dq)

        for leap in range(leaps):
            q = jax.tree_util.tree_map(lambda v, p: v + step_size*p, q, p)
            V, dV_dq = jax.value_and_grad(self.model)(q)
            p = jax.tree_util.tree_map(lambda p, g: p - step_size*g, p, dV_dq)

        # p is flipped to make kernel an involution
        p = jax.tree_util.tree_map(lambda p, g: -(p + 0.5*step_size*g), p, dV_dq)

        return q, p
        
    def sample(self, num_samples, q, p, step_size, leaps):
        '''
        Basic HMC sampling of state with standard MH acceptence correction.
        '''
        num_components = len(q)
        samples = [None] * num_samples
        samples[0] = q

        for iter in range(num_samples - 1):
            self.key, *subkeys = jax.random.split(self.key, num=1 + num_components)
            p = jax.tree_util.tree_map(lambda arr, key: jax.random.normal(key, arr.shape), q, subkeys)
            old_p = deepcopy(p)
            old_q = deepcopy(q)
            old_H = self.hamiltonian(q, p)

            q, p = self.leap(q, p, step_size, leaps)

            new_H = self.hamiltonian(q, p)

            self.key, subkey = jax.random.split(self.key)
            if jnp.log(jax.random.uniform(subkey)) > old_H - new_H:
                p = old_p
                q = old_q

            samples[iter] = deepcopy(q)
        
        return samples

    def sample_jitted(self, num_samples, q, p, step_size, leaps):
        '''
        Basic HMC sampling of state with standard MH acceptence correction.
        JIT comples leapfrog and Hamiltonian calculation
        '''
        H = jax.jit(self.hamiltonian)
        leaper = jax.jit(self.leap, static_argnames=['leaps'])
        num_components = len(q)
        samples = [None] * num_samples
        samples[0] = q

        for iter in range(num_samples - 1):
            self.key, *subkeys = jax.random.split(self.key, num=1 + num_components)
            p = jax.tree_util.tree_map(lambda arr, key: jax.random.normal(key, arr.shape), q, subkeys)
            old_p = deepcopy(p)
            old_q = deepcopy(q)
            old_H = H(q, p)

            q, p = leaper(q, p, step_size, leaps)

            new_H = H(q, p)

            self.key, subkey = jax.random.split(self.key)
            if jnp.log(jax.random.uniform(subkey)) > old_H - new_H:
                p = old_p
                q = old_q

            samples[iter + 1] = deepcopy(q)
        
        return samples


class GaussianPotential:
    """Stand-in model: V(q) = -log N(q; mu, diag(sigma^2)) over a list of parameter blocks."""

    def __init__(self, mus, sigmas):
        self.mus = mus
        self.sigmas = sigmas

    def variables(self):
        return [jnp.zeros_like(m) for m in self.mus]

    def __call__(self, q):
        return sum(0.5 * jnp.sum(((qi - m) / s) ** 2) for qi, m, s in zip(q, self.mus, self.sigmas))


model = GaussianPotential([jnp.array([1.0, -2.0, 0.5]), jnp.array([0.0, 3.0])],
                          [jnp.array([1.0, 0.5, 2.0]), jnp.array([0.3, 1.5])])


@jax.jit
def f(q, p, step_size):
    hmc = HMC(model)
    return hmc.sample_jitted(8, q, p, step_size, 5)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    q = [rng.normal(size=3).astype(np.float32) * 2.0, rng.normal(size=2).astype(np.float32) * 2.0]
    p = [np.zeros(3, np.float32), np.zeros(2, np.float32)]
    step_size = np.float32(rng.choice([0.05, 0.2, 0.6, 1.1]))   # large steps: many rejections
    return (q, p, step_size)


INPUTS = make_inputs


@jax.jit
def reference_fix(q, p, step_size):
    hmc = HMC(model)
    key = hmc.key
    samples = [q]
    for _ in range(7):
        key, *subkeys = jax.random.split(key, num=1 + len(q))
        p = jax.tree_util.tree_map(lambda arr, k: jax.random.normal(k, arr.shape), q, subkeys)
        old_q = q
        old_H = hmc.hamiltonian(q, p)
        q, p = hmc.leap(q, p, step_size, 5)
        new_H = hmc.hamiltonian(q, p)
        key, subkey = jax.random.split(key)
        reject = jnp.log(jax.random.uniform(subkey)) > old_H - new_H
        q = jax.tree_util.tree_map(lambda o, n: jnp.where(reject, o, n), old_q, q)
        samples.append(q)
    return samples
