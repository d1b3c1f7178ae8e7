"""DCC-GARCH parameter dataclass whose __post_init__ raises on data-dependent checks.

source: DCC-SGT-GARCH estimation module in the public code index (code-index file id 1228377709:
    chex dataclasses ParamsMean, ParamsUVarVol, ParamsMVarCor, ParamsDcc, ...; jitted helpers
    _calc_mat_Q, _calc_mat_Gamma, _calc_mat_Sigma, _calc_asymmetric_garch_sigma2); the index does not
    name the repository or commit.
error: TracerBoolConversionError
category: dataclass-validation-on-traced-fields
expect: report
notes: Constructing ParamsMVarCor / ParamsUVarVol inside a jitted function (as a likelihood over raw
    parameter vectors does) runs __post_init__ on tracers: `jnp.any(self.vec_delta < 0) or ...`,
    `jnp.sum(self.vec_delta) > 1`, the PSD check on eigh(mat_Qbar) and the positivity checks all
    branch in Python to decide whether to raise. There is no automatic rewrite that keeps the
    ValueErrors (they depend on data), so this should be reported (checkify / validate outside jit
    are the user's choices). chex and jaxtyping are not installed (jaxtyping is only used in
    annotations and gets a stand-in): `chex.dataclass` is replaced by a small stand-in
    (dataclass registered as a pytree). The module's logging set-up and x64 switch are dropped. The
    entry point `f` (build the two parameter objects, then one asymmetric-GARCH variance step and one
    DCC Q_t / Gamma_t step with the file's own jitted helpers) is added.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


class jpt:  # stand-in for the jaxtyping package (annotations only)
    class _Dims:
        def __getitem__(self, item):
            return jax.Array
    Float = _Dims()
    Array = jax.Array


class chex:  # stand-in for the chex package
    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(cls)
        names = [fl.name for fl in dataclasses.fields(cls)]
        return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


@chex.dataclass
class ParamsUVarVol:
    """
    Parameters for the univariate volatilities in a DCC-GARCH model
    """

    vec_omega: jpt.Float[jpt.Array, "dim"]
    vec_beta: jpt.Float[jpt.Array, "dim"]
    vec_alpha: jpt.Float[jpt.Array, "dim"]
    vec_psi: jpt.Float[jpt.Array, "dim"]

    def __post_init__(self):
        # All \omega, \beta, \alpha, \psi quantities must be
        # strictly positive
        if jnp.any(self.vec_omega < 0):
            raise ValueError("Must have positive-valued \\omega entries")

        if jnp.any(self.vec_beta < 0):
            raise ValueError("Must have positive-valued \\beta entries")

        if jnp.any(self.vec_alpha < 0):
            raise ValueError("Must have positive-valued \\alpha entries")

        if jnp.any(self.vec_psi < 0):
            raise ValueError("Must have positive-valued \\psi entries")


@chex.dataclass
class ParamsMVarCor:
    """
    Parameters for the multivariate Q_t process in a DCC-GARCH model
    """

    vec_delta: jpt.Float[jpt.Array, "2"]
    mat_Qbar: jpt.Float[jpt.Array, "dim dim"]

    def __post_init__(self):
        # Check constraints on \delta
        if jnp.size(self.vec_delta) != 2:
            raise ValueError("\\delta must have exactly two elements")

        if jnp.any(self.vec_delta < 0) or jnp.any(self.vec_delta > 1):
            raise ValueError("All \\delta parameter entries must be in (0,1)")

        if jnp.sum(self.vec_delta) > 1:
            raise ValueError(
                "Sum of \\delta[0] + \\delta[1] must be strictly less than 1"
            )

        # Check constraints on \bar{Q}
        eigvals, _ = jnp.linalg.eigh(self.mat_Qbar)
        if jnp.any(eigvals < 0):
            raise ValueError("\\bar{Q} must be PSD")


@jax.jit
def _calc_mat_Q(
    vec_delta: jpt.Float[jpt.Array, "dim"],
    vec_u_t_minus_1: jpt.Float[jpt.Array, "dim"],
    mat_Q_t_minus_1: jpt.Float[jpt.Array, "dim dim"],
    mat_Qbar: jpt.Float[jpt.Array, "dim dim"],
) -> jpt.Float[jpt.Array, "dim dim"]:
    """
    Return the Q_t matrix of the DCC model
    """
    mat_Q_t = (
        (1 - vec_delta[0] - vec_delta[1]) * mat_Qbar
        + vec_delta[0] * (jnp.outer(vec_u_t_minus_1, vec_u_t_minus_1))
        + vec_delta[1] * mat_Q_t_minus_1
    )
    return mat_Q_t


@jax.jit
def _calc_mat_Gamma(
    mat_Q: jpt.Float[jpt.Array, "dim dim"]
) -> jpt.Float[jpt.Array, "dim dim"]:
    """
    Return the \\Gamma_t matrix of the DCC model
    """
    mat_Qstar_inv_sqrt = jnp.diag(jnp.diag(mat_Q) ** (-1 / 2))
    mat_Gamma = mat_Qstar_inv_sqrt @ mat_Q @ mat_Qstar_inv_sqrt

    return mat_Gamma


@jax.jit
def _calc_asymmetric_garch_sigma2(
    vec_sigma_t_minus_1: jpt.Float[jpt.Array, "dim"],
    vec_epsilon_t_minus_1: jpt.Float[jpt.Array, "dim"],
    vec_omega: jpt.Float[jpt.Array, "dim"],
    vec_beta: jpt.Float[jpt.Array, "dim"],
    vec_alpha: jpt.Float[jpt.Array, "dim"],
    vec_psi: jpt.Float[jpt.Array, "dim"],
) -> jpt.Float[jpt.Array, "dim"]:
    """
    Compute \\sigma_{i,t}^2 of the asymmetric-GARCH(1,1) model
    """
    vec_sigma2_t = (
        vec_omega
        + vec_beta * vec_sigma_t_minus_1**2
        + vec_alpha * vec_epsilon_t_minus_1**2
        + vec_psi * vec_epsilon_t_minus_1**2 * (vec_epsilon_t_minus_1 < 0)
    )
    return vec_sigma2_t


def dcc_one_step(vec_uvar, vec_delta, mat_Qbar, vec_sigma_prev, vec_epsilon_prev, vec_u_prev, mat_Q_prev):
    uvar_vol = ParamsUVarVol(
        vec_omega=vec_uvar[0], vec_beta=vec_uvar[1], vec_alpha=vec_uvar[2], vec_psi=vec_uvar[3]
    )
    mvar_cor = ParamsMVarCor(vec_delta=vec_delta, mat_Qbar=mat_Qbar)
    vec_sigma2_t = _calc_asymmetric_garch_sigma2(
        vec_sigma_t_minus_1=vec_sigma_prev,
        vec_epsilon_t_minus_1=vec_epsilon_prev,
        vec_omega=uvar_vol.vec_omega,
        vec_beta=uvar_vol.vec_beta,
        vec_alpha=uvar_vol.vec_alpha,
        vec_psi=uvar_vol.vec_psi,
    )
    mat_Q_t = _calc_mat_Q(
        vec_delta=mvar_cor.vec_delta,
        vec_u_t_minus_1=vec_u_prev,
        mat_Q_t_minus_1=mat_Q_prev,
        mat_Qbar=mvar_cor.mat_Qbar,
    )
    return jnp.sqrt(vec_sigma2_t), _calc_mat_Gamma(mat_Q=mat_Q_t)


f = jax.jit(dcc_one_step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    dim = 3
    vec_uvar = rng.uniform(0.01, 0.3, size=(4, dim)).astype(np.float32)
    vec_delta = np.array([rng.uniform(0.01, 0.2), rng.uniform(0.5, 0.75)], np.float32)
    a = rng.normal(size=(dim, dim)).astype(np.float32) * 0.5
    mat_Qbar = (a.T @ a + np.eye(dim, dtype=np.float32)).astype(np.float32)
    return (
        vec_uvar, vec_delta, mat_Qbar,
        rng.uniform(0.5, 1.5, size=(dim,)).astype(np.float32),
        rng.normal(size=(dim,)).astype(np.float32),
        rng.normal(size=(dim,)).astype(np.float32),
        mat_Qbar.copy(),
    )


INPUTS = make_inputs
