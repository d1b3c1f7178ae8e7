"""pixwake's fixed_point_debug: a Python `while cond and it < max_iter` fixed-point loop over a pytree.

source: simutisernestas/pixwake src/pixwake/core.py at 0197b63fad566ead41d5c39a9cd0aee58d5419b3 (fixed_point_debug)
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: fixed_point_debug is verbatim (the library's Python-loop twin of its lax.while_loop `fixed_point`, documented as "not JAX-transformable"); the wake model WakeSimulation._solve_farm is replaced by a small self-contained wake map (each turbine's speed is reduced by the deficits of the others, added turbulence grows with thrust), and one simulation case is wrapped in @jax.jit. The condition mixes a traced test with a Python-int counter via `and`; `isinstance(x, tuple)` and `max_iter` are static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def fixed_point_debug(f, x_guess, ctx, tol=1e-6, damp=1.0):
    """Finds the fixed point of a function using iterative updates.
    This function is for debugging purposes only and is not JAX-transformable.
    It uses a standard Python while loop instead of `jax.lax.while_loop`.
    """
    max_iter = max(20, len(jnp.atleast_1d(jax.tree.leaves(x_guess)[0])))

    it = 0
    x_prev = x_guess
    x = f(x_guess, ctx)

    ws_prev = x_prev[0] if isinstance(x_prev, tuple) else x_prev
    ws = x[0] if isinstance(x, tuple) else x

    while jnp.max(jnp.abs(ws - ws_prev)) > tol and it < max_iter:
        x_prev = x
        x_new = f(x, ctx)
        x = jax.tree.map(lambda n, o: damp * n + (1 - damp) * o, x_new, x)

        ws_prev = x_prev[0] if isinstance(x_prev, tuple) else x_prev
        ws = x[0] if isinstance(x, tuple) else x
        it += 1

    return x


def solve_farm(effective, ctx):
    ws_eff, ti_eff = effective
    ws_amb, ti_amb, coupling = ctx
    ct = jnp.clip(0.8 - 0.03 * (ws_eff - 8.0), 0.1, 0.9)
    deficit = coupling @ (1.0 - jnp.sqrt(1.0 - ct))
    ws_eff_new = ws_amb * (1.0 - deficit)
    ti_eff_new = jnp.sqrt(ti_amb ** 2 + 0.3 * (coupling @ ct) ** 2)
    return (ws_eff_new, ti_eff_new)


@jax.jit
def f(ws_amb, ti_amb, coupling):
    n = coupling.shape[0]
    x_guess = (jnp.full(n, ws_amb), jnp.full(n, ti_amb))
    return fixed_point_debug(solve_farm, x_guess, (ws_amb, ti_amb, coupling),
                             tol=1e-6, damp=0.5)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    ws = np.float32(rng.uniform(4.0, 14.0))
    ti = np.float32(rng.uniform(0.05, 0.15))
    kind = rng.integers(0, 4)
    if kind == 0:
        coupling = np.zeros((n, n), np.float32)          # no wakes: loop body never runs
    elif kind == 1:
        coupling = np.triu(rng.uniform(0.0, 0.08, (n, n)), 1).astype(np.float32)
    else:
        coupling = rng.uniform(0.0, 0.12, (n, n)).astype(np.float32)
        np.fill_diagonal(coupling, 0.0)
    return (ws, ti, coupling)


INPUTS = make_inputs


@jax.jit
def reference_fix(ws_amb, ti_amb, coupling):
    n = coupling.shape[0]
    x_guess = (jnp.full(n, ws_amb), jnp.full(n, ti_amb))
    ctx = (ws_amb, ti_amb, coupling)
    max_iter = max(20, n)
    damp = 0.5

    def cond(carry):
        x_prev, x, it = carry
        return (jnp.max(jnp.abs(x[0] - x_prev[0])) > 1e-6) & (it < max_iter)

    def body(carry):
        _, x, it = carry
        x_new = solve_farm(x, ctx)
        x_d = jax.tree.map(lambda a, b: damp * a + (1 - damp) * b, x_new, x)
        return x, x_d, it + 1

    _, x, _ = jax.lax.while_loop(cond, body, (x_guess, solve_farm(x_guess, ctx), 0))
    return x
