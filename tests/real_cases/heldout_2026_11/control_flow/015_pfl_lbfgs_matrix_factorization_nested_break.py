"""pfl-research's JAX matrix-factorization L-BFGS: nested for loops, inner `if ... or ...: / elif ...: break`, `return` inside the outer loop.

source: apple/pfl-research tests/privacy/test_ftrl_mechanism.py at 8d61be4441c437537e97192a258a65fdf930a192 (TestMatrixFactorization.jax_matrix_factorization, "Adapted from Google's original implementation" google-research/federated multi_epoch_dp_matrix_factorization/multiple_participations/primal_optimization.py)
error: TracerBoolConversionError
category: nested-for-break-return
expect: fix
notes: the staticmethod body verbatim as a module-level function, jitted. The test enables jax_enable_x64 globally, which a case file cannot do, so this runs in float32; to keep float32 away from its precision floor the workload A is a lower-triangular matrix with random weights in [0.2, 0.5] instead of np.tri (with np.tri-sized entries the line search stalls at float32 resolution and eager and jitted runs drift apart). Inner line search: `if isnan(loss) or isnan(dX)` quarters the step (taken in some trials), `elif loss < loss1` records the loss and breaks; the outer loop returns as soon as the projected gradient is small, and otherwise falls through to `return np.asarray(X)` (itself a tracer leak under jit) after 1000 iterations.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.scipy as jsp
import numpy as np


def jax_matrix_factorization(A, mask):
    n = len(A)
    A = jnp.asarray(A)

    def project_update(dX):
        dX = dX.at[jnp.diag_indices(n)].set(0)
        return dX * mask

    def loss_and_gradient(X):
        H = jsp.linalg.solve(X, A.T, assume_a='pos')
        return jnp.trace(H @ A), project_update(-H @ H.T)

    def lbfgs_direction(X, dX, X1, dX1):
        S = X - X1
        Y = dX - dX1
        rho = 1.0 / jnp.sum(Y * S)
        alpha = rho * jnp.sum(S * dX)
        gamma = jnp.sum(S * Y) / jnp.sum(Y**2)
        Z = gamma * (dX - rho * jnp.sum(S * dX) * Y)
        beta = rho * jnp.sum(Y * Z)
        Z = Z + S * (alpha - beta)
        return Z

    X = jnp.eye(n)
    loss, dX = loss_and_gradient(X)
    X1 = X  # X at previous iteration
    dX1 = dX  # dX at previous iteration
    loss1 = loss  # Loss at previous iteration
    Z = dX  # The negative search direction (different from dX in general)
    for _ in range(1000):
        step_size = 1.0
        for _ in range(30):
            X = X1 - step_size * Z
            loss, dX = loss_and_gradient(X)
            if jnp.isnan(loss).any() or jnp.isnan(dX).any():
                step_size *= 0.25
            elif loss < loss1:
                loss1 = loss
                break
        if jnp.abs(dX).max() <= 1e-3:
            return X
        Z = lbfgs_direction(X, dX, X1, dX1)
        X1 = X
        dX1 = dX
    return np.asarray(X)


f = jax.jit(jax_matrix_factorization)
# --- end user code ---


def make_inputs(rng):
    n = 6
    bandwidth = int(rng.integers(2, 5))
    A = (np.tri(n) * rng.uniform(0.2, 0.5, size=(n, n))).astype(np.float32)
    i, j = np.indices((n, n))
    mask = (np.abs(i - j) < bandwidth).astype(np.float32)
    return (A, mask)


INPUTS = make_inputs


@jax.jit
def reference_fix(A, mask):
    n = A.shape[0]

    def project_update(dX):
        dX = dX.at[jnp.diag_indices(n)].set(0)
        return dX * mask

    def loss_and_gradient(X):
        H = jsp.linalg.solve(X, A.T, assume_a='pos')
        return jnp.trace(H @ A), project_update(-H @ H.T)

    def lbfgs_direction(X, dX, X1, dX1):
        S = X - X1
        Y = dX - dX1
        rho = 1.0 / jnp.sum(Y * S)
        alpha = rho * jnp.sum(S * dX)
        gamma = jnp.sum(S * Y) / jnp.sum(Y**2)
        Z = gamma * (dX - rho * jnp.sum(S * dX) * Y)
        beta = rho * jnp.sum(Y * Z)
        return Z + S * (alpha - beta)

    X = jnp.eye(n)
    loss, dX = loss_and_gradient(X)

    def line_search(X1, Z, loss1, X, dX):
        def cond(c):
            j, step, X, dX, loss1, done = c
            return (j < 30) & ~done

        def body(c):
            j, step, _, _, loss1, _ = c
            X = X1 - step * Z
            loss, dX = loss_and_gradient(X)
            bad = jnp.isnan(loss).any() | jnp.isnan(dX).any()
            better = ~bad & (loss < loss1)
            step = jnp.where(bad, step * 0.25, step)
            loss1 = jnp.where(better, loss, loss1)
            return j + 1, step, X, dX, loss1, better

        _, _, X, dX, loss1, _ = jax.lax.while_loop(
            cond, body, (0, jnp.float32(1.0), X, dX, loss1, False))
        return X, dX, loss1

    def outer_cond(c):
        i, X, dX, X1, dX1, loss1, Z, done = c
        return (i < 1000) & ~done

    def outer_body(c):
        i, X, dX, X1, dX1, loss1, Z, _ = c
        X, dX, loss1 = line_search(X1, Z, loss1, X, dX)
        done = jnp.abs(dX).max() <= 1e-3
        Z_new = lbfgs_direction(X, dX, X1, dX1)
        Z = jnp.where(done, Z, Z_new)
        X1 = jnp.where(done, X1, X)
        dX1 = jnp.where(done, dX1, dX)
        return i + 1, X, dX, X1, dX1, loss1, Z, done

    out = jax.lax.while_loop(outer_cond, outer_body,
                             (0, X, dX, X, dX, loss, dX, False))
    return out[1]
