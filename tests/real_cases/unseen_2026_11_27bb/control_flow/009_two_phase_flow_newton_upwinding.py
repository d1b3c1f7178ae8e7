"""Two-phase-flow Newton solver: upwinding `a if p[i] >= p[i + 1] else b` and `if norm(r) < tol: break` on traced values.

source: code-index file id 48212041249 ("Curvature for a 1D two-cell two-phase flow problem solved with HC.": pc, mobility_w, mobility_n, compute_face_fluxes, residual, jacobian, newton); a class-based sibling of the same solver (model.residual / model.jacobian, newton with `x_prev`) is code-index file id 48548347661. Repository and commit could not be resolved from the index.
error: TracerBoolConversionError
category: for-break-convergence-and-ternary-upwinding
expect: fix
notes: Module constants and the functions from `pc` to `newton` are verbatim. Dropped: `hc`, `solve`, `plot_solution`, the module-level `solve(...)` / `plot_solution(...)` calls (they run at import and plot), the matplotlib import and the commented-out homotopy helpers. `tqdm` is not installed here: a small class with the same `tqdm.trange(...)` / `set_postfix(...)` surface stands in (iterates a range, displays nothing). The entry point is one implicit-Euler step as `solve` takes it (`newton(x_prev, dt=dt)`), with `max_iter=20` (hc's `max_newton_iter`) and `tol=1e-4`: in float32 the residual stagnates around 1e-7..1e-6, so the default 1e-6 would make the returned `converged` flag a coin toss between eager and jitted runs. Two leaks: the phase-potential upwinding ternaries in `compute_face_fluxes` (a Python `if` on `p[i] >= p[i + 1]`, reached through `jax.jacrev` too), and the early exit `if jnp.linalg.norm(r) < tol: converged = True; break`. Inputs: random pressures/saturations and dt in {0.01, 0.1, 1.0}; dt=1.0 from some states makes Newton cycle without converging, so both `converged` values occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
import scipy as sp


class tqdm:  # stand-in for the tqdm package (not installed here): same trange/set_postfix surface, no display
    class trange:
        def __init__(self, n, **kwargs):
            self.n = n

        def __iter__(self):
            return iter(range(self.n))

        def set_postfix(self, *args, **kwargs):
            pass


NUM_CELLS = 2

TRANSMISSIBILITIES = jnp.array(
    [0.0, 1.0, 2.0]
)  # Transmissibilities for faces e0, e1, e2.
# Transmissibility at the Dirichlet boundary has to be doubled.
# Transmissibility at the Neumann boundary hast to be set to 0.

POROSITIES = jnp.array([0.5, 0.5])  # Porosities for cells c0, c1.
SOURCE_TERMS = jnp.array(
    [[0.0, 0.0], [0.0, 0.0]]
)  # Source terms for cells c0, c1. Total and wetting source.

NEU_BC = jnp.array(
    [
        [1.0, 0.9],
        [0.0, 0.0],
    ]
)  # Neumann boundary conditions for faces e0, e2. Total flux and wetting flux.
DIR_BC = jnp.array(
    [
        [0.0, 0.0],
        [3.0, 0.5],
    ]
)  # Dirichlet boundary conditions for faces e0, e2. Pressure and saturation.

INITIAL_CONDITIONS = jnp.array(
    [0.0, 0.5, 0.0, 0.5]
)  # Initial conditions for [p0, s0, p1, s1].


MU_W = 1.0  # Viscosity of the wetting phase.
MU_N = 1.0  # Viscosity of the nonwetting phase.

# Homotopy parameter, 0 for simpler system, 1 for actual system. For simplicity, we use
# a global variable.
beta = 0.0


def pc(s):
    """Capillary pressure function."""
    # return jnp.nan_to_num(0.1 * (1 - s) / s, nan=0.0)
    return s * 0.0


def mobility_w(s):
    """Mobility of the wetting phase. Corey model."""
    k_w = jnp.where(s <= 1, jnp.where(s >= 0, s**2, 0.0), 1.0)
    return k_w / MU_W  # type: ignore


def mobility_n(s):
    """Mobility of the nonwetting phase. Corey model."""
    k_n = jnp.where(s >= 0, jnp.where(s <= 1, (1 - s) ** 2, 0.0), 1.0)
    return k_n / MU_N  # type: ignore


def compute_face_fluxes(p, s):
    """Compute total and wetting phase fluxes at cell faces.

    Note: The code is written general to handle different boundary conditions and source
    terms.

    Args:
        p: Nonwetting pressures at cell centers [p0, p1].
        s: Wetting saturations at cell centers [s0, s1].

    Returns:
        F_t: Total fluxes at faces [F0, F1, F2].
        F_w: Wetting phase fluxes at faces [F0, F1, F2].

    """
    # Add Dirichlet boundary conditions.
    p = jnp.concatenate([DIR_BC[0, :1], p, DIR_BC[1, :1]])
    s = jnp.concatenate([DIR_BC[0, 1:], s, DIR_BC[1, 1:]])

    p_c = pc(s)

    # Calculate fluxes at each face. After adding Dirichlet bc, the indices work as
    # follows. Face i has cell i on the left and cell i + 1 on the right. The negative
    # pressure gradient across cell i is therefore given by p[i] - p[i + 1].

    # Phase potential upwinding of the mobilities. The mobilities for Neumann
    # boundaries are upwinded as well. This is not a problem, because the
    # transmissibilities are set to 0 at the Neumann boundary.
    m_w = jnp.zeros(NUM_CELLS + 1)
    m_n = jnp.zeros(NUM_CELLS + 1)

    for i in range(NUM_CELLS + 1):
        m_w = m_w.at[i].set(
            mobility_w(s[i]) if p[i] >= p[i + 1] else mobility_w(s[i + 1])
        )
        m_n = m_n.at[i].set(
            (
                mobility_n(s[i])
                if p[i] - p_c[i] >= p[i + 1] - p_c[i + 1]
                else mobility_n(s[i + 1])
            )
        )

    # Handle NaN values in mobilities.
    m_n = jnp.nan_to_num(m_n, nan=0.0)
    m_w = jnp.nan_to_num(m_w, nan=0.0)

    m_t = m_n + m_w

    # TPFA fluxes at the faces.
    p_n_gradient = p[:-1] - p[1:]  # Negative pressure gradient across cells.
    p_c_gradient = (
        p_c[:-1] - p_c[:-1]
    )  # Negative capillary pressure gradient across cells.

    F_t = TRANSMISSIBILITIES * (m_t * p_n_gradient - m_w * p_c_gradient)
    F_w = F_t * (m_w / m_t) - TRANSMISSIBILITIES[i] * m_w * m_n / m_t * p_c_gradient

    # Add Neumann boundary conditions.
    F_t = F_t.at[0].add(NEU_BC[0, 0])
    F_w = F_w.at[0].add(NEU_BC[0, 1])
    F_t = F_t.at[-1].add(NEU_BC[1, 0])
    F_w = F_w.at[-1].add(NEU_BC[1, 1])

    return F_t, F_w


def residual(x, dt, x_prev=None):
    """Compute the residual of the system at (x, beta)."""
    p = x[::2]
    s = x[1::2]

    if x_prev is None:
        s_prev = INITIAL_CONDITIONS[1::2]
    else:
        s_prev = x_prev[1::2]

    # Compute fluxes.
    F_t, F_w = compute_face_fluxes(p, s)

    # Residuals for flow and transport equations.
    r_f = F_t[1:] - F_t[:-1] - SOURCE_TERMS[:, 0]
    r_t = POROSITIES * (s - s_prev) / dt + F_w[1:] - F_w[:-1] - SOURCE_TERMS[:, 1]

    r = jnp.concatenate([r_f, r_t])
    return r


def jacobian(x, dt):
    """Compute the Jacobian of the system at (x, beta)."""
    J = jax.jacrev(residual, argnums=0)(x, dt)
    return J.reshape(-1, len(x))


def newton(x_init, dt, max_iter=50, tol=1e-6):
    """Solve the system using Newton"s method."""
    x = x_init.copy()
    converged = False

    newton_progressbar = tqdm.trange(
        max_iter, desc="Newton iterations", position=0, leave=False
    )

    for i in newton_progressbar:
        r = residual(x, dt=dt, x_prev=x_init)
        newton_progressbar.set_postfix({"residual_norm": jnp.linalg.norm(r)})

        if jnp.linalg.norm(r) < tol:
            converged = True
            break

        J = jacobian(x, dt=dt)
        dx = jnp.linalg.solve(J, -r)
        x += dx

    return x, converged


@jax.jit
def f(x_init, dt):
    # one implicit-Euler time step, as `solve` does it, with the Newton budget of `hc`
    return newton(x_init, dt=dt, max_iter=20, tol=1e-4)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    x = onp.array([rng.uniform(0, 3), rng.uniform(0.05, 0.95),
                   rng.uniform(0, 3), rng.uniform(0.05, 0.95)], onp.float32)
    dt = onp.float32(rng.choice([0.1, 0.01, 1.0]))
    return (x, dt)


INPUTS = make_inputs


def _fluxes_ref(p, s):
    p = jnp.concatenate([DIR_BC[0, :1], p, DIR_BC[1, :1]])
    s = jnp.concatenate([DIR_BC[0, 1:], s, DIR_BC[1, 1:]])
    p_c = pc(s)
    up_w = p[:-1] >= p[1:]
    up_n = p[:-1] - p_c[:-1] >= p[1:] - p_c[1:]
    m_w = jnp.where(up_w, mobility_w(s[:-1]), mobility_w(s[1:]))
    m_n = jnp.where(up_n, mobility_n(s[:-1]), mobility_n(s[1:]))
    m_n = jnp.nan_to_num(m_n, nan=0.0)
    m_w = jnp.nan_to_num(m_w, nan=0.0)
    m_t = m_n + m_w
    p_n_gradient = p[:-1] - p[1:]
    p_c_gradient = p_c[:-1] - p_c[:-1]
    F_t = TRANSMISSIBILITIES * (m_t * p_n_gradient - m_w * p_c_gradient)
    F_w = F_t * (m_w / m_t) - TRANSMISSIBILITIES[NUM_CELLS] * m_w * m_n / m_t * p_c_gradient
    F_t = F_t.at[0].add(NEU_BC[0, 0])
    F_w = F_w.at[0].add(NEU_BC[0, 1])
    F_t = F_t.at[-1].add(NEU_BC[1, 0])
    F_w = F_w.at[-1].add(NEU_BC[1, 1])
    return F_t, F_w


def _residual_ref(x, dt, x_prev):
    p = x[::2]
    s = x[1::2]
    s_prev = x_prev[1::2]
    F_t, F_w = _fluxes_ref(p, s)
    r_f = F_t[1:] - F_t[:-1] - SOURCE_TERMS[:, 0]
    r_t = POROSITIES * (s - s_prev) / dt + F_w[1:] - F_w[:-1] - SOURCE_TERMS[:, 1]
    return jnp.concatenate([r_f, r_t])


@jax.jit
def reference_fix(x_init, dt):
    max_iter, tol = 20, 1e-4

    def cond(c):
        i, x, conv = c
        return (i < max_iter) & ~conv

    def body(c):
        i, x, conv = c
        r = _residual_ref(x, dt, x_init)
        conv = jnp.linalg.norm(r) < tol
        J = jax.jacrev(_residual_ref, argnums=0)(x, dt, x_init).reshape(-1, len(x))
        x = jnp.where(conv, x, x + jnp.linalg.solve(J, -r))
        return i + 1, x, conv

    _, x, conv = jax.lax.while_loop(cond, body, (0, x_init, jnp.bool_(False)))
    return x, conv
