"""TFX102 python-while-on-tracer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from tracerfix.messages import under_tracing
from tracerfix.rewrite import numpy_recompute_fix, truth_test_is_traced
from tracerfix.rule import Invalid, Rule, Valid

if TYPE_CHECKING:
    from tracerfix import loops


class PythonWhileOnTracer(Rule):
    """
    ## What it does
    Finds `while` loops whose condition is a traced value inside a function that JAX traces, and
    rewrites them into `lax.while_loop(cond_fun, body_fun, init)`: the names the loop carries
    become the state, the condition and the body become nested functions named after what the
    loop updates, and `if`s on traced values in the body become `jnp.where` selections. A body
    that leaves the loop with one `if c: ...; break` at its top level carries a `stop` flag set
    to `c`: the condition becomes `(condition) & ~stop`, the statements before the test run in
    the iteration that stops, those after it only where it does not (`jnp.where(stop, ...)`). A
    test that opens the body joins the condition instead: `(condition) & ~(c)`.

    It also finds `while True:` (or `while 1:`) loops whose only way out is such a `break` on a
    traced value: the same rewrite, with `~stop` (or `~(c)`) as the whole condition. The `if c:
    ...; break` is this rule's finding then, not TFX101's. A `while True:` that ends on a Python
    value is unrolled while tracing and left alone; one with several `break`s, a `break` deeper
    than a top-level `if`, or a `return` inside is not this rule's: TFX101 reports its `if`s.

    ## Why is this bad?
    Python evaluates `while condition:` with `bool(condition)`, which needs the value of a traced
    array while JAX only knows its shape and dtype, so tracing raises `TracerBoolConversionError`
    (a `ConcretizationTypeError`). The number of iterations depends on the data; only
    `lax.while_loop` expresses that in a compiled program.

    ## Example
    ```python
    @jax.jit
    def halve_until_small(x):
        while x.max() > 1.0:
            x = x / 2
        return x
    ```

    ## Use instead
    ```python
    @jax.jit
    def halve_until_small(x):
        def keep_updating_x(x):
            return x.max() > 1.0

        def update_x(x):
            x = x / 2
            return x

        x = lax.while_loop(keep_updating_x, update_x, x)
        return x
    ```

    ## Fix safety
    Safe when the function is not differentiated, the loop's state is made of arrays, and any
    `if` in the body becomes a cheap, finite `jnp.where`. A function that is differentiated
    (`jax.grad`, `jax.value_and_grad`... in this module) is not given a `lax.while_loop`, which
    supports forward-mode differentiation only: the loop is reported with the advice to bound it.
    A differentiated loop with a Python bound, `while A and step < 100:` counting `step += 1`,
    becomes a `lax.fori_loop` up to that bound instead, running the body where `A` holds: safe,
    and differentiable, though it always runs every step. (Under `jax.grad` alone, with nothing
    jitted, the values are concrete and a Python `while` works: nothing is reported.) Unsafe,
    with the reason in the message, when a
    body branch may be inf/NaN where it is not selected; when the body indexes an array with the
    loop state (`lax.while_loop` traces its body even if the loop never runs, so an empty array
    raises while tracing); or when a Python number the loop counts with becomes a traced array
    that later code may need as a number; or when a name starts as a number (`error = 100`) and
    the body makes it an elementwise function of arrays the loop carries (`jnp.abs(new - x)`):
    the loop starts it as that number in their shape (`jnp.full_like(x, 100)`), which is what
    the function returns for it if the loop never runs; or when the body holds `if c: raise E(msg)`:
    it becomes a check that raises when the compiled loop runs (`jax.debug.callback`), so the
    error reaches the caller as a `JaxRuntimeError` quoting the message. A state whose dtype changes between iterations
    (`x = x / 2` on integers) makes `lax.while_loop` raise while tracing; it never silently
    computes something else. With a `break`, the statements after its test are computed where
    the loop stops too and discarded by `jnp.where` (the inf/NaN concern applies to them), and
    the loop condition is evaluated on the state the stopping iteration left (pure array code,
    so it cannot raise); a `break` test that is not a scalar makes `lax.while_loop` raise while
    tracing. The same holds for `while True:`; a `while True:` loop that never reaches its
    `break` hangs under `jax.jit` exactly as it hangs eagerly.

    Not rewritten (reported with the reason): several `break`s, or one that does not end an
    `if` at the top level of the body, `return` or side effects (`print`, `.append`) in the body,
    `while ... else`, a `try` around or inside the loop, a name first assigned in the loop and
    read after it, a state whose shape changes (`jnp.concatenate`).
    """

    code = "TFX102"
    name = "python-while-on-tracer"
    summary = "Python `while` on a traced value"

    VALID = (
        Valid(
            """
import jax

@jax.jit
def f(x, n: int = 3):
    i = 0
    while i < n:
        x = x * 2
        i += 1
    while x.ndim < 3:
        x = x[None]
    return x
""",
            note="static conditions: a Python counter, the number of dimensions",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x):
    while x.ndim < 3:
        x = x[None]
        if x.shape[0] > 1:
            break
    return x
""",
            note="`break` on a static condition in a static loop",
        ),
        Valid(
            """
import jax.numpy as jnp

def halve(x):
    while x.max() > 1.0:
        x = x / 2
    return x
""",
            note="not traced",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x, n: int = 3):
    i = 0
    while True:
        x = x * 2
        i += 1
        if i >= n:
            break
    while 1:
        x = x[None]
        if x.ndim >= 3:
            break
    return x
""",
            note="`while True:` ending on a Python value: unrolled while tracing, which is fine",
        ),
        Valid(
            """
import jax.numpy as jnp

def newton(x, a):
    while True:
        x_next = x - (x * x - a) / (2 * x)
        if jnp.abs(x_next - x) < 1e-6:
            break
        x = x_next
    return x
""",
            note="`while True:` with a `break` on an array, not traced",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def halve_until_small(x):
    while x.max() > 1.0:
        x = x / 2
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def halve_until_small(x):
    def keep_updating_x(x):
        return x.max() > 1.0

    def update_x(x):
        x = x / 2
        return x

    x = lax.while_loop(keep_updating_x, update_x, x)
    return x
""",
            function="halve_until_small",
            inputs=("jnp.array([8.0, 3.0])", "jnp.array([0.5, -4.0])", "jnp.array([1.0])", "jnp.array([1.5])"),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from jax import lax as L

@jax.jit
def newton_sqrt(a, tol=1e-6):
    x = a
    step = jnp.ones_like(a)
    # iterate until the update is small
    while jnp.abs(step).max() > tol and x.min() > 0:  # converge
        step = 0.5 * (x - a / x)
        x = x - step
    return x
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax as L

@jax.jit
def newton_sqrt(a, tol=1e-6):
    x = a
    step = jnp.ones_like(a)
    # iterate until the update is small
    def keep_updating_x_and_step(state):
        x, step = state
        return (jnp.abs(step).max() > tol) & (x.min() > 0)

    def update_x_and_step(state):
        x, step = state
        step = 0.5 * (x - a / x)
        x = x - step
        return x, step

    x, step = L.while_loop(keep_updating_x_and_step, update_x_and_step, (x, step))  # converge
    return x
""",
            function="newton_sqrt",
            inputs=("jnp.array([2.0, 9.0, 0.25])", "jnp.array([1.0])", "jnp.array([16.0, 1e4])"),
            note="a state tuple, `and` as `&`, the module's own `lax` alias, comments kept",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def collatz_steps(n):
    steps = 0

    def keep_updating_n_and_steps(state):
        n, _ = state
        return n != 1

    def update_n_and_steps(state):
        n, steps = state
        n = jnp.where(n % 2 == 0, n // 2, 3 * n + 1)
        steps += 1
        return n, steps

    n, steps = lax.while_loop(keep_updating_n_and_steps, update_n_and_steps, (n, steps))
    return steps
""",
            function="collatz_steps",
            inputs=("jnp.int32(6)", "jnp.int32(1)", "jnp.int32(27)", "jnp.int32(2)"),
            note="an `if` in the body becomes jnp.where; a Python counter that is only returned",
        ),
        Invalid(
            """
import jax

def loss(x):
    while x.sum() > 1.0:
        x = x * 0.5
    return x.sum()

grad_loss = jax.jit(jax.grad(loss))
""",
            note="differentiated and jitted: a `lax.while_loop` would break reverse mode, so it is reported with the advice to bound the loop",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def energy(x):
    steps = 0
    while jnp.abs(x).max() > 1.0 and steps < 50:
        x = x * 0.5
        steps += 1
    return (x**2).sum()

energy_grad = jax.jit(jax.grad(energy))
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

def energy(x):
    steps = 0

    def update_x(steps, x):
        x = jnp.where(jnp.abs(x).max() > 1.0, x * 0.5, x)
        return x

    x = lax.fori_loop(steps, 50, update_x, x)
    return (x**2).sum()

energy_grad = jax.jit(jax.grad(energy))
""",
            function="energy",
            inputs=("jnp.array([3.0, -9.0])", "jnp.array([0.5])", "jnp.array([1.0, -1.0])", "jnp.array([1e30])"),
            note="differentiated but bounded by `steps < 50`: a fori_loop, which reverse mode differentiates",
        ),
        Invalid(
            """
import jax

@jax.jit
def first_above(x, limit):
    i = 0
    while x[i] < limit:
        i += 1
        if i == len(x):
            break
    return i
""",
            expected="""
import jax
from jax import lax

@jax.jit
def first_above(x, limit):
    i = 0

    def keep_updating_i(state):
        i, stop = state
        return (x[i] < limit) & ~stop

    def update_i(state):
        i, _ = state
        i += 1
        return i, i == len(x)

    i, _ = lax.while_loop(keep_updating_i, update_i, (i, False))
    return i
""",
            function="first_above",
            inputs=(
                "jnp.array([1.0]), 5.0",
                "jnp.array([1.0, 2.0, 9.0]), 5.0",
                "jnp.array([1.0, 2.0]), 5.0",
                "jnp.array([9.0, 1.0]), 5.0",
            ),
            note="`break`: a stop flag in the state and in the condition (stops at once, at the end, never)",
        ),
        Invalid(
            """
import jax

@jax.jit
def deflate(x, floor):
    while x.sum() > 0:
        if x.min() < floor:
            break
        x = x - 1
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def deflate(x, floor):
    def keep_updating_x(x):
        return (x.sum() > 0) & ~(x.min() < floor)

    def update_x(x):
        x = x - 1
        return x

    x = lax.while_loop(keep_updating_x, update_x, x)
    return x
""",
            function="deflate",
            inputs=("jnp.array([5.0, -3.0]), -2.0", "jnp.array([6.0, 0.0]), -1.5", "jnp.array([2.0, 3.0]), -10.0"),
            note="a `break` that opens the body joins the loop condition",
        ),
        Invalid(
            """
import jax

@jax.jit
def root_of_square(lo, hi, target):
    while hi - lo > 1e-6:
        mid = (lo + hi) / 2
        error = mid * mid - target
        if error == 0:
            lo, hi = mid, mid
            break
        if error > 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2
""",
            expected="""
import jax
from jax import lax
import jax.numpy as jnp

@jax.jit
def root_of_square(lo, hi, target):
    def keep_updating_lo_and_hi(state):
        lo, hi, stop = state
        return (hi - lo > 1e-6) & ~stop

    def update_lo_and_hi(state):
        lo, hi, _ = state
        mid = (lo + hi) / 2
        error = mid * mid - target
        stop = error == 0
        lo = jnp.where(stop, mid, lo)
        hi = jnp.where(stop, mid, hi)
        hi = jnp.where(~stop & (error > 0), mid, hi)
        lo = jnp.where(stop, lo, jnp.where(error > 0, lo, mid))
        return lo, hi, stop

    lo, hi, _ = lax.while_loop(keep_updating_lo_and_hi, update_lo_and_hi, (lo, hi, False))
    return (lo + hi) / 2
""",
            function="root_of_square",
            inputs=(
                "jnp.float32(0.0), jnp.float32(4.0), jnp.float32(4.0)",
                "jnp.float32(0.0), jnp.float32(8.0), jnp.float32(4.0)",
                "jnp.float32(0.0), jnp.float32(3.0), jnp.float32(2.0)",
            ),
            note="statements before the `break` run where it stops, the `if` after it only where it does not",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def newton_sqrt(x, a):
    while True:
        x_next = x - (x * x - a) / (2 * x)
        if jnp.abs(x_next - x) < 1e-6:
            break
        x = x_next
    return x
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def newton_sqrt(x, a):
    def keep_updating_x(state):
        _, stop = state
        return ~stop

    def update_x(state):
        x, _ = state
        x_next = x - (x * x - a) / (2 * x)
        stop = jnp.abs(x_next - x) < 1e-6
        x = jnp.where(stop, x, x_next)
        return x, stop

    x, _ = lax.while_loop(keep_updating_x, update_x, (x, False))
    return x
""",
            function="newton_sqrt",
            inputs=(
                "jnp.float32(1.0), jnp.float32(2.0)",
                "jnp.float32(3.0), jnp.float32(9.0)",
                "jnp.float32(10.0), jnp.float32(0.25)",
            ),
            note="`while True:` ending on a traced `break`: only the stop flag keeps the loop going",
        ),
        Invalid(
            """
import jax

@jax.jit
def countdown(n):
    count = 0
    while 1:  # until n reaches zero
        n = n - 1
        count += 1
        if n <= 0:
            break
    return count
""",
            expected="""
import jax
from jax import lax

@jax.jit
def countdown(n):
    count = 0

    def keep_updating_n_and_count(state):
        _, _, stop = state
        return ~stop

    def update_n_and_count(state):
        n, count, _ = state
        n = n - 1
        count += 1
        return n, count, n <= 0

    n, count, _ = lax.while_loop(keep_updating_n_and_count, update_n_and_count, (n, count, False))  # until n reaches zero
    return count
""",
            function="countdown",
            inputs=("jnp.int32(5)", "jnp.int32(1)", "jnp.int32(0)", "jnp.int32(-3)"),
            note="`while 1:`; the statements before the test run in the iteration that stops",
        ),
        Invalid(
            """
import jax

@jax.jit
def lift_until_positive(x):
    while True:
        if x.min() >= 0:
            break
        x = x + 1
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def lift_until_positive(x):
    def keep_updating_x(x):
        return ~(x.min() >= 0)

    def update_x(x):
        x = x + 1
        return x

    x = lax.while_loop(keep_updating_x, update_x, x)
    return x
""",
            function="lift_until_positive",
            inputs=("jnp.array([-1.0, 2.0, -3.0])", "jnp.array([1.0, 2.0, 3.0])", "jnp.array([-0.5])"),
            note="a `break` that opens a `while True:` body becomes the whole loop condition",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def loss(x):
    while True:
        x = x * 0.5
        if jnp.abs(x).sum() < 1.0:
            break
    return (x**2).sum()

grad_loss = jax.jit(jax.grad(loss))
""",
            note="`while True:` in a differentiated function: a `lax.while_loop` would break reverse mode, so it is reported",
        ),
        Invalid(
            """
import jax

@jax.jit
def halve_noisily(x):
    while True:
        x = x / 2
        print(x)
        if x.max() < 1:
            break
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def halve_noisily(x):
    stop = False

    def keep_updating_x(state):
        x, stop = state
        return ~stop

    def update_x(state):
        x, stop = state
        x = x / 2
        jax.debug.print("x = {}", x)
        stop = stop | (x.max() < 1)
        return x, stop

    x, stop = lax.while_loop(keep_updating_x, update_x, (x, stop))
    return x
""",
            unsafe=True,
            function="halve_noisily",
            inputs=("jnp.array([8.0, 3.0])", "jnp.array([0.5])"),
            note="`while True:` whose body prints: lowered with a stop flag; unsafe, the print becomes `jax.debug.print`, which prints each time the compiled loop runs it",
        ),
        Invalid(
            """
import jax

@jax.jit
def settle(x, limit):
    while x.max() > limit:
        x = x * 0.5
        if x.min() < 0:
            break
        if x.sum() < 1:
            break
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def settle(x, limit):
    stop = False

    def keep_updating_x(state):
        x, stop = state
        return ~stop & (x.max() > limit)

    def update_x(state):
        x, stop = state
        x = x * 0.5

        def _when_x_min_negative(stop):
            stop = True
            return stop

        def _unless_x_min_negative(stop):
            stop = stop | (x.sum() < 1)
            return stop

        stop = lax.cond(x.min() < 0, _when_x_min_negative, _unless_x_min_negative, stop)
        return x, stop

    x, stop = lax.while_loop(keep_updating_x, update_x, (x, stop))
    return x
""",
            function="settle",
            inputs=("jnp.array([8.0, 3.0]), 1.0", "jnp.array([8.0, -3.0]), 1.0", "jnp.array([0.5, 0.2]), 0.1"),
            note="several `break`s: one stop flag, the code after the first break runs under `lax.cond`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def grow(x):
    while x.sum() < 10:
        x = jnp.concatenate([x, x])
    return x
""",
            note="the state changes shape: reported, not rewritten",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def triangle(x, n):
    i = 0
    acc = jnp.zeros_like(x)
    while i < n:
        j = 0
        while j < i:
            acc = acc + x * j
            j += 1
        i += 1
    return acc
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def triangle(x, n):
    i = 0
    acc = jnp.zeros_like(x)

    def keep_updating_acc_and_i(state):
        acc, i = state
        return i < n

    def update_acc_and_i(state):
        acc, i = state
        j = 0

        def keep_updating_acc_and_j(state_2):
            acc, j = state_2
            return j < i

        def update_acc_and_j(state_2):
            acc, j = state_2
            acc = acc + x * j
            j += 1
            return acc, j

        acc, j = lax.while_loop(keep_updating_acc_and_j, update_acc_and_j, (acc, j))
        i += 1
        return acc, i

    acc, i = lax.while_loop(keep_updating_acc_and_i, update_acc_and_i, (acc, i))
    return acc
""",
            function="triangle",
            inputs=("jnp.array([1.0, 2.0]), 3", "jnp.array([1.0, 2.0]), 0"),
            note="a loop nested in a traced `while`: a `lax.while_loop` inside the body of another",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def newton(beta, target, tol):
    error = 100
    i = 0
    while jnp.any(error > tol) and i < 50:
        beta_new = beta - (beta ** 2 - target) / (2 * beta)
        error = jnp.abs(beta_new - beta)
        beta = beta_new
        i += 1
    return beta, i
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def newton(beta, target, tol):
    error = 100
    i = 0

    def keep_updating_state(state):
        _, error, i = state
        return jnp.any(error > tol) & (i < 50)

    def update_state(state):
        beta, error, i = state
        beta_new = beta - (beta ** 2 - target) / (2 * beta)
        error = jnp.abs(beta_new - beta)
        beta = beta_new
        i += 1
        return beta, error, i

    beta, error, i = lax.while_loop(keep_updating_state, update_state, (beta, jnp.full_like(beta, 100), i))
    return beta, i
""",
            unsafe=True,
            function="newton",
            inputs=("jnp.array([2.0, 9.0, 3.0]), jnp.array([7.0, 7.0, 7.0]), 1e-4", "jnp.array(4.0), jnp.array(7.0), 1e-4"),
            note="`error = 100` before the loop, an array of `beta`'s shape in it (QuantEcon's Newton-Raphson): "
            "the loop starts it as `jnp.full_like(beta, 100)`, as `lax.while_loop` carries one shape",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def newton(x, target):
    error = jnp.abs(x * x - target)
    n = 0
    while error > 1e-4:
        n += 1
        if n > 50:
            raise RuntimeError("no convergence")
        x = x - (x * x - target) / (2 * x)
        error = jnp.abs(x * x - target)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def newton(x, target):
    error = jnp.abs(x * x - target)
    n = 0

    def keep_updating_n_x_error(state):
        n, x, error = state
        return error > 1e-4

    def update_n_x_error(state):
        n, x, error = state
        n += 1

        def raise_if(failed):
            if failed:
                raise RuntimeError("no convergence")
        jax.debug.callback(raise_if, n > 50)
        x = x - (x * x - target) / (2 * x)
        error = jnp.abs(x * x - target)
        return n, x, error

    n, x, error = lax.while_loop(
        keep_updating_n_x_error, update_n_x_error, (n, x, error)
    )
    return x
""",
            unsafe=True,
            function="newton",
            inputs=("jnp.float32(3.0), jnp.float32(7.0)", "jnp.float32(0.5), jnp.float32(2.0)"),
            note="`if n > 50: raise ...` in the loop (QuantEcon's multivariate Newton): a check that raises when "
            "the compiled loop runs, as `lax.while_loop` traces its body whatever the data",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def dominant(A, x, tol):
    error = 1.0
    while error > tol:
        y = A @ x
        top = y.max()
        if top == 0:
            return 0, x
        x_new = y / top
        error = jnp.abs(x - x_new).max()
        x = x_new
    return top, x
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def dominant(A, x, tol):
    error = 1.0
    returned = False
    result = 0, x
    y = A @ x
    top = y.max()

    def keep_updating_top_error_x(state):
        top, result, returned, error, x = state
        return ~returned & (error > tol)

    def update_top_error_x(state):
        top, result, returned, error, x = state
        y = A @ x
        top = y.max()

        def _when_top_eq_0(result, returned, error, x):
            result = 0, x
            returned = True
            return result, returned, error, x

        def _unless_top_eq_0(result, returned, error, x):
            x_new = y / top
            error = jnp.abs(x - x_new).max()
            x = x_new
            return result, returned, error, x

        result, returned, error, x = lax.cond(
            top == 0, _when_top_eq_0, _unless_top_eq_0, result, returned, error, x
        )
        return top, result, returned, error, x

    top, result, returned, error, x = lax.while_loop(
        keep_updating_top_error_x, update_top_error_x, (top, result, returned, error, x)
    )
    return jax.tree.map(lambda a, b: jnp.where(returned, a, b), result, (top, x))
""",
            unsafe=True,
            function="dominant",
            inputs=("jnp.array([[2.0, 1.0], [1.0, 3.0]]), jnp.array([1.0, 1.0]), 1e-3",
                    "jnp.zeros((2, 2)), jnp.array([1.0, 1.0]), 1e-3"),
            note="an early `return` of a tuple in the loop (a power method): the two returned tuples are selected "
            "element by element, so the `0` of one and the float of the other agree on a dtype",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def make_cdf(w):
    def cdf(x):
        return w[None, :] @ jax.nn.sigmoid(x - jnp.arange(w.shape[0]))
    return cdf

@jax.jit
def inverse(w, x):
    cdf = make_cdf(w)
    low, high = -10.0, 10.0
    mid = (low + high) / 2
    while jnp.abs(cdf(mid) - x) > 1e-4:
        if cdf(mid) < x:
            low = mid
        else:
            high = mid
        mid = (low + high) / 2
    return mid
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

def make_cdf(w):
    def cdf(x):
        return w[None, :] @ jax.nn.sigmoid(x - jnp.arange(w.shape[0]))
    return cdf

@jax.jit
def inverse(w, x):
    cdf = make_cdf(w)
    low, high = -10.0, 10.0
    mid = (low + high) / 2

    def keep_updating_state(state):
        _, _, mid = state
        return jnp.squeeze(jnp.abs(cdf(mid) - x) > 1e-4)

    def update_state(state):
        low, high, mid = state
        low = jnp.where(jnp.squeeze(cdf(mid) < x), mid, low)
        high = jnp.where(jnp.squeeze(cdf(mid) < x), high, mid)
        mid = (low + high) / 2
        return low, high, mid

    low, high, mid = lax.while_loop(keep_updating_state, update_state, (low, high, mid))
    return mid
""",
            function="inverse",
            inputs=("jnp.array([0.5, 0.5]), 0.3", "jnp.array([0.2, 0.8]), 0.6"),
            note="the test reads a closure whose result (`w[None, :] @ p`) has one element but not shape (): "
            "Python's `while` and `if` accept it, `lax` needs 0-d tests, so they are squeezed (ott-jax's "
            "inverse CDF of a Gaussian mixture by bisection)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def relax(x, y):
    a = y * 1.0
    m = x > a
    b = jnp.where(m, x * 0.5, x)
    for c in x:
        a = a + c * 0.1
        n = 0
        while n < 3 and b.sum() < 1.0:
            n = n + 1
            m = b > a
            b = jnp.where(m, b * 0.5 - a, b)
    return a + b.sum()
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def relax(x, y):
    a = y * 1.0
    m = x > a
    b = jnp.where(m, x * 0.5, x)
    for c in x:
        a = a + c * 0.1
        n = 0

        def keep_updating_b_and_n(state):
            b, n = state
            return (n < 3) & (b.sum() < 1.0)

        def update_b_and_n(state):
            b, n = state
            n = n + 1
            m = b > a
            b = jnp.where(m, b * 0.5 - a, b)
            return b, n

        b, n = lax.while_loop(keep_updating_b_and_n, update_b_and_n, (b, n))
    return a + b.sum()
""",
            function='relax',
            inputs=('jnp.array([0.5, -1.0, 0.2]), 0.3', 'jnp.array([2.0, 1.0, 0.5]), -0.7',),
            note='`m` is bound before it is read in every iteration and read by no code after the loop, though an outer loop runs it again: it is not carried',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=(1, 2))
def shells(values, n, dr):
    r = jnp.abs(jnp.fft.fftfreq(n))
    max_rad = jnp.max(r)
    totals = []
    R = 0.0
    while R + dr <= max_rad:
        totals.append(jnp.sum(jnp.where((r >= R) & (r < R + dr), values, 0.0)))
        R += dr
    return jnp.stack(totals)
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial
import numpy as np

@partial(jax.jit, static_argnums=(1, 2))
def shells(values, n, dr):
    r = np.abs(np.fft.fftfreq(n))
    max_rad = np.max(r)
    totals = []
    R = 0.0
    while R + dr <= max_rad:
        totals.append(jnp.sum(jnp.where((r >= R) & (r < R + dr), values, 0.0)))
        R += dr
    return jnp.stack(totals)
""",
            unsafe=True,
            function="shells",
            inputs=("(jnp.arange(8.0), 8, 0.125)",),
            note="the loop bound comes from a grid `jnp` built from static sizes: NumPy computes it, and the "
            "loop stays a Python loop over concrete shells",
        ),
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        # Names of the nested functions each fix defines, per function: two loops get two names.
        self._names_given: dict[int, set[str]] = {}

    def visit_While(self, node: cst.While) -> None:
        context = self.context
        if context.claimed(node):
            return  # the fix of an enclosing statement lowers this loop with it
        traced_test = truth_test_is_traced(context, node.test)
        if not traced_test and not isinstance(node.test, (cst.Name, cst.Integer)):
            return  # only a literal `while True:` can end on a traced `break` instead
        # Imported only now: the loop machinery is large, and only a leak needs it (for its fix).
        from tracerfix import loops

        if traced_test:
            problem = (
                f"Python `while` on traced value `{context.describe(node.test)}` fails under "
                f"{under_tracing(context)}"
            )
            recomputed = numpy_recompute_fix(context, node.test)
            if recomputed is not None:
                # `while R + dr <= max_rad` with `max_rad = jnp.max(r)` of a grid built from
                # static sizes: NumPy gives the number, and the loop stays a Python loop.
                self.report(node, f"{problem}; it is computed from Python values only: compute it with NumPy, "
                                  "which gives a concrete value", recomputed)
                return
        else:
            exit = loops.traced_exit(node, context) if loops.always_true(node.test) else None
            if exit is None:
                if loops.always_true(node.test):
                    self._report_exits(node)
                return
            # The loop's one leak: the `if` rule does not report its exit test a second time.
            context.claim(exit)
            problem = (
                f"`while {context.describe(node.test)}:` ends on traced value "
                f"`{context.describe(exit.test)}` (its `break` test), which fails under {under_tracing(context)}"
            )
        jnp = context.imports.spell("jax.numpy")[0]
        lax = context.imports.spell("jax.lax")[0]
        names_given = self._names_given.setdefault(id(context.function), set())
        scope = context.scope
        differentiated = scope is not None and scope.differentiated
        rewrite = self._bounded(node, jnp, lax, names_given) if differentiated else None
        if rewrite is not None:
            advice = (
                f"`{context.function_name}` is differentiated and the loop has a Python bound: use "
                "`lax.fori_loop`, which reverse mode can differentiate"
            )
            title = f"Replace the loop with a bounded `{lax}.fori_loop`"
        else:
            try:
                rewrite = loops.while_loop_rewrite(node, context, jnp, lax, names_given)
            except loops.CannotRewrite as reason:
                self._report_lowered(node, problem, str(reason))
                return
            advice, title = "use `lax.while_loop`", f"Replace the loop with `{lax}.while_loop`"
        for module in sorted(rewrite.modules):
            context.spell(module)
        for inner in loops.body_ifs(loops.statements_in(node.body)):
            if id(inner.test) in rewrite.converted_tests:
                context.claim(inner)
        edits = [(node, cst.FlattenSentinel(rewrite.statements))]
        fix = context.fix(title, edits, rewrite.safety, rewrite.note)
        self.report(node, f"{problem}; {advice}", fix)

    def _report_exits(self, node: cst.While) -> None:
        """`while True:` left by several traced `break`s, a nested one or a `return`: the loop is the
        leak to change (the general lowering), reported once here rather than at each `if`."""
        from tracerfix.lowering import traced_exit_tests

        context = self.context
        tests = traced_exit_tests(context, node)
        if not tests:
            return
        problem = (
            f"`while {context.describe(node.test)}:` ends on traced value `{context.describe(tests[0])}`, "
            f"which fails under {under_tracing(context)}"
        )
        self._report_lowered(node, problem, "")

    def _report_lowered(self, node: cst.While, problem: str, template_reason: str) -> None:
        """Where the loop templates refuse, the general lowering; the loop is reported once, with
        its fix or why there is none, and its `if`s are not reported again."""
        from tracerfix.lowering import Refused, lower, claim_inner

        context = self.context
        try:
            fix = lower(context, node)
        except Refused as reason:
            claim_inner(context, node)
            self.report(node, f"{problem}; use `lax.while_loop` (cannot rewrite it automatically: {reason})")
            return
        self.report(node, f"{problem}; use `lax.while_loop`", fix)

    def _bounded(self, node: cst.While, jnp: str, lax: str, names_given: set[str]) -> loops.LoopRewrite | None:
        """The loop as a `lax.fori_loop` up to its Python bound (`and step < 100`), if it has one."""
        from tracerfix import loops

        try:
            return loops.bounded_while_rewrite(node, self.context, jnp, lax, names_given)
        except loops.CannotRewrite:
            return None
