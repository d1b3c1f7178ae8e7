"""Self-consistent-field loop: `while traced_norm >= limit and max_steps > steps:` with a Python step counter.

source: GRANADlauncher/granad, a mean-field (charge-density-wave) research script defining scf_direct / get_metal / dos (function scf_direct)
error: TracerBoolConversionError
category: while-and-counter
expect: fix
notes: scf_direct verbatim (including its final print); `f = jax.jit(scf_direct)` added (the script called it eagerly). Inputs are a random symmetric 8x8 hopping matrix and either a zero coulomb matrix (loop stops after 1 step on the norm test) or a weak one, scale 0.05 (float32 never reaches limit=1e-8, loop stops on max_steps=100), so both sides of the `and` end the loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def scf_direct(ham, coulomb):
    """performs direct-channel only scf calculation
    
    Args:
         ham : NxN overlap matrix
         coulomb : NxN coulomb matrix

    Returns:
        h_eff : effective hamiltonian
    """

    # max number of iterations in sc loop
    max_steps = 100
    steps = 0
    
    # numerical precision of sc solution
    limit = 1e-8
        
    # initial guess for the density matrix
    rho_old = jnp.zeros_like(ham)

    # initial effective hamiltonian
    ham_eff = ham

    # diagonalize
    vals, vecs = jnp.linalg.eigh(ham_eff)    

    # build new density matrix
    N = int(ham.shape[0] / 2)
    rho = vecs[:, :N] @ vecs[:, :N].conj().T

    # iterate until convergence
    while jnp.linalg.norm(rho - rho_old) >= limit and max_steps > steps:

        # save last density matrix
        rho_old = rho

        # increment counter
        steps += 1

        # 2 U_{abbd} <Ad>
        direct_term = 2 * jnp.diag( coulomb @ rho.diagonal() )

        # new effective hamiltonian
        ham_eff = ham + direct_term

        # diagonalize
        vals, vecs = jnp.linalg.eigh(ham_eff)

        # new density matrix
        rho = vecs[:, :N] @ vecs[:, :N].conj().T

    print(f"After {steps} out of {max_steps}, scf finished with error {jnp.linalg.norm(rho - rho_old)}")
    
    return ham_eff, rho, vals, vecs


f = jax.jit(scf_direct)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    a = rng.normal(size=(n, n))
    ham = ((a + a.T) / 2).astype(np.float32)
    c = rng.uniform(0.0, 1.0, size=(n, n))
    # half the trials without interaction: rho is a bitwise fixed point after one
    # step (the `norm >= limit` side ends the loop); otherwise the float32 noise
    # floor stays above limit=1e-8 and the `max_steps > steps` side ends it at 100
    scale = 0.05 if rng.integers(0, 2) else 0.0
    coulomb = (scale * (c + c.T) / 2).astype(np.float32)
    return (ham, coulomb)


INPUTS = make_inputs


@jax.jit
def reference_fix(ham, coulomb):
    max_steps = 100
    limit = 1e-8
    N = int(ham.shape[0] / 2)
    vals, vecs = jnp.linalg.eigh(ham)
    rho = vecs[:, :N] @ vecs[:, :N].conj().T
    rho_old = jnp.zeros_like(ham)

    def cond(c):
        rho, rho_old, steps, ham_eff, vals, vecs = c
        return (jnp.linalg.norm(rho - rho_old) >= limit) & (max_steps > steps)

    def body(c):
        rho, rho_old, steps, ham_eff, vals, vecs = c
        rho_old = rho
        steps = steps + 1
        ham_eff = ham + 2 * jnp.diag(coulomb @ rho.diagonal())
        vals, vecs = jnp.linalg.eigh(ham_eff)
        rho = vecs[:, :N] @ vecs[:, :N].conj().T
        return rho, rho_old, steps, ham_eff, vals, vecs

    rho, rho_old, steps, ham_eff, vals, vecs = jax.lax.while_loop(
        cond, body, (rho, rho_old, 0, ham, vals, vecs))
    return ham_eff, rho, vals, vecs
