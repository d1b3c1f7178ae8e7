"""TFX502 print-of-tracer."""

from __future__ import annotations


import libcst as cst

from tracerfix.analysis.values import STATIC, TRACED
from tracerfix.concrete_arguments import is_shadowed
from tracerfix.messages import under_tracing
from tracerfix.rewrite import debug_print_text, is_text, walk
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
    A logging call (`log.debug`, `logger.info`, `logging.warning`) that formats a traced value
    with a format spec (`f"{loss:.2g}"`) raises TypeError while tracing: it is reported, and logs
    from `jax.debug.callback(lambda loss: log.debug(f"{loss:.2g}"), loss)` instead. A log line
    without a format spec runs (it logs the tracer) and is left alone.

    ## Fix safety
    Unsafe: the program's output changes on purpose. The values are printed on every call, from
    the compiled program, instead of the tracer once at trace time; under `vmap` they are printed
    per batch, and `jax.debug.print` output is not ordered with other prints unless you pass
    `ordered=True`. Printed values that are not arrays must be numbers or strings. A `print` with
    `file=`, `flush=`, a non-newline `end=` or a value the analysis cannot classify is reported
    without a fix.
    The log line in a callback is unsafe for the same reasons: it is logged on every call, from
    the compiled program, and not ordered with other output; every name it reads that may be
    traced is passed to the callback.
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
        Valid(
            """
import logging
import jax

log = logging.getLogger(__name__)

@jax.jit
def f(x):
    log.info(f"tracing f with {x}, shape {x.shape}")
    return x * 2
""",
            note="a log line that shows a tracer without a format spec runs while tracing",
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
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def report(x):
    total = jnp.sum(x)
    print("total = %.3f over %d values (100%%)" % (total, x.shape[0]))
    print("mean: %s" % (total / x.shape[0]))
    return total
""",
            expected="""
import jax
import jax.numpy as jnp


@jax.jit
def report(x):
    total = jnp.sum(x)
    jax.debug.print("total = {:.3f} over {} values (100%)", total, x.shape[0])
    jax.debug.print("mean: {}", total / x.shape[0])
    return total
""",
            unsafe=True,
            count=2,
            function='report',
            inputs=('jnp.array([1.0, 2.5])',),
            note='printf-style `%` formatting becomes a `str.format` string: `%.3f` is `{:.3f}`, `%d` and `%s` are `{}`',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def sample(x):
    accepted = 0
    for step in range(4):
        accepted = accepted + (x[step] > 0)
        if (step + 1) % 2 == 0:
            print(f'step {step + 1:3d}/4, '
                  f'accept_rate={accepted / (step + 1):.3f}')
    return accepted
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def sample(x):
    accepted = 0
    for step in range(4):
        accepted = accepted + (x[step] > 0)
        if (step + 1) % 2 == 0:
            jax.debug.print("step {:3d}/4, accept_rate={:.3f}", step + 1, accepted / (step + 1))
    return accepted
""",
            unsafe=True,
            function='sample',
            inputs=('jnp.array([1.0, -1.0, 2.0, 0.0])',),
            note='a progress line written as two f-strings, formatting a traced rate with :.3f, which raises TypeError while tracing: one jax.debug.print format string',
        ),
        Invalid(
            """
import logging
import jax
import jax.numpy as jnp

log = logging.getLogger(__name__)

@jax.jit
def step(x):
    loss = jnp.sum(x ** 2)
    log.debug(f"loss {loss:.2g}")
    return loss
""",
            expected="""
import logging
import jax
import jax.numpy as jnp

log = logging.getLogger(__name__)

@jax.jit
def step(x):
    loss = jnp.sum(x ** 2)
    jax.debug.callback(lambda loss: log.debug(f"loss {loss:.2g}"), loss)
    return loss
""",
            unsafe=True,
            note="a line search's debug log formats a traced loss with :.2g, a TypeError while tracing: logged from a callback",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        func = node.func
        if _logs(func, context):
            self._formatted_log_line(node)
            return
        if not (isinstance(func, cst.Name) and func.value == "print") or context.qualified_name(func) is not None:
            return
        if is_shadowed("print", context):
            return
        printed = [arg.value for arg in node.args if arg.keyword is None]
        traced = [e for value in printed for e in _interpolated(value) if context.value(e).trace == TRACED]
        if not traced:
            return
        listed = ", ".join(f"`{context.describe(e)}`" for e in traced)
        formatted = [e for e in traced if _format_spec_of(e, printed)]
        if formatted:
            message = (
                f"`print` formats traced `{context.describe(formatted[0])}` with "
                f"`:{_format_spec_of(formatted[0], printed)}`, which raises TypeError under {under_tracing(context)} "
                "(a tracer has no value to format); use `jax.debug.print`"
            )
        else:
            message = (
                f"`print` of traced {listed} runs once, while {under_tracing(context)}, and shows "
                "the tracer instead of its values; use `jax.debug.print`"
            )
        self.report(node, message, self._debug_print_fix(node))

    def _formatted_log_line(self, node: cst.Call) -> None:
        """`log.debug(f"loss {loss:.2g}")` of a traced `loss`: the format spec raises TypeError
        while tracing. (A log line that shows a tracer without a spec runs, and is left alone.)
        The call runs on the host, in a `jax.debug.callback` given the traced names it reads."""
        context = self.context
        logged = [arg.value for arg in node.args if arg.keyword is None]
        traced = [e for value in logged for e in _interpolated(value) if context.value(e).trace == TRACED]
        formatted = [e for e in traced if _format_spec_of(e, logged)]
        if not formatted:
            return
        message = (
            f"`{context.describe(node.func)}` formats traced `{context.describe(formatted[0])}` with "
            f"`:{_format_spec_of(formatted[0], logged)}`, which raises TypeError under {under_tracing(context)} "
            "(a tracer has no value to format); log it from `jax.debug.callback`"
        )
        # Every name the line reads that may be traced is handed over (a tracer closed over would
        # leak into the callback); names of modules and Python values are read where they are.
        names = sorted({n.value for arg in node.args for n in walk(arg.value) if isinstance(n, cst.Name)
                        and context.qualified_name(n) is None and context.value(n).trace != STATIC
                        and n.value not in ("True", "False", "None")})
        fix = None
        if names and not any(isinstance(n, (cst.Lambda, cst.NamedExpr, cst.Yield, cst.Await)) for n in walk(node)):
            callback = context.spell("jax.debug.callback")
            text = f"{callback}(lambda {', '.join(names)}: {context.code(node).strip()}, {', '.join(names)})"
            fix = context.fix(
                f"Log from `{callback}`", [(node, context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar))],
                Safety.UNSAFE, "logs the values on every call, from the compiled program, instead of raising while "
                "tracing; the line is not ordered with other output")
        self.report(node, message, fix)

    def _debug_print_fix(self, node: cst.Call):
        context = self.context
        text = debug_print_text(node, context)
        if text is None:
            return None
        replacement = context.parse_expression(text).with_changes(lpar=node.lpar, rpar=node.rpar)
        return context.fix("Replace with `jax.debug.print`", [(node, replacement)], Safety.UNSAFE, _NOTE)


_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "critical", "exception", "log"})


def _logs(func: cst.BaseExpression, context) -> bool:
    """`log.debug`, `logger.info`, `logging.warning`, `self.logger.error`: a logging call."""
    if not (isinstance(func, cst.Attribute) and func.attr.value in _LOG_METHODS):
        return False
    qualified = context.qualified_name(func) or ""
    receiver = func.value.attr.value if isinstance(func.value, cst.Attribute) else \
        func.value.value if isinstance(func.value, cst.Name) else ""
    return qualified.startswith("logging.") or receiver.lower().lstrip("_") in ("log", "logger", "logging")


def _format_spec_of(expression: cst.BaseExpression, printed: list[cst.BaseExpression]) -> str:
    """The format spec (`.3f`) an f-string field gives `expression`, or ""."""
    pending = list(printed)
    while pending:
        value = pending.pop()
        if isinstance(value, cst.ConcatenatedString):
            pending += [value.left, value.right]
        elif isinstance(value, cst.FormattedString):
            for part in value.parts:
                if isinstance(part, cst.FormattedStringExpression) and part.expression is expression \
                        and part.format_spec:
                    return "".join(p.value for p in part.format_spec if isinstance(p, cst.FormattedStringText))
    return ""


def _interpolated(value: cst.BaseExpression):
    """The expressions a printed argument shows: itself, or the fields of an f-string (of each
    piece of `f"..." f"..."`)."""
    if isinstance(value, cst.ConcatenatedString):
        yield from _interpolated(value.left)
        yield from _interpolated(value.right)
    elif isinstance(value, cst.FormattedString):
        for part in value.parts:
            if isinstance(part, cst.FormattedStringExpression):
                yield part.expression
    elif not is_text(value):
        yield value
