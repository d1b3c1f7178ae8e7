"""TFX101 python-if-on-tracer."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tracerfix.analysis.syntax import child_nodes
from tracerfix.analysis.values import STATIC, is_none_literal, is_plain_data
from tracerfix.masks import guards_masked_updates_only
from tracerfix.messages import under_tracing
from tracerfix.rewrite import (
    FLOAT_TEXT,
    Arm,
    Refused,
    attempt,
    check_identity_tests,
    refuse_none_holders,
    refuse_static_none_guards,
    none_sentinels,
    float_names,
    names_in,
    code_under_and_after,
    Selection,
    assigned_values,
    assignments_of,
    chain_arms,
    first_hazard,
    fresh_name,
    names_read,
    numpy_recompute_fix,
    name_for_test,
    returned_value,
    runtime_check,
    sole_statement,
    statements_replacing,
    truth_test_is_traced,
)
from tracerfix.rule import Fix, Invalid, Rule, Safety, Valid


class PythonIfOnTracer(Rule):
    """
    ## What it does
    Finds `if` and `elif` statements whose condition is a traced array inside a function that JAX
    traces (`jax.jit`, `vmap`, `grad`, `lax.scan` bodies...), and rewrites them into a selection
    when every branch only assigns names or only returns a value. An `if` that a loop rule
    rewrites with its loop (TFX102, TFX108), and the `if c: break` that alone ends a
    `while True:` loop (TFX102 reports the loop), are left to that rule.

    ## Why is this bad?
    Under tracing, arrays are abstract: their shape and dtype are known, their values are not. A
    Python `if` needs `bool(condition)`, which asks for a value that does not exist yet, so JAX
    raises `TracerBoolConversionError` (a `ConcretizationTypeError`). The same function may work
    without `jax.jit`, which is why the bug often surfaces late. `if x.min() < 0:` is the same
    leak: `x.min()` is a traced 0-d array.

    ## Example
    ```python
    @jax.jit
    def clip_first(x):
        result = x
        if x[0] < 0:
            result = result.at[0].set(0)
        return result
    ```

    ## Use instead
    ```python
    @jax.jit
    def clip_first(x):
        result = x
        result = jnp.where(x[0] < 0, result.at[0].set(0), result)
        return result
    ```
    The rewrite picks the form a JAX expert would:
    - `name = jnp.where(c, then_value, else_value)` for each name the branches assign; a name
      assigned in one branch keeps its earlier value in the other. `x += 1` selects `x + 1`.
    - `if c: return a` followed by `return b` becomes `return jnp.where(c, a, b)`; several such
      `if`s fold into nested `jnp.where`s; `return a, b` selects element by element.
    - `elif` chains: nested `jnp.where` for two conditions, `jnp.select` for more.
    - `lax.cond(c, lambda: a, lambda: b)` when a branch is expensive (a matmul, `jnp.linalg`, a
      call into other code). `jnp.where` computes both branches and selects; `lax.cond` runs only
      one. With a scalar predicate outside `vmap` that saves the work of the other branch; under
      `vmap` a batched `cond` computes both anyway, so the rewrite keeps `jnp.where` there.
    - `lax.switch(i, [...])` when an expensive chain dispatches on `i == 0`, `i == 1`, ...
    - Pytrees: tuples select element-wise; other pytrees with
      `jax.tree.map(lambda a, b: jnp.where(c, a, b), new, old)`, the test computed once before it.
      A value the function maps with `jax.tree_util.tree_map` (or copies of one) is a pytree.
    - A temporary that one branch computes and nothing reads after the `if` is computed ahead
      of the selection; assignments between an early `return` and the last one stay in place.
    - `if jnp.any(m):` around masked updates only (`x = x.at[m, 0].set(...)`) is a shortcut: where
      no element of `m` holds, the updates change nothing. The guard is removed, exactly, and the
      updates are left to TFX302 (`x.at[:, 0].set(jnp.where(m, ..., x[:, 0]))`).
    - `if c: raise ValueError("message")` becomes a `jax.debug.callback` that raises when `c`
      holds (or `eqx.error_if` in a module that imports Equinox), as TFX105 does for `assert`:
      callers keep calling the function as before. In a chain (`if a == 0: ... elif a == 1: ...
      else: raise ...`), each branch that only raises first becomes such an `if` of its own ahead
      of the chain, taken where Python took the branch (`if a != 0 and a != 1: raise ...`), and
      leaves the chain; where the `else` raised, the last `elif` becomes the `else`.
    - A test of a value computed with `jnp` from Python values only (staged under jit, though
      nothing in it is traced) is made concrete instead: the `jnp` calls become NumPy's, or, where
      the value is then used as a JAX array (`.at[...]`), the statements that compute it run under
      `with jax.ensure_compile_time_eval():`, through every statement that reads what they compute
      (safe: `jnp` computes the same values while tracing, and traced values stay traced).

    ## Fix safety
    Safe when every branch is a cheap, side-effect-free array expression: `jnp.where` gives the
    same values, dtype and gradient. Where every branch is a number, a condition not known to be
    0-d is squeezed (`jnp.where(jnp.squeeze(turn == 0), 1, -1)`): Python's `if` accepted any
    one-element condition and gave a number, and so does the selection. The fix is unsafe, and says why, when:
    - a branch can be inf or NaN where it is not selected (`jnp.sqrt`, `jnp.log`, division by a
      non-constant, `**` with a fractional exponent, `jnp.exp`): `jnp.where` still returns the
      right value but the gradient of the unselected side leaks through as NaN. For two-way
      selections the rewrite masks the argument with a second `jnp.where` (the double-where
      trick: `jnp.where(c, jnp.sqrt(jnp.where(c, x, 1)), 0)`), which keeps the gradient finite;
    - a branch calls code the tool cannot see: it now runs for both branches;
    - a branch is a Python number while the other is an array: the number takes the array's
      shape and dtype;
    - a value is not known to be an array, or an integer literal overflows int32;
    - the condition tests for NaN (`jnp.isnan(loss)`): the branch it rules out is NaN, and
      `jnp.where` lets that into the gradient;
    - `lax.switch` clamps its index, so a negative index no longer reaches the `else` branch;
    - code now runs whatever the condition says (a hoisted temporary, assignments that an early
      `return` skipped) and may be costly or produce NaN;
    - an `elif` chain without `else` binds a new name in every branch: where no test held (a NaN),
      Python raised `UnboundLocalError`; the rewrite takes the last test as the `else`;
    - a name first defined in one branch only and read after the `if` is a float that branch
      computes: where the original raised `UnboundLocalError` reading it, the rewrite gives NaN;
    - a name that is None until a branch sets it (`best = None` before a loop that runs while
      tracing) holds `jnp.nan if best is None else best` (or -1 where the values are not known to
      be floats) in the selection: where the original kept None, the rewrite holds the stand-in;
    - a `raise` became a runtime check: it raises when the compiled function runs, as a
      `JaxRuntimeError` quoting the message, so the exception type changes (an f-string message
      that reads names is formatted on the host from the values passed to the callback);
    - a branch that only prints became `lax.cond` over `jax.debug.print`, which prints when the
      compiled function runs, not ordered with other output.
    It is reported and not rewritten (the message says why) when a branch does anything but
    assign, return or raise (a call for its effect, a loop), some branches return and others
    assign, a name that is not a float is first defined in one branch and read after the `if`, a name is assigned
    twice in one branch, the `if` sits in a `try` block, or a branch value is not an array
    (`None`, a string).
    """

    code = "TFX101"
    SIMPLIFIES_LOWERING = True
    name = "python-if-on-tracer"
    summary = "Python `if`/`elif` on a traced value"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    if x.shape[0] > 2:
        return x[:2]
    if x.ndim == 1 and len(x) > 3:
        return x
    if x.size == 0 or x.dtype == jnp.int32:
        return x
    return x * 2
""",
            note="shapes, ndim, size, len and dtype are static",
        ),
        Valid(
            """
from functools import partial
import jax

@partial(jax.jit, static_argnames=("mode", "training"))
def f(x, mode, training, scale=None):
    if mode == "double":
        x = x * 2
    elif not training:
        x = x / 2
    if scale is not None:
        x = x * scale
    return x
""",
            note="static arguments and `is None` tests",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

DEBUG = False

@jax.jit
def f(x, y=None):
    if isinstance(y, tuple):
        y = y[0]
    if DEBUG:
        x = x + 1
    if jax.config.jax_enable_x64:
        x = x.astype(jnp.float64)
    if jnp.issubdtype(x.dtype, jnp.floating):
        x = x * 0.5
    if y is not None and y.ndim > 1:
        y = y.sum(0)
    return x
""",
            note="type tests, module flags, config and dtype predicates",
        ),
        Valid(
            """
import jax

@jax.jit
def apply(params, x):
    if params:
        x = x * params["scale"]
    if not params:
        return x
    return x
""",
            note="an unannotated argument may be a dict or list, whose truth value is static",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(xs):
    total = jnp.zeros(())
    for i in range(3):
        if i == 0:
            total = total + xs[i]
    for row in [1, 2]:
        if row > 1:
            total = total * row
    return total
""",
            note="loop counters over static ranges and lists are Python ints",
        ),
        Valid(
            """
def f(x):
    if x[0] < 0:
        x = -x
    return x
""",
            note="not traced: no transformation is applied",
        ),
        Valid(
            """
def jit(f):
    return f

@jit
def f(x):
    if x[0] < 0:
        x = -x
    return x
""",
            note="a project's own `jit` is not JAX's",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def accept(x, proposal):
    samples = [x]
    if proposal.sum() < x.sum():
        samples.append(proposal)
    else:
        samples.append(x)
    return jnp.stack(samples)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def accept(x, proposal):
    samples = [x]
    sample = jnp.where(proposal.sum() < x.sum(), proposal, x)
    samples.append(sample)
    return jnp.stack(samples)
""",
            function="accept",
            inputs=("(jnp.array([1.0, 2.0]), jnp.array([0.5, 0.5]))", "(jnp.array([1.0, 2.0]), jnp.array([3.0, 0.5]))"),
            note="every branch ends by appending one value to the same list: the branches choose the value, one "
            "append follows, and the choice is a selection (an HMC port's Metropolis step)",
        ),
        Invalid(
            """
import jax

@jax.jit
def clip_v1(x):
    result = x
    if x[0] < 0:               # error: bool conversion of tracer
        result = result.at[0].set(0)
    return result
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clip_v1(x):
    result = x
    result = jnp.where(x[0] < 0, result.at[0].set(0), result)               # error: bool conversion of tracer
    return result
""",
            function="clip_v1",
            inputs=("jnp.array([3.0, -7.0, 0.5])", "jnp.array([-0.1, 100.0, -0.1])", "jnp.array([0.0, 1.0])"),
            note="the seed's clip_v1",
        ),
        Invalid(
            """
import jax
import jax.numpy as np

@jax.jit
def pick(x, y):
    if x.sum() > y.sum():
        out = x - y
    else:
        out = y - x
    return out
""",
            expected="""
import jax
import jax.numpy as np

@jax.jit
def pick(x, y):
    out = np.where(x.sum() > y.sum(), x - y, y - x)
    return out
""",
            function="pick",
            inputs=(
                "jnp.array([1.0, 2.0]), jnp.array([0.5, 0.5])",
                "jnp.array([-1.0, 2.0]), jnp.array([3.0, 0.5])",
                "jnp.array([1.0, 1.0]), jnp.array([1.0, 1.0])",
            ),
            note="reuses the module's own alias for jax.numpy",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def update(x, step):
    scale = jnp.ones(())
    # shrink when the update overshoots
    if jnp.abs(step).max() > 1.0:  # overshoot
        scale = scale * 0.5
        x -= step * scale  # damped
    else:
        x -= step
    return x, scale
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def update(x, step):
    scale = jnp.ones(())
    # shrink when the update overshoots
    # damped
    abs_step_max_gt_1 = jnp.abs(step).max() > 1.0  # overshoot
    scale = jnp.where(abs_step_max_gt_1, scale * 0.5, scale)
    x = jnp.where(abs_step_max_gt_1, x - step * scale, x - step)
    return x, scale
""",
            function="update",
            inputs=(
                "jnp.array([1.0, 2.0]), jnp.array([0.5, -3.0])",
                "jnp.array([1.0, 2.0]), jnp.array([0.5, 0.25])",
                "jnp.array([0.0, 0.0]), jnp.array([1.0, -1.0])",
            ),
            note="several names, an augmented assignment, comments kept; the test is computed once, before the selections",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x):
    if x.min() < 0:
        print("negative")
    return x
""",
            expected="""
import jax
from jax import lax

@jax.jit
def f(x):
    def _when_x_min_negative():
        jax.debug.print("negative")

    lax.cond(x.min() < 0, _when_x_min_negative, lambda: None)
    return x
""",
            unsafe=True,
            note="a branch that only prints: `lax.cond` over `jax.debug.print`, which prints when the compiled "
            "function runs (unsafe: not ordered with other output)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def normalize(x):
    total = x.sum()
    if total > 0:
        x = x / 2
    elif total < -10:
        x = -x
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def normalize(x):
    total = x.sum()
    x = jnp.where(total > 0, x / 2, jnp.where(total < -10, -x, x))
    return x
""",
            count=2,
            function="normalize",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([-20.0, 2.0])", "jnp.array([-1.0, 0.5])", "jnp.zeros(2)"),
            note="an elif chain: nested where; a name assigned in some branches keeps its value",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def grade(score):
    if score > 90:
        points = 4.0 * jnp.ones_like(score)
    elif score > 80:
        points = 3.0 * jnp.ones_like(score)
    elif score > 70:
        points = 2.0 * jnp.ones_like(score)
    else:
        points = jnp.zeros_like(score)
    return points
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def grade(score):
    points = jnp.select(
        [score > 90, score > 80, score > 70],
        [4.0 * jnp.ones_like(score), 3.0 * jnp.ones_like(score), 2.0 * jnp.ones_like(score)],
        jnp.zeros_like(score),
    )
    return points
""",
            count=3,
            function="grade",
            inputs=("jnp.array(95.0)", "jnp.array(85.0)", "jnp.array(75.0)", "jnp.array(60.0)", "jnp.array(90.0)"),
            note="three conditions: jnp.select",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def sign(x):
    if x > 0:  # see docs/sign.md
        s = jnp.ones_like(x)
    elif x < 0:  # see docs/sign.md
        s = -jnp.ones_like(x)  # negative side
    else:
        s = jnp.zeros_like(x)
    return s
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def sign(x):
    # negative side
    s = jnp.where(
        x > 0, jnp.ones_like(x), jnp.where(x < 0, -jnp.ones_like(x), jnp.zeros_like(x))
    )  # see docs/sign.md
    return s
""",
            count=2,
            function="sign",
            inputs=("jnp.array(2.0)", "jnp.array(-2.0)", "jnp.array(0.0)"),
            note="a comment repeated on each `elif` line is kept once; the others move above",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def project(x, w):
    if jnp.linalg.norm(x) > 1.0:
        x = w @ x
    return x
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def project(x, w):
    x = lax.cond(jnp.linalg.norm(x) > 1.0, lambda: w @ x, lambda: x)
    return x
""",
            function="project",
            inputs=(
                "jnp.array([3.0, 4.0]), jnp.array([[0.0, 1.0], [1.0, 0.0]])",
                "jnp.array([0.3, 0.4]), jnp.array([[0.0, 1.0], [1.0, 0.0]])",
            ),
            note="an expensive branch with a scalar predicate: lax.cond runs only one side",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def layer(kind, x, w):
    if kind == 0:
        y = x @ w
    elif kind == 1:
        y = jnp.tanh(x @ w)
    else:
        y = x
    return y
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def layer(kind, x, w):
    y = lax.switch(kind, [lambda: x @ w, lambda: jnp.tanh(x @ w), lambda: x])
    return y
""",
            unsafe=True,
            count=2,
            function="layer",
            inputs=(
                "0, jnp.ones(2), jnp.eye(2) * 2",
                "1, jnp.ones(2), jnp.eye(2) * 2",
                "2, jnp.ones(2), jnp.eye(2) * 2",
                "7, jnp.ones(2), jnp.eye(2) * 2",
            ),
            note="an expensive dispatch on an integer: lax.switch, unsafe because it clamps the index",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def relu_sign(x):
    if x.sum() < 0:
        return jnp.zeros_like(x)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def relu_sign(x):
    return jnp.where(x.sum() < 0, jnp.zeros_like(x), x)
""",
            function="relu_sign",
            inputs=("jnp.array([1.0, -3.0])", "jnp.array([1.0, 3.0])", "jnp.zeros(2)"),
            note="an early return folds into the final return",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def classify(x):
    m = x.mean()
    if m < -1:
        return -jnp.ones_like(x), m  # low
    if m > 1:
        return jnp.ones_like(x), m
    # in range
    return x, m
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def classify(x):
    m = x.mean()
    # low
    # in range
    return jnp.where(m < -1, -jnp.ones_like(x), jnp.where(m > 1, jnp.ones_like(x), x)), m
""",
            count=2,
            function="classify",
            inputs=("jnp.array([-3.0, -2.0])", "jnp.array([3.0, 2.0])", "jnp.array([0.5, -0.5])", "jnp.array([-1.0, -1.0])"),
            note="several early returns of tuples fold into one return",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def safe_root(x):
    if x > 0:
        y = jnp.sqrt(x)
    else:
        y = jnp.zeros_like(x)
    return y

grad_root = jax.jit(jax.grad(safe_root))
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def safe_root(x):
    y = jnp.where(x > 0, jnp.sqrt(jnp.where(x > 0, x, 1)), jnp.zeros_like(x))
    return y

grad_root = jax.jit(jax.grad(safe_root))
""",
            unsafe=True,
            function="grad_root",
            inputs=("jnp.array(4.0)", "jnp.array(0.0)", "jnp.array(-1.0)"),
            note="sqrt on the unselected side: the double-where trick keeps the gradient finite",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def floor_at_zero(x):
    total = x.sum()
    if total < 0:
        total = 0.0
    return total
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def floor_at_zero(x):
    total = x.sum()
    total = jnp.where(total < 0, 0.0, total)
    return total
""",
            unsafe=True,
            function="floor_at_zero",
            inputs=("jnp.array([1.0, -3.0])", "jnp.array([1.0, 3.0])", "jnp.zeros(2)"),
            note="a Python number against an array: unsafe (shape and dtype follow the array)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    if x.sum() > 0:
        y = x * 2
    return y
""",
            note="`y` is first defined in one branch only: no value for the other side",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def mean_anomaly(e, nu):
    if e < 1.0:
        E = 2 * jnp.arctan(jnp.sqrt((1 - e) / (1 + e)) * jnp.tan(nu / 2))
    return E - e * jnp.sin(E)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def mean_anomaly(e, nu):
    E = jnp.where(
        e < 1.0,
        2 * jnp.arctan(jnp.sqrt(jnp.where(e < 1.0, (1 - e) / jnp.where(e < 1.0, (1 + e), 1), 1)) * jnp.tan(jnp.where(e < 1.0, nu / 2, 0))),
        jnp.nan,
    )
    return E - e * jnp.sin(E)
""",
            unsafe=True,
            function="mean_anomaly",
            inputs=("0.5, 1.0", "0.0, -2.0"),
            note="a float first defined in one branch only (thor's eccentric anomaly): the original raised "
            "UnboundLocalError on the other path, the rewrite gives NaN there",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    try:
        if x.sum() > 0:
            x = x * 2
    except TypeError:
        pass
    return x
""",
            note="traced control flow inside `try`: refused",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    if x.sum() > 0:
        y = x * 2
        y = y + 1
    else:
        y = x
    return y
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x):
    def _when_x_sum_positive():
        y = x * 2
        y = y + 1
        return y

    def _unless_x_sum_positive():
        y = x
        return y

    y = lax.cond(x.sum() > 0, _when_x_sum_positive, _unless_x_sum_positive)
    return y
""",
            function="f",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([-1.0, -2.0])"),
            note="a name assigned twice in one branch: the branches become functions for `lax.cond`",
        ),
        Invalid(
            """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="mode")
def scale(x, mode):
    if mode == "identity":
        y = x
    elif x.sum() > 0:  # positive
        y = x * 2
    else:
        y = -x
    return y
""",
            expected="""
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="mode")
def scale(x, mode):
    if mode == "identity":
        y = x
    else:  # positive
        y = jnp.where(x.sum() > 0, x * 2, -x)
    return y
""",
            function="scale",
            inputs=("jnp.array([1.0, 2.0]), 'x'", "jnp.array([-1.0, -2.0]), 'x'", "jnp.array([-1.0, 2.0]), 'identity'"),
            note="an `elif` on a traced value after a static `if` becomes an `else:` block",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clamp(x, lo, hi):
    if x.min() < lo:
        if x.max() > hi:
            x = jnp.clip(x, lo, hi)
        else:
            x = jnp.maximum(x, lo)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clamp(x, lo, hi):
    x = jnp.where(
        x.min() < lo,
        jnp.where(x.max() > hi, jnp.clip(x, lo, hi), jnp.maximum(x, lo)),
        x,
    )
    return x
""",
            count=2,
            function="clamp",
            inputs=(
                "jnp.array([-2.0, 5.0]), 0.0, 3.0",
                "jnp.array([-2.0, 1.0]), 0.0, 3.0",
                "jnp.array([1.0, 2.0]), 0.0, 3.0",
            ),
            note="nested ifs: the inner one is rewritten first, then the outer",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def step(state, grads):
    if grads["w"].sum() > 0:
        state = jax.tree.map(lambda p, g: p - 0.1 * g, state, grads)
    return state
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def step(state, grads):
    grads_w_sum_positive = grads["w"].sum() > 0
    state = jax.tree.map(
        lambda a, b: jnp.where(grads_w_sum_positive, a, b),
        jax.tree.map(lambda p, g: p - 0.1 * g, state, grads),
        state,
    )
    return state
""",
            function="step",
            inputs=(
                "{'w': jnp.ones(2), 'b': jnp.zeros(())}, {'w': jnp.ones(2), 'b': jnp.ones(())}",
                "{'w': jnp.ones(2), 'b': jnp.zeros(())}, {'w': -jnp.ones(2), 'b': jnp.ones(())}",
            ),
            note="a pytree value: jax.tree.map selects leaf by leaf, by the test computed once before it",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    if y > 0:
        z = y + 1
        y = jnp.zeros_like(y)
    return y, z
""",
            note="`z` is first defined in one branch only, and read after it",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clean_loss(pred, target):
    loss = ((pred - target) ** 2).mean()
    if jnp.isnan(loss):
        loss = jnp.zeros_like(loss)
    return loss
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clean_loss(pred, target):
    loss = ((pred - target) ** 2).mean()
    loss = jnp.where(jnp.isnan(loss), jnp.zeros_like(loss), loss)
    return loss
""",
            unsafe=True,
            function="clean_loss",
            inputs=("jnp.array([1.0, 2.0]), jnp.array([0.0, 2.0])", "jnp.array([jnp.nan, 2.0]), jnp.array([0.0, 2.0])"),
            note="a NaN test: the value is right, the gradient of the ruled-out NaN branch is not",
        ),
        Invalid(
            """
from functools import partial

import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("limit",))
def cap(x, limit=None):
    peak = jnp.max(x)
    if limit is not None and peak > limit:
        x = x - (peak - limit)
    return x
""",
            expected="""
from functools import partial

import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("limit",))
def cap(x, limit=None):
    peak = jnp.max(x)
    if limit is not None:
        x = jnp.where(peak > limit, x - (peak - limit), x)
    return x
""",
            function="cap",
            inputs=("(jnp.array([1.0, 3.0]), 2.0)", "(jnp.array([1.0, 3.0]), None)", "(jnp.array([1.0, 3.0]), 5.0)"),
            note="a static argument tested first stays a Python `if` around the traced rest (a selection would "
                 "compute `peak > None`)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def safe_log(x):
    if jnp.any(x <= 0):
        raise ValueError("safe_log needs positive inputs")
    return jnp.log(x)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def safe_log(x):
    def raise_if(failed):
        if failed:
            raise RuntimeError("safe_log needs positive inputs")

    jax.debug.callback(raise_if, jnp.any(x <= 0))
    return jnp.log(x)
""",
            unsafe=True,
            function="safe_log",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([3.0, 0.5])"),
            note="validation that raises becomes a raising callback (tests/test_assert_rewrite.py runs a failing input)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def sgd_step(params, grad, lr):
    if jnp.isfinite(grad).all():
        update = lr * grad
        params = params - update
    return params
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def sgd_step(params, grad, lr):
    update = lr * grad
    params = jnp.where(jnp.isfinite(grad).all(), params - update, params)
    return params
""",
            unsafe=True,
            function="sgd_step",
            inputs=(
                "jnp.array([1.0, 2.0]), jnp.array([0.5, -0.5]), 0.1",
                "jnp.array([1.0, 2.0]), jnp.array([jnp.inf, -0.5]), 0.1",
            ),
            note="a temporary of one branch, read nowhere else, is computed ahead of the selection; "
            "unsafe: the branch ruled out by an isfinite test is inf/NaN, which reaches gradients",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def robust_scale(x):
    spread = x.max() - x.min()
    if spread == 0:
        return jnp.zeros_like(x)
    centered = x - x.mean()
    return centered / spread
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def robust_scale(x):
    spread = x.max() - x.min()
    centered = x - x.mean()
    return jnp.where(
        spread == 0, jnp.zeros_like(x), centered / jnp.where(spread == 0, 1, spread)
    )
""",
            unsafe=True,
            function="robust_scale",
            inputs=("jnp.array([1.0, 3.0, 2.0])", "jnp.array([2.0, 2.0])", "jnp.array([-1.0, 0.0])"),
            note="an early return with assignments before the final return: they stay, the return selects",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def swap_if_larger(a, b):
    if a.sum() > b.sum():
        a, b = b, a
    return a, b
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def swap_if_larger(a, b):
    a, b = jnp.where(a.sum() > b.sum(), b, a), jnp.where(a.sum() > b.sum(), a, b)
    return a, b
""",
            function="swap_if_larger",
            inputs=("jnp.array([3.0]), jnp.array([1.0])", "jnp.array([0.0]), jnp.array([1.0])"),
            note="the condition reads both names the branch swaps: one tuple assignment selects both",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def bump(x):
    d = {"a": x, "b": x * 2}
    if x.sum() > 0:
        d["a"] = d["a"] + 1
        d["b"] = d["a"] * 3
    return d["a"] + d["b"]
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def bump(x):
    d = {"a": x, "b": x * 2}

    def _when_x_sum_positive(d):
        d["a"] = d["a"] + 1
        d["b"] = d["a"] * 3
        return d

    d = lax.cond(x.sum() > 0, _when_x_sum_positive, lambda d: d, d)
    return d["a"] + d["b"]
""",
            function="bump",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([-1.0, -2.0])"),
            note="a dict assigned by key in a branch, a statement reading what the one before it wrote: `lax.cond` carrying the dict",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def piecewise(x, t):
    out = {"y": x, "z": x}
    if t < 0:
        out["y"] = x * 0.5
        out["z"] = out["y"] - 1
    elif t < 1:
        out["y"] = x + t
    else:
        out["z"] = jnp.sin(x) + t
    return out["y"] + out["z"]
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def piecewise(x, t):
    out = {"y": x, "z": x}

    def _when_t_negative(out):
        out["y"] = x * 0.5
        out["z"] = out["y"] - 1
        return out

    def _when_t_lt_1(out):
        out["y"] = x + t
        return out

    def _otherwise(out):
        out["z"] = jnp.sin(x) + t
        return out

    out = lax.switch(
        jnp.select([t < 0, t < 1], [0, 1], 2),
        [_when_t_negative, _when_t_lt_1, _otherwise],
        out,
    )
    return out["y"] + out["z"]
""",
            function="piecewise",
            inputs=("jnp.array([1.0, 2.0]), -1.0", "jnp.array([1.0, 2.0]), 0.5", "jnp.array([1.0, 2.0]), 3.0"),
            note="an `elif` chain whose branches set keys of a dict: `lax.switch` over named branches",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def first_crossing(x, limit):
    total = 0.0
    i = 0
    while i < x.shape[0]:
        total = total + x[i]
        if total > limit:
            return i
        i += 1
    return -1
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def first_crossing(x, limit):
    total = 0.0
    i = 0
    returned = False
    result = -1

    def keep_updating_total_and_i(state):
        total, result, returned, i = state
        return ~returned & (i < x.shape[0])

    def update_total_and_i(state):
        total, result, returned, i = state
        total = total + x[i]

        def _when_total_gt_limit(result, returned, i):
            result = i
            returned = True
            return result, returned, i

        def _unless_total_gt_limit(result, returned, i):
            i += 1
            return result, returned, i

        result, returned, i = lax.cond(
            total > limit,
            _when_total_gt_limit,
            _unless_total_gt_limit,
            result,
            returned,
            i,
        )
        return total, result, returned, i

    total, result, returned, i = lax.while_loop(
        keep_updating_total_and_i, update_total_and_i, (total, result, returned, i)
    )
    return lax.cond(returned, lambda: result, lambda: -1)
""",
            function="first_crossing",
            inputs=("jnp.array([1.0, 2.0, 3.0]), 2.5", "jnp.array([1.0, 2.0, 3.0]), 10.0"),
            note="a `return` inside a loop on Python values: `returned` and `result` flags in the state of a `lax.while_loop`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x):
    total = jnp.sum(x)
    if total <= 0:
        raise ValueError(f"weights must sum to a positive value, got {total} over {x.shape}")
    return x / total
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x):
    total = jnp.sum(x)

    def raise_if(failed, total, x):
        if failed:
            raise RuntimeError(f"weights must sum to a positive value, got {total} over {x.shape}")

    jax.debug.callback(raise_if, total <= 0, total, x)
    return x / total
""",
            unsafe=True,
            function="normalise",
            inputs=("jnp.array([1.0, 2.0])",),
            note="an f-string message is formatted on the host from the values it names, passed to the callback",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x):
    total = jnp.sum(x)
    if total <= 0:
        raise ValueError(f"weights must sum to a positive value, got {jnp.min(x)}")
    return x / total
""",
            note="a message that computes values cannot be formatted on the host: reported (and never dropped)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    if x.ndim == 1:
        s = jnp.sum(x)
        if s > 0:
            z = x * 2
            return z + y
    w = x - y
    return w * 3
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x, y):
    if x.ndim == 1:
        s = jnp.sum(x)

        def _when_s_positive():
            z = x * 2
            return z + y

        def _unless_s_positive():
            w = x - y
            return w * 3

        return lax.cond(s > 0, _when_s_positive, _unless_s_positive)
    else:
        w = x - y
        return w * 3
""",
            function="f",
            inputs=("jnp.array([1.0, 2.0]), 1.0", "jnp.array([-1.0, -2.0]), 1.0"),
            note="an early return inside a static `if`: the rest of the function becomes the traced branch's "
            "alternative and the static `if`'s `else` (stheno's logpdf crashed the rewrite)",
        ),
        Invalid(
            """
import jax

@jax.jit
def direction_to_from(direction, to, turn):
    dif = to // 4
    if turn == 0:
        if direction >= 8:
            return to - dif, 1
        else:
            return to - dif, 0
    else:
        if direction >= 8:
            return to + dif, 1
        else:
            return to + dif, 0
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def direction_to_from(direction, to, turn):
    dif = to // 4
    return jnp.where(turn == 0, to - dif, to + dif), jnp.where(jnp.squeeze(direction >= 8), 1, 0)
""",
            function="direction_to_from",
            inputs=("1, 5, 0", "9, 5, 1", "1, 2, 1", "jnp.array([9]), 5, 1"),
            note="nested `if`s that return tuples (pgx): the inner ones become selections first, then the outer "
            "one; the numbers are selected by the squeezed test, so a one-element `direction` gives a number",
            count=3,
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def bump(hand, slot):
    return hand.at[slot].add(1)

@jax.jit
def capture(hand, captured):
    slot = captured[0] % 3
    if captured != 0:
        hand = bump(hand, slot)
    return hand
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

def bump(hand, slot):
    return hand.at[slot].add(1)

@jax.jit
def capture(hand, captured):
    slot = captured[0] % 3
    hand = lax.cond(jnp.squeeze(captured != 0), lambda: bump(hand, slot), lambda: hand)
    return hand
""",
            function="capture",
            inputs=("jnp.zeros(3), jnp.array([2])", "jnp.zeros(3), jnp.array([0])"),
            note="a shape-(1,) value (read as `captured[0]` elsewhere, pgx's idiom) is squeezed into the "
            "0-d predicate `lax.cond` takes",
        ),
        Invalid(
            """
import jax

@jax.jit
def reward(turn):
    if turn == 0:
        return 1
    else:
        return -1
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def reward(turn):
    return jnp.where(jnp.squeeze(turn == 0), 1, -1)
""",
            function="reward",
            inputs=("0", "1", "jnp.array([0])", "jnp.array([1])"),
            note="numbers selected by a test of unknown shape: `if` accepts any one-element test and gives a "
            "number, so the test is squeezed; a one-element array `turn` (pgx keeps such state) still gives a "
            "0-d result",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def curvature(omega):
    if omega > 1.0:
        k = 1.0
    elif omega == 1.0:
        k = 0.0
    elif omega < 1.0:
        k = -1.0
    return k
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def curvature(omega):
    k = jnp.where(
        jnp.squeeze(omega > 1.0), 1.0, jnp.where(jnp.squeeze(omega == 1.0), 0.0, -1.0)
    )
    return k
""",
            unsafe=True,
            function="curvature",
            inputs=("2.0", "1.0", "0.5", "jnp.array(1.5)"),
            note="an `elif` chain without `else` whose every branch binds `k` (jax_cosmo's curvature): where no "
            "test holds Python raised `UnboundLocalError`, so the last test is the `else` (unsafe, said why)",
            count=3,
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def sample(x, keys):
    kept = []
    accepted = 0
    for i in range(keys.shape[0]):
        proposal = x + jax.random.normal(keys[i], x.shape)
        if jax.random.uniform(keys[i]) < jnp.exp(-jnp.sum(proposal ** 2)):
            x = proposal
            accepted += 1
        if i % 2 == 0:
            kept.append(x)
    return jnp.stack(kept), accepted
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def sample(x, keys):
    kept = []
    accepted = 0
    for i in range(keys.shape[0]):
        proposal = x + jax.random.normal(keys[i], x.shape)
        uniform_keys_i_lt_exp = jax.random.uniform(keys[i]) < jnp.exp(-jnp.sum(proposal ** 2))
        x = jnp.where(uniform_keys_i_lt_exp, proposal, x)
        accepted = jnp.where(uniform_keys_i_lt_exp, accepted + 1, accepted)
        if i % 2 == 0:
            kept.append(x)
    return jnp.stack(kept), accepted
""",
            unsafe=True,
            function="sample",
            inputs=(
                "jnp.zeros(2), jax.random.split(jax.random.PRNGKey(0), 6)",
                "jnp.array([3.0, -1.0]), jax.random.split(jax.random.PRNGKey(1), 3)",
            ),
            note="a loop over a static range that collects results (a Metropolis-Hastings sampler) is unrolled "
            "by JAX: the traced `if` inside it is the leak, selected in place; its test, read by two "
            "selections, is computed once",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def simulate(v, choice, key):
    idx = 0
    out = jnp.zeros(3)
    t = 0
    while t < 3:
        if v[idx] < 0.5:
            nxt = 0
            key, sub = jax.random.split(key)
            out = out.at[t].set(jax.random.uniform(sub))
        else:
            nxt = choice[idx]
            out = out.at[t].set(v[idx])
        idx = nxt
        t += 1
    return out, idx
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def simulate(v, choice, key):
    idx = 0
    out = jnp.zeros(3)
    t = 0
    while t < 3:
        def _when_v_idx_lt_0_5(key, out):
            nxt = 0
            key, sub = jax.random.split(key)
            out = out.at[t].set(jax.random.uniform(sub))
            return key, out, nxt

        def _unless_v_idx_lt_0_5(key, out):
            nxt = choice[idx]
            out = out.at[t].set(v[idx])
            return key, out, nxt

        key, out, nxt = lax.cond(
            v[idx] < 0.5, _when_v_idx_lt_0_5, _unless_v_idx_lt_0_5, key, out
        )
        idx = nxt
        t += 1
    return out, idx
""",
            function="simulate",
            inputs=(
                "jnp.array([0.2, 0.7, 0.9]), jnp.array([1, 2, 0]), jax.random.PRNGKey(0)",
                "jnp.array([0.8, 0.1, 0.3]), jnp.array([2, 0, 1]), jax.random.PRNGKey(1)",
            ),
            note="a name every branch binds (`nxt`) is no operand of `lax.cond`: in a Python loop it has no "
            "value before its first iteration (QuantEcon's Arellano simulation)",
        ),
        Invalid(
            """
import jax

@jax.jit
def all_positive(x):
    if (x > 0).all():
        return True
    else:
        return False
""",
            expected="""
import jax

@jax.jit
def all_positive(x):
    return (x > 0).all()
""",
            function="all_positive",
            inputs=("jnp.array([1.0, 2.0])", "jnp.array([1.0, -2.0])"),
            note="`return True` / `return False` on a boolean test: the test is the value",
        ),
        Invalid(
            """
from enum import Enum
import jax
import jax.numpy as jnp

class Motion(Enum):
    ROTATION = "rotation"
    HELICAL = "helical"

@jax.jit
def motion_type(twist):
    if jnp.abs(twist[3:] @ twist[:3]) < 1e-3:
        return Motion.ROTATION
    return Motion.HELICAL
""",
            note="a branch gives an enum member, a Python object that no `lax` branch can return: reported "
            "with the advice to return an integer code (cat-ind-fg's motion type)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def available_moves(board):
    out = jnp.empty(0, dtype=jnp.int32)
    for i in range(9):
        if board[i] == 0:
            out = jnp.append(out, i)
    return out
""",
            note="the array grows in one branch only (`jnp.append`): its length is the data's choice, so no "
            "selection or `lax.cond` gives it; reported with the advice to fill a fixed-size array",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def zoom(g):
    i = 0
    al = 0.0
    while i < 3:
        if jnp.abs(al) <= 1e-14:
            a = g * 2
        else:
            a = g * 3
        al = a
        i += 1
    return al
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def zoom(g):
    i = 0
    al = 0.0
    while i < 3:
        a = jnp.where(jnp.abs(al) <= 1e-14, g * 2, g * 3)
        al = a
        i += 1
    return al
""",
            function="zoom",
            inputs=("jnp.float32(0.5)", "jnp.float32(-2.0)"),
            note="`al` starts as the Python `0.0` but the loop rebinds it to a tracer: the test is not a "
            "NumPy computation on Python values, it is a selection (a Wolfe zoom line search)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def wall_bounce(x, v, box):
    over = x[:, 0] > box
    if jnp.any(over):
        x = x.at[over, 0].set(2 * box - x[over, 0])
        v = v.at[over, 0].multiply(-1)
    return x, v
""",
            expected="""
import jax
import jax.numpy as jnp


@jax.jit
def wall_bounce(x, v, box):
    over = x[:, 0] > box
    x = x.at[over, 0].set(2 * box - x[over, 0])
    v = v.at[over, 0].multiply(-1)
    return x, v
""",
            note="a particle box's wall bounce: the `jnp.any` guard of masked updates is removed exactly; the "
            "updates are TFX302's (the case is not run under jit, which they still fail)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def halve_until_small(x, tol):
    steps = 0
    while steps < 20:
        if jnp.abs(x).max() < tol:
            break
        x = x * 0.5
        steps = steps + 1
    else:
        x = jnp.zeros_like(x)
    return x, steps
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def halve_until_small(x, tol):
    steps = 0
    stop = False

    def keep_updating_x_and_steps(state):
        stop, x, steps = state
        return ~stop & (steps < 20)

    def update_x_and_steps(state):
        stop, x, steps = state

        def _when_abs_x_max_lt_tol(stop, x, steps):
            stop = True
            return stop, x, steps

        def _unless_abs_x_max_lt_tol(stop, x, steps):
            x = x * 0.5
            steps = steps + 1
            return stop, x, steps

        stop, x, steps = lax.cond(
            jnp.abs(x).max() < tol,
            _when_abs_x_max_lt_tol,
            _unless_abs_x_max_lt_tol,
            stop,
            x,
            steps,
        )
        return stop, x, steps

    stop, x, steps = lax.while_loop(
        keep_updating_x_and_steps, update_x_and_steps, (stop, x, steps)
    )

    def _unless_stop(x):
        x = jnp.zeros_like(x)
        return x

    x = lax.cond(stop, lambda x: x, _unless_stop, x)
    return x, steps
""",
            function='halve_until_small',
            inputs=('jnp.array([1.0, -2.0]), 0.5', 'jnp.array([1.0, -2.0]), 1e-9',),
            note='a `while ... else` whose loop stops at a `break` on a traced test: the `else` runs unless the flag is up',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def damp(x, lam):
    not_better = True
    it = 0
    while not_better:
        it += 1
        cost = jnp.sum((x - lam) ** 2)
        if cost < 1.0:
            not_better = False
            return lam, it
        elif it > 20:
            return -lam, it
        lam = lam * 0.5
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def damp(x, lam):
    not_better = True
    it = 0
    returned = False
    result = lam, it

    def keep_updating_it_and_lam(state):
        it, result, returned, lam = state
        return ~returned

    def update_it_and_lam(state):
        it, result, returned, lam = state
        it += 1
        cost = jnp.sum((x - lam) ** 2)

        def _when_cost_lt_1_0(result, returned, lam):
            not_better = False
            result = lam, it
            returned = True
            return result, returned, lam

        def _when_it_gt_20(result, returned, lam):
            result = -lam, it
            returned = True
            return result, returned, lam

        def _otherwise(result, returned, lam):
            lam = lam * 0.5
            return result, returned, lam

        result, returned, lam = lax.switch(
            jnp.select([cost < 1.0, it > 20], [0, 1], 2),
            [_when_cost_lt_1_0, _when_it_gt_20, _otherwise],
            result,
            returned,
            lam,
        )
        return it, result, returned, lam

    it, result, returned, lam = lax.while_loop(
        keep_updating_it_and_lam, update_it_and_lam, (it, result, returned, lam)
    )
    return result
""",
            function='damp',
            inputs=('jnp.array([0.1, 0.2]), 8.0', 'jnp.array([30.0, 40.0]), 8.0',),
            note='`while not_better:` whose flag is cleared only on the way to a `return` never ends by its test: it is lowered as `while True:`, and no path falls off the end of the function',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

LEFT, RIGHT = 0, 1

@jax.jit
def env_step(state, action):
    if action == LEFT:
        state = jnp.maximum(-1, state - 1)
    elif action == RIGHT:
        state = jnp.minimum(5, state + 1)
    else:
        raise Exception("Unexpected action given.")
    return state
""",
            expected="""
import jax
import jax.numpy as jnp

LEFT, RIGHT = 0, 1

@jax.jit
def env_step(state, action):
    def raise_if(failed):
        if failed:
            raise RuntimeError("Unexpected action given.")

    jax.debug.callback(raise_if, (action != LEFT) & (action != RIGHT))
    state = jnp.where(
        action == LEFT, jnp.maximum(-1, state - 1), jnp.minimum(5, state + 1)
    )
    return state
""",
            unsafe=True,
            count=2,
            function="env_step",
            inputs=("(jnp.int32(2), jnp.int32(0))", "(jnp.int32(5), jnp.int32(1))", "(jnp.int32(-1), jnp.int32(0))"),
            note="a random-walk environment's step (Sutton and Barto): the branch that raises becomes a check "
            "ahead of the chain, taken where Python took it, and the last `elif` the `else`; the check raises "
            "at run time, and the chain is a selection",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def mh_chain(q, key):
    samples = [None] * 4
    for step in range(4):
        key, sub = jax.random.split(key)
        proposal = jax.tree_util.tree_map(lambda a: a + 0.1, q)
        if jax.random.uniform(sub) < 0.5:
            q = proposal
        samples[step] = q
    return samples
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def mh_chain(q, key):
    samples = [None] * 4
    for step in range(4):
        key, sub = jax.random.split(key)
        proposal = jax.tree_util.tree_map(lambda a: a + 0.1, q)
        uniform_sub_lt_05 = jax.random.uniform(sub) < 0.5
        q = jax.tree.map(lambda a, b: jnp.where(uniform_sub_lt_05, a, b), proposal, q)
        samples[step] = q
    return samples
""",
            function="mh_chain",
            inputs=("([jnp.array([1.0, 2.0]), jnp.array(3.0)], jax.random.PRNGKey(0))",),
            note="an HMC sampler's accept step: `q` is a list of arrays (the code maps it with `tree_map`), so the "
            "selection maps the tree; the loop stores into a Python list at its index, so it stays a Python loop "
            "over its static range and only the `if` is rewritten",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def lambert_start(x, tol=1e-4, maxiter=10):
    if jnp.abs(x - jnp.e) < tol:
        return 1.
    ww = 1.
    for i in range(maxiter):
        wwn = x / jnp.exp(ww)
        if jnp.abs(wwn - ww) < tol:
            return wwn, i
        ww = wwn
    return ww, maxiter

f = jax.jit(lambda x: lambert_start(x)[0])
""",
            count=2,
            note="a Lambert W starting point returns a number on one path and a pair on the others (its callers "
            "unpack a pair): `lax` forms need one structure, so both leaks are reported with that reason, "
            "not rewritten into a `lax.cond` that JAX refuses",
        ),
        Invalid(
            """
import copy
import jax
import jax.numpy as jnp

class Optimizer:
    def __init__(self, n):
        self._tol = 1e-3
        self._mean = jnp.zeros(n)

    def should_stop(self):
        if jnp.all(jnp.abs(self._mean) < self._tol):
            return True
        return False

_es = Optimizer(4)

@jax.jit
def converged(mean):
    es = copy.copy(_es)
    es._mean = mean
    return es.should_stop()
""",
            expected="""
import copy
import jax
import jax.numpy as jnp

class Optimizer:
    def __init__(self, n):
        self._tol = 1e-3
        self._mean = jnp.zeros(n)

    def should_stop(self):
        return jnp.all(jnp.abs(self._mean) < self._tol)

_es = Optimizer(4)

@jax.jit
def converged(mean):
    es = copy.copy(_es)
    es._mean = mean
    return es.should_stop()
""",
            function="converged",
            inputs=("(jnp.array([1e-4, 0.0, -2e-4, 5e-4]),)", "(jnp.array([1.0, 0.0, 0.0, 0.0]),)"),
            note="evojax's CMA-ES `should_stop`: a copy of a module-level optimiser (`copy.copy`) holds what it "
            "holds, the jitted function sets its mean to the traced argument, and the method tests it; the "
            "attribute is set outside the class, so it is not the constant `__init__` computes",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def as_int_coordinates(arr):
    if jnp.issubdtype(arr.dtype, jnp.integer):
        return arr
    elif jnp.all(arr == jnp.round(arr)):
        return arr.astype(int)
    else:
        raise TypeError("Input coordinates must be integer values")

@jax.jit
def hexagon(coordinate):
    return as_int_coordinates(coordinate) * 2
""",
            expected="""
import jax
import jax.numpy as jnp

def as_int_coordinates(arr):
    if jnp.issubdtype(arr.dtype, jnp.integer):
        return arr
    else:
        def raise_if(failed):
            if failed:
                raise RuntimeError("Input coordinates must be integer values")

        jax.debug.callback(raise_if, ~jnp.all(arr == jnp.round(arr)))
        return arr.astype(int)

@jax.jit
def hexagon(coordinate):
    return as_int_coordinates(coordinate) * 2
""",
            unsafe=True,
            function="hexagon",
            inputs=("(jnp.array([1.0, -2.0, 1.0]),)", "(jnp.array([1, 0, -1]),)"),
            note="HexCraft's coordinate conversion: the traced `elif` follows a test on the dtype (a Python "
            "value), so it becomes an `else` holding the check of the raising branch and what the `elif` did",
        ),
        Invalid(
            """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=0)
def levels(hbot):
    n = 10
    sc_w = jnp.arange(n, 0, -1)
    zw = -(50.0 * sc_w + 3.0 * jnp.log(jnp.cosh(sc_w / 7.0)))
    ibot = jnp.argmin(zw <= -hbot)
    if ibot == 0:
        ibot = 1
    zw = zw.at[-1].set(0.0)
    return zw[ibot - 1:]
""",
            expected="""
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=0)
def levels(hbot):
    n = 10
    with jax.ensure_compile_time_eval():
        sc_w = jnp.arange(n, 0, -1)
        zw = -(50.0 * sc_w + 3.0 * jnp.log(jnp.cosh(sc_w / 7.0)))
        ibot = jnp.argmin(zw <= -hbot)
        if ibot == 0:
            ibot = 1
        zw = zw.at[-1].set(0.0)
        return zw[ibot - 1:]
""",
            function="levels",
            inputs=("(300.0,)", "(5000.0,)"),
            note="tunax's ORCA grid: the levels are computed with `jnp` from Python values only, so under jit "
            "they are staged; NumPy would lose `.at`, so the chain runs under `jax.ensure_compile_time_eval()`, "
            "through every statement that reads what it computes",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def epsilon_greedy(key, q_values, epsilon):
    if jax.random.uniform(key, (1,)) < epsilon:
        return jax.random.randint(key, (), 0, q_values.shape[0])
    return jnp.argmax(q_values)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def epsilon_greedy(key, q_values, epsilon):
    return jnp.where(
        jnp.squeeze(jax.random.uniform(key, (1,)) < epsilon),
        jax.random.randint(key, (), 0, q_values.shape[0]),
        jnp.argmax(q_values),
    )
""",
            function="epsilon_greedy",
            inputs=("(jax.random.PRNGKey(0), jnp.array([0.1, 0.9, 0.3]), 0.5)",
                    "(jax.random.PRNGKey(5), jnp.array([0.1, 0.9, 0.3]), 0.0)"),
            note="an epsilon-greedy policy draws its coin with shape (1,), which Python's `if` accepts; `lax.cond` "
            "does not, and `jnp.where` would give the result that shape: the draw's shape follows the key, and a "
            "shape of ones is squeezed",
        ),
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        # The fix of each reported if/elif chain, by the id of the `if` where it starts; an `elif`
        # of a chain that is rewritten from its `if` shares that fix.
        self._chains: dict[int, tuple[Fix | None, str]] = {}
        self._names_given: dict[int, set[str]] = {}  # names the fixes handed out, per function

    def visit_If(self, node: cst.If) -> None:
        context = self.context
        if context.claimed(node) and truth_test_is_traced(context, node.test):
            # An enclosing loop's fix (TFX108, TFX102) rewrites this `if`; a guard that only
            # shortcuts masked updates goes first, so that the loop's form has no `if` to lower.
            guard = _redundant_mask_guard(node, context)
            if guard is not None:
                guard.first = True
                self.report(node, f"Python `if` on traced value `{context.describe(node.test)}` fails under "
                                  f"{under_tracing(context)}; the masked updates it guards need no guard", guard)
            return
        if context.claimed(node) or not truth_test_is_traced(context, node.test):
            return  # claimed: the fix of an enclosing loop (TFX108, TFX102) rewrites this `if`
        start = self._chain_start(node)
        if start is node and (split := self._static_guard_split(node) or self._append_after(node)
                              or self._raising_arms_first(node)) is not None:
            self._chains[id(node)] = split, ""
        elif start is node:
            plain = context.lowers_plainly()
            fix, reason = (None, "") if plain else attempt(lambda: self._fix(node))
            if fix is None and _raised(chain_arms(node)) is None:  # a `raise` has no `lax` form
                fix, reason = self._lowered(node, reason, plain)
            self._chains[id(node)] = fix, reason
        fix, reason = self._chains[id(start)]
        self._chains.setdefault(id(node), (fix, reason))
        keyword = "elif" if _is_elif(node, context.parent()) else "if"
        message = (
            f"Python `{keyword}` on traced value `{context.describe(node.test)}` fails under "
            f"{under_tracing(context)}; use `jnp.where` or `lax.cond`{reason}"
        )
        self.report(node, message, fix)

    def _static_guard_split(self, node: cst.If) -> Fix | None:
        """`if n_classes and n_classes >= n_vals:` where `n_classes` is a Python value (a static
        argument, None by default): Python decides the first part while tracing, so it stays a
        Python `if` around the traced test (`if n_classes:` / `if n_classes >= n_vals:`), which
        the next pass rewrites. Exact, and only for an `if` without `elif`/`else`, whose branch
        the split would have to repeat."""
        context = self.context
        test = node.test
        if node.orelse is not None or not isinstance(test, cst.BooleanOperation) or test.lpar:
            return None
        operands = []
        while isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) and not test.lpar:
            operands.insert(0, test.right)
            test = test.left
        if isinstance(test, cst.BooleanOperation):
            return None  # an `or` at the top: not a conjunction
        operands.insert(0, test)
        static = 0
        # `limit is not None` is decided in Python even where `limit` is traced (a tracer is never None).
        while static < len(operands) - 1 and (_none_identity_test(operands[static]) or (
                context.value(operands[static]).trace == STATIC and not truth_test_is_traced(context, operands[static]))) \
                and not _tests_a_traced_none(operands[static], context):
            static += 1
        if static == 0:
            return None
        code = lambda parts: " and ".join(context.code(part).strip() for part in parts)  # noqa: E731
        guard, rest = context.parse_expression(code(operands[:static])), context.parse_expression(code(operands[static:]))
        inner = node.with_changes(test=rest, leading_lines=[])
        outer = node.with_changes(test=guard, body=cst.IndentedBlock(body=[inner]))
        shown = context.describe(guard)
        fix = context.fix(f"Test `{shown}` in Python, around an `if` on the traced rest", [(node, outer)], Safety.SAFE)
        fix.first = True  # the traced `if` inside gets its own fix on the next pass
        return fix

    def _append_after(self, node: cst.If) -> Fix | None:
        """`if accept: samples.append(q_new) else: samples.append(samples[-1])`: every branch ends
        by appending one value to the same list, so the list grows by one whatever the test; the
        branches choose the value (`sample = q_new` / `sample = samples[-1]`) and one append
        follows the `if`, which then selects a value as any other. Exact; the next pass rewrites
        the selection."""
        context = self.context
        arms = chain_arms(node)
        if arms[-1].test is not None:
            return None  # without `else`, a path appends nothing
        owner, values = None, []
        for arm in arms:
            body = arm.body.body if isinstance(arm.body, cst.IndentedBlock) else ()
            last = body[-1] if body else None
            call = last.body[0].value if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 \
                and isinstance(last.body[0], cst.Expr) else None
            if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append"
                    and isinstance(call.func.value, cst.Name) and len(call.args) == 1 and not call.args[0].keyword
                    and not call.args[0].star):
                return None
            if owner not in (None, call.func.value.value):
                return None
            owner = call.func.value.value
            values.append((last, call.args[0].value))
        singular = owner[:-1] if owner.endswith("s") and len(owner) > 2 else f"{owner}_item"
        item = context.helper_name(singular if singular.isidentifier() else "appended", node)
        replaced = {id(last): cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(item))], value)],
                                                      leading_lines=last.leading_lines,
                                                      trailing_whitespace=last.trailing_whitespace)
                    for last, value in values}

        class _Choose(cst.CSTTransformer):
            def leave_SimpleStatementLine(self, original, updated):
                return replaced.get(id(original), updated)

        chosen = node.visit(_Choose())
        append = context.parse_statement(f"{owner}.append({item})\n")
        fix = context.fix("Choose the value in the branches and append it after the `if`",
                          [(node, cst.FlattenSentinel([chosen, append]))], Safety.SAFE)
        fix.first = True  # the `if` then assigns `{item}` in every branch: a selection, next pass
        return fix

    def _raising_arms_first(self, node: cst.If) -> Fix | None:
        """`if a == 0: ... elif a == 1: ... else: raise E(...)`: each branch that only raises
        becomes an `if` of its own ahead of the chain, taken where Python took the branch
        (`if a != 0 and a != 1: raise E(...)`), and leaves the chain; where the `else` raised, the
        last `elif` becomes the `else` (the check ahead took every other case). Exact; on the next
        pass the lone `raise` becomes a runtime check and the chain a selection."""
        context = self.context
        arms = chain_arms(node)
        raising = [isinstance(sole_statement(arm.body), cst.Raise) for arm in arms]
        if len(arms) < 2 or not any(raising) or all(raising):
            return None
        checks, kept, negated = [], [], []
        for arm, raises in zip(arms, raising):
            if raises:
                taken = [*negated, *([] if arm.test is None else [_parenthesised(context.code(arm.test).strip())])]
                raised = context.code(sole_statement(arm.body)).strip()
                checks.append(context.parse_statement(f"if {' and '.join(taken)}:\n    {raised}\n"))
            else:
                kept.append(arm)
            if arm.test is not None:
                negated.append(_negation(arm.test, context))
        if arms[-1].test is None and raising[-1]:
            kept[-1] = Arm(None, kept[-1].body)  # the checks ahead took every case but this one
        if kept[0].test is None:
            rest = list(kept[0].body.body) if isinstance(kept[0].body, cst.IndentedBlock) else \
                [cst.SimpleStatementLine(list(kept[0].body.body))]
        else:
            rest = [_chain(kept)]
        statements = [*checks, *rest]
        statements[0] = statements[0].with_changes(leading_lines=node.leading_lines)
        # An `elif` after a test on Python values becomes an `else` holding the checks and the rest.
        replacement = cst.Else(body=cst.IndentedBlock(body=statements)) if _is_elif(node, context.parent()) \
            else cst.FlattenSentinel(statements)
        # Unsafe as the whole: exact itself, it is there for the runtime check that follows.
        fix = context.fix("Check the branches that raise ahead of the `if`, and drop them from it",
                          [(node, replacement)], Safety.UNSAFE,
                          "each `raise` becomes a runtime check on the next pass: its exception reaches the caller "
                          "as a JaxRuntimeError when the compiled function runs")
        fix.first = True  # each check and the shorter chain get their own fixes on the next pass
        return fix

    def _lowered(self, node: cst.If, reason: str, plain: bool = False) -> tuple[Fix | None, str]:
        """Where the `jnp.where` templates refuse (or `plain`: verification refused their form),
        the general lowering to `lax.cond`."""
        from tracerfix.lowering import lower, nested_ifs_first

        if not plain and nested_ifs_first(self.context, node):
            # Each inner `if` gets its own fix first (often a `jnp.where`), and on the next pass
            # of the rewrite this one is a plain selection too: nested `jnp.where`s beat `lax.cond`.
            return None, " (rewritten once the `if`s inside it are)"
        fix, lowering_reason = attempt(lambda: lower(self.context, node))
        return (fix, "") if fix is not None else (None, lowering_reason or reason)

    def _chain_start(self, node: cst.If) -> cst.If:
        """The first reported `if`/`elif` of the chain that `node` continues."""
        ancestors = self.context.ancestors
        start, position = node, len(ancestors) - 1
        while position > 0:
            parent = ancestors[position - 1]
            if not (_is_elif(start, parent) and id(parent) in self._chains):
                break
            start, position = parent, position - 1
        return start

    def _fix(self, node: cst.If) -> Fix:
        context = self.context
        if context.enclosing(cst.Try) is not None:
            raise Refused("it is inside a `try` block, whose handlers a selection would bypass")
        recomputed = numpy_recompute_fix(context, node.test)
        if recomputed is not None:
            return recomputed  # `jnp` staged a test of Python values (`jnp.array_equal(x.shape, s)`)
        arms = chain_arms(node)
        tests = [arm.test for arm in arms if arm.test is not None]
        refuse_static_none_guards(context, tests, code_under_and_after(context, node))
        for test in tests[1:]:
            if not truth_test_is_traced(context, test):
                raise Refused(f"the chain also tests the Python value `{context.describe(test)}`")
        raised = _raised(arms)
        if raised is not None:
            return self._check_fix(node, raised)
        guard = _redundant_mask_guard(node, context)
        if guard is not None:
            return guard
        returns = [returned_value(arm.body) for arm in arms]
        if all(value is not None for value in returns):
            return self._return_fix(node, tests, returns, has_else=arms[-1].test is None)
        return self._assignment_fix(node, tests, arms)

    def _assignment_fix(self, node: cst.If, tests, arms) -> Fix:
        context = self.context
        per_arm = [assigned_values(arm.body, context) for arm in arms]
        exhausted = []
        if arms[-1].test is not None:
            exhausted = [name for name in per_arm[0] if not _has_value(name, context) and len(arms) > 1
                         and all(name in values for values in per_arm)]
            if exhausted:
                # Every branch binds a name that had no value before: where no test held, Python
                # raised `UnboundLocalError` reading it; the last test becomes the `else`.
                tests = tests[:-1]
            else:
                per_arm.append({})  # no `else`: every name keeps its value
        names = list(dict.fromkeys(name for values in per_arm for name in values))
        temporaries = self._temporaries(node, names, per_arm)
        names = [name for name in names if name not in temporaries]
        if not names:
            raise Refused("the branches assign nothing that outlives them")
        sentinels = self._none_placeholders(names, per_arm)
        check_identity_tests(context, [name for name in names if name not in sentinels])
        unbound = [name for name in names
                   if not _has_value(name, context) and any(name not in values for values in per_arm)]
        for name in unbound:
            computed = [context.code(values[name].value) for values in per_arm if name in values]
            if not any(FLOAT_TEXT.search(text) for text in computed):
                raise Refused(f"`{name}` is first defined in one branch only, so the other has no value for it")
        # A float bound in one branch only: the original raised UnboundLocalError reading it after
        # the other; NaN stands there, as "no value".
        nan = cst.parse_expression(f"{context.spell('jax.numpy')}.nan") if unbound else None
        slots = [[values[name].value if name in values else nan if name in unbound
                  else sentinels[name] if name in sentinels else cst.parse_expression(name)
                  for values in per_arm] for name in names]
        placeholders = {id(placeholder) for placeholder in sentinels.values()}
        refuse_none_holders(context, [read for node in [*tests, *(value for slot in slots for value in slot)]
                                      if id(node) not in placeholders for read in names_read(node)
                                      if not (read in sentinels and node in tests)])
        steps = [{name: assigned.step for name, assigned in values.items()} for values in per_arm]
        selection = Selection(context, tests, slots, names, steps)
        selection.notes += _unconditional_notes(list(temporaries.values()), context)
        if sentinels and selection.form != "where":
            refuse_none_holders(context, sentinels)
        selection.notes += [f"`{name}` is None until a branch sets it: where the original kept None, the rewrite "
                            f"holds `{context.code(placeholder.body).strip()}`, and a later `{name} is None` is False"
                            for name, placeholder in sentinels.items()]
        selection.notes += [f"`{name}` is bound in one branch only: where the original raised UnboundLocalError "
                            "reading it, the rewrite gives NaN" for name in unbound]
        if exhausted:
            selection.notes.append(
                f"where no test holds (NaN, say), Python raised `UnboundLocalError` reading `{exhausted[0]}`; "
                f"the rewrite gives the last branch's value, as if `{context.describe(arms[-1].test)}` held")
        lines = [f"{name} = {context.code(value).strip()}" for name, value in temporaries.items()]
        lines += self._named_tests(selection, names, set(temporaries))
        lines += selection.assignments(names)
        return self._replace(node, lines, selection, f"Replace the `if` with `{selection.callee()}(...)`")

    def _none_placeholders(self, names: list[str], per_arm) -> dict[str, cst.IfExp]:
        """{name: `jnp.nan if name is None else name`} for each name the branches set that is None
        until one of them does (`best = None` before the loop, `if score > best_score: best = x`).
        Python code around the `if` runs while tracing, so `name is None` is decided then: the
        selection keeps NaN (a float value) or -1 (otherwise) where the original kept None. A
        branch that sets the name to None, or a value that reads it, has no such form."""
        context = self.context
        found = {}
        for name in none_sentinels(context, names):
            assigned = [values[name].value for values in per_arm if name in values]
            if any(is_none_literal(value) for value in assigned) or any(
                    name in names_read(values[other].value) for values in per_arm for other in values):
                continue  # refused below, as before
            if not all(_an_array(context.value(value)) and not self._item_of_python_sequence(value) for value in assigned):
                continue  # `closest_state = state`, an object of the loop: no stand-in has its structure
            texts = [context.code(value).strip() for value in assigned]
            is_float = any(FLOAT_TEXT.search(text) for text in texts) or any(
                set(names_in(text)) & float_names(context.function, context.module) for text in texts)
            stand_in = f"{context.spell('jax.numpy')}.nan" if is_float else "-1"
            found[name] = cst.parse_expression(f"{stand_in} if {name} is None else {name}")
        return found

    def _item_of_python_sequence(self, value: cst.BaseExpression) -> bool:
        """`state` in `for state in [State(a), State(b)]`: an item of a Python list or tuple, which may
        be any object (its value says only that it holds traced leaves)."""
        if not isinstance(value, cst.Name):
            return False
        return any(isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and loop.target.value == value.value
                   and self.context.value(loop.iter).container and self.context.value(loop.iter).host != "range"
                   for loop in self.context.ancestors)

    def _named_tests(self, selection: Selection, names: list[str], temporaries: set[str]) -> list[str]:
        """Where several `jnp.where`s (or one per leaf of a tree) select by the same test that is
        more than a name, the test is computed once into a name of its own, before the selections, as Python's `if` computed it
        once before its branch (a selection that assigns a name the test reads cannot change what
        the later ones select by)."""
        context = self.context
        if selection.form != "where" or selection.order is None or (
                selection.selecting_statements() < 2 and not selection.reads_tests_per_leaf()):
            return []
        lines = []
        given = self._names_given.setdefault(id(context.function), set())
        for position, test in enumerate(selection.tests):
            if isinstance(test, (cst.Name, cst.Attribute)) or set(names_read(test)) & temporaries:
                continue
            name = fresh_name(name_for_test(context.code(test)), context, given)
            lines.append(f"{name} = {selection.test_text(position)}")
            selection.name_test(position, name)
        return lines

    def _temporaries(self, node: cst.If, names: list[str], per_arm) -> dict[str, cst.BaseExpression]:
        """Names a single branch computes from values before the `if` and nothing reads after
        it: they can be computed whatever the condition, ahead of the selections."""
        context = self.context
        found: dict[str, cst.BaseExpression] = {}
        for name in names:
            arms = [values for values in per_arm if name in values]
            if _has_value(name, context) or len(arms) != 1 or _read_outside(name, node, context.function):
                continue
            values = arms[0]
            assigned, step = values[name]
            earlier = {other for other, (_, other_step) in values.items() if other_step < step and other not in found}
            if earlier & set(names_read(assigned)):
                continue  # depends on a value the branch selects: not computable ahead
            found[name] = assigned
        return found

    def _check_fix(self, node: cst.If, raised: cst.Raise) -> Fix:
        """`if c: raise E("message")` becomes a runtime check that fails when `c` holds."""
        context = self.context
        exception = raised.exc
        if exception is None:
            raise Refused("a branch re-raises the current exception")
        arguments = exception.args if isinstance(exception, cst.Call) else ()
        if len(arguments) > 1 or any(argument.keyword or argument.star for argument in arguments):
            raise Refused(f"`{context.describe(exception)}` takes more than a message")
        check = runtime_check(context, node.test, True, arguments[0].value if arguments else None, "`raise`", node)
        statements = statements_replacing(node, list(check.lines), context)
        replacement = cst.FlattenSentinel(statements) if len(statements) > 1 else statements[0]
        note = f"{check.note}; the exception is no longer a `{context.describe(_exception_type(exception))}`"
        return context.fix(check.title, [(node, replacement)], Safety.UNSAFE, note)

    def _return_fix(self, node: cst.If, tests, returns, has_else: bool) -> Fix:
        title = "Replace the `if` and its returns with `return {}(...)`"
        if has_else:
            selection = Selection(self.context, tests, [returns])
            line = f"return {selection.expression(0, bare_tuple=True)}"
            return self._replace(node, [line], selection, title.format(selection.callee()))
        if _is_elif(node, self.context.parent()):
            raise Refused("the `elif` chain has no `else` to return from")
        run = self._following_returns(node, [*tests, *returns])
        selection = Selection(self.context, [*tests, *run.tests], [[*returns, *run.returns]])
        selection.notes += run.notes
        line = f"return {selection.expression(0, bare_tuple=True)}"
        if not run.passed:
            return self._replace(node, [line], selection, title.format(selection.callee()), run.removed)
        # Assignments stand between the early returns and the last: they stay, and the final
        # return selects among the values the early returns would have given.
        removed = [node, *run.removed[:-1]]
        return self._replace(run.removed[-1], [line], selection, title.format(selection.callee()), removed)

    def _following_returns(self, node: cst.If, read_by: list[cst.BaseExpression]) -> _ReturnRun:
        """What follows `node` up to the last `return`: `if c: return v` statements, assignments,
        then a `return` (or an `if` with an `else` that returns in every branch)."""
        context = self.context
        block = context.parent()
        statements = list(block.body) if isinstance(block, cst.IndentedBlock) else []
        position = next((i for i, s in enumerate(statements) if s is node), None)
        if position is None:
            raise Refused("the `if` is not followed by a `return`")
        run = _ReturnRun()
        reads = {name for expression in read_by for name in names_read(expression)}
        for statement in statements[position + 1 :]:
            if isinstance(statement, cst.If):
                arms = chain_arms(statement)
                values = [returned_value(arm.body) for arm in arms]
                if None in values or not all(truth_test_is_traced(context, a.test) for a in arms if a.test is not None):
                    break
                run.tests += [arm.test for arm in arms if arm.test is not None]
                run.returns += values
                run.removed.append(statement)
                reads.update(name for value in (*run.tests, *values) for name in names_read(value))
                if arms[-1].test is None:
                    return run
                continue
            value = _single_return(statement)
            if value is not None:
                run.returns.append(value)
                run.removed.append(statement)
                return run
            pairs = assignments_of(statement, context)
            if pairs is None:
                break
            changed = sorted({name for name, _ in pairs} & reads)
            if changed:
                raise Refused(f"`{changed[0]}` changes between an early `return` and the last one")
            run.passed.append(statement)
            run.notes += _unconditional_notes([value for _, value in pairs], context)
        else:
            raise Refused(_no_return_after(context.parent(2)))
        raise Refused("the code after the `if` is not a `return` of a value")

    def _replace(self, node: cst.If, lines, selection: Selection, title: str, removed=()) -> Fix:
        context = self.context
        if _is_elif(node, context.parent()):
            statements = statements_replacing(node, lines, context, removed, in_place=False)
            header = node.body.header if isinstance(node.body, cst.IndentedBlock) else cst.TrailingWhitespace()
            block = cst.IndentedBlock(body=statements, header=header)
            replacement: object = cst.Else(body=block, leading_lines=node.leading_lines)
        else:
            statements = statements_replacing(node, lines, context, removed)
            replacement = cst.FlattenSentinel(statements) if len(statements) > 1 else statements[0]
        edits = [(node, replacement), *((statement, cst.RemovalSentinel.REMOVE) for statement in removed)]
        return context.fix(title, edits, selection.safety, selection.note)


@dataclass
class _ReturnRun:
    """The early returns after an `if c: return v`, up to the statement that returns last."""

    tests: list[cst.BaseExpression] = field(default_factory=list)
    returns: list[cst.BaseExpression] = field(default_factory=list)
    removed: list[cst.CSTNode] = field(default_factory=list)  # the last one returns last
    passed: list[cst.CSTNode] = field(default_factory=list)  # assignments among them
    notes: list[str] = field(default_factory=list)


def _redundant_mask_guard(node: cst.If, context):
    """`if jnp.any(over):` around masked updates only: the body takes the `if`'s place, exactly
    (`masks.guards_masked_updates_only`), and its updates are rewritten by the boolean-mask rule."""
    if not guards_masked_updates_only(node, context.qualified_name):
        return None
    body = list(node.body.body)
    body[0] = body[0].with_changes(leading_lines=[*node.leading_lines, *body[0].leading_lines])
    return context.fix(f"Remove the `{context.describe(node.test)}` guard: a masked update changes nothing where no "
                       "element is selected", [(node, cst.FlattenSentinel(body))], Safety.SAFE)


def _unconditional_notes(values: list[cst.BaseExpression], context) -> list[str]:
    """Why computing `values` whatever the condition says may change behaviour."""
    hazard = first_hazard(values, context)
    if hazard is None:
        return []
    return [
        f"`{context.describe(hazard[1])}` now runs whatever the condition says: if it is costly, "
        "has side effects or yields NaN, the result or its gradient may change"
    ]


_NEGATED_OPERATORS = {cst.Equal: cst.NotEqual, cst.NotEqual: cst.Equal, cst.Is: cst.IsNot, cst.IsNot: cst.Is,
                      cst.In: cst.NotIn, cst.NotIn: cst.In}


def _negation(test: cst.BaseExpression, context) -> str:
    """`not test` as a person writes it: `a != 0` for `a == 0` (exact for `==`, `is`, `in`;
    `not (x < y)` stays as it is, since NaN makes it differ from `x >= y`)."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and not test.lpar:
        operator = test.comparisons[0].operator
        flipped = _NEGATED_OPERATORS.get(type(operator))
        if flipped is not None:
            spelled = test.with_changes(comparisons=[test.comparisons[0].with_changes(
                operator=flipped(whitespace_before=cst.SimpleWhitespace(" "), **(
                    {"whitespace_between": cst.SimpleWhitespace(" ")} if flipped in (cst.IsNot, cst.NotIn) else {}),
                    whitespace_after=cst.SimpleWhitespace(" ")))])
            return context.code(spelled).strip()
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return context.code(test.expression).strip()
    return f"not {_parenthesised(context.code(test).strip())}"


def _parenthesised(text: str) -> str:
    """`text` as an operand of `and`/`not`: in parentheses unless it is one name, call or subscript."""
    try:
        expression = cst.parse_expression(text)
    except cst.ParserSyntaxError:
        return f"({text})"
    if isinstance(expression, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Comparison)) \
            or expression.lpar:
        return text
    return f"({text})"


def _chain(arms: list[Arm]) -> cst.If:
    """An if/elif/else statement of `arms` (the first has a test)."""
    orelse = None
    for arm in reversed(arms[1:]):
        if arm.test is None:
            orelse = cst.Else(body=arm.body)
        else:
            orelse = cst.If(test=arm.test, body=arm.body, orelse=orelse)
    return cst.If(test=arms[0].test, body=arms[0].body, orelse=orelse)


def _raised(arms: list[Arm]) -> cst.Raise | None:
    """The `raise` of `if c: raise ...` with no other branch."""
    statement = sole_statement(arms[0].body) if len(arms) == 1 else None
    return statement if isinstance(statement, cst.Raise) else None


def _exception_type(exception: cst.BaseExpression) -> cst.BaseExpression:
    return exception.func if isinstance(exception, cst.Call) else exception


def _read_outside(name: str, node: cst.CSTNode, function: cst.CSTNode | None) -> bool:
    """Whether `name` appears in `function` anywhere but inside `node`."""
    if function is None:
        return True
    pending = [function]
    while pending:
        current = pending.pop()
        if current is node:
            continue
        if isinstance(current, cst.Name) and current.value == name:
            return True
        pending.extend(child_nodes(current))
    return False


def _is_elif(node: cst.CSTNode, parent: cst.CSTNode | None) -> bool:
    return isinstance(parent, cst.If) and parent.orelse is node


def _single_return(statement: cst.CSTNode) -> cst.BaseExpression | None:
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        small = statement.body[0]
        if isinstance(small, cst.Return):
            return small.value
    return None


def _no_return_after(owner: cst.CSTNode | None) -> str:
    """Why the statements after an early `return` end without one: the function really ends (an
    implicit `return None`), or the `if` sits in a loop or another block that goes on elsewhere."""
    if isinstance(owner, (cst.FunctionDef, cst.Lambda)):
        return "the function falls through to an implicit `return None`"
    if isinstance(owner, (cst.For, cst.While)):
        loop = "for" if isinstance(owner, cst.For) else "while"
        return f"the `return` leaves a `{loop}` loop early, which a selection cannot express"
    return "the `if` is in a block that does not end in a `return`"


def _has_value(name: str, context) -> bool:
    """Whether `name` (or an attribute, `self.v`) has a value before the `if`."""
    return "." in name or name in context.env


def _none_identity_test(test: cst.BaseExpression) -> bool:
    """`name is None` or `name is not None`."""
    return (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)
            and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot))
            and is_none_literal(test.comparisons[0].comparator))


def _tests_a_traced_none(test: cst.BaseExpression, context) -> bool:
    """`low is not None` where `low = v if traced_flag else None`: whether it is None depends on
    a traced value (the conditional expression's rule computes `v` always and tests the flag)."""
    from tracerfix.definitions import value_resolver

    if not _none_identity_test(test):
        return False
    bound = value_resolver(context)(test.left.value)
    return isinstance(bound, cst.IfExp) and context.is_traced(bound.test) and any(
        isinstance(end, cst.Name) and end.value == "None" for end in (bound.body, bound.orelse))


def _an_array(value) -> bool:
    """An array or a number, as far as the analysis knows: not an object, a container, a string, a
    module or a function."""
    return not value.container and is_plain_data(value)
