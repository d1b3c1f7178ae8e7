"""ormatex's Arnoldi inner step: `if k+1 < n and norm_v > breakdown_tol` and an early `return` on a traced norm.

source: code-index file id 27329153139 (module docstring "Arnoldi impl", imports `ormatex_py.ode_sys.LinOp`; the
  ormatex_py exponential-integrator package; the index does not name the repository/commit) -- arnoldi_mgs_lop,
  which carries `# TODO: jit this` above a commented-out `#@partial(jax.jit, static_argnums=(4,5,6,))`.
error: TracerBoolConversionError
category: if-return-on-traced-scalar
expect: fix
notes: arnoldi_mgs_lop verbatim. `from ormatex_py.ode_sys import LinOp` replaced by a stand-in class (LinOp is
  only used as a type annotation) and a fixed diagonal linear operator `_diag_lo` standing in for the ODE
  Jacobian operator. Entry point: the author's commented-out jit (static k, n, iom) applied with the operator
  bound by functools.partial, so the static positions shift to (3, 4, 5). Inputs: half the trials make column
  k of qs a unit basis vector, so the residual is exactly zero and the "happy breakdown" branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
import jax
from jax import numpy as jnp


class LinOp:  # stand-in for ormatex_py.ode_sys.LinOp (annotation only)
    pass


_DIAG = jnp.array([1.0, 2.0, 0.5, 3.0, 1.5, 0.25])


def _diag_lo(v):
    return _DIAG * v


# inner ortho procedure, modifies hs and qs in-place
# TODO: jit this
#@partial(jax.jit, static_argnums=(4,5,6,))
def arnoldi_mgs_lop(a_lo: LinOp, hs: jax.Array, qs: jax.Array,
             a_scale: float, k: int, n: int, iom: int) -> bool:
    """
    TODO: The linear operator, a_lo, must be jit-able!

    Args:
        a_lo: linear operator
        hs: hessenberg
        qs: orthonormal basis of krylov subspace

    Return:
        bool. true if happy breakdown
    """
    breakdown_tol = 1e-12
    iom_depth = max(k - iom, 0)

    # current vector to ortho against
    q_col = qs[:, k]

    # matvec
    qv = a_lo(q_col) * a_scale
    # TODO: re-enable
    # qv = m_lo(qv)

    # incomplete ortho
    for i in range(iom_depth, k+1):
        qci = qs[:, i]
        ht = jnp.dot(qv, qci)
        hs = hs.at[i, k].set(ht)
        # this makes a copy of qv I think?
        qv -= qci * ht

    norm_v = jnp.linalg.norm(qv, 2)
    if k+1 < n:
        hs = hs.at[k+1, k].set(norm_v)

    if k+1 < n and norm_v > breakdown_tol:
        qv *= 1./norm_v
        qs = qs.at[:, k+1].set(qv)

    if norm_v <= breakdown_tol:
        return hs, qs, True
    return hs, qs, False


f = jax.jit(partial(arnoldi_mgs_lop, _diag_lo), static_argnums=(3, 4, 5))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m = 4
    k = int(rng.integers(0, 3))
    hs = np.zeros((m, m), np.float32)
    qs = rng.normal(size=(6, m)).astype(np.float32)
    if rng.random() < 0.5:
        qs[:, k] = 0.0
        qs[int(rng.integers(0, 6)), k] = 1.0  # A e_j = d_j e_j: residual exactly zero -> breakdown
    a_scale = np.float32(rng.choice([0.5, 1.0, 2.0, 4.0]))  # exact products keep the zero residual exact
    return (hs, qs, a_scale, k, m, 2)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(3, 4, 5))
def reference_fix(hs, qs, a_scale, k, n, iom):
    breakdown_tol = 1e-12
    iom_depth = max(k - iom, 0)
    q_col = qs[:, k]
    qv = _diag_lo(q_col) * a_scale
    for i in range(iom_depth, k + 1):
        qci = qs[:, i]
        ht = jnp.dot(qv, qci)
        hs = hs.at[i, k].set(ht)
        qv -= qci * ht
    norm_v = jnp.linalg.norm(qv, 2)
    if k + 1 < n:
        hs = hs.at[k + 1, k].set(norm_v)
        ok = norm_v > breakdown_tol
        qs = qs.at[:, k + 1].set(jnp.where(ok, qv * (1. / norm_v), qs[:, k + 1]))
    return hs, qs, norm_v <= breakdown_tol
