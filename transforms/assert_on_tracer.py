"""TFX105 assert-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.rewrite import Refused, report_condition, runtime_check, statements_replacing
from tracerfix.rule import Fix, Invalid, Rule, Safety, Valid


class AssertOnTracer(Rule):
    """
    ## What it does
    Finds `assert` statements whose condition is a traced array, and rewrites them into a runtime
    check that works under tracing and keeps the function callable as before: a
    `jax.debug.callback` that asserts on the host, or `x = eqx.error_if(x, ~condition, "message")`
    in modules that use Equinox.

    ## Why is this bad?
    `assert c` calls `bool(c)`. Under `jax.jit`, `vmap` or `grad`, `c` is an abstract tracer, so
    JAX raises `TracerBoolConversionError` (a `ConcretizationTypeError`) while tracing, whatever
    the data. The check cannot run at trace time: it has to become part of the computation.

    ## Example
    ```python
    @jax.jit
    def normalize(x):
        assert x[0] > 0, "x[0] must be positive"
        return x / x[0]
    ```

    ## Use instead
    ```python
    @jax.jit
    def normalize(x):
        def assert_holds(holds):
            assert holds, "x[0] must be positive"
        jax.debug.callback(assert_holds, x[0] > 0)
        return x / x[0]
    ```
    Callers keep calling `normalize(x)` under plain `jax.jit`; when the condition fails, the call
    raises a `JaxRuntimeError` quoting the message. With Equinox,
    `x = eqx.error_if(x, ~(x[0] > 0), "x[0] must be positive")` does the same without a callback.
    If every caller can change, `checkify.check(x[0] > 0, "x[0] must be positive")` is the
    functional alternative (no host round trip, works under `vmap` and `grad`), but then each
    call must become `err, out = checkify.checkify(normalize)(x); err.throw()`: a jitted function
    with an unwrapped check fails to trace, so the fix never writes it for you. An assertion
    about shapes or dtypes is static and is not reported.

    ## Fix safety
    Always unsafe: the error is raised when the compiled function runs, wrapped in a
    `JaxRuntimeError` rather than a bare `AssertionError`; the callback is a host round trip;
    under `jax.grad` it checks the forward values only. `eqx.error_if` raises only when the value
    it returns is used. An f-string message that only reads names (`f"bad total {total:.3f}"`) is
    formatted on the host: the callback receives those values. A message that computes values
    (`f"{x.sum()}"`, a call, a variable) is reported and not rewritten.
    """

    code = "TFX105"
    name = "assert-on-tracer"
    summary = "`assert` on a traced value"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y=None):
    assert x.ndim == 2, "expects a matrix"
    assert x.shape[0] == x.shape[1]
    assert y is None or y.dtype == x.dtype
    assert jnp.issubdtype(x.dtype, jnp.floating)
    return x
""",
            note="shapes, dtypes and `is None` are static",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x, config):
    assert config, "needs a config"
    return x
""",
            note="an unannotated argument may be a dict",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp


def not_tracer(v):
    return not isinstance(v, jax.core.Tracer)


@jax.jit
def f(chi):
    if not_tracer(chi):
        assert jnp.all(jnp.abs(chi) <= 1.0), "spin out of bounds"
    return chi * 2
""",
            note="behind a tracer test (here through a helper) the assert runs only eagerly",
        ),
        Valid(
            """
import contextlib

import jax
import jax.numpy as jnp


class skip_if_abstract:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is not None and issubclass(kind, jax.errors.ConcretizationTypeError):
            return True


@jax.jit
def decaying(x, y, alpha):
    with skip_if_abstract():
        assert jnp.all(x >= 0)
    with contextlib.suppress(jax.errors.TracerBoolConversionError):
        assert jnp.all(y >= 0)
    return 1 / (x + y + 1) ** alpha
""",
            note="a context manager that swallows tracer errors (lsqfitgp's `skipifabstract`, "
            "`contextlib.suppress`) runs the check only where the values are concrete",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def normalize(x):
    assert x[0] > 0, "x[0] must be positive"
    return x / x[0]
""",
            expected="""
import jax

@jax.jit
def normalize(x):
    def assert_holds(holds):
        assert holds, "x[0] must be positive"

    jax.debug.callback(assert_holds, x[0] > 0)
    return x / x[0]
""",
            unsafe=True,
            function="normalize",
            inputs=("jnp.array([2.0, 1.0])", "jnp.array([4.0, -1.0])"),
            note="the seed's `assert x[0] > 0`; tests/test_assert_rewrite.py checks that a failing input raises under plain jax.jit",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def log_prob(p):
    assert jnp.all(p >= 0)
    return jnp.log(p).sum()
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def log_prob(p):
    def assert_holds(holds):
        assert holds, "jnp.all(p >= 0)"

    jax.debug.callback(assert_holds, jnp.all(p >= 0))
    return jnp.log(p).sum()
""",
            unsafe=True,
            function="log_prob",
            inputs=("jnp.array([0.5, 0.25])", "jnp.array([1.5, 2.0])"),
            note="no message: the condition's source becomes the message",
        ),
        Invalid(
            """
import equinox as eqx
import jax

@jax.jit
def normalize(x):
    assert x.min() > 0, "x must be positive"
    return x / x.min()
""",
            expected="""
import equinox as eqx
import jax

@jax.jit
def normalize(x):
    x = eqx.error_if(x, ~(x.min() > 0), "x must be positive")
    return x / x.min()
""",
            unsafe=True,
            verify=False,
            note="a module using Equinox gets eqx.error_if (not installed here, so not run)",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x):
    assert x.sum() > 0, f"bad total {x.sum()}"
    return x
""",
            expected="""
import jax

@jax.jit
def f(x):
    def assert_holds(holds, x):
        assert holds, f"bad total {x.sum()}"

    jax.debug.callback(assert_holds, x.sum() > 0, x)
    return x
""",
            unsafe=True,
            inputs=("jnp.array([1.0, 2.0])",),
            note="a message computed from the values (`x.sum()`) is computed on the host, where they are NumPy arrays",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def normalise_positive(x):
    total = jnp.sum(x)
    assert total > 0, f"bad total {total}"
    return x / total
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def normalise_positive(x):
    total = jnp.sum(x)

    def assert_holds(holds, total):
        assert holds, f"bad total {total}"

    jax.debug.callback(assert_holds, total > 0, total)
    return x / total
""",
            unsafe=True,
            function="normalise_positive",
            inputs=("jnp.array([1.0, 2.0])",),
            note="an f-string message that reads names is formatted on the host from the values passed along",
        ),
    )

    def visit_Assert(self, node: cst.Assert) -> None:
        advice = "check it at run time with `jax.debug.callback` (or `eqx.error_if`)"
        report_condition(self, node, node.test, "`assert`", advice, lambda: self._fix(node))

    def _fix(self, node: cst.Assert) -> Fix:
        check = runtime_check(self.context, node.test, False, node.msg, "`assert`", node)
        line = self.context.parent()
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            raise Refused("it shares its line with other statements")
        statements = statements_replacing(line, list(check.lines), self.context)
        replacement = cst.FlattenSentinel(statements) if len(statements) > 1 else statements[0]
        return self.context.fix(check.title, [(line, replacement)], Safety.UNSAFE, check.note)
