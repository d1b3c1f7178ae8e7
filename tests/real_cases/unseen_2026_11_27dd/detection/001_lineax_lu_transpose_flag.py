"""lineax's LU solver: the solver state tuple carries a `transpose` flag that `compute` tests with a Python `if`.

source: patrick-kidger/lineax lineax/_solver/lu.py at 041e855a550c0e834d02b3b465991332c2d4c4a7 (class LU: init, compute, transpose, conj); failure reported in https://github.com/patrick-kidger/lineax/issues/187 ("TracerBoolConversionError with jax>=0.8.2 and `LU.compute`"), fix proposed in https://github.com/patrick-kidger/lineax/pull/188 ("using lax.cond instead of if/else")
error: TracerBoolConversionError
category: object-state-field-in-if
expect: fix
notes: The LU class is verbatim (minus the AbstractLinearSolver base, `strict=True` and type annotations that need jaxtyping). The lineax internals it imports (pack_structures, ravel_vector, unravel_solution, transpose_packed_structures, is_diagonal, RESULTS) and the operator are replaced by small stand-ins that treat the vector as a flat array and the operator as a dense matrix. Under jax>=0.8.2 the `transpose` bool of the state reaches `compute` as a traced bool[] (it crosses lineax's primitive boundary as a pytree leaf); the entry point `f` reproduces that by taking the flag as a traced argument. The leak is `trans = 1 if transpose else 0`, and `trans` must then be static for jsp.linalg.lu_solve, so the fix selects between the two solves (lax.cond / jnp.where). `LU.transpose` / `LU.conj` (`not transpose`) would leak too but are not called by `f`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy as jsp


# stand-ins for lineax internals ---------------------------------------------
class RESULTS:
    successful = 0


class MatrixLinearOperator:
    def __init__(self, matrix):
        self.matrix = matrix

    def in_size(self):
        return self.matrix.shape[1]

    def out_size(self):
        return self.matrix.shape[0]

    def as_matrix(self):
        return self.matrix


def is_diagonal(operator):
    return False


def pack_structures(operator):
    return None


def ravel_vector(vector, packed_structures):
    return vector


def unravel_solution(solution, packed_structures):
    return solution


def transpose_packed_structures(packed_structures):
    return packed_structures


# lineax/_solver/lu.py ---------------------------------------------------------
class LU:
    """LU solver for linear systems.

    This solver can only handle square nonsingular operators.
    """

    def init(self, operator, options: dict[str, Any]):
        del options
        if operator.in_size() != operator.out_size():
            raise ValueError(
                "`LU` may only be used for linear solves with square matrices"
            )
        packed_structures = pack_structures(operator)
        if is_diagonal(operator):
            lu = operator.as_matrix(), jnp.arange(operator.in_size(), dtype=jnp.int32)
        else:
            lu = jsp.linalg.lu_factor(operator.as_matrix())
        return lu, packed_structures, False

    def compute(self, state, vector, options: dict[str, Any]):
        del options
        lu_and_piv, packed_structures, transpose = state
        trans = 1 if transpose else 0
        vector = ravel_vector(vector, packed_structures)
        solution = jsp.linalg.lu_solve(lu_and_piv, vector, trans=trans)
        solution = unravel_solution(solution, packed_structures)
        return solution, RESULTS.successful, {}

    def transpose(self, state, options: dict[str, Any]):
        lu_and_piv, packed_structures, transpose = state
        transposed_packed_structures = transpose_packed_structures(packed_structures)
        transpose_state = lu_and_piv, transposed_packed_structures, not transpose
        transpose_options = {}
        return transpose_state, transpose_options

    def conj(self, state, options: dict[str, Any]):
        (lu, piv), packed_structures, transpose = state
        conj_state = (lu.conj(), piv), packed_structures, not transpose
        conj_options = {}
        return conj_state, conj_options

    def allow_dependent_columns(self, operator):
        return False

    def allow_dependent_rows(self, operator):
        return False


@jax.jit
def f(matrix, vector, transpose):
    solver = LU()
    lu_and_piv, packed_structures, _ = solver.init(MatrixLinearOperator(matrix), {})
    state = (lu_and_piv, packed_structures, transpose)
    solution, result, stats = solver.compute(state, vector, {})
    return solution
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    matrix = (rng.normal(size=(n, n)) + 4.0 * np.eye(n)).astype(np.float32)
    vector = rng.normal(size=(n,)).astype(np.float32)
    transpose = np.asarray(rng.random() < 0.5)
    return (matrix, vector, transpose)


INPUTS = make_inputs


@jax.jit
def reference_fix(matrix, vector, transpose):
    lu_and_piv = jsp.linalg.lu_factor(matrix)
    return jax.lax.cond(
        transpose,
        lambda v: jsp.linalg.lu_solve(lu_and_piv, v, trans=1),
        lambda v: jsp.linalg.lu_solve(lu_and_piv, v, trans=0),
        vector,
    )
