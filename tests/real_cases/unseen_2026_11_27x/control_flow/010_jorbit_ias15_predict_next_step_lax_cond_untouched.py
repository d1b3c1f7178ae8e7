"""Look-alike: jorbit's IAS15 predictor for the next step's b/e coefficients: the traced test `ratio < 20.0` already goes through jax.lax.cond with two branch closures (correct).

source: ben-cassese/jorbit jorbit/engine/ias15_integrator.py at 14c8a0e9a686beac21a7a454d281eb2159e336ec (code-index file id 984042666; predict_next_step, a pythonized/jaxified port of REBOUND's integrator_ias15.c)
error: none
category: negative
expect: untouched
notes: predict_next_step is verbatim. The rest of the module (substep_acceleration, predictor_corrector with its lax.scan/lax.cond, ias15_step) and its `from jorbit.data.constants import ...` are left out because predict_next_step uses none of them; the module-level `jax.config.update("jax_enable_x64", True)` is dropped so that importing the case does not switch the whole judge process to 64-bit. Added `f = jax.jit(predict_next_step)`. Inputs: the step-size ratio (drawn on both sides of 20 so both branches run) and 28 coefficient arrays of shape (n_particles, 3).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def predict_next_step(
    ratio,
    _e0,
    _e1,
    _e2,
    _e3,
    _e4,
    _e5,
    _e6,
    _b0,
    _b1,
    _b2,
    _b3,
    _b4,
    _b5,
    _b6,
    e0,
    e1,
    e2,
    e3,
    e4,
    e5,
    e6,
    b0,
    b1,
    b2,
    b3,
    b4,
    b5,
    b6,
):
    def large_ratio(params):
        (
            ratio,
            _e0,
            _e1,
            _e2,
            _e3,
            _e4,
            _e5,
            _e6,
            _b0,
            _b1,
            _b2,
            _b3,
            _b4,
            _b5,
            _b6,
            e0,
            e1,
            e2,
            e3,
            e4,
            e5,
            e6,
            b0,
            b1,
            b2,
            b3,
            b4,
            b5,
            b6,
        ) = params
        e0 = jnp.zeros_like(e0)
        e1 = jnp.zeros_like(e1)
        e2 = jnp.zeros_like(e2)
        e3 = jnp.zeros_like(e3)
        e4 = jnp.zeros_like(e4)
        e5 = jnp.zeros_like(e5)
        e6 = jnp.zeros_like(e6)
        b0 = jnp.zeros_like(b0)
        b1 = jnp.zeros_like(b1)
        b2 = jnp.zeros_like(b2)
        b3 = jnp.zeros_like(b3)
        b4 = jnp.zeros_like(b4)
        b5 = jnp.zeros_like(b5)
        b6 = jnp.zeros_like(b6)
        return e0, e1, e2, e3, e4, e5, e6, b0, b1, b2, b3, b4, b5, b6

    def ok_ratio(params):
        (
            ratio,
            _e0,
            _e1,
            _e2,
            _e3,
            _e4,
            _e5,
            _e6,
            _b0,
            _b1,
            _b2,
            _b3,
            _b4,
            _b5,
            _b6,
            e0,
            e1,
            e2,
            e3,
            e4,
            e5,
            e6,
            b0,
            b1,
            b2,
            b3,
            b4,
            b5,
            b6,
        ) = params
        q1 = ratio
        q2 = q1 * q1
        q3 = q1 * q2
        q4 = q2 * q2
        q5 = q2 * q3
        q6 = q3 * q3
        q7 = q3 * q4

        be0 = _b0 - _e0
        be1 = _b1 - _e1
        be2 = _b2 - _e2
        be3 = _b3 - _e3
        be4 = _b4 - _e4
        be5 = _b5 - _e5
        be6 = _b6 - _e6

        e0 = q1 * (
            _b6 * 7.0 + _b5 * 6.0 + _b4 * 5.0 + _b3 * 4.0 + _b2 * 3.0 + _b1 * 2.0 + _b0
        )
        e1 = q2 * (_b6 * 21.0 + _b5 * 15.0 + _b4 * 10.0 + _b3 * 6.0 + _b2 * 3.0 + _b1)
        e2 = q3 * (_b6 * 35.0 + _b5 * 20.0 + _b4 * 10.0 + _b3 * 4.0 + _b2)
        e3 = q4 * (_b6 * 35.0 + _b5 * 15.0 + _b4 * 5.0 + _b3)
        e4 = q5 * (_b6 * 21.0 + _b5 * 6.0 + _b4)
        e5 = q6 * (_b6 * 7.0 + _b5)
        e6 = q7 * _b6

        b0 = e0 + be0
        b1 = e1 + be1
        b2 = e2 + be2
        b3 = e3 + be3
        b4 = e4 + be4
        b5 = e5 + be5
        b6 = e6 + be6

        return e0, e1, e2, e3, e4, e5, e6, b0, b1, b2, b3, b4, b5, b6

    return jax.lax.cond(
        ratio < 20.0,
        ok_ratio,
        large_ratio,
        (
            ratio,
            _e0,
            _e1,
            _e2,
            _e3,
            _e4,
            _e5,
            _e6,
            _b0,
            _b1,
            _b2,
            _b3,
            _b4,
            _b5,
            _b6,
            e0,
            e1,
            e2,
            e3,
            e4,
            e5,
            e6,
            b0,
            b1,
            b2,
            b3,
            b4,
            b5,
            b6,
        ),
    )


f = jax.jit(predict_next_step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 3
    ratio = np.float32(rng.choice([rng.uniform(0.2, 2.0), rng.uniform(20.5, 40.0)]))
    coeffs = tuple(rng.normal(scale=0.1, size=(n, 3)).astype(np.float32) for _ in range(28))
    return (ratio,) + coeffs


INPUTS = make_inputs
