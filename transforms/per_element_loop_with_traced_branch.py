"""TFX108 per-element-loop-with-traced-branch."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.syntax import descendants
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
      when each iteration ends with `ys.append(...)` into a list stacked after the loop;
    - when the body stops the loop with one `if c: ...; break` at its top level, into
      `lax.while_loop` whose state carries the loop index, the carried names and a `stop` flag set
      to `c`: the statements before the test run in the iteration that stops, those in its branch
      only there (`jnp.where(stop, ...)`), those after it only where it does not stop. A test
      that opens the body joins the loop condition instead (`(i < n) & ~(c)`); one that ends it
      is returned as the flag. The loop index read after the loop is the last one that ran.
      In a differentiated function (`jax.grad`...), the loop becomes `lax.fori_loop` over the
      whole range instead, carrying the flag (`stop = stop | c`): every step after the one
      that stops keeps the state as it is (`x = jnp.where(stop, x, ...)`), and the branch of
      the `break` runs only in the step that stops.

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
    `lax.fori_loop(1, len(x), update_x, x)` with `def update_x(i, x): ...`. A loop that stops
    early (`for _ in range(100): ...; if converged: break`) becomes
    `_, x, _ = lax.while_loop(keep_updating_x, update_x, (0, x, False))`, where
    `keep_updating_x` returns `(i < 100) & ~stop`.

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

    A loop that stops at a `break` runs the same iterations in the same order as `lax.while_loop`;
    the statements after the test are computed where the loop stops too, and discarded by
    `jnp.where` (the NaN/inf concern above applies to them). In a differentiated function the
    `lax.fori_loop` form computes the same values and gradients, at the cost of always running
    every step of the range: the steps after the stop compute the body again from the kept
    state and discard it (the NaN/inf concern applies to them too). Where that form cannot be
    built (a range step other than 1, the loop index read after the loop, a `continue` before
    the `break`), the loop is reported: the `lax.while_loop` form supports forward mode only, so
    reverse mode of the rewrite would raise. Under `jax.grad` alone (nothing jitted) the values
    are concrete and Python control flow works: nothing is reported. Also unsafe, with the reason, when the range may be
    empty and the body indexes an array with the index (the empty-array concern above), or when
    a Python number the loop carries becomes a traced array that later code may need as a
    number. A carried value whose dtype changes between iterations, or a `break` test that is
    not a scalar, makes the `lax` loop raise while tracing; it never silently computes
    something else.

    Not rewritten (reported with the reason): loops that are not `for i in range(...)` (with a
    literal step), several `break`s or one that does not end an `if` at the top level of the body,
    a `break` on a Python value, `for ... else`, a `try` around or inside the loop, a name first
    assigned in the loop and read after it, the loop index read after a loop whose range may be
    empty, a carried value whose shape changes, results appended conditionally (their number
    depends on the data), the loop index used as a Python value.
    """

    code = "TFX108"
    SIMPLIFIES_LOWERING = True
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
from functools import partial
import jax

@partial(jax.jit, static_argnames=("steps",))
def f(x, w, steps):
    for i in range(len(w)):
        x = x * w[i]
        if i + 1 >= steps:
            break
    for d in x.shape:
        if d == 1:
            break
        x = x / d
    return x
""",
            note="`break` on static values (the loop index, a static argument, a shape)",
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
import functools

import jax

@functools.partial(jax.jit, static_argnums=1)
def f(x, flag):
    for i in range(len(x)):
        if flag:
            pass
    return x
""",
            note="a branch on a static argument, the same in every iteration: nothing to do",
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
import jax.numpy as jnp

@jax.jit
def newton_sqrt(a, tol=1e-6):
    x = a
    for _ in range(20):
        x_new = 0.5 * (x + a / x)
        if jnp.abs(x_new - x).max() < tol:
            break
        x = x_new
    return x
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def newton_sqrt(a, tol=1e-6):
    x = a

    def keep_updating_x(state):
        i, _, stop = state
        return (i < 20) & ~stop

    def update_x(state):
        i, x, _ = state
        x_new = 0.5 * (x + a / x)
        stop = jnp.abs(x_new - x).max() < tol
        x = jnp.where(stop, x, x_new)
        return i + 1, x, stop

    _, x, _ = lax.while_loop(keep_updating_x, update_x, (0, x, False))
    return x
""",
            function="newton_sqrt",
            inputs=("jnp.array([1.0])", "jnp.array([2.0, 9.0, 0.25])", "jnp.array([1e12])"),
            note="`break` on a traced test: lax.while_loop with a stop flag; what follows the test runs only "
            "where it fails (stops at once, midway, never)",
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
            expected="""
import jax
from jax import lax
import jax.numpy as jnp

@jax.jit
def first_negative(x):
    index = -1

    def keep_updating_index(state):
        i, _, stop = state
        return (i < len(x)) & ~stop

    def update_index(state):
        i, index, _ = state
        stop = x[i] < 0
        index = jnp.where(stop, i, index)
        return i + 1, index, stop

    _, index, _ = lax.while_loop(keep_updating_index, update_index, (0, index, False))
    return index
""",
            unsafe=True,
            function="first_negative",
            inputs=(
                "jnp.array([-1.0, 2.0])",
                "jnp.array([3.0, -2.0, -5.0])",
                "jnp.array([1.0, 2.0])",
                "jnp.array([4, 0, -3])",
            ),
            note="statements before the `break` run where it stops; the index is carried (unsafe: an empty `x`)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def budgeted_sum(x, budget):
    total = 0.0
    for i in range(len(x)):
        if total > budget:  # spent
            break
        if x[i] < 0:
            continue
        total = total + x[i]
    return total
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def budgeted_sum(x, budget):
    total = 0.0
    # spent
    def keep_updating_total(state):
        i, total = state
        return (i < len(x)) & ~(total > budget)

    def update_total(state):
        i, total = state
        total = jnp.where(x[i] < 0, total, total + x[i])
        return i + 1, total

    _, total = lax.while_loop(keep_updating_total, update_total, (0, total))
    return total
""",
            unsafe=True,
            function="budgeted_sum",
            inputs=(
                "jnp.array([1.0, 2.0]), -1.0",
                "jnp.array([4.0, -9.0, 5.0, 6.0, 7.0]), 8.0",
                "jnp.array([1.0, -2.0, 3.0]), 100.0",
            ),
            note="a `break` that opens the body joins the loop condition; a `continue` after it",
        ),
        Invalid(
            """
import jax

@jax.jit
def halvings(x):
    for step in range(10):
        x = x / 2
        if x.max() < 1:
            break
    return x, step
""",
            expected="""
import jax
from jax import lax

@jax.jit
def halvings(x):
    def keep_updating_x(state):
        step, _, stop = state
        return (step < 10) & ~stop

    def update_x(state):
        step, x, _ = state
        x = x / 2
        return step + 1, x, x.max() < 1

    step, x, _ = lax.while_loop(keep_updating_x, update_x, (0, x, False))
    step = step - 1
    return x, step
""",
            function="halvings",
            inputs=("jnp.array([1.5, 0.5])", "jnp.array([20.0, 3.0])", "jnp.array([1e6])"),
            note="a test that ends the body is returned as the flag; the index read after the loop is the "
            "last one that ran (the range is never empty)",
        ),
        Invalid(
            """
import jax

@jax.jit
def last_negative(x):
    found = -1
    for i in range(x.shape[0] - 1, -1, -1):
        if x[i] >= 0:
            continue
        found = i
        if x[i] < -1:
            break
    return found
""",
            expected="""
import jax
from jax import lax
import jax.numpy as jnp

@jax.jit
def last_negative(x):
    found = -1

    def keep_updating_found(state):
        i, _, stop = state
        return (i > -1) & ~stop

    def update_found(state):
        i, found, _ = state
        found = jnp.where(x[i] >= 0, found, i)
        return i - 1, found, ~(x[i] >= 0) & (x[i] < -1)

    _, found, _ = lax.while_loop(keep_updating_found, update_found, (x.shape[0] - 1, found, False))
    return found
""",
            unsafe=True,
            function="last_negative",
            inputs=(
                "jnp.array([1.0, -5.0])",
                "jnp.array([-3.0, 2.0, -0.5, 1.0])",
                "jnp.array([-0.5, 1.0])",
                "jnp.array([1.0, 2.0])",
            ),
            note="counting down; a `break` after a `continue` stops only where the `continue` did not skip",
        ),
        Invalid(
            """
import jax

def loss(x):
    for _ in range(20):
        x = x * 0.5
        if x.sum() < 1:
            break
    return x.sum()

grad_loss = jax.jit(jax.grad(loss))
""",
            expected="""
import jax
from jax import lax
import jax.numpy as jnp

def loss(x):
    def update_x(_, state):
        x, stop = state
        x = jnp.where(stop, x, x * 0.5)
        stop = stop | (x.sum() < 1)
        return x, stop

    x, _ = lax.fori_loop(0, 20, update_x, (x, False))
    return x.sum()

grad_loss = jax.jit(jax.grad(loss))
""",
            function="loss",
            inputs=("jnp.array([0.25])", "jnp.array([3.0, 1.0])", "jnp.array([1e9])"),
            note="differentiated with jax.grad: a `lax.fori_loop` carrying the stop flag, which reverse mode differentiates",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def capped_sum(x, cap):
    total = jnp.zeros_like(cap)
    for i in range(3):
        if total + x[i] > cap:
            total = cap
            break
        total = total + x[i]
    return total

capped_sum_grad = jax.jit(jax.grad(capped_sum))
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

def capped_sum(x, cap):
    total = jnp.zeros_like(cap)

    def update_total(i, state):
        total, stop = state
        stopping = ~stop & (total + x[i] > cap)
        stop = stop | stopping
        total = jnp.where(stopping, cap, total)
        total = jnp.where(stop, total, total + x[i])
        return total, stop

    total, _ = lax.fori_loop(0, 3, update_total, (total, False))
    return total

capped_sum_grad = jax.jit(jax.grad(capped_sum))
""",
            function="capped_sum_grad",
            inputs=(
                "jnp.array([4.0, 1.0, 1.0]), jnp.float32(3.0)",
                "jnp.array([1.0, 1.5, 2.0]), jnp.float32(3.0)",
                "jnp.array([0.5, 0.5, 0.5]), jnp.float32(3.0)",
            ),
            note="gradients of the fori_loop form match the eager loop's (stops at once, later, never); the "
            "branch of the `break` runs only in the step that stops",
        ),
        Invalid(
            """
import jax

def loss(x):
    for i in range(20):
        x = x * 0.5
        if x.sum() < 1:
            break
    return x.sum() * i

grad_loss = jax.jit(jax.grad(loss))
""",
            note="differentiated and jitted, the index read after the loop: only the `lax.while_loop` form fits, which reverse mode cannot differentiate, so it is reported",
        ),
        Invalid(
            """
import jax

@jax.jit
def lagged_total(x):
    total = 0.0
    for i in range(1, len(x)):
        total = total + x[i - 1]
        if x[i] < x[i - 1]:
            drop = x[i - 1] - x[i]
    return total
""",
            expected="""
import jax
from jax import lax

@jax.jit
def lagged_total(x):
    total = 0.0

    def update_total(i, total):
        total = total + x[i - 1]
        return total

    total = lax.fori_loop(1, len(x), update_total, total)
    return total
""",
            unsafe=True,
            function="lagged_total",
            inputs=("jnp.array([1.0, 3.0, 2.0])", "jnp.array([5.0])"),
            note="an `if` that only assigns a temporary nothing reads leaves no `pass` behind",
        ),
        Invalid(
            """
import jax

@jax.jit
def two_exits(x):
    total = 0.0
    for i in range(len(x)):
        if x[i] < 0:
            break
        total = total + x[i]
        if total > 10:
            break
    return total
""",
            expected="""
import jax
from jax import lax

@jax.jit
def two_exits(x):
    total = 0.0
    stop = False

    def keep_updating_total(state):
        i, stop, total = state
        return (i < len(x)) & ~stop

    def update_total(state):
        i, stop, total = state

        def _when_x_i_negative(stop, total):
            stop = True
            return stop, total

        def _unless_x_i_negative(stop, total):
            total = total + x[i]
            stop = stop | (total > 10)
            return stop, total

        stop, total = lax.cond(
            x[i] < 0, _when_x_i_negative, _unless_x_i_negative, stop, total
        )
        i = i + 1
        return i, stop, total

    _, stop, total = lax.while_loop(keep_updating_total, update_total, (0, stop, total))
    return total
""",
            function="two_exits",
            inputs=("jnp.array([1.0, 2.0, -1.0, 4.0])", "jnp.array([6.0, 7.0, 1.0])", "jnp.array([1.0, 2.0])"),
            note="several `break`s: a `lax.while_loop` over the index with one stop flag",
        ),
        Invalid(
            """
import jax

@jax.jit
def capped_positive_sum(x):
    total = 0.0
    for i in range(len(x)):
        if x[i] > 0:
            total = total + x[i]
            if total > 10:
                break
    return total
""",
            expected="""
import jax
from jax import lax

@jax.jit
def capped_positive_sum(x):
    total = 0.0
    stop = False

    def keep_updating_total(state):
        i, total, stop = state
        return (i < len(x)) & ~stop

    def update_total(state):
        i, total, stop = state

        def _when_x_i_positive(total, stop):
            total = total + x[i]
            stop = stop | (total > 10)
            return total, stop

        total, stop = lax.cond(
            x[i] > 0, _when_x_i_positive, lambda *state: state, total, stop
        )
        i = i + 1
        return i, total, stop

    _, total, stop = lax.while_loop(keep_updating_total, update_total, (0, total, stop))
    return total
""",
            function="capped_positive_sum",
            inputs=("jnp.array([1.0, -2.0, 9.0, 4.0])", "jnp.array([-1.0, 2.0])"),
            note="a `break` deeper than a top-level `if` of the body: the stop flag is set inside the nested `lax.cond`",
        ),
        Invalid(
            """
import jax

@jax.jit
def first_positive_index(x):
    for i in range(len(x)):
        if x[i] > 0:
            break
    return i
""",
            expected="""
import jax
from jax import lax

@jax.jit
def first_positive_index(x):
    stop = False
    i = 0

    def keep_updating_i(state):
        step, i, stop = state
        return (step < len(x)) & ~stop

    def update_i(state):
        step, i, stop = state
        i = step
        stop = stop | (x[i] > 0)
        step = step + 1
        return step, i, stop

    _, i, stop = lax.while_loop(keep_updating_i, update_i, (0, i, stop))
    return i
""",
            unsafe=True,
            function="first_positive_index",
            inputs=("jnp.array([-1.0, -2.0, 3.0, 4.0])", "jnp.array([-1.0, -2.0])"),
            note="the index is read after the loop: it starts as the first index, so an empty `x` (where "
            "Python's `i` has no value and `return i` raises NameError) returns 0 (unsafe)",
        ),
        Invalid(
            """
import jax

@jax.jit
def shrinking_window(x):
    n = 5
    total = 0.0
    for i in range(n):
        n = n - 1
        total = total + x[i]
        if total > 100:
            break
    return total, n
""",
            expected="""
import jax
from jax import lax

@jax.jit
def shrinking_window(x):
    n = 5
    total = 0.0
    n_at_start = n
    stop = False

    def keep_updating_n_and_total(state):
        i, n, total, stop = state
        return (i < n_at_start) & ~stop

    def update_n_and_total(state):
        i, n, total, stop = state
        n = n - 1
        total = total + x[i]
        stop = stop | (total > 100)
        i = i + 1
        return i, n, total, stop

    _, n, total, stop = lax.while_loop(
        keep_updating_n_and_total, update_n_and_total, (0, n, total, stop)
    )
    return total, n
""",
            function="shrinking_window",
            inputs=("jnp.array([1.0, 2.0, 3.0, 4.0, 5.0])", "jnp.array([60.0, 50.0, 3.0, 4.0, 5.0])"),
            note="`range(n)` reads `n` once while the loop changes it: the bound is the `n` the loop began with",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def newton_sqrt2(r0):
    f = r0 * r0 - 2
    for _ in range(100):
        if jnp.abs(f) < 1e-6:
            return r0
        f, df = r0 * r0 - 2, 2 * r0
        r0 -= f / df
    raise ValueError(f"did not converge, final error: {f}")
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def newton_sqrt2(r0):
    f = r0 * r0 - 2
    returned = False
    result = r0

    def keep_updating_f_and_r0(state):
        i, result, returned, f, r0 = state
        return (i < 100) & ~returned

    def update_f_and_r0(state):
        i, result, returned, f, r0 = state

        def _when_abs_f_lt_1_e_6(result, returned, f, r0):
            result = r0
            returned = True
            return result, returned, f, r0

        def _unless_abs_f_lt_1_e_6(result, returned, f, r0):
            f, df = r0 * r0 - 2, 2 * r0
            r0 -= f / df
            return result, returned, f, r0

        result, returned, f, r0 = lax.cond(
            jnp.abs(f) < 1e-6,
            _when_abs_f_lt_1_e_6,
            _unless_abs_f_lt_1_e_6,
            result,
            returned,
            f,
            r0,
        )
        i = i + 1
        return i, result, returned, f, r0

    _, result, returned, f, r0 = lax.while_loop(
        keep_updating_f_and_r0, update_f_and_r0, (0, result, returned, f, r0)
    )

    def raise_if(failed, f):
        if failed:
            raise RuntimeError(f"did not converge, final error: {f}")
    jax.debug.callback(raise_if, ~returned, f)
    return result
""",
            unsafe=True,
            function="newton_sqrt2",
            inputs=("1.0", "3.0", "jnp.float32(0.5)"),
            note="a search that returns inside the loop and raises when it never converges (EOB's circular-orbit "
            "finder): the `raise` after the loop becomes a check on the host, the result is returned",
        ),
        Invalid(
            """
import jax

@jax.jit
def sum_until(x, limit):
    total = 0.0
    for i in range(len(x)):
        total = total + x[i]
        if total > limit:
            break
    else:
        total = -1.0
    return total
""",
            expected="""
import jax
from jax import lax

@jax.jit
def sum_until(x, limit):
    total = 0.0
    stop = False

    def keep_updating_total(state):
        i, total, stop = state
        return (i < len(x)) & ~stop

    def update_total(state):
        i, total, stop = state
        total = total + x[i]
        stop = stop | (total > limit)
        i = i + 1
        return i, total, stop

    _, total, stop = lax.while_loop(keep_updating_total, update_total, (0, total, stop))

    def _unless_stop(total):
        total = -1.0
        return total

    total = lax.cond(stop, lambda total: total, _unless_stop, total)
    return total
""",
            function='sum_until',
            inputs=('jnp.array([1.0, 2.0, 3.0]), 10.0', 'jnp.array([1.0, 2.0, 3.0]), 2.5',),
            note='`for ... else` with a `break`: the `else` runs after the lowered loop unless the stop flag is up',
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
def cap_then_scale(x, cap):
    for i in range(x.shape[0]):
        if x[i] > cap:
            x = x.at[i].set(cap)
    else:
        x = x / cap
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def cap_then_scale(x, cap):
    def update_x(i, x):
        def _when_x_i_gt_cap(x):
            x = x.at[i].set(cap)
            return x

        x = lax.cond(x[i] > cap, _when_x_i_gt_cap, lambda x: x, x)
        return x

    x = lax.fori_loop(0, x.shape[0], update_x, x)
    x = x / cap
    return x
""",
            function='cap_then_scale',
            inputs=('jnp.array([1.0, 5.0, 3.0]), 2.0',),
            note='`for ... else` without a `break`: the `else` always runs after the loop',
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
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def first_negative(x):
    for i in range(x.shape[0]):
        if x[i] < 0:
            return i
    return -1
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def first_negative(x):
    returned = False
    result = -1

    def keep_updating_result_and_returned(state):
        i, result, returned = state
        return (i < x.shape[0]) & ~returned

    def update_result_and_returned(state):
        i, result, returned = state

        def _when_x_i_negative(result, returned):
            result = i
            returned = True
            return result, returned

        result, returned = lax.cond(
            x[i] < 0, _when_x_i_negative, lambda *state: state, result, returned
        )
        i = i + 1
        return i, result, returned

    _, result, returned = lax.while_loop(
        keep_updating_result_and_returned,
        update_result_and_returned,
        (0, result, returned),
    )
    return lax.cond(returned, lambda: result, lambda: -1)
""",
            function="first_negative",
            inputs=("jnp.array([1.0, -2.0, 3.0])", "jnp.array([1.0, 2.0])"),
            note="a `return` inside a `for`: a `lax.while_loop` over the index with `returned`/`result` in its state",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def total_until(xs, limit):
    total = 0.0
    for c in xs:
        if c < 0:
            continue
        total = total + c
        if total > limit:
            break
    return total
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def total_until(xs, limit):
    total = 0.0
    stop = False

    def keep_updating_total(state):
        i, total, stop = state
        return (i < xs.shape[0]) & ~stop

    def update_total(state):
        i, total, stop = state
        c = xs[i]

        def _unless_c_negative(total, stop):
            total = total + c
            stop = stop | (total > limit)
            return total, stop

        total, stop = lax.cond(
            c < 0, lambda *state: state, _unless_c_negative, total, stop
        )
        i = i + 1
        return i, total, stop

    _, total, stop = lax.while_loop(keep_updating_total, update_total, (0, total, stop))
    return total
""",
            function="total_until",
            inputs=("jnp.array([1.0, -2.0, 3.0, 4.0]), 3.5", "jnp.array([1.0, 2.0]), 10.0"),
            note="`for c in xs` with `continue` and `break`: the elements by index in a `lax.while_loop` with a stop flag; the code after `continue` runs under `lax.cond`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, b):
    total = 0.0
    for c, e in zip(x, b):
        b = b * 0.5
        total = total + c * e
        if total > 3.0:
            break
    return total + b.sum()
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x, b):
    total = 0.0
    b_at_start = b
    stop = False

    def keep_updating_b_and_total(state):
        i, b, total, stop = state
        return (i < min(x.shape[0], b_at_start.shape[0])) & ~stop

    def update_b_and_total(state):
        i, b, total, stop = state
        c, e = x[i], b_at_start[i]
        b = b * 0.5
        total = total + c * e
        stop = stop | (total > 3.0)
        i = i + 1
        return i, b, total, stop

    _, b, total, stop = lax.while_loop(
        keep_updating_b_and_total, update_b_and_total, (0, b, total, stop)
    )
    return total + b.sum()
""",
            function="f",
            inputs=("jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.array([1.0, 2.0, 3.0, 4.0])",
                    "jnp.array([0.1, 0.1, 0.1]), jnp.array([1.0, 2.0, 3.0, 4.0])"),
            note="`zip` over an array the loop changes: the loop walks the array it began with, and stops at the shorter one",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def find_from(to, dif, state):
    f = to
    origin = -1
    for i in range(9):
        f = f - dif
        if (f >= 0) & (origin == -1) & (state[f] != 0):
            origin = f
    return origin
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def find_from(to, dif, state):
    f = to
    origin = -1

    def update_f_and_origin(i, state_2):
        f, origin = state_2
        f = f - dif
        origin = jnp.where((f >= 0) & (origin == -1) & (state[f] != 0), f, origin)
        return f, origin

    f, origin = lax.fori_loop(0, 9, update_f_and_origin, (f, origin))
    return origin
""",
            function="find_from",
            inputs=("8, 1, jnp.array([0, 1, 0, 2, 0, 0, 0, 0, 0, 0])", "8, 3, jnp.zeros(10, dtype=jnp.int32)"),
            note="the loop's state is not called `state` when the body reads a `state` of its own (pgx)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def settle(x, tol):
    scale = jnp.ones_like(x)
    last = jnp.zeros(())
    for it in range(50):
        y = x * scale
        err = jnp.abs(y.sum() - last)
        if err < tol:
            break
        last = y.sum()
        scale = scale * 0.5
    return y
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def settle(x, tol):
    scale = jnp.ones_like(x)
    last = jnp.zeros(())
    y = x * scale
    stop = False

    def keep_updating_y_last_scale(state):
        it, y, stop, last, scale = state
        return (it < 50) & ~stop

    def update_y_last_scale(state):
        it, y, stop, last, scale = state
        y = x * scale
        err = jnp.abs(y.sum() - last)

        def _when_err_lt_tol(stop, last, scale):
            stop = True
            return stop, last, scale

        def _unless_err_lt_tol(stop, last, scale):
            last = y.sum()
            scale = scale * 0.5
            return stop, last, scale

        stop, last, scale = lax.cond(
            err < tol, _when_err_lt_tol, _unless_err_lt_tol, stop, last, scale
        )
        it = it + 1
        return it, y, stop, last, scale

    _, y, stop, last, scale = lax.while_loop(
        keep_updating_y_last_scale, update_y_last_scale, (0, y, stop, last, scale)
    )
    return y
""",
            function="settle",
            inputs=("jnp.array([1.0, 2.0, 3.0]), 0.1", "jnp.array([1.0, 2.0]), 10.0"),
            note="`y` is first bound in the loop and read after it: its first value is computed before the loop, "
            "which the Python loop ran at least once wherever `y` was read after it",
        ),
        Invalid(
            """
import functools

import jax
from jax import numpy as jnp

@functools.partial(jax.jit, static_argnames="max_iter")
def escape_time(c, max_iter):
    z = jnp.array([0.0 + 0.0j])
    for i in range(max_iter):
        z = z * z + c
        if jnp.abs(z) > 2.0:
            return jnp.array([i])
    return jnp.array([max_iter])
""",
            expected="""
import functools

import jax
from jax import numpy as jnp
from jax import lax

@functools.partial(jax.jit, static_argnames="max_iter")
def escape_time(c, max_iter):
    z = jnp.array([0.0 + 0.0j])
    returned = False
    result = jnp.array([max_iter])

    def keep_updating_z(state):
        i, z, result, returned = state
        return (i < max_iter) & ~returned

    def update_z(state):
        i, z, result, returned = state
        z = z * z + c

        def _when_abs_z_gt_2_0(result, returned):
            result = jnp.array([i])
            returned = True
            return result, returned

        result, returned = lax.cond(
            jnp.squeeze(jnp.abs(z) > 2.0),
            _when_abs_z_gt_2_0,
            lambda *state: state,
            result,
            returned,
        )
        i = i + 1
        return i, z, result, returned

    _, z, result, returned = lax.while_loop(
        keep_updating_z, update_z, (0, z, result, returned)
    )
    return lax.cond(returned, lambda: result, lambda: jnp.array([max_iter]))
""",
            function="escape_time",
            inputs=("jnp.complex64(0.1 + 0.1j), 20", "jnp.complex64(0.9 - 0.4j), 20", "jnp.complex64(2.5), 20"),
            note="`z` starts as a one-element array and stays one through `z = z * z + c`: the test is "
            "squeezed for `lax.cond`, which Python's `if` did not need",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def first_negative_total(x, limit):
    total = 0.0
    for i in range(x.shape[0]):
        if x[i] < 0:
            return i, total
        total = total + x[i]
        if total > limit:
            break
    else:
        total = -total
    return -1, total
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def first_negative_total(x, limit):
    total = 0.0
    returned = False
    result = -1, total
    stop = False

    def keep_updating_total(state):
        i, result, returned, total, stop = state
        return (i < x.shape[0]) & ~stop & ~returned

    def update_total(state):
        i, result, returned, total, stop = state

        def _when_x_i_negative(result, returned, total, stop):
            result = i, total
            returned = True
            return result, returned, total, stop

        def _unless_x_i_negative(result, returned, total, stop):
            total = total + x[i]
            stop = stop | (total > limit)
            return result, returned, total, stop

        result, returned, total, stop = lax.cond(
            x[i] < 0,
            _when_x_i_negative,
            _unless_x_i_negative,
            result,
            returned,
            total,
            stop,
        )
        i = i + 1
        return i, result, returned, total, stop

    _, result, returned, total, stop = lax.while_loop(
        keep_updating_total, update_total, (0, result, returned, total, stop)
    )

    def _unless_stop_returned(total):
        total = -total
        return total

    total = lax.cond(stop | returned, lambda total: total, _unless_stop_returned, total)
    return jax.tree.map(lambda a, b: jnp.where(returned, a, b), result, (-1, total))
""",
            unsafe=True,
            function='first_negative_total',
            inputs=('jnp.array([1.0, 2.0, 3.0]), 10.0', 'jnp.array([1.0, 2.0, 3.0]), 2.0', 'jnp.array([1.0, -2.0, 3.0]), 10.0',),
            note='a `for ... else`: the `else` runs after the loop unless its `break` or a `return` inside raised a flag',
        ),
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        # Names of the nested functions each fix defines, per function: two loops get two names.
        self._names_given: dict[int, set[str]] = {}

    def visit_For(self, node: cst.For) -> None:
        if self.context.claimed(node):
            return  # the fix of an enclosing statement lowers this loop with it
        if self.context.was_withdrawn(self.code, node):
            return  # its `lax` form leaked again (a traced index as a slice bound): the `if`s alone
        if not any(type(inner) is cst.If for inner in descendants(node.body)):
            return  # no branch at all: not worth loading the loop machinery to look closer
        # Imported here: the loop machinery is large, and only traced code with a loop needs it.
        from tracerfix import loops

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
        if context.lowers_plainly():
            self._report_lowered(node, problem, plain=True)
            return
        try:
            rewrite = loops.vectorise(node, context, jnp, names_given)
            advice = "the iterations are independent: vectorise it"
            title = f"Vectorise the loop with `{jnp}.where`"
        except loops.CannotRewrite:
            try:
                differentiated = context.scope is not None and context.scope.differentiated
                breaks = loops.loop_breaks(loops.statements_in(node.body))
                rewrite = self._stopped_fori_loop(node, jnp, lax, names_given) if breaks and differentiated else None
                if rewrite is not None:
                    advice = (
                        f"`{context.function_name}` is differentiated: use `lax.fori_loop` over the whole "
                        "range with a stop flag, which reverse mode can differentiate"
                    )
                    title = f"Replace the loop with `{lax}.fori_loop` carrying a stop flag"
                elif breaks:
                    rewrite = loops.early_exit_rewrite(node, context, jnp, lax, names_given)
                    advice = "the loop stops at a traced condition: use `lax.while_loop`"
                    title = f"Replace the loop with `{lax}.while_loop`"
                elif loops.collected_outputs(node, context) is not None:
                    rewrite = loops.scan_rewrite(node, context, jnp, lax, names_given)
                    advice = "the iterations depend on each other and collect results: use `lax.scan`"
                    title = f"Replace the loop with `{lax}.scan`"
                else:
                    rewrite = loops.fori_loop_rewrite(node, context, jnp, lax, names_given)
                    advice = "the iterations depend on each other: use `lax.fori_loop`"
                    title = f"Replace the loop with `{lax}.fori_loop`"
            except loops.CannotRewrite as reason:
                self._report_lowered(node, problem)
                return
        for module in sorted(rewrite.modules):
            context.spell(module)
        for inner in loops.body_ifs(loops.statements_in(node.body)):
            if id(inner.test) in rewrite.converted_tests:
                context.claim(inner)
        edits = [(node, cst.FlattenSentinel(rewrite.statements)), *rewrite.other_edits]
        fix = context.fix(title, edits, rewrite.safety, rewrite.note)
        self.report(node, f"{problem}; {advice}", fix)

    def _report_lowered(self, node: cst.For, problem: str, plain: bool = False) -> None:
        """Where the loop templates refuse (or `plain`: verification refused their form), the
        general lowering; the loop is reported once, with its fix or why there is none, and its
        `if`s are not reported again."""
        from tracerfix import loops
        from tracerfix.lowering import Refused, claim_inner, lower, nested_ifs_first, traced_exit_tests

        context = self.context
        if not plain and any(nested_ifs_first(context, inner) for inner in loops.per_iteration_branches(node, context)):
            # The `if`s nested in its branches are rewritten first, often as `jnp.where`s, and the
            # loop is lowered around them on the next pass: `lax.cond` only where one is needed.
            return
        try:
            fix = lower(context, node)
        except Refused as reason:
            if node.orelse is None and context.enclosing(cst.Try) is None and not traced_exit_tests(context, node) and all(
                _only_assigns(branch.body) or _stepped_range(node) and _without_jumps(branch)
                or _without_jumps(branch) and _lowers_in_place(context, branch)
                for branch in loops.per_iteration_branches(node, context)
            ):
                # The loop itself traces (JAX unrolls it over its static range): its `if`s are
                # the leaks, each reported and lowered in place, iteration by iteration.
                return
            claim_inner(context, node)
            self.report(node, f"{problem}; cannot rewrite it automatically: {reason}")
            return
        self.report(node, f"{problem}; lower it to `lax` control flow", fix)

    def _stopped_fori_loop(self, node: cst.For, jnp: str, lax: str, names_given: set[str]):
        """The loop as a `lax.fori_loop` carrying its stop flag, or None (the `lax.while_loop`
        form, which reverse mode cannot differentiate, is the fallback)."""
        from tracerfix import loops

        attempt = set(names_given)  # a refused attempt hands out no names
        try:
            rewrite = loops.fori_loop_rewrite(node, self.context, jnp, lax, attempt)
        except loops.CannotRewrite:
            return None
        names_given |= attempt
        return rewrite


def _stepped_range(loop: cst.For) -> bool:
    """`for i in range(offset, n - 1, 2):`, a static range with a step, which the lowering does
    not take: the loop stays Python, unrolled while tracing."""
    iterable = loop.iter
    return isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "range" \
        and len(iterable.args) == 3 and not (isinstance(iterable.args[2].value, cst.Integer)
                                              and iterable.args[2].value.value == "1")


def _without_jumps(branch: cst.If) -> bool:
    """No `break`, `continue`, `return` or `yield` in the `if`: lowered in place, as a `lax.cond`
    in each iteration of the unrolled loop, it needs nothing from the loop around it."""
    return not any(isinstance(inner, (cst.Break, cst.Continue, cst.Return, cst.Yield, cst.Raise))
                   for inner in descendants(branch))


def _lowers_in_place(context, branch: cst.If) -> bool:
    """Whether the `if` alone has a `lax` form, inside the loop kept Python (its branches each
    append one value to the same list, say: a `lax` loop could not carry that list)."""
    from tracerfix.lowering import Refused, lower

    try:
        lower(context, branch)
    except Refused:
        return False
    return True


def _only_assigns(block: cst.BaseSuite) -> bool:
    """The block only assigns (or passes), in `if`s of its own too: a selection can replace it."""
    for statement in block.body if isinstance(block, cst.IndentedBlock) else [block]:
        if isinstance(statement, cst.If):
            if not _only_assigns(statement.body) or (
                statement.orelse is not None and not _only_assigns(
                    statement.orelse if isinstance(statement.orelse, cst.If) else statement.orelse.body)):
                return False
        elif isinstance(statement, cst.SimpleStatementLine):
            if not all(isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Pass))
                       for small in statement.body):
                return False
        else:
            return False
    return True
