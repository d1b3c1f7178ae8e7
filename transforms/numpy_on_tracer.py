"""TFX401 numpy-on-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.numpy_equivalents import (
    SCIPY_STATS_EQUIVALENTS,
    MATH_ARITY,
    MATH_EQUIVALENTS,
    MATH_HOST_ONLY,
    MATH_INTEGER_RESULT,
    MATH_PARTIAL_DOMAIN,
    NUMPY_CONVERSIONS,
    NUMPY_DATA_DEPENDENT,
    NUMPY_DELEGATING_TO_FIRST,
    NUMPY_EQUIVALENTS,
    NUMPY_HOST_ONLY,
    NUMPY_HOST_ONLY_PACKAGES,
    NUMPY_ONLY_KEYWORDS,
    NUMPY_RENAMED_KEYWORDS,
    NUMPY_UFUNCS,
    SCIPY_SPECIAL_EQUIVALENTS,
)
from tracerfix.analysis.values import TRACED
from tracerfix.bindings import assigned_values
from tracerfix.concrete_arguments import is_concrete_slot, slots_for_function
from tracerfix.messages import under_tracing
from tracerfix.rewrite import (
    AUGMENTED_AT_METHODS,
    Refused,
    at_indices,
    attempt,
    numpy_recompute_fix,
    subscripted_name,
    walk,
)
from tracerfix.rule import Invalid, Rule, Safety, Valid

_CONSTRUCTORS = frozenset({"zeros", "ones", "empty", "full", "zeros_like", "ones_like", "empty_like", "full_like",
                           "array", "eye", "identity", "arange"})
# SciPy classes that hold what they are given without converting it: `OptimizeResult` is a dict.
SCIPY_CONTAINERS = frozenset({"optimize.OptimizeResult", "optimize._optimize.OptimizeResult"})
# Methods JAX arrays have too, returning a new array as NumPy's do (NumPy's `sort`, `fill` and
# `resize` work in place, `view`, `tolist` and `item` give other things, so they are not here).
_SHARED_METHODS = frozenset({
    "all", "any", "argmax", "argmin", "argsort", "astype", "clip", "conj", "copy", "cumprod", "cumsum",
    "diagonal", "dot", "flatten", "max", "mean", "min", "prod", "ravel", "repeat", "reshape", "round",
    "squeeze", "std", "sum", "swapaxes", "take", "trace", "transpose", "var",
})


# jax.numpy functions that hand a non-array argument (a list, a tuple) to NumPy's namesake.
_NUMPY_FALLBACKS = frozenset({"jax.numpy.ndim", "jax.numpy.shape", "jax.numpy.size"})


class NumpyOnTracer(Rule):
    """
    ## What it does
    Finds NumPy functions (`np.sin(x)`, `np.dot(w, x)`, `np.asarray(x)`) and `math` functions
    (`math.exp(x)`) called on traced values, and rewrites them to their `jax.numpy` counterparts
    when `jax.numpy` has a function with the same meaning and arguments. Also finds traced values
    written into a NumPy array (`mask[i][j] = 1 - s`) or a NumPy array written at traced indices
    (`key[hand[i]] = 0`, `board[ids != -1] = 0`), and rewrites the array into a JAX array built by
    the same constructor and written with `mask = mask.at[i, j].set(1 - s)` (a traced boolean
    mask then becomes `jnp.where`, TFX302). Methods JAX arrays share (`key = key.reshape(4, 13)`)
    may follow the writes. SciPy converts its arguments the same way: `scipy.special.gammaln(x)`
    becomes `jax.scipy.special.gammaln(x)`, `scipy.stats.norm.cdf(x, m, s)` becomes
    `jax.scipy.stats.norm.cdf(x, m, s)`, and a frozen distribution used only through its
    functions (`d = norm(m, s)`, then `d.cdf(0)`) calls JAX's with the frozen parameters after its
    own (`jax.scipy.stats.norm.cdf(0, m, s)`); other SciPy routines on tracers are reported. A
    conversion whose result the code then needs as a NumPy array (`isinstance(x, np.ndarray)`, an
    in-place write) is reported, not rewritten. `jnp.ndim`, `jnp.shape` and `jnp.size` hand a
    Python list or tuple to NumPy's namesake: `jnp.ndim([a, x])` with a traced element becomes
    `jnp.ndim(jnp.asarray([a, x]))`.

    ## Why is this bad?
    NumPy computes on concrete host arrays: it converts its arguments with `__array__`, which a
    tracer cannot do, so JAX raises `TracerArrayConversionError`. `math` functions call `float()`
    and raise `ConcretizationTypeError`. The code may work without `jax.jit` and fail under it.
    NumPy functions that delegate to the array's own method (`np.sum(x)`, `np.reshape(x, s)`,
    `np.split(x, 2)`) work on tracers and are not reported; neither is NumPy on static values
    (`np.prod(x.shape)`, `np.float32`, `np.pi`).

    ## Example
    ```python
    @jax.jit
    def func(x):
        return np.sin(x) + math.exp(x[0])
    ```

    ## Use instead
    ```python
    @jax.jit
    def func(x):
        return jnp.sin(x) + jnp.exp(x[0])
    ```
    Functions with no `jax.numpy` counterpart (`np.save`, `np.random.*`, `array2string`) are
    reported only: draw random numbers with `jax.random` and a key, run host code with
    `jax.pure_callback` or `jax.debug.callback`. One-argument `np.where`, `np.nonzero` and
    `np.unique` have a data-dependent size: use the `jax.numpy` version with `size=`.

    ## Fix safety
    The NumPy rewrite is safe: the functions are vetted to have the same meaning and signature in
    `jax.numpy`, and results agree to the precision of JAX's dtypes (NumPy promotes integers to
    float64 where JAX, without x64, computes in float32). Calls with NumPy-only keywords (`out=`,
    `order=`, `casting=`...) are reported, not rewritten. `np.array`/`np.asarray` become
    `jnp.array`/`jnp.asarray`, which is unsafe: the result is no longer a writable NumPy array.
    The `math` rewrite is safe for functions defined on all reals (`exp`, `sin`, `tanh`...); it is
    unsafe for `sqrt`, `log`, `acos`, `pow`... (math raises ValueError outside the domain, jnp
    returns NaN or inf) and for `floor`/`ceil`/`trunc` (math returns an int, jnp a float array).
    The NumPy-array rewrite is unsafe: the array's dtype follows JAX's defaults (float32 where NumPy
    made float64), and it is offered only when the array is built once in the function by a NumPy
    constructor and only indexed, written and read there (no NumPy method, no nested function).
    """

    code = "TFX401"
    name = "numpy-on-tracer"
    summary = "NumPy or `math` function called on a traced value"

    VALID = (
        Valid(
            """
from functools import partial
import math
import numpy as np
import jax
import jax.numpy as jnp

@jax.jit
def func(x):
    return jnp.sin(x) * np.pi + np.prod(x.shape) + math.sqrt(2.0)

@partial(jax.jit, static_argnums=1)
def halves(x, axis):
    return np.split(x, 2, axis), np.sum(x), np.float32(1.5)
""",
            note="the page's fixed versions; NumPy on static values; functions that use the array's methods",
        ),
        Valid(
            """
import jax
import numpy as np

def host_norm(x):
    return np.linalg.norm(np.asarray(x))

@jax.jit
def norm(x):
    return jax.pure_callback(host_norm, jax.ShapeDtypeStruct((), x.dtype), x)
""",
            note="NumPy inside a pure_callback runs on concrete arrays",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def f(x):
    table = np.zeros((3, 3))
    table[0][1] = 2.0
    return x * jnp.asarray(table)
""",
            note="a NumPy array written with Python values",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp
from scipy.optimize import OptimizeResult

def minimise(fun, x):
    x = x - 0.1 * jax.grad(fun)(x)
    return OptimizeResult(x=x, fun=fun(x), success=True)

@jax.jit
def solve(x):
    return minimise(lambda p: jnp.sum(p ** 2), x).x
""",
            note="`OptimizeResult` is a dict: it holds the traced values it is given without converting them",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import numpy as np

@jax.jit
def reactivity(t):
    return np.polyval([0.5, -1.0, 2.0], t) / t
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp

@jax.jit
def reactivity(t):
    return jnp.polyval(jnp.asarray([0.5, -1.0, 2.0]), t) / t
""",
            function="reactivity",
            inputs=("jnp.float32(2.0)", "jnp.array([1.0, 3.0])"),
            note="NumPy takes a literal list where `jnp.polyval` wants an array: the list is wrapped in "
            "`jnp.asarray` (NeSST's Bosch-Hale reactivity)",
        ),
        Invalid(
            """
from functools import partial
from jax import jit
import numpy as np
import jax.numpy as jnp

@jit
def func(x):
    return np.sin(x)
""",
            expected="""
from functools import partial
from jax import jit
import numpy as np
import jax.numpy as jnp

@jit
def func(x):
    return jnp.sin(x)
""",
            function="func",
            inputs=("jnp.arange(4.0)", "jnp.zeros(3)", "jnp.array([-1.5, 2.5])"),
            note="the page's TracerArrayConversionError example",
        ),
        Invalid(
            """
import math
import jax
import numpy

@jax.jit
def layer(w, x):
    h = numpy.tanh(numpy.dot(w, x))
    return numpy.linalg.norm(h) + math.exp(x[0]), numpy.where(h > 0, h, 0.0)
""",
            expected="""
import math
import jax
import numpy
import jax.numpy as jnp

@jax.jit
def layer(w, x):
    h = jnp.tanh(jnp.dot(w, x))
    return jnp.linalg.norm(h) + jnp.exp(x[0]), jnp.where(h > 0, h, 0.0)
""",
            count=5,
            function="layer",
            inputs=(
                "jnp.eye(2), jnp.array([0.5, -1.0])",
                "jnp.zeros((2, 2)), jnp.zeros(2)",
                "jnp.ones((3, 2)), jnp.array([2.0, 3.0])",
            ),
            note="nested calls, a subpackage, math, three-argument where",
        ),
        Invalid(
            """
import math
import jax

@jax.jit
def scale(x):
    return x / math.sqrt(x.sum())
""",
            expected="""
import math
import jax
import jax.numpy as jnp

@jax.jit
def scale(x):
    return x / jnp.sqrt(x.sum())
""",
            unsafe=True,
            function="scale",
            inputs=("jnp.array([1.0, 3.0])", "jnp.ones(4)", "jnp.array([0.5, 0.0])"),
            note="math.sqrt of a negative number raises; jnp.sqrt returns NaN: unsafe",
        ),
        Invalid(
            """
import jax
import numpy as np

@jax.jit
def host_side(x, key):
    np.save("x.npy", x)
    noise = np.random.normal(size=3) * x
    return np.nonzero(x), np.sin(x, out=None)
""",
            count=3,
            note="I/O, a one-argument nonzero and a NumPy-only keyword: reported, not rewritten",
        ),
        Invalid(
            """
import jax
import scipy.special


@jax.jit
def log_gamma(x):
    return scipy.special.gammaln(x + 1.0)
""",
            expected="""
import jax
import scipy.special


@jax.jit
def log_gamma(x):
    return jax.scipy.special.gammaln(x + 1.0)
""",
            function="log_gamma",
            inputs=("jnp.array([0.5, 2.0, 7.0])",),
            note="SciPy converts its arguments with NumPy too; `jax.scipy.special` has the namesake",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import numpy as np
import scipy.optimize


@jax.jit
def refine(x):
    result = scipy.optimize.minimize(lambda p: ((p - 1.0) ** 2).sum(), jnp.zeros(2))
    return x * result.x[0]
""",
            note="a SciPy routine without a JAX namesake on a tracer: reported, not rewritten",
        ),
        Invalid(
            """
import jax
import numpy as np


@jax.jit
def prepare(obs):
    obs = np.array(obs)
    assert isinstance(obs, np.ndarray)
    return obs * 2
""",
            note="the code then needs a NumPy array (`isinstance(obs, np.ndarray)`): `jnp.array` would break "
            "that check, so the conversion is reported, not rewritten",
        ),
        Invalid(
            """
import jax
import numpy as np


@jax.jit
def f(tree):
    return jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), tree)
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp


@jax.jit
def f(tree):
    return jax.tree_util.tree_map(lambda x: jnp.append(x[0], x[:-1]), tree)
""",
            function="f",
            inputs=("jnp.arange(4.0)",),
            note="tree_map hands its function the traced leaves",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import numpy as np

def masks(pairs, scales, n):
    mask = np.ones((n, n))
    for (i, j), s in zip(pairs, scales):
        mask[i][j] = 1 - s
        mask[j][i] = 1 - s
    return mask

@jax.jit
def energy(e, scales):
    return jnp.sum(e * masks(np.array([[0, 1], [1, 2]]), scales, 3))
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np

def masks(pairs, scales, n):
    mask = jnp.ones((n, n))
    for (i, j), s in zip(pairs, scales):
        mask = mask.at[i, j].set(1 - s)
        mask = mask.at[j, i].set(1 - s)
    return mask

@jax.jit
def energy(e, scales):
    return jnp.sum(e * masks(np.array([[0, 1], [1, 2]]), scales, 3))
""",
            unsafe=True,
            function="energy",
            inputs=("jnp.ones((3, 3)), jnp.array([0.5, 0.25])",),
            note="traced values written into a NumPy array (timemachine's rescale masks): a JAX array written "
            "with `.at[...].set`, one fix for every write (unsafe: float32 where NumPy made float64)",
        ),
        Invalid(
            """
import jax
import numpy as np

@jax.jit
def state_to_key(hand):
    key = np.zeros(8, dtype=np.int8)
    for i in range(8):
        key[hand[i]] = i // 4
    key = key.reshape(2, 4)
    return key.sum(axis=1)
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp

@jax.jit
def state_to_key(hand):
    key = jnp.zeros(8, dtype=np.int8)
    for i in range(8):
        key = key.at[hand[i]].set(i // 4)
    key = key.reshape(2, 4)
    return key.sum(axis=1)
""",
            unsafe=True,
            function="state_to_key",
            inputs=("jnp.array([3, 1, 0, 2, 7, 5, 4, 6])", "jnp.array([7, 6, 5, 4, 3, 2, 1, 0])"),
            note="a NumPy array written at traced indices (pgx's bridge-bidding key) and reshaped afterwards: "
            "the JAX array takes the writes and the reshape alike",
        ),
        Invalid(
            """
import jax
import numpy as np

@jax.jit
def learning_rate(step):
    progress = (step - 100) / float(900)
    progress = np.clip(progress, 0.0, 1.0)
    return 0.03 * 0.5 * (1.0 + np.cos(np.pi * progress))
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp

@jax.jit
def learning_rate(step):
    progress = (step - 100) / float(900)
    progress = jnp.clip(progress, 0.0, 1.0)
    return 0.03 * 0.5 * (1.0 + jnp.cos(np.pi * progress))
""",
            function="learning_rate",
            count=2,
            inputs=("jnp.array(50)", "jnp.array(500)", "jnp.array(5000)"),
            note="`np.clip` of a traced step (vision_transformer's learning-rate schedule): NumPy passes `out=` "
            "to the array's `clip`, which JAX's does not take, then converts the tracer",
        ),
        Invalid(
            """
import jax
import numpy as np


@jax.jit
def add_noise(image):
    noisy = image + np.random.normal(0.0, 0.1, image.shape)
    return np.clip(noisy, 0.0, 1.0)
""",
            note="a global NumPy draw runs once under jit, so no rewrite can agree with the eager "
            "original: reported, not rewritten",
        ),
        Invalid(
            """
import jax
import numpy as np


@jax.jit
def add_seeded_noise(image):
    rng = np.random.default_rng(0)
    noisy = image + rng.normal(0.0, 0.1, image.shape)
    return np.clip(noisy, 0.0, 1.0)
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp


@jax.jit
def add_seeded_noise(image):
    rng = np.random.default_rng(0)
    noisy = image + rng.normal(0.0, 0.1, image.shape)
    return jnp.clip(noisy, 0.0, 1.0)
""",
            inputs=("jnp.linspace(0.0, 1.0, 6)",),
            note="a generator seeded inside draws the same on every call: the fix agrees",
        ),
        Invalid(
            """
import jax
import numpy as onp

@jax.jit
def discounted_returns(rewards, gamma):
    returns = onp.zeros_like(rewards)
    ret = 0.0
    for i in reversed(range(len(rewards))):
        ret = rewards[i] + gamma * ret
        returns[i] = ret
    return returns
""",
            expected="""
import jax
import numpy as onp
import jax.numpy as jnp

@jax.jit
def discounted_returns(rewards, gamma):
    returns = jnp.zeros_like(rewards)
    ret = 0.0
    for i in reversed(range(len(rewards))):
        ret = rewards[i] + gamma * ret
        returns = returns.at[i].set(ret)
    return returns
""",
            unsafe=True,
            function='discounted_returns',
            inputs=("(jnp.array([1.0, 0.0, -2.0, 0.5]), 0.9)", "(jnp.zeros(1), 0.0)", "(jnp.arange(6.0), 1.0)"),
            note='a NumPy buffer made from a traced array and written in place, filled backwards (discounted returns of an RL rollout): a JAX array written with .at',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial

@partial(jax.jit, static_argnums=1)
def shell_sums(volume, n):
    k = jnp.fft.fftfreq(n)
    X, Y = jnp.meshgrid(k, k)
    r = np.sqrt(X**2 + Y**2)
    return jnp.sum(jnp.where(r < 0.25, volume, 0.0))
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial

@partial(jax.jit, static_argnums=1)
def shell_sums(volume, n):
    k = np.fft.fftfreq(n)
    X, Y = np.meshgrid(k, k)
    r = np.sqrt(X**2 + Y**2)
    return jnp.sum(jnp.where(r < 0.25, volume, 0.0))
""",
            unsafe=True,
            function="shell_sums",
            inputs=("(jnp.ones((4, 4)), 4)",),
            note="the grid is built by `jnp` from a static size, so it is traced under jit and `np.sqrt` "
            "cannot read it; NumPy builds it concrete instead (a cryo-EM shell correlation), and what is "
            "computed from it stays Python-side",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from scipy.stats import norm

@jax.jit
def capture_probability(mean, var):
    distribution = norm(mean, jnp.sqrt(var))
    return distribution.cdf(0.0) - distribution.cdf(-1.0)
""",
            expected="""
import jax
import jax.numpy as jnp
from scipy.stats import norm

@jax.jit
def capture_probability(mean, var):
    return jax.scipy.stats.norm.cdf(0.0, mean, jnp.sqrt(var)) - jax.scipy.stats.norm.cdf(-1.0, mean, jnp.sqrt(var))
""",
            function="capture_probability",
            inputs=("(jnp.float32(0.3), jnp.float32(2.0))", "(jnp.float32(-1.5), jnp.float32(0.5))"),
            note="a probabilistic engagement zone (grastagg): a frozen SciPy distribution used only through its "
            "methods; JAX's namesake takes the frozen parameters after `x`",
        ),
        Invalid(
            """
import jax
import scipy.stats

@jax.jit
def tail(x, a):
    return scipy.stats.gamma.logsf(x, a)
""",
            expected="""
import jax
import scipy.stats

@jax.jit
def tail(x, a):
    return jax.scipy.stats.gamma.logsf(x, a)
""",
            function="tail",
            inputs=("(jax.numpy.float32(1.5), jax.numpy.float32(2.0))",),
            note="a distribution's function called with its parameters: JAX's takes the same arguments",
        ),
        Invalid(
            """
import jax
import numpy as np

def piecewise_constant(boundaries, values):
    def learning_rate(step):
        return np.searchsorted(boundaries, step)
    return learning_rate

schedule = piecewise_constant([1000, 3000], [1.0, 0.5, 0.1])
f = jax.jit(schedule)
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp

def piecewise_constant(boundaries, values):
    def learning_rate(step):
        return jnp.searchsorted(jnp.asarray(boundaries), step)
    return learning_rate

schedule = piecewise_constant([1000, 3000], [1.0, 0.5, 0.1])
f = jax.jit(schedule)
""",
            function="f",
            inputs=("(jnp.asarray(2500.0),)", "(jnp.asarray(10.0),)"),
            note="trax's schedule: `np.searchsorted(edges, v)` runs `edges.searchsorted(v)`, which converts the "
            "traced `v`; the list the factory was given becomes an array for `jnp.searchsorted`",
        ),
        Invalid(
            """
import functools

import jax
import jax.numpy as jnp
import numpy as np

@functools.partial(jax.jit, static_argnames="per_element")
def growth(v, v_next, per_element):
    if per_element:
        rate = np.zeros(len(v))
        for i in range(len(v)):
            rate[i] = (v_next[i] - v[i]) / (1 - v[i])
    else:
        rate = (v_next - v) / (1 - v)
    return jnp.maximum(0, rate)
""",
            expected="""
import functools

import jax
import jax.numpy as jnp
import numpy as np

@functools.partial(jax.jit, static_argnames="per_element")
def growth(v, v_next, per_element):
    if per_element:
        rate = jnp.zeros(len(v))
        for i in range(len(v)):
            rate = rate.at[i].set((v_next[i] - v[i]) / (1 - v[i]))
    else:
        rate = (v_next - v) / (1 - v)
    return jnp.maximum(0, rate)
""",
            unsafe=True,
            function="growth",
            inputs=("jnp.array([0.2, 0.5]), jnp.array([0.3, 0.4]), True",
                    "jnp.array([0.2, 0.5]), jnp.array([0.3, 0.4]), False"),
            note="a buffer one branch builds with NumPy and writes per element, the other assigns an array: "
            "the writes go into a JAX array whichever branch ran",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def add_rank(x):
    return x + jnp.ndim([jnp.ones(1), x])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def add_rank(x):
    return x + jnp.ndim(jnp.asarray([jnp.ones(1), x]))
""",
            function="add_rank",
            inputs=("jnp.array([1.0])",),
            note="`jnp.ndim` of a list hands it to `np.ndim`, which converts the traced elements (a JAX issue)",
        ),
    )

    def visit_Assign(self, node: cst.Assign) -> None:
        """`m[i][j] = traced`, or `m[traced] = v`, into a NumPy array: NumPy converts the tracer
        to store the value or to read the index."""
        context = self.context
        for target in node.targets:
            base, indices = target.target, []
            while isinstance(base, cst.Subscript):
                indices += [element.slice for element in base.slice]
                base = base.value
            if base is target.target or not isinstance(base, cst.Name):
                continue
            traced_index = any(isinstance(index, cst.Index) and context.is_traced(index.value) for index in indices)
            if context.value(base).host == "numpy" and (traced_index or context.is_traced(node.value)):
                if context.claimed(target.target):
                    return  # the fix of the array's first traced write rewrites this one too
                fix, reason = attempt(lambda: self._jax_array_fix(base.value))
                what = "writes a traced value into" if context.is_traced(node.value) else "writes at a traced index of"
                self.report(
                    target.target,
                    f"`{context.describe(target.target)} = {context.describe(node.value)}` {what} "
                    f"the NumPy array `{base.value}`, which converts it and fails under "
                    f"{under_tracing(context)} with TracerArrayConversionError; build `{base.value}` with "
                    f"`jax.numpy` and write with `{base.value} = {base.value}.at[...].set(...)`{reason}",
                    fix,
                )

    def _jax_array_fix(self, name: str):
        """`m = np.ones((n, n))` and every `m[i][j] = v` as `m = jnp.ones((n, n))` and
        `m = m.at[i, j].set(v)`: the array becomes a JAX array written functionally."""
        context = self.context
        function = context.function
        if not isinstance(function, cst.FunctionDef):
            raise Refused("the array is not built in a function")
        created, writes, rebound, remade = None, [], False, []
        for node in walk(function.body):
            if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and any(
                    isinstance(inner, cst.Name) and inner.value == name for inner in walk(node)):
                raise Refused(f"`{name}` is used in a nested function")
            if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, cst.Name) and target.value == name:
                        if created is None and isinstance(node, cst.Assign) and len(node.targets) == 1:
                            created = node
                        elif isinstance(node, cst.Assign) and len(node.targets) == 1 \
                                and self._array_made_anew(node.value):
                            # `rate = np.zeros(n)` in one branch, `rate = (1 / (1 - v)) * d` in the
                            # other: whichever ran, the writes after it go into a JAX array.
                            remade.append(node)
                        elif created is None or writes == []:
                            raise Refused(f"`{name}` is assigned more than once")
                        else:
                            rebound = True  # `key = key.reshape(4, 13)` after the writes
                    elif subscripted_name(target) == name:
                        if len(targets) != 1:
                            raise Refused(f"`{name}` is written in a chained assignment")
                        if rebound:
                            raise Refused(f"`{name}` is written after it is assigned again")
                        writes.append(node)
            elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                    and isinstance(node.func.value, cst.Name) and node.func.value.value == name \
                    and node.func.attr.value not in _SHARED_METHODS:
                raise Refused(f"`{name}.{node.func.attr.value}(...)` is a NumPy method")
        call = created.value if created is not None else None
        qualified = context.qualified_name(call.func) or "" if isinstance(call, cst.Call) else ""
        if not qualified.startswith("numpy.") or qualified[len("numpy."):] not in _CONSTRUCTORS:
            raise Refused(f"`{name}` is not built here by a NumPy constructor")
        jnp = context.spell("jax.numpy")
        edits = [(call.func, context.parse_expression(f"{jnp}.{qualified[len('numpy.'):]}"))]
        for assignment in remade:
            made = self._numpy_constructor(assignment.value)
            if made is not None:
                edits.append((assignment.value.func, context.parse_expression(f"{jnp}.{made}")))
        for write in writes:
            target = write.targets[0].target if isinstance(write, cst.Assign) else write.target
            indices = at_indices(target, context)
            if indices is None:
                raise Refused(f"`{context.describe(target)}` chains slices, which `.at[...]` does not read alike")
            method = "set" if isinstance(write, cst.Assign) else AUGMENTED_AT_METHODS.get(type(write.operator))
            if method is None:
                raise Refused(f"`{context.describe(write)}` has no `.at[...]` form")
            value = context.code(write.value).strip()
            edits.append((write, context.parse_statement(f"{name} = {name}.at[{indices}].{method}({value})\n").body[0]))
            context.claim(target)
        note = (f"`{name}` becomes a JAX array: its dtype follows JAX's defaults (float32 where NumPy made "
                "float64), and code that hands it to NumPy afterwards gets a tracer")
        fix = context.fix(f"Build `{name}` with `{jnp}` and write it with `.at[...]`", edits, Safety.UNSAFE, note)
        # Before the lowering of a traced `if` or loop around the writes: that would hand the
        # NumPy array to a `lax` branch, where it arrives as a tracer no write can go into.
        fix.first = True
        return fix

    def _numpy_constructor(self, value: cst.BaseExpression) -> str | None:
        """`zeros` for `np.zeros(n)`: the NumPy constructor `value` calls, if it is one."""
        if not isinstance(value, cst.Call):
            return None
        qualified = self.context.qualified_name(value.func) or ""
        made = qualified[len("numpy."):] if qualified.startswith("numpy.") else None
        return made if made in _CONSTRUCTORS else None

    def _array_made_anew(self, value: cst.BaseExpression) -> bool:
        """Whether an assignment's value is a new array that `.at[...]` can write once the NumPy
        constructors are `jnp` ones: a NumPy or `jnp` constructor, or a traced value."""
        if self._numpy_constructor(value) is not None or self.context.is_traced(value):
            return True
        qualified = self.context.qualified_name(value.func) or "" if isinstance(value, cst.Call) else ""
        return qualified.startswith("jax.numpy.") and qualified[len("jax.numpy."):] in _CONSTRUCTORS

    def visit_Call(self, node: cst.Call) -> None:
        qualified = self.context.qualified_name(node.func) or ""
        if qualified.startswith("numpy."):
            self._numpy_call(node, qualified[len("numpy.") :])
        elif qualified.startswith("math."):
            self._math_call(node, qualified[len("math.") :])
        elif qualified.startswith("scipy."):
            self._scipy_call(node, qualified[len("scipy.") :])
        elif qualified in _NUMPY_FALLBACKS:
            self._numpy_fallback(node, qualified)

    def _numpy_fallback(self, node: cst.Call, qualified: str) -> None:
        """`jnp.ndim([x])`, `jnp.shape((a, b))`: given a Python list or tuple rather than an array,
        these call NumPy's namesake, which converts the traced elements to a NumPy array."""
        context = self.context
        if len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return
        operand = node.args[0].value
        if not isinstance(operand, (cst.List, cst.Tuple)) or not operand.elements \
                or any(isinstance(e, cst.StarredElement) for e in operand.elements) \
                or not any(context.value(e.value).traced for e in operand.elements):
            return
        jnp = context.spell("jax.numpy")
        stacked = context.parse_expression(f"{jnp}.asarray({context.code(operand).strip()})")
        fix = context.fix(f"Stack the elements with `{jnp}.asarray`", [(operand, stacked)], Safety.SAFE)
        self.report(node, f"`{context.describe(node.func)}` of a Python {'list' if isinstance(operand, cst.List) else 'tuple'} "
                          f"calls NumPy's namesake, which converts traced "
                          f"`{context.describe(next(e.value for e in operand.elements if context.value(e.value).traced))}` "
                          f"and fails under {under_tracing(context)}; stack the elements into an array first", fix)

    def _scipy_call(self, node: cst.Call, name: str) -> None:
        """SciPy converts its array arguments with NumPy: `scipy.special.gammaln(x)` has a
        `jax.scipy` namesake; `scipy.optimize.minimize(fun, x0)` runs on the host only."""
        context = self.context
        traced = self._traced_arguments(node)
        if not traced or name in SCIPY_CONTAINERS:
            return
        opening = (
            f"`scipy.{name}` converts traced `{context.describe(traced[0].value)}` to a NumPy array and "
            f"fails under {under_tracing(context)} with TracerArrayConversionError"
        )
        module, _, leaf = name.rpartition(".")
        if module == "special" and leaf in SCIPY_SPECIAL_EQUIVALENTS and not any(arg.star for arg in node.args):
            function = f"{context.spell('jax.scipy.special')}.{leaf}"
            replacement = node.with_changes(func=context.parse_expression(function))
            fix = context.fix(f"Replace with `{function}`", [(node, replacement)], Safety.SAFE)
            self.report(node, f"{opening}; use `{function}`", fix)
            return
        if module.startswith("stats.") and module[len("stats."):] in SCIPY_STATS_EQUIVALENTS \
                and leaf in SCIPY_STATS_EQUIVALENTS[module[len("stats."):]]:
            # `scipy.stats.norm.cdf(x, loc, scale)`: JAX's namesake takes the same arguments.
            function = f"{context.spell('jax.scipy.stats')}.{module[len('stats.'):]}.{leaf}"
            fix = context.fix(f"Replace with `{function}`", [(node, node.with_changes(
                func=context.parse_expression(function)))], Safety.SAFE)
            self.report(node, f"{opening}; use `{function}`", fix)
            return
        if module == "stats" and leaf in SCIPY_STATS_EQUIVALENTS:
            frozen = self._frozen_distribution_fix(node, leaf)
            if frozen is not None:
                fix, advice, first_use = frozen
                # Reported where SciPy converts, the first call of a method (JAX's error points there).
                shown = context.describe(first_use.func)
                self.report(first_use, f"`{shown}` of the frozen `scipy.{name}` made with traced "
                                       f"`{context.describe(traced[0].value)}` converts it to a NumPy array and fails "
                                       f"under {under_tracing(context)} with TracerArrayConversionError; {advice}", fix)
                return
        self.report(node, f"{opening}; use a `jax.scipy` counterpart if it has one (`jax.scipy.{name}`), "
                          "or run it on the host with `jax.pure_callback`")

    def _frozen_distribution_fix(self, node: cst.Call, distribution: str):
        """`d = norm(mean, sd)` then only `d.cdf(0)`, `d.logpdf(x)`: each use calls JAX's namesake
        with the frozen parameters after its own (`jax.scipy.stats.norm.cdf(0, mean, sd)`)."""
        context = self.context
        function = context.function
        statement = context.enclosing(cst.SimpleStatementLine)
        if function is None or statement is None or len(statement.body) != 1:
            return None
        assign = statement.body[0]
        if not isinstance(assign, cst.Assign) or assign.value is not node or len(assign.targets) != 1 \
                or not isinstance(assign.targets[0].target, cst.Name) or any(arg.star for arg in node.args):
            return None
        name = assign.targets[0].target.value
        methods = SCIPY_STATS_EQUIVALENTS[distribution]
        uses = [n for n in walk(function) if isinstance(n, cst.Name) and n.value == name and n is not assign.targets[0].target]
        calls = [n for n in walk(function) if isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute)
                 and isinstance(n.func.value, cst.Name) and n.func.value.value == name]
        # Every other mention is a method call (`d += ...` or `for d in` would be one that is not).
        if not calls or len(calls) != len(uses) or len(assigned_values(function, name)) != 1:
            return None
        if any(call.func.attr.value not in methods or any(arg.keyword is not None or arg.star for arg in call.args)
               for call in calls):
            return None
        stats = context.spell("jax.scipy.stats")
        frozen = [context.code(arg).strip().rstrip(",").strip() for arg in node.args]
        edits: list = [(statement, cst.RemovalSentinel.REMOVE)]
        for call in calls:
            own = [context.code(arg.value).strip() for arg in call.args]
            text = f"{stats}.{distribution}.{call.func.attr.value}({', '.join([*own, *frozen])})"
            edits.append((call, context.parse_expression(text)))
        return (context.fix(f"Call `{stats}.{distribution}`'s functions with the parameters", edits, Safety.SAFE),
                f"JAX has no frozen distributions, but `{stats}.{distribution}` takes the parameters after `x`",
                calls[0])  # `walk` goes in source order

    def _traced_arguments(self, node: cst.Call) -> list[cst.Arg]:
        return [arg for arg in node.args if self.context.value(arg.value).trace == TRACED]

    def _numpy_call(self, node: cst.Call, name: str) -> None:
        context = self.context
        traced = self._traced_arguments(node)
        if not traced:
            return
        positional = [arg for arg in node.args if arg.keyword is None]
        keywords = {arg.keyword.value for arg in node.args if arg.keyword is not None}
        holder = _module_parameter(node, context)
        spelled = f"{holder}.{name}" if holder else f"np.{name}"
        opening = (
            f"`{spelled}` converts traced `{context.describe(traced[0].value)}` to a NumPy array and "
            f"fails under {under_tracing(context)} with TracerArrayConversionError"
            + (f" (`{holder}` is NumPy here: the call into this function leaves it at its default)" if holder else "")
        )
        recomputed = numpy_recompute_fix(context, traced[0].value) if len(traced) == 1 else None
        if recomputed is not None:
            # `r = np.sqrt(X**2 + Y**2)` with the grid built by `jnp` from static sizes: NumPy
            # builds it concrete, and everything computed from it stays Python-side.
            self.report(node, f"{opening}; it is computed from Python values only: compute its inputs with NumPy, "
                              "which gives concrete values", recomputed)
            return
        if name == "where" and len(positional) == 1 or name in NUMPY_DATA_DEPENDENT:
            self.report(node, f"{opening}; its size depends on the values: use `jnp.{name}(..., size=...)`")
            return
        if name in NUMPY_HOST_ONLY or name.startswith(NUMPY_HOST_ONLY_PACKAGES):
            advice = (
                "draw with `jax.random` and a key"
                if name.startswith("random.")
                else "run it on the host with `jax.debug.callback` or `jax.pure_callback`"
            )
            self.report(node, f"{opening}; {advice}")
            return
        delegated = name in NUMPY_DELEGATING_TO_FIRST and bool(positional) and traced[0] is not positional[0]
        rewritable = name in NUMPY_EQUIVALENTS or name in NUMPY_CONVERSIONS or (name == "where" and len(positional) == 3) \
            or delegated
        if not rewritable:
            return  # unlisted: it may dispatch to the array's own method and work
        unsupported = keywords & (NUMPY_ONLY_KEYWORDS | NUMPY_RENAMED_KEYWORDS.get(name, frozenset())) or (
            name in NUMPY_UFUNCS and "where" in keywords)
        if unsupported or any(arg.star for arg in node.args) and name in NUMPY_UFUNCS:
            shown = ", ".join(f"`{k}=`" for k in sorted(unsupported or {"*"}))
            self.report(node, f"{opening}; use `jnp.{name}` (it does not take {shown})")
            return
        jnp_name = {"asanyarray": "asarray", "ascontiguousarray": "asarray"}.get(name, name)
        safety, note = Safety.SAFE, ""
        needs_numpy = _needs_a_numpy_array(node, context)
        if needs_numpy is not None:
            name_written, written_in_place = needs_numpy
            fix, reason = (None, "")
            if written_in_place:
                # `returns = np.zeros_like(rewards)` then `returns[i] = r`: a JAX array written with `.at`.
                fix, reason = attempt(lambda: self._jax_array_fix(name_written))
            advice = (f"build `{name_written}` with `jax.numpy` and write with `{name_written} = "
                      f"{name_written}.at[...].set(...)`" if written_in_place else
                      f"keep the traced value a JAX array throughout (`jnp.{jnp_name}`), and drop that check")
            self.report(node, f"{opening}; the code then needs a NumPy array ({_NUMPY_NEEDS[written_in_place]}"
                              f"): {advice}{reason}", fix)
            return
        if name in NUMPY_CONVERSIONS:
            safety = Safety.UNSAFE
            note = (
                f"`jnp.{jnp_name}` gives a JAX array, not a writable NumPy array: in-place writes and "
                "NumPy-only methods on the result stop working"
            )
        if holder:
            safety = Safety.UNSAFE
            note = (f"calls `jnp.{jnp_name}` whatever module a caller passes for `{holder}`: eager NumPy callers get "
                    f"JAX arrays (float32) back; passing `{holder}=jnp` from the traced caller keeps them as they were")
        self.report(node, f"{opening}; use `jnp.{jnp_name}`", self._fix(node, jnp_name, safety, note))

    def _math_call(self, node: cst.Call, name: str) -> None:
        context = self.context
        if not any(context.is_traced(arg.value) for arg in node.args):
            return
        opening = (
            f"`math.{name}` needs a Python number but gets a traced value and fails under "
            f"{under_tracing(context)}"
        )
        if name in MATH_HOST_ONLY:
            self.report(node, f"{opening}; use its `jax.numpy`/`jax.scipy.special` counterpart")
            return
        jnp_name = MATH_EQUIVALENTS.get(name)
        if jnp_name is None:
            return
        plain = all(arg.keyword is None and not arg.star for arg in node.args)
        if not plain or len(node.args) != MATH_ARITY.get(name, 1):
            self.report(node, f"{opening}; use `jnp.{jnp_name}`")
            return
        safety, note = Safety.SAFE, ""
        if name in MATH_PARTIAL_DOMAIN:
            safety = Safety.UNSAFE
            note = f"`math.{name}` raises ValueError outside its domain where `jnp.{jnp_name}` returns NaN or inf"
        elif name in MATH_INTEGER_RESULT:
            safety = Safety.UNSAFE
            note = f"`math.{name}` returns a Python int; `jnp.{jnp_name}` returns a float array (add `.astype(int)` where an int is needed)"
        self.report(node, f"{opening}; use `jnp.{jnp_name}`", self._fix(node, jnp_name, safety, note))

    def _fix(self, node: cst.Call, jnp_name: str, safety: Safety, note: str):
        context = self.context
        function = f"{context.spell('jax.numpy')}.{jnp_name}"
        replacement = node.with_changes(func=context.parse_expression(function), args=[
            arg.with_changes(value=context.parse_expression(f"{function.rpartition('.')[0]}.asarray({context.code(arg.value).strip()})"))
            if _sequence_operand(node, arg, jnp_name, context) else arg for arg in node.args])
        return context.fix(f"Replace with `{function}`", [(node, replacement)], safety, note)


# `jax.numpy` functions that take a sequence of arrays (or of sizes) where NumPy does.
_SEQUENCE_TAKING = frozenset({
    "array", "asarray", "stack", "vstack", "hstack", "dstack", "column_stack", "row_stack", "concatenate", "block",
    "meshgrid", "broadcast_arrays", "ix_", "einsum", "broadcast_shapes", "result_type", "select", "piecewise",
})


def _sequence_operand(call: cst.Call, arg: cst.Arg, jnp_name: str, context) -> bool:
    """`np.polyval([a, b, c], t)`: NumPy takes a list where `jnp` wants an array ("polyval requires
    ndarray or scalar arguments"), so a list or tuple in an array's place (a literal, or a name
    known to hold one: `np.searchsorted(boundaries, t)` with `boundaries=[1000, 3000]`) is wrapped
    in `jnp.asarray`; not a shape, an axis or the sequence a stacking function takes."""
    if arg.keyword is not None or arg.star or jnp_name in _SEQUENCE_TAKING:
        return False
    if not isinstance(arg.value, (cst.List, cst.Tuple)) and context.value(arg.value).host not in ("list", "tuple"):
        return False
    return not is_concrete_slot(call, arg.value, slots_for_function(f"jax.numpy.{jnp_name}"))


_NUMPY_NEEDS = {True: "it is written in place", False: "an `isinstance` check asks for `np.ndarray`"}


def _needs_a_numpy_array(call: cst.Call, context) -> tuple[str, bool] | None:
    """What, after `x = np.array(...)`, needs `x` to stay a NumPy array, which a JAX array
    breaks: (`x`, True) for `x[i] = v`, (`x`, False) for `isinstance(x, np.ndarray)`; None when
    nothing does."""
    statement = next((a for a in reversed(context.ancestors) if isinstance(a, cst.Assign)), None)
    function = context.function
    if statement is None or statement.value is not call or len(statement.targets) != 1 \
            or not isinstance(statement.targets[0].target, cst.Name) or not isinstance(function, cst.FunctionDef):
        return None
    name = statement.targets[0].target.value
    written = False
    for node in walk(function.body):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "isinstance" \
                and len(node.args) == 2 and isinstance(node.args[0].value, cst.Name) and node.args[0].value.value == name \
                and (context.qualified_name(node.args[1].value) or "") == "numpy.ndarray":
            return name, False
        if isinstance(node, (cst.Assign, cst.AugAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            written |= any(isinstance(t, cst.Subscript) and isinstance(t.value, cst.Name) and t.value.value == name
                           for t in targets)
    return (name, True) if written else None


def _module_parameter(call: cst.Call, context) -> str | None:
    """The local name through which `call` reaches NumPy (`xnp` in `xnp.stack(...)`), if not an import."""
    head = call.func
    while isinstance(head, cst.Attribute):
        head = head.value
    if isinstance(head, cst.Name) and head.value in context.env and head.value not in context.imports.aliases:
        return head.value
    return None
