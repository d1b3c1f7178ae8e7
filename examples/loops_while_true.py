"""`while True:` loops that end on a traced `break`: TFX102 rewrites them with `lax.while_loop`.

Under `jax.jit`, `while True:` itself traces fine; the `if ...: break` that ends it does not. The
rewrite carries a `stop` flag set by the `break` test and keeps going while `~stop`; the
statements before the test run in the iteration that stops, those after it only where it does
not. A test that opens the body becomes the whole condition (`lift_until_positive`). The `_fixed`
versions are what `tracerfix rewrite` writes; run the file to compare them with the loops run
eagerly. Loops with several `break`s, a nested one or a `return` come last: TFX102 lowers them with
`lax.cond` in the body and the flags in the state.
"""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def cos_fixed_point(x):
    steps = 0
    while True:  # expect: TFX102
        x_next = jnp.cos(x)
        steps += 1
        if jnp.abs(x_next - x) < 1e-6 or steps == 50:
            break
        x = x_next
    return x


@jax.jit
def lift_until_positive(x):
    lifts = 0
    while 1:  # expect: TFX102
        if x.min() >= 0 or lifts >= 10:
            break
        x = x + 1
        lifts += 1
    return x


@jax.jit
def first_power_above(x, limit):
    power = jnp.ones_like(x)
    steps = 0
    while True:  # expect: TFX102
        power = power * x
        steps += 1
        if (power > limit).all() or steps >= 30:
            break
    return steps


# --- what the fix makes of them ---------------------------------------------------------------


@jax.jit
def cos_fixed_point_fixed(x):
    steps = 0
    def keep_updating_x_and_steps(state):
        _, _, stop = state
        return ~stop

    def update_x_and_steps(state):
        x, steps, _ = state
        x_next = jnp.cos(x)
        steps += 1
        stop = (jnp.abs(x_next - x) < 1e-6) | (steps == 50)
        x = jnp.where(stop, x, x_next)
        return x, steps, stop

    x, steps, _ = lax.while_loop(keep_updating_x_and_steps, update_x_and_steps, (x, steps, False))
    return x


@jax.jit
def lift_until_positive_fixed(x):
    lifts = 0
    def keep_updating_x_and_lifts(state):
        x, lifts = state
        return ~((x.min() >= 0) | (lifts >= 10))

    def update_x_and_lifts(state):
        x, lifts = state
        x = x + 1
        lifts += 1
        return x, lifts

    x, lifts = lax.while_loop(keep_updating_x_and_lifts, update_x_and_lifts, (x, lifts))
    return x


@jax.jit
def first_power_above_fixed(x, limit):
    power = jnp.ones_like(x)
    steps = 0
    def keep_updating_power_and_steps(state):
        _, _, stop = state
        return ~stop

    def update_power_and_steps(state):
        power, steps, _ = state
        power = power * x
        steps += 1
        return power, steps, (power > limit).all() | (steps >= 30)

    power, steps, _ = lax.while_loop(keep_updating_power_and_steps, update_power_and_steps, (power, steps, False))
    return steps


# --- several `break`s, a nested one, a `return`: the general lowering (lax.cond in the body) --------


@jax.jit
def settle(x):
    while True:  # expect: TFX102
        x = x * 0.5
        if x.max() < 1:
            break
        if x.min() < 0.1:
            break
    return x


@jax.jit
def halve_until_both_small(x):
    while True:  # expect: TFX102
        x = x * 0.5
        if x.max() < 4:
            if x.min() < 1:
                break
    return x


@jax.jit
def halve_until_small(x):
    while True:  # expect: TFX102
        x = x / 2
        if x.max() < 1:
            return x


# --- loops on static conditions trace fine ------------------------------------------------------


@jax.jit
def double_n_times(x, n: int = 3):
    i = 0
    while True:
        x = x * 2
        i += 1
        if i >= n:
            break
    return x


if __name__ == "__main__":
    a = jnp.array([-1.0, 2.0, -3.0])
    with jax.disable_jit():
        print(cos_fixed_point(jnp.float32(1.0)), cos_fixed_point_fixed(jnp.float32(1.0)))
        print(lift_until_positive(a), lift_until_positive_fixed(a))
        print(first_power_above(jnp.float32(3.0), 100.0), first_power_above_fixed(jnp.float32(3.0), 100.0))
    print(cos_fixed_point_fixed(jnp.float32(1.0)), lift_until_positive_fixed(a))
    print(first_power_above_fixed(jnp.float32(3.0), 100.0), double_n_times(a))
