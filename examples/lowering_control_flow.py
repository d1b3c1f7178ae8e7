"""Control flow that no idiom template covers: the general lowering writes it as `lax` code.

A `return` inside a `for` (`first_crossing`), `continue` and `break` in a loop over an array's
elements (`total_until`) and an `elif` chain whose branches set keys of a dict (`piecewise`) are
each reported once and rewritten by `tracerfix rewrite`: named branch and loop functions defined
just above the statement they serve, the state as a tuple of the real names, `break`/`return` as
flags in that state. The `_fixed` versions are what the tool writes; run the file to compare them
with the originals run eagerly.
"""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def first_crossing(x, limit):
    total = 0.0
    for i in range(x.shape[0]):  # expect: TFX108
        total = total + x[i]
        if total > limit:
            return i
    return -1


@jax.jit
def total_until(xs, limit):
    total = 0.0
    for c in xs:  # expect: TFX108
        if c < 0:
            continue
        total = total + c
        if total > limit:
            break
    return total


@jax.jit
def piecewise(x, t):
    out = {"y": x, "z": x}
    if t < 0:  # expect: TFX101
        out["y"] = x * 0.5
        out["z"] = out["y"] - 1
    elif t < 1:
        out["y"] = x + t
    else:
        out["z"] = jnp.sin(x) + t
    return out["y"] + out["z"]


@jax.jit
def first_crossing_fixed(x, limit):
    total = 0.0
    returned = False
    result = -1

    def keep_updating_total(state):
        i, total, result, returned = state
        return (i < x.shape[0]) & ~returned

    def update_total(state):
        i, total, result, returned = state
        total = total + x[i]

        def _when_total_gt_limit(result, returned):
            result = i
            returned = True
            return result, returned

        result, returned = lax.cond(total > limit, _when_total_gt_limit, lambda *state: state, result, returned)
        i = i + 1
        return i, total, result, returned

    _, total, result, returned = lax.while_loop(
        keep_updating_total,
        update_total,
        (0, total, result, returned),
    )
    return lax.cond(returned, lambda: result, lambda: -1)


@jax.jit
def total_until_fixed(xs, limit):
    total = 0.0
    stop = False

    def keep_updating_total(state):
        i, total, stop = state
        return (i < xs.shape[0]) & ~stop

    def update_total(state):
        i, total, stop = state
        c = xs[i]

        def _unless_c_negative(total, stop):
            total = total + c
            stop = stop | (total > limit)
            return total, stop

        total, stop = lax.cond(c < 0, lambda *state: state, _unless_c_negative, total, stop)
        i = i + 1
        return i, total, stop

    _, total, stop = lax.while_loop(keep_updating_total, update_total, (0, total, stop))
    return total


@jax.jit
def piecewise_fixed(x, t):
    out = {"y": x, "z": x}

    def _when_t_negative(out):
        out["y"] = x * 0.5
        out["z"] = out["y"] - 1
        return out

    def _when_t_lt_1(out):
        out["y"] = x + t
        return out

    def _otherwise(out):
        out["z"] = jnp.sin(x) + t
        return out

    out = lax.switch(
        jnp.select([t < 0, t < 1], [0, 1], 2),
        [_when_t_negative, _when_t_lt_1, _otherwise],
        out,
    )
    return out["y"] + out["z"]


if __name__ == "__main__":
    x = jnp.array([1.0, -2.0, 3.0, 4.0])
    cases = (
        (first_crossing, first_crossing_fixed, (x, 2.5)),
        (total_until, total_until_fixed, (x, 3.5)),
        (piecewise, piecewise_fixed, (x, 0.5)),
    )
    for leaky, fixed, args in cases:
        with jax.disable_jit():
            expected = leaky(*args)
        print(leaky.__name__, expected, fixed(*args))
