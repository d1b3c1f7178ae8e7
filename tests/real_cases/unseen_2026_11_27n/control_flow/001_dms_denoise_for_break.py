"""Discrete Mumford-Shah denoiser: nested static for loops with a `break` on a traced residual norm.

source: code-search index file id 71089864943 (a JAX signal-processing module: `tilde_psi`, `project_jumps`,
  `lambda_ise_jax`, dataclasses `DMSParameters`/`DMSSolveResult`, classes `PreparedDMS` and `DMS`, importing
  `compute_dms` from `..computation.dms`); the index did not name the repository or path.
error: TracerBoolConversionError
category: for-break-on-traced-norm
expect: fix
notes: `tilde_psi`, `DMSParameters`, `DMSSolveResult` and `PreparedDMS._solve_optim`/`solve` are verbatim.
  `compute_dms(N)` (imported from a sibling module that the index does not hold) is replaced by a stand-in that
  builds the (N-1, N) first-difference matrix and the identity. The post-processing class `DMS` and the unused
  helpers are dropped. `f` jits a call of `PreparedDMS.solve` with static parameters and returns the result's
  (x, e) fields so the output is a pytree of arrays. The `if norm < 1e-5: ... break` inside the outer loop is the leak.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.jit
def tilde_psi(x, alpha, beta):
    a = alpha / (2.0 * beta)

    return jnp.where(
        x == 0,
        0.0,
        jnp.where(
            x <= a,
            x,
            alpha / beta * (1.0 - alpha / (4.0 * beta * x)),
        ),
    )


def compute_dms(N):
    # stand-in for ..computation.dms.compute_dms: first differences and identity
    D = jnp.eye(N - 1, N, k=1) - jnp.eye(N - 1, N)
    I = jnp.eye(N)
    return D, I


@dataclass
class DMSParameters:
    ext_iter: int
    int_iter: int
    alpha: float
    beta: float


@dataclass
class DMSSolveResult:
    x: jnp.ndarray
    e: jnp.ndarray
    parameters: DMSParameters


class PreparedDMS:
    def __init__(
        self,
        D: jnp.ndarray,
        I: jnp.ndarray,
    ):
        self.D = D
        self.I = I

    @staticmethod
    def _solve_optim(
        z,
        D,
        I,
        params,
        gamma=0.1,
    ):
        def f(x):
            return 0.5 * jnp.sum((x - z) ** 2)

        df = jax.grad(f)

        d_t_psi = jax.grad(
            lambda x: tilde_psi(
                x,
                params.alpha,
                params.beta,
            )
        )

        x = z.copy()

        def prox_grad(
            x,
            lambda_vec,
        ):
            u = x - gamma * df(x)

            LAMBDA = jnp.diag(lambda_vec)

            A = I + 2.0 * gamma * params.beta * D.T @ LAMBDA @ D

            return jnp.linalg.solve(
                A,
                u,
            )

        for _ in range(params.ext_iter):
            dx = D @ x

            lambda_vec = jax.vmap(d_t_psi)(dx**2)

            new_x = x

            for _ in range(params.int_iter):
                new_x = prox_grad(
                    new_x,
                    lambda_vec,
                )

            if jnp.linalg.norm(
                new_x - x,
                ord=2,
            ) < 10 ** (-5):
                x = new_x
                break

            x = new_x

        Dx = D @ x

        delta = params.alpha / (params.beta * (jnp.abs(Dx) ** 2))

        e = jnp.maximum(
            1.0 - delta,
            0.0,
        )

        return x, e

    def solve(
        self,
        z,
        params: DMSParameters,
    ):
        z = jnp.asarray(z)

        x, e = self._solve_optim(
            z=z,
            D=self.D,
            I=self.I,
            params=params,
        )

        return DMSSolveResult(
            x=x,
            e=e,
            parameters=params,
        )


_N = 12
_D, _I = compute_dms(_N)
_prepared = PreparedDMS(D=_D, I=_I)
_params = DMSParameters(ext_iter=12, int_iter=10, alpha=0.5, beta=1.0)


@jax.jit
def f(z):
    res = _prepared.solve(z, _params)
    return res.x, res.e
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    # piecewise-constant signal with jumps plus noise; the noise level decides whether the
    # outer loop converges (break) before ext_iter runs out
    steps = np.repeat(rng.normal(scale=2.0, size=3), 4)
    noise = rng.normal(scale=rng.choice([1e-4, 0.05, 0.5]), size=n)
    return ((steps + noise).astype(np.float32),)


INPUTS = make_inputs


def _solve_ref(z):
    D, I, params, gamma = _D, _I, _params, 0.1
    d_t_psi = jax.grad(lambda x: tilde_psi(x, params.alpha, params.beta))

    def prox_grad(x, lambda_vec):
        u = x - gamma * (x - z)
        A = I + 2.0 * gamma * params.beta * D.T @ jnp.diag(lambda_vec) @ D
        return jnp.linalg.solve(A, u)

    def outer(carry, _):
        x, done = carry
        lambda_vec = jax.vmap(d_t_psi)((D @ x) ** 2)
        new_x = x
        for _ in range(params.int_iter):
            new_x = prox_grad(new_x, lambda_vec)
        conv = jnp.linalg.norm(new_x - x, ord=2) < 10 ** (-5)
        x = jnp.where(done, x, new_x)
        return (x, done | conv), None

    (x, _), _ = jax.lax.scan(outer, (z, jnp.array(False)), None, length=params.ext_iter)
    Dx = D @ x
    delta = params.alpha / (params.beta * (jnp.abs(Dx) ** 2))
    e = jnp.maximum(1.0 - delta, 0.0)
    return x, e


@jax.jit
def reference_fix(z):
    return _solve_ref(jnp.asarray(z))
