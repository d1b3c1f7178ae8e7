"""Per-element loops whose iterations depend on each other: TFX108 rewrites them with
`lax.fori_loop`, carrying what the loop updates, or reports why it cannot.

`fill_forward` reads `x[i - 1]`, which the previous iteration may have filled; `sign_changes`
counts; `leaky_levels` collects one level per step, so it becomes `lax.scan`; `first_above` stops
at the first element above a limit, so it becomes a `lax.while_loop` whose state carries a stop
flag. Their `_fixed` versions are what `tracerfix rewrite --unsafe-fixes` writes: the fixes of
`fill_forward`, `sign_changes` and `first_above` are unsafe only because `lax` loops trace their
body even when the loop runs zero times, so an empty `x` raises where the Python loop did nothing.
The last function is reported with the reason it is not rewritten. Run it to compare the fixed
versions with the loops.
"""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def fill_forward(x):
    # Replace each NaN by the last value before it.
    for i in range(1, len(x)):  # expect: TFX108
        if jnp.isnan(x[i]):
            x = x.at[i].set(x[i - 1])
    return x


@jax.jit
def sign_changes(x):
    changes = 0
    for i in range(1, x.shape[0]):  # expect: TFX108
        if x[i] * x[i - 1] < 0:
            changes += 1
    return changes


@jax.jit
def leaky_levels(inflow):
    level = 0.0
    levels = []
    for t in range(inflow.shape[0]):  # expect: TFX108
        level = 0.9 * level + inflow[t]
        if level > 5:  # overflow
            level = 5.0
        levels.append(level)
    return jnp.stack(levels)


@jax.jit
def first_above(x, limit):
    position = len(x)
    for i in range(len(x)):  # expect: TFX108
        if x[i] > limit:
            position = i
            break
    return position


# --- what the fix makes of them ---------------------------------------------------------------


@jax.jit
def fill_forward_fixed(x):
    # Replace each NaN by the last value before it.
    def update_x(i, x):
        x = x.at[i].set(jnp.where(jnp.isnan(x[i]), x[i - 1], x[i]))
        return x

    x = lax.fori_loop(1, len(x), update_x, x)
    return x


@jax.jit
def sign_changes_fixed(x):
    changes = 0
    def update_changes(i, changes):
        changes = jnp.where(x[i] * x[i - 1] < 0, changes + 1, changes)
        return changes

    changes = lax.fori_loop(1, x.shape[0], update_changes, changes)
    return changes


@jax.jit
def leaky_levels_fixed(inflow):
    level = 0.0
    def levels_step(level, t):
        level = 0.9 * level + inflow[t]
        level = jnp.where(level > 5, 5.0, level)  # overflow
        return level, level

    level, levels = lax.scan(levels_step, level, jnp.arange(inflow.shape[0]))
    return levels


@jax.jit
def first_above_fixed(x, limit):
    position = len(x)
    def keep_updating_position(state):
        i, _, stop = state
        return (i < len(x)) & ~stop

    def update_position(state):
        i, position, _ = state
        stop = x[i] > limit
        position = jnp.where(stop, i, position)
        return i + 1, position, stop

    _, position, _ = lax.while_loop(keep_updating_position, update_position, (0, position, False))
    return position


# --- reported, not rewritten ------------------------------------------------------------------


@jax.jit
def large_values(x):
    found = []
    for i in range(len(x)):  # expect: TFX108
        if jnp.abs(x[i]) > 10:  # the loop's leak: reported once, at the loop
            found.append(x[i])
    return jnp.array(found)


if __name__ == "__main__":
    x = jnp.array([1.0, jnp.nan, -2.0, jnp.nan, jnp.nan, 4.0, -0.5])
    pairs = ((fill_forward, fill_forward_fixed), (sign_changes, sign_changes_fixed), (leaky_levels, leaky_levels_fixed))
    for leaky, fixed in pairs:
        with jax.disable_jit():
            expected = leaky(x)
        print(leaky.__name__, bool(jnp.allclose(expected, fixed(x), equal_nan=True)))
    for limit in (-1.0, 3.0, 100.0):  # stops at once, midway, never
        with jax.disable_jit():
            expected = first_above(x, limit)
        print(first_above.__name__, limit, int(expected) == int(first_above_fixed(x, limit)))
