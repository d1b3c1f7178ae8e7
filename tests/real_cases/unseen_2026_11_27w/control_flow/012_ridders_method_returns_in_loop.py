"""Ridder's root finder: three `return`s inside `for _ in range(max_iter)` on traced tests (`s == 0.0`, `|f(x)| < tol`, bracket width) and a traced if/elif/else bracket update.

source: code-index file id 52244841682 (module "Ridder's root-finding method." defining `solve(f, lower, upper, tol=1e-12, max_iter=100)`; a sibling module of the same unnamed root-finding package, "Newton-safe root finding", is id 52203148822 and "False position (Regula Falsi)" is id 51936496700; the index does not name the repository)
error: TracerBoolConversionError
category: for-early-return
expect: fix
notes: `solve` is verbatim. Added the jitted entry point `f(c, lower, upper)`, which solves a Kepler-type equation x - c*sin(x) - m = 0 with m = 1 fixed and c traced, and passes tol=1e-6 (the default 1e-12 is below float32 resolution, so only the s == 0 exit could ever fire). Brackets are drawn so that f(lower) < 0 < f(upper); the bracket update runs its branches for one to three iterations and every trial leaves through the |f(x)| < tol return (the width and s == 0 returns are guards that these inputs do not reach; a correct rewrite must still keep them).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def solve(f, lower, upper, tol=1e-12, max_iter=100):
    """Find root of f in [lower, upper] using Ridder's method.

    Ridder's method achieves order ~1.84 convergence using a combination
    of bisection and false position with an exponential transformation.
    """
    fl = f(lower)
    fu = f(upper)

    x = lower
    for _ in range(max_iter):
        mid = 0.5 * (lower + upper)
        fm = f(mid)

        s = jnp.sqrt(fm**2 - fl * fu)
        if s == 0.0:
            return mid

        sign = jnp.where(fl - fu > 0.0, 1.0, -1.0)
        x_new = mid + (mid - lower) * sign * fm / s

        fx = f(x_new)

        if jnp.abs(fx) < tol:
            return x_new

        # Update bracket
        if jnp.sign(fm) != jnp.sign(fx):
            lower = mid
            fl = fm
            upper = x_new
            fu = fx
        elif jnp.sign(fl) != jnp.sign(fx):
            upper = x_new
            fu = fx
        else:
            lower = x_new
            fl = fx

        if jnp.abs(upper - lower) < tol:
            return x_new

        x = x_new

    return x


@jax.jit
def f(c, lower, upper):
    return solve(lambda x: x - c * jnp.sin(x) - 1.0, lower, upper, tol=1e-6)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    c = np.float32(rng.uniform(0.0, 0.95))
    lower = np.float32(rng.uniform(-1.0, 0.5))
    upper = np.float32(rng.uniform(2.5, 4.0))
    return (c, lower, upper)


INPUTS = make_inputs


@jax.jit
def reference_fix(c, lower, upper):
    fn = lambda x: x - c * jnp.sin(x) - 1.0
    tol, max_iter = 1e-6, 100
    fl = fn(lower)
    fu = fn(upper)

    def cond(state):
        i, _, _, _, _, _, _, done = state
        return (i < max_iter) & ~done

    def body(state):
        i, lower, upper, fl, fu, x, out, _ = state
        mid = 0.5 * (lower + upper)
        fm = fn(mid)
        s = jnp.sqrt(fm**2 - fl * fu)
        ret_mid = s == 0.0
        sign = jnp.where(fl - fu > 0.0, 1.0, -1.0)
        x_new = mid + (mid - lower) * sign * fm / s
        fx = fn(x_new)
        ret_fx = jnp.abs(fx) < tol
        c1 = jnp.sign(fm) != jnp.sign(fx)
        c2 = jnp.sign(fl) != jnp.sign(fx)
        n_lower = jnp.where(c1, mid, jnp.where(c2, lower, x_new))
        n_fl = jnp.where(c1, fm, jnp.where(c2, fl, fx))
        n_upper = jnp.where(c1, x_new, jnp.where(c2, x_new, upper))
        n_fu = jnp.where(c1, fx, jnp.where(c2, fx, fu))
        ret_w = jnp.abs(n_upper - n_lower) < tol
        done = ret_mid | ret_fx | ret_w
        out = jnp.where(ret_mid, mid, x_new)
        return i + 1, n_lower, n_upper, n_fl, n_fu, x_new, out, done

    init = (0, lower, upper, fl, fu, lower, lower, jnp.asarray(False))
    _, _, _, _, _, x, out, done = lax.while_loop(cond, body, init)
    return jnp.where(done, out, x)
