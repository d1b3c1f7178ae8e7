"""Collimator acausal DAE initialisation: predictor-corrector homotopy whose Newton corrector `break`s on a traced norm.

source: collimator-ai/pycollimator collimator/experimental/acausal/index_reduction/equation_utils.py at 09944b93f7bcebc4fb26b09ffd8cfeaf2c60d20b (code-index file id 6464625522; the other stored revision, id 24856686247, has the same functions) -- _make_fixed_point_homotopy, _make_newton_homotopy, _make_affine_homotopy, _newton_raphson, _corrector_newton_solve, predictor_corrector_homotopy, pseudo_arclength_homotopy, homotopy_roots
error: TracerBoolConversionError
category: for-converge-break-else-raise
expect: fix
notes: the eight functions are verbatim. Dropped: the module-level `jax.config.update("jax_enable_x64", True)`
  (a global side effect on the whole judge run), the sympy LazyLoader imports and the sympy-based helpers
  (extract_vars, process_equations, scipy_roots, compute_condition_number, ...). Entry point added:
  `f = jax.jit(_solve_ic)`, which calls homotopy_roots(..., homotopy_type="newton", solver="predictor_corrector",
  num_steps=8, tol=1e-5, max_iter=50) on a small residual `A @ x + 0.1 * x**3 - b` written for the case (the
  library passes a sympy-lambdified DAE residual there); tol is raised from 1e-10 because the judge runs float32.
  The leak is `if jnp.linalg.norm(x_new - x) < tol: break` in _newton_raphson (whose for/else raises only when
  Newton never converges, which the inputs avoid); `for phi in phi_arr` iterates a static-length array and is fine.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _make_fixed_point_homotopy(f, x_0):
    """
    Create a fixed point homotopy function.
    h = phi * f(x) + (1 - phi) * (x - x_0), where phi is the homotopy parameter

    Args:
        f (callable): Function returning the residual of the system of equations
        x_0 (array): Initial guess for the solution
    """

    @jax.jit
    def homotopy(x, phi):
        return phi * f(x) + (1.0 - phi) * (x - x_0)

    jac_x = jax.jit(jax.jacfwd(homotopy))
    jac_phi = jax.jit(jax.jacfwd(homotopy, argnums=1))

    return homotopy, jac_x, jac_phi


def _make_newton_homotopy(f, x_0):
    """
    Create a Newton homotopy function.
    h = phi * f(x) + phi * (f(x) - f(x_0)), where phi is the homotopy parameter

    Args:
        f (callable): Function returning the residual of the system of equations
        x_0 (array): Initial guess for the solution
    """

    @jax.jit
    def homotopy(x, phi):
        return phi * f(x) + (1.0 - phi) * (f(x) - f(x_0))

    jac_x = jax.jit(jax.jacfwd(homotopy))
    jac_phi = jax.jit(jax.jacfwd(homotopy, argnums=1))

    return homotopy, jac_x, jac_phi


def _make_affine_homotopy(f, x_0):
    """
    Create an affine homotopy function.
    h = phi * f(x) + (1 - phi) * f'(x_0) . (x-x_0), where phi is the homotopy parameter

    Args:
        f (callable): Function returning the residual of the system of equations
        x_0 (array): Initial guess for the solution
    """

    fp = jax.jacfwd(f)
    fp_x0 = fp(x_0)

    @jax.jit
    def homotopy(x, phi):
        return phi * f(x) + (1.0 - phi) * jnp.dot(fp_x0, x - x_0)

    jac_x = jax.jit(jax.jacfwd(homotopy))
    jac_phi = jax.jit(jax.jacfwd(homotopy, argnums=1))

    return homotopy, jac_x, jac_phi


def _newton_raphson(f, x_0, jac, tol=1e-10, max_iter=100):
    """
    Use Newton-Raphson iteration to find roots of `f(x)=0` starting from `x=x_0`.
    `jac=df/dx` is the Jacobian of `f`.
    """

    def newton_step(x):
        return x - jnp.linalg.solve(jac(x), f(x))

    x = x_0
    for _ in range(max_iter):
        x_new = newton_step(x)
        if jnp.linalg.norm(x_new - x) < tol:
            break
        x = x_new
    else:
        raise ValueError(f"Newton's method did not converge for {f=}")
    return x


def _corrector_newton_solve(h, x_0, phi, jac_x, tol=1e-10, max_iter=100):
    """
    Use Newton-Raphson iteration to find roots of `h(x,phi)` for a fixed `phi`, and
    starting from `x_0`.

    `jac_x=dh/dx` is the Jacobian of `h`.
    """

    partial_h = partial(h, phi=phi)
    parital_jac_x = partial(jac_x, phi=phi)

    x = _newton_raphson(partial_h, x_0, parital_jac_x, tol=tol, max_iter=max_iter)

    return x


def predictor_corrector_homotopy(
    h, jac_x, jac_phi, x_0, num_steps=100, tol=1e-10, max_iter=100
):
    phi_arr = jnp.linspace(0, 1.0, num_steps)
    dphi = phi_arr[1] - phi_arr[0]

    dx_dphi = jax.jit(lambda x, phi: jnp.linalg.solve(jac_x(x, phi), -jac_phi(x, phi)))

    for phi in phi_arr:
        # Correct
        sol_x = _corrector_newton_solve(h, x_0, phi, jac_x, tol, max_iter)

        # Predict
        x_0 = sol_x + dx_dphi(sol_x, phi) * dphi

    return sol_x


def pseudo_arclength_homotopy(
    h, jac_x, jac_phi, x_0, ds=0.1, num_steps=100, tol=1e-10, max_iter=100
):
    """
    Use pseudo-arclength continuation to find roots of h starting from x_0.

    `s` is the pseudo-arclength parameter.

    `y = [x(s), phi(s)]` are the augmented variables.

    We need to solve the augmented system:
    ```
    H = [ h(x, phi) = 0,
          v (x - x_0) + w (phi - phi_0) - (s-s_0) = 0 ]
    ```

    where `v` and `w` are the normalized components of the tangent vector (v', w')
    to the solution curve at `(x, phi)`.

    ```
    v' = d x(s) / ds
    w' = d phi(s) / ds
    ```

    and satisfy:

    ```
    dh/dx v' + dh/dphi w' = 0
    ```
    """

    def normalized_tangent_vector(x, phi):
        """
        Obtain normalized tangent vector (v,w) at (x, phi)
        """
        wp = 1.0

        A = jac_x(x, phi)
        b = -jac_phi(x, phi)

        vp = jnp.linalg.solve(A, b)

        tangent = jnp.hstack([vp, wp])
        norm = jnp.linalg.norm(jnp.hstack([vp, wp]))

        normalized_tangent = tangent / norm
        v, w = normalized_tangent[:-1], normalized_tangent[-1]

        return v, w

    # Define the augmented system
    def H(y, x_0, phi_0, ds, v, w):
        """
        x_0 and phi_0 are solutions at s_0, and
        ds = s - s_0
        """
        x, phi = y[:-1], y[-1]
        return jnp.hstack([h(x, phi), v @ (x - x_0) + w * (phi - phi_0) - ds])

    # Jacobian of the augmented system
    jac_H = jax.jit(jax.jacfwd(H))

    # Initialize the solution
    s_0 = 0.0
    phi_0 = 0.0

    # Solve the homotopy for phi=0.0
    x_0 = _corrector_newton_solve(h, x_0, phi_0, jac_x, tol, max_iter)

    phi_arr = np.zeros(num_steps + 1)
    x_arr = np.zeros((num_steps + 1, len(x_0)))
    s_arr = np.zeros(num_steps + 1)

    phi_arr[0] = phi_0
    x_arr[0, :] = x_0
    s_arr[0] = s_0

    reached_phi_equals_1 = False
    for sol_idx in range(num_steps):
        v, w = normalized_tangent_vector(x_0, phi_0)

        x_pred = x_0 + ds * v
        phi_pred = phi_0 + ds * w
        s_0 += ds

        y_0 = jnp.hstack([x_pred, phi_pred])

        partial_H = partial(H, x_0=x_0, phi_0=phi_0, ds=ds, v=v, w=w)
        partial_jac_H = partial(jac_H, x_0=x_0, phi_0=phi_0, ds=ds, v=v, w=w)
        y = _newton_raphson(partial_H, y_0, partial_jac_H, tol, max_iter)

        x_0, phi_0 = y[:-1], y[-1]

        s_arr[sol_idx + 1] = s_0
        x_arr[sol_idx + 1, :] = x_0
        phi_arr[sol_idx + 1] = phi_0

        if phi_0 >= 1.0:
            print(f"Reached phi = {phi_0} at step {sol_idx+1}")
            reached_phi_equals_1 = True
            break

    if not reached_phi_equals_1:
        raise ValueError(
            "Homotopy did not converge to lambda=1.0. The iteration reached "
            f"lambda={phi_0} with {ds=} and {num_steps=}. "
            "Consider increasing `num_steps` and/or decreasing `ds`."
        )

    # Do a final solve for phi=1.0
    sol_x = _corrector_newton_solve(h, x_0, 1.0, jac_x, tol, max_iter)

    return sol_x


def homotopy_roots(
    f,
    x_0,
    homotopy_type="newton",
    solver="pseudo_arclength",
    ds=0.1,
    num_steps=100,
    tol=1e-10,
    max_iter=100,
):
    """
    Find the roots of a system of equations gf(x)=0` starting from `x=x_0`
    using homotopy methods.

    If `g(x)` is the simpler system of equations (determined by `homopty_type`),
    then the homotopy function `h(x, phi)` is defined as
    ```
    h = phi * f(x) + (1 - phi) * g(x)
    ```
    where `phi` is the homotopy parameter, classically denoted by `lambda`.
    """

    get_make_homotopy = {
        "fixed_point": _make_fixed_point_homotopy,
        "newton": _make_newton_homotopy,
        "affine": _make_affine_homotopy,
    }

    make_homotopy = get_make_homotopy[homotopy_type]

    h, jac_x, jac_phi = make_homotopy(f, x_0)

    if solver == "predictor_corrector":
        sol_x = predictor_corrector_homotopy(
            h, jac_x, jac_phi, x_0, num_steps, tol, max_iter
        )
    elif solver == "pseudo_arclength":
        sol_x = pseudo_arclength_homotopy(
            h, jac_x, jac_phi, x_0, ds, num_steps, tol, max_iter
        )

    return sol_x


def _solve_ic(x_0, A, b):
    def residual(x):
        return A @ x + 0.1 * x**3 - b

    return homotopy_roots(
        residual,
        x_0,
        homotopy_type="newton",
        solver="predictor_corrector",
        num_steps=8,
        tol=1e-5,
        max_iter=50,
    )


f = jax.jit(_solve_ic)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    n = 3
    m = rng.normal(size=(n, n))
    A = (m @ m.T / n + 2.0 * np.eye(n)).astype(np.float32)
    b = rng.normal(0.0, 2.0, size=(n,)).astype(np.float32)
    x_0 = rng.normal(0.0, 1.0, size=(n,)).astype(np.float32)
    return (x_0, A, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(x_0, A, b, num_steps=8, tol=1e-5, max_iter=50):
    F = lambda x: A @ x + 0.1 * x**3 - b
    F0 = F(x_0)
    h = lambda x, phi: phi * F(x) + (1.0 - phi) * (F(x) - F0)
    jac_x = jax.jacfwd(h)
    jac_phi = jax.jacfwd(h, argnums=1)

    def newton(x, phi):
        def cond(c):
            k, x, done = c
            return (k < max_iter) & (~done)

        def body(c):
            k, x, done = c
            x_new = x - jnp.linalg.solve(jac_x(x, phi), h(x, phi))
            conv = jnp.linalg.norm(x_new - x) < tol
            return k + 1, jnp.where(conv, x, x_new), conv

        return lax.while_loop(cond, body, (0, x, jnp.asarray(False)))[1]

    phi_arr = jnp.linspace(0, 1.0, num_steps)
    dphi = phi_arr[1] - phi_arr[0]

    def step(x, phi):
        sol = newton(x, phi)
        x_next = sol + jnp.linalg.solve(jac_x(sol, phi), -jac_phi(sol, phi)) * dphi
        return x_next, sol

    _, sols = lax.scan(step, x_0, phi_arr)
    return sols[-1]
