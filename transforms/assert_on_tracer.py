"""TFX105 assert-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.rewrite import report_condition, runtime_check
from tracerfix.rule import Fix, Invalid, Rule, Safety, Valid


class AssertOnTracer(Rule):
    """
    ## What it does
    Finds `assert` statements whose condition is a traced array, and rewrites them into a runtime
    check that works under tracing: `checkify.check(condition, "message")`, or
    `x = eqx.error_if(x, ~condition, "message")` in modules that use Equinox.

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
    from jax.experimental import checkify

    @jax.jit
    def normalize(x):
        checkify.check(x[0] > 0, "x[0] must be positive")
        return x / x[0]

    err, out = checkify.checkify(normalize)(x)
    err.throw()
    ```
    With Equinox, `x = eqx.error_if(x, ~(x[0] > 0), "x[0] must be positive")` raises at run time
    without a wrapper. An assertion about shapes or dtypes is static and is not reported.

    ## Fix safety
    Always unsafe. `checkify.check` only runs once every caller wraps the function with
    `checkify.checkify` and throws the returned error: a jitted function with an unwrapped
    check fails to trace. `eqx.error_if` raises only when the value it returns is used. Both
    checks also run under `python -O`, which removes `assert` statements. A message that is
    computed (an f-string, a variable) is reported and not rewritten.
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
from jax.experimental import checkify

@jax.jit
def normalize(x):
    checkify.check(x[0] > 0, "x[0] must be positive")
    return x / x[0]
""",
            unsafe=True,
            function="normalize",
            inputs=("jnp.array([2.0, 1.0])", "jnp.array([-1.0, 1.0])", "jnp.array([0.0, 1.0])"),
            verify=False,
            note="the seed's `assert x[0] > 0`; tests/test_assert_rewrite.py runs it under checkify",
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
from jax.experimental import checkify

@jax.jit
def log_prob(p):
    checkify.check(jnp.all(p >= 0), "jnp.all(p >= 0)")
    return jnp.log(p).sum()
""",
            unsafe=True,
            function="log_prob",
            inputs=("jnp.array([0.5, 0.25])", "jnp.array([0.5, -0.25])"),
            verify=False,
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
            note="a computed message is reported, not rewritten",
        ),
    )

    def visit_Assert(self, node: cst.Assert) -> None:
        advice = "use `checkify.check` or `eqx.error_if`"
        report_condition(self, node, node.test, "`assert`", advice, lambda: self._fix(node))

    def _fix(self, node: cst.Assert) -> Fix:
        check = runtime_check(self.context, node.test, False, node.msg, "`assert`")
        replacement = self.context.parse_statement(check.statement + "\n").body[0].with_changes(semicolon=node.semicolon)
        return self.context.fix(check.title, [(node, replacement)], Safety.UNSAFE, check.note)
