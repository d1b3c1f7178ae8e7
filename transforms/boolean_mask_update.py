"""TFX302 boolean-mask-update."""

from __future__ import annotations

import libcst as cst

from tracerfix.masks import OPERATORS, UPDATED_VALUE, boolean_index, is_integer_literal, masked_update, rank_of
from tracerfix.messages import under_tracing
from tracerfix.rewrite import right_operand, walk
from tracerfix.rule import Invalid, Rule, Safety, Valid

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
    `jnp.where(mask, y, x)`. A mask along one axis beside slices, with a number as the new
    value, selects within the sliced block: `x.at[:4, m].set(0)` becomes
    `x.at[:4].set(jnp.where(m, 0, x[:4]))`, the mask given a trailing axis for each index entry
    after it (`m[:, None]`).

    ## Fix safety
    Safe when the mask is computed elementwise from `x` and the new value is an integer literal:
    the result has the same values, dtype and gradient. Unsafe when the mask comes from another
    array (a mask over only the leading axes of `x` selects rows, but `jnp.where` broadcasts it
    against the last axes), and when the new value is anything else: `.at[]` casts the value to
    the dtype of `x`, while `jnp.where` promotes (`x.at[m].set(0.5)` on an integer `x` stores 0,
    the rewrite gives a float array), and a value with one entry per selected element (not a
    scalar, not `y[mask]`) does not broadcast against `x`. The sliced form is unsafe unless the
    array is known to have one axis per index entry: it assumes that, and a one-dimensional
    mask. `.get()`, `.apply()` and updates with keyword options are reported and left for you.
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
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def zero_even_columns(x):
    return x.at[:4, jnp.mod(x[0], 2) == 0].set(0)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def zero_even_columns(x):
    return x.at[:4].set(jnp.where(jnp.mod(x[0], 2) == 0, 0, x[:4]))
""",
            unsafe=True,
            function="zero_even_columns",
            inputs=("jnp.arange(24.0).reshape(6, 4)", "jnp.arange(8).reshape(2, 4)"),
            note="a column mask beside a row slice (jax#21994): `jnp.where` over the sliced block; unsafe, the "
            "rank of `x` is assumed from the index",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def reflect_outside_unit_circle(poles):
    mask = jnp.abs(poles) > 1
    return poles.at[mask].set(1 / poles[mask])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def reflect_outside_unit_circle(poles):
    mask = jnp.abs(poles) > 1
    return jnp.where(mask, 1 / poles, poles)
""",
            unsafe=True,
            function="reflect_outside_unit_circle",
            inputs=("jnp.array([0.5, 2.0, -4.0])", "jnp.array([0.0, 1.0])"),
            note="the value an elementwise expression of the masked elements (simphony's pole relocation): the same "
            "expression of the whole array, selected; unsafe, `1 / poles` is computed where it is not selected too",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def wall_bounce(x, v, L):
    for axis in (0, 1):
        over = x[:, axis] > L
        x = x.at[over, axis].set(2 * L - x[over, axis])
        v = v.at[over, axis].multiply(-1)
    return x, v
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def wall_bounce(x, v, L):
    for axis in (0, 1):
        over = x[:, axis] > L
        x = x.at[:, axis].set(jnp.where(over, 2 * L - x[:, axis], x[:, axis]))
        v = v.at[:, axis].set(jnp.where(over, v[:, axis] * -1, v[:, axis]))
    return x, v
""",
            unsafe=True,
            count=2,
            function="wall_bounce",
            inputs=("jnp.array([[0.5, 1.5], [2.5, -0.5]]), jnp.ones((2, 2)), 2.0",),
            note="a mask over particles beside a static axis (a particle box's wall bounce), the value an "
            "expression of the same masked elements: the column, selected",
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
        if name not in UPDATED_VALUE:
            return None
        if len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
            return None
        if len(indexer.slice) != 1:
            return self._sliced_where_fix(node, array, mask, indexer, name)
        update = masked_update(node, array, mask, name, context)
        if update is None:
            return None
        text, safety, note = update
        replacement = context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar)
        return context.fix(f"Replace with `{context.spell('jax.numpy')}.where(...)`", [(node, replacement)], safety, note)

    def _sliced_where_fix(self, node: cst.Call, array, mask, indexer: cst.Subscript, name: str):
        """`x.at[:4, m].set(0)`: a mask along one axis beside slices is `jnp.where` over the sliced
        block, `x.at[:4].set(jnp.where(m, 0, x[:4]))`, with the mask given trailing axes for the
        axes after its own. Only for a value that is one number (a value per selected element has
        a data-dependent shape)."""
        context = self.context
        elements = list(indexer.slice)
        position = next(i for i, e in enumerate(elements) if isinstance(e.slice, cst.Index) and e.slice.value is mask)
        others = [e.slice for i, e in enumerate(elements) if i != position]
        if not all(isinstance(o, cst.Slice) and not any(bound is not None and context.value(bound).traced
                                                         for bound in (o.lower, o.upper, o.step))
                   or isinstance(o, cst.Index) and o.star is None and not context.value(o.value).traced
                   for o in others):
            return None  # slices and static indices (`x.at[over, axis]`, `axis` a Python int) beside the mask
        code = lambda n: context.module.code_for_node(n).strip()  # noqa: E731
        block_index = [":" if i == position else code(e.slice) for i, e in enumerate(elements)]
        value = node.args[0].value
        number = value.expression if isinstance(value, cst.UnaryOperation) else value
        elementwise = False
        if not isinstance(number, (cst.Integer, cst.Float)):
            # `x.at[over, axis].set(2 * L - x[over, axis])`: the same expression of the whole block.
            over_block = _over_block(value, [code(e.slice) for e in elements], block_index, context)
            if over_block is not None:
                value, elementwise = over_block, True
            elif code(mask) in code(value) or any(isinstance(n, cst.Subscript) and boolean_index(n, context) is not None
                                                  for n in walk(value)):
                return None  # one value per selected element: a size the data decides
            # else `self.bounds[0] + self.size`: one value for every selected element, as a number is
        jnp = context.spell("jax.numpy")
        x = context.code(array).strip()
        while block_index and block_index[-1] == ":":
            block_index.pop()
        block = f"{x}[{', '.join(block_index)}]" if block_index else x
        trailing = sum(1 for e in elements[position + 1:] if isinstance(e.slice, cst.Slice))
        m = code(mask)
        aligned = m if trailing == 0 else f"({m})[:{', None' * trailing}]" if not isinstance(mask, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) else f"{m}[:{', None' * trailing}]"
        if name in OPERATORS:
            value = right_operand(OPERATORS[name](), value)
        updated = UPDATED_VALUE[name].format(jnp=jnp, x=block, v=code(value))
        selected = f"{jnp}.where({aligned}, {updated}, {block})"
        text = f"{x}.at[{', '.join(block_index)}].set({selected})" if block_index else selected
        notes = []
        if rank_of(array, context) != len(elements):
            notes.append(f"assumes `{x}` has {len(elements)} axes, one per index entry, and a one-dimensional mask")
        if not is_integer_literal(value):
            notes.append(f"`.at[]` casts `{code(value)}` to the dtype of the array while `jnp.where` promotes both")
        if elementwise:
            notes.append(f"`{code(value)}` is now computed for every element of the block and selected where the mask "
                         "holds")
        replacement = context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar)
        return context.fix(f"Replace with `{jnp}.where(...)` over the sliced block", [(node, replacement)],
                           Safety.UNSAFE if notes else Safety.SAFE, "; ".join(notes))


def _over_block(value: cst.BaseExpression, index: list[str], block_index: list[str], context) -> cst.BaseExpression | None:
    """`value` with every `y[<index>]` (the update's own index, mask included) read over the whole
    block instead (`y[<block_index>]`), when it is arithmetic of those, names and numbers only;
    None otherwise (a value per selected element has a data-dependent shape)."""
    code = lambda n: context.module.code_for_node(n).strip()  # noqa: E731
    found = False

    def over(node: cst.BaseExpression) -> cst.BaseExpression | None:
        nonlocal found
        if isinstance(node, cst.Subscript):
            if [code(e.slice) for e in node.slice] != index:
                return None
            found = True
            return context.parse_expression(f"{code(node.value)}[{', '.join(block_index)}]").with_changes(
                lpar=node.lpar, rpar=node.rpar)
        if isinstance(node, (cst.Name, cst.Integer, cst.Float)):
            return None if context.value(node).traced and context.value(node).boolean else node
        if isinstance(node, cst.UnaryOperation):
            inner = over(node.expression)
            return None if inner is None else node.with_changes(expression=inner)
        if isinstance(node, cst.BinaryOperation):
            left, right = over(node.left), over(node.right)
            return None if left is None or right is None else node.with_changes(left=left, right=right)
        return None

    result = over(value)
    return result if found else None
