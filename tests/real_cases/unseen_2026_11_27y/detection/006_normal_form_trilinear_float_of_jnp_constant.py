"""A continuation library's `_trilinear` helper tests `float(jnp.real(coefficient))` of a Python constant: jnp stages it, so it is traced under jit.

source: code-index file id 60949980430 (a PHYDRA, Inc. JAX bifurcation/continuation module defining NormalFormStatus, fold_normal_form, pitchfork_normal_form, transcritical_normal_form and the helpers _tree_scale, _tree_add, _tree_real_like, _tree_imaginary_like, _tree_complex, _trilinear_real, _trilinear); the index did not name the repository
error: ConcretizationTypeError
category: helper-float-of-jnp-on-static-value
expect: fix
notes: the helpers are verbatim (keyword-only slashes and annotations kept; the jaxtyping
  `PyTree`/`Array` come from two-line stand-ins because jaxtyping is not installed here, and the
  file's `from __future__ import annotations` cannot stay below the case header). The package's
  ContinuationCurveProblem is replaced by a small stand-in class whose `residual(state, parameter,
  args)` is a cubic nonlinearity; `_trilinear` only calls `problem.residual`. The entry point `f`
  is added: it evaluates the complex trilinear form at a traced state/parameter along three traced
  complex directions, as the Hopf normal form does with its complex eigenvectors. The leak is
  subtle: `coefficient = (1j) ** imaginary_count` is a Python complex, but `jnp.real(...)` stages it
  inside jit, so `float(...)` sees a tracer. The local fix reads the Python value
  (`coefficient.real`, `coefficient.imag`) or keeps the loop-static test in plain Python.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any

import jax
import jax.numpy as jnp

Array = jax.Array


class PyTree:
    def __class_getitem__(cls, item):
        return cls


class ContinuationCurveProblem:
    problem_id = "cubic"

    def residual(self, state, parameter, args=None, /):
        del args
        return state**3 - parameter * state + 0.5 * jnp.sin(state)


def _tree_scale(scale: Any, tree: PyTree[Any], /) -> PyTree[Array]:
    return jax.tree.map(lambda value: scale * value, tree)


def _tree_add(left: PyTree[Any], right: PyTree[Any], /) -> PyTree[Array]:
    return jax.tree.map(lambda x, y: x + y, left, right)


def _tree_real_like(
    tree: PyTree[Any],
    reference: PyTree[Any],
    /,
) -> PyTree[Array]:
    return jax.tree.map(
        lambda value, target: jnp.asarray(
            jnp.real(value),
            dtype=jnp.asarray(target).dtype,
        ),
        tree,
        reference,
    )


def _tree_imaginary_like(
    tree: PyTree[Any],
    reference: PyTree[Any],
    /,
) -> PyTree[Array]:
    return jax.tree.map(
        lambda value, target: jnp.asarray(
            jnp.imag(value),
            dtype=jnp.asarray(target).dtype,
        ),
        tree,
        reference,
    )


def _tree_complex(real: PyTree[Any], imaginary: PyTree[Any], /) -> PyTree[Array]:
    return jax.tree.map(lambda x, y: x + 1j * y, real, imaginary)


def _trilinear_real(
    problem: ContinuationCurveProblem,
    state: PyTree[Any],
    parameter: Array,
    first_direction: PyTree[Any],
    second_direction: PyTree[Any],
    third_direction: PyTree[Any],
    args: Any,
    /,
) -> PyTree[Array]:
    def first(value):
        def second(inner):
            return jax.jvp(
                lambda deepest: problem.residual(deepest, parameter, args),
                (inner,),
                (first_direction,),
            )[1]

        return jax.jvp(second, (value,), (second_direction,))[1]

    return jax.jvp(first, (state,), (third_direction,))[1]


def _trilinear(
    problem: ContinuationCurveProblem,
    state: PyTree[Any],
    parameter: Array,
    first: PyTree[Any],
    second: PyTree[Any],
    third: PyTree[Any],
    args: Any,
    /,
) -> PyTree[Array]:
    directions = (
        (_tree_real_like(first, state), _tree_imaginary_like(first, state)),
        (_tree_real_like(second, state), _tree_imaginary_like(second, state)),
        (_tree_real_like(third, state), _tree_imaginary_like(third, state)),
    )
    real_terms: list[PyTree[Array]] = []
    imaginary_terms: list[PyTree[Array]] = []
    for first_imaginary in (0, 1):
        for second_imaginary in (0, 1):
            for third_imaginary in (0, 1):
                imaginary_count = first_imaginary + second_imaginary + third_imaginary
                term = _trilinear_real(
                    problem,
                    state,
                    parameter,
                    directions[0][first_imaginary],
                    directions[1][second_imaginary],
                    directions[2][third_imaginary],
                    args,
                )
                coefficient = (1j) ** imaginary_count
                if float(jnp.real(coefficient)) != 0.0:
                    real_terms.append(_tree_scale(jnp.real(coefficient), term))
                if float(jnp.imag(coefficient)) != 0.0:
                    imaginary_terms.append(_tree_scale(jnp.imag(coefficient), term))
    real = real_terms[0]
    for term in real_terms[1:]:
        real = _tree_add(real, term)
    imaginary = imaginary_terms[0]
    for term in imaginary_terms[1:]:
        imaginary = _tree_add(imaginary, term)
    return _tree_complex(real, imaginary)


problem = ContinuationCurveProblem()


@jax.jit
def f(state, parameter, first, second, third):
    return _trilinear(problem, state, parameter, first, second, third, None)
# --- end user code ---

import numpy as np


def _cvec(rng):
    return (rng.normal(size=(4,)) + 1j * rng.normal(size=(4,))).astype(np.complex64)


def make_inputs(rng):
    state = rng.normal(size=(4,)).astype(np.float32)
    parameter = np.float32(rng.normal())
    return (state, parameter, _cvec(rng), _cvec(rng), _cvec(rng))


INPUTS = make_inputs


@jax.jit
def reference_fix(state, parameter, first, second, third):
    # residual r(x) = x**3 - p*x + 0.5*sin(x) acts elementwise; its third derivative is
    # 6 - 0.5*cos(x), so the complex trilinear form is elementwise d3 * u * v * w.
    d3 = 6.0 - 0.5 * jnp.cos(state)
    return d3 * first * second * third
