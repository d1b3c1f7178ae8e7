"""The JAX errors page: data-dependent shapes and boolean masks, failing and fixed.

`ConcretizationTypeError` ("Shape depends on Traced Value") and `NonConcreteBooleanIndexError`.
Each failing function is marked with the rule that reports it; the fixed versions stay silent.
Run it to see the fixed versions work: `python examples/jax_errors_masks.py`.
"""

import jax
import jax.numpy as jnp


# --- failing: the size of the result depends on the values of `x` ------------------------------


@jax.jit
def negative_indices(x):
    return jnp.where(x < 0)  # expect: TFX303


@jax.jit
def sum_above_one(x):
    indices = jnp.where(x > 1)  # expect: TFX303
    return x[indices].sum()


@jax.jit
def positive_values(x):
    return x[x > 0]  # expect: TFX301


@jax.jit
def sum_of_positive(x):
    return x[x > 0].sum()  # expect: TFX301


@jax.jit
def manual_clip(x):
    return x.at[x < 0].set(0)  # expect: TFX302


# --- fixed, as the page shows ----------------------------------------------------------------


@jax.jit
def sum_above_one_fixed(x):
    return jnp.where(x > 1, x, 0).sum()


@jax.jit
def sum_of_positive_fixed(x):
    return jnp.where(x > 0, x, 0).sum()


@jax.jit
def manual_clip_fixed(x):
    return jnp.where(x < 0, 0, x)


@jax.jit
def first_positive_indices(x):
    # When the indices themselves are needed, give their number.
    return jnp.nonzero(x > 0, size=3, fill_value=-1)


if __name__ == "__main__":
    print(sum_above_one_fixed(jnp.arange(4)))
    print(sum_of_positive_fixed(jnp.arange(-5, 5)))
    print(manual_clip_fixed(jnp.arange(-2, 2)))
    print(first_positive_indices(jnp.arange(-2, 4)))
