"""MPAX create_lp: an in-place transform finds two-sided rows with jnp.where and grows the problem.

source: MIT-Lu-Lab/MPAX, mpax/mp_io.py (two_sided_rows_to_slacks called by create_lp via transform_to_standard_form); jit failure reported in https://github.com/MIT-Lu-Lab/MPAX/issues/1 (the maintainers later changed the create_lp signature so that the number of constraints is static)
error: ConcretizationTypeError
category: object-inplace-data-dependent-shape
expect: report
notes: TwoSidedQpProblem is a small mutable class; the BCOO sparse constraint/objective matrices are dense arrays (the slack matrix is built with .at[].set instead of a BCOO literal, bcoo_concatenate becomes jnp.concatenate); the objective-matrix rebuild is omitted. two_sided_rows_to_slacks is otherwise verbatim: jnp.where(mask)[0], `if len(two_sided_rows) == 0: return`, and in-place attribute updates whose sizes depend on the data: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class TwoSidedQpProblem:
    def __init__(self, variable_lower_bound, variable_upper_bound,
                 constraint_lower_bound, constraint_upper_bound,
                 constraint_matrix, objective_vector):
        self.variable_lower_bound = variable_lower_bound
        self.variable_upper_bound = variable_upper_bound
        self.constraint_lower_bound = constraint_lower_bound
        self.constraint_upper_bound = constraint_upper_bound
        self.constraint_matrix = constraint_matrix
        self.objective_vector = objective_vector


def two_sided_rows_to_slacks(qp: TwoSidedQpProblem) -> None:
    """Transforms a TwoSidedQpProblem in-place to remove two-sided constraints."""

    # Find all rows where the constraints are two-sided and bounds are not equal
    two_sided_rows = jnp.where(
        jnp.isfinite(qp.constraint_lower_bound)
        & jnp.isfinite(qp.constraint_upper_bound)
        & (qp.constraint_lower_bound != qp.constraint_upper_bound)
    )[0]

    if len(two_sided_rows) == 0:
        return

    # Construct a slack matrix using the indices of two-sided constraints
    row_indices = two_sided_rows
    col_indices = jnp.arange(len(two_sided_rows))
    slack_matrix = jnp.zeros((len(qp.constraint_lower_bound), len(two_sided_rows)))
    slack_matrix = slack_matrix.at[row_indices, col_indices].set(-1.0)

    # Update variable bounds by adding slack variable bounds
    qp.variable_lower_bound = jnp.concatenate(
        [qp.variable_lower_bound, qp.constraint_lower_bound[two_sided_rows]]
    )
    qp.variable_upper_bound = jnp.concatenate(
        [qp.variable_upper_bound, qp.constraint_upper_bound[two_sided_rows]]
    )

    # Update the objective vector by adding zeros for the slack variables
    qp.objective_vector = jnp.concatenate(
        [qp.objective_vector, jnp.zeros(len(two_sided_rows))]
    )

    # Append the slack matrix to the constraint matrix
    qp.constraint_matrix = jnp.concatenate(
        [qp.constraint_matrix, slack_matrix], axis=1
    )

    # Set the bounds of the two-sided constraints to 0
    qp.constraint_lower_bound = qp.constraint_lower_bound.at[two_sided_rows].set(0)
    qp.constraint_upper_bound = qp.constraint_upper_bound.at[two_sided_rows].set(0)


@jax.jit
def f(c, A, l, u, var_lb, var_ub):
    problem = TwoSidedQpProblem(
        variable_lower_bound=jnp.array(var_lb),
        variable_upper_bound=jnp.array(var_ub),
        constraint_lower_bound=jnp.array(l),
        constraint_upper_bound=jnp.array(u),
        constraint_matrix=A,
        objective_vector=jnp.array(c),
    )
    two_sided_rows_to_slacks(problem)
    return (problem.constraint_matrix, problem.objective_vector,
            problem.variable_lower_bound, problem.variable_upper_bound)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m, n = 4, 3
    A = rng.normal(size=(m, n)).astype(np.float32)
    c = rng.normal(size=(n,)).astype(np.float32)
    l = rng.normal(size=(m,)).astype(np.float32) - 1.0
    u = l + rng.uniform(0.5, 2.0, size=(m,)).astype(np.float32)
    u[rng.random(m) < 0.5] = np.inf   # some one-sided rows
    return c, A, l, u, np.zeros(n, np.float32), np.full(n, 10.0, np.float32)


INPUTS = make_inputs
