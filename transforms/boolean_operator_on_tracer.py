"""TFX104 boolean-operator-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.values import is_plain_data
from tracerfix.messages import under_tracing
from tracerfix.rewrite import (
    inspect_operand,
    is_boolean,
    is_condition,
    is_literal_number,
    loses_comments,
    truth_test_is_traced,
    walk,
)
from tracerfix.rule import Invalid, Rule, Safety, Valid

_FUNCTIONS = {cst.And: "logical_and", cst.Or: "logical_or"}
_KEYWORDS = {cst.And: "and", cst.Or: "or"}


class BooleanOperatorOnTracer(Rule):
    """
    ## What it does
    Finds `and`, `or` and `not` applied to traced arrays, and rewrites them into
    `jnp.logical_and`, `jnp.logical_or` and `jnp.logical_not` when the operands are booleans,
    and into the value the operator picks otherwise: `scale or default` becomes
    `jnp.where(scale, scale, default)`, `a and b` becomes `jnp.where(a, b, a)`. Membership of a
    traced value in a tuple of numbers or in a collection held outside the trace (`action in
    self.up_set`) tests each element with `==` and bool(): it becomes `jnp.isin` (unsafe for a
    held collection: it must hold numbers).

    ## Why is this bad?
    `a and b` evaluates `bool(a)` to decide whether to look at `b`; `not a` evaluates `bool(a)`.
    When `a` is a tracer, that boolean does not exist while tracing, and JAX raises
    `TracerBoolConversionError`. Even without tracing, `and` on arrays with more than one element
    raises "The truth value of an array with more than one element is ambiguous".

    ## Example
    ```python
    @jax.jit
    def in_box(x, lo, hi):
        return x.min() > lo and x.max() < hi
    ```

    ## Use instead
    ```python
    @jax.jit
    def in_box(x, lo, hi):
        return jnp.logical_and(x.min() > lo, x.max() < hi)
    ```
    Only the operators that test a traced value are rewritten: in `flag and x > 0` with a Python
    `flag`, the `and` is left alone. When the whole expression is the condition of an `if`,
    `while`, conditional expression or `assert`, the rule for that statement reports it (its
    rewrite keeps the condition, and this rule then fixes the operators inside).

    ## Fix safety
    Safe when the operands are booleans (comparisons, predicates, `not`...): the logical
    functions give the same truth values. Unsafe, with the reason in the note, when an operand is
    not a boolean: `jnp.where` picks the same value, but in the dtype both operands promote to
    (`0 or x` gave the int `0` or the float `x`; the rewrite gives a float either way), when `not` applies to a value not known to be 0-d (`not` returns a Python bool, while
    `jnp.logical_not` keeps a one-element array 1-d), or when the right operand calls code the
    tool cannot see: `and`/`or` skipped it when the left operand decided the result, the function
    evaluates it always. Comments inside the expression are reported and not rewritten.
    """

    code = "TFX104"
    name = "boolean-operator-on-tracer"
    summary = "`and` / `or` / `not` on a traced value"

    VALID = (
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames="training")
def f(x, training, mask=None):
    use_mask = mask is not None and not training
    if training and x.ndim > 1:
        x = x.sum(0)
    ok = x.shape[0] > 1 or x.ndim == 0
    return x, use_mask, ok
""",
            note="operators on static values",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    return jnp.logical_and(x > 0, y > 0), (x > 0) & (y > 0)
""",
            note="already jit-safe",
        ),
        Valid(
            """
import jax

@jax.jit
def f(params, x):
    scale = params and params["scale"]
    return x, not params, scale
""",
            note="an unannotated argument may be a dict: its truth value is static",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x):
    return x, 0 < x.shape[0] <= 8, x.ndim < 3 < len(x)
""",
            note="chained comparisons of static shapes",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def step(position, orientation):
    forward = orientation in (0, 2)
    return jnp.where(forward, position + 1, position)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def step(position, orientation):
    forward = jnp.isin(orientation, jnp.array([0, 2]))
    return jnp.where(forward, position + 1, position)
""",
            function="step",
            inputs=("(jnp.array([1.0, 2.0]), 0)", "(jnp.array([1.0, 2.0]), 1)", "(jnp.array([1.0, 2.0]), 2)"),
            note="membership in a literal tuple compares with each element and tests each with bool(): `jnp.isin` "
            "(an `if` or `assert` it is the test of is rewritten after it; terra's excavator orientation)",
        ),
        Invalid(
            """
import jax

@jax.jit
def in_box(x, lo, hi):
    return x.min() > lo and x.max() < hi
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def in_box(x, lo, hi):
    return jnp.logical_and(x.min() > lo, x.max() < hi)
""",
            function="in_box",
            inputs=(
                "jnp.array([1.0, 2.0]), 0.0, 3.0",
                "jnp.array([-1.0, 2.0]), 0.0, 3.0",
                "jnp.array([1.0, 5.0]), 0.0, 3.0",
                "jnp.array([0.0, 3.0]), 0.0, 3.0",
            ),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def outside(x, lo, hi):
    low = x.min() < lo
    return not (low or x.max() > hi)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def outside(x, lo, hi):
    low = x.min() < lo
    return jnp.logical_not(jnp.logical_or(low, x.max() > hi))
""",
            unsafe=True,
            function="outside",
            inputs=("jnp.array([1.0, 2.0]), 0.0, 3.0", "jnp.array([-1.0, 2.0]), 0.0, 3.0", "jnp.array([1.0, 5.0]), 0.0, 3.0"),
            note="nested operators are rewritten together; unsafe: `not` of a value of unknown shape",
        ),
        Invalid(
            """
import jax

@jax.jit
def has_no_negative(x):
    return not x.min() < 0
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def has_no_negative(x):
    return jnp.logical_not(x.min() < 0)
""",
            function="has_no_negative",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([-1.0, 2.0])", "jnp.array([0.0])"),
            note="`not` of a comparison of a reduction with a number: 0-d either way, safe",
        ),
        Invalid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames="strict")
def check(x, strict):
    return strict and (x.min() > 0 or x.max() < 1)
""",
            expected="""
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="strict")
def check(x, strict):
    return strict and jnp.logical_or(x.min() > 0, x.max() < 1)
""",
            function="check",
            inputs=("jnp.array([1.0, 2.0]), True", "jnp.array([-1.0, 2.0]), True", "jnp.array([-1.0, 0.5]), True"),
            note="a Python flag keeps its `and`; the traced `or` is rewritten",
        ),
        Invalid(
            """
import jax

@jax.jit
def first_nonzero(x, y):
    return x.sum() or y.sum()
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def first_nonzero(x, y):
    return jnp.where(x.sum(), x.sum(), y.sum())
""",
            unsafe=True,
            function="first_nonzero",
            inputs=("jnp.array([1.0, 2.0]), jnp.array([3.0])", "jnp.array([1.0, -1.0]), jnp.array([3.0])"),
            note="not booleans: `or` returns an operand, so the rewrite selects it with `jnp.where` "
            "(unsafe: the result takes the dtype both operands promote to)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x, scale):
    scale = scale or jnp.std(x)
    return x / scale
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x, scale):
    scale = jnp.where(scale, scale, jnp.std(x))
    return x / scale
""",
            unsafe=True,
            function="normalise",
            inputs=("jnp.array([1.0, 2.0, 4.0]), 2.0", "jnp.array([1.0, 2.0, 4.0]), 0.0"),
            note="`scale or default` picks a value: `jnp.where(scale, scale, default)`",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x, a, b):
    if a.any() and b.any():
        x = -x
    return x
""",
            count=0,
            note="the condition of an `if` is reported by TFX101, not twice",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x, a, b):
    return jax.lax.cond(a < x <= b, lambda _: 1.0, lambda _: 2.0, None)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def f(x, a, b):
    return jax.lax.cond(jnp.logical_and(a < x, x <= b), lambda _: 1.0, lambda _: 2.0, None)
""",
            function="f",
            inputs=("1.5, 1.0, 2.0", "0.5, 1.0, 2.0", "2.0, 1.0, 2.0"),
            note="a chained comparison passed as an argument tests its first comparison with `and`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return jnp.array([0.0 < x.sum() < 1.0, x.max() > 0])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return jnp.array([jnp.logical_and(0.0 < x.sum(), x.sum() < 1.0), x.max() > 0])
""",
            unsafe=True,
            verify=False,
            note="inside a list; the middle operand is a call, evaluated twice by the rewrite (unsafe)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

class Move:
    def __init__(self, up):
        self.up = up

    def row_after(self, row, action):
        moves_up = action in self.up
        return jnp.where(moves_up, row - 1, row)

f = jax.jit(Move((0, 1, 2)).row_after)
""",
            expected="""
import jax
import jax.numpy as jnp

class Move:
    def __init__(self, up):
        self.up = up

    def row_after(self, row, action):
        moves_up = jnp.isin(action, jnp.array(list(self.up)))
        return jnp.where(moves_up, row - 1, row)

f = jax.jit(Move((0, 1, 2)).row_after)
""",
            unsafe=True,
            function="f",
            inputs=("jnp.array(3), jnp.array(1)", "jnp.array(3), jnp.array(5)"),
            note="membership in a collection the object holds (gym-cellular-automata's direction sets): its "
            "elements, in any order, are the choices",
        ),
    )

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        self._check(node)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        """`a < x <= b` is `(a < x) and (x <= b)`: Python tests the first comparison with bool()."""
        context = self.context
        if self._membership(node):
            return
        if len(node.comparisons) < 2 or is_condition(node, context.parent()) or _is_logical(context.parent()):
            return
        if any(isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in node.comparisons):
            return
        first = [context.value(node.left), context.value(node.comparisons[0].comparator)]
        if not any(v.traced for v in first) or any(v.container for v in first):
            return
        operands = [node.left, *(t.comparator for t in node.comparisons)]
        pairs = [
            f"{context.code(_unparenthesized(left)).strip()} {context.code(t.operator).strip()} "
            f"{context.code(_unparenthesized(t.comparator)).strip()}"
            for left, t in zip(operands, node.comparisons)
        ]
        message = (
            f"chained comparison `{context.describe(node)}` tests `{pairs[0]}` with `and`, which fails "
            f"under {under_tracing(context)}; use `jnp.logical_and`"
        )
        if loses_comments(node, operands):
            self.report(node, message + " (not rewritten: comments inside the expression would be lost)")
            return
        jnp = context.spell("jax.numpy")
        text = pairs[0]
        for pair in pairs[1:]:
            text = f"{jnp}.logical_and({text}, {pair})"
        middle = [o for o in operands[1:-1] if not isinstance(o, (cst.Name, cst.Attribute, cst.Integer, cst.Float))]
        safety, note = (Safety.SAFE, "") if not middle else (
            Safety.UNSAFE, f"`{context.describe(middle[0])}` is now evaluated twice"
        )
        replacement = context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar)
        self.report(node, message, context.fix(f"Replace with `{jnp}.logical_and`", [(node, replacement)], safety, note))

    def _membership(self, node: cst.Comparison) -> bool:
        """`orientation in (0, 1, 2, 3)` compares the traced value with each element (`==`) and tests
        each result with bool(): `jnp.isin(orientation, jnp.array([0, 1, 2, 3]))`. Rewritten before
        the `if` or `assert` it is the test of, which then tests an array."""
        context = self.context
        if len(node.comparisons) != 1 or not isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn)):
            return False
        values = node.comparisons[0].comparator
        if not context.value(node.left).traced:
            return False
        jnp = context.spell("jax.numpy")
        if isinstance(values, (cst.Tuple, cst.List, cst.Set)):
            if not values.elements or not all(_is_number_literal(e.value) for e in values.elements):
                return False
            listed = ", ".join(context.code(e.value).strip() for e in values.elements)
            choices, safety, note = f"{jnp}.array([{listed}])", Safety.SAFE, ""
        elif isinstance(values, (cst.Name, cst.Attribute)) and _static_number_collection(context.value(values)):
            # `action in self.up_set`, a set or list the code holds outside the trace: its elements,
            # in any order, are the choices (a dict's are its keys, as `in` reads them).
            spelled = context.code(values).strip()
            choices = f"{jnp}.asarray({spelled})" if context.value(values).host == "numpy" \
                else f"{jnp}.array(list({spelled}))"
            safety, note = Safety.UNSAFE, f"`{spelled}` must hold numbers: `jnp.array` of anything else fails"
        else:
            return False
        negated = isinstance(node.comparisons[0].operator, cst.NotIn)
        text = f"{'~' if negated else ''}{jnp}.isin({context.code(_unparenthesized(node.left)).strip()}, {choices})"
        fix = context.fix(f"Replace with `{jnp}.isin`", [(node, context.parse_expression(text).with_changes(
            lpar=node.lpar, rpar=node.rpar))], safety, note)
        fix.first = True  # before the `if`/`assert` it tests for, which then sees an array
        self.report(node, f"`{context.describe(node)}` compares traced `{context.describe(node.left)}` with each "
                          f"element and tests each result with bool(), which fails under {under_tracing(context)}; "
                          f"use `{jnp}.isin`", fix)
        return True

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not):
            self._check(node)

    def _check(self, node: cst.BooleanOperation | cst.UnaryOperation) -> None:
        context = self.context
        if _is_logical(context.parent()) or is_condition(node, context.parent()):
            return  # the outermost operator reports the whole expression; statements report their tests
        leaking = [operator for operator in _logical_tree(node) if _leaks(operator, context)]
        if not leaking:
            return
        ids = {id(operator) for operator in leaking}
        first = leaking[0]
        keyword = "not" if isinstance(first, cst.UnaryOperation) else _KEYWORDS[type(first.operator)]
        tested = first.expression if isinstance(first, cst.UnaryOperation) else first.left
        selects = any(isinstance(o, cst.BooleanOperation) and not _selects_booleans(o, context) for o in leaking)
        remedy = "`jnp.where`" if selects else f"`jnp.logical_{keyword}`"
        message = f"`{keyword}` on traced value `{context.describe(tested)}` fails under {under_tracing(context)}; use {remedy}"
        if loses_comments(node, [operand for operator in leaking for operand in _operands(operator) if id(operand) not in ids]):
            self.report(node, message + " (not rewritten: comments inside the expression would be lost)")
            return
        jnp = context.spell("jax.numpy")
        replacement = node.visit(_Rewriter(ids, jnp, context))
        safety, note = self._safety(leaking)
        title = f"Replace with `{jnp}.where`" if selects else f"Replace with `{jnp}.logical_*`"
        fix = context.fix(title, [(node, replacement)], safety, note)
        self.report(node, message, fix)

    def _safety(self, leaking) -> tuple[Safety, str]:
        context = self.context
        for operator in leaking:
            if not isinstance(operator, cst.BooleanOperation):
                if not _is_scalar(operator.expression, context):
                    return Safety.UNSAFE, (
                        f"`not` gave a Python bool; jnp.logical_not keeps the shape of "
                        f"`{context.describe(operator.expression)}`, so a one-element array stays 1-d"
                    )
                continue
            unknown = inspect_operand(operator.right, context).unknown_calls
            if unknown:
                return Safety.UNSAFE, (
                    f"`{context.describe(unknown[0])}` is now evaluated even when "
                    f"`{context.describe(operator.left)}` decides the result"
                )
            if not _selects_booleans(operator, context):
                keyword = _KEYWORDS[type(operator.operator)]
                twice = "" if isinstance(operator.left, (cst.Name, cst.Attribute)) else (
                    f" (`{context.describe(operator.left)}` is written twice; XLA computes it once)")
                return Safety.UNSAFE, (
                    f"`{keyword}` returned one of its operands as it was; `jnp.where` returns the dtype both "
                    f"operands promote to{twice}"
                )
        return Safety.SAFE, ""


def _is_number_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def _static_number_collection(value) -> bool:
    """A value `in` can search without asking a tracer for its truth: static, and not a string
    (membership in a string is a substring test, which no array holds)."""
    return not value.traced and is_plain_data(value) and value.none is not True


class _Rewriter(cst.CSTTransformer):
    """Turns each leaking operator into its jnp function, innermost first."""

    def __init__(self, leaking: set[int], jnp: str, context) -> None:
        super().__init__()
        self.leaking = leaking
        self.jnp = jnp
        self.context = context

    def on_leave(self, original_node, updated_node):
        if id(original_node) not in self.leaking:
            return updated_node
        arguments = [self.context.code(_unparenthesized(operand)).strip() for operand in _operands(updated_node)]
        if isinstance(updated_node, cst.UnaryOperation):
            return self.context.parse_expression(f"{self.jnp}.logical_not({arguments[0]})")
        if not _selects_booleans(original_node, self.context):
            # `a or b` is `a` when `a` is true, else `b`; `a and b` is `b` when `a` is true, else `a`.
            left, right = arguments
            chosen = (left, right) if isinstance(updated_node.operator, cst.Or) else (right, left)
            return self.context.parse_expression(f"{self.jnp}.where({left}, {chosen[0]}, {chosen[1]})")
        function = _FUNCTIONS[type(updated_node.operator)]
        return self.context.parse_expression(f"{self.jnp}.{function}({', '.join(arguments)})")


def _selects_booleans(operator: cst.BooleanOperation, context) -> bool:
    """Both operands are booleans, so the logical function gives what the operator returned."""
    return all(is_boolean(operand, context) for operand in (operator.left, operator.right))


def _unparenthesized(operand: cst.BaseExpression) -> cst.BaseExpression:
    """An argument needs no parentheses of its own, except a tuple, a generator, or parentheses
    that hold a comment."""
    parentheses = [*operand.lpar, *operand.rpar]
    if isinstance(operand, (cst.Tuple, cst.GeneratorExp)) or any(
        isinstance(part, cst.Comment) for parenthesis in parentheses for part in walk(parenthesis)
    ):
        return operand
    return operand.with_changes(lpar=[], rpar=[])


_REDUCTIONS = frozenset({"all", "any", "sum", "prod", "min", "max", "mean", "std", "var", "argmax", "argmin", "norm"})


def _is_scalar(expression: cst.BaseExpression, context) -> bool:
    """Known to be 0-d: numbers, whole-array reductions, and arithmetic or comparisons of them."""
    if is_literal_number(expression) or (isinstance(expression, cst.Name) and expression.value in ("True", "False")):
        return True
    if isinstance(expression, cst.Call):
        if isinstance(expression.func, cst.Attribute) and context.qualified_name(expression.func) is None:
            return expression.func.attr.value in _REDUCTIONS and not expression.args
        qualified = context.qualified_name(expression.func) or ""
        positional = [arg for arg in expression.args if arg.keyword is None and not arg.star]
        return (
            qualified.startswith("jax.numpy.")
            and qualified.rpartition(".")[2] in _REDUCTIONS
            and len(positional) == len(expression.args) == 1
        )
    if isinstance(expression, cst.Comparison):
        return _is_scalar(expression.left, context) and all(
            _is_scalar(target.comparator, context) for target in expression.comparisons
        )
    if isinstance(expression, (cst.BinaryOperation, cst.BooleanOperation)):
        return _is_scalar(expression.left, context) and _is_scalar(expression.right, context)
    if isinstance(expression, cst.UnaryOperation):
        return _is_scalar(expression.expression, context)
    return False


def _operands(node: cst.BooleanOperation | cst.UnaryOperation) -> list[cst.BaseExpression]:
    return [node.expression] if isinstance(node, cst.UnaryOperation) else [node.left, node.right]


def _is_logical(node: cst.CSTNode | None) -> bool:
    return isinstance(node, cst.BooleanOperation) or (
        isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not)
    )


def _logical_tree(node: cst.CSTNode):
    """`node` and the `and`/`or`/`not` operators it is built of, outermost first."""
    if not _is_logical(node):
        return
    yield node
    for operand in _operands(node):
        yield from _logical_tree(operand)


def _leaks(node: cst.CSTNode, context) -> bool:
    """The operator itself calls bool() on a tracer."""
    if isinstance(node, cst.BooleanOperation):
        return truth_test_is_traced(context, node.left)
    return truth_test_is_traced(context, node.expression)
