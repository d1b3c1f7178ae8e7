"""TFX203 tracer-as-static-argument."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.values import STATIC, TRACED
from tracerfix.analysis import known
from tracerfix.concrete_arguments import (
    FROM_THE_DATA_WHEN_OMITTED,
    comes_from_conversion,
    concrete_arguments,
    flattened,
    slots_for_function,
    slots_for_method,
)
from tracerfix.masks import operand_text, rank_of, reduction_of, rewrite_reduction, window_mask, window_of
from tracerfix.messages import under_tracing
from tracerfix.rule import Invalid, Rule, Safety, Valid
from tracerfix.rewrite import LINE_LENGTH, appended_keyword, certainly_0d, initialised_attribute, numpy_recompute_fix, walk
from tracerfix.static_args import static_argument_fix


def _one_per_line(call: cst.Call, indent: str) -> cst.Call:
    """`lax.switch(i, [f, g])` and `lax.cond(t, f, g)` laid out as black would: each argument on
    a line of its own, and each branch of a switch's list too."""
    def down(extra: str) -> cst.ParenthesizedWhitespace:
        return cst.ParenthesizedWhitespace(indent=True, last_line=cst.SimpleWhitespace(extra))

    args = list(call.args)
    last = args[-1]
    if isinstance(last.value, cst.List):
        listed = last.value
        elements = [element.with_changes(comma=cst.Comma(whitespace_after=down(
            indent * 2 if i < len(listed.elements) - 1 else indent))) for i, element in enumerate(listed.elements)]
        last = last.with_changes(value=listed.with_changes(
            lbracket=cst.LeftSquareBracket(whitespace_after=down(indent * 2)), elements=elements))
    args = [arg.with_changes(comma=cst.Comma(whitespace_after=down(indent))) for arg in args[:-1]]
    args.append(last.with_changes(comma=cst.Comma(whitespace_after=down(""))))
    return call.with_changes(whitespace_before_args=down(indent), args=args)


def _modulus(expression: cst.BaseExpression | None) -> int | None:
    """`n` of `e % n` with a literal integer `n`."""
    if isinstance(expression, cst.BinaryOperation) and isinstance(expression.operator, cst.Modulo) \
            and isinstance(expression.right, cst.Integer):
        return int(expression.right.value)
    return None


def _domain(expression: cst.BaseExpression | None) -> list[str] | None:
    """The literal values an expression can take: `0`..`n - 1` for `e % n`, the literal ends of
    a ternary (`1 if t else 0`, chains included); None when it is not one of these."""
    count = _modulus(expression)
    if count is not None:
        return [str(value) for value in range(count)]
    if not isinstance(expression, cst.IfExp):
        return None
    values: list[str] = []
    for end in (expression.body, expression.orelse):
        inner = _domain(end) if isinstance(end, cst.IfExp) else None
        if inner is not None:
            values.extend(inner)
        elif isinstance(end, cst.Integer) or isinstance(end, cst.Name) and end.value in ("True", "False"):
            values.append(end.value)
        elif isinstance(end, cst.UnaryOperation) and isinstance(end.operator, cst.Minus) \
                and isinstance(end.expression, cst.Integer):
            values.append(f"-{end.expression.value}")
        else:
            return None
    unique = list(dict.fromkeys(values))
    return unique if len(unique) == len(values) else None


def _static_size(part: cst.Slice, context) -> cst.BaseExpression | None:
    """The static size of a window whose bounds are one traced start plus Python values (no step):
    `s:s + n` and `s:n + s` give `n`, `i + 1:i + n` gives `n - 1`, and `i - 2:i + 3` gives `5`
    under a test that keeps `i` at 2 or more (`if i > 1:`)."""
    if part.step is not None or part.lower is None or part.upper is None:
        return None
    lower, upper = _offset_of(part.lower, context), _offset_of(part.upper, context)
    if lower is None or upper is None or not lower[0].deep_equals(upper[0]) or not context.is_traced(lower[0]):
        return None
    low_value, (high_text, high_value) = lower[2], upper[1:]
    if low_value is None or low_value < 0 and not _guarded_from_below(lower[0], -low_value, context):
        # `i - 2:i + 3` at `i = 0` is the slice `-2:3`, which Python empties, where the window
        # would be moved inside: only under a test that keeps `i` at 2 or more.
        return None
    if high_value is not None:
        size = str(high_value - low_value)
    elif low_value == 0:
        size = high_text
    else:
        size = f"{high_text} - {low_value}"
    return context.parse_expression(size)


def _guarded_from_below(base: cst.BaseExpression, least: int, context) -> bool:
    """Whether `base` is at least `least` wherever this runs: an enclosing `if` tests `base > k`
    (or `>= k`) with a literal `k` that says so, alone or among `and`s."""
    text = context.code(base).strip()
    for ancestor in context.ancestors:
        if not isinstance(ancestor, cst.If):
            continue
        pending = [ancestor.test]
        while pending:
            test = pending.pop()
            if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
                pending += [test.left, test.right]
            elif isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                    and context.code(test.left).strip() == text and isinstance(test.comparisons[0].comparator, cst.Integer):
                bound, operator = test.comparisons[0].comparator.evaluated_value, test.comparisons[0].operator
                if isinstance(operator, cst.GreaterThan) and bound + 1 >= least \
                        or isinstance(operator, cst.GreaterThanEqual) and bound >= least:
                    return True
    return False


def _offset_of(bound: cst.BaseExpression, context) -> tuple[cst.BaseExpression, str, int | None] | None:
    """`bound` as a base plus a Python offset: (`s`, its text, its value when a literal integer);
    `s` gives (`s`, "0", 0), `s + n` and `n + s` (`n`, ...), `s - 2` (`-2`, ...)."""
    def static(node: cst.BaseExpression) -> bool:
        value = context.value(node)
        return value.trace == STATIC and not value.loose and not value.container

    def literal(node: cst.BaseExpression) -> int | None:
        return node.evaluated_value if isinstance(node, cst.Integer) else None

    if isinstance(bound, cst.BinaryOperation) and isinstance(bound.operator, (cst.Add, cst.Subtract)):
        text = context.code
        if isinstance(bound.operator, cst.Add):
            for base, offset in ((bound.left, bound.right), (bound.right, bound.left)):
                if static(offset) and not static(base):
                    return base, text(offset).strip(), literal(offset)
        elif static(bound.right) and not static(bound.left):
            value = literal(bound.right)
            return bound.left, f"-{text(bound.right).strip()}" if value is not None else \
                f"-({text(bound.right).strip()})", None if value is None else -value
        return None
    return bound, "0", 0


class TracerAsStaticArgument(Rule):
    """
    ## What it does
    Finds traced values passed where JAX needs a concrete Python value: an `axis`, a shape or a
    size (`jnp.zeros(n)`, `x.reshape(n, -1)`, `jax.random.normal(key, (n,))`), `np.split`
    sections, `jnp.nonzero(..., size=n)`, or the bounds of a slice (`x[:n]`). When the traced
    value is a parameter of the jitted function, it offers to mark that parameter static; so too
    for a helper's parameter when every call of the helper passes it a parameter of one jitted
    function (directly, through other helpers or a closure: `render_rays(..., N_samples)` inside
    `loss_model`, nested in the jitted `single_step`), which becomes static there. A value that
    takes one of a few values (`k = ... % 4` for `jnp.rot90(v, k=k)`) picks among the calls with
    each value written out, with `lax.switch` (unsafe: the calls must give one shape and dtype).
    Traced `repeats` get the `total_repeat_length=` the function gives where it repeats by the
    same counts (unsafe: the counts must sum to it here too).

    ## Why is this bad?
    Under `jax.jit` every argument becomes an abstract tracer, but axes and shapes decide the
    shape of the compiled program, so JAX needs them as Python values while tracing. A traced one
    raises `ConcretizationTypeError` ("axis argument to jnp.min()"),
    `TracerIntegerConversionError` (`__index__` called on a tracer) or a `TypeError` about shapes.

    ## Example
    ```python
    @jax.jit
    def func(x, axis):
        return x.min(axis)
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames=("axis",))
    def func(x, axis):
        return x.min(axis)
    ```
    When the value is computed inside the function, derive it from static shapes instead
    (`x.shape[0]`, `len(x)`); for a window at a traced offset use
    `lax.dynamic_slice_in_dim(x, start, size)`. A function decorated with `jax.jit` gives arrays,
    tracers under the caller's trace, even when its arguments are static (`jnp.arange(add1(k))`):
    call it without its jit, `add1.__wrapped__(k)`. A size computed with `jnp` from Python values
    (`count = jnp.add(arr.size, 1)`) is a tracer too, since every `jnp` call is staged under a
    trace: compute it with NumPy (`np.add(arr.size, 1)`). `jax.jit(multigammaln)` of a library
    function traces all of its arguments, `d` included: `jax.jit(multigammaln,
    static_argnames=("d",))` (jit finds the position from the signature). Where the library
    computes the value from the data when it is left out (`jax.ops.segment_sum`'s
    `num_segments`), it is reported with what to pass. A window of traced size that is only
    reduced (`jnp.sum(x[:k])`, `lax.dynamic_slice(x, (0,), (k,)).max()`) becomes the reduction
    over the whole array with the indices outside the window masked out
    (`jnp.sum(jnp.where(jnp.arange(x.shape[0]) < k, x, 0))`): `k` stays traced, so callers that
    pass it as an array keep working. A window of traced size set (or added to) with one value
    (`obs.at[9, 0:n, 7].set(1)`, integer indices on the other axes) becomes an update of the whole
    axis where the index lies in the window (`obs.at[9, :, 7].set(jnp.where(jnp.arange(
    obs.shape[1]) < n, 1, obs[9, :, 7]))`).

    ## Fix safety
    Unsafe: a static argument is part of the compilation cache key, so JAX compiles the function
    again for every new value, and the value must be hashable (a Python int or tuple, not an
    array). Offered only when the traced value is a parameter of the jitted function that nothing
    else uses as an array; `@jax.jit` becomes `@partial(jax.jit, static_argnames=(...))`, and an
    existing `static_argnames`/`static_argnums` or `jax.jit(f, ...)` call is extended.
    Calling a jitted helper through `.__wrapped__` is safe: offered only when every argument is
    static and the helper's result from them is a Python value, which is what the jit computed.
    Computing with NumPy is safe for NumPy's equivalents of `jnp` functions; unsafe when it builds
    an array (`np.array`), whose default dtype is float64/int64 where JAX's is float32/int32.
    Marking a library function's Python-valued parameters static in `jax.jit(f)` is safe: a call
    that passed them traced failed before. The masked reduction of a `lax.dynamic_slice` window
    is safe for `sum`, `prod`, `any`, `all`, `mean`, `var` and `std` (the start is clamped as
    `dynamic_slice` clamps it); of a slice `x[a:b]`, unsafe, because a negative bound counts from
    the end in the slice and selects nothing below zero in the rewrite; `max`/`min` return
    `initial` for an empty window, where the original raised. The masked update of a window is
    unsafe for the same reason as the masked reduction of a slice (a negative bound). A window of static size at a traced
    start (`x[i:i + n]`, `image[top:top + h, left:left + w]`) becomes `lax.dynamic_slice_in_dim` /
    `lax.dynamic_slice`, unsafe: a window that would run past the end is moved back inside the
    array, where the slice returned fewer elements, and a negative start is taken as 0.
    """

    code = "TFX203"
    name = "tracer-as-static-argument"
    summary = "Traced value passed as an axis, shape or size"

    VALID = (
        Valid(
            """
from functools import partial
from jax import jit
import jax.numpy as jnp

@partial(jit, static_argnums=1)
def func(x, axis):
    return x.min(axis)
""",
            note="the JAX error page's fix: `axis` is static",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    n = x.shape[0]
    y = jnp.zeros((n, 3)).reshape(-1, len(x))
    return jnp.sum(x, axis=-1) + y.sum(0)[:n] + x[1:n - 1].sum() + jnp.roll(x, x[0])
""",
            note="shapes, len() and literals are static; jnp.roll's shift may be traced",
        ),
        Valid(
            """
import jax

@jax.jit
def relax(costs, j, candidate):
    return costs.at[j].min(candidate)
""",
            note="`.at[j].min(v)` is an update: its argument is a value, not an axis",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, reps):
    return jnp.repeat(x, reps, total_repeat_length=8)
""",
            note="traced repeats are allowed once the output size is given",
        ),
        Valid(
            """
import jax
import numpy as np

def f(x, axis):
    return np.split(x, 2, axis)

g = jax.jit(lambda arr: np.split(arr, 2, 0))
""",
            note="not traced, and the page's closure alternative",
        ),
    )
    INVALID = (
        Invalid(
            """
from functools import partial
from jax import jit
import jax.numpy as jnp

@jit
def func(x, axis):
    return x.min(axis)
""",
            expected="""
from functools import partial
from jax import jit
import jax.numpy as jnp

@partial(jit, static_argnames=("axis",))
def func(x, axis):
    return x.min(axis)
""",
            unsafe=True,
            function="func",
            inputs=(
                "jnp.arange(4), 0",
                "jnp.arange(6).reshape(2, 3), 1",
                "jax.random.normal(jax.random.key(0), (3, 5)), 1",
            ),
            note="the JAX error page's ConcretizationTypeError example",
        ),
        Invalid(
            """
from jax import jit
import numpy as np

@jit
def func(x, axis):
    return np.split(x, 2, axis)
""",
            expected="""
from jax import jit
import numpy as np
from functools import partial

@partial(jit, static_argnames=("axis",))
def func(x, axis):
    return np.split(x, 2, axis)
""",
            unsafe=True,
            function="func",
            inputs=(
                "np.arange(10), 0",
                "np.arange(12).reshape(2, 6), 1",
                "np.random.default_rng(1).integers(-9, 9, (4, 6)), 0",
            ),
            note="the JAX error page's TracerIntegerConversionError example; adds the partial import",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def padded(x, n):
    return jnp.concatenate([x, jnp.zeros(n)])
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames=("n",))
def padded(x, n):
    return jnp.concatenate([x, jnp.zeros(n)])
""",
            unsafe=True,
            function="padded",
            inputs=("jnp.ones(3), 2", "jnp.arange(2.0), 0", "jax.random.normal(jax.random.key(2), (4,)), 3"),
        ),
        Invalid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames="mode")
def rows(x, n, mode):
    y = x.reshape(n, -1)
    return y.sum(0) if mode == "sum" else y.max(0)
""",
            expected="""
from functools import partial
import jax

@partial(jax.jit, static_argnames=("mode", "n"))
def rows(x, n, mode):
    y = x.reshape(n, -1)
    return y.sum(0) if mode == "sum" else y.max(0)
""",
            unsafe=True,
            function="rows",
            inputs=(
                "jnp.arange(6.0), 2, 'sum'",
                "jnp.arange(6.0), 3, 'max'",
                "jax.random.normal(jax.random.key(3), (12,)), 4, 'max'",
            ),
            note="extends an existing static_argnames",
        ),
        Invalid(
            """
import jax

def head(x, n, scale):
    return x[:n] * scale

fast_head = jax.jit(head, static_argnums=(2,))
""",
            expected="""
import jax

def head(x, n, scale):
    return x[:n] * scale

fast_head = jax.jit(head, static_argnums=(2, 1))
""",
            unsafe=True,
            function="fast_head",
            inputs=(
                "jnp.arange(10), 2, 3",
                "jnp.arange(10.0), 5, 0.5",
                "jax.random.normal(jax.random.key(4), (8, 2)), 3, -1.5",
            ),
            note="a slice bound; extends static_argnums at a jax.jit(...) call in another statement",
        ),
        Invalid(
            """
import jax

def window(x, start, size):
    return x[start:start + size]

fast_window = jax.jit(window, static_argnums=2)
""",
            expected="""
import jax
from jax import lax

def window(x, start, size):
    return lax.dynamic_slice_in_dim(x, start, size)

fast_window = jax.jit(window, static_argnums=2)
""",
            unsafe=True,
            function="fast_window",
            inputs=("jnp.arange(8.0), 2, 3", "jnp.arange(5.0), 0, 5", "jnp.ones((6, 2)), 3, 2"),
            note="a window of static size at a traced start: `lax.dynamic_slice_in_dim`, not a static `start` "
            "(unsafe: a window running past the end is moved back inside)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    k = jnp.argmax(x)
    return jnp.zeros((k, 2))
""",
            note="computed inside the function: no static argument can help",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, n):
    return jnp.zeros(n) + n.sum()
""",
            note="`n` is also used as an array, so making it static would be wrong",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def helper(x, axis):
    return x.sum(axis)

@jax.jit
def f(x, axis):
    return helper(x, axis)
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial

def helper(x, axis):
    return x.sum(axis)

@partial(jax.jit, static_argnames=("axis",))
def f(x, axis):
    return helper(x, axis)
""",
            unsafe=True,
            function="f",
            inputs=("jnp.ones((2, 3)), 1", "jnp.arange(6.0).reshape(2, 3), 0"),
            note="a helper's parameter that every call fills with a parameter of the jitted caller (through "
            "closures too: NeRF's `N_samples`): static at the caller's jit",
        ),
        Invalid(
            """
import functools
import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i + 1

@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1(k))
""",
            expected="""
import functools
import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i + 1

@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1.__wrapped__(k))
""",
            function="my_arange",
            inputs=("3", "0", "7"),
            note="a jitted helper gives an array even for a static argument (JAX issue 35090): the helper "
            "is called without its jit, so Python arithmetic on the static `k` stays static",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def custom_ones(arr):
    count = jnp.add(arr.size, 1)
    return jnp.ones((count,))
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def custom_ones(arr):
    count = np.add(arr.size, 1)
    return jnp.ones((count,))
""",
            function="custom_ones",
            inputs=("jnp.zeros(3)", "jnp.zeros((2, 2))"),
            note="`jnp.add` stages a tracer even for Python values: the size is computed with NumPy, from the "
            "static `arr.size`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from jax.lax import scan

def fixed_steps(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def step(carry, index):
        return carry + rhs(t_span[0] + h * index, carry) * h, None

    return scan(step, y0, jnp.arange(steps))[0]

@jax.jit
def decay(rate):
    return fixed_steps(lambda t, y: -rate * y, [0.0, 0.5], jnp.array(1.0), 0.1)
""",
            expected="""
import jax
import jax.numpy as jnp
from jax.lax import scan
import numpy as np

def fixed_steps(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = np.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def step(carry, index):
        return carry + rhs(t_span[0] + h * index, carry) * h, None

    return scan(step, y0, jnp.arange(steps))[0]

@jax.jit
def decay(rate):
    return fixed_steps(lambda t, y: -rate * y, [0.0, 0.5], jnp.array(1.0), 0.1)
""",
            unsafe=True,
            function="decay",
            inputs=("0.5", "2.0"),
            note="a step count computed with `jnp.array` from static times (a fixed-step solver): NumPy "
            "computes it (unsafe: NumPy's int64 where JAX made int32)",
        ),
        Invalid(
            """
import jax
from jax.scipy.special import multigammaln

log_gamma_d = jax.jit(multigammaln)
""",
            expected="""
import jax
from jax.scipy.special import multigammaln

log_gamma_d = jax.jit(multigammaln, static_argnames=("d",))
""",
            function="log_gamma_d",
            inputs=("jnp.float32(3.5), 3", "jnp.float32(1.2), 1"),
            note="jit of a library function traces all its arguments; the dimension `d` must be a Python int "
            "(jit finds the position of a static name from the function's signature)",
        ),
        Invalid(
            """
import jax
import jax.numpy as np


@jax.jit
def sum_first_k(a, k):
    return np.sum(jax.lax.dynamic_slice(a, (0,), (k,)))
""",
            expected="""
import jax
import jax.numpy as np


@jax.jit
def sum_first_k(a, k):
    return np.sum(np.where(np.arange(a.shape[0]) < k, a, 0))
""",
            function="sum_first_k",
            inputs=("jnp.arange(6.0), 0", "jnp.arange(6.0), 4", "jnp.arange(6.0), jnp.int32(6)"),
            note="a window of traced size, only summed: masked over the whole array, `k` stays traced "
            "(jax#1007; a static `k` would break callers that pass an array)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def partial_mean(x, lo, hi):
    return x[lo:hi].mean()
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def partial_mean(x, lo, hi):
    return x.mean(where=(lax.broadcasted_iota(jnp.int32, x.shape, 0) >= lo) & (lax.broadcasted_iota(jnp.int32, x.shape, 0) < hi))
""",
            unsafe=True,
            function="partial_mean",
            inputs=("jnp.arange(6.0), 1, 4", "jnp.ones((5, 2)), 0, 3"),
            note="a slice of traced bounds, reduced: unsafe, a negative bound counts from the end in the slice",
        ),
        Invalid(
            """
import jax

segment_totals = jax.jit(jax.ops.segment_sum)
""",
            note="left out, `num_segments` is computed from the traced segment ids: reported, with what to pass",
        ),
        Invalid(
            """
import jax


class PositionalCrop:
    def __init__(self, output_size):
        self.output_size = output_size

    def __call__(self, image, top, left):
        new_h, new_w = self.output_size
        return image[top : top + new_h, left : left + new_w]


crop = PositionalCrop((3, 2))


@jax.jit
def f(x, top, left):
    return crop(x, top, left)
""",
            expected="""
import jax
from jax import lax


class PositionalCrop:
    def __init__(self, output_size):
        self.output_size = output_size

    def __call__(self, image, top, left):
        new_h, new_w = self.output_size
        return lax.dynamic_slice(image, (top, left) + (0,) * (image.ndim - 2), (new_h, new_w) + image.shape[2:])


crop = PositionalCrop((3, 2))


@jax.jit
def f(x, top, left):
    return crop(x, top, left)
""",
            unsafe=True,
            function="f",
            inputs=("jnp.arange(48.0).reshape(6, 8), 1, 4", "jnp.ones((5, 4, 3)), 2, 0"),
            note="scico's PositionalCrop: two windows of static size at traced corners, one `lax.dynamic_slice`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def padded(x, width):
    return jnp.concatenate([x, jnp.zeros(width + 1)])


@jax.jit
def twice_padded(x, width=2):
    return padded(padded(x, width), width)
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnames=("width",))
def padded(x, width):
    return jnp.concatenate([x, jnp.zeros(width + 1)])


@partial(jax.jit, static_argnames=("width",))
def twice_padded(x, width=2):
    return padded(padded(x, width), width)
""",
            unsafe=True,
            function="twice_padded",
            inputs=("jnp.ones(3)", "jnp.arange(2.0), 1"),
            note="a jitted caller passes its own parameter on: static in both, so the caller's caller passes a "
            "Python value (the long-range-dependence project's `fast_detrend` and `fast_polyfit`)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


class Dynamics:
    def __init__(self, input_shape):
        self.dim = jnp.prod(jnp.asarray(input_shape[1:]))

    def __call__(self, x):
        return jnp.tanh(jnp.reshape(x, (-1, self.dim)))


def wrap_module(module, *module_args):
    def wrap(*args):
        model = module(*module_args)
        return model(*args)
    return wrap


dynamics = wrap_module(Dynamics, (-1, 2, 3))


@jax.jit
def f(x):
    return dynamics(x)
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np


class Dynamics:
    def __init__(self, input_shape):
        self.dim = np.prod(np.asarray(input_shape[1:]))

    def __call__(self, x):
        return jnp.tanh(jnp.reshape(x, (-1, self.dim)))


def wrap_module(module, *module_args):
    def wrap(*args):
        model = module(*module_args)
        return model(*args)
    return wrap


dynamics = wrap_module(Dynamics, (-1, 2, 3))


@jax.jit
def f(x):
    return dynamics(x)
""",
            unsafe=True,
            function="f",
            inputs=("jnp.ones((4, 6))", "jnp.arange(12.0)"),
            note="easy-neural-ode's MLPDynamics: the class reaches the traced closure through a module-level "
            "factory call, and the size `__init__` computes with `jnp` on a static shape is computed with NumPy",
        ),
        Invalid(
            """
import jax


@jax.jit
def rows_from(image, k):
    return image[k : k + 3, :2]
""",
            expected="""
import jax
from jax import lax


@jax.jit
def rows_from(image, k):
    return lax.dynamic_slice_in_dim(image[:, :2], k, 3)
""",
            unsafe=True,
            function="rows_from",
            inputs=("jnp.arange(30.0).reshape(6, 5), 1", "jnp.ones((4, 4)), 0", "jnp.arange(12.0).reshape(3, 4), 0"),
            note="a window at a traced start beside a slice of Python bounds: the static slice first, then the window",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def draw_gauges(obs, oxygen, divers):
    obs = obs.at[9, 0:oxygen * 10 // 64, 7].set(1)
    obs = obs.at[9, 9 - divers:9, 8].set(True)
    return obs
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def draw_gauges(obs, oxygen, divers):
    obs = obs.at[9, :, 7].set(jnp.where(jnp.arange(obs.shape[1]) < oxygen * 10 // 64, 1, obs[9, :, 7]))
    obs = obs.at[9, :, 8].set(jnp.where((jnp.arange(obs.shape[1]) >= 9 - divers) & (jnp.arange(obs.shape[1]) < 9), True, obs[9, :, 8]))
    return obs
""",
            unsafe=True,
            count=2,
            function='draw_gauges',
            inputs=('(jnp.zeros((10, 10, 10), dtype=bool), jnp.int32(40), jnp.int32(3))', '(jnp.zeros((10, 10, 10), dtype=bool), jnp.int32(0), jnp.int32(0))', '(jnp.ones((10, 10, 10), dtype=bool), jnp.int32(64), jnp.int32(9))',),
            note='gauges drawn as windows of traced length in an observation (pgx Seaquest): the whole row is updated where its index lies in the window',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def view(volume, theta):
    quadrant = jnp.floor(theta / (jnp.pi / 2)).astype(int) % 4
    return jnp.rot90(volume, k=quadrant, axes=(0, 1))
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def view(volume, theta):
    quadrant = jnp.floor(theta / (jnp.pi / 2)).astype(int) % 4
    return lax.switch(
        quadrant,
        [
            lambda: jnp.rot90(volume, k=0, axes=(0, 1)),
            lambda: jnp.rot90(volume, k=1, axes=(0, 1)),
            lambda: jnp.rot90(volume, k=2, axes=(0, 1)),
            lambda: jnp.rot90(volume, k=3, axes=(0, 1)),
        ],
    )
""",
            unsafe=True,
            function="view",
            inputs=("(jnp.arange(8.0).reshape(2, 2, 2), jnp.float32(0.3))", "(jnp.arange(8.0).reshape(2, 2, 2), jnp.float32(4.0))"),
            note="tomojax's projector: `jnp.rot90` needs a Python `k`, and the quadrant is one of four values (`% 4`), "
            "so `lax.switch` picks among the four rotations; unsafe, the rotations must give one shape (a cube "
            "here)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def segment_weights(x, counts, size=None):
    num = x.shape[0]
    ids = jnp.arange(counts.shape[0]).repeat(counts, total_repeat_length=num)
    weights = (1 / counts).repeat(counts)
    if size is None:
        size = jnp.max(counts)
    return ids, jax.lax.dynamic_slice(weights, (0,), (size,))

@jax.jit
def segments(x, counts):
    return segment_weights(x, counts, size=x.shape[0])
""",
            expected="""
import jax
import jax.numpy as jnp

def segment_weights(x, counts, size=None):
    num = x.shape[0]
    ids = jnp.arange(counts.shape[0]).repeat(counts, total_repeat_length=num)
    weights = (1 / counts).repeat(counts, total_repeat_length=num)
    if size is None:
        size = jnp.max(counts)
    return ids, jax.lax.dynamic_slice(weights, (0,), (size,))

@jax.jit
def segments(x, counts):
    return segment_weights(x, counts, size=x.shape[0])
""",
            unsafe=True,
            function="segments",
            inputs=("(jnp.ones((5, 2)), jnp.array([2, 3]))", "(jnp.ones((4, 2)), jnp.array([1, 1, 2]))"),
            note="ott's `segment_point_cloud`: the same counts are repeated with `total_repeat_length=num` a line "
            "above, so that total serves here too; the size the caller passes (`x.shape[0]`) is never None, so "
            "the `jnp.max` default is dead and the slice size stays static",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import jax.scipy as jsp

def compute(lu_and_piv, vector, transpose):
    trans = 1 if transpose else 0
    return jsp.linalg.lu_solve(lu_and_piv, vector, trans=trans)

@jax.jit
def f(matrix, vector, transpose):
    return compute(jsp.linalg.lu_factor(matrix), vector, transpose)
""",
            expected="""
import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import lax

def compute(lu_and_piv, vector, transpose):
    trans = 1 if transpose else 0
    return lax.switch(
        trans,
        [
            lambda: jsp.linalg.lu_solve(lu_and_piv, vector, trans=0),
            lambda: jsp.linalg.lu_solve(lu_and_piv, vector, trans=1),
        ],
    )

@jax.jit
def f(matrix, vector, transpose):
    return compute(jsp.linalg.lu_factor(matrix), vector, transpose)
""",
            unsafe=True,
            note="lineax's LU solver (issue 187): the state's traced `transpose` flag picks `trans` with a "
            "ternary, but `lu_solve` needs `trans` as a Python value, so the two solves are written out and "
            "`lax.switch` picks one; the ternary itself is TFX201's (`jnp.where`), see "
            "tests/test_static_flags.py for the two together under jit",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import jax.scipy as jsp

@jax.jit
def f(a, b, upper):
    return jsp.linalg.solve_triangular(a, b, lower=False if upper > 0 else True)
""",
            expected="""
import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import lax

@jax.jit
def f(a, b, upper):
    return lax.cond(
        upper > 0,
        lambda: jsp.linalg.solve_triangular(a, b, lower=False),
        lambda: jsp.linalg.solve_triangular(a, b, lower=True),
    )
""",
            unsafe=True,
            function="f",
            inputs=("(jnp.array([[2.0, 1.0], [0.0, 3.0]]), jnp.array([1.0, 2.0]), jnp.int32(1))",),
            note="a ternary on a traced value written as a solver's flag: the flag must be a Python value, so the "
            "ternary's test picks between the two solves with `lax.cond`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def coo_row_counts(rows, shape):
    n_rows, n_cols = shape
    return jnp.bincount(rows, length=n_rows)

f = jax.jit(coo_row_counts)
""",
            expected="""
import jax
import jax.numpy as jnp

def coo_row_counts(rows, shape):
    n_rows, n_cols = shape
    return jnp.bincount(rows, length=n_rows)

f = jax.jit(coo_row_counts, static_argnames=("shape",))
""",
            unsafe=True,
            note="a COO-to-CSR conversion (its author left `#@jax.jit #length argument is an issue`): the size is "
            "unpacked from the `shape` parameter, which is made static",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        func = node.func
        qualified = context.qualified_name(func)
        slots = slots_for_function(qualified)
        variadic = False
        if not slots and qualified is None and isinstance(func, cst.Attribute) and context.is_traced(func.value):
            slots, variadic = slots_for_method(func)
        if not slots and not variadic:
            return
        for parameter, argument in concrete_arguments(node, slots, variadic):
            traced = self._traced_parts(argument)
            if traced:
                callee = context.describe(func)
                if parameter == "repeats" and (fix := self._known_total(node, argument)) is not None:
                    self.report(argument, f"`{context.describe(argument)}` is traced, but the `repeats` argument of "
                                          f"`{callee}()` needs a concrete value under {under_tracing(context)} unless "
                                          "the total is given; the function gives it where it repeats by the same "
                                          "counts", fix)
                    continue
                self._report(argument, traced, f"the `{parameter}` argument of `{callee}()`", selection=node)

    def visit_transform_call(self, node: cst.Call) -> None:
        """`jax.jit(multigammaln)`: jit traces every argument of a library function, including
        those it needs as Python values (`d`), which the call must then list as static."""
        context = self.context
        if context.qualified_name(node.func) not in known.JIT_TRANSFORMS:
            return
        positional = [arg for arg in node.args if arg.keyword is None and not arg.star]
        if len(positional) != 1 or any(arg.keyword is not None and arg.keyword.value in (
                "static_argnums", "static_argnames") for arg in node.args):
            return
        function = context.qualified_name(positional[0].value)
        names = [name for _, name in slots_for_function(function)]
        if not names:
            return
        spelled = context.describe(positional[0].value)
        listed = ", ".join(f"`{name}`" for name in names)
        jit = context.describe(node.func)
        opening = (f"`{jit}({spelled})` traces every argument of `{spelled}`, but it needs {listed} as "
                   f"{'a Python value' if len(names) == 1 else 'Python values'}")
        data = [name for name in names if (function, name) in FROM_THE_DATA_WHEN_OMITTED]
        if data:
            self.report(node, f"{opening}; left out, `{data[0]}` is computed from the traced data, so no call "
                              f"can work: pass it in every call and list it in `static_argnames`")
            return
        static = ", ".join(f'"{name}"' for name in names)
        text = f"{context.code(node).strip()[:-1].rstrip().rstrip(',')}, static_argnames=({static}{',' if len(names) == 1 else ''}))"
        fix = context.fix(f"Mark {listed} static", [(node, context.parse_expression(text))], Safety.SAFE)
        self.report(node, f"{opening}; mark {'it' if len(names) == 1 else 'them'} static", fix)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        context = self.context
        if not context.is_traced(node.value):
            return
        reported = []
        for element in node.slice:
            if not isinstance(element.slice, cst.Slice):
                continue
            bounds = [b for b in (element.slice.lower, element.slice.upper, element.slice.step) if b is not None]
            traced = [part for bound in bounds for part in self._traced_parts(bound)]
            if traced:
                reported.append((element.slice, traced))
        if not reported:
            return
        fix = self._dynamic_window_fix(node)
        update = self._masked_window_update_fix(node) if fix is None and len(reported) == 1 else None
        if update is not None:
            listed = ", ".join(f"`{context.describe(part)}`" for part in reported[0][1])
            self.report(node, f"{listed} traced, but slice bounds need concrete values under {under_tracing(context)}; "
                              "the window is only updated with one value: update the whole axis where the index "
                              "lies in the window", update)
            return
        if fix is not None:
            listed = ", ".join(f"`{context.describe(part)}`" for _, traced in reported for part in traced)
            self.report(node, f"{listed} traced, but slice bounds need concrete values under {under_tracing(context)}; "
                              f"a window of static size at a traced start is `lax.dynamic_slice`", fix)
            return
        for bound, traced in reported:
            self._report(bound, traced, "a slice bound", slice_of=node, selection=node)

    def _masked_window_update_fix(self, node: cst.Subscript):
        """`obs.at[9, 0:n, 7].set(1)` with a traced bound `n`, one value for the whole window, and
        integer indices on the other axes: the whole axis is updated where its index lies in the
        window, `obs.at[9, :, 7].set(jnp.where(jnp.arange(obs.shape[1]) < n, 1, obs[9, :, 7]))`."""
        context = self.context
        at, chain = node.value, context.ancestors  # the ancestors end with `node` itself
        if not (isinstance(at, cst.Attribute) and at.attr.value == "at" and len(chain) >= 3 and chain[-1] is node):
            return None
        method, call = chain[-2], chain[-3]
        if not (isinstance(method, cst.Attribute) and method.value is node and method.attr.value in ("set", "add")
                and isinstance(call, cst.Call) and call.func is method and len(call.args) == 1
                and call.args[0].keyword is None and not call.args[0].star):
            return None
        value = call.args[0].value
        if not (certainly_0d(value, context) or isinstance(value, cst.Name) and value.value in ("True", "False")):
            return None
        slices = [position for position, element in enumerate(node.slice) if isinstance(element.slice, cst.Slice)]
        if len(slices) != 1 or any(isinstance(element.slice, cst.Index) and (
                element.slice.star is not None or context.code(element.slice.value).strip() in ("None", "...")
                or not certainly_0d(element.slice.value, context) and not context.value(element.slice.value).trace == STATIC)
                for element in node.slice):
            return None  # each other index picks one position (an integer), so the window is a vector
        axis = slices[0]
        bounds = node.slice[axis].slice
        if bounds.step is not None:
            return None
        jnp = context.spell("jax.numpy")
        array = context.code(at.value).strip()
        index = f"{jnp}.arange({array}.shape[{axis}])"
        tests = []
        if bounds.lower is not None and not (isinstance(bounds.lower, cst.Integer) and bounds.lower.evaluated_value == 0):
            tests.append(f"{index} >= {operand_text(bounds.lower, context)}")
        if bounds.upper is not None:
            tests.append(f"{index} < {operand_text(bounds.upper, context)}")
        if not tests:
            return None
        mask = tests[0] if len(tests) == 1 else " & ".join(f"({test})" for test in tests)
        whole = ", ".join(":" if position == axis else context.code(element.slice.value).strip()
                          for position, element in enumerate(node.slice))
        current = f"{array}[{whole}]"
        updated = context.code(value).strip() if method.attr.value == "set" else f"{current} + {operand_text(value, context)}"
        text = f"{array}.at[{whole}].set({jnp}.where({mask}, {updated}, {current}))"
        return context.fix(
            "Update the whole axis where the index lies in the window", [(call, context.parse_expression(text))],
            Safety.UNSAFE, "a negative bound, which the slice counts from the end, selects nothing below zero in the "
                           "rewrite; the value takes the array's dtype as before")

    def _dynamic_window_fix(self, node: cst.Subscript):
        """`image[top:top + h, left:left + w]` with static sizes `h` and `w`: the window
        `lax.dynamic_slice` takes at the traced starts (`dynamic_slice_in_dim` for one axis).
        Unsafe: it moves a window that would run past the end back inside the array, where the
        slice returns fewer elements, and clamps a negative start to 0."""
        context = self.context
        windows: list[tuple[int, cst.BaseExpression, cst.BaseExpression]] = []  # axis, start, size
        static_parts = []  # the slice with each window taken whole: `image[:, :cols]`
        for axis, element in enumerate(node.slice):
            part = element.slice
            if not isinstance(part, cst.Slice):
                return None
            if part.lower is None and part.upper is None and part.step is None:
                static_parts.append(":")
                continue  # `:`, the whole axis
            size = _static_size(part, context)
            if size is None:
                if any(self._traced_parts(bound) for bound in (part.lower, part.upper, part.step) if bound is not None):
                    return None
                static_parts.append(context.code(part).strip())  # `:cols`, Python values: sliced first
                continue
            windows.append((axis, part.lower, size))
            static_parts.append(":")
        array = node.value
        if not windows or not isinstance(array, (cst.Name, cst.Attribute)):
            return None
        text = context.code
        if any(part != ":" for part in static_parts):
            if len(windows) > 1:
                return None
            array = context.parse_expression(f"{text(array).strip()}[{', '.join(static_parts)}]")
        lax = context.spell("jax.lax")
        if len(windows) == 1:
            axis, start, size = windows[0]
            where = f", axis={axis}" if axis else ""
            replacement = f"{lax}.dynamic_slice_in_dim({text(array)}, {text(start)}, {text(size)}{where})"
        else:
            count = len(node.slice)
            starts = [next((text(s) for a, s, _ in windows if a == axis), "0") for axis in range(count)]
            sizes = [next((text(z) for a, _, z in windows if a == axis), f"{text(array)}.shape[{axis}]")
                     for axis in range(count)]
            if rank_of(array, context) == count:  # `rows, cols = image.shape`: no axes beyond these
                replacement = f"{lax}.dynamic_slice({text(array)}, ({', '.join(starts)}), ({', '.join(sizes)}))"
            else:
                replacement = (f"{lax}.dynamic_slice({text(array)}, ({', '.join(starts)}) + (0,) * ({text(array)}.ndim - "
                               f"{count}), ({', '.join(sizes)}) + {text(array)}.shape[{count}:])")
        return context.fix("Take the window with `lax.dynamic_slice`", [(node, context.parse_expression(replacement))],
                           Safety.UNSAFE, "a window running past the end is moved back inside the array (and a "
                           "negative start is taken as 0), where the slice gave fewer elements")

    def _traced_parts(self, argument: cst.BaseExpression) -> list[cst.BaseExpression]:
        context = self.context
        parts = []
        for leaf in flattened(argument):
            if context.value(leaf).trace != TRACED and not self._proven_by_its_error(leaf):
                continue
            if comes_from_conversion(leaf, context):
                continue  # `int(n)`: reported where the conversion happens (TFX201)
            parts.append(leaf)
        return parts

    def _proven_by_its_error(self, leaf: cst.BaseExpression) -> bool:
        """A traceback showed this statement raising a TypeError about concrete values (`Shapes
        must be 1D sequences of concrete values of integer type`) or a ConcretizationTypeError
        (`It arose in the jnp.arange argument 'stop'`): of the argument's leaves, one read from
        somewhere the analysis could not follow (`self.features`, a parameter of a function whose
        callers are in another file) was the tracer, not a shape, a length or a literal."""
        context = self.context
        if context.value(leaf).trace == TRACED or not any(
                context.proven_error(leaf, kind) for kind in ("TypeError", "ConcretizationTypeError")):
            return False
        stored = initialised_attribute(context, leaf) if isinstance(leaf, cst.Attribute) else None
        if stored is not None:
            expression, value_of = stored
            if value_of(expression).trace == STATIC and not value_of(expression).loose:
                return False  # `__init__` sets it to a Python value (a fix made it one)
        text = context.code(leaf)
        number = leaf.expression if isinstance(leaf, cst.UnaryOperation) else leaf  # `-1` too
        return not isinstance(number, (cst.Integer, cst.Float)) and not any(
            word in text for word in (".shape", ".ndim", ".size", "len("))

    def _report(self, node, traced, where: str, slice_of: cst.Subscript | None = None,
                selection: cst.BaseExpression | None = None) -> None:
        context = self.context
        listed = ", ".join(f"`{context.describe(part)}`" for part in traced)
        verb = "is" if len(traced) == 1 else "are"
        if selection is not None and self._window_reduction(node, selection, listed, verb, where):
            return
        fix, advice = static_argument_fix(context, traced)
        if fix is None and len(traced) == 1 and (numpy_fix := numpy_recompute_fix(context, traced[0])) is not None:
            fix = numpy_fix
            advice = "it is computed from Python values only: compute it with NumPy, which gives a concrete value"
        if fix is None and len(traced) == 1 and traced[0] is node and selection is not None \
                and (switched := self._switch_over_domain(node, selection)) is not None:
            fix, advice = switched
        if not advice and slice_of is not None:
            advice = "use `lax.dynamic_slice_in_dim(x, start, size)` with a static size"
        elif not advice:
            advice = "derive it from static shapes (`x.shape`, `len(x)`) or a static argument of the jitted caller"
        message = (
            f"{listed} {verb} traced, but {where} needs a concrete value under "
            f"{under_tracing(context)}; {advice}"
        )
        self.report(node, message, fix)

    def _known_total(self, call: cst.Call, repeats: cst.BaseExpression):
        """`a.repeat(counts)` where the function also writes `ids.repeat(counts,
        total_repeat_length=num)`: the same counts repeat to the same total."""
        context = self.context
        function = context.function
        if function is None or any(arg.keyword is not None and arg.keyword.value == "total_repeat_length"
                                   for arg in call.args):
            return None
        shown = context.code(repeats).strip()
        for other in walk(function):
            if not isinstance(other, cst.Call) or other is call or not (
                    isinstance(other.func, cst.Attribute) and other.func.attr.value == "repeat"
                    or (context.qualified_name(other.func) or "") == "jax.numpy.repeat"):
                continue
            total = next((arg.value for arg in other.args if arg.keyword is not None
                          and arg.keyword.value == "total_repeat_length"), None)
            positional = [arg.value for arg in other.args if arg.keyword is None]
            counts = next((arg.value for arg in other.args if arg.keyword is not None and arg.keyword.value == "repeats"),
                          None) or (positional[0] if isinstance(other.func, cst.Attribute) and positional
                                    else positional[1] if len(positional) > 1 else None)
            if total is None or counts is None or context.code(counts).strip() != shown:
                continue
            given = context.code(total).strip()
            args = appended_keyword(call.args, "total_repeat_length", context.parse_expression(given))
            return context.fix(f"Pass `total_repeat_length={given}`, as the function does where it repeats by "
                               f"`{shown}`", [(call, call.with_changes(args=args))], Safety.UNSAFE,
                               f"assumes `{shown}` sums to `{given}` here too; where it sums to less, the result is "
                               "padded with its last element, where to more, cut")
        return None

    def _switch_over_domain(self, argument: cst.BaseExpression, call: cst.Call):
        """`jnp.rot90(v, k=quadrant)` with `quadrant = ... % 4`, `lu_solve(..., trans=trans)` with
        `trans = 1 if transpose else 0`: the argument takes one of a few values, so `lax.switch`
        (or `lax.cond` between two) picks among the calls with each of them written out."""
        context = self.context
        values = _domain(argument)
        if values is None and isinstance(argument, cst.Name):
            from tracerfix.definitions import value_resolver

            bound = value_resolver(context)(argument.value)
            values = _domain(bound) if bound is not None else None
        if values is None or not 2 <= len(values) <= 8:
            return None

        class _Literal(cst.CSTTransformer):
            def __init__(self, value: str) -> None:
                self.value = value

            def on_leave(self, original, updated):
                return cst.parse_expression(self.value) if original is argument else updated

        def written_with(value: str) -> str:
            return f"lambda: {context.code(call.visit(_Literal(value))).strip()}"

        lax = context.spell("jax.lax")
        index = context.code(argument).strip()
        if isinstance(argument, cst.IfExp) and len(values) == 2:
            # `lower=False if upper > 0 else True`: the ternary's own test picks the call.
            index, values = context.code(argument.test).strip(), [values[0], values[1]]
            text = f"{lax}.cond({index}, {written_with(values[0])}, {written_with(values[1])})"
            how = f"{lax}.cond"
        elif sorted(values) == [str(number) for number in range(len(values))]:
            order = [str(number) for number in range(len(values))]
            text = f"{lax}.switch({index}, [{', '.join(written_with(value) for value in order)}])"
            how = f"{lax}.switch"
        elif len(values) == 2:
            first, second = sorted(values, key=lambda value: value != "True")
            test = index if (first, second) == ("True", "False") else f"{index} == {first}"
            text = f"{lax}.cond({test}, {written_with(first)}, {written_with(second)})"
            how = f"{lax}.cond"
        else:
            return None
        switch = context.parse_expression(text)
        statement = context.enclosing(cst.SimpleStatementLine)
        depth = sum(isinstance(a, cst.IndentedBlock) for a in context.ancestors)
        if statement is not None and len(context.module.default_indent) * depth + len(
                context.code(statement).strip()) - len(context.code(call).strip()) + len(text) > LINE_LENGTH:
            switch = _one_per_line(switch, context.module.default_indent)
        count = len(values)
        fix = context.fix(f"Choose among the {count} calls with `{how}`", [(call, switch)],
                          Safety.UNSAFE, f"each of the {count} calls is traced, and `{how}` needs them to give "
                          "arrays of one shape and dtype (a non-square array rotated by an odd and an even `k` does "
                          "not); the index must be an integer")
        return fix, f"it takes one of {count} values: choose among the calls with `{how}`"

    def _window_reduction(self, node, selection, listed: str, verb: str, where: str) -> bool:
        """`jnp.sum(x[:k])`, `lax.dynamic_slice(x, (0,), (k,)).max()`: a window of traced size
        that is only reduced is the reduction over the whole array with the indices outside the
        window masked out. Its size stays traced, so every caller keeps working; a static
        argument would fail for callers that pass an array."""
        context = self.context
        window = window_of(selection, context)
        chain = context.ancestors
        if window is None or not chain or chain[-1] is not selection or not context.is_traced(window.array):
            return False
        reduction = reduction_of(chain, context)
        if reduction is None or reduction.kind == "count":
            return False
        mask, difference = window_mask(window, context)
        rewrite = rewrite_reduction(reduction, window.array, mask, context)
        if difference:
            rewrite.note = "; ".join(filter(None, [rewrite.note, difference]))
            rewrite.safety = Safety.UNSAFE
        fix = context.fix(f"Reduce over the whole array: `{rewrite.text}`",
                          [(reduction.node, context.parse_expression(rewrite.text))], rewrite.safety, rewrite.note)
        self.report(node, f"{listed} {verb} traced, but {where} needs a concrete value under "
                          f"{under_tracing(context)}; the window is only reduced: reduce over the whole array "
                          f"with the indices outside it masked out", fix)
        return True
