"""Python truth tests as array conditions: `and`/`or`/`not` as `&`/`|`/`~` on booleans (or
`jnp.logical_*` on numbers), and a number's truth as a boolean array."""

from __future__ import annotations

import libcst as cst

from tracerfix.loops.building import ATOM, binary, call_to, fit, precedence, unary
from tracerfix.rewrite import is_boolean


def condition(test: cst.BaseExpression, context, jnp: str) -> cst.BaseExpression:
    """A Python truth test as an array condition: `a and b` -> `(a) & (b)`, `not a` -> `~(a)` on
    booleans (comparisons, predicates), `jnp.logical_and(a, b)` / `jnp.logical_not(a)` on values
    whose truth is "nonzero"."""
    if isinstance(test, cst.BooleanOperation):
        if _identity_test(test.left):
            # `(upper is not None) and (value > upper)`: `is` gives a Python bool, even of a
            # tracer, so it keeps guarding the right (`&` would compare with None).
            return test.with_changes(right=condition(test.right, context, jnp))
        left, right = condition(test.left, context, jnp), condition(test.right, context, jnp)
        if is_boolean(left, context) and is_boolean(right, context):
            operator = cst.BitAnd() if isinstance(test.operator, cst.And) else cst.BitOr()
            return binary(left, operator, right).with_changes(lpar=test.lpar, rpar=test.rpar)
        function = "logical_and" if isinstance(test.operator, cst.And) else "logical_or"
        return call_to(f"{jnp}.{function}", [left, right])
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        operand = condition(test.expression, context, jnp)
        if is_boolean(operand, context):
            return unary(cst.BitInvert(), operand).with_changes(lpar=test.lpar, rpar=test.rpar)
        return call_to(f"{jnp}.logical_not", [operand])
    return test


def truth(test: cst.BaseExpression, context) -> cst.BaseExpression:
    """`test` as a boolean array: Python's truth of a number is "nonzero", and `~`, `&` and a
    loop state need booleans."""
    if is_boolean(test, context):
        return test
    return cst.Call(
        func=cst.Attribute(value=fit(test, precedence(test) < ATOM), attr=cst.Name("astype")),
        args=[cst.Arg(cst.Name("bool"))],
    )


def conjunction(left: cst.BaseExpression, right: cst.BaseExpression) -> cst.BaseExpression:
    """`left & right`, flat: `~skip & (x > 3) & (x < 8)` rather than `~skip & ((x > 3) & (x < 8))`."""
    if isinstance(right, cst.BinaryOperation) and isinstance(right.operator, cst.BitAnd) and not right.lpar:
        return binary(conjunction(left, right.left), cst.BitAnd(), right.right)
    return binary(left, cst.BitAnd(), right)


def _identity_test(test: cst.BaseExpression) -> bool:
    return isinstance(test, cst.Comparison) and all(
        isinstance(target.operator, (cst.Is, cst.IsNot)) for target in test.comparisons)


ALL_OR_ANY = frozenset({"all", "any"})


def reduced_in(test: str) -> set[str]:
    """Names the loop test `test` reduces with `all`/`any` (`jnp.all(abort)`, `abort.any()`):
    arrays, whatever Python value they start as."""
    import ast

    from tracerfix import pyast

    try:
        tree = pyast.parse("(" + test + ")", mode="eval")
    except SyntaxError:
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ALL_OR_ANY:
            operands = node.args[:1] if node.args else [node.func.value]
            found |= {operand.id for operand in operands if isinstance(operand, ast.Name)}
    return found
