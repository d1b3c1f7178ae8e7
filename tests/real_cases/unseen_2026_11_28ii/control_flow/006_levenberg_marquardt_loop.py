"""Levenberg-Marquardt fitter: `for i in range(i_max)` with an accept/reject `elif` on traced residual norms, a traced `break`, and np.array round trips.

source: code-index file id 24811063766 (a small JAX module `import jax; import jax.numpy as jnp; import numpy as np; from tqdm import tqdm` holding only `levenberg_marquardt(residual_func, x_0, i_max=1000, tol=1e-6, gauss_newton=False)`); the index does not name the repository
error: TracerArrayConversionError
category: for-break-traced-accept-reject
expect: fix
notes: levenberg_marquardt verbatim (the unused tqdm import dropped). Added the jitted entry point `f(x_0, t, y)`, which fits the two-parameter decay model a*exp(b*t) to (t, y) with i_max=50; gauss_newton stays at its Python default False, so the `if gauss_newton:` tests are static and only the `elif` on residual norms and the stopping `break` are traced. Inputs use noise-free data in some trials (the stopping test fires and the loop breaks early) and noisy data in others (steps get rejected and lambda grows).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def levenberg_marquardt(residual_func, x_0: jnp.ndarray, i_max=1000, tol=1e-6, gauss_newton=False):
    # Initialize parameters
    if gauss_newton:
        lambda_0 = 0.
    else:
        lambda_0 = 1.
    x = x_0.copy()
    lambda_i = lambda_0
    DF_DX = jax.jacfwd(residual_func)

    for i in range(i_max):
        # Compute residual and its jacobian
        F_X_i = np.array(residual_func(x))
        DF_DX_i = np.array(DF_DX(x))

        # Compute candidate solution
        A = DF_DX_i.T @ DF_DX_i + lambda_i * np.eye(len(x))
        b = DF_DX_i.T @ F_X_i
        delta_x = np.linalg.solve(A, b)
        x_candidate = x - delta_x

        # Accept or reject candidate solution
        if gauss_newton:
            x = np.array(x_candidate)
        elif jnp.linalg.norm(residual_func(x_candidate)) < jnp.linalg.norm(residual_func(x)):
            x = np.array(x_candidate)
            lambda_i *= 0.8
        else:
            lambda_i *= 2

        # Check stopping condition
        if jnp.linalg.norm(DF_DX_i.T @ F_X_i) < tol or jnp.linalg.norm(F_X_i) < tol:
            break

    return x


@jax.jit
def f(x_0, t, y):
    def residual(p):
        return p[0] * jnp.exp(p[1] * t) - y
    return levenberg_marquardt(residual, x_0, i_max=50)
# --- end user code ---


def make_inputs(rng):
    t = np.linspace(0.0, 1.0, 12).astype(np.float32)
    a, b = rng.uniform(1.0, 3.0), rng.uniform(-2.0, -0.5)
    y = a * np.exp(b * t)
    if rng.random() < 0.5:
        y = y + 0.05 * rng.normal(size=t.shape)
    x_0 = np.array([rng.uniform(0.5, 1.5), rng.uniform(-0.5, 0.5)], dtype=np.float32)
    return (x_0, t, y.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(x_0, t, y):
    def residual(p):
        return p[0] * jnp.exp(p[1] * t) - y

    jac = jax.jacfwd(residual)
    tol = 1e-6
    i_max = 50

    def cond(carry):
        i, x, lam, stop = carry
        return (i < i_max) & ~stop

    def body(carry):
        i, x, lam, stop = carry
        F = residual(x)
        J = jac(x)
        A = J.T @ J + lam * jnp.eye(x.shape[0], dtype=x.dtype)
        g = J.T @ F
        x_cand = x - jnp.linalg.solve(A, g)
        accept = jnp.linalg.norm(residual(x_cand)) < jnp.linalg.norm(F)
        x = jnp.where(accept, x_cand, x)
        lam = jnp.where(accept, lam * 0.8, lam * 2)
        stop = (jnp.linalg.norm(g) < tol) | (jnp.linalg.norm(F) < tol)
        return i + 1, x, lam, stop

    init = (0, x_0, jnp.asarray(1.0, x_0.dtype), jnp.asarray(False))
    _, x, _, _ = jax.lax.while_loop(cond, body, init)
    return x
