"""Look-alike: a jitted objective takes `num_kpts: int` as an ordinary (traced) argument, but only divides by it.

source: quantumlib/OpenFermion src/openfermion/resource_estimates/pbc/thc/factorizations/thc_jax.py at 0c3c528798147d3c6eaf8602fd100e55b0799526 (compute_objective_batched, @jax.jit, called from thc_objective_regularized_batched with num_kpts positional)
error: none
category: negative-int-named-arg-arithmetic-only
expect: untouched
notes: function body as stored (docstring shortened); f is the jitted function itself. num_kpts
  looks like a static size and is annotated int, but it is only used arithmetically, so it is
  fine as a tracer; making it static, adding int() or touching anything else is unnecessary.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Tuple

import jax
import jax.numpy as jnp
import jax.typing as jnpt


@jax.jit
def compute_objective_batched(
    chis: Tuple[jnpt.ArrayLike, jnpt.ArrayLike, jnpt.ArrayLike, jnpt.ArrayLike],
    zetas: jnpt.ArrayLike,
    chols: Tuple[jnpt.ArrayLike, jnpt.ArrayLike],
    norm_factors: Tuple[jnpt.ArrayLike, jnpt.ArrayLike, jnpt.ArrayLike, jnpt.ArrayLike],
    num_kpts: int,
    penalty_param: float = 0.0,
) -> float:
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
    return res


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
    return (chis, zetas, chols, norm_factors, int(rng.integers(1, 4)), float(rng.uniform(0.0, 1.0)))


INPUTS = make_inputs
