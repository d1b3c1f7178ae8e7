"""A jitted THC objective casts its result with float() before returning it.

source: quantumlib/OpenFermion pull request #1396 ("Fix type casting error in thc_jax.py": compute_objective_batched in src/openfermion/resource_estimates/pbc/thc/factorizations/thc_jax.py, decorated with @jax.jit, "did a `float()` cast on the value it was to return ... Calling `float()` on a `Tracer` object causes a `jax.errors.ConcretizationTypeError`"; the PR replaced it with typing.cast)
error: ConcretizationTypeError
category: float-on-tracer
expect: fix
notes: body of compute_objective_batched as stored at quantumlib/OpenFermion 0c3c528798147d3c6eaf8602fd100e55b0799526
  (docstring and type hints trimmed), with the `float(...)` return the PR describes restored. Its
  arguments are tuples of arrays (chis, chols, norm_factors), as the batched caller passes them;
  num_kpts is passed as a plain int and is traced (harmless: it only divides). Tiny complex shapes.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def compute_objective_batched(chis, zetas, chols, norm_factors, num_kpts, penalty_param=0.0):
    """Compute THC objective function.

    Batches evaluation over kpts.
    """
    eri_thc = jnp.einsum(
        "Jpm,Jqm,Jmn,Jrn,Jsn->Jpqrs",
        chis[0].conj(),
        chis[1],
        zetas,
        chis[2].conj(),
        chis[3],
        optimize=True,
    )
    eri_ref = jnp.einsum("Jnpq,Jnrs->Jpqrs", chols[0], chols[1], optimize=True)
    deri = (eri_thc - eri_ref) / num_kpts
    norm_left = norm_factors[0] * norm_factors[1]
    norm_right = norm_factors[2] * norm_factors[3]
    mpq_normalized = (
        jnp.einsum("JP,JPQ,JQ->JPQ", norm_left, zetas, norm_right, optimize=True) / num_kpts
    )

    lambda_z = jnp.sum(jnp.einsum("jpq->j", 0.5 * jnp.abs(mpq_normalized)) ** 2.0)

    res = 0.5 * jnp.sum((jnp.abs(deri)) ** 2) + penalty_param * lambda_z
    return float(res)


f = compute_objective_batched
# --- end user code ---

import numpy as np

_J, _NORB, _NTHC, _NCHOL = 2, 3, 4, 5


def _c(rng, *shape):
    return (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(np.complex64)


def make_inputs(rng):
    chis = tuple(_c(rng, _J, _NORB, _NTHC) for _ in range(4))
    zetas = _c(rng, _J, _NTHC, _NTHC)
    chols = (_c(rng, _J, _NCHOL, _NORB, _NORB), _c(rng, _J, _NCHOL, _NORB, _NORB))
    norm_factors = tuple(rng.uniform(0.5, 1.5, size=(_J, _NTHC)).astype(np.float32) for _ in range(4))
    return (chis, zetas, chols, norm_factors, 2, float(rng.uniform(0.0, 1.0)))


INPUTS = make_inputs


@jax.jit
def reference_fix(chis, zetas, chols, norm_factors, num_kpts, penalty_param=0.0):
    eri_thc = jnp.einsum("Jpm,Jqm,Jmn,Jrn,Jsn->Jpqrs", chis[0].conj(), chis[1], zetas,
                         chis[2].conj(), chis[3], optimize=True)
    eri_ref = jnp.einsum("Jnpq,Jnrs->Jpqrs", chols[0], chols[1], optimize=True)
    deri = (eri_thc - eri_ref) / num_kpts
    norm_left = norm_factors[0] * norm_factors[1]
    norm_right = norm_factors[2] * norm_factors[3]
    mpq = jnp.einsum("JP,JPQ,JQ->JPQ", norm_left, zetas, norm_right, optimize=True) / num_kpts
    lambda_z = jnp.sum(jnp.einsum("jpq->j", 0.5 * jnp.abs(mpq)) ** 2.0)
    return 0.5 * jnp.sum((jnp.abs(deri)) ** 2) + penalty_param * lambda_z
