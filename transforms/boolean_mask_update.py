"""TFX302 boolean-mask-update."""

from __future__ import annotations

import libcst as cst

from tracerfix.masks import boolean_index, mask_over
from tracerfix.messages import under_tracing
from tracerfix.rewrite import right_operand
from tracerfix.rule import Invalid, Rule, Safety, Valid

# `x.at[mask].<method>(v)` as the value each selected element gets; `{x}` and `{v}` are filled in.
_UPDATED_VALUE = {
    "set": "{v}",
    "add": "{x} + {v}",
    "multiply": "{x} * {v}",
    "min": "{jnp}.minimum({x}, {v})",
    "max": "{jnp}.maximum({x}, {v})",
}
_OPERATORS = {"add": cst.Add, "multiply": cst.Multiply}


class BooleanMaskUpdate(Rule):
    """
    ## What it does
    Finds indexed updates through a traced boolean mask (`x.at[x < 0].set(0)`, `.add`,
    `.multiply`, `.min`, `.max`, `.get`) inside traced code, and rewrites `set`, `add`, `multiply`,
    `min` and `max` into a three-argument `jnp.where`.

    ## Why is this bad?
    `x.at[mask]` turns the mask into the indices of its True values, whose number tracing cannot
    know, so JAX raises `NonConcreteBooleanIndexError`. The update itself keeps the shape of `x`,
    so it can be written as an elementwise selection instead.

    ## Example
    ```python
    @jax.jit
    def manual_clip(x):
        return x.at[x < 0].set(0)
    ```

    ## Use instead
    ```python
    @jax.jit
    def manual_clip(x):
        return jnp.where(x < 0, 0, x)
    ```
    `.add(v)` becomes `jnp.where(mask, x + v, x)`, `.max(v)` becomes
    `jnp.where(mask, jnp.maximum(x, v), x)`; `x.at[mask].set(y[mask])` becomes
    `jnp.where(mask, y, x)`.

    ## Fix safety
    Safe when the mask is computed elementwise from `x` and the new value is an integer literal:
    the result has the same values, dtype and gradient. Unsafe when the mask comes from another
    array (a mask over only the leading axes of `x` selects rows, but `jnp.where` broadcasts it
    against the last axes), and when the new value is anything else: `.at[]` casts the value to
    the dtype of `x`, while `jnp.where` promotes (`x.at[m].set(0.5)` on an integer `x` stores 0,
    the rewrite gives a float array), and a value with one entry per selected element (not a
    scalar, not `y[mask]`) does not broadcast against `x`. `.get()`, `.apply()` and updates with
    keyword options are reported and left for you.
    """

    code = "TFX302"
    name = "boolean-mask-update"
    summary = "`.at[mask]` update with a traced boolean mask"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def manual_clip(x):
    return jnp.where(x < 0, 0, x)

@jax.jit
def first_to_zero(x, i):
    return x.at[i].set(0).at[0].add(1)
""",
            note="the page's fixed version; integer indices are fine under jit",
        ),
        Valid(
            """
import jax
import numpy as np

EVEN = np.arange(6) % 2 == 0

@jax.jit
def halve_even(x):
    return x.at[EVEN].multiply(0.5)
""",
            note="a concrete NumPy mask has a known number of True values",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def manual_clip(x):
    return x.at[x < 0].set(0)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def manual_clip(x):
    return jnp.where(x < 0, 0, x)
""",
            function="manual_clip",
            inputs=("jnp.arange(-2, 2)", "jnp.arange(1.0, 4.0)", "-jnp.ones(3)", "jnp.zeros(3)"),
            note="the page's NonConcreteBooleanIndexError `.at[...]` example",
        ),
        Invalid(
            """
import jax

@jax.jit
def bump(x):
    small = (x > -1) & (x < 1)
    x = x.at[small].add(10)
    x = x.at[x > 5].max(7)
    return x.at[jax.numpy.isnan(x)].multiply(0)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def bump(x):
    small = (x > -1) & (x < 1)
    x = jnp.where(small, x + 10, x)
    x = jnp.where(x > 5, jnp.maximum(x, 7), x)
    return jnp.where(jax.numpy.isnan(x), x * 0, x)
""",
            count=3,
            function="bump",
            inputs=("jnp.arange(-3.0, 8.0)", "jnp.array([0.5, jnp.nan, 6.0])", "jnp.zeros(2)", "jnp.full(2, 9.0)"),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def fill_missing(x, fallback):
    missing = jnp.isnan(x)
    return x.at[missing].set(fallback[missing])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def fill_missing(x, fallback):
    missing = jnp.isnan(x)
    return jnp.where(missing, fallback, x)
""",
            unsafe=True,
            function="fill_missing",
            inputs=(
                "jnp.array([1.0, jnp.nan, 3.0]), jnp.array([9.0, 8.0, 7.0])",
                "jnp.array([1.0, 2.0]), jnp.zeros(2)",
                "jnp.array([jnp.nan, jnp.nan]), jnp.ones(2)",
            ),
            note="`y[mask]` as the value reads `y`; unsafe because the dtypes of `x` and `y` may differ",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def positives(x):
    return x.at[x > 0].get()
""",
            note="`.get()` has a data-dependent shape: reported only",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        method = node.func
        if not isinstance(method, cst.Attribute) or not isinstance(method.value, cst.Subscript):
            return
        indexer = method.value
        if not (isinstance(indexer.value, cst.Attribute) and indexer.value.attr.value == "at"):
            return
        mask = boolean_index(indexer, context)
        if mask is None:
            return
        array = indexer.value.value
        name = method.attr.value
        message = (
            f"`.at[{context.describe(mask)}].{name}(...)` uses a traced boolean mask and fails under "
            f"{under_tracing(context)} with NonConcreteBooleanIndexError; select with `jnp.where`"
        )
        self.report(node, message, self._where_fix(node, array, mask, indexer, name))

    def _where_fix(self, node: cst.Call, array, mask, indexer: cst.Subscript, name: str):
        context = self.context
        if name not in _UPDATED_VALUE or len(indexer.slice) != 1:
            return None
        if len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
            return None
        value = node.args[0].value
        notes = []
        # `x.at[m].set(y[m])`: the selected elements of `y` are `y` itself under jnp.where.
        if (
            isinstance(value, cst.Subscript)
            and boolean_index(value, context) is not None
            and len(value.slice) == 1
            and context.code(value.slice[0].slice.value).strip() == context.code(mask).strip()
        ):
            value = value.value
            notes.append("the result takes the promoted dtype of both arrays; `.at[]` keeps the dtype of the updated one")
        elif not _is_integer_literal(value):
            notes.append(
                f"`.at[]` casts `{context.describe(value)}` to the dtype of the array while `jnp.where` "
                "promotes both, and a value with one entry per selected element does not broadcast"
            )
        jnp = context.spell("jax.numpy")
        x = context.code(array).strip()
        if name in _OPERATORS:
            value = right_operand(_OPERATORS[name](), value)
        updated = _UPDATED_VALUE[name].format(jnp=jnp, x=x, v=context.module.code_for_node(value).strip())
        text = f"{jnp}.where({mask_over(mask, array, context)}, {updated}, {x})"
        replacement = context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar)
        safety = Safety.UNSAFE if notes else Safety.SAFE
        return context.fix(f"Replace with `{jnp}.where(...)`", [(node, replacement)], safety, "; ".join(notes))


def _is_integer_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)
