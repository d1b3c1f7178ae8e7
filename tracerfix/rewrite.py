"""Building blocks that several rewrite rules share: reading branches as assignments, judging
whether evaluating an expression on both sides of `jnp.where` is safe, and emitting code."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

import libcst as cst

from tracerfix.rule import Safety

# Calls that are cheap, pure and finite wherever their inputs are: safe to evaluate on the side
# that `jnp.where` does not select.
SAFE_CALLS = frozenset(
    {
        "abs", "absolute", "minimum", "maximum", "clip", "zeros_like", "ones_like", "full_like",
        "sign", "negative", "where", "square", "astype", "reshape", "sum", "mean", "max", "min",
        "round", "floor", "ceil", "set", "add", "multiply", "logical_and", "logical_or",
        "logical_not", "zeros", "ones", "full", "asarray", "array", "select", "stack",
        "concatenate", "transpose", "squeeze", "expand_dims", "broadcast_to", "get", "real",
        "imag", "conj", "sort", "cumsum", "prod", "all", "any", "argmax", "argmin", "take",
    }
)
# Operators whose value or derivative is infinite somewhere finite: their unselected side leaks
# NaN into gradients through jnp.where.
RISKY_OPERATORS = (cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power)

_AUGMENTED = {
    cst.AddAssign: "+", cst.SubtractAssign: "-", cst.MultiplyAssign: "*", cst.DivideAssign: "/",
    cst.FloorDivideAssign: "//", cst.ModuloAssign: "%", cst.PowerAssign: "**",
    cst.BitAndAssign: "&", cst.BitOrAssign: "|", cst.BitXorAssign: "^",
    cst.LeftShiftAssign: "<<", cst.RightShiftAssign: ">>", cst.MatrixMultiplyAssign: "@",
}


@dataclass
class BranchAssignments:
    """An if/else whose branches only assign names: the value each name gets on each side."""

    names: list[str] = field(default_factory=list)
    then_values: dict[str, str] = field(default_factory=dict)
    else_values: dict[str, str] = field(default_factory=dict)
    expressions: list[cst.BaseExpression] = field(default_factory=list)


def branch_assignments(node: cst.If, context) -> BranchAssignments | None:
    """Read `if c: a = ... else: a = ...` as assignments, or None when a branch does anything else.

    Refuses (returns None) when a branch has comments we would drop, a statement that is not a
    single-name assignment, reads a name it assigned itself, or assigns a name that is not defined
    before the `if` in only one branch (there is no value for the other side).
    """
    result = BranchAssignments()
    if isinstance(node.orelse, cst.If):
        return None
    branches = [node.body]
    if isinstance(node.orelse, cst.Else):
        branches.append(node.orelse.body)
    sides = [result.then_values, result.else_values]
    for block, values in zip(branches, sides):
        if not _read_block(block, values, result, context):
            return None
    for name in result.names:
        in_both = name in result.then_values and name in result.else_values
        if not in_both and name not in context.env:
            return None
    return result


def _read_block(block, values: dict[str, str], result: BranchAssignments, context) -> bool:
    if not isinstance(block, cst.IndentedBlock) or block.footer:
        return False
    for statement in block.body:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return False
        if statement.trailing_whitespace.comment is not None:
            return False
        if any(line.comment is not None for line in statement.leading_lines):
            return False
        small = statement.body[0]
        if isinstance(small, cst.Assign):
            if len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
                return False
            name = small.targets[0].target.value
            expression = small.value
            text = _argument_text(expression, context)
        elif isinstance(small, cst.AugAssign):
            if not isinstance(small.target, cst.Name):
                return False
            name = small.target.value
            expression = small.value
            operator = _AUGMENTED[type(small.operator)]
            text = f"{name} {operator} {_operand_text(expression, context)}"
        elif isinstance(small, cst.Pass):
            continue
        else:
            return False
        if any(read in values for read in names_read(expression)) or name in values:
            return False  # sequential dependence inside a branch
        values[name] = text
        result.expressions.append(expression)
        if name not in result.names:
            result.names.append(name)
    return True


def names_read(node: cst.CSTNode) -> Iterator[str]:
    if isinstance(node, cst.Name):
        yield node.value
        return
    if isinstance(node, cst.Attribute):
        yield from names_read(node.value)
        return
    for child in node.children:
        yield from names_read(child)


def _argument_text(expression: cst.BaseExpression, context) -> str:
    text = context.code(expression).strip()
    if isinstance(expression, cst.Tuple) and not expression.lpar:
        return f"({text})"
    return text


def _operand_text(expression: cst.BaseExpression, context) -> str:
    text = context.code(expression).strip()
    if isinstance(expression, (cst.BinaryOperation, cst.BooleanOperation, cst.IfExp, cst.Lambda, cst.Comparison)) and not expression.lpar:
        return f"({text})"
    return text


def where_safety(expressions, context) -> tuple[Safety, str]:
    """SAFE when evaluating every expression on the unselected side is harmless; else why not."""
    for expression in expressions:
        for node in _walk(expression):
            if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, RISKY_OPERATORS):
                return Safety.UNSAFE, (
                    f"`{context.describe(node)}` is evaluated on both sides of jnp.where; where it is "
                    "not selected it may be inf/NaN and its gradient leaks through as NaN"
                )
            if isinstance(node, cst.Call):
                leaf = node.func.attr.value if isinstance(node.func, cst.Attribute) else (
                    node.func.value if isinstance(node.func, cst.Name) else ""
                )
                if leaf not in SAFE_CALLS:
                    return Safety.UNSAFE, (
                        f"`{context.describe(node)}` runs on both sides of jnp.where; if it is costly, "
                        "has side effects or can produce NaN, prefer lax.cond"
                    )
    return Safety.SAFE, ""


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield node
    for child in node.children:
        yield from _walk(child)
