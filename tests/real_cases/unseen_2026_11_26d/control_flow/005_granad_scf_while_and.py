"""Mean-field self-consistency loop: `while norm(rho - rho_old) >= limit and max_steps > steps` with eigh inside.

source: GRANADlauncher/granad, mean-field/CDW example script defining `scf_direct` (stored file text found by find_string id 45600762198; repository identified by its `import granad` / granad.Material usage)
error: TracerBoolConversionError
category: while-and-counter-scf
expect: fix
notes: `scf_direct` verbatim (including the final print) except that it returns (ham_eff, rho, vals) -- `vecs` is dropped from the return because eigenvector signs are not canonical. Wrapped in a jitted `f(ham, coulomb)`; the granad flake is replaced by a random symmetric 6x6 hopping matrix and a small symmetric Coulomb matrix. In float32 the 1e-8 limit is usually not reached, so both exits (converged / max_steps) are possible.
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

    return ham_eff, rho, vals


@jax.jit
def f(ham, coulomb):
    return scf_direct(ham, coulomb)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 6
    h = rng.normal(size=(n, n))
    h = (h + h.T) / 2
    u = np.abs(rng.normal(size=(n, n))) * 0.05
    u = (u + u.T) / 2
    return (h.astype(np.float32), u.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(ham, coulomb):
    N = ham.shape[0] // 2
    vals, vecs = jnp.linalg.eigh(ham)
    rho = vecs[:, :N] @ vecs[:, :N].conj().T

    def cond(s):
        steps, rho_old, rho, ham_eff, vals = s
        return (jnp.linalg.norm(rho - rho_old) >= 1e-8) & (100 > steps)

    def body(s):
        steps, rho_old, rho, ham_eff, vals = s
        rho_old = rho
        ham_eff = ham + 2 * jnp.diag(coulomb @ rho.diagonal())
        vals, vecs = jnp.linalg.eigh(ham_eff)
        rho = vecs[:, :N] @ vecs[:, :N].conj().T
        return steps + 1, rho_old, rho, ham_eff, vals

    _, _, rho, ham_eff, vals = lax.while_loop(
        cond, body, (0, jnp.zeros_like(ham), rho, ham, vals))
    return ham_eff, rho, vals
