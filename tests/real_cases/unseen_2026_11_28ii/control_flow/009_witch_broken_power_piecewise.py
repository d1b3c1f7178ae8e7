"""WITCH: a jitted broken power law built with a Python loop over bins and jnp.piecewise (already jit-safe).

source: MUSTANG-SZ/WITCH witch/powerlaw.py, the revision with both `@jax.jit` decorators active (code-index file id 4878552447; near-identical copies ids 4657462280 and 4572818213; the stored revision 08faf7cc7bb782d8f2153eec2bfbdb6643ea7d82 has the decorators commented out as `#@jax.jit`) -- functions power and broken_power
error: none
category: negative-piecewise-static-loop
expect: untouched
notes: power and broken_power are verbatim (the over-long whitespace inside the broken_power docstring is kept as is);
  profile_to_broken_power (scipy curve_fit, not jitted) and the unused imports (numpy, ArrayLike, curve_fit) are
  dropped. Entry point added: `f = broken_power`. It looks leaky -- a Python `for` over bins, `+=` on a traced
  offset, a list of partials over traced amplitudes -- but the loop bound is `len(condlist)` (a static tuple length),
  the region choice is made by jnp.piecewise on traced boolean masks, and nothing traced reaches a Python bool.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def power(x: float, rbin: float, cur_amp: float, cur_pow: float, c: float):
    """
    Function which returns the powerlaw, given the bin-edge constraints. Exists to be partialed.

    Parameters:
    -----------
    x : float
        Dummy variable to be partialed over
    rbin : float
        Edge of bin for powerlaw
    cur_amp : float
        Amplitude of power law
    cur_pow : float
        Power of power law
    c : float
        Constant offset

    Returns
    -------
    tmp : float
        Powerlaw evaluated at x
    """
    tmp = cur_amp * (x**cur_pow - rbin**cur_pow) + c
    return tmp


@jax.jit
def broken_power(
    rs: jax.Array,
    condlist: tuple,
    rbins: jax.Array,
    amps: jax.Array,
    pows: jax.Array,
    c: float,
) -> jax.Array:
    """
    Function which returns a broken powerlaw evaluated at rs.

    Parameters:
    -----------
    rs : jax.Array
        Array of rs at which to compute pl.
    condlist : tuple
        tuple which enocdes which rs are evaluated by which parametric function
    rbins : jax.Array
        Array of bin edges for power laws
    amps : jax.Array
        Amplitudes of power laws
    pows : jax.Array                                                                                                                                                                                                                                                                            Exponents of power laws
    c : float
        Constant offset for powerlaws
    """
    cur_c = c  # TODO: necessary?
    funclist = []
    for i in range(len(condlist) - 1, -1, -1):
        funclist.append(
            partial(power, rbin=rbins[i + 1], cur_amp=amps[i], cur_pow=pows[i], c=cur_c)
        )
        cur_c += amps[i] * (rbins[i] ** pows[i] - rbins[i + 1] ** pows[i])
    return jnp.piecewise(rs, condlist, funclist)


f = broken_power
# --- end user code ---

import numpy as np


def make_inputs(rng):
    f32 = np.float32
    rbins = np.sort(rng.uniform(0.5, 6.0, size=(4,))).astype(f32)
    rbins[0] = f32(0.3)
    rs = np.sort(rng.uniform(0.3, 6.0, size=(24,))).astype(f32)
    condlist = (
        rs < rbins[1],
        (rs >= rbins[1]) & (rs < rbins[2]),
        rs >= rbins[2],
    )
    amps = rng.uniform(0.5, 3.0, size=(3,)).astype(f32)
    pows = rng.uniform(-3.0, -0.5, size=(3,)).astype(f32)
    c = f32(rng.normal(0.0, 0.5))
    return (rs, condlist, rbins, amps, pows, c)


INPUTS = make_inputs
