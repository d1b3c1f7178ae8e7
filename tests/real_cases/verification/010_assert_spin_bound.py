"""phentax initial_processing: `assert jnp.all(...)` on the spins inside a jitted waveform setup.

source: https://github.com/asantini29/phentax/pull/28 (the spin-bound assertion in initial_processing)
error: TracerBoolConversionError
category: assert
expect: fix
notes: the assertion as the PR describes it, followed by the effective-spin arithmetic; inputs satisfy the bound (the eager original must not raise).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(chi1, chi2, eta):
    assert jnp.all(jnp.abs(chi1) <= 1.0) and jnp.all(jnp.abs(chi2) <= 1.0), "spins must be <= 1"
    delta = jnp.sqrt(1.0 - 4.0 * eta)
    chi_eff = 0.5 * (1.0 + delta) * chi1 + 0.5 * (1.0 - delta) * chi2
    return chi_eff
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-0.99, 0.99)), np.float32(rng.uniform(-0.99, 0.99)),
            np.float32(rng.uniform(0.05, 0.25)))


INPUTS = make_inputs


def _check(ok):
    assert ok, "spins must be <= 1"


@jax.jit
def reference_fix(chi1, chi2, eta):
    jax.debug.callback(_check, jnp.all(jnp.abs(chi1) <= 1.0) & jnp.all(jnp.abs(chi2) <= 1.0))
    delta = jnp.sqrt(1.0 - 4.0 * eta)
    return 0.5 * (1.0 + delta) * chi1 + 0.5 * (1.0 - delta) * chi2
