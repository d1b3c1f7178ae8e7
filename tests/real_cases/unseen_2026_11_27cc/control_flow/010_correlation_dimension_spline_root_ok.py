"""A desilike correlation-dimension module's JAX rewrite: spline root finding with lax.cond + lax.while_loop (look-alike, must stay untouched).

source: public desilike-based module computing the correlation dimension and homogeneity scale R_H of galaxy clustering, code-index file id 70227421324 (simpson_jax, cubic_spline_coefficients, evaluate_cubic_spline, evaluate_cubic_spline_derivative, find_spline_roots, _get_msc_impl, _get_cd_impl, _get_RH_impl; the index does not name the repository). The same file keeps the pre-JAX NumPy/SciPy versions commented out (`roots = roots[roots > x[0]]`, `return 0.0 if len(roots) == 0 else roots[0]`)
error: none
category: negative-cond-while-already
expect: untouched
notes: the module's JAX section (from simpson_jax to _get_RH_impl) verbatim. `from desilike.jax import numpy as jnp`
  / `from desilike.jax import jit` are replaced by `import jax.numpy as jnp` / `from jax import jit` (desilike
  re-exports them); the desilike calculator and likelihood classes, the plotting code and the
  `python_routines` import are dropped. `f = _get_RH_impl`. Everything looks leaky but is jit-safe: a Python
  `n % 2 == 1` predicate of lax.cond on a static length, `len(x_knots)`, a per-segment lax.cond on a traced
  sign change with a lax.while_loop Newton solve, and jnp.where for the "no root -> 0.0" fallback. Inputs: a
  correlation-dimension-like curve 3 - A exp(-x/L) on a separation grid; A is drawn so that some trials cross
  2.97 and some do not (the 0.0 branch).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np

import jax
import jax.numpy as jnp
from jax import jit


# Simpson's rule implementation in JAX
@jit
def simpson_jax(y, dx):
    """
    Simpson's rule integration compatible with JAX.
    For arrays with even length, uses Simpson's 3/8 rule for last 4 points.
    """
    n = len(y)

    def odd_length():
        # Standard Simpson's 1/3 rule: integral ≈ dx/3 * (y0 + 4*y1 + 2*y2 + 4*y3 + ... + yn)
        indices = jnp.arange(1, n - 1)
        coeffs = jnp.where(indices % 2 == 1, 4.0, 2.0)
        return dx / 3.0 * (y[0] + jnp.sum(coeffs * y[1:-1]) + y[-1])

    def even_length():
        # Use Simpson's 1/3 for first n-3 points, then Simpson's 3/8 for last 4 points
        # This maintains accuracy for even-length arrays
        n_13 = n - 3
        indices = jnp.arange(1, n_13 - 1)
        coeffs = jnp.where(indices % 2 == 1, 4.0, 2.0)
        integral_13 = dx / 3.0 * (y[0] + jnp.sum(coeffs * y[1 : n_13 - 1]) + y[n_13 - 1])
        # Simpson's 3/8 rule for last 4 points
        integral_38 = 3.0 * dx / 8.0 * (y[n_13 - 1] + 3.0 * y[n_13] + 3.0 * y[n_13 + 1] + y[n_13 + 2])
        return integral_13 + integral_38

    return jax.lax.cond(n % 2 == 1, odd_length, even_length)


# Cubic spline implementation in JAX
@jit
def cubic_spline_coefficients(x, y):
    """
    Compute natural cubic spline coefficients (zero second derivative at boundaries).
    Returns coefficients a, b, c, d for each segment where:
    S_i(t) = a_i + b_i*t + c_i*t^2 + d_i*t^3
    where t = (x - x_i) for x in [x_i, x_{i+1}]
    """
    n = len(x) - 1
    h = jnp.diff(x)

    # Build tridiagonal system for second derivatives (M)
    # Natural spline: M[0] = M[n] = 0

    # For interior points, we have:
    # h[i-1]*M[i-1] + 2*(h[i-1]+h[i])*M[i] + h[i]*M[i+1] = 3*((y[i+1]-y[i])/h[i] - (y[i]-y[i-1])/h[i-1])

    # Build the tridiagonal matrix
    diag = 2.0 * (h[:-1] + h[1:])
    upper = h[1:-1]
    lower = h[1:-1]

    # Right hand side
    dy = jnp.diff(y)
    rhs = 3.0 * (dy[1:] / h[1:] - dy[:-1] / h[:-1])

    # Solve tridiagonal system using Thomas algorithm (stable for diagonally dominant matrices)
    M_interior = jnp.linalg.solve(jnp.diag(diag) + jnp.diag(upper, 1) + jnp.diag(lower, -1), rhs)

    # Add boundary conditions (natural spline)
    M = jnp.concatenate([jnp.array([0.0]), M_interior, jnp.array([0.0])])

    # Compute spline coefficients for each segment
    a = y[:-1]
    b = dy / h - h * (2.0 * M[:-1] + M[1:]) / 3.0
    c = M[:-1]
    d = (M[1:] - M[:-1]) / (3.0 * h)

    return a, b, c, d


@jit
def evaluate_cubic_spline(x_knots, coeffs, x_eval):
    """Evaluate cubic spline at x_eval points."""
    a, b, c, d = coeffs

    # Find which segment each x_eval point belongs to
    indices = jnp.searchsorted(x_knots[1:], x_eval)
    indices = jnp.clip(indices, 0, len(x_knots) - 2)

    # Local coordinate within segment
    t = x_eval - x_knots[indices]

    # Evaluate polynomial: a + b*t + c*t^2 + d*t^3
    return a[indices] + t * (b[indices] + t * (c[indices] + t * d[indices]))


@jit
def evaluate_cubic_spline_derivative(x_knots, coeffs, x_eval):
    """Evaluate first derivative of cubic spline at x_eval points."""
    a, b, c, d = coeffs

    indices = jnp.searchsorted(x_knots[1:], x_eval)
    indices = jnp.clip(indices, 0, len(x_knots) - 2)

    t = x_eval - x_knots[indices]

    # Derivative: b + 2*c*t + 3*d*t^2
    return b[indices] + t * (2.0 * c[indices] + 3.0 * t * d[indices])


@jit
def find_spline_roots(x_knots, coeffs, y_offset=0.0):
    """
    Find roots of cubic spline (where spline crosses y_offset).
    Returns the first root found after x_knots[0].
    """
    a, b, c, d = coeffs

    # Adjust coefficients for finding roots of (spline - y_offset)
    a_adj = a - y_offset

    def find_root_in_segment(i):
        """Find root in segment [x_knots[i], x_knots[i+1]] using analytical cubic root formula."""
        # We need to solve: a_adj[i] + b[i]*t + c[i]*t^2 + d[i]*t^3 = 0

        # Check if there's a sign change in this segment
        val_start = a_adj[i]
        h = x_knots[i + 1] - x_knots[i]
        val_end = a_adj[i] + b[i] * h + c[i] * h**2 + d[i] * h**3

        has_sign_change = val_start * val_end < 0

        # Use Newton-Raphson to find root if sign change exists
        def newton_raphson():
            # Initial guess: linear interpolation
            t_init = -val_start * h / (val_end - val_start)
            t_init = jnp.clip(t_init, 0.0, h)

            # Newton-Raphson iterations with manual iteration counter
            def body_fun(carry):
                t, t_old, iter_count = carry
                f = a_adj[i] + b[i] * t + c[i] * t**2 + d[i] * t**3
                fp = b[i] + 2.0 * c[i] * t + 3.0 * d[i] * t**2
                # Avoid division by zero
                fp = jnp.where(jnp.abs(fp) < 1e-10, 1e-10, fp)
                t_new = t - f / fp
                t_new = jnp.clip(t_new, 0.0, h)
                return (t_new, t, iter_count + 1)

            def cond_fun(carry):
                t_new, t_old, iter_count = carry
                converged = jnp.abs(t_new - t_old) < 1e-8
                max_iters_reached = iter_count >= 20
                return ~converged & ~max_iters_reached

            t_final, _, _ = jax.lax.while_loop(cond_fun, body_fun, (t_init, t_init + 1.0, 0))
            return x_knots[i] + t_final

        return jax.lax.cond(has_sign_change, newton_raphson, lambda: jnp.inf)

    # Find roots in all segments
    roots = jax.vmap(find_root_in_segment)(jnp.arange(len(x_knots) - 1))

    # Return first valid root (not inf, and greater than x_knots[0])
    valid_roots = jnp.where((roots > x_knots[0]) & (roots < jnp.inf), roots, jnp.inf)
    first_root = jnp.min(valid_roots)

    return jnp.where(first_root < jnp.inf, first_root, 0.0)


# Updated implementations
@jit
def _get_msc_impl(sin, sedges, corr):
    maxinds = jnp.searchsorted(sin, sedges)

    def integrate_segment(maxind):
        # Create a mask instead of slicing
        mask = jnp.arange(len(sin)) < maxind
        y = jnp.where(mask, sin**2 * corr, 0.0)
        return simpson_jax(y, dx=sin[1] - sin[0])

    integrals = jax.vmap(integrate_segment)(maxinds)

    MSC = 1.0 + 3.0 / sedges**3 * integrals
    MSC = jnp.where(MSC < 0.0, 1.0e-30, MSC)
    return MSC


@jit
def _get_cd_impl(sin, sedges, s, corr):
    msc = _get_msc_impl(sin, sedges, corr)

    log_sedges = jnp.log(sedges)
    log_msc = jnp.log(msc)
    log_s = jnp.log(s)

    # Fit cubic spline and evaluate its derivative
    spline_coeffs = cubic_spline_coefficients(log_sedges, log_msc)
    dlog_msc_dlog_s = evaluate_cubic_spline_derivative(log_sedges, spline_coeffs, log_s)

    cd = 3.0 + dlog_msc_dlog_s
    cd = jnp.where(jnp.isnan(cd), 0.0, cd)

    return msc, cd


@jit
def _get_RH_impl(x, cd, crossing=2.97):
    # Fit cubic spline to (x, cd - crossing) and find its roots
    y_shifted = cd - crossing
    spline_coeffs = cubic_spline_coefficients(x, y_shifted)
    root = find_spline_roots(x, spline_coeffs, y_offset=0.0)

    return root


f = _get_RH_impl
# --- end user code ---


def make_inputs(rng):
    x = np.linspace(20.0, 300.0, 29)
    # 3 - cd at x=20 is A*exp(-20/L); it crosses 0.03 (cd = 2.97) only when A*exp(-20/L) > 0.03
    L = rng.uniform(30.0, 90.0)
    A = 0.03 * np.exp(20.0 / L) * (rng.uniform(0.2, 0.8) if rng.random() < 0.3 else rng.uniform(1.5, 30.0))
    cd = 3.0 - A * np.exp(-x / L) + 0.002 * rng.normal(size=x.shape)
    crossing = np.float32(2.97)
    return (x.astype(np.float32), cd.astype(np.float32), crossing)


INPUTS = make_inputs
