"""TFX202 range-of-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.concrete_arguments import comes_from_conversion, is_shadowed
from tracerfix.messages import under_tracing
from tracerfix.rule import Invalid, Rule, Valid
from tracerfix.static_args import static_argument_fix


class RangeOfTracer(Rule):
    """
    ## What it does
    Finds `range(n)` where `n` (or a start, stop or step) is a traced value inside a function
    that JAX traces. When `n` is a parameter of the jitted function, it offers to mark it static.

    ## Why is this bad?
    `range` needs Python integers: it calls `__index__` on its arguments, and a tracer has no
    value yet, so JAX raises `TracerIntegerConversionError`. A Python loop over `range(n)` is
    also unrolled while tracing, so its length has to be known before the function runs.

    ## Example
    ```python
    @jax.jit
    def power(x, n):
        y = jnp.ones_like(x)
        for _ in range(n):
            y = y * x
        return y
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames=("n",))
    def power(x, n):
        y = jnp.ones_like(x)
        for _ in range(n):
            y = y * x
        return y
    ```
    or keep `n` traced and loop with `jax.lax.fori_loop(0, n, body, init)`, which accepts traced
    bounds (it compiles one loop instead of unrolling `n` copies of the body).

    ## Fix safety
    The static argument is unsafe: a static argument is part of the compilation cache key, so JAX
    compiles the function again for every new value of `n` (and unrolls the loop `n` times), and
    the value must be hashable. It is offered only when the bound is a parameter of the jitted
    function that nothing else uses as an array. Otherwise a `for` loop over the range becomes
    `lax.fori_loop(start, stop, body, state)` with the traced bounds and the names the loop
    carries as its state (the general lowering); it computes the same values, and is unsafe only
    in a differentiated function: with traced bounds `fori_loop` runs as a `while_loop`, which
    reverse mode (`jax.grad`) cannot differentiate.
    """

    code = "TFX202"
    name = "range-of-tracer"
    summary = "`range()` of a traced value"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    total = jnp.zeros(())
    for i in range(len(x)):
        total = total + x[i]
    for j in range(x.shape[0] - 1, 0, -1):
        total = total * 2
    return total
""",
            note="len() and shapes are static",
        ),
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    y = x
    for _ in range(n - 1):
        y = y * x
    return y
""",
            note="a static argument",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def power(x, n):
    y = jnp.ones_like(x)
    for _ in range(n):
        y = y * x
    return y
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames=("n",))
def power(x, n):
    y = jnp.ones_like(x)
    for _ in range(n):
        y = y * x
    return y
""",
            unsafe=True,
            function="power",
            inputs=(
                "jnp.array([1.0, 2.0, -3.0]), 3",
                "jnp.array([0.5]), 0",
                "jax.random.normal(jax.random.key(5), (6,)), 4",
            ),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def prefix_sums(x):
    steps = jnp.argmax(x)
    out = x
    for i in range(steps):
        out = out.at[i + 1].add(out[i])
    return out
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def prefix_sums(x):
    steps = jnp.argmax(x)
    out = x

    def update_out(i, out):
        out = out.at[i + 1].add(out[i])
        return out

    out = lax.fori_loop(0, steps, update_out, out)
    return out
""",
            function="prefix_sums",
            inputs=("jnp.array([1.0, 2.0, 5.0, 3.0])", "jnp.array([4.0, 2.0, 1.0])"),
            note="a bound computed from array values: the loop becomes `lax.fori_loop` with the traced bound",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        func = node.func
        if not (isinstance(func, cst.Name) and func.value == "range") or context.qualified_name(func) is not None:
            return
        if is_shadowed("range", context):
            return
        traced = [
            arg.value
            for arg in node.args
            if context.is_traced(arg.value) and not comes_from_conversion(arg.value, context)
        ]
        if not traced:
            return
        fix, advice = static_argument_fix(context, traced)
        if not advice:
            loop = context.parent()
            if isinstance(loop, cst.For) and loop.iter is node:
                advice = "loop with `lax.fori_loop(lower, upper, body, init)`, which accepts traced bounds"
                fix, refusal = self._lowered(loop)
                advice += refusal
            else:
                advice = "derive the bound from static shapes (`x.shape`, `len(x)`) or a static argument"
        listed = ", ".join(f"`{context.describe(part)}`" for part in traced)
        message = (
            f"`{context.describe(node)}` needs Python integers, but {listed} "
            f"{'has' if len(traced) == 1 else 'have'} no concrete value under {under_tracing(context)}; {advice}"
        )
        self.report(node, message, fix)

    def _lowered(self, loop: cst.For):
        """The loop as `lax.fori_loop` with the traced bounds (the general lowering)."""
        from tracerfix.lowering import Refused, lower

        try:
            return lower(self.context, loop, traced_bounds=True), ""
        except Refused as reason:
            return None, f" (not rewritten: {reason})"
