"""Per-element loops whose iterations are independent: TFX108 vectorises them with `jnp.where`.

Each iteration reads and writes only element `i`, and `range(...)` covers the whole first axis, so
the loop is the same as whole-array statements. The `# expect:` lines leak under `jax.jit`; the
`_fixed` functions are what `tracerfix rewrite --unsafe-fixes` makes of them, and the loops at the
end must stay untouched. Run it to see the fixed versions agree with the loops run eagerly.
"""

import jax
import jax.numpy as jnp


@jax.jit
def soft_threshold(x, t):
    for i in range(x.shape[0]):  # expect: TFX108
        if x[i] > t:
            x = x.at[i].add(-t)
        elif x[i] < -t:
            x = x.at[i].add(t)
        else:
            x = x.at[i].set(0)
    return x


@jax.jit
def leaky_relu_with_mask(x):
    active = jnp.zeros_like(x)
    out = jnp.zeros_like(x)
    for i in range(len(x)):  # expect: TFX108
        v = x[i]
        if v > 0:
            out = out.at[i].set(v)
            active = active.at[i].set(1)
        else:
            out = out.at[i].set(v * 0.01)
    return out, active


@jax.jit
def doubled_in_band(x):
    for i in range(len(x)):  # expect: TFX108
        if x[i] < 0:
            continue
        x = x.at[i].set(x[i] * 2)
        if x[i] > 3 and x[i] < 8:
            x = x.at[i].add(-1)
    return x


@jax.jit
def order_pairs(a, b):
    # Two arrays of unknown shapes: the fix assumes they match, so it is unsafe.
    for i in range(len(a)):  # expect: TFX108
        if a[i] > b[i]:
            a, b = a.at[i].set(b[i]), b.at[i].set(a[i])
    return a, b


# --- what the fix makes of them ---------------------------------------------------------------


@jax.jit
def soft_threshold_fixed(x, t):
    x = jnp.where(x > t, x - t, jnp.where(x < -t, x + t, 0))
    return x


@jax.jit
def leaky_relu_with_mask_fixed(x):
    active = jnp.zeros_like(x)
    out = jnp.zeros_like(x)
    v = x
    out = jnp.where(v > 0, v, v * 0.01)
    active = jnp.where(v > 0, 1, active)
    return out, active


@jax.jit
def doubled_in_band_fixed(x):
    skip = x < 0
    x = jnp.where(skip, x, x * 2)
    x = jnp.where(~skip & (x > 3) & (x < 8), x - 1, x)
    return x


@jax.jit
def order_pairs_fixed(a, b):
    # Two arrays of unknown shapes: the fix assumes they match, so it is unsafe.
    a, b = jnp.where(a > b, b, a), jnp.where(a > b, a, b)
    return a, b


# --- loops that trace fine: no branch on a traced value ----------------------------------------


@jax.jit
def unrolled(x, w):
    for i in range(3):
        x = x * w[i]
    for size in x.shape:
        x = x / size
    for i in range(len(x)):
        x = x.at[i].set(x[i] * 2)
    return x


if __name__ == "__main__":
    x = jnp.array([2.0, -2.0, 0.25, 1.0, -1.0, 3.5])
    y = jnp.array([0.0, 1.0, -1.0, 5.0, -4.0, 3.5])
    pairs = [
        (soft_threshold, soft_threshold_fixed, (x, 0.5)),
        (leaky_relu_with_mask, leaky_relu_with_mask_fixed, (x,)),
        (doubled_in_band, doubled_in_band_fixed, (x,)),
        (order_pairs, order_pairs_fixed, (x, y)),
    ]
    for leaky, fixed, args in pairs:
        with jax.disable_jit():
            expected = leaky(*args)
        print(leaky.__name__, jax.tree.map(lambda a, b: bool(jnp.allclose(a, b)), expected, fixed(*args)))
    print(unrolled(x, jnp.ones(3)))
