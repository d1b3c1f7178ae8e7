"""QPM duty-cycle dithering: `int(jnp.ceil(Lp / dx_um))` on static floats still yields a tracer under jit.

source: quasi-phase-matching (QPM) SHG quantization script in the public code index (code-index file id 27505745154; imports `from qpm import cwes, mgoslt`; functions generate_gaussian_profile, construct_geometry, quantize_widths, quantize_dithered_duty, run_simulation). The index does not name the repository or commit.
error: ConcretizationTypeError
category: helper-int-of-jnp-static
expect: fix
notes: quantize_dithered_duty verbatim. The script calls it eagerly; here it is jitted with Lp and dx_um static (Python floats), which is how it would be jitted. Even with static arguments the helper leaks: inside a trace `jnp.ceil(Lp / dx_um)` is a tracer, so `int(...)` raises, and the `possible_widths[possible_widths <= Lp + 1e-9]` mask that follows is a boolean index on a traced array. The fix computes the candidate widths with math/numpy (all static) and keeps the lax.scan. Dropped the script's global `jax.config.update("jax_enable_x64", True)` (it would change every other case in the judge process) and the plotly imports.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def quantize_dithered_duty(d_n: jnp.ndarray, Lp: float, dx_um: float) -> jnp.ndarray:
    """
    Quantizes duty cycles using error diffusion on the nonlinearity sin(pi*d).
    This aims to preserve the effective nonlinearity magnitude on average.
    """
    # Available discrete widths (assuming max width = Lp)
    # We allow width > Lp? No, max duty 1.0.
    num_steps = int(jnp.ceil(Lp / dx_um))
    possible_widths = jnp.arange(num_steps + 1) * dx_um
    # Cap at Lp
    possible_widths = possible_widths[possible_widths <= Lp + 1e-9]

    possible_duties = possible_widths / Lp
    possible_effs = jnp.sin(jnp.pi * possible_duties)

    target_effs = jnp.sin(jnp.pi * d_n)

    # Error Diffusion Loop (Serial, unfortunately, but num length 10000 is fast in CPU)
    # Use JAX scan? Or simple numpy/python list is fine for 10000.
    # scan is better.

    def scan_body(carry, target):
        accum_error = carry

        # We want to match (target + error)
        desired = target + accum_error

        # Find closest available efficiency
        # Using abs diff
        diffs = jnp.abs(possible_effs - desired)
        path_idx = jnp.argmin(diffs)

        chosen_eff = possible_effs[path_idx]
        chosen_duty = possible_duties[path_idx]

        # New error
        new_error = desired - chosen_eff

        return new_error, chosen_duty

    _, d_n_dithered = jax.lax.scan(scan_body, 0.0, target_effs)

    return d_n_dithered


f = jax.jit(quantize_dithered_duty, static_argnums=(1, 2))
# --- end user code ---

import math
from functools import partial

import numpy as np


def make_inputs(rng):
    # d_n = arcsin(|profile|) / pi lies in [0, 0.5]; include both ends.
    d_n = (np.arcsin(np.abs(rng.uniform(-1.0, 1.0, size=(48,)))) / np.pi).astype(np.float32)
    d_n[0] = 0.0
    d_n[1] = 0.5
    Lp = float(np.round(rng.uniform(6.0, 7.5), 3))
    dx_um = float(rng.choice([0.1, 0.25, 0.8614, 1.7228]))
    return (d_n, Lp, dx_um)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(1, 2))
def reference_fix(d_n, Lp, dx_um):
    num_steps = int(math.ceil(Lp / dx_um))
    widths = np.arange(num_steps + 1) * dx_um
    widths = widths[widths <= Lp + 1e-9]
    possible_widths = jnp.asarray(widths, dtype=jnp.float32)
    possible_duties = possible_widths / Lp
    possible_effs = jnp.sin(jnp.pi * possible_duties)
    target_effs = jnp.sin(jnp.pi * d_n)

    def scan_body(carry, target):
        desired = target + carry
        path_idx = jnp.argmin(jnp.abs(possible_effs - desired))
        return desired - possible_effs[path_idx], possible_duties[path_idx]

    _, out = jax.lax.scan(scan_body, 0.0, target_effs)
    return out
