"""TFX103 ternary-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.rewrite import Refused, Selection, loses_comments, report_condition, truth_test_is_traced, walk
from tracerfix.rule import Fix, Invalid, Rule, Safety, Valid


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
    becomes nested `jnp.where`s, and tuples are selected element by element. A name given `None`
    as "no value" (`low = jnp.argmax(occ) if has else None`) and read only behind `low is not
    None and ...` (or tested `low is None`) is computed always, and those tests test the flag
    instead (`has and a == low`), which the rules for `and` and `if` then rewrite.

    ## Fix safety
    Safe when both branches are cheap, side-effect-free array expressions. Unsafe, with the reason
    in the fix's note, when a branch can be inf/NaN where it is not selected (the rewrite masks the
    argument with a second `jnp.where`, the double-where trick, so gradients stay finite), calls
    code the tool cannot see (it now runs for both branches), is a Python number facing an array
    (it takes the array's shape and dtype), or is not known to be an array, and when the
    condition tests for NaN (the branch it rules out is NaN, which reaches the gradient). A branch
    that is `None` or a string, or comments inside the expression, are reported and not rewritten,
    but for the None sentinel above, which is safe: every read of the value is behind its test.
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
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def tag(occ, a, bmat):
    has = jnp.any(occ > 0)
    low = jnp.argmax(occ) if has else None
    if low is not None and a == low:
        bmat = bmat.at[a].set(True)
    return bmat
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def tag(occ, a, bmat):
    has = jnp.any(occ > 0)
    low = jnp.argmax(occ)
    if has and a == low:
        bmat = bmat.at[a].set(True)
    return bmat
""",
            verify=False,
            note="CIPSIpy's excitation tagging: None stands for 'no occupied orbital', read only behind `is not None`; "
            "the value is computed always and the flag tested instead (the `if` rule then rewrites the `if`; "
            "not run side by side: the `if` alone still needs its own rule)",
        ),
    )

    def visit_IfExp(self, node: cst.IfExp) -> None:
        advice = "use `jnp.where` or `lax.cond`"
        report_condition(self, node, node.test, "Conditional expression", advice, lambda: self._fix(node))

    def _fix(self, node: cst.IfExp) -> Fix:
        context = self.context
        sentinel = self._none_sentinel_fix(node)
        if sentinel is not None:
            return sentinel
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

    def _none_sentinel_fix(self, node: cst.IfExp) -> Fix | None:
        """`low = int(jnp.argmax(occ)) if has else None`, read only as `low is not None and
        a == low` (or `low is None`): the value is always computed, and the tests of None become
        tests of the flag (`has and a == low`), which the rules for `and` and `if` then rewrite."""
        context = self.context
        function = context.function
        if not isinstance(node.test, cst.Name) or function is None:
            return None
        ends = [node.body, node.orelse]
        nones = [isinstance(end, cst.Name) and end.value == "None" for end in ends]
        if sorted(nones) != [False, True]:
            return None
        value = ends[nones.index(False)]
        flag = node.test.value if nones[1] else None
        statement = context.enclosing(cst.SimpleStatementLine)
        assign = statement.body[0] if statement is not None and len(statement.body) == 1 else None
        if flag is None or not isinstance(assign, cst.Assign) or assign.value is not node or len(assign.targets) != 1 \
                or not isinstance(assign.targets[0].target, cst.Name):
            return None
        name = assign.targets[0].target.value
        bound = [n for n in walk(function) if isinstance(n, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))
                 for target in [n.target] if isinstance(target, cst.Name) and target.value in (name, flag)]
        if len(bound) != 2:
            return None  # each bound once: the flag's test means the same wherever the name is read
        tests = [n for n in walk(function) if isinstance(n, cst.Comparison) and len(n.comparisons) == 1
                 and isinstance(n.left, cst.Name) and n.left.value == name
                 and isinstance(n.comparisons[0].operator, (cst.Is, cst.IsNot))
                 and isinstance(n.comparisons[0].comparator, cst.Name) and n.comparisons[0].comparator.value == "None"]
        reads = [n for n in walk(function) if isinstance(n, cst.Name) and n.value == name and n is not assign.targets[0].target]
        if not tests:
            return None
        guarded = {id(t.left) for t in tests}
        # Every other read sits on the right of `name is not None and ...`, where the name holds a value.
        for read in reads:
            if id(read) in guarded:
                continue
            if not any(isinstance(b, cst.BooleanOperation) and isinstance(b.operator, cst.And)
                       and any(b.left is t for t in tests if isinstance(t.comparisons[0].operator, cst.IsNot))
                       and any(inner is read for inner in walk(b.right)) for b in walk(function)):
                return None
        edits: list = [(node, value)]
        for test in tests:
            replacement = flag if isinstance(test.comparisons[0].operator, cst.IsNot) else f"not {flag}"
            edits.append((test, context.parse_expression(replacement).with_changes(lpar=test.lpar, rpar=test.rpar)))
        fix = context.fix(f"Compute `{name}` always and test `{flag}` where it was tested against None", edits,
                          Safety.SAFE)
        fix.first = True  # the `if`s that test it are rewritten once they test the flag
        return fix
