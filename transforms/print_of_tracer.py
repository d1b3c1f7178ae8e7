"""TFX502 print-of-tracer."""

from __future__ import annotations

import ast
import json

import libcst as cst

from tracerfix.analysis.values import STATIC, TRACED
from tracerfix.concrete_arguments import is_shadowed
from tracerfix.messages import under_tracing
from tracerfix.rule import Invalid, Rule, Safety, Valid

_NOTE = (
    "prints the values on every call, from the compiled program, instead of the tracer's shape "
    "and dtype once while tracing; jax.debug.print output is not ordered with other prints "
    "unless ordered=True"
)


class PrintOfTracer(Rule):
    """
    ## What it does
    Finds `print(...)` calls that print a traced value (directly or inside an f-string) in a
    function that JAX traces, and rewrites them to `jax.debug.print` with a format string.

    ## Why is this bad?
    `print` runs while JAX traces the function, once per compilation, not when the compiled
    function runs. It shows `Traced<ShapedArray(float32[3])>` instead of the numbers, and later
    calls, which reuse the compiled program, print nothing at all.

    ## Example
    ```python
    @jax.jit
    def step(x):
        y = x * 2
        print(f"y is {y}")
        return y
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x):
        y = x * 2
        jax.debug.print("y is {}", y)
        return y
    ```
    To print only shapes and dtypes while tracing, print `x.shape` / `x.dtype`, which are static.

    ## Fix safety
    Unsafe: the program's output changes on purpose. The values are printed on every call, from
    the compiled program, instead of the tracer once at trace time; under `vmap` they are printed
    per batch, and `jax.debug.print` output is not ordered with other prints unless you pass
    `ordered=True`. Printed values that are not arrays must be numbers or strings. A `print` with
    `file=`, `flush=`, a non-newline `end=` or a value the analysis cannot classify is reported
    without a fix.
    """

    code = "TFX502"
    name = "print-of-tracer"
    summary = "`print()` of a traced value"

    VALID = (
        Valid(
            """
import jax

@jax.jit
def f(x):
    print("tracing f with", x.shape, x.dtype)
    jax.debug.print("x = {}", x)
    return x * 2

def g(x):
    print(x)
""",
            note="static metadata, jax.debug.print, untraced code",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def step(x):
    y = x * 2
    print(f"y is {y}")  # debugging
    return y
""",
            expected="""
import jax

@jax.jit
def step(x):
    y = x * 2
    jax.debug.print("y is {}", y)  # debugging
    return y
""",
            unsafe=True,
            function="step",
            inputs=("jnp.array([1.0, 2.0])", "jax.random.normal(jax.random.key(12), (3,))"),
        ),
        Invalid(
            """
from jax import jit
import jax.numpy as jnp

@jit
def total(x):
    s = jnp.sum(x)
    print(s)
    print("mean:", s / x.size, f"{{max}} {x.max():.2f}", sep=" | ")
    return s
""",
            expected="""
from jax import jit
import jax.numpy as jnp
import jax

@jit
def total(x):
    s = jnp.sum(x)
    jax.debug.print("s = {}", s)
    jax.debug.print("mean: | {} | {{max}} {:.2f}", s / x.size, x.max())
    return s
""",
            unsafe=True,
            count=2,
            function="total",
            inputs=("jnp.array([1.0, 2.0, 4.0])", "jax.random.normal(jax.random.key(13), (5,))"),
            note="labels a bare value, keeps literal text, braces, format specs and sep",
        ),
        Invalid(
            """
import sys
import jax

@jax.jit
def f(x):
    print(x, file=sys.stderr)
    return x
""",
            note="jax.debug.print cannot write to a file",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        func = node.func
        if not (isinstance(func, cst.Name) and func.value == "print") or context.qualified_name(func) is not None:
            return
        if is_shadowed("print", context):
            return
        printed = [arg.value for arg in node.args if arg.keyword is None]
        traced = [e for value in printed for e in _interpolated(value) if context.value(e).trace == TRACED]
        if not traced:
            return
        listed = ", ".join(f"`{context.describe(e)}`" for e in traced)
        message = (
            f"`print` of traced {listed} runs once, while {under_tracing(context)}, and shows "
            "the tracer instead of its values; use `jax.debug.print`"
        )
        self.report(node, message, self._debug_print_fix(node))

    def _debug_print_fix(self, node: cst.Call):
        context = self.context
        separator = " "
        for arg in node.args:
            if arg.star:
                return None
            if arg.keyword is None:
                continue
            text = _string_value(arg.value)
            if arg.keyword.value == "sep" and text is not None:
                separator = text
            elif not (arg.keyword.value == "end" and text == "\n"):
                return None  # file=, flush=, end="": jax.debug.print cannot do these
        printed = [arg.value for arg in node.args if arg.keyword is None]
        labelled = not any(_is_text(value) for value in printed)
        pieces: list[str] = []
        values: list[str] = []
        for value in printed:
            piece = self._piece(value, labelled, values)
            if piece is None:
                return None
            pieces.append(piece)
        jax = context.spell("jax")
        arguments = ", ".join([json.dumps(_escape(separator).join(pieces), ensure_ascii=False), *values])
        replacement = context.parse_expression(f"{jax}.debug.print({arguments})")
        replacement = replacement.with_changes(lpar=node.lpar, rpar=node.rpar)
        return context.fix("Replace with `jax.debug.print`", [(node, replacement)], Safety.UNSAFE, _NOTE)

    def _piece(self, value: cst.BaseExpression, labelled: bool, values: list[str]) -> str | None:
        """The format-string text for one printed value (appending the arguments it needs)."""
        context = self.context
        text = _string_value(value)
        if text is not None:
            return _escape(text)
        if isinstance(value, cst.FormattedString):
            return self._formatted_piece(value, values)
        if not self._printable(value):
            return None
        values.append(context.code(value).strip())
        return f"{_escape(context.describe(value))} = {{}}" if labelled else "{}"

    def _formatted_piece(self, value: cst.FormattedString, values: list[str]) -> str | None:
        context = self.context
        plain_start = value.start.replace("f", "").replace("F", "")
        text = ""
        for part in value.parts:
            if isinstance(part, cst.FormattedStringText):
                # Braces in f-string text are already doubled, as a format string wants them.
                text += ast.literal_eval(plain_start + part.value + value.end)
                continue
            if not self._printable(part.expression):
                return None
            spec = ""
            if part.format_spec is not None:
                if not all(isinstance(p, cst.FormattedStringText) for p in part.format_spec):
                    return None
                spec = ":" + "".join(p.value for p in part.format_spec)
            conversion = f"!{part.conversion}" if part.conversion else ""
            if part.equal is not None:  # f"{x = }" shows its own source before the value
                label = (
                    part.whitespace_before_expression.value + context.code(part.expression)
                    + part.whitespace_after_expression.value + context.code(part.equal)
                )
                text += _escape(label)
                conversion = conversion or ("" if spec else "!r")
            text += "{" + conversion + spec + "}"
            values.append(context.code(part.expression).strip())
        return text

    def _printable(self, expression: cst.BaseExpression) -> bool:
        """Values jax.debug.print can take: arrays and static Python values (not unknown objects)."""
        return self.context.value(expression).trace in (TRACED, STATIC)


def _interpolated(value: cst.BaseExpression):
    """The expressions a printed argument shows: itself, or the fields of an f-string."""
    if isinstance(value, cst.FormattedString):
        for part in value.parts:
            if isinstance(part, cst.FormattedStringExpression):
                yield part.expression
    elif not _is_text(value):
        yield value


def _is_text(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.FormattedString, cst.SimpleString, cst.ConcatenatedString))


def _string_value(value: cst.BaseExpression) -> str | None:
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
        evaluated = value.evaluated_value
        return evaluated if isinstance(evaluated, str) else None
    return None


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")
