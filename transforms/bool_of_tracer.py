"""TFX106 bool-of-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.dataflow import comprehension_env
from tracerfix.masks import elementwise_in
from tracerfix.messages import under_tracing
from tracerfix.rewrite import (
    builtin_called,
    is_boolean,
    is_condition,
    loses_comments,
    parenthesized,
    truth_test_is_traced,
    walk,
)
from tracerfix.rule import Invalid, Rule, Safety, Valid

_LOOSER_THAN_COMPARISON = (cst.BooleanOperation, cst.Comparison, cst.IfExp, cst.Lambda, cst.NamedExpr)
# Where a comparison taking the place of a call needs parentheses.
_BINDS_TIGHTER = (cst.BinaryOperation, cst.UnaryOperation, cst.Attribute, cst.Subscript, cst.Comparison)


class BoolOfTracer(Rule):
    """
    ## What it does
    Finds `bool(x)` where `x` is a traced array, and rewrites it to keep the boolean as an array:
    `bool(x > 0)` becomes `x > 0`, `bool(x.sum())` becomes `x.sum() != 0`. Also reports the
    builtins `any()` and `all()` over traced values (`any(v < 0 for v in x)`), which call `bool()`
    on each element (reported, not rewritten: `jnp.any` needs the elements stacked into an array),
    and `filter()` over a traced array, which tests its predicate on each element: counted
    (`len(list(filter(lambda o: o, overlaps)))`), it becomes `jnp.count_nonzero(overlaps)`.

    ## Why is this bad?
    `bool()` asks for a concrete Python `True` or `False`. Under `jax.jit`, `vmap` or `grad` the
    array is an abstract tracer with no value yet, so JAX raises `TracerBoolConversionError`
    (a `ConcretizationTypeError`). The seed's pitfall list puts it plainly: "Boolean conversion of
    a tracer is impossible because the value is abstract."

    ## Example
    ```python
    @jax.jit
    def all_positive(x):
        return bool(jnp.all(x > 0))
    ```

    ## Use instead
    ```python
    @jax.jit
    def all_positive(x):
        return jnp.all(x > 0)
    ```
    Code that then branches on the result in Python has to branch with `jnp.where` or
    `lax.cond` (TFX101 reports such an `if`).

    ## Fix safety
    Always unsafe: the result is a traced boolean array where the original had a Python `bool`,
    so code that relies on a Python bool (an `if`, a dict key, `is True`) has to change too.
    A `bool()` that is itself the condition of an `if`, `while`, conditional expression or
    `assert` is reported by that statement's rule instead.
    """

    code = "TFX106"
    name = "bool-of-tracer"
    summary = "`bool()` of a traced value"

    VALID = (
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames="flag")
def f(x, flag, options=None):
    use = bool(flag)
    has_options = bool(options)
    return x * 2 if use else x, bool(x.shape[0]), has_options
""",
            note="static values, shapes, and arguments that may be dicts",
        ),
        Valid(
            """
import jax

def bool(x):
    return x

@jax.jit
def f(x):
    return bool(x > 0)
""",
            note="a module's own `bool` is not the builtin",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x, sizes=(1, 2)):
    if any(d > 1 for d in x.shape) and all(s > 0 for s in sizes):
        x = x.sum(0)
    return x
""",
            note="any() and all() over static shapes and Python values",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def all_positive(x):
    return bool(jnp.all(x > 0))
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def all_positive(x):
    return jnp.all(x > 0)
""",
            unsafe=True,
            function="all_positive",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([1.0, -2.0])", "jnp.zeros(2)"),
            note="a predicate: the bool() is dropped",
        ),
        Invalid(
            """
import jax

@jax.jit
def nonzero_total(x):
    flag = bool(x.sum())
    return flag
""",
            expected="""
import jax

@jax.jit
def nonzero_total(x):
    flag = x.sum() != 0
    return flag
""",
            unsafe=True,
            function="nonzero_total",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([1.0, -1.0])", "jnp.array([jnp.nan, 0.0])"),
            note="a number: truth is `!= 0` (NaN is true either way)",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x):
    if bool(x[0] > 0):
        x = -x
    return x
""",
            count=0,
            note="the condition of an `if` is reported by TFX101",
        ),
        Invalid(
            """
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    board: jax.Array
    player: jax.Array


def game_over(state):
    return bool(jnp.sum(state.board == state.player) > 2)


@jax.jit
def f(board, player):
    return jnp.where(game_over(State(board=board, player=player)), 0.0, 1.0)
""",
            expected="""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    board: jax.Array
    player: jax.Array


def game_over(state):
    return jnp.sum(state.board == state.player) > 2


@jax.jit
def f(board, player):
    return jnp.where(game_over(State(board=board, player=player)), 0.0, 1.0)
""",
            unsafe=True,
            function="f",
            inputs=("jnp.array([1, 1, 1, 0]), 1", "jnp.array([1, 0, 0, 0]), 1"),
            note="a helper returns bool() of a test on the fields of an object built from traced values",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    negative = any(v < 0 for v in x)
    return jnp.where(negative, -x, x)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    negative = jnp.any(x < 0)
    return jnp.where(negative, -x, x)
""",
            unsafe=True,
            function="f",
            inputs=("jnp.array([1.0, -2.0])", "jnp.array([1.0, 2.0])", "jnp.zeros(0)"),
            note="any() calls bool() on each traced element: an elementwise test of each element of `x` is the "
            "test of `x`, reduced by `jnp.any` (empty: False, as before)",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x, y):
    ok = all([x.sum() > 0, y.max() < 1])
    return x, ok
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    ok = jnp.all(jnp.array([x.sum() > 0, y.max() < 1]))
    return x, ok
""",
            unsafe=True,
            function="f",
            inputs=("(jnp.array([1.0, 2.0]), jnp.array([0.5]))", "(jnp.array([-1.0]), jnp.array([0.5]))"),
            note="all() of a list holding traced comparisons: `jnp.all` of the array of them",
        ),
        Invalid(
            """
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    entities: jnp.ndarray
    time: int

    def replace(self, **kwargs):
        return self._replace(**kwargs)


def step_entities(state: EnvState):
    done = 0
    for i in range(3):
        done += state.entities[i, 0] > 0
    return state.replace(time=state.time + 1), bool(done > 0)


@jax.jit
def step(entities, time):
    state = EnvState(entities, time)
    state = state._replace(entities=state.entities - 1)
    state, done = step_entities(state)
    return state.entities, done
""",
            expected="""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    entities: jnp.ndarray
    time: int

    def replace(self, **kwargs):
        return self._replace(**kwargs)


def step_entities(state: EnvState):
    done = 0
    for i in range(3):
        done += state.entities[i, 0] > 0
    return state.replace(time=state.time + 1), done > 0


@jax.jit
def step(entities, time):
    state = EnvState(entities, time)
    state = state._replace(entities=state.entities - 1)
    state, done = step_entities(state)
    return state.entities, done
""",
            unsafe=True,
            function='step',
            inputs=('(jnp.array([[2.0], [0.0], [1.0]]), 0)', '(jnp.zeros((3, 1)), 3)',),
            note='a NamedTuple state rebuilt with _replace keeps its traced fields: the bool() of a count of them in the helper it is passed to (gymnax Asterix)',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def crowded(positions, new, radius):
    overlaps = jnp.linalg.norm(positions - new, axis=1) < radius
    n_overlaps = len(list(filter(lambda o: o, overlaps)))
    return n_overlaps
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def crowded(positions, new, radius):
    overlaps = jnp.linalg.norm(positions - new, axis=1) < radius
    n_overlaps = jnp.count_nonzero(overlaps)
    return n_overlaps
""",
            unsafe=True,
            function="crowded",
            inputs=("jnp.array([[0.0, 0.0], [3.0, 0.0], [0.5, 0.5]]), jnp.array([0.2, 0.1]), 1.0",
                    "jnp.zeros((2, 2)), jnp.array([5.0, 5.0]), 1.0"),
            note="`filter` calls bool() on its predicate for each element: counted, it is `jnp.count_nonzero` of "
            "the predicate on the whole array (a hard-disk Monte Carlo step)",
        ),
    )

    def _each_element_tested(self, node: cst.Call, builtin: str) -> None:
        """`any(...)` / `all(...)` call bool() on each element: a traced element leaks."""
        context = self.context
        iterable = node.args[0].value
        if isinstance(iterable, (cst.GeneratorExp, cst.ListComp, cst.SetComp)):
            env = comprehension_env(iterable, context.env, context.imports, context.analysis.index.module_env)
            element = context.evaluator(env).value(iterable.elt)
        elif isinstance(iterable, (cst.List, cst.Tuple, cst.Set)):
            values = [context.value(e.value) for e in iterable.elements]
            element = next((v for v in values if v.traced), values[0] if values else None)
        else:
            value = context.value(iterable)
            element = value if value.traced else None  # iterating a traced array yields tracers
        if element is None or not element.traced:
            return
        jnp = context.spell("jax.numpy")
        code = lambda n: context.code(n).strip()  # noqa: E731
        loop = iterable.for_in if isinstance(iterable, (cst.GeneratorExp, cst.ListComp)) else None
        if loop is not None and loop.inner_for_in is None and not loop.ifs and isinstance(loop.target, cst.Name) \
                and isinstance(loop.iter, (cst.Name, cst.Attribute)) and context.value(loop.iter).traced \
                and elementwise_in(iterable.elt, loop.target.value, context) \
                and not any(isinstance(n, (cst.Lambda, cst.BaseComp)) for n in walk(iterable.elt)):
            # `any(v < 0 for v in x)`: the test on each element of `x` is the test on `x` itself.
            from tracerfix.loops.building import substitute  # the save action of a file without loops skips it

            whole = substitute(iterable.elt, {loop.target.value: loop.iter})
            array = code(whole)
        elif isinstance(iterable, (cst.GeneratorExp, cst.ListComp)):
            # The elements a working original tested were 0-d (bool() of more fails): stacked, they
            # are reduced alike, and an empty sequence gives any() False and all() True as before.
            inner = "".join(code(f) for f in [iterable.for_in]) if iterable.for_in else ""
            array = f"{jnp}.array([{code(iterable.elt)} {inner}])"
        elif isinstance(iterable, (cst.List, cst.Tuple)) and iterable.elements \
                and not any(isinstance(e, cst.StarredElement) for e in iterable.elements):
            array = f"{jnp}.array([{', '.join(code(e.value) for e in iterable.elements)}])"
        elif not isinstance(iterable, (cst.Set, cst.SetComp)):
            array = code(iterable)  # a traced array: its elements
        else:
            array = None
        fix = None if array is None or loses_comments(node, [iterable]) else context.fix(
            f"Replace with `{jnp}.{builtin}`", [(node, context.parse_expression(f"{jnp}.{builtin}({array})").with_changes(
                lpar=node.lpar, rpar=node.rpar))], Safety.UNSAFE,
            "the result is a traced boolean array instead of a Python bool; Python code that branches on it "
            "must use jnp.where or lax.cond")
        self.report(
            node,
            f"`{builtin}()` tests each element of `{context.describe(iterable)}` with bool(), which fails "
            f"for traced values under {under_tracing(context)}; use `jnp.{builtin}` on an array of them",
            fix,
        )

    def _each_element_filtered(self, node: cst.Call) -> None:
        """`filter(lambda x: x, overlaps)` calls bool() on the predicate of each element of a traced
        array; counted (`len(list(filter(...)))`), the elements passing are `jnp.count_nonzero` of
        the predicate applied to the whole array."""
        context = self.context
        predicate, iterable = (arg.value for arg in node.args)
        if not context.value(iterable).traced or context.value(iterable).container:
            return
        lambda_ = predicate if isinstance(predicate, cst.Lambda) and len(predicate.params.params) == 1 \
            and not isinstance(predicate.params.star_arg, (cst.Param, cst.ParamStar)) \
            and not predicate.params.kwonly_params else None
        if lambda_ is None and not (isinstance(predicate, cst.Name) and predicate.value == "None"):
            return
        jnp = context.spell("jax.numpy")
        fix = None
        ancestors = context.ancestors
        listed, counted = (ancestors[-3], ancestors[-5]) if len(ancestors) >= 5 else (None, None)
        if isinstance(listed, cst.Call) and isinstance(counted, cst.Call) \
                and builtin_called(listed, context) in ("list", "tuple") and builtin_called(counted, context) == "len" \
                and len(listed.args) == 1 and len(counted.args) == 1 and not loses_comments(counted, [predicate, iterable]):
            from tracerfix.loops.building import substitute  # the save action of a file without loops skips it

            whole = iterable
            if lambda_ is not None:
                name = lambda_.params.params[0].name.value
                if not elementwise_in(lambda_.body, name, context) \
                        or any(isinstance(n, (cst.Lambda, cst.BaseComp)) for n in walk(lambda_.body)):
                    whole = None
                else:
                    whole = substitute(lambda_.body, {name: iterable})
            if whole is not None:
                replacement = context.parse_expression(f"{jnp}.count_nonzero({context.code(whole).strip()})")
                fix = context.fix(f"Replace with `{jnp}.count_nonzero`", [(counted, replacement.with_changes(
                    lpar=counted.lpar, rpar=counted.rpar))], Safety.UNSAFE,
                    "the count is a traced integer array instead of a Python int; Python code that branches on "
                    "it must use jnp.where or lax.cond")
        self.report(
            node,
            f"`filter()` tests each element of traced `{context.describe(iterable)}` with bool(), which fails "
            f"under {under_tracing(context)}; count with `{jnp}.count_nonzero` of the test on the whole array, "
            "or select with `jnp.where`",
            fix,
        )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        builtin = builtin_called(node, context)
        if builtin in ("any", "all") and len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star:
            self._each_element_tested(node, builtin)
            return
        if builtin == "filter" and len(node.args) == 2 and not any(a.keyword or a.star for a in node.args):
            self._each_element_filtered(node)
            return
        if builtin != "bool" or len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return
        operand = node.args[0].value
        if is_condition(node, context.parent()) or not truth_test_is_traced(context, operand):
            return
        message = (
            f"`bool()` of traced value `{context.describe(operand)}` fails under {under_tracing(context)}; "
            "keep it as a boolean array"
        )
        if loses_comments(node, [operand]):
            self.report(node, message + " (not rewritten: comments inside the call would be lost)")
            return
        if is_boolean(operand, context):
            replacement, title = operand, "Remove `bool()`"
        else:
            if isinstance(operand, _LOOSER_THAN_COMPARISON) and not operand.lpar:
                operand = operand.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            replacement = context.parse_expression(f"{context.code(operand).strip()} != 0")
            title = "Replace with `... != 0`"
        if node.lpar:
            replacement = replacement.with_changes(lpar=node.lpar, rpar=node.rpar)
        elif isinstance(context.parent(), _BINDS_TIGHTER):
            replacement = parenthesized(replacement)
        fix = context.fix(
            title,
            [(node, replacement)],
            Safety.UNSAFE,
            "the value stays a traced boolean array instead of a Python bool; Python code that "
            "branches on it must use jnp.where or lax.cond",
        )
        self.report(node, message, fix)
