"""Moment-to-cumulant conversion with a ternary on a traced scalar: `sms[1] if mean == 0. else mean`.

source: zgbkdlm/mfs mfs/one_dim/moments.py (code-index file id 7811327990; stored revision at
    68363c8f13416d1b162b1fae3615e70fab79ae27) -- sms_to_cumulants and scaled_to_central; partial_bell from
    mfs/utils.py at 68363c8f13416d1b162b1fae3615e70fab79ae27
error: TracerBoolConversionError
category: ternary-truth-test
expect: fix
notes: sms_to_cumulants, scaled_to_central and partial_bell verbatim (docstrings of sms_to_cumulants and
    partial_bell shortened). The module's imports of tme, mfs.typings and the quadrature module are
    dropped; type hints use local aliases. Entry point added: `f = jax.jit(sms_to_cumulants)`. The
    recursion over n and k is static; only the first cumulant's conditional expression tests the traced
    `mean`, so the fix is `jnp.where(mean == 0., sms[1], mean)`. make_inputs uses mean == 0 in about half
    of the trials so both arms run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
import jax
import jax.numpy as jnp
from typing import Sequence, Union

JArray = jnp.ndarray
Array = jnp.ndarray
FloatScalar = Union[float, jnp.ndarray]


def partial_bell(n: int, k: int, xs: Union[Array, Sequence[float]]) -> FloatScalar:
    r"""The partial/incomplete Bell polynomial. See https://en.wikipedia.org/wiki/Bell_polynomials.

    Computed by using the recurrence relation

    .. math::

        B_{n, k}(x_1, x_2, \ldots, x_{n-k+1}) = \sum^{n-k+1}_{i=1} \binom{n-1}{i-1} \, x_i \, B_{n-i, k-1}(x_1, x_2, \ldots)
    """
    if n == 0 and k == 0:
        return 1.
    elif (n >= 1 and k == 0) or (n == 0 and k >= 1):
        return 0.
    else:
        terms = [math.comb(n - 1, i - 1) * xs[i - 1] * partial_bell(n - i, k - 1, xs) for i in range(1, n - k + 1 + 1)]
        return sum(terms)


def scaled_to_central(sms: JArray, scale: FloatScalar) -> JArray:
    """Convert E[((X - mean) / scale)^n] to E[(X - mean)^n].
    """
    return sms * jnp.array([scale ** n for n in range(sms.shape[0])])


def sms_to_cumulants(sms: JArray, mean: FloatScalar, scale: FloatScalar) -> JArray:
    r"""Convert scaled central moments to cumulants.

    Notes
    -----
    The zero-th cumulant k_0 is ignored, so the return starts from k_1.
    """

    def nth_cumulant(n: int) -> FloatScalar:
        if n == 1:
            return sms[1] if mean == 0. else mean
        elif n == 0:
            raise ValueError(f'The implementation does not allow n = 0.')
        else:
            return sum([(-1) ** (k - 1) * math.factorial(k - 1) * partial_bell(n, k, scaled_to_central(sms, scale)[1:])
                        for k in range(1, n + 1)])

    return jnp.array([nth_cumulant(n) for n in range(1, sms.shape[0])])


f = jax.jit(sms_to_cumulants)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # scaled central moments of a near-Gaussian variable: 1, 0, 1, skew, kurt, ...
    sms = np.array([1.0, 0.0, 1.0, rng.normal(0, 0.3), 3.0 + rng.normal(0, 0.3),
                    rng.normal(0, 1.0)], dtype=np.float32)
    sms[1] = np.float32(rng.normal(0, 0.05))
    mean = np.float32(0.0) if rng.random() < 0.5 else np.float32(rng.normal(1.0, 0.5))
    scale = np.float32(rng.uniform(0.5, 2.0))
    return (sms, mean, scale)


INPUTS = make_inputs


@jax.jit
def reference_fix(sms, mean, scale):
    cs = scaled_to_central(sms, scale)[1:]

    def nth(n):
        if n == 1:
            return jnp.where(mean == 0., sms[1], mean)
        return sum([(-1) ** (k - 1) * math.factorial(k - 1) * partial_bell(n, k, cs) for k in range(1, n + 1)])

    return jnp.array([nth(n) for n in range(1, sms.shape[0])])
