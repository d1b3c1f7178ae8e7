"""CoMP wave-angle code: an if/else chain on traced angles to fold an MLE angle into (-pi/2, pi/2].

source: public code index file id 9353699521, a `compPy` package module (imports compPy.util.config,
    compPy.spectraldensity, compPy.io.save_load; functions model, neg_loglike_mask, min_dist_fit,
    _fit_gauss2d, _correct_angle, compute_waveang) for coronal Doppler-velocity wave angles; the index
    does not name the repository or commit
error: TracerBoolConversionError
category: piecewise-if-chain
expect: fix
notes: _correct_angle verbatim. In the project it is called in a Python loop on each row of the
    parameters that jit(vmap(_fit_gauss2d)) returns ([sigma, coh_x, coh_y, theta]); here it is jitted
    directly (f = jax.jit(_correct_angle)), as the first step to putting it inside the vmapped fit. The
    module's other imports (compPy, scipy) are dropped. Inputs: theta spans several turns of both signs,
    and |coh_y| > |coh_x| about half the time, so every branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _correct_angle(param):
    """
    Correct MLE estimate for angle to standard polar coordinate definition.

    Bring all values between -pi/2 and pi/2
    """
    # bring range between -2pi and 2 pi
    ang_temp = param[-1] + 1e-7 # adding 1e-7 suppresses numerical errors
    ang_temp = ang_temp % (jnp.sign(ang_temp)*2*jnp.pi)

    # bring between -pi/2 and pi/2
    if jnp.abs(param[2]) > jnp.abs(param[1]):
        ang_temp = ang_temp-jnp.pi/2

    if jnp.abs(ang_temp) > jnp.pi:
        angle_rad = ang_temp-jnp.sign(ang_temp)*jnp.pi
    else:
        angle_rad = ang_temp

    if jnp.abs(angle_rad) < jnp.pi/2:
        angle_rad *= -1
    else:
        angle_rad = jnp.sign(angle_rad)*jnp.pi - angle_rad

    return angle_rad


f = jax.jit(_correct_angle)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    sigma = rng.uniform(0.05, 0.5)
    cx, cy = rng.uniform(0.5, 4.0, size=2) * rng.choice([-1.0, 1.0], size=2)
    theta = rng.uniform(-12.0, 12.0)
    return (np.array([sigma, cx, cy, theta], dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(param):
    ang_temp = param[-1] + 1e-7
    ang_temp = ang_temp % (jnp.sign(ang_temp) * 2 * jnp.pi)
    ang_temp = jnp.where(jnp.abs(param[2]) > jnp.abs(param[1]), ang_temp - jnp.pi / 2, ang_temp)
    angle_rad = jnp.where(jnp.abs(ang_temp) > jnp.pi, ang_temp - jnp.sign(ang_temp) * jnp.pi, ang_temp)
    return jnp.where(jnp.abs(angle_rad) < jnp.pi / 2, -angle_rad,
                     jnp.sign(angle_rad) * jnp.pi - angle_rad)
