"""ripple's SpinWeightedY: `if s == -2 / l == 2 / m == ...` chains and `np.exp(1j * m * phi)` that only ever see Python ints.

source: tedwards2412/ripple src/ripple/waveforms/IMRPhenomPv2_utils.py at 7815432bb7854c35d146cd84e8baa4f6e8f37130 (SpinWeightedY; code-index file id 31077789844); the calling block is the one in the IMRPhenomPv2 driver (`Y2m2 = SpinWeightedY(thetaJN, 0, -2, 2, -2)` ... `Y2 = [Y2m2, Y2m1, Y20, Y21, Y22]`, e.g. code-index file id 1574231505)
error: none
category: negative-static-ints
expect: untouched
notes: SpinWeightedY copied verbatim. The entry point `f(thetaJN)` is the five-line Y2 block from the IMRPhenomPv2 driver, jitted: theta is traced, but s, l, m are Python int literals and phi is the literal 0, so every `if`/`elif` compares Python ints and `np.exp(1j * m * phi)` is NumPy on a Python complex, all resolved at trace time. A fixer must not turn the comparisons into lax.cond/jnp.where or the `np.exp` into `jnp.exp` (the file has to stay byte-identical).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def SpinWeightedY(theta, phi, s, l, m):
    "copied from SphericalHarmonics.c in LAL"
    if s == -2:
        if l == 2:
            if m == -2:
                fac = (
                    jnp.sqrt(5.0 / (64.0 * jnp.pi))
                    * (1.0 - jnp.cos(theta))
                    * (1.0 - jnp.cos(theta))
                )
            elif m == -1:
                fac = (
                    jnp.sqrt(5.0 / (16.0 * jnp.pi))
                    * jnp.sin(theta)
                    * (1.0 - jnp.cos(theta))
                )
            elif m == 0:
                fac = jnp.sqrt(15.0 / (32.0 * jnp.pi)) * jnp.sin(theta) * jnp.sin(theta)
            elif m == 1:
                fac = (
                    jnp.sqrt(5.0 / (16.0 * jnp.pi))
                    * jnp.sin(theta)
                    * (1.0 + jnp.cos(theta))
                )
            elif m == 2:
                fac = (
                    jnp.sqrt(5.0 / (64.0 * jnp.pi))
                    * (1.0 + jnp.cos(theta))
                    * (1.0 + jnp.cos(theta))
                )
            else:
                raise ValueError(f"Invalid mode s={s}, l={l}, m={m} - require |m| <= l")
    return fac * np.exp(1j * m * phi)


@jax.jit
def f(thetaJN):
    Y2m2 = SpinWeightedY(thetaJN, 0, -2, 2, -2)
    Y2m1 = SpinWeightedY(thetaJN, 0, -2, 2, -1)
    Y20 = SpinWeightedY(thetaJN, 0, -2, 2, -0)
    Y21 = SpinWeightedY(thetaJN, 0, -2, 2, 1)
    Y22 = SpinWeightedY(thetaJN, 0, -2, 2, 2)
    Y2 = [Y2m2, Y2m1, Y20, Y21, Y22]
    return Y2
# --- end user code ---


def make_inputs(rng):
    return (np.float32(rng.uniform(0.0, np.pi)),)


INPUTS = make_inputs
