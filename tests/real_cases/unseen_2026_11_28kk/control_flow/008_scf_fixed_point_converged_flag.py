"""SCF fixed-point iteration: `not loop==max_cycle` on the while_loop's traced counter.

source: early revision of a JAX periodic LCAO Hartree-Fock/DFT package's SCF module (code-index file id
    39255452127, `fixed_point(v_ovlp, Hcore, dm_init, hartree_fn, exchange_correlation_fn, density_matrix_fn,
    energy_fn, tol=1e-7, max_cycle=100)` with a `diis()` stub). A later revision of the same module
    (id 21438499343, `make_scf(...)` "Make SCF function for 'hqc.pbc.lcao'") keeps the same
    lax.while_loop and replaces the last line with `converged = jnp.logical_not(loop==max_cycle)`.
    The index does not name the repository.
error: TracerBoolConversionError
category: bool-not-on-traced-loop-result
expect: fix
notes: The loop is already a lax.while_loop; the leak is the Python `not` applied to the traced
    `loop==max_cycle` after it. Adapted: the stored revision's body refers to an undefined `v` in the
    two lines that rotate the Fock matrix (`v.T.conjugate()`, `jnp.dot(v, c1)`), a NameError at trace
    time; the later revision spells it `v_ovlp`, and so does this case. Entry point `f = jax.jit(...)`
    with the callables, `tol` and `max_cycle` static. `jnp.empty_like(..., dtype=jnp.float64)` is kept
    (float32 without x64). The toy closed-shell Hamiltonian (random core Hamiltonian, random symmetric
    ERI tensor, 2 occupied orbitals) lives outside the user section.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np
import jax.numpy as jnp

def fixed_point(v_ovlp, Hcore, dm_init,
                hartree_fn, exchange_correlation_fn, density_matrix_fn, energy_fn, 
                tol=1e-7, max_cycle=100):
    """
        Fixed point iteration for SCF.
        Input:
            v_ovlp: array of shape (n_ao, n_ao), orthonormal matrix of overlap matrix S
                V^{\dagger}SV = I
            Hcore: array of shape (n_ao, n_ao), core Hamiltonian matrix
                Hcore = T + V
            dm_init: array of shape (n_ao, n_ao), initial guess of density matrix
            hartree_fn: function to compute coulomb repulsion between electrons (Hartree term)
                J = hartree_fn(dm), where dm and J has shape (n_ao, n_ao)
            exchange_correlation_fn: function to compute exchange-correlation energy
                Vxc = exchange_correlation_fn(dm), where dm and Vxc has shape (n_ao, n_ao)
                for Hartree-Fock, Vxc = -0.5*K, for DFT, Vxc = Vxc
                F = Hcore + J + Vxc
            density_matrix_fn: function to compute density matrix
                dm = density_matrix_fn(mo_coeff, w1), where mo_coeff has shape (n_ao, n_mo)
                and w1 has shape (n_mo,), dm has shape (n_ao, n_ao)
            energy_fn: function to compute energy
                energy = energy_fn(dm, J, Vxc)
            tol: float, tolerance
            max_iter: int, maximum number of iterations
        Output:

    """
    mo_coeff_init = jnp.empty_like(dm_init)
    w_init = jnp.empty_like(dm_init[0], dtype=jnp.float64)

    def body_fun(carry):
        _, E, _, dm, _, loop = carry

        # hartree and exchange-correlation term
        J = hartree_fn(dm)
        Vxc = exchange_correlation_fn(dm)

        # energy
        E_new = energy_fn(dm, Hcore, J, Vxc)

        # Fock matrix
        F = Hcore + J + Vxc

        # diagonalization
        f1 = jnp.einsum('pq,qr,rs->ps', v_ovlp.T.conjugate(), F, v_ovlp)
        w1, c1 = jnp.linalg.eigh(f1)

        # molecular orbitals and density matrix
        mo_coeff = jnp.dot(v_ovlp, c1) # (n_ao, n_mo)
        dm = density_matrix_fn(mo_coeff, w1) # (n_ao, n_ao)

        # ======================= debug =======================
        # jax.debug.print("fp loop: {x}", x=loop)
        # jax.debug.print("E:{x}, E_new:{y}", x=E, y=E_new)
        # =====================================================

        return E, E_new, mo_coeff, dm, w1, loop+1
    
    def cond_fun(carry):
        return (abs(carry[1] - carry[0]) > tol) * (carry[5] < max_cycle)
        
    _, E, mo_coeff, dm, w1, loop = jax.lax.while_loop(cond_fun, body_fun, (0., 1., mo_coeff_init, dm_init, w_init, 0))
    converged = not loop==max_cycle

    return mo_coeff, w1, E, converged


f = jax.jit(fixed_point, static_argnums=(3, 4, 5, 6, 7, 8))
# --- end user code ---

import warnings

warnings.filterwarnings("ignore", message=".*float64.*")

_N_AO = 4
_N_OCC = 2


def _make_model(rng):
    # orthonormaliser V = S^{-1/2} of a random overlap matrix
    A = rng.normal(scale=0.15, size=(_N_AO, _N_AO))
    S = np.eye(_N_AO) + 0.5 * (A + A.T)
    s, U = np.linalg.eigh(S)
    v_ovlp = (U / np.sqrt(s)) @ U.T
    H = rng.normal(size=(_N_AO, _N_AO))
    Hcore = 0.5 * (H + H.T) - 2.0 * np.eye(_N_AO)
    # symmetric two-electron tensor (pq|rs)
    B = rng.normal(scale=0.1, size=(_N_AO, _N_AO, _N_AO, _N_AO))
    eri = B + B.transpose(1, 0, 2, 3)
    eri = eri + eri.transpose(0, 1, 3, 2)
    eri = eri + eri.transpose(2, 3, 0, 1)
    eri = jnp.asarray(eri.astype(np.float32))

    def hartree_fn(dm):
        return jnp.einsum('pqrs,rs->pq', eri, dm)

    def exchange_correlation_fn(dm):
        return -0.5 * jnp.einsum('prqs,rs->pq', eri, dm)

    def density_matrix_fn(mo_coeff, w1):
        c = mo_coeff[:, :_N_OCC]
        return 2.0 * c @ c.T

    def energy_fn(dm, Hcore, J, Vxc):
        return 0.5 * jnp.einsum('pq,qp', 2 * Hcore + J + Vxc, dm)

    return (v_ovlp.astype(np.float32), Hcore.astype(np.float32),
            hartree_fn, exchange_correlation_fn, density_matrix_fn, energy_fn)


def make_inputs(rng):
    v_ovlp, Hcore, hfn, xcfn, dmfn, efn = _make_model(rng)
    dm_init = np.zeros((_N_AO, _N_AO), np.float32)
    # loose tolerance (converges, converged=True) or a tiny cycle budget (converged=False)
    if rng.random() < 0.5:
        tol, max_cycle = 1e-3, 60
    else:
        tol, max_cycle = 1e-7, int(rng.integers(2, 5))
    return (v_ovlp, Hcore, dm_init, hfn, xcfn, dmfn, efn, tol, max_cycle)


INPUTS = make_inputs


def _fixed_point_fixed(v_ovlp, Hcore, dm_init, hartree_fn, exchange_correlation_fn,
                       density_matrix_fn, energy_fn, tol=1e-7, max_cycle=100):
    mo_coeff_init = jnp.empty_like(dm_init)
    w_init = jnp.empty_like(dm_init[0], dtype=jnp.float32)

    def body_fun(carry):
        _, E, _, dm, _, loop = carry
        J = hartree_fn(dm)
        Vxc = exchange_correlation_fn(dm)
        E_new = energy_fn(dm, Hcore, J, Vxc)
        F = Hcore + J + Vxc
        f1 = jnp.einsum('pq,qr,rs->ps', v_ovlp.T.conjugate(), F, v_ovlp)
        w1, c1 = jnp.linalg.eigh(f1)
        mo_coeff = jnp.dot(v_ovlp, c1)
        dm = density_matrix_fn(mo_coeff, w1)
        return E, E_new, mo_coeff, dm, w1, loop + 1

    def cond_fun(carry):
        return (abs(carry[1] - carry[0]) > tol) * (carry[5] < max_cycle)

    _, E, mo_coeff, dm, w1, loop = jax.lax.while_loop(
        cond_fun, body_fun, (0., 1., mo_coeff_init, dm_init, w_init, 0))
    converged = jnp.logical_not(loop == max_cycle)
    return mo_coeff, w1, E, converged


reference_fix = jax.jit(_fixed_point_fixed, static_argnums=(3, 4, 5, 6, 7, 8))
