"""TFX201 concrete-conversion-of-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis import known
from tracerfix.bindings import assigned_values, reads
from tracerfix.concrete_arguments import (
    conversion_operand,
    is_concrete_slot,
    slots_for_function,
    slots_for_method,
)
from tracerfix.messages import under_tracing
from tracerfix.rewrite import certainly_0d, numpy_recompute_fix
from tracerfix.rule import Invalid, Rule, Safety, Valid
from tracerfix.static_args import static_argument_fix

# How far a converted value is followed through local names before giving up.
_MAX_NAME_HOPS = 3

# Why dropping each conversion can change behaviour (all are unsafe).
_NOTES = {
    "item": (
        "`.item()` gave a weakly typed Python scalar; the array keeps its own dtype (mixed "
        "precision may promote differently); `.reshape(())` keeps the scalar shape"
    ),
    "tolist": (
        "`.tolist()` gave Python lists; the array is used as it is, so its own dtype replaces the "
        "one inferred from Python numbers"
    ),
    "float": (
        "`float()` gave a weakly typed Python float; the array keeps its own dtype, so an integer "
        "array stays integer and a different precision may promote differently"
    ),
    "complex": "`complex()` gave a Python complex; the array keeps its own (possibly real) dtype",
    "index": "`operator.index()` gave a Python int; the array keeps its own integer dtype",
    "int": (
        "`int()` gave a weakly typed Python int; `.astype(int)` truncates the same way but makes "
        "an int32/int64 array, which can change the dtype of mixed arithmetic"
    ),
}
_ATOMIC = (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.Float)


# Calls that hand their arguments (after the function or format) to the host as arrays.
_HOST_CALLBACKS = frozenset({"jax.debug.callback", "jax.debug.print", "jax.pure_callback", "jax.experimental.io_callback"})
# Methods that give the same values in another shape or dtype.
_SHAPING_METHODS = frozenset({"reshape", "astype", "squeeze", "ravel", "flatten"})


class ConcreteConversionOfTracer(Rule):
    """
    ## What it does
    Finds conversions of a traced array to a Python value inside a function that JAX traces:
    `int(t)`, `float(t)`, `complex(t)`, `operator.index(t)`, `t.item()` and `t.tolist()`. When
    the converted value only flows back into array math, it offers to drop the conversion; when
    the operand is a parameter of the jitted function that must be a Python number, it offers to
    mark that parameter static. `abs()` and `round()` of an array are arrays, so the value goes on
    through them (a rounded value is a float array: never into an index).

    ## Why is this bad?
    A tracer has a shape and a dtype but no value while JAX traces the function, so asking for
    its value raises `ConcretizationTypeError` (`TracerIntegerConversionError` for `__index__`).
    The conversion is often a leftover from NumPy code, where `float(x.sum())` was harmless.

    ## Example
    ```python
    @jax.jit
    def normalize(x):
        total = float(x.sum())
        return x / total
    ```

    ## Use instead
    ```python
    @jax.jit
    def normalize(x):
        total = x.sum()
        return x / total
    ```
    If you need the value on the host, return the array from the jitted function and convert it
    there; to look at it while debugging, use `jax.debug.print`.

    ## Fix safety
    Dropping a conversion is unsafe: the Python number was weakly typed and the array is not, so
    the dtype of the surrounding arithmetic can change (an integer array stays integer under
    `float()`, a `bfloat16` computation can be promoted to `float32`). The shape is kept: an
    operand that is not certainly a scalar (a full reduction such as `x.sum()`) becomes
    `t.reshape(())`, which accepts exactly the size-1 arrays the conversion accepted.
    `int(t)` becomes `t.astype(int)`, which keeps the truncation. Marking a parameter static is
    unsafe because JAX recompiles for every new value, which must be hashable; it is not offered
    when the parameter is also used as a value (the conversion is dropped instead) or when a call
    in the module passes it an array. When the converted value is computed by `jax.numpy` from
    Python values only (`int(jnp.ceil(T / dt))` with static `T`, `dt`: staged into a tracer all the
    same), the `jax.numpy` calls become their NumPy namesakes, which compute the concrete value:
    safe. Any other conversion whose result is used as a Python value (an index, a shape, a
    condition, a format string) is reported without a fix.
    """

    code = "TFX201"
    name = "concrete-conversion-of-tracer"
    summary = "`int()`, `float()`, `.item()` or `.tolist()` of a traced value"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    n = int(x.shape[0])
    half = float(len(x)) / 2
    return x * half + n + int(x.ndim)
""",
            note="shapes and lengths are static",
        ),
        Valid(
            """
import jax

def report(x):
    return float(x.sum()), x.tolist()

def train(x):
    loss = jax.jit(lambda v: (v ** 2).sum())(x)
    return loss.item()
""",
            note="outside traced code: converting a result on the host is the right place",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

@jax.jit
def normalize(x):
    total = float(x.sum())
    return x / total
""",
            expected="""
import jax

@jax.jit
def normalize(x):
    total = x.sum()
    return x / total
""",
            unsafe=True,
            function="normalize",
            inputs=(
                "jnp.array([1.0, 3.0])",
                "jnp.array([[2.0, -1.0], [0.5, 4.0]])",
                "jax.random.uniform(jax.random.key(6), (3, 4))",
            ),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def rescale(x, scale):
    return jnp.asarray(x.tolist()) * scale.item() + int(x[0])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def rescale(x, scale):
    return jnp.asarray(x) * scale.reshape(()) + x[0].reshape(()).astype(int)
""",
            unsafe=True,
            count=3,
            function="rescale",
            inputs=(
                "jnp.array([1.5, -2.5]), jnp.array(2.0)",
                "jnp.array([-0.7, 3.0, 4.0]), jnp.array(-1.0)",
                "4 * jax.random.normal(jax.random.key(7), (5,)), jax.random.normal(jax.random.key(8), ())",
            ),
            note="int() keeps its truncation as astype(int); reshape(()) keeps the scalar shape of any size-1 operand",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def take_first(x, k):
    return x[: int(k)]
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames=("k",))
def take_first(x, k):
    return x[: int(k)]
""",
            unsafe=True,
            function="take_first",
            inputs=(
                "jnp.arange(5.0), 2",
                "jnp.arange(3.0), 3",
                "jax.random.normal(jax.random.key(9), (6, 2)), 4",
            ),
            note="a parameter needed as a Python int: mark it static",
        ),
        Invalid(
            """
import jax

@jax.jit
def clip_v4(x):
    values = x.tolist()
    return [v if v > 0 else 0 for v in values]
""",
            note="the seed's `.tolist()` pitfall: the Python list is used as such, so it is only reported",
        ),
        Invalid(
            """
import jax

@jax.jit
def pick(table, i):
    return table[int(i.argmax())]
""",
            expected="""
import jax

@jax.jit
def pick(table, i):
    return table[i.argmax().astype(int)]
""",
            unsafe=True,
            function="pick",
            inputs=(
                "jnp.array([5.0, 6.0, 7.0]), jnp.array([0.1, 0.9, 0.3])",
                "jnp.arange(4.0), jnp.array([2.0, 1.0])",
                "jax.random.normal(jax.random.key(10), (7,)), jax.random.normal(jax.random.key(11), (7,))",
            ),
            note="a traced array accepts a traced index",
        ),
        Invalid(
            """
import jax

SIZES = [1, 2, 3]

@jax.jit
def size_of(i):
    return SIZES[int(i)]
""",
            expected="""
import jax
from functools import partial

SIZES = [1, 2, 3]

@partial(jax.jit, static_argnames=("i",))
def size_of(i):
    return SIZES[int(i)]
""",
            unsafe=True,
            function="size_of",
            inputs=("0", "2"),
            note="a Python list needs a Python int: the index becomes a static argument",
        ),
        Invalid(
            """
import jax

@jax.jit
def shrink(x):
    if float(x.max()) > 1.0:
        x = x / 2
    return x
""",
            expected="""
import jax

@jax.jit
def shrink(x):
    if x.max() > 1.0:
        x = x / 2
    return x
""",
            unsafe=True,
            note="the test of an `if`: the conversion goes, and TFX101 turns the traced `if` into a selection",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


def n_steps(T, dt):
    return int(jnp.ceil(T / dt))


@jax.jit
def f(x):
    return x * n_steps(4.0, 0.5)
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np


def n_steps(T, dt):
    return int(np.ceil(T / dt))


@jax.jit
def f(x):
    return x * n_steps(4.0, 0.5)
""",
            function="f",
            inputs=("jnp.array([1.0, 2.0])",),
            note="jnp on Python floats is a tracer under jit; a helper called with static arguments runs traced: "
            "NumPy computes the value",
        ),
        Invalid(
            """
from functools import partial
import jax
import jax.numpy as jnp

def off_index(turn):
    return int(26 + jnp.clip(turn, 0, 1))

@partial(jax.jit, static_argnums=1)
def target(action, turn):
    return action + off_index(turn)
""",
            expected="""
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np

def off_index(turn):
    return int(26 + np.clip(turn, 0, 1))

@partial(jax.jit, static_argnums=1)
def target(action, turn):
    return action + off_index(turn)
""",
            function="target",
            inputs=("3, 0", "3, 1"),
            note="jnp on a static argument is staged into a tracer; NumPy computes the Python value (pgx)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def solve(x, parents):
    normr = jnp.sum(x ** 2)
    nxt = int(jnp.argmax(x))
    path = jnp.zeros(x.shape[0])
    path = path.at[nxt].set(1.0)
    info = {"normr": float(normr), "first": parents[nxt]}
    return x / normr, path, info
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def solve(x, parents):
    normr = jnp.sum(x ** 2)
    nxt = jnp.argmax(x).astype(int)
    path = jnp.zeros(x.shape[0])
    path = path.at[nxt].set(1.0)
    info = {"normr": normr.reshape(()), "first": parents[nxt]}
    return x / normr, path, info
""",
            unsafe=True,
            count=2,
            function="solve",
            inputs=("jnp.array([1.0, 3.0, 2.0]), jnp.array([2, 0, 1])", "jnp.array([-1.0, 0.5]), jnp.array([1, 0])"),
            note="conversions whose values only index arrays (`path.at[nxt]`, `parents[nxt]`) or go into a container "
            "the jitted function returns (linox's LSMR `info` dict): jit returns arrays whatever they held",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

class Plane:
    def __init__(self, height=0.0, normal=(0.0, 0.0, 1.0)):
        self._height = height
        self._normal = normal

    def height_at(self, x, y):
        a, b, c = self._normal
        return -(a * x + b * y - c * self._height) / c

@jax.jit
def height_at(normal, height, x, y):
    normal = normal / jnp.linalg.norm(normal)
    plane = Plane(height=height.item(), normal=tuple(normal.tolist()))
    return plane.height_at(x, y)
""",
            expected="""
import jax
import jax.numpy as jnp

class Plane:
    def __init__(self, height=0.0, normal=(0.0, 0.0, 1.0)):
        self._height = height
        self._normal = normal

    def height_at(self, x, y):
        a, b, c = self._normal
        return -(a * x + b * y - c * self._height) / c

@jax.jit
def height_at(normal, height, x, y):
    normal = normal / jnp.linalg.norm(normal)
    plane = Plane(height=height.reshape(()), normal=tuple(normal))
    return plane.height_at(x, y)
""",
            unsafe=True,
            count=2,
            function="height_at",
            inputs=("jnp.array([0.0, 0.6, 0.8]), jnp.array(1.5), jnp.array([1.0, 2.0]), jnp.array([0.5, -1.0])",),
            note="`.item()` and `.tolist()` of values an object stores (jaxsim's plane terrain): its methods only "
            "compute with them, so they stay arrays (a tuple of the array's elements for `.tolist()`)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames="k")
def farthest_points(points, k):
    selected = []
    dists = jnp.full(points.shape[0], jnp.inf)
    while len(selected) < k:
        next_idx = int(jnp.argmax(dists))
        selected.append(next_idx)
        dists = jnp.minimum(dists, jnp.sum((points - points[next_idx]) ** 2, axis=1))
        dists = dists.at[next_idx].set(-1.0)
    return jnp.asarray(selected, dtype=jnp.int32)
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames="k")
def farthest_points(points, k):
    selected = []
    dists = jnp.full(points.shape[0], jnp.inf)
    while len(selected) < k:
        next_idx = jnp.argmax(dists).astype(int)
        selected.append(next_idx)
        dists = jnp.minimum(dists, jnp.sum((points - points[next_idx]) ** 2, axis=1))
        dists = dists.at[next_idx].set(-1.0)
    return jnp.asarray(selected, dtype=jnp.int32)
""",
            unsafe=True,
            function='farthest_points',
            inputs=("(jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 3.0], [2.0, 2.0]]), 3)", "(jnp.zeros((2, 3)), 2)"),
            note='an index converted with int() only indexes, updates and is appended to a list that only becomes an array (greedy k-center selection): the conversion goes',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def trilinear(terms):
    real_terms = []
    for count in range(3):
        coefficient = (1j) ** count
        if float(jnp.real(coefficient)) != 0.0:
            real_terms.append(jnp.real(coefficient) * terms[count])
    return sum(real_terms)
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def trilinear(terms):
    real_terms = []
    for count in range(3):
        coefficient = (1j) ** count
        if float(np.real(coefficient)) != 0.0:
            real_terms.append(jnp.real(coefficient) * terms[count])
    return sum(real_terms)
""",
            function="trilinear",
            inputs=("(jnp.array([1.0, 2.0, 3.0]),)",),
            note="`jnp.real` of a Python complex stages a tracer that `float()` cannot read; NumPy's `real` "
            "gives the number, so the `if` and the list stay Python (a normal-form solver's coefficients)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def load_cases(loads, total):
    half = loads * 0.5
    half = half * (total / abs(float(jnp.sum(half[:, 2]))))
    cases = [loads, half]
    return jnp.stack(cases)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def load_cases(loads, total):
    half = loads * 0.5
    half = half * (total / abs(jnp.sum(half[:, 2])))
    cases = [loads, half]
    return jnp.stack(cases)
""",
            unsafe=True,
            function="load_cases",
            inputs=("(jnp.array([[0.0, 0.0, -1.0], [0.0, 0.0, -3.0]]), 100.0)",),
            note="`abs()` of an array is an array, and a list of arrays stacked is array math: the "
            "normalising factor stays an array (a structural load case)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def zernike(rho, j):
    n_float: float = (-1 + jnp.sqrt(1 + 8 * j)) / 2
    n: int = int(jnp.ceil(n_float)) - 1
    return rho ** n
""",
            expected="""
import jax
import jax.numpy as jnp
from functools import partial
import numpy as np

@partial(jax.jit, static_argnums=1)
def zernike(rho, j):
    n_float: float = (-1 + np.sqrt(1 + 8 * j)) / 2
    n: int = int(np.ceil(n_float)) - 1
    return rho ** n
""",
            unsafe=True,
            function="zernike",
            inputs=("(jnp.array([0.5, 1.0]), 7)",),
            note="the chain of annotated assignments (`n_float: float = ...`) from a static Noll index is "
            "computed with NumPy, which gives the radial order as a number (an optics package's Zernike modes)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def shifted(projection, dx_px):
    return jnp.roll(projection, shift=round(float(dx_px[0])), axis=1)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def shifted(projection, dx_px):
    return jnp.roll(projection, shift=round(dx_px[0].reshape(())), axis=1)
""",
            unsafe=True,
            function="shifted",
            inputs=("(jnp.arange(12.0).reshape(3, 4), jnp.array([1.6, 0.0]))", "(jnp.arange(12.0).reshape(3, 4), jnp.array([-2.2, 1.0]))"),
            note="tomojax's detector shift: `round()` of a JAX array is an array (`__round__`), which `jnp.roll` "
            "takes as its shift; rounded values never become an index, where a float would not do",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def first_or_zero(a, scale):
    first = float(a[0]) if a.size else 0.0
    return first * scale
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def first_or_zero(a, scale):
    first = a[0].reshape(()) if a.size else 0.0
    return first * scale
""",
            unsafe=True,
            function="first_or_zero",
            inputs=("(jnp.array([2.5, 1.0]), jnp.float32(3.0))",),
            note="a geometry helper's constant slope: the converted value is one side of a conditional "
            "expression on a static size, and the expression's value only meets array math",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def harmonics_count(coeffs):
    order = jnp.sqrt(coeffs.shape[-1]).astype(jnp.int32) - 1
    return jnp.arange(int(jnp.square(order + 1))) * 1.0
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def harmonics_count(coeffs):
    order = np.sqrt(coeffs.shape[-1]).astype(jnp.int32) - 1
    return jnp.arange(int(np.square(order + 1))) * 1.0
""",
            unsafe=True,
            function="harmonics_count",
            inputs=("(jnp.ones((2, 9)),)", "(jnp.ones((16,)),)"),
            note="a spherical-harmonics sampler's order: `jnp` staged a value computed from a static shape "
            "(`coeffs.shape[-1]` reads no traced value); NumPy computes it along the chain",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        conversion = conversion_operand(node, context)
        if conversion is None:
            return
        kind, operand = conversion
        if not context.is_traced(operand) and not context.proven_error(operand, "ConcretizationTypeError"):
            return
        spelled = f"{kind}()" if kind not in ("item", "tolist") else f".{kind}()"
        fix = None
        # Computed from Python values only, the value the conversion asks for exists: NumPy gives
        # it (the code may need it concrete further on); failing that, an array may do.
        if (numpy_fix := numpy_recompute_fix(context, operand)) is not None:
            fix = numpy_fix
            advice = "it is computed from Python values only: compute it with NumPy, which gives a concrete value"
        elif self._feeds_array_math(node, tuple(context.ancestors[:-1]), 0):
            fix = self._drop_fix(node, kind, spelled, operand)
            advice = "drop the conversion: the value is only used in array math"
        elif kind in ("int", "float", "complex", "index"):
            fix, advice = static_argument_fix(context, [operand], converted=True)
        else:
            advice = ""
        if not advice:
            advice = (
                "keep it an array and use array operations, derive the Python value from static "
                "shapes or arguments, or return the array and convert it outside"
            )
        message = (
            f"`{spelled}` asks for the value of traced `{context.describe(operand)}`, which has no "
            f"value under {under_tracing(context)}; {advice}"
        )
        self.report(node, message, fix)

    def _drop_fix(self, node: cst.Call, kind: str, spelled: str, operand: cst.BaseExpression):
        context = self.context
        if not isinstance(operand, _ATOMIC) and not operand.lpar:
            operand = operand.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        replacement = operand
        title = f"Remove `{spelled}`"
        if kind != "tolist" and not certainly_0d(operand, context):
            # The conversion accepted any size-1 array and gave a scalar: keep that shape.
            replacement = context.parse_expression(f"{context.code(operand).strip()}.reshape(())")
            title = f"Replace with `{context.describe(replacement)}`"
        if kind == "int":
            replacement = context.parse_expression(f"{context.code(replacement).strip()}.astype(int)")
            title = f"Replace with `{context.describe(replacement)}`"
        replacement = replacement.with_changes(lpar=node.lpar, rpar=node.rpar) if node.lpar else replacement
        return context.fix(title, [(node, replacement)], Safety.UNSAFE, _NOTES[kind])

    # -- where the converted value goes ---------------------------------------------------------
    def _feeds_array_math(self, node: cst.CSTNode, ancestors: tuple[cst.CSTNode, ...], hops: int) -> bool:
        """Whether the value of `node` only ends up in array operations (so it can stay an array)."""
        context = self.context
        child = node
        rounded = False  # `round(x)` of an array is a float array: no index
        for position in range(len(ancestors) - 1, -1, -1):
            parent = ancestors[position]
            if isinstance(parent, cst.BinaryOperation):
                other = parent.right if parent.left is child else parent.left
                if context.is_traced(other):
                    return True
                child = parent
                continue
            if isinstance(parent, cst.UnaryOperation) and not isinstance(parent.operator, cst.Not):
                child = parent
                continue
            if isinstance(parent, cst.Attribute) and parent.value is child and parent.attr.value in _SHAPING_METHODS \
                    and position > 0 and isinstance(ancestors[position - 1], cst.Call) and ancestors[position - 1].func is parent:
                # `(tiles + w.item()).reshape(()).astype(int)`: the value, reshaped or cast, goes on.
                child = ancestors[position - 1]
                continue
            if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
                child = parent  # a traced comparison: a boolean array
                continue
            if isinstance(parent, cst.BooleanOperation) and any(
                    isinstance(ancestor, (cst.If, cst.IfExp, cst.While, cst.Assert)) for ancestor in ancestors[:position]):
                # `if int(action) in up and valid_up:`: an operand of a test, which the rule for
                # `and`/`or` makes a logical operation on arrays.
                child = parent
                continue
            if isinstance(parent, (cst.IfExp, cst.If)) and parent.test is child:
                # `x if float(x) >= 0 else -x`: the traced test is what the rules for `if` and
                # conditional expressions turn into a selection.
                return True
            if isinstance(parent, cst.IfExp) and child in (parent.body, parent.orelse):
                child = parent  # `float(a[0]) if a.size else 0.0`: the value is the expression's
                continue
            if isinstance(parent, cst.Index) and position > 1:
                if rounded:
                    return False
                # x[int(i)] -> x[i], x.at[int(i)] -> x.at[i]: a traced array takes a traced index.
                subscript = ancestors[position - 2]
                if not isinstance(subscript, cst.Subscript):
                    return False
                indexed = subscript.value
                if isinstance(indexed, cst.Attribute) and indexed.attr.value == "at":
                    indexed = indexed.value
                if context.is_traced_where(indexed, ancestors[:position]):
                    return True
                # `sines[int(i)]` with `sines` an array the caller passes (a JAX constant here): an
                # array takes a traced index; were it NumPy, the indexing is a leak of its own, which
                # the engine sees in the rewrite and withdraws this fix for.
                value = context.value(indexed)
                return value.host not in ("list", "tuple", "range") and not value.container \
                    and isinstance(indexed, (cst.Name, cst.Attribute))
            if isinstance(parent, (cst.DictElement, cst.Element)) and parent.value is child \
                    or isinstance(parent, (cst.Dict, cst.Tuple, cst.List)):
                # `info = {"normr": float(normr)}` returned from a transformed function: jit
                # returns arrays whatever the container held.
                child = parent
                continue
            if isinstance(parent, cst.Arg) and position > 0 and _sequence_of_elements(ancestors[position - 1], parent, context):
                # `tuple(normal.tolist())`: a tuple of the array's elements, 0-d arrays once kept.
                child = ancestors[position - 1]
                continue
            if parent is child:
                continue  # the call just stepped over
            if isinstance(parent, cst.Arg) and position > 0 and _array_keeping_builtin(ancestors[position - 1], context.imports.qualify):
                child = ancestors[position - 1]  # `abs(x)`, `round(x)` of an array is an array
                rounded = rounded or child.func.value == "round"
                continue
            if isinstance(parent, cst.Arg) and position > 1 and _loop_range(ancestors[position - 1], ancestors[position - 2], context):
                # `for _ in range(int(repeats)):` loops as `lax.fori_loop` with the traced bound.
                return True
            if isinstance(parent, cst.Arg) and position > 0 and _appended_to_array_list(ancestors[position - 1], context):
                return True  # `selected.append(int(i))` where `selected` only becomes an array
            if isinstance(parent, cst.Arg) and position > 0 and isinstance(ancestors[position - 1], cst.Call) \
                    and conversion_operand(ancestors[position - 1], context) is not None and hops < _MAX_NAME_HOPS:
                # `int(tiles + np.ceil(width / 2).item())`: the conversion around it is dropped too
                # where its own value only meets array math.
                return self._feeds_array_math(ancestors[position - 1], ancestors[: position - 1], hops + 1)
            if isinstance(parent, cst.Arg) and position > 0:
                call = ancestors[position - 1]
                # What a helper returns is used where the helper is called.
                returned = lambda: self._feeds_array_math(call, ancestors[: position - 1], hops + 1)  # noqa: E731
                return self._is_array_argument(call, parent, returned if hops < _MAX_NAME_HOPS else None)
            if isinstance(parent, cst.Return) or isinstance(parent, cst.Lambda) and parent.body is child:
                # Returned from a transformed function, it leaves as an array anyway; from a helper
                # that traced code calls, it goes back into that code, where a use that needs a
                # Python value is a leak of its own (the engine withdraws a fix that makes one).
                return context.scope is not None
            if isinstance(parent, cst.Assign) and hops < _MAX_NAME_HOPS:
                return self._assigned_name_feeds_array_math(parent, hops)
            return False
        return False

    def _is_array_argument(self, call: cst.CSTNode, arg: cst.Arg, returned=None) -> bool:
        context = self.context
        if not isinstance(call, cst.Call) or arg.keyword is not None and arg.keyword.value == "dtype":
            return False
        qualified = context.qualified_name(call.func)
        if qualified in _HOST_CALLBACKS:
            # `jax.debug.callback(check, x.sum().item() < tol)`: the host function gets arrays.
            return call.args[0] is not arg
        if qualified is not None:
            return qualified.startswith(known.ARRAY_NAMESPACES) and not is_concrete_slot(
                call, arg.value, slots_for_function(qualified)
            )
        func = call.func
        if isinstance(func, cst.Attribute) and context.is_traced(func.value):
            slots, variadic = slots_for_method(func)
            return func.attr.value in known.ARRAY_METHODS and not is_concrete_slot(call, arg.value, slots, variadic)
        callee = context.analysis.resolve_call(call, context.function, context.env) if context.function else None
        if isinstance(callee, cst.FunctionDef):
            # A helper of this module (`_apply_length_floor(..., float(step))`): an array suits
            # it when its parameter only meets array math there.
            param = _parameter_for(callee, call, arg)
            owner = context.analysis.enclosing(callee)
            methods = [node for node in owner[-1].body.body if isinstance(node, cst.FunctionDef)] \
                if owner and isinstance(owner[-1], cst.ClassDef) and isinstance(owner[-1].body, cst.IndentedBlock) else []
            return param is not None and _only_array_math(callee, param, context.imports.qualify, 0, returned, methods)
        return False

    def _assigned_name_feeds_array_math(self, assign: cst.Assign, hops: int) -> bool:
        context = self.context
        function = context.function
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return False
        if not isinstance(function, cst.FunctionDef):
            return False
        name = assign.targets[0].target.value
        # Whichever assignment reaches a use, an array suits it when every use takes an array.
        # `action = int(action)` reads the old value in its own right side: not a use of this one.
        uses = [use for use in reads(function.body, name) if not any(a is assign for a in use.ancestors)]
        return bool(uses) and all(self._feeds_array_math(use.node, use.ancestors, hops + 1) for use in uses)




def _parameter_for(callee: cst.FunctionDef, call: cst.Call, arg: cst.Arg) -> str | None:
    params = callee.params
    if arg.keyword is not None:
        return arg.keyword.value
    if arg.star:
        return None
    position = [a for a in call.args if a.keyword is None].index(arg)
    positional = [*params.posonly_params, *params.params]
    if positional and positional[0].name.value in ("self", "cls") and isinstance(call.func, cst.Attribute):
        positional = positional[1:]
    return positional[position].name.value if position < len(positional) else None


def _only_array_math(function: cst.FunctionDef, name: str, qualify, hops: int, returned=None,
                     methods: list[cst.FunctionDef] = ()) -> bool:
    """Whether every read of `name` in `function` ends in array math: arithmetic and comparisons
    whose results reach `jax.numpy`/`lax` calls or names that do. Read from the code alone (the
    helper's own traced facts say nothing of the value it would get): anything else, a Python
    `if`, a shape, a return, counts against. `methods`: those of the class when `function` is its
    `__init__`, where a value stored on `self` is read."""
    uses = reads(function.body, name)
    return bool(uses) and all(_use_is_array_math(function, use.node, use.ancestors, qualify, hops, returned, methods)
                              for use in uses)


def _field_only_array_math(methods: list[cst.FunctionDef], field: str, qualify, hops: int) -> bool:
    """Whether every read of `self.<field>` in the class's `methods` ends in array math."""
    reads_found = [(method, node, ancestors) for method in methods
                   for node, ancestors in _attribute_reads(method, field)]
    # A method returning array math of the field returns an array either way; a caller that
    # needs a Python number from it leaks there, which the engine's check of each fix catches.
    return bool(reads_found) and all(_use_is_array_math(method, node, ancestors, qualify, hops, lambda: True)
                                     for method, node, ancestors in reads_found)


def _attribute_reads(function: cst.FunctionDef, field: str) -> list[tuple[cst.Attribute, tuple]]:
    """`self.<field>` read in `function` (not assigned), each with its ancestors."""
    found = []
    pending: list = [(function.body, ())]
    while pending:
        node, ancestors = pending.pop()
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self" \
                and node.attr.value == field:
            parent = ancestors[-1] if ancestors else None
            if not (isinstance(parent, cst.AssignTarget) or isinstance(parent, (cst.AugAssign, cst.AnnAssign))
                    and parent.target is node):
                found.append((node, ancestors))
            continue
        pending.extend((child, (*ancestors, node)) for child in node.children)
    return found


def _appended_to_array_list(call: cst.CSTNode, context) -> bool:
    """`selected.append(value)` where `selected` is a list the function builds (`selected = []`)
    and otherwise only counts (`len(selected)`) or hands whole to `jax.numpy`
    (`jnp.asarray(selected)`): its elements may be arrays as well as Python numbers."""
    function = context.function
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append"
            and isinstance(call.func.value, cst.Name) and len(call.args) == 1 and isinstance(function, cst.FunctionDef)):
        return False
    name = call.func.value.value
    values = assigned_values(function, name)
    if not values or not all(isinstance(value, cst.List) and not value.elements for value in values):
        return False
    eager_only = context.analysis.eager_only()
    for use in reads(function.body, name):
        if any(id(ancestor) in eager_only for ancestor in use.ancestors):
            continue  # `if verbose: print(scores[-1])` with `verbose=False` from the traced caller
        parent = use.ancestors[-1] if use.ancestors else None
        if isinstance(parent, cst.Attribute) and parent.attr.value == "append" and parent.value is use.node:
            continue
        call_around = use.ancestors[-2] if len(use.ancestors) > 1 else None
        if not (isinstance(parent, cst.Arg) and isinstance(call_around, cst.Call) and parent.value is use.node):
            return False
        if isinstance(call_around.func, cst.Name) and call_around.func.value == "len" and call_around.func.value not in context.env:
            continue
        qualified = context.qualified_name(call_around.func) or ""
        if not (qualified.startswith(known.ARRAY_NAMESPACES) and call_around.args[0] is parent):
            return False
    return True


def _loop_range(call: cst.CSTNode, loop: cst.CSTNode, context) -> bool:
    """`range(...)` as what a `for` loop iterates over (TFX202 lowers it with traced bounds)."""
    return isinstance(call, cst.Call) and isinstance(loop, cst.For) and loop.iter is call \
        and isinstance(call.func, cst.Name) and call.func.value == "range" and context.qualified_name(call.func) is None


def _sequence_of_elements(call: cst.CSTNode, arg: cst.Arg, context) -> bool:
    """`tuple(x.tolist())`, `list(x.tolist())`: the builtin over the converted list alone."""
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value in ("tuple", "list") \
        and call.func.value not in context.env and len(call.args) == 1 and call.args[0] is arg and arg.keyword is None \
        and isinstance(arg.value, cst.Call) and isinstance(arg.value.func, cst.Attribute) \
        and arg.value.func.attr.value == "tolist"


def _array_keeping_builtin(node: cst.CSTNode, qualify) -> bool:
    """`abs(x)`, `round(x)`: of a JAX array, an array (its `__abs__`, `__round__`)."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("abs", "round") \
        and qualify(node.func) in (None, node.func.value) and len(node.args) == 1


def _use_is_array_math(function: cst.FunctionDef, node: cst.CSTNode, ancestors, qualify, hops: int,
                       returned=None, methods: list[cst.FunctionDef] = ()) -> bool:
    child = node
    rounded = False  # `round(x)` of an array is a float array: no index
    for position in range(len(ancestors) - 1, -1, -1):
        parent = ancestors[position]
        if isinstance(parent, (cst.BinaryOperation, cst.Comparison, cst.ComparisonTarget, cst.BooleanOperation,
                               cst.UnaryOperation, cst.Element, cst.Tuple, cst.List)):
            child = parent
            continue
        if isinstance(parent, (cst.If, cst.IfExp, cst.While)) and parent.test is child:
            return True  # a traced test there is what the rules for `if` turn into a selection
        if isinstance(parent, cst.Index) and position > 1 and isinstance(ancestors[position - 2], cst.Subscript):
            return not rounded  # `self.values[:, idx]`: an array takes a traced (integer) index
        if isinstance(parent, cst.Return):
            return returned is not None and returned()  # the caller's use of the result decides
        if isinstance(parent, cst.Arg) and position > 0 and _array_keeping_builtin(ancestors[position - 1], qualify) \
                or isinstance(parent, cst.Call) and _array_keeping_builtin(parent, qualify):
            child = parent  # `abs(x)` of an array is `jnp.abs(x)`: the value goes on as an array
            call = parent if isinstance(parent, cst.Call) else ancestors[position - 1]
            rounded = rounded or call.func.value == "round"
            continue
        if isinstance(parent, cst.Arg) and position > 0:
            call = ancestors[position - 1]
            if not isinstance(call, cst.Call) or parent.keyword is not None and parent.keyword.value == "dtype":
                return False
            qualified = qualify(call.func)
            return qualified is not None and qualified.startswith(known.ARRAY_NAMESPACES) and not is_concrete_slot(
                call, parent.value, slots_for_function(qualified))
        if isinstance(parent, cst.Assign) and hops < _MAX_NAME_HOPS and len(parent.targets) == 1 \
                and isinstance(parent.targets[0].target, cst.Name) and parent.value is child:
            return _only_array_math(function, parent.targets[0].target.value, qualify, hops + 1, returned)
        if isinstance(parent, cst.Assign) and hops < _MAX_NAME_HOPS and len(parent.targets) == 1 \
                and isinstance(parent.targets[0].target, (cst.Tuple, cst.List)) and parent.value is child:
            # `A, B, C = self._normal`: each element, a 0-d array once the value stays an array.
            names = [element.value.value for element in parent.targets[0].target.elements
                     if isinstance(element.value, cst.Name)]
            return len(names) == len(parent.targets[0].target.elements) and all(
                _only_array_math(function, name, qualify, hops + 1, returned) for name in names)
        if isinstance(parent, cst.Assign) and methods and hops < _MAX_NAME_HOPS and len(parent.targets) == 1 \
                and parent.value is child and isinstance(parent.targets[0].target, cst.Attribute) \
                and isinstance(parent.targets[0].target.value, cst.Name) and parent.targets[0].target.value.value == "self":
            # `self._height = _height` in `__init__`: where the class's methods read it.
            return _field_only_array_math(methods, parent.targets[0].target.attr.value, qualify, hops + 1)
        return False
    return False

