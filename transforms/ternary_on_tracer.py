"""TFX103 ternary-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.rewrite import Refused, Selection, loses_comments, report_condition, truth_test_is_traced
from tracerfix.rule import Fix, Invalid, Rule, Valid


class TernaryOnTracer(Rule):
    """
    ## What it does
    Finds conditional expressions `a if c else b` whose condition `c` is a traced array, and
    rewrites them into `jnp.where(c, a, b)` (or `lax.cond` when a branch is expensive).

    ## Why is this bad?
    `a if c else b` calls `bool(c)`. Under `jax.jit`, `vmap` or `grad`, `c` is an abstract tracer
    with no value, so JAX raises `TracerBoolConversionError` (a `ConcretizationTypeError`). This is
    the "Traced value used in control flow" example of JAX's errors page.

    ## Example
    ```python
    @jit
    def func(x, y):
        return x if x.sum() < y.sum() else y
    ```

    ## Use instead
    ```python
    @jit
    def func(x, y):
        return jnp.where(x.sum() < y.sum(), x, y)
    ```
    `jnp.where` computes both branches and selects; for an expensive branch (a matmul, a linear
    solve, a call into other code) under a scalar predicate outside `vmap` the rewrite uses
    `lax.cond(c, lambda: a, lambda: b)`, which runs one. A chain `a if c1 else b if c2 else d`
    becomes nested `jnp.where`s, and tuples are selected element by element.

    ## Fix safety
    Safe when both branches are cheap, side-effect-free array expressions. Unsafe, with the reason
    in the fix's note, when a branch can be inf/NaN where it is not selected (the rewrite masks the
    argument with a second `jnp.where`, the double-where trick, so gradients stay finite), calls
    code the tool cannot see (it now runs for both branches), is a Python number facing an array
    (it takes the array's shape and dtype), or is not known to be an array, and when the
    condition tests for NaN (the branch it rules out is NaN, which reaches the gradient). A branch
    that is `None` or a string, or comments inside the expression, are reported and not rewritten.
    """

    code = "TFX103"
    name = "ternary-on-tracer"
    summary = "Conditional expression `a if c else b` on a traced value"

    VALID = (
        Valid(
            """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="training")
def dropout_scale(x, training, bias=None):
    scale = 0.5 if training else 1.0
    x = x if bias is None else x + bias
    x = x[0] if x.ndim > 1 else x
    return x * scale
""",
            note="static arguments, `is None`, and shapes",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x, extras):
    y = x if isinstance(x, tuple) else (x,)
    z = extras if extras else {}
    return y, z
""",
            note="type tests, and an unannotated argument that may be a dict",
        ),
        Valid(
            """
import jax.numpy as jnp

def f(x, y):
    return x if x.sum() < y.sum() else y
""",
            note="not traced",
        ),
    )
    INVALID = (
        Invalid(
            """
from jax import jit
import jax.numpy as jnp

@jit
def func(x, y):
    return x if x.sum() < y.sum() else y
""",
            expected="""
from jax import jit
import jax.numpy as jnp

@jit
def func(x, y):
    return jnp.where(x.sum() < y.sum(), x, y)
""",
            function="func",
            inputs=("jnp.ones(4), jnp.zeros(4)", "jnp.zeros(4), jnp.ones(4)", "jnp.ones(4), jnp.ones(4)"),
            note="JAX errors page, 'Traced value used in control flow'",
        ),
        Invalid(
            """
import jax

@jax.jit
def sign(x):
    s = x.sum()
    return 1.0 if s > 0 else -1.0 if s < 0 else 0.0
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def sign(x):
    s = x.sum()
    return jnp.where(s > 0, 1.0, jnp.where(s < 0, -1.0, 0.0))
""",
            count=2,
            function="sign",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([-1.0, -2.0])", "jnp.array([1.0, -1.0])"),
            note="a chain of ternaries folds into nested jnp.where; Python numbers only: safe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def pick_pair(x, y):
    return (x, y) if x.mean() > y.mean() else (y, x)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def pick_pair(x, y):
    return (jnp.where(x.mean() > y.mean(), x, y), jnp.where(x.mean() > y.mean(), y, x))
""",
            function="pick_pair",
            inputs=("jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0])", "jnp.array([-1.0, 2.0]), jnp.array([3.0, 0.0])"),
            note="tuples are selected element by element",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def solve_or_keep(a, b):
    return jnp.linalg.solve(a, b) if jnp.abs(jnp.linalg.det(a)) > 1e-6 else b
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def solve_or_keep(a, b):
    return lax.cond(jnp.abs(jnp.linalg.det(a)) > 1e-6, lambda: jnp.linalg.solve(a, b), lambda: b)
""",
            function="solve_or_keep",
            inputs=(
                "jnp.array([[2.0, 0.0], [0.0, 4.0]]), jnp.array([1.0, 1.0])",
                "jnp.array([[1.0, 1.0], [1.0, 1.0]]), jnp.array([1.0, 1.0])",
            ),
            note="an expensive branch: lax.cond runs only the selected one",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def soft_log(x):
    return jnp.log(x) if x > 1 else x - 1
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def soft_log(x):
    return jnp.where(x > 1, jnp.log(jnp.where(x > 1, x, 1)), x - 1)
""",
            unsafe=True,
            function="soft_log",
            inputs=("jnp.array(3.0)", "jnp.array(1.0)", "jnp.array(0.0)", "jnp.array(-2.0)"),
            note="log on the unselected side: the double-where trick, unsafe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def positive_total(x):
    total = x.sum()
    return total if total > 0 else 0
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def positive_total(x):
    total = x.sum()
    return jnp.where(total > 0, total, 0)
""",
            unsafe=True,
            function="positive_total",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([-1.0, -2.0])", "jnp.zeros(2)"),
            note="a Python number against an array: unsafe",
        ),
        Invalid(
            """
import jax

@jax.jit
def first_positive(x):
    return x if x.sum() > 0 else None
""",
            note="`None` is not an array: reported, not rewritten",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def absolute(x):
    return jax.vmap(lambda v: v if v > 0 else -v)(x)
""",
            expected="""
import jax
import jax.numpy as jnp

def absolute(x):
    return jax.vmap(lambda v: jnp.where(v > 0, v, -v))(x)
""",
            verify=False,
            note="inside vmap; not run side by side: the original fails even without jit",
        ),
    )

    def visit_IfExp(self, node: cst.IfExp) -> None:
        advice = "use `jnp.where` or `lax.cond`"
        report_condition(self, node, node.test, "Conditional expression", advice, lambda: self._fix(node))

    def _fix(self, node: cst.IfExp) -> Fix:
        context = self.context
        tests, values = [node.test], [node.body]
        rest = node.orelse
        while isinstance(rest, cst.IfExp) and not rest.lpar and truth_test_is_traced(context, rest.test):
            tests.append(rest.test)
            values.append(rest.body)
            rest = rest.orelse
        if loses_comments(node, [*tests, *values, rest]):
            raise Refused("comments inside the expression would be lost")
        selection = Selection(context, tests, [[*values, rest]])
        replacement = context.parse_expression(selection.expression())
        title = f"Replace with `{selection.callee()}(...)`"
        return context.fix(title, [(node, replacement)], selection.safety, selection.note)
