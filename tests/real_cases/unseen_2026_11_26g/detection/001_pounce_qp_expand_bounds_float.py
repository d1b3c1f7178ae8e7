"""A QP layer folds finite variable bounds into G/h with `float(ub[i])` inside a helper loop.

source: jkitchin/pounce python/pounce/jax/_qp.py at 1cbcaba548277ffd78b3cb4cbcec19468fc23129 (`_expand_bounds`); jit failure reported in https://github.com/jkitchin/pounce/issues/795 ("solve_qp raises ConcretizationTypeError under jax.jit when lb/ub are jnp arrays (float() on a staged index)")
error: ConcretizationTypeError
category: float-builtin-in-helper / data-dependent-shape
expect: report
notes: `_expand_bounds` is verbatim. The host-callback solve that follows it in `solve_qp` (pure_callback into the Rust solver) is replaced by returning the folded (G, h), which is what the solve consumes. `f` is the jitted layer entry point with bounds passed as traced arrays, as in the issue. Report rather than fix: the number of folded rows depends on how many bounds are finite, so the output shape depends on the data (the issue's suggested remedy, `np.asarray` on concrete bounds, only works when the bounds are not traced).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def _expand_bounds(G, h, lb, ub, n):
    """Fold finite variable bounds into G/h as extra rows.

    Returns ``(G_full, h_full)`` as dense jnp arrays. ``x_i ≤ ub_i`` and
    ``−x_i ≤ −lb_i``."""
    rows = []
    rhs = []
    if G is not None and G.shape[0] > 0:
        rows.append(G)
        rhs.append(h)
    if ub is not None:
        for i in range(n):
            if np.isfinite(float(ub[i])):
                e = jnp.zeros(n).at[i].set(1.0)
                rows.append(e[None, :])
                rhs.append(jnp.asarray(ub[i]).reshape(1))
    if lb is not None:
        for i in range(n):
            if np.isfinite(float(lb[i])):
                e = jnp.zeros(n).at[i].set(-1.0)
                rows.append(e[None, :])
                rhs.append((-jnp.asarray(lb[i])).reshape(1))
    if not rows:
        return jnp.zeros((0, n)), jnp.zeros((0,))
    return jnp.concatenate(rows, axis=0), jnp.concatenate(rhs, axis=0)


@jax.jit
def f(G, h, lb, ub):
    n = G.shape[1]
    G_full, h_full = _expand_bounds(G, h, lb, ub, n)
    return G_full, h_full
# --- end user code ---


def make_inputs(rng):
    n = 4
    G = rng.normal(size=(2, n)).astype(np.float32)
    h = rng.normal(size=(2,)).astype(np.float32)
    lb = (-1.0 - rng.random(n)).astype(np.float32)
    ub = (1.0 + rng.random(n)).astype(np.float32)
    lb[rng.random(n) < 0.4] = -np.inf
    ub[rng.random(n) < 0.4] = np.inf
    return (G, h, lb, ub)


INPUTS = make_inputs
