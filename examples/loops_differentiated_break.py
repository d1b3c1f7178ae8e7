"""A `for` loop that stops at a traced `break` in a differentiated function: TFX108 rewrites it
with `lax.fori_loop` over the whole range, carrying a stop flag.

`lax.while_loop`, which the rewrite uses elsewhere, supports forward-mode differentiation only,
so `jax.grad` of it raises. A `lax.fori_loop` with Python bounds runs a fixed number of steps and
reverse mode differentiates it; the flag makes every step after the one that stops keep the state
as it is. The `_fixed` versions are what `tracerfix rewrite` writes; run the file to compare their
values and gradients with the loops run eagerly.
"""

import jax
import jax.numpy as jnp
from jax import lax


def damped(x, rate):
    for _ in range(20):  # expect: TFX108
        x = x * rate
        if jnp.abs(x).max() < 0.5:
            break
    return jnp.sum(x**2)


def capped_sum(x, cap):
    total = jnp.zeros_like(cap)
    for i in range(3):  # expect: TFX108
        if total + x[i] > cap:
            total = cap
            break
        total = total + x[i]
    return total


damped_grad = jax.jit(jax.grad(damped))
capped_sum_grad = jax.jit(jax.grad(capped_sum))


# --- what the fix makes of them ---------------------------------------------------------------


def damped_fixed(x, rate):
    def update_x(_, state):
        x, stop = state
        x = jnp.where(stop, x, x * rate)
        stop = stop | (jnp.abs(x).max() < 0.5)
        return x, stop

    x, _ = lax.fori_loop(0, 20, update_x, (x, False))
    return jnp.sum(x**2)


def capped_sum_fixed(x, cap):
    total = jnp.zeros_like(cap)
    def update_total(i, state):
        total, stop = state
        stopping = ~stop & (total + x[i] > cap)
        stop = stop | stopping
        total = jnp.where(stopping, cap, total)
        total = jnp.where(stop, total, total + x[i])
        return total, stop

    total, _ = lax.fori_loop(0, 3, update_total, (total, False))
    return total


if __name__ == "__main__":
    x = jnp.array([3.0, -1.0])
    with jax.disable_jit():
        print(damped(x, 0.8), damped_grad(x, 0.8))
    print(jax.jit(damped_fixed)(x, 0.8), jax.jit(jax.grad(damped_fixed))(x, 0.8))
    cap = jnp.float32(3.0)
    for values in ([4.0, 1.0, 1.0], [1.0, 1.5, 2.0], [0.5, 0.5, 0.5]):  # stops at once, later, never
        v = jnp.array(values)
        with jax.disable_jit():
            expected = capped_sum_grad(v, cap)
        print(expected, jax.jit(jax.grad(capped_sum_fixed))(v, cap))
