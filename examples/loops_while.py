"""`while` loops on traced values: TFX102 rewrites them with `lax.while_loop`.

The names a loop carries become its state; the condition and the body become nested functions
named after what the loop updates, and an `if` on a traced value in the body becomes `jnp.where`.
The `_fixed` versions are what `tracerfix rewrite` writes. `lax.while_loop` supports forward-mode
differentiation only: a loop in a function differentiated with `jax.grad` becomes a `lax.fori_loop`
up to its Python bound when it has one (`and steps < 100`), and is otherwise rewritten only with
`--unsafe-fixes`. A `break` becomes a stop flag that the state carries and the condition tests
(`relax`). Run it to compare the fixed versions with the loops run eagerly.
"""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def gcd(a, b):
    while b != 0:  # expect: TFX102
        a, b = b, a % b
    return a


@jax.jit
def bisect_sqrt(a, tol=1e-6):
    lo = jnp.zeros_like(a)
    hi = jnp.maximum(a, 1.0)
    while (hi - lo).max() > tol:  # expect: TFX102
        mid = (lo + hi) / 2
        too_big = mid * mid > a
        if too_big.any():
            hi = jnp.where(too_big, mid, hi)
        lo = jnp.where(too_big, lo, mid)
    return (lo + hi) / 2


def shrunk_energy(x):
    steps = 0
    while jnp.linalg.norm(x) > 1.0 and steps < 100:  # expect: TFX102
        x = x * 0.5
        steps += 1
    return jnp.sum(x**2)


shrunk_energy_grad = jax.jit(jax.grad(shrunk_energy))


@jax.jit
def relax(x, tol=1e-5):
    step = jnp.ones_like(x)
    while jnp.abs(step).max() > tol:  # expect: TFX102
        target = jnp.cos(x)
        step = target - x
        if jnp.isnan(step).any():  # diverged: keep the last finite iterate
            break
        x = x + 0.5 * step
    return x


# --- what the fix makes of them ---------------------------------------------------------------


@jax.jit
def gcd_fixed(a, b):
    def keep_updating_a_and_b(state):
        _, b = state
        return b != 0

    def update_a_and_b(state):
        a, b = state
        a, b = b, a % b
        return a, b

    a, b = lax.while_loop(keep_updating_a_and_b, update_a_and_b, (a, b))
    return a


@jax.jit
def bisect_sqrt_fixed(a, tol=1e-6):
    lo = jnp.zeros_like(a)
    hi = jnp.maximum(a, 1.0)
    def keep_updating_lo_and_hi(state):
        lo, hi = state
        return (hi - lo).max() > tol

    def update_lo_and_hi(state):
        lo, hi = state
        mid = (lo + hi) / 2
        too_big = mid * mid > a
        hi = jnp.where(too_big.any(), jnp.where(too_big, mid, hi), hi)
        lo = jnp.where(too_big, lo, mid)
        return lo, hi

    lo, hi = lax.while_loop(keep_updating_lo_and_hi, update_lo_and_hi, (lo, hi))
    return (lo + hi) / 2


def shrunk_energy_fixed(x):
    steps = 0
    def update_x(steps, x):
        x = jnp.where(jnp.linalg.norm(x) > 1.0, x * 0.5, x)
        return x

    x = lax.fori_loop(steps, 100, update_x, x)
    return jnp.sum(x**2)


@jax.jit
def relax_fixed(x, tol=1e-5):
    step = jnp.ones_like(x)
    def keep_updating_x_and_step(state):
        _, step, stop = state
        return (jnp.abs(step).max() > tol) & ~stop

    def update_x_and_step(state):
        x, step, _ = state
        target = jnp.cos(x)
        step = target - x
        stop = jnp.isnan(step).any()  # diverged: keep the last finite iterate
        x = jnp.where(stop, x, x + 0.5 * step)
        return x, step, stop

    x, step, _ = lax.while_loop(keep_updating_x_and_step, update_x_and_step, (x, step, False))
    return x


# --- loops on static conditions trace fine ------------------------------------------------------


@jax.jit
def add_batch_axes(x, times: int = 2):
    while x.ndim < 3:
        x = x[None]
    i = 0
    while i < times:
        x = x * 2
        i += 1
    return x


if __name__ == "__main__":
    a = jnp.array([2.0, 9.0, 0.25])
    with jax.disable_jit():
        print(gcd(jnp.int32(84), jnp.int32(36)), gcd_fixed(jnp.int32(84), jnp.int32(36)))
        print(bisect_sqrt(a), bisect_sqrt_fixed(a))
        print(relax(a), relax_fixed(a))
    print(gcd_fixed(jnp.int32(84), jnp.int32(36)), bisect_sqrt_fixed(a), add_batch_axes(a).shape)
    with jax.disable_jit():
        print(shrunk_energy_grad(a), jax.grad(shrunk_energy_fixed)(a))
