"""Building code that reads as if written by hand: parentheses only where Python's precedence
needs them, names replaced by expressions, assignments and calls, the comments of the code
replaced, and fresh names for what a rewrite defines."""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable, Sequence

import libcst as cst

from tracerfix.loops.outcome import CannotRewrite
from tracerfix.rewrite import fresh_name, names_read, opens_block  # noqa: F401 - fresh_name is re-exported


_BINARY_PRECEDENCE = {
    cst.BitOr: 6, cst.BitXor: 7, cst.BitAnd: 8, cst.LeftShift: 9, cst.RightShift: 9, cst.Add: 10,
    cst.Subtract: 10, cst.Multiply: 11, cst.Divide: 11, cst.FloorDivide: 11, cst.Modulo: 11,
    cst.MatrixMultiply: 11, cst.Power: 13,
}
ATOM = 100


def precedence(node: cst.BaseExpression) -> int:
    """Python's binding strength of an expression (higher binds tighter; parenthesized: atom)."""
    if getattr(node, "lpar", None):
        return ATOM
    if isinstance(node, cst.NamedExpr):
        return -1
    if isinstance(node, cst.Tuple):
        return -1  # a bare tuple: parenthesize anywhere but a statement
    if isinstance(node, cst.Lambda):
        return 0
    if isinstance(node, cst.IfExp):
        return 1
    if isinstance(node, cst.BooleanOperation):
        return 2 if isinstance(node.operator, cst.Or) else 3
    if isinstance(node, cst.UnaryOperation):
        return 4 if isinstance(node.operator, cst.Not) else 12
    if isinstance(node, cst.Comparison):
        return 5
    if isinstance(node, cst.BinaryOperation):
        return _BINARY_PRECEDENCE[type(node.operator)]
    if isinstance(node, cst.Await):
        return 14
    return ATOM


def fit(node: cst.BaseExpression, needs: bool) -> cst.BaseExpression:
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) if needs else node


def binary(
    left: cst.BaseExpression, operator: cst.BaseBinaryOp, right: cst.BaseExpression
) -> cst.BinaryOperation:
    strength = _BINARY_PRECEDENCE[type(operator)]
    power = isinstance(operator, cst.Power)
    left = fit(left, precedence(left) < strength or (power and precedence(left) == strength))
    right = fit(right, precedence(right) < strength or (not power and precedence(right) == strength))
    return cst.BinaryOperation(left=left, operator=operator, right=right)


def unary(operator: cst.BaseUnaryOp, operand: cst.BaseExpression) -> cst.UnaryOperation:
    strength = 4 if isinstance(operator, cst.Not) else 12
    return cst.UnaryOperation(operator=operator, expression=fit(operand, precedence(operand) < strength))


def call_to(function: str, args: Sequence[cst.BaseExpression]) -> cst.Call:
    arguments = separated([fit(value, precedence(value) < 0) for value in args], cst.Arg)
    return cst.Call(func=cst.parse_expression(function), args=arguments)


def separated(values: Sequence[cst.BaseExpression], kind: type) -> list:
    """`values` as call arguments or tuple elements (`kind`), with `, ` between them."""
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    last = len(values) - 1
    return [
        kind(value, comma=comma if position < last else cst.MaybeSentinel.DEFAULT)
        for position, value in enumerate(values)
    ]


class _Substitution(cst.CSTTransformer):
    """Replaces names by expressions, parenthesizing a replacement where the operator around it
    binds tighter."""

    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        super().__init__()
        self.values = values
        self.inserted: set[int] = set()

    def _scoped(self, node: cst.CSTNode) -> bool:
        if set(names_read(node)) & set(self.values):
            raise CannotRewrite("a lambda or comprehension reads a name the branch reassigns")
        return False

    visit_Lambda = visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _scoped

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        replacement = self.values.get(original_node.value)
        if replacement is None:
            return updated_node
        if original_node.lpar:
            replacement = replacement.with_changes(lpar=original_node.lpar, rpar=original_node.rpar)
        self.inserted.add(id(replacement))
        return replacement

    def _fitted(self, node: cst.BaseExpression, needs: Callable[[int], bool]) -> cst.BaseExpression:
        return fit(node, id(node) in self.inserted and needs(precedence(node)))

    def leave_Attribute(self, original_node, updated_node):
        return updated_node.with_changes(
            value=self._fitted(updated_node.value, lambda p: p < ATOM), attr=original_node.attr
        )

    def leave_Arg(self, original_node, updated_node):
        return updated_node.with_changes(
            keyword=original_node.keyword, value=self._fitted(updated_node.value, lambda p: p < 0)
        )

    def leave_Subscript(self, original_node, updated_node):
        return updated_node.with_changes(value=self._fitted(updated_node.value, lambda p: p < ATOM))

    def leave_Call(self, original_node, updated_node):
        return updated_node.with_changes(func=self._fitted(updated_node.func, lambda p: p < ATOM))

    def leave_BinaryOperation(self, original_node, updated_node):
        strength = _BINARY_PRECEDENCE[type(updated_node.operator)]
        power = isinstance(updated_node.operator, cst.Power)
        return updated_node.with_changes(
            left=self._fitted(updated_node.left, lambda p: p < strength or (power and p == strength)),
            right=self._fitted(updated_node.right, lambda p: p < strength or (not power and p == strength)),
        )

    def leave_UnaryOperation(self, original_node, updated_node):
        strength = precedence(updated_node.with_changes(lpar=[], rpar=[]))
        operand = self._fitted(updated_node.expression, lambda p: p < strength)
        return updated_node.with_changes(expression=operand)

    def leave_Comparison(self, original_node, updated_node):
        return updated_node.with_changes(
            left=self._fitted(updated_node.left, lambda p: p <= 5),
            comparisons=[
                t.with_changes(comparator=self._fitted(t.comparator, lambda p: p <= 5))
                for t in updated_node.comparisons
            ],
        )

    def leave_BooleanOperation(self, original_node, updated_node):
        strength = precedence(updated_node.with_changes(lpar=[], rpar=[]))
        return updated_node.with_changes(
            left=self._fitted(updated_node.left, lambda p: p < strength),
            right=self._fitted(updated_node.right, lambda p: p <= strength),
        )

    def leave_IfExp(self, original_node, updated_node):
        return updated_node.with_changes(
            test=self._fitted(updated_node.test, lambda p: p <= 1),
            body=self._fitted(updated_node.body, lambda p: p <= 1),
            orelse=self._fitted(updated_node.orelse, lambda p: p < 1),
        )


def substitute(node: cst.BaseExpression, values: dict[str, cst.BaseExpression]) -> cst.BaseExpression:
    substitution = _Substitution(values)
    result = node.visit(substitution)
    return fit(result, id(result) in substitution.inserted and precedence(result) < 0)


def assignment(name: str, value: cst.BaseExpression) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(name))], value=value)])


class _Comments(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: list[cst.Comment] = []

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found.append(node)


def comments_in(nodes: Iterable[cst.CSTNode]) -> list[cst.Comment]:
    visitor = _Comments()
    for node in nodes:
        node.visit(visitor)
    return visitor.found


def keep_comments(
    original: cst.If | cst.For | cst.While, statements: list[cst.BaseStatement], header_at: int = 0, context=None
) -> list[cst.BaseStatement]:
    """Give the replacement of `original` its blank lines and every comment it would drop: the
    header's comment (`if c:  # why`) ends statement `header_at`, the others go above the first;
    a helper `def` that does not open its block gets a blank line above it (`context`: where
    `original` is)."""
    kept = Counter(c.value for c in comments_in(statements))
    header = original.body.header if isinstance(original.body, cst.IndentedBlock) else None
    missing = []
    for comment in comments_in([original.with_changes(leading_lines=[])]):
        if kept[comment.value]:
            kept[comment.value] -= 1
        else:
            missing.append(comment)
    statements = list(statements)
    if header is not None and header.comment is not None and header.comment in missing:
        target = statements[header_at]
        if isinstance(target, cst.SimpleStatementLine) and target.trailing_whitespace.comment is None:
            statements[header_at] = target.with_changes(trailing_whitespace=header)
            missing.remove(header.comment)
    above = [cst.EmptyLine(indent=True, comment=comment) for comment in missing]
    first = statements[0]
    leading = [*original.leading_lines, *above, *first.leading_lines]
    if not leading and isinstance(first, cst.FunctionDef) and context is not None and not opens_block(original, context):
        leading = [cst.EmptyLine(indent=False)]
    statements[0] = first.with_changes(leading_lines=leading)
    return statements
