"""neurax's branched tridiagonal solver: Python loops and ifs over the (static, NumPy) branch structure.

source: jaxleyverse/jaxley neurax/solver.py at 3504f2c9969a7224057b27922147982e6dac5418 (solve_branched, triang_branched, backsub_branched, _triang_level, _backsub_level, _eliminate_parents_upper, _eliminate_children_lower)
error: none
category: negative-static-structure-loops
expect: untouched
notes: the seven solver functions verbatim. `levels` and `parents` describe the morphology and are NumPy arrays built before tracing, so `range(np.max(levels), ...)`, `if levels[b] == level and parents[b] > -1` and `diags[parents[b]]` are all concrete; only the per-branch arrays are traced. The triang/backsub branch functions (a Thomas-algorithm sweep in neurax) and the jitted f over a 4-branch tree are ours.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Callable

import numpy as np
import jax
import jax.numpy as jnp


def solve_branched(
    levels,
    parents,
    lowers,
    diags,
    uppers,
    solves,
    branch_cond,
    triang_branch_fn: Callable,
    backsub_branch_fn: Callable,
):
    diags, uppers, solves = triang_branched(
        levels, parents, lowers, diags, uppers, solves, branch_cond, triang_branch_fn
    )
    solves = backsub_branched(
        levels, parents, diags, uppers, solves, branch_cond, backsub_branch_fn
    )
    return solves


def triang_branched(
    levels,
    parents,
    lowers,
    diags,
    uppers,
    solves,
    branch_cond,
    triang_branch_fn: Callable,
):
    for level in range(np.max(levels), -1, -1):

        diags, uppers, solves = _triang_level(
            level, levels, lowers, diags, uppers, solves, triang_branch_fn
        )
        diags, solves = _eliminate_parents_upper(
            level, levels, parents, diags, solves, branch_cond
        )

    return diags, uppers, solves


def backsub_branched(
    levels,
    parents,
    diags,
    uppers,
    solves,
    branch_cond,
    backsub_branch_fn: Callable,
):
    for level in range(np.max(levels) + 1):
        solves = _eliminate_children_lower(level, levels, parents, solves, branch_cond)
        solves = _backsub_level(level, levels, diags, uppers, solves, backsub_branch_fn)
    return solves


def _triang_level(level, levels, lowers, diags, uppers, solves, triang_branch_fn):
    num_branches = len(levels)
    for b in range(num_branches):
        if levels[b] == level:
            diags[b], uppers[b], solves[b] = triang_branch_fn(
                lowers[b], diags[b], uppers[b], solves[b]
            )

    return diags, uppers, solves


def _backsub_level(level, levels, diags, uppers, solves, backsub_branch_fn):
    num_branches = len(levels)
    for b in range(num_branches):
        if levels[b] == level:
            solves[b] = backsub_branch_fn(solves[b], uppers[b], diags[b])

    return solves


def _eliminate_parents_upper(level, levels, parents, diags, solves, branch_cond):
    num_branches = len(levels)
    for b in range(num_branches):
        if levels[b] == level and parents[b] > -1:
            last_of_3 = diags[b][-1]
            last_of_3_solve = solves[b][-1]

            multiplying_factor = branch_cond / last_of_3

            diags[parents[b]] = (
                diags[parents[b]]
                .at[0]
                .set(diags[parents[b]][0] - multiplying_factor * branch_cond)
            )
            solves[parents[b]] = (
                solves[parents[b]]
                .at[0]
                .set(solves[parents[b]][0] - multiplying_factor * last_of_3_solve)
            )
    return diags, solves


def _eliminate_children_lower(level, levels, parents, solves, branch_cond):
    num_branches = len(levels)
    for b in range(num_branches):
        if levels[b] == level and parents[b] > -1:
            solves[b] = (
                solves[b]
                .at[-1]
                .set(solves[b][-1] - branch_cond * solves[parents[b]][0])
            )
    return solves


def triang_branch(lowers, diags, uppers, solves):
    n = diags.shape[0]
    for i in range(n - 2, -1, -1):
        w = uppers[i] / diags[i + 1]
        diags = diags.at[i].add(-w * lowers[i])
        solves = solves.at[i].add(-w * solves[i + 1])
    return diags, uppers, solves


def backsub_branch(solves, uppers, diags):
    n = diags.shape[0]
    x = solves.at[0].set(solves[0] / diags[0])
    for i in range(1, n):
        x = x.at[i].set((solves[i] - uppers[i - 1] * x[i - 1]) / diags[i])
    return x


LEVELS = np.array([0, 1, 1, 2])
PARENTS = np.array([-1, 0, 0, 1])


@jax.jit
def f(lowers, diags, uppers, solves):
    return solve_branched(LEVELS, PARENTS, list(lowers), list(diags), list(uppers),
                          list(solves), -0.1, triang_branch, backsub_branch)
# --- end user code ---


def make_inputs(rng):
    n = 5
    mk = lambda lo, hi: tuple(rng.uniform(lo, hi, size=(n,)).astype(np.float32) for _ in range(4))
    lowers = tuple(x[:-1] for x in mk(-0.2, -0.05))
    uppers = tuple(x[:-1] for x in mk(-0.2, -0.05))
    diags = mk(1.5, 2.5)
    solves = mk(-1.0, 1.0)
    return (lowers, diags, uppers, solves)


INPUTS = make_inputs
