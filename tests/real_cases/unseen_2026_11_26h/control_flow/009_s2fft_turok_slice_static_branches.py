"""s2fft's jitted Turok & Bucher Wigner-d slice: many Python `if`s and loops, all on static values.

source: astro-informatics/s2fft s2fft/wigner/turok_jax.py at 0ff66da54faeef9864fc6af08506462d67cedd23
    (compute_slice, _compute_quarter_slice, _renormalise, _increment_normalisation, _north_pole,
    _south_pole, _el0, reindex).
error: none
category: negative-static-branches
expect: untouched
notes: verbatim apart from the docstrings, which are cut to one line. It looks leaky: `if mm < 0:` /
    `if mm > 0:` inside helpers that receive traced arrays, `if i == 0:` / `if i == 1:` after a
    recursion on traced values, `for im in range(m + 1)`, `range(2, L + 1 + np.abs(mm))`. But `L`, `mm`
    and `m` are static (static_argnums) and `i` is a Python loop index; every data-dependent branch
    already goes through `lax.cond`, and the traced degree `el` is only used in arithmetic, indexing
    and `jnp.roll`. `f` is a jitted wrapper with the same static arguments. jnp.float64/int64 fall back
    to 32 bits (x64 is off). Trials include the north pole (beta = 0), the south pole (beta = pi) and
    el = 0, so every `lax.cond` branch runs.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax.lax as lax
from jax import jit
import jax.numpy as jnp
from functools import partial


@partial(jit, static_argnums=(2, 3))
def compute_slice(beta: float, el: int, L: int, mm: int) -> jnp.ndarray:
    r"""Compute a particular slice `mm` of the complete Wigner-d matrix at polar angle beta."""
    dl = jnp.zeros(2 * L - 1, dtype=jnp.float64)
    dl = lax.cond(
        jnp.abs(beta) < 1e-10, lambda x: _north_pole(x, el, L, mm), lambda x: x, dl
    )
    dl = lax.cond(
        jnp.abs(beta - jnp.pi) < 1e-10,
        lambda x: _south_pole(x, el, L, mm),
        lambda x: x,
        dl,
    )
    dl = lax.cond(el == 0, lambda x: _el0(x, L), lambda x: x, dl)
    dl = lax.cond(
        jnp.any(dl),
        lambda x: x,
        lambda x: _compute_quarter_slice(x, beta, el, L, mm),
        dl,
    )

    return reindex(dl, el, L)


@partial(jit, static_argnums=(3, 4))
def _compute_quarter_slice(
    dl: jnp.array, beta: float, el: int, L: int, mm: int
) -> jnp.ndarray:
    r"""Compute a single slice at mm of the Wigner-d matrix evaluated at beta."""
    # These constants handle overflow by retrospectively renormalising
    big_const = 1e10
    bigi = 1.0 / big_const
    lbig = jnp.log(big_const)

    # Trigonometric constant adopted throughout
    c = jnp.cos(beta)
    s = jnp.sin(beta)
    t = jnp.tan(-beta / 2.0)
    lt = jnp.log(jnp.abs(t))
    c2 = jnp.cos(beta / 2.0)
    omc = 1.0 - c

    # Indexing boundaries
    half_slices = jnp.zeros(2, dtype=jnp.int64)
    half_slices = half_slices.at[0].set(el + mm + 1)
    half_slices = half_slices.at[1].set(el - mm + 1)

    lims = jnp.zeros(2, dtype=jnp.int64)
    lims = lims.at[0].set(0)
    lims = lims.at[1].set(-1)

    # Vectors with indexing -L < m < L adopted throughout
    lrenorm = jnp.zeros(2, dtype=jnp.float64)
    sign = jnp.zeros(2, dtype=jnp.float64)
    cpi = jnp.zeros(L + 1, dtype=jnp.float64)
    cp2 = jnp.zeros(L + 1, dtype=jnp.float64)
    log_first_row = jnp.zeros(2 * L + 1, dtype=jnp.float64)

    # Populate vectors for first row
    log_first_row = log_first_row.at[0].set(2.0 * el * jnp.log(jnp.abs(c2)))

    for i in range(2, L + 1 + np.abs(mm)):
        ratio = (2 * el + 2 - i) / (i - 1)
        log_first_row = log_first_row.at[i - 1].set(
            log_first_row[i - 2] + jnp.log(ratio) / 2 + lt
        )

    sign = sign.at[0].set((t / jnp.abs(t)) ** ((half_slices[0] - 1) % 2))
    sign = sign.at[1].set((t / jnp.abs(t)) ** ((half_slices[1] - 1) % 2))

    # Initialising coefficients cp(m)= cplus(l-m).
    cpi = cpi.at[0].set(2.0 / jnp.sqrt(2 * el))
    for m in range(2, L + 1):
        cpi = cpi.at[m - 1].set(2.0 / jnp.sqrt(m * (2 * el + 1 - m)))
        cp2 = cp2.at[m - 1].set(cpi[m - 1] / cpi[m - 2])

    # Use Turok & Bucher recursion to evaluate a single half row
    # Then evaluate the negative half row and reflect using
    # Wigner-d symmetry relation.

    em = jnp.arange(1, L + 1)

    for i in range(2):
        sgn = (-1) ** (i)

        # Initialise the vector
        dl = dl.at[lims[i]].set(1.0)
        lamb = ((el + 1) * omc - half_slices[i] + c) / s
        dl = dl.at[lims[i] + sgn].set(lamb * dl[lims[i]] * cpi[0])

        for m in range(2, L):
            lamb = ((el + 1) * omc - half_slices[i] + m * c) / s
            dl = dl.at[lims[i] + sgn * m].set(
                lamb * cpi[m - 1] * dl[lims[i] + sgn * (m - 1)]
                - cp2[m - 1] * dl[lims[i] + sgn * (m - 2)]
            )
            lrenorm = lax.cond(
                dl[lims[i] + sgn * m] > big_const,
                lambda x: _increment_normalisation(x, i, lbig),
                lambda x: x,
                lrenorm,
            )
            dl = lax.cond(
                dl[lims[i] + sgn * m] > big_const,
                lambda x: _renormalise(x, lims[i], sgn, m, bigi),
                lambda x: x,
                dl,
            )

        # Apply renormalisation
        renorm = sign[i] * jnp.exp(log_first_row[half_slices[i] - 1] - lrenorm[i])

        if i == 0:
            dl = dl.at[: L - 1].multiply(renorm)

        if i == 1:
            dl = dl.at[-em].multiply((-1) ** ((mm - em + el + 1) % 2) * renorm)

    return jnp.nan_to_num(dl, neginf=0, posinf=0)


@partial(jit, static_argnums=(3))
def _renormalise(dl, lim, sgn, m, bigi) -> jnp.ndarray:
    r"""Renormalises the recursion of the Wigner-d matrix to avoid over/underflow."""
    for im in range(m + 1):
        dl = dl.at[lim + sgn * im].multiply(bigi)
    return dl


@partial(jit)
def _increment_normalisation(lrenorm, i, lbig) -> jnp.ndarray:
    r"""Increments the renormalisation vector to be removed after computation."""
    lrenorm = lrenorm.at[i].set(lrenorm[i] - lbig)
    return lrenorm


@partial(jit, static_argnums=(2, 3))
def _north_pole(dl, el, L, mm) -> jnp.ndarray:
    r"""Compute Wigner-d matrix for edge case where theta index is located on the north pole."""
    dl = dl.at[:].set(0)
    if mm < 0:
        dl = dl.at[el + mm].set(1)
    else:
        dl = dl.at[2 * L - 2 - el + mm].set(1)
    return dl


@partial(jit, static_argnums=(2, 3))
def _south_pole(dl, el, L, mm) -> jnp.ndarray:
    r"""Compute Wigner-d matrix for edge case where theta index is located on the south pole."""
    dl = dl.at[:].set(0)
    if mm > 0:
        dl = dl.at[el - mm].set((-1) ** (el + mm))
    else:
        dl = dl.at[2 * L - 2 - el - mm].set((-1) ** (el + mm))
    return dl


@partial(jit, static_argnums=(1))
def _el0(dl, L) -> jnp.ndarray:
    r"""Compute Wigner-d matrix for edge case where the harmonic degree is 0 (monopole term)."""
    dl = dl.at[:].set(0)
    dl = dl.at[-1].set(1)
    return dl


@partial(jit, static_argnums=(2))
def reindex(dl, el, L) -> jnp.ndarray:
    r"""Reorders indexing of Wigner-d matrix."""
    dl = dl.at[: L - 1].set(jnp.roll(dl, L - el - 1)[: L - 1])
    return dl.at[L - 1 :].set(jnp.roll(dl, -(L - el - 1))[L - 1 :])


@partial(jit, static_argnums=(2, 3))
def f(beta, el, L, mm):
    return compute_slice(beta, el, L, mm)
# --- end user code ---


def make_inputs(rng):
    L = 6
    el = int(rng.integers(0, L))
    mm = int(rng.integers(-el, el + 1)) if el > 0 else 0
    kind = rng.uniform()
    if kind < 0.15:
        beta = 0.0
    elif kind < 0.3:
        beta = np.pi
    else:
        beta = rng.uniform(0.2, np.pi - 0.2)
    return (np.float32(beta), np.int32(el), L, mm)


INPUTS = make_inputs
