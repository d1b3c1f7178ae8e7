"""The branches a loop takes per iteration: the `if`s of its body, and those whose traced test
changes from one iteration to the next (the leak the loop rules report)."""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from tracerfix.loops.names import statements_in, store_counts, target_names
from tracerfix.loops.placement import env_at, evaluator
from tracerfix.rewrite import names_read


class _BodyIfs(cst.CSTVisitor):
    """The `if`/`elif` statements of a loop body, not those of nested loops or functions."""

    def __init__(self) -> None:
        self.found: list[cst.If] = []

    def visit_If(self, node: cst.If) -> None:
        self.found.append(node)

    def visit_For(self, node: cst.For) -> bool:
        return False

    def visit_While(self, node: cst.While) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False


def body_ifs(statements: Sequence[cst.BaseStatement]) -> list[cst.If]:
    visitor = _BodyIfs()
    for statement in statements:
        statement.visit(visitor)
    return visitor.found


def per_iteration_branches(loop: cst.For, context) -> list[cst.If]:
    """For a loop over indices or array elements, the `if`s of its body whose test is traced and
    changes from one iteration to the next (it reads the loop target or a name the body assigns)."""
    if not _steps_through_elements(loop.iter, context):
        return []
    body = statements_in(loop.body)
    varying = set(target_names(loop.target)) | set(store_counts(body))
    branches = []
    for node in body_ifs(body):
        if not varying & set(names_read(node.test)):
            continue
        if evaluator(context, env_at(node, context)).value(node.test).traced:
            branches.append(node)
    return branches


def _steps_through_elements(iterable: cst.BaseExpression, context) -> bool:
    """`range(...)`, an array, or `enumerate`/`zip` of arrays (not a list of layers). A NumPy array
    counts: a long static loop over `np.arange(...)` unrolls into as many `lax.cond`s."""
    builtin = iterable.func.value if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) else None
    if builtin is not None and builtin not in context.env:
        if builtin == "range":
            return True
        if builtin in ("enumerate", "zip"):
            return any(is_array(arg.value, context) for arg in iterable.args)
    return is_array(iterable, context)


def is_array(node: cst.BaseExpression, context) -> bool:
    """A traced array or a NumPy array the function holds, whose rows a loop can walk."""
    value = context.value(node)
    return value.traced or (value.host == "numpy" and not value.container)
