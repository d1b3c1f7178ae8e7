"""A Wishart-process model whose input validator is skipped for tracers, evaluated under jit+vmap.

source: flatironinstitute/psyphy src/psyphy/model/wppm.py (the revision with `WPPM.discriminability`, index file id 10368650461; `_validate_basis_input` is unchanged in the later stored revision @06874d1f7613751ee7c3b8bc9de6daae85e969ac) and src/psyphy/utils/math.py @6959cd78d97295e4e3d03806d73381a7daad38f2 (`chebyshev_basis`)
error: none
category: tracer-guard-and-static-config
expect: untouched
notes: `WPPM.__init__` (trimmed to the fields used), the `basis_degree`/`embedding_dim` properties, `_validate_basis_input`, `_evaluate_basis_at_point`, `_compute_sqrt`, `local_covariance`, `discriminability` and `chebyshev_basis` are verbatim (docstrings shortened). The psyphy `Model` base class and `Prior` are minimal stand-ins holding `input_dim` and `basis_degree`. `f` (a jitted, vmapped discriminability over trials, as `WPPM._forward` vmaps `predict_prob`) is written for the case. Everything that looks leaky is safe: `if jnp.any(...) or jnp.any(...)`, `float(jnp.min(x))` and the raises sit behind `if isinstance(x, jax.core.Tracer): return`; `x.ndim`/`x.shape[0]`, `self.input_dim == 2`, `"W" in params`, `basis_degree is None` and `degree == 0/1` are static; `lax.scan(..., length=degree - 1)` gets a Python int from a property.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

Params = dict[str, jnp.ndarray]
Stimulus = tuple[jnp.ndarray, jnp.ndarray]


def chebyshev_basis(x: jnp.ndarray, degree: int) -> jnp.ndarray:
    """Construct the Chebyshev polynomial basis matrix T_0..T_degree evaluated at x."""
    if degree < 0:
        raise ValueError("degree must be >= 0")
    if x.ndim != 1:
        raise ValueError("x must be 1-D (shape (N,))")

    # Ensure a floating dtype (Chebyshev recurrences are polynomial in x)
    x = x.astype(jnp.result_type(x, 0.0))

    N = x.shape[0]

    # Handle small degrees explicitly.
    if degree == 0:
        return jnp.ones((N, 1), dtype=x.dtype)
    if degree == 1:
        return jnp.stack([jnp.ones_like(x), x], axis=1)

    # Initialize T0 and T1 columns.
    T0 = jnp.ones_like(x)
    T1 = x

    # Scan to generate T2..T_degree in a JIT-friendly way (avoids Python-side loops).
    def step(carry, _):
        # compute next Chebyshev polynomial
        Tm1, Tm = carry
        Tnext = 2.0 * x * Tm - Tm1
        return (Tm, Tnext), Tnext # new carry, plus an output to collect

    # Jax friendly loop
    (final_Tm1_ignored, final_Tm_ignored), Ts = lax.scan(step, (T0, T1), xs=None, length=degree - 1)
    # Ts has shape (degree-1, N) and holds [T2, T3, ..., T_degree]
    B = jnp.concatenate(
        [T0[:, None], T1[:, None], jnp.swapaxes(Ts, 0, 1)],
        axis=1
    )
    return B


class Model:
    """Minimal stand-in for psyphy.model.base.Model."""

    def __init__(self, online_config=None, **model_kwargs):
        self.online_config = online_config


class Prior:
    """Minimal stand-in for psyphy.model.prior.Prior."""

    def __init__(self, input_dim: int, basis_degree: int | None):
        self.input_dim = input_dim
        self.basis_degree = basis_degree


class WPPM(Model):
    def __init__(
        self,
        input_dim: int,
        prior: Prior,
        task: Any = None,
        noise: Any | None = None,
        *,  # everything after here is keyword-only
        online_config: Any | None = None,
        extra_dims: int = 0,
        variance_scale: float = 1.0,
        decay_rate: float = 1.0,
        diag_term: float = 1e-6,
        **model_kwargs: Any,
    ) -> None:
        super().__init__(online_config=online_config, **model_kwargs)

        # --- core components ---
        self.input_dim = int(input_dim)  # stimulus-space dimensionality
        self.prior = prior  # prior over parameter PyTree

        if self.prior.input_dim != self.input_dim:
            raise ValueError(
                f"Dimension mismatch: Model initialized with input_dim={self.input_dim}, "
                f"but Prior expects input_dim={self.prior.input_dim}."
            )

        self.task = task  # task mapping and likelihood
        self.noise = noise  # noise model

        self.extra_dims = int(extra_dims)
        self.variance_scale = float(variance_scale)
        self.decay_rate = float(decay_rate)
        self.diag_term = float(diag_term)

    @property
    def basis_degree(self) -> int | None:
        return self.prior.basis_degree

    @property
    def embedding_dim(self) -> int:
        if self.basis_degree is None:
            raise ValueError("Basis degree must be set for embedding.")
        # Wishart mode: full perceptual space
        return self.input_dim + self.extra_dims

    def _validate_basis_input(self, x: jnp.ndarray) -> None:
        """Validate that inputs are in the expected basis domain."""

        x = jnp.asarray(x)
        if x.ndim != 1 or x.shape[0] != self.input_dim:
            raise ValueError(
                f"Expected x with shape ({self.input_dim},), got {tuple(x.shape)}"
            )

        # NOTE: This method may be called from jitted code paths.
        # Avoid Python bool/float conversions on JAX tracers.
        #
        # Strategy:
        # - If x is concrete (non-traced), do normal Python ('eager') exceptions.
        # - If x is traced (e.g., under jit/vmap), skip eager checks to
        #   remain JIT-compatible.
        # JAX tracing produces Tracer objects (not concrete values). Eager validation
        # (Python exceptions) is only safe on concrete arrays.
        if isinstance(x, jax.core.Tracer):
            return

        if jnp.any(~jnp.isfinite(x)):
            raise ValueError("Stimulus x contains NaN/Inf.")

        # Chebyshev basis expects inputs in [-1, 1].
        tol = 1e-6
        if jnp.any(x < (-1.0 - tol)) or jnp.any(x > (1.0 + tol)):
            x_min = float(jnp.min(x))
            x_max = float(jnp.max(x))
            raise ValueError(
                "Stimulus x is outside the Chebyshev domain [-1, 1]. "
                f"Observed min={x_min:g}, max={x_max:g}. "
                "Normalize your data to align with domain of basis "
                "in order to avoid unexpected behavior."
            )

    def _evaluate_basis_at_point(self, x: jnp.ndarray) -> jnp.ndarray:
        if self.basis_degree is None:
            raise ValueError(
                "Cannot evaluate basis: basis_degree is None. "
                "Set basis_degree to a valid integer."
            )

        self._validate_basis_input(x)
        x_norm = x

        if self.input_dim == 2:
            # Evaluate basis functions: \phi_ij(x) = T_i(x_1) * T_j(x_2)
            # chebyshev_basis returns (1, degree+1) for each dimension
            cheb_0 = chebyshev_basis(x_norm[0:1], degree=self.basis_degree)[
                0, :
            ]  # (degree+1,)
            cheb_1 = chebyshev_basis(x_norm[1:2], degree=self.basis_degree)[
                0, :
            ]  # (degree+1,)
            phi = cheb_0[:, None] * cheb_1[None, :]  # (degree+1, degree+1)

        elif self.input_dim == 3:
            # 3D case: \phi_ijk(x) = T_i(x_1) * T_j(x_2) * T_k(x_3)
            # phi.shape = (degree+1, degree+1, degree+1)
            cheb_0 = chebyshev_basis(x_norm[0:1], degree=self.basis_degree)[0, :]
            cheb_1 = chebyshev_basis(x_norm[1:2], degree=self.basis_degree)[0, :]
            cheb_2 = chebyshev_basis(x_norm[2:3], degree=self.basis_degree)[0, :]
            phi = cheb_0[:, None, None] * cheb_1[None, :, None] * cheb_2[None, None, :]

        else:
            raise NotImplementedError(
                f"Wishart process currently only supports 2D and 3D. Got input_dim={self.input_dim}"
            )

        return phi

    def _compute_sqrt(self, params: Params, x: jnp.ndarray) -> jnp.ndarray:
        if "W" not in params:
            raise ValueError("Cannot compute U(x): params missing 'W'. ")

        W = params["W"]
        phi = self._evaluate_basis_at_point(x)

        # Linear combination: U(x) = Σ_ij W_ij * phi_ij(x)
        # Einstein summation over basis function indices
        if self.input_dim == 2:
            U = jnp.einsum("ijde,ij->de", W, phi)
        elif self.input_dim == 3:
            U = jnp.einsum("ijkde,ijk->de", W, phi)
        else:
            raise NotImplementedError(
                f"Wishart process only supports 2D and 3D. Got input_dim={self.input_dim}"
            )

        return U

    def local_covariance(self, params: Params, x: jnp.ndarray) -> jnp.ndarray:
        # WPPM: spatially-varying covariance
        if "W" in params:
            U = self._compute_sqrt(params, x)  # (input_dim, embedding_dim)
            # Σ(x) = U(x) @ U(x)^T + diag_term * I
            # Result is (input_dim, input_dim)
            Sigma = U @ U.T + self.diag_term * jnp.eye(self.input_dim)
            return Sigma

        raise ValueError("params must contain 'W' (weights of WPPM)")

    def discriminability(self, params: Params, stimulus: Stimulus) -> jnp.ndarray:
        ref, probe = stimulus

        # Delta is in stimulus space (input_dim)
        delta = probe - ref

        # Get stimulus covariance at reference
        # (rectangular U design: already returns (input_dim, input_dim))
        Sigma = self.local_covariance(params, ref)

        # Add jitter for stable solve; diag_term is configurable
        jitter = self.diag_term * jnp.eye(self.input_dim)

        # Solve (Σ + jitter)^{-1} delta using a PD-aware solver
        x = jax.scipy.linalg.solve(Sigma + jitter, delta, assume_a="pos")
        d2 = jnp.dot(delta, x)  # quadratic form

        # Guard against tiny negative values from numerical error
        return jnp.sqrt(jnp.maximum(d2, 0.0))


MODEL = WPPM(input_dim=2, prior=Prior(input_dim=2, basis_degree=3), extra_dims=1, diag_term=1e-3)


@jax.jit
def f(W, refs, probes):
    params = {"W": W}
    return jax.vmap(lambda r, p: MODEL.discriminability(params, (r, p)))(refs, probes)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    W = (0.3 * rng.normal(size=(4, 4, 2, 3))).astype(np.float32)
    refs = rng.uniform(-0.9, 0.9, size=(6, 2)).astype(np.float32)
    probes = (refs + 0.1 * rng.normal(size=(6, 2))).astype(np.float32)
    return (W, refs, probes)


INPUTS = make_inputs
