"""TFX108 per-element-loop-with-traced-branch."""

from __future__ import annotations

import libcst as cst

from tracerfix import loops
from tracerfix.messages import under_tracing
from tracerfix.rule import Invalid, Rule, Valid


class PerElementLoopWithTracedBranch(Rule):
    """
    ## What it does
    Finds `for` loops in traced code whose body branches on a traced value that changes from one
    iteration to the next (`for i in range(len(x)): if x[i] < 0: ...`), and rewrites them:

    - when every iteration reads and writes only element `i` of its arrays and the loop covers
      their whole first axis (`range(len(x))`, `range(x.shape[0])`), into whole-array
      `jnp.where` statements;
    - otherwise, when the iterations depend on each other, into `lax.fori_loop` with the names the
      loop carries as its state and the body's `if`s as `jnp.where` selections, or into `lax.scan`
      when each iteration ends with `ys.append(...)` into a list stacked after the loop.

    ## Why is this bad?
    JAX unrolls a Python loop while tracing, so each `if x[i] < 0` asks for the truth value of a
    traced element and raises `TracerBoolConversionError` (a `ConcretizationTypeError`) under
    `jax.jit`. Even where it traces, an unrolled loop over `len(x)` compiles one copy of the body
    per element: slow to compile, slow to run.

    ## Example
    ```python
    @jax.jit
    def clip_v2(x):
        for i in range(len(x)):
            if x[i] < 0:
                x = x.at[i].set(0)
        return x
    ```

    ## Use instead
    ```python
    @jax.jit
    def clip_v2(x):
        x = jnp.where(x < 0, 0, x)
        return x
    ```
    A loop whose iterations depend on each other (`x[i]` compared with `x[i - 1]`) becomes
    `lax.fori_loop(1, len(x), update_x, x)` with `def update_x(i, x): ...`.

    ## Fix safety
    Safe when the whole-array form computes the same values, dtype and gradient: a single array
    (or arrays known to share its shape, such as `out = jnp.zeros_like(x)`), branch values that
    keep the array's dtype (Python integers, the array's own elements) and cheap, finite branches.
    Unsafe, with the reason in the message, when the rewrite assumes that several arrays have the
    same shape, when `jnp.where` may promote the dtype that `x.at[i].set(...)` kept (`0.5` into an
    integer array), when a branch can produce NaN or inf where it is not selected (its gradient
    leaks through `jnp.where`), or when a Python number carried by the loop becomes a traced
    array after it, or when `lax.fori_loop` / `lax.scan` would index an empty array: they trace
    their body even when the loop runs zero times, so `x[i]` raises while tracing where the Python
    loop did nothing. `lax.fori_loop` with Python bounds and `lax.scan` support reverse-mode
    differentiation.

    Not rewritten (reported with the reason): loops that are not `for i in range(...)`, `break`
    on a traced condition, `for ... else`, a `try` around or inside the loop, a name first
    assigned in the loop and read after it, a carried value whose shape changes, results appended
    conditionally (their number depends on the data), the loop index used as a Python value.
    """

    code = "TFX108"
    name = "per-element-loop-with-traced-branch"
    summary = "`for` loop branching on a traced element each iteration"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, w):
    for i in range(3):
        x = x * w[i]
    for d in x.shape:
        x = x / d
    for i in range(len(x)):
        x = x.at[i].set(x[i] * 2)
    return x
""",
            note="unrolled loops that do not branch on traced values are fine",
        ),
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames=("n", "mode"))
def f(x, n, mode):
    for i in range(n):
        if mode == "double":
            x = x * 2
        if i % 2 == 0:
            x = x + 1
    return x
""",
            note="branches on static values (static arguments, the loop index)",
        ),
        Valid(
            """
def clip(x):
    for i in range(len(x)):
        if x[i] < 0:
            x = x.at[i].set(0)
    return x
""",
            note="not traced",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x, flag):
    for i in range(len(x)):
        if flag:
            pass
    return x
""",
            note="a branch that does not change between iterations is TFX101's (python-if-on-tracer)",
        ),
        Valid(
            """
import jax

class Model:
    def __init__(self, layers):
        self.layers = layers

    @jax.jit
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
""",
            note="a loop over layers, not over elements",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def clip_v2(x):
    for i in range(len(x)):
        if x[i] < 0:
            x = x.at[i].set(0)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clip_v2(x):
    x = jnp.where(x < 0, 0, x)
    return x
""",
            function="clip_v2",
            inputs=(
                "jnp.array([3.0, -7.0, 0.5])",
                "jnp.array([-0.1, 100.0, -0.1])",
                "jnp.array([0.0, -0.0, 1e-30, -1e-30])",
                "jnp.array([-3, 0, 2])",
                "jnp.zeros((0,))",
            ),
            note="the seed's clip_v2",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def squash(x):
    # keep the middle band
    for i in range(x.shape[0]):  # per element
        if x[i] > 1:
            x = x.at[i].set(1)
        elif x[i] < -1:
            x = x.at[i].set(-1)
        else:
            x = x.at[i].multiply(2)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def squash(x):
    # keep the middle band
    x = jnp.where(x > 1, 1, jnp.where(x < -1, -1, x * 2))  # per element
    return x
""",
            function="squash",
            inputs=("jnp.array([2.0, -2.0, 0.25, 1.0, -1.0])", "jnp.array([-5, 0, 5, 1])", "jnp.array([0.5])"),
            note="elif/else, `.at[i].multiply`, comments kept",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def split_signs(x):
    pos = jnp.zeros_like(x)
    neg = jnp.zeros_like(x)
    for i in range(len(x)):
        v = x[i]
        if v > 0:
            pos = pos.at[i].set(v)
        else:
            neg = neg.at[i].add(-v)
    return pos, neg
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def split_signs(x):
    pos = jnp.zeros_like(x)
    neg = jnp.zeros_like(x)
    v = x
    pos = jnp.where(v > 0, v, pos)
    neg = jnp.where(v > 0, neg, neg - v)
    return pos, neg
""",
            function="split_signs",
            inputs=("jnp.array([1.5, -2.0, 0.0, 3.0])", "jnp.array([-1, 2, 0])"),
            note="several arrays of one shape (zeros_like), a temporary, `.at[i].add`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def relu_count(x, y):
    for i in range(len(x)):
        if x[i] < 0:
            continue
        y = y.at[i].set(x[i] * 2)
    return y
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def relu_count(x, y):
    y = jnp.where(x < 0, y, x * 2)
    return y
""",
            unsafe=True,
            function="relu_count",
            inputs=("jnp.array([1.0, -2.0, 0.0]), jnp.array([9.0, 9.0, 9.0])",),
            note="`continue`; two arrays of unknown shapes: unsafe",
        ),
        Invalid(
            """
import jax

@jax.jit
def halve_large(x):
    for i in range(len(x)):
        if x[i] > 10:
            x = x.at[i].set(x[i] / 2)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def halve_large(x):
    x = jnp.where(x > 10, x / 2, x)
    return x
""",
            unsafe=True,
            function="halve_large",
            inputs=("jnp.array([20.0, 10.0, -4.0])", "jnp.array([11.0])"),
            note="`/` may promote an integer array: unsafe",
        ),
        Invalid(
            """
import jax

@jax.jit
def wrap_outliers(x):
    for i in range(len(x)):
        v = x[i]
        if v > 3:
            v -= 6
        elif v < -3:
            v += 6
        x = x.at[i].set(v)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def wrap_outliers(x):
    v = x
    v = jnp.where(v > 3, v - 6, jnp.where(v < -3, v + 6, v))
    x = v
    return x
""",
            function="wrap_outliers",
            inputs=("jnp.array([4.0, -5.0, 3.0, -3.0, 0.5])", "jnp.array([7, -7, 0])"),
            note="`+=` and `-=` on a temporary, `elif` without `else`",
        ),
        Invalid(
            """
import jax
from jax import numpy as jnp

@jax.jit
def running_max(x):
    for i in range(1, len(x)):
        if x[i] < x[i - 1]:
            x = x.at[i].set(x[i - 1])
    return x
""",
            expected="""
import jax
from jax import numpy as jnp
from jax import lax

@jax.jit
def running_max(x):
    def update_x(i, x):
        x = x.at[i].set(jnp.where(x[i] < x[i - 1], x[i - 1], x[i]))
        return x

    x = lax.fori_loop(1, len(x), update_x, x)
    return x
""",
            unsafe=True,
            function="running_max",
            inputs=(
                "jnp.array([1.0, 3.0, 2.0, 5.0, 4.0])",
                "jnp.array([-1.0, -2.0, -3.0])",
                "jnp.array([7.0])",
                "jnp.array([2, 2, 1, 3])",
            ),
            note="a carried dependence: lax.fori_loop (unsafe: it raises while tracing an empty `x`)",
        ),
        Invalid(
            """
import jax

@jax.jit
def leaky_first_three(x):
    for i in range(1, 3):
        if x[i] < x[i - 1]:
            x = x.at[i].add(x[i - 1] // 2)
    return x
""",
            expected="""
import jax
from jax import lax
import jax.numpy as jnp

@jax.jit
def leaky_first_three(x):
    def update_x(i, x):
        x = jnp.where(x[i] < x[i - 1], x.at[i].add(x[i - 1] // 2), x)
        return x

    x = lax.fori_loop(1, 3, update_x, x)
    return x
""",
            function="leaky_first_three",
            inputs=("jnp.array([4, 1, 0, 9])", "jnp.array([-3, -8, -1])", "jnp.array([5, 5, 5])"),
            note="literal bounds: the body runs, the fix is safe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def positive_sum(x):
    total = 0.0
    count = 0
    for i in range(len(x)):
        if x[i] > 0:
            total = total + x[i]
            count += 1
    return total, count
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def positive_sum(x):
    total = 0.0
    count = 0
    def update_total_and_count(i, state):
        total, count = state
        total = jnp.where(x[i] > 0, total + x[i], total)
        count = jnp.where(x[i] > 0, count + 1, count)
        return total, count

    total, count = lax.fori_loop(0, len(x), update_total_and_count, (total, count))
    return total, count
""",
            unsafe=True,
            function="positive_sum",
            inputs=("jnp.array([1.0, -2.0, 3.5, 0.0])", "jnp.array([-1.0, -2.0])"),
            note="accumulators carried as a state tuple; `count` is only returned afterwards",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clipped_cumsum(x):
    total = 0.0
    sums = []
    for i in range(len(x)):
        total = total + x[i]
        if total > 10:
            total = 10.0
        sums.append(total)
    return jnp.stack(sums)
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def clipped_cumsum(x):
    total = 0.0
    def sums_step(total, i):
        total = total + x[i]
        total = jnp.where(total > 10, 10.0, total)
        return total, total

    total, sums = lax.scan(sums_step, total, jnp.arange(len(x)))
    return sums
""",
            function="clipped_cumsum",
            inputs=("jnp.array([4.0, 4.0, 4.0, -3.0, 9.0])", "jnp.array([-20.0, 15.0])", "jnp.array([10.0])"),
            note="results collected per iteration: lax.scan; `sums = []` goes, `jnp.stack(sums)` reads `sums`",
        ),
        Invalid(
            """
import jax

@jax.jit
def first_negative(x):
    index = -1
    for i in range(len(x)):
        if x[i] < 0:
            index = i
            break
    return index
""",
            note="`break` on a traced condition is reported, not rewritten",
            count=1,
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def positives(x):
    out = []
    for i in range(len(x)):
        if x[i] > 0:
            out.append(x[i])
    return jnp.stack(out)
""",
            note="results appended under a traced condition: their number depends on the data, reported",
        ),
        Invalid(
            """
import jax

@jax.jit
def signs(x):
    for v in x:
        if v < 0:
            print("negative")
    return x
""",
            note="a loop over the array's elements with a side effect: reported",
        ),
        Invalid(
            """
import jax

@jax.jit
def cap_then_scale(x, cap):
    for i in range(x.shape[0]):
        if x[i] > cap:
            x = x.at[i].set(cap)
    else:
        x = x / cap
    return x
""",
            note="`for ... else`: reported, not rewritten",
        ),
        Invalid(
            """
import jax

@jax.jit
def guarded(x):
    try:
        for i in range(len(x)):
            if x[i] < 0:
                x = x.at[i].set(0)
    except IndexError:
        pass
    return x
""",
            note="a `try` around the loop: reported, not rewritten",
        ),
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        # Names of the nested functions each fix defines, per function: two loops get two names.
        self._names_given: dict[int, set[str]] = {}

    def visit_For(self, node: cst.For) -> None:
        context = self.context
        branches = loops.per_iteration_branches(node, context)
        if not branches:
            return
        loop = f"for {context.describe(node.target)} in {context.describe(node.iter)}"
        problem = (
            f"Python `if` on traced `{context.describe(branches[0].test)}` in each iteration of "
            f"`{loop}` fails under {under_tracing(context)}"
        )
        jnp = context.imports.spell("jax.numpy")[0]
        lax = context.imports.spell("jax.lax")[0]
        names_given = self._names_given.setdefault(id(context.function), set())
        try:
            rewrite = loops.vectorise(node, context, jnp, names_given)
            advice = "the iterations are independent: vectorise it"
            title = f"Vectorise the loop with `{jnp}.where`"
        except loops.CannotRewrite:
            try:
                if loops.collected_outputs(node, context) is not None:
                    rewrite = loops.scan_rewrite(node, context, jnp, lax, names_given)
                    advice = "the iterations depend on each other and collect results: use `lax.scan`"
                    title = f"Replace the loop with `{lax}.scan`"
                else:
                    rewrite = loops.fori_loop_rewrite(node, context, jnp, lax, names_given)
                    advice = "the iterations depend on each other: use `lax.fori_loop`"
                    title = f"Replace the loop with `{lax}.fori_loop`"
            except loops.CannotRewrite as reason:
                self.report(node, f"{problem}; cannot rewrite it automatically: {reason}")
                return
        for module in sorted(rewrite.modules):
            context.spell(module)
        for inner in loops.body_ifs(loops.statements_in(node.body)):
            if id(inner.test) in rewrite.converted_tests:
                context.claim(inner)
        edits = [(node, cst.FlattenSentinel(rewrite.statements)), *rewrite.other_edits]
        fix = context.fix(title, edits, rewrite.safety, rewrite.note)
        self.report(node, f"{problem}; {advice}", fix)
