"""TFX101 python-if-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.rule import Invalid, Rule, Safety, Valid
from tracerfix.rewrite import BranchAssignments, branch_assignments, where_safety


class PythonIfOnTracer(Rule):
    """
    ## What it does
    Finds `if` and `elif` statements whose condition is a traced array inside a function that JAX
    traces (`jax.jit`, `vmap`, `grad`, `lax.scan` bodies...), and rewrites branches that only
    assign values into `jnp.where` selections.

    ## Why is this bad?
    Under tracing, arrays are abstract: their shape and dtype are known, their values are not. A
    Python `if` needs `bool(condition)`, which asks for a value that does not exist yet, so JAX
    raises `TracerBoolConversionError` (a `ConcretizationTypeError`). The same function may work
    without `jax.jit`, which is why the bug often surfaces late.

    ## Example
    ```python
    @jax.jit
    def clip_first(x):
        result = x
        if x[0] < 0:
            result = result.at[0].set(0)
        return result
    ```

    ## Use instead
    ```python
    @jax.jit
    def clip_first(x):
        result = x
        result = jnp.where(x[0] < 0, result.at[0].set(0), result)
        return result
    ```
    `jnp.where(c, a, b)` computes both sides and selects; `jax.lax.cond(c, f, g, *args)` runs one
    branch and suits an expensive branch with a scalar condition.

    ## Fix safety
    Safe when both branches are cheap, side-effect-free array expressions: `jnp.where` gives the
    same values, dtype and gradient. Unsafe when a branch can produce NaN or inf where it is not
    selected (division, `sqrt`, `log`, `**`...): the value is still right, but the gradient of the
    unselected side leaks through `jnp.where` as NaN. A branch that is not a plain assignment (a
    call with side effects, `return`, `raise`, a name defined in one branch only) is reported and
    left for you.
    """

    code = "TFX101"
    name = "python-if-on-tracer"
    summary = "Python `if`/`elif` on a traced value"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    if x.shape[0] > 2:
        return x[:2]
    if x.ndim == 1 and len(x) > 3:
        return x
    return x * 2
""",
            note="shapes, ndim and len are static",
        ),
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames=("mode",))
def f(x, mode, scale=None):
    if mode == "double":
        x = x * 2
    if scale is not None:
        x = x * scale
    return x
""",
            note="static arguments and `is None` tests",
        ),
        Valid(
            """
def f(x):
    if x[0] < 0:
        x = -x
    return x
""",
            note="not traced: no transformation is applied",
        ),
        Valid(
            """
def jit(f):
    return f

@jit
def f(x):
    if x[0] < 0:
        x = -x
    return x
""",
            note="a project's own `jit` is not JAX's",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def clip_v1(x):
    result = x
    if x[0] < 0:               # error: bool conversion of tracer
        result = result.at[0].set(0)
    return result
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clip_v1(x):
    result = x
    result = jnp.where(x[0] < 0, result.at[0].set(0), result)               # error: bool conversion of tracer
    return result
""",
            function="clip_v1",
            inputs=("jnp.array([3.0, -7.0, 0.5])", "jnp.array([-0.1, 100.0, -0.1])", "jnp.array([0.0, 1.0])"),
        ),
        Invalid(
            """
import jax
import jax.numpy as np

@jax.jit
def pick(x, y):
    if x.sum() > y.sum():
        out = x - y
    else:
        out = y - x
    return out
""",
            expected="""
import jax
import jax.numpy as np

@jax.jit
def pick(x, y):
    out = np.where(x.sum() > y.sum(), x - y, y - x)
    return out
""",
            function="pick",
            inputs=("jnp.array([1.0, 2.0]), jnp.array([0.5, 0.5])", "jnp.array([-1.0, 2.0]), jnp.array([3.0, 0.5])"),
            note="reuses the module's own alias for jax.numpy",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x):
    if x.min() < 0:
        print("negative")
    return x
""",
            note="a branch with a side effect cannot become jnp.where",
        ),
    )

    def visit_If(self, node: cst.If) -> None:
        context = self.context
        if not context.is_traced(node.test):
            return
        keyword = "elif" if isinstance(context.parent(), cst.If) and context.parent().orelse is node else "if"
        message = (
            f"Python `{keyword}` on traced value `{context.describe(node.test)}` fails under "
            f"{_where(context)}; use `jnp.where` or `lax.cond`"
        )
        fix = None if keyword == "elif" else self._where_fix(node)
        self.report(node, message, fix)

    def _where_fix(self, node: cst.If):
        context = self.context
        branches = branch_assignments(node, context)
        if branches is None:
            return None
        jnp = context.spell("jax.numpy")
        test = context.code(node.test).strip()
        statements = []
        for name in branches.names:
            then_value = branches.then_values.get(name, name)
            else_value = branches.else_values.get(name, name)
            statements.append(f"{name} = {jnp}.where({test}, {then_value}, {else_value})")
        replacement = _statements_like(node, statements, context, trailing_comment=_test_comment(node))
        safety, note = where_safety(branches.expressions, context)
        title = f"Replace the `if` with `{jnp}.where(...)`"
        return context.fix(title, [(node, replacement)], safety, note)


def _where(context) -> str:
    scope = context.scope
    name = context.function_name
    return f"tracing (`{name}` is {scope.reason})" if scope is not None else "tracing"


def _test_comment(node: cst.If) -> cst.TrailingWhitespace | None:
    body = node.body
    if isinstance(body, cst.IndentedBlock) and body.header.comment is not None:
        return body.header
    return None


def _statements_like(node: cst.If, lines: list[str], context, trailing_comment=None):
    statements = [context.parse_statement(line + "\n") for line in lines]
    first = statements[0].with_changes(leading_lines=node.leading_lines)
    if trailing_comment is not None and isinstance(first, cst.SimpleStatementLine):
        first = first.with_changes(trailing_whitespace=trailing_comment)
    statements[0] = first
    return cst.FlattenSentinel(statements) if len(statements) > 1 else first


__all__ = ["PythonIfOnTracer", "BranchAssignments"]
