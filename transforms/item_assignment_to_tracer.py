"""TFX403 item-assignment-to-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.syntax import target_names
from tracerfix.analysis.values import TRACED
from tracerfix.messages import under_tracing
from tracerfix.rewrite import AUGMENTED_AT_METHODS, at_indices, subscript_chain, subscripted_name, walk
from tracerfix.rule import Invalid, Rule, Safety, Valid

# Calls that give a new array of their own, which no other name holds.
_FRESH = frozenset({"copy", "array", "zeros", "ones", "full", "empty", "zeros_like", "ones_like", "full_like",
                    "empty_like", "arange", "linspace", "eye", "stack", "concatenate"})


class ItemAssignmentToTracer(Rule):
    """
    ## What it does
    Finds writes into a traced array in place (`v[:-1] = w`, `rate[i] += r`), typically NumPy
    code run under `jax.jit`, and rewrites them as the functional update JAX has
    (`v = v.at[:-1].set(w)`, `rate = rate.at[i].add(r)`).

    ## Why is this bad?
    NumPy arrays can be written in place; JAX arrays cannot. Code that copies an argument with
    `v.copy()` and writes into the copy works on NumPy arrays, but under a trace the copy is a
    tracer, and the write raises `TypeError: JAX arrays are immutable and do not support in-place
    item assignment`.

    ## Example
    ```python
    @jax.jit
    def shift(v):
        out = v.copy()
        out[:-1] = v[1:] - v[:-1]
        return out
    ```

    ## Use instead
    ```python
    @jax.jit
    def shift(v):
        out = v.copy()
        out = out.at[:-1].set(v[1:] - v[:-1])
        return out
    ```

    Only arrays the function makes itself are reported (a copy, a NumPy or JAX constructor,
    arithmetic): a parameter may be a dict or a list of tracers, or a Pallas reference, which take
    writes.

    ## Fix safety
    Safe: the array is the function's own (no other name sees it), and `.at[...]` computes what
    the write did. A chained subscript with a slice (`m[1:][0] = x`) has no `.at` form and is
    reported without a fix.
    """

    code = "TFX403"
    name = "item-assignment-to-tracer"
    summary = "In-place item assignment into a traced array"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def f(x):
    table = np.zeros(3)
    table[0] = 1.0
    parts = [x, x * 2]
    parts[0] = x + 1
    stats = {"mean": x.mean()}
    stats["max"] = x.max()
    return x.at[0].set(table[0]) + parts[0] + stats["max"]
""",
            note="a NumPy constant, a Python list and a dict of tracers can be written; `.at` is the JAX form",
        ),
        Valid(
            """
import jax

@jax.jit
def step(state, ref):
    state["count"] = state["count"] + 1
    ref[0] = state["count"]
    return state
""",
            note="a parameter may be a dict or a list of tracers (or a Pallas reference): not known to be an array",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def rates(v, pops):
    shift = v.copy()
    shift[:-1] = shift[1:] - v[:-1]
    ratio = pops * 0.0
    ratio[:-1] = pops[:-1] / pops[1:]
    ratio[-1] += 1.0
    return shift * ratio
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def rates(v, pops):
    shift = v.copy()
    shift = shift.at[:-1].set(shift[1:] - v[:-1])
    ratio = pops * 0.0
    ratio = ratio.at[:-1].set(pops[:-1] / pops[1:])
    ratio = ratio.at[-1].add(1.0)
    return shift * ratio
""",
            count=3,
            function="rates",
            inputs=("(np.array([0.1, 0.4, 0.3], np.float32), np.array([2.0, 4.0, 5.0], np.float32))",),
            note="a NumPy-era vaccination-rate model: copies and products written in place",
        ),
    )

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1:
            self._write(node, node.targets[0].target, "set")

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        method = AUGMENTED_AT_METHODS.get(type(node.operator))
        self._write(node, node.target, method)

    def _write(self, statement: cst.Assign | cst.AugAssign, target: cst.BaseExpression, method: str | None) -> None:
        context = self.context
        name = subscripted_name(target)
        if name is None or context.claimed(statement):
            return
        chain, base = subscript_chain(target)
        array = context.value(base)
        if array.trace != TRACED or array.container or array.host is not None:
            return  # a list, a dict or a NumPy array can be written; not known to be a traced array
        if not self._made_here(name) or any(isinstance(element.slice, cst.Index) and isinstance(
                element.slice.value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
                for subscript in chain for element in subscript.slice):
            # Only an array the function made itself (a parameter may be a dict or list of
            # tracers, or a Pallas reference, all of which take writes); a string key is a dict's.
            return
        described = context.describe(target)
        message = (f"`{described} = ...` writes into traced `{name}` in place, which JAX arrays do not allow: it "
                   f"fails under {under_tracing(context)} with TypeError (JAX arrays are immutable)")
        indices = at_indices(target, context)
        if indices is None or method is None:
            self.report(target, f"{message}; write `{name} = {name}.at[...].set(...)` with the indices of one subscript")
            return
        value = context.code(statement.value).strip()
        text = f"{name} = {name}.at[{indices}].{method}({value})"
        fix = context.fix(f"Write with `{name}.at[...].{method}(...)`",
                          [(statement, context.parse_statement(text + "\n").body[0])], Safety.SAFE)
        # Before the lowering of a traced `if` or loop around the write, which would make the
        # array a parameter of a `lax` branch, where the write is no longer seen as this leak.
        fix.first = True
        self.report(target, f"{message}; use `{text}`", fix)

    def _made_here(self, name: str) -> bool:
        """Every binding of `name` in the function makes a new array: a copy, a NumPy or JAX
        constructor, or arithmetic; not a parameter."""
        function = self.context.function
        if not isinstance(function, cst.FunctionDef):
            return False
        if name in {p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                           *function.params.kwonly_params)}:
            return False
        values = []
        for node in walk(function.body):
            if isinstance(node, cst.Assign) and any(name in target_names(t.target) for t in node.targets):
                if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
                    return False
                values.append(node.value)
        return bool(values) and all(self._fresh(value) for value in values)

    def _fresh(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation)):
            return True
        if not isinstance(value, cst.Call):
            return False
        func = value.func
        leaf = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
        return leaf in _FRESH and (leaf == "copy" or (self.context.qualified_name(func) or "").startswith(
            ("numpy.", "jax.numpy.")))

