"""TFX107 builtin-min-max-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.values import element_of
from tracerfix.messages import under_tracing
from tracerfix.rewrite import builtin_called, is_literal_number, loses_comments
from tracerfix.rule import Fix, Invalid, Rule, Safety, Valid

_ELEMENTWISE = {"min": "minimum", "max": "maximum"}
_KEYED = frozenset({"sorted", "min", "max"})  # builtins that compare `key(item)` for each item


class BuiltinMinMaxOnTracer(Rule):
    """
    ## What it does
    Finds Python's builtin `min()` and `max()` applied to traced arrays, and rewrites them into
    `jnp.minimum` / `jnp.maximum` (several arguments) or `jnp.min` / `jnp.max` (one array).

    ## Why is this bad?
    `max(a, b)` is `b if b > a else a`: it calls `bool()` on the traced comparison, which has no
    value while tracing, so JAX raises `TracerBoolConversionError`. `max(x)` iterates over the
    array and compares its elements the same way.

    ## Example
    ```python
    @jax.jit
    def relu(x):
        return max(x, 0)
    ```

    ## Use instead
    ```python
    @jax.jit
    def relu(x):
        return jnp.maximum(x, 0)
    ```

    ## Fix safety
    Always unsafe: `max(a, b)` and `jnp.maximum(a, b)` give the same values except where `max`
    only looks at the comparison `b > a`, and the note says which of these applies:
    - gradients at ties: `max` sends the whole gradient to its first argument, `jnp.maximum`
      splits it (so `max(x, 0)` and `jnp.maximum(x, 0)` differ in gradient at `x == 0`);
    - NaN: `max(a, b)` returns `a` when `b` is NaN, `jnp.maximum` propagates the NaN (a number
      written in the source as a later argument cannot be NaN);
    - dtype: `max(x, 0.5)` with an integer `x` returned `x` or a float, the rewrite always a float.
    `max(x)` of one array becomes `jnp.max(x)` (NaN handling differs, and it reduces every axis
    where `max` iterated over the first). `key=`, `default=`, containers that are not written out
    and comments inside the call are reported and not rewritten. So is `sorted()` (or `min()` /
    `max()`) of Python items by a `key=lambda` whose value is traced (`sorted(galaxies,
    key=lambda g: g.redshift)`, with traced redshifts): the keys are compared in Python, and the
    jit-safe form (`jnp.argsort` of the stacked keys, the items kept in arrays) changes the data
    layout, so it is left to the user.
    """

    code = "TFX107"
    name = "builtin-min-max-on-tracer"
    summary = "Builtin `min()` / `max()` on a traced value"

    VALID = (
        Valid(
            """
import jax

class Layer:
    def __init__(self, order, scale):
        self.order = order
        self.scale = scale

@jax.jit
def apply(x, scale):
    layers = [Layer(2, scale), Layer(1, scale * 2)]
    for layer in sorted(layers, key=lambda l: l.order):
        x = x * layer.scale
    return x
""",
            note="items sorted by a static key: their traced fields are not compared",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, ys):
    n = max(x.shape[0], 1)
    depth = min(len(ys), 3)
    return jnp.maximum(x, 0) / n, depth, max(x.ndim, 2)
""",
            note="static shapes and lengths; jnp.maximum is already right",
        ),
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnums=(1, 2))
def f(x, lo, hi):
    return x * max(lo, hi) + min(x.shape), max(hi, 1)
""",
            note="static arguments",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def relu(x):
    return max(x, 0)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def relu(x):
    return jnp.maximum(x, 0)
""",
            unsafe=True,
            function="relu",
            inputs=("jnp.array(3.0)", "jnp.array(-2.0)", "jnp.array(0.0)", "jnp.array(jnp.nan)"),
            note="same values, NaN included; unsafe for the gradient at the tie x == 0",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clamp(x, lo, hi):
    return min(max(x.sum(), lo), hi)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clamp(x, lo, hi):
    return jnp.minimum(jnp.maximum(x.sum(), lo), hi)
""",
            unsafe=True,
            count=2,
            function="clamp",
            inputs=("jnp.array([1.0, 2.0]), 0.0, 2.0", "jnp.array([-1.0, -2.0]), 0.0, 2.0", "jnp.array([1.0, 0.5]), 0.0, 2.0"),
            note="array arguments may be NaN: unsafe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def largest(a, b, c):
    return max([a.sum(), b.sum(), c.sum()])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def largest(a, b, c):
    return jnp.maximum(jnp.maximum(a.sum(), b.sum()), c.sum())
""",
            unsafe=True,
            function="largest",
            inputs=("jnp.ones(2), jnp.zeros(2), -jnp.ones(2)", "jnp.zeros(2), jnp.ones(3), jnp.ones(2)"),
            note="a written-out list: the elements are compared pairwise",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def peak(x):
    return max(x)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def peak(x):
    return jnp.max(x)
""",
            unsafe=True,
            function="peak",
            inputs=("jnp.array([1.0, 3.0, 2.0])", "jnp.array([-1.0])"),
            note="one array: iterated by max(), reduced by jnp.max",
        ),
        Invalid(
            """
import jax

def loss(w):
    return max(w, 0.0) ** 2

grad_loss = jax.jit(jax.grad(loss))
""",
            expected="""
import jax
import jax.numpy as jnp

def loss(w):
    return jnp.maximum(w, 0.0) ** 2

grad_loss = jax.jit(jax.grad(loss))
""",
            unsafe=True,
            function="grad_loss",
            inputs=("jnp.array(2.0)", "jnp.array(-1.0)"),
            note="differentiated: gradients at ties differ, unsafe",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(xs, x):
    return max(x, x.sum(), key=abs)
""",
            note="`key=` is reported, not rewritten",
        ),
        Invalid(
            """
import jax

class Galaxy:
    def __init__(self, redshift):
        self.redshift = redshift

@jax.jit
def ordered(z1, z2):
    galaxies = (Galaxy(0.5), Galaxy(z1), Galaxy(z2))
    return [g.redshift for g in sorted(galaxies, key=lambda g: g.redshift)]
""",
            note="items sorted by a traced key (PyAutoLens #498): reported, not rewritten",
        ),
        Invalid(
            """
import jax

@jax.jit
def ranks(x):
    return sorted(range(x.shape[0]), key=lambda i: x[i])
""",
            note="indices sorted by traced values: reported (`jnp.argsort(x)` is the array form)",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        builtin = builtin_called(node, context)
        if builtin in _KEYED and self._traced_key(node, builtin):
            return
        if builtin not in _ELEMENTWISE or not node.args or any(arg.star == "**" for arg in node.args):
            return
        positional = [arg for arg in node.args if arg.keyword is None]
        values = [arg.value for arg in positional]
        if len(values) == 1 and isinstance(values[0], (cst.List, cst.Tuple)) and not positional[0].star:
            values = [element.value for element in values[0].elements]
            if any(isinstance(element, cst.StarredElement) for element in positional[0].value.elements):
                return
        elif any(arg.star for arg in positional):
            return
        if not any(context.is_traced(value) for value in values):
            return
        message = (
            f"`{builtin}()` compares traced `{context.describe(next(v for v in values if context.is_traced(v)))}` "
            f"in Python, which fails under {under_tracing(context)}; use `jnp.{_ELEMENTWISE[builtin]}`"
        )
        fix = None
        if len(positional) != len(node.args):
            message += " (not rewritten: it takes keyword arguments)"
        elif loses_comments(node, values):
            message += " (not rewritten: comments inside the call would be lost)"
        else:
            fix = self._fix(node, builtin, values)
        self.report(node, message, fix)

    def _traced_key(self, node: cst.Call, builtin: str) -> bool:
        """`sorted(galaxies, key=lambda g: g.redshift)` where the key of an item is traced: Python
        compares the keys (`bool()` of a traced comparison). Reported, not rewritten: the items
        stay Python objects, which a traced order cannot index. True when reported."""
        context = self.context
        key = next((arg.value for arg in node.args if arg.keyword is not None and arg.keyword.value == "key"), None)
        items = next((arg.value for arg in node.args if arg.keyword is None and not arg.star), None)
        if not isinstance(key, cst.Lambda) or items is None or len(key.params.params) != 1:
            return False
        iterated = context.value(items)
        if iterated.container and iterated.elements is None and iterated.host != "range":
            return False  # a list of objects joined into one value: which field is traced is not known
        name = key.params.params[0].name.value
        if not any(context.evaluator({**context.env, name: item}).value(key.body).traced
                   for item in iterated.elements or (element_of(iterated),)):
            return False
        self.report(
            node,
            f"`{builtin}()` compares the traced keys `{context.describe(key.body)}` of "
            f"`{context.describe(items)}` in Python, which fails under {under_tracing(context)}; stack the keys "
            f"into an array and order or pick with `jnp.argsort` / `jnp.argmin` / `jnp.argmax`, keeping the "
            f"items in arrays too (a traced order cannot index a Python list)",
        )
        return True

    def _fix(self, node: cst.Call, builtin: str, values: list[cst.BaseExpression]) -> Fix:
        context = self.context
        jnp = context.spell("jax.numpy")
        texts = [context.code(value).strip() for value in values]
        if len(values) == 1:
            text = f"{jnp}.{builtin}({texts[0]})"
            note = (
                f"jnp.{builtin} reduces every axis and propagates NaN; `{builtin}()` iterated over the "
                "first axis and skipped NaN depending on its position"
            )
        else:
            text = texts[0]
            for other in texts[1:]:
                text = f"{jnp}.{_ELEMENTWISE[builtin]}({text}, {other})"
            note = self._note(builtin, values)
        replacement = context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar)
        title = f"Replace with `{jnp}.{_ELEMENTWISE[builtin] if len(values) > 1 else builtin}(...)`"
        return context.fix(title, [(node, replacement)], Safety.UNSAFE, note)

    def _note(self, builtin: str, values: list[cst.BaseExpression]) -> str:
        """How jnp.minimum/maximum differ from the builtin here: always at ties, where the
        gradient is split; with NaN in a later argument; with a float literal."""
        context = self.context
        function = f"jnp.{_ELEMENTWISE[builtin]}"
        notes = [
            f"at a tie {function} splits the gradient between the arguments, `{builtin}()` gave it all "
            "to the first" + (f" (`{context.function_name}` is differentiated)" if _differentiated(context) else "")
        ]
        later = [value for value in values[1:] if not is_literal_number(value)]
        if later:
            notes.append(
                f"{function} returns NaN when `{context.describe(later[0])}` is NaN, where `{builtin}()` "
                "returned the first argument"
            )
        floats = [value for value in values[1:] if isinstance(_unsigned(value), cst.Float)]
        if floats:
            notes.append(f"`{context.describe(floats[0])}` is a float: with an integer array the result is now a float")
        return "; ".join(notes)


def _differentiated(context) -> bool:
    return context.scope is not None and context.scope.differentiated


def _unsigned(value: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(value, cst.UnaryOperation):
        value = value.expression
    return value
