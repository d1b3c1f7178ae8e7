"""CBOED's QuasiOptimality diagnostics: float()/int() of traced spectra and truth tests in a list filter.

source: mohamed495/CBOED src/cboed/bounds/quasi_optimality.py at f4d058135d132f81a4faaf9e27b5ca40a9caed14 (code-index file id 55663758189; QuasiOptimality.suboptimality / crossover / total_gap / effective_rank, generalized_eigenvalues, quasi_optimality)
error: ConcretizationTypeError
category: float-int-of-tracer
expect: fix
notes: The class, generalized_eigenvalues and quasi_optimality are verbatim (the module docstring and the
  long method docstrings are kept). `cboed.bounds.base.DiagnosticMatrices` is replaced by a NamedTuple
  stand-in with the four fields the module reads, and jaxtyping/beartype (not installed) by no-op stand-ins
  so that the annotations and decorators stay as written. In the project the methods are called eagerly on
  the jitted quasi_optimality result; the entry point `f` jits a report that calls all of them (n_sensors
  static), which is where `float(...)` (total_gap, suboptimality), `if total <= 0` / `int(...)`
  (effective_rank) and `[m for m, d in gaps if d > 0]` / `crossings[0] if crossings else p` (crossover)
  need concrete values. Some trials use identity matrices so that the total gap is exactly 0 (the
  `return 0` branch and the "no crossing, return p" branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import Array


class _Float:  # stand-in for jaxtyping.Float (not installed here)
    def __class_getitem__(cls, item):
        return Array


Float = _Float
beartype = None


def jaxtyped(typechecker=None):  # stand-in for jaxtyping.jaxtyped
    return lambda fn: fn


class DiagnosticMatrices(NamedTuple):  # stand-in for cboed.bounds.base.DiagnosticMatrices
    Sigma_Y: Array
    Sigma_Y_given_theta: Array
    Sigma_signal: Array
    Sigma_noise: Array


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class QuasiOptimality:
    """The spectrum of the gap and what it costs -- Prop. 1.

    Attributes
    ----------
    alpha : Float[Array, " n_obs"]
        Eigenvalues of ``(Sigma_Y, Sigma_signal)``, **decreasing**, ``>= 1``.
    beta : Float[Array, " n_obs"]
        Eigenvalues of ``(Sigma_Y_given_theta, Sigma_noise)``, decreasing,
        ``>= 1``. Identically 1 in the standard setting: both matrices equal
        ``Sigma_obs`` there.
    """

    alpha: Float[Array, " n_obs"]
    """Eigenvalues of ``(Sigma_Y, Sigma_signal)``, **decreasing**. ``>= 1``."""

    beta: Float[Array, " n_obs"]
    """Eigenvalues of ``(Sigma_Y_given_theta, Sigma_noise)``, decreasing. ``>= 1``.

    Identically 1 in the standard setting: both matrices equal ``Sigma_obs``
    there.
    """

    def suboptimality(self, n_sensors: int, strategy: str = "incremental") -> float:
        """Compute the bound on ``max_W EIG(W) - EIG(W_greedy)`` -- eq. (22)/(23).

        Parameters
        ----------
        n_sensors : int
            Budget ``m``.
        strategy : {"incremental", "conservative"}
            Incremental: sum of the **first** ``m`` (the largest).
            Conservative: sum of the **first** ``d - m``.

        Returns
        -------
        float
            The suboptimality constant: an upper bound on
            ``max_W EIG(W) - EIG(W_greedy)`` for the chosen strategy at
            budget ``m = n_sensors``.

        Raises
        ------
        ValueError
            If ``strategy`` is neither ``"incremental"`` nor ``"conservative"``.

        Notes
        -----
        The constant **grows with m** in the incremental strategy and
        **shrinks** in the conservative one. Small budget -> incremental;
        large budget -> conservative. Complementary, not competing.
        """
        terms = 0.5 * (jnp.log(self.alpha) + jnp.log(self.beta))
        if strategy == "incremental":
            return float(jnp.sum(terms[:n_sensors]))
        if strategy == "conservative":
            n_tail = self.alpha.shape[0] - n_sensors
            return float(jnp.sum(terms[:n_tail]))
        raise ValueError(f"strategy must be incremental|conservative, got {strategy}")

    def crossover(self) -> int:
        """Find the first budget at which the conservative bound becomes tighter.

        The constants in equations (22) and (23) are monotone in opposite
        directions. This method returns the first ``m`` for which the
        conservative bound is smaller than the incremental bound; if that
        never happens, it returns ``p``.

        Returns
        -------
        int
            First budget ``m`` in ``[1, p)`` with
            ``suboptimality(m, "conservative") < suboptimality(m, "incremental")``,
            or ``p = n_obs`` if no such ``m`` exists.
        """
        p = self.alpha.shape[0]
        gaps = [
            (m, self.suboptimality(m, "incremental") - self.suboptimality(m, "conservative"))
            for m in range(1, p)
        ]
        crossings = [m for m, d in gaps if d > 0]
        return crossings[0] if crossings else p

    @property
    def total_gap(self) -> float:
        """Compute ``gap(I_p) = ½ sum (ln alpha_i + ln beta_i)``, the gap at the full design.

        Returns
        -------
        float
            Total spectral gap.

        Notes
        -----
        Oracle: must equal ``incremental_bounds(diagnostics, None).gap``,
        computed via ``slogdet`` calls that diagonalize nothing.
        """
        return float(0.5 * jnp.sum(jnp.log(self.alpha) + jnp.log(self.beta)))

    @property
    def effective_rank(self) -> int:
        """Compute the minimal number of spectral contributions explaining 90% of the total gap.

        Returns
        -------
        int
            Smallest ``k`` such that the ``k`` largest spectral contributions
            ``t_i = (ln alpha_i + ln beta_i) / 2`` sum to at least 90% of
            :attr:`total_gap`; ``0`` if the total gap is non-positive.

        Notes
        -----
        This is a spectral concentration indicator: a low value means the
        gap is dominated by a small number of modes.
        """
        terms = 0.5 * (jnp.log(self.alpha) + jnp.log(self.beta))
        total = jnp.sum(terms)
        if total <= 0:
            return 0
        return int(jnp.searchsorted(jnp.cumsum(terms) / total, 0.9) + 1)


@jax.jit
@jaxtyped(typechecker=beartype)
def generalized_eigenvalues(
    A: Float[Array, "n_obs n_obs"],
    B: Float[Array, "n_obs n_obs"],
) -> Float[Array, " n_obs"]:
    r"""Compute the eigenvalues of the generalized problem ``A u = alpha B u``.

    Parameters
    ----------
    A : Float[Array, "n_obs n_obs"]
        Symmetric matrix.
    B : Float[Array, "n_obs n_obs"]
        Symmetric positive-definite matrix.

    Returns
    -------
    Float[Array, " n_obs"]
        Generalized eigenvalues ``alpha_i``, **decreasing**.

    Notes
    -----
    Via Cholesky of ``B`` then ``eigvalsh`` of ``L^{-1} A L^{-T}``: JAX has no
    generalized ``eigh``, and forming ``B^{-1}A`` would destroy both the
    symmetry **and** the conditioning.
    """
    L = jsp.linalg.cho_factor(B, lower=True)[0]
    L = jnp.tril(L)
    X = jsp.linalg.solve_triangular(L, A, lower=True)
    C = jsp.linalg.solve_triangular(L, X.T, lower=True).T
    return jnp.flip(jnp.linalg.eigvalsh(0.5 * (C + C.T)))


@jax.jit
@jaxtyped(typechecker=beartype)
def quasi_optimality(diagnostics: DiagnosticMatrices) -> QuasiOptimality:
    """Compute the spectrum of the gap -- Prop. 1.

    Parameters
    ----------
    diagnostics : DiagnosticMatrices
        The four diagnostic matrices ``Sigma_Y``, ``Sigma_Y_given_theta``,
        ``Sigma_signal``, ``Sigma_noise``.

    Returns
    -------
    QuasiOptimality
        The generalized eigenvalues ``alpha`` of ``(Sigma_Y, Sigma_signal)``
        and ``beta`` of ``(Sigma_Y_given_theta, Sigma_noise)``.

    Notes
    -----
    ``eigvalsh`` on dense ``p x p`` matrices: this is a **diagnostic**, not
    a production path. The bounds and the greedy algorithm never need it --
    they go through Cholesky and Schur complements instead.
    """
    return QuasiOptimality(
        alpha=generalized_eigenvalues(diagnostics.Sigma_Y, diagnostics.Sigma_signal),
        beta=generalized_eigenvalues(diagnostics.Sigma_Y_given_theta, diagnostics.Sigma_noise),
    )


def gap_report(Sigma_Y, Sigma_Y_given_theta, Sigma_signal, Sigma_noise, n_sensors):
    q = quasi_optimality(DiagnosticMatrices(Sigma_Y, Sigma_Y_given_theta, Sigma_signal, Sigma_noise))
    return (
        q.total_gap,
        q.suboptimality(n_sensors, "incremental"),
        q.suboptimality(n_sensors, "conservative"),
        q.effective_rank,
        q.crossover(),
    )


f = jax.jit(gap_report, static_argnums=(4,))
# --- end user code ---

from functools import partial

import numpy as np

P = 5


def make_inputs(rng):
    if rng.uniform() < 0.25:
        eye = np.eye(P, dtype=np.float32)
        return (eye.copy(), eye.copy(), eye.copy(), eye.copy(), 2)
    a = rng.normal(size=(P, P))
    b = rng.normal(size=(P, 2))
    c = rng.normal(size=(P, P))
    sigma_signal = a @ a.T + 0.5 * np.eye(P)
    sigma_obs = 0.3 * (c @ c.T) + 0.2 * np.eye(P)
    sigma_y = sigma_signal + sigma_obs
    if rng.uniform() < 0.5:
        # standard setting: Sigma_Y|theta == Sigma_noise == Sigma_obs, beta == 1
        sigma_y_theta = sigma_obs.copy()
    else:
        sigma_y_theta = sigma_obs + b @ b.T
    n_sensors = 2
    return tuple(m.astype(np.float32) for m in (sigma_y, sigma_y_theta, sigma_signal, sigma_obs)) + (n_sensors,)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(4,))
def reference_fix(Sigma_Y, Sigma_Y_given_theta, Sigma_signal, Sigma_noise, n_sensors):
    alpha = generalized_eigenvalues(Sigma_Y, Sigma_signal)
    beta = generalized_eigenvalues(Sigma_Y_given_theta, Sigma_noise)
    p = alpha.shape[0]
    terms = 0.5 * (jnp.log(alpha) + jnp.log(beta))
    total_gap = 0.5 * jnp.sum(jnp.log(alpha) + jnp.log(beta))
    incremental = jnp.sum(terms[:n_sensors])
    conservative = jnp.sum(terms[:p - n_sensors])
    total = jnp.sum(terms)
    eff = jnp.where(total <= 0, 0, jnp.searchsorted(jnp.cumsum(terms) / total, 0.9) + 1)
    ds = jnp.stack([jnp.sum(terms[:m]) - jnp.sum(terms[:p - m]) for m in range(1, p)])
    hit = ds > 0
    cross = jnp.where(jnp.any(hit), jnp.argmax(hit) + 1, p)
    return total_gap, incremental, conservative, eff, cross
