"""A flag that a library call needs as a Python value (`lu_solve(..., trans=...)`,
`solve_triangular(..., lower=...)`) but that the function picks from a traced value: the calls are
written out once per value and `lax.switch`/`lax.cond` picks one, the whole rewrite runs under jit
and agrees with the original run eagerly."""

from __future__ import annotations

import pytest

from casekit import run_side_by_side, settings
from tracerfix.engine import fix

jax = pytest.importorskip("jax")

LINEAX_LU = '''
import jax
import jax.numpy as jnp
import jax.scipy as jsp


class LU:
    def init(self, matrix):
        return jsp.linalg.lu_factor(matrix), None, False

    def compute(self, state, vector):
        lu_and_piv, packed_structures, transpose = state
        trans = 1 if transpose else 0
        return jsp.linalg.lu_solve(lu_and_piv, vector, trans=trans)


@jax.jit
def f(matrix, vector, transpose):
    solver = LU()
    lu_and_piv, packed, _ = solver.init(matrix)
    return solver.compute((lu_and_piv, packed, transpose), vector)
'''

SOLVE_TRIANGULAR = '''
import jax
import jax.numpy as jnp
import jax.scipy as jsp


@jax.jit
def f(a, b, side):
    lower = True if side < 0 else False
    return jsp.linalg.solve_triangular(a, b, lower=lower)
'''


def test_a_ternary_flag_of_lu_solve_becomes_a_switch_between_the_two_solves():
    fixed = fix(LINEAX_LU, settings(unsafe=True)).source
    assert "lax.switch(" in fixed and "trans=0" in fixed and "trans=1" in fixed
    matrix = "jnp.array([[2.0, 1.0], [0.5, 3.0]])"
    run_side_by_side(LINEAX_LU, fixed, "f", (f"({matrix}, jnp.array([1.0, 2.0]), jnp.bool_(True))",
                                             f"({matrix}, jnp.array([1.0, 2.0]), jnp.bool_(False))"))


def test_a_ternary_flag_between_true_and_false_becomes_a_cond():
    fixed = fix(SOLVE_TRIANGULAR, settings(unsafe=True)).source
    assert "lax.cond(" in fixed and "lower=True" in fixed and "lower=False" in fixed
    upper = "jnp.array([[2.0, 1.0], [0.0, 3.0]])"
    lower = "jnp.array([[2.0, 0.0], [1.0, 3.0]])"
    run_side_by_side(SOLVE_TRIANGULAR, fixed, "f", (f"({lower}, jnp.array([1.0, 2.0]), jnp.int32(-1))",
                                                    f"({upper}, jnp.array([1.0, 2.0]), jnp.int32(1))"))


def test_without_unsafe_fixes_the_calls_are_not_written_out_and_the_flag_is_reported():
    result = fix(SOLVE_TRIANGULAR, settings(unsafe=False))
    assert "lax.cond(" not in result.source and "solve_triangular(a, b, lower=lower)" in result.source
    assert any(finding.code == "TFX203" for finding in result.findings)
