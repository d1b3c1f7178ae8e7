"""Zernike polynomial from a Noll index: noll_to_nm computes (n, m) with `int(jnp.ceil(jnp.sqrt(...)))` and `int(jnp.where(...))`.

source: code-index file id 2553335398, the Zernike module of the optics package `janssen` (module docstring "Zernike polynomial functions for optical aberration modeling."; it imports `janssen.utils` and `.helper.add_phase_screen`); the index did not name the repository. Functions factorial, noll_to_nm, zernike_radial, zernike_even, zernike_odd, zernike_nm, zernike_noll.
error: ConcretizationTypeError
category: int-of-jnp-op-on-static-index
expect: fix
notes: the seven functions are verbatim, decorators and annotations included. The Noll index `j` must
  be static (n and m set the length of the scan in zernike_radial through jnp.arange), and it is a
  Python int, but noll_to_nm pushes it through jnp.sqrt / jnp.ceil / jnp.where and converts the results
  back with int(); under jit those jnp calls are staged, so `int(jnp.ceil(n_float))` meets a tracer.
  The same arithmetic in Python (math.sqrt / math.ceil and conditional expressions) keeps n and m
  static. Adaptations: beartype, jaxtyping and janssen.utils are not available here, so `beartype`,
  `jaxtyped` are identity stand-ins, `Float[...]` / `Int[...]` annotations resolve to typing.Any,
  `ScalarInteger` is `int`, and `Tuple` comes from typing instead of beartype.typing; the module's
  other functions (aberration helpers, traced variants) are dropped; the entry point
  `f = jax.jit(zernike_noll, static_argnums=(2, 3))` is added. make_inputs draws j in 1..15 (piston
  through fourth order, both signs of m) and both values of `normalize`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, Tuple

import jax
import jax.numpy as jnp


# stand-ins for `from beartype import beartype`, `from jaxtyping import Array, Float, Int, jaxtyped`
# and `from janssen.utils import ScalarInteger`
def beartype(fn):
    return fn


def jaxtyped(typechecker=None):
    def wrap(fn):
        return fn
    return wrap


class _Annotation:
    def __getitem__(self, item):
        return Any


Array = jax.Array
Float = Int = _Annotation()
ScalarInteger = int


@jaxtyped(typechecker=beartype)
def factorial(n: Int[Array, " "]) -> Int[Array, " "]:
    """JAX-compatible factorial computation.

    Parameters
    ----------
    n : Int[Array, " "]
        Non-negative integer

    Returns
    -------
    Int[Array, " "]
        n! (n factorial)
    """
    gammaln_result: Float[Array, " "] = jax.scipy.special.gammaln(n + 1)
    exp_result: Float[Array, " "] = jnp.exp(gammaln_result)
    rounded: Float[Array, " "] = jnp.round(exp_result)
    result: Int[Array, " "] = rounded.astype(jnp.int64)
    return result


@jaxtyped(typechecker=beartype)
def noll_to_nm(j: ScalarInteger) -> Tuple[int, int]:
    """Convert Noll index to (n, m) indices.

    Parameters
    ----------
    j : int
        Noll index (starting from 1)

    Returns
    -------
    n : int
        Radial order
    m : int
        Azimuthal frequency (signed)

    Notes
    -----
    Uses the standard Noll ordering where j=1 corresponds to piston (n=0, m=0).
    Sign convention: j even -> m >= 0 (cosine), j odd -> m <= 0 (sine).

    The radial order n is found from the cumulative count relation:
    n(n+1)/2 < j <= (n+1)(n+2)/2.

    Within each row n, the position k (0-indexed) determines |m|.
    For n even: |m| follows pattern 0,2,2,4,4,...
    For n odd: |m| follows pattern 1,1,3,3,5,5,...
    """
    n_float: Float[Array, " "] = (-1 + jnp.sqrt(1 + 8 * j)) / 2
    n: int = int(jnp.ceil(n_float)) - 1

    j_start: int = n * (n + 1) // 2 + 1
    k: int = j - j_start

    m_abs_even_n: int = 2 * ((k + 1) // 2)
    m_abs_odd_n: int = 2 * (k // 2) + 1
    m_abs: int = int(jnp.where(n % 2 == 0, m_abs_even_n, m_abs_odd_n))

    m_positive: int = m_abs
    m_negative: int = -m_abs
    m_with_sign: int = int(jnp.where(j % 2 == 0, m_positive, m_negative))
    m: int = int(jnp.where(m_abs == 0, 0, m_with_sign))

    return n, m


@jaxtyped(typechecker=beartype)
def zernike_radial(
    rho: Float[Array, " *batch"],
    n: int,
    m: int,
) -> Float[Array, " *batch"]:
    """Compute the radial component of Zernike polynomial.

    Parameters
    ----------
    rho : Float[Array, " *batch"]
        Normalized radial coordinate (0 to 1)
    n : int
        Radial order
    m : int
        Azimuthal frequency (absolute value used)

    Returns
    -------
    Float[Array, " *batch"]
        Radial polynomial R_n^|m|(rho)

    Notes
    -----
    Uses JAX-compatible validation that returns zeros for invalid (n,m)
    combinations where n-|m| is odd. Computes the radial polynomial using
    the standard formula with factorials for valid combinations.
    Uses jax.lax.scan for efficient accumulation of terms.
    """
    m_abs: int = abs(m)
    valid: bool = (n - m_abs) % 2 == 0

    def scan_fn(
        carry: Float[Array, " *batch"], s: Int[Array, " "]
    ) -> Tuple[Float[Array, " *batch"], None]:
        sign: Float[Array, " "] = (-1.0) ** s
        num: Int[Array, " "] = factorial(jnp.array(n - s))
        denom_s: Int[Array, " "] = factorial(s)
        denom_n_plus: Int[Array, " "] = factorial(
            jnp.array((n + m_abs) // 2 - s)
        )
        denom_n_minus: Int[Array, " "] = factorial(
            jnp.array((n - m_abs) // 2 - s)
        )
        denom: Int[Array, " "] = denom_s * denom_n_plus * denom_n_minus
        coeff: Float[Array, " "] = sign * num / denom
        power_term: Float[Array, " *batch"] = rho ** (n - 2 * s)
        updated_result: Float[Array, " *batch"] = carry + coeff * power_term
        return updated_result, None

    initial_result: Float[Array, " *batch"] = jnp.zeros_like(rho)
    s_values: Int[Array, " S"] = jnp.arange((n - m_abs) // 2 + 1)
    result: Float[Array, " *batch"]
    result, _ = jax.lax.scan(scan_fn, initial_result, s_values)

    return jnp.where(valid, result, jnp.zeros_like(rho))


@jaxtyped(typechecker=beartype)
def zernike_even(
    rho: Float[Array, " *batch"],
    theta: Float[Array, " *batch"],
    n: int,
    m: int,
    normalize: bool = True,
) -> Float[Array, " *batch"]:
    """Generate even (cosine) Zernike polynomial.

    Parameters
    ----------
    rho : Float[Array, " *batch"]
        Normalized radial coordinate (0 to 1)
    theta : Float[Array, " *batch"]
        Azimuthal angle in radians
    n : int
        Radial order (n >= 0)
    m : int
        Azimuthal frequency (|m| <= n, n-|m| must be even)
    normalize : bool, optional
        Whether to normalize for unit RMS over unit circle, by default True

    Returns
    -------
    even_polynomial : Float[Array, " *batch"]
        Even Zernike polynomial using cosine for angular part

    Notes
    -----
    This function always uses cosine for the angular component,
    suitable for symmetric aberrations.
    Angular part uses cos(|m|*theta) for m≠0, and 1 for m=0.
    Normalization factor is sqrt(n+1) for m=0 and sqrt(2*(n+1)) for m≠0.
    Returns zero outside the unit circle (rho > 1).
    """
    r: Float[Array, " *batch"] = zernike_radial(rho, n, abs(m))
    m_abs: int = abs(m)
    cos_term: Float[Array, " *batch"] = jnp.cos(m_abs * theta)
    ones_term: Float[Array, " *batch"] = jnp.ones_like(theta)
    angular: Float[Array, " *batch"] = jnp.where(m != 0, cos_term, ones_term)
    norm_m0: Float[Array, " "] = jnp.sqrt(n + 1)
    norm_m_nonzero: Float[Array, " "] = jnp.sqrt(2 * (n + 1))
    norm: Float[Array, " "] = jnp.where(
        normalize, jnp.where(m == 0, norm_m0, norm_m_nonzero), 1.0
    )
    mask: Float[Array, " *batch"] = rho <= 1.0
    even_polynomial: Float[Array, " *batch"] = norm * r * angular * mask
    return even_polynomial


@jaxtyped(typechecker=beartype)
def zernike_odd(
    rho: Float[Array, " *batch"],
    theta: Float[Array, " *batch"],
    n: int,
    m: int,
    normalize: bool = True,
) -> Float[Array, " *batch"]:
    """Generate odd (sine) Zernike polynomial.

    Parameters
    ----------
    rho : Float[Array, " *batch"]
        Normalized radial coordinate (0 to 1)
    theta : Float[Array, " *batch"]
        Azimuthal angle in radians
    n : int
        Radial order (n >= 0)
    m : int
        Azimuthal frequency (|m| <= n, n-|m| must be even, m != 0)
    normalize : bool, optional
        Whether to normalize for unit RMS over unit circle, by default True

    Returns
    -------
    odd_polynomial : Float[Array, " *batch"]
        Odd Zernike polynomial using sine for angular part

    Notes
    -----
    This function always uses sine for the angular component,
    suitable for antisymmetric aberrations. Returns zero if m=0.
    Angular part uses sin(|m|*theta) for all m values.
    Normalization factor is sqrt(2*(n+1)) when normalize=True.
    Returns zero outside the unit circle (rho > 1) and for m=0.
    """
    is_m_zero: bool = m == 0
    r: Float[Array, " *batch"] = zernike_radial(rho, n, abs(m))
    m_abs: int = abs(m)
    angular: Float[Array, " *batch"] = jnp.sin(m_abs * theta)
    norm_value: Float[Array, " "] = jnp.sqrt(2 * (n + 1))
    norm: Float[Array, " "] = jnp.where(normalize, norm_value, 1.0)
    mask: Float[Array, " *batch"] = rho <= 1.0
    polynomial: Float[Array, " *batch"] = norm * r * angular * mask
    zeros: Float[Array, " *batch"] = jnp.zeros_like(rho)
    odd_polynomial: Float[Array, " *batch"] = jnp.where(
        is_m_zero, zeros, polynomial
    )
    return odd_polynomial


@jaxtyped(typechecker=beartype)
def zernike_nm(
    rho: Float[Array, " *batch"],
    theta: Float[Array, " *batch"],
    n: int,
    m: int,
    normalize: bool = True,
) -> Float[Array, " *batch"]:
    """Generate Zernike polynomial based on (n,m) indices.

    Parameters
    ----------
    rho : Float[Array, " *batch"]
        Normalized radial coordinate (0 to 1)
    theta : Float[Array, " *batch"]
        Azimuthal angle in radians
    n : int
        Radial order (n >= 0)
    m : int
        Azimuthal frequency (|m| <= n, n-|m| must be even)
    normalize : bool, optional
        Whether to normalize for unit RMS over unit circle, by default True

    Returns
    -------
    Float[Array, " *batch"]
        Zernike polynomial Z_n^m(rho, theta)

    Notes
    -----
    Determines whether to use even (cosine) or odd (sine) Zernike polynomial
    based on the sign of m. For m>=0, uses even (cosine) form.
    For m<0, uses odd (sine) form.
    """
    is_even: bool = m >= 0
    even_result: Float[Array, " *batch"] = zernike_even(
        rho, theta, n, abs(m), normalize
    )
    odd_result: Float[Array, " *batch"] = zernike_odd(
        rho, theta, n, abs(m), normalize
    )
    result: Float[Array, " *batch"] = jnp.where(
        is_even, even_result, odd_result
    )
    return result


@jaxtyped(typechecker=beartype)
def zernike_noll(
    rho: Float[Array, " *batch"],
    theta: Float[Array, " *batch"],
    j: int,
    normalize: bool = True,
) -> Float[Array, " *batch"]:
    """Generate Zernike polynomial based on Noll index.

    Parameters
    ----------
    rho : Float[Array, " *batch"]
        Normalized radial coordinate (0 to 1)
    theta : Float[Array, " *batch"]
        Azimuthal angle in radians
    j : int
        Noll index (starting from 1)
    normalize : bool, optional
        Whether to normalize for unit RMS over unit circle, by default True

    Returns
    -------
    Float[Array, " *batch"]
        Zernike polynomial for Noll index j

    Notes
    -----
    Converts Noll index to (n,m) pair and calls zernike_nm.
    The Noll indexing convention assigns j=1 to piston (n=0, m=0).
    """
    n, m = noll_to_nm(j)
    result: Float[Array, " *batch"] = zernike_nm(rho, theta, n, m, normalize)
    return result


f = jax.jit(zernike_noll, static_argnums=(2, 3))
# --- end user code ---

import math
from functools import partial

import numpy as np


def make_inputs(rng):
    rho = rng.uniform(0.0, 1.2, size=(6, 7)).astype(np.float32)
    theta = rng.uniform(-np.pi, np.pi, size=(6, 7)).astype(np.float32)
    j = int(rng.integers(1, 16))
    normalize = bool(rng.integers(0, 2))
    return (rho, theta, j, normalize)


INPUTS = make_inputs


def _noll_to_nm_static(j):
    n = math.ceil((-1 + math.sqrt(1 + 8 * j)) / 2) - 1
    k = j - (n * (n + 1) // 2 + 1)
    m_abs = 2 * ((k + 1) // 2) if n % 2 == 0 else 2 * (k // 2) + 1
    m_with_sign = m_abs if j % 2 == 0 else -m_abs
    m = 0 if m_abs == 0 else m_with_sign
    return n, m


@partial(jax.jit, static_argnums=(2, 3))
def reference_fix(rho, theta, j, normalize=True):
    n, m = _noll_to_nm_static(j)
    return zernike_nm(rho, theta, n, m, normalize)
