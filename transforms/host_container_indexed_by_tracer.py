"""TFX402 host-container-indexed-by-tracer."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.values import TRACED
from tracerfix.definitions import is_assigned_to, value_resolver
from tracerfix.rewrite import numpy_recompute_fix
from tracerfix.messages import under_tracing
from tracerfix.rule import Invalid, Rule, Safety, Valid

_KIND = {"numpy": "NumPy array", "list": "Python list", "tuple": "Python tuple", "dict": "Python dict"}


class HostContainerIndexedByTracer(Rule):
    """
    ## What it does
    Finds NumPy arrays, Python lists and tuples indexed by a traced integer inside traced code
    (`TABLE[i]` with a module-level `TABLE = np.arange(10)`, `L[i]` with `L = [1, 2, 3]`), and
    rewrites them to index a JAX array: `jnp.asarray(TABLE)[i]`. A dict looked up with a traced
    key (`RATES[level]`) is reported: a tracer has no hash, and no array form keeps the lookup.

    ## Why is this bad?
    A NumPy array converts its index with `__array__`, a list or tuple with `__index__`; a tracer
    supports neither, so JAX raises `TracerArrayConversionError` or
    `TracerIntegerConversionError`. A JAX array can be indexed by a traced integer.

    ## Example
    ```python
    x = np.arange(10)
    L = [1, 2, 3]

    @jax.jit
    def func(i):
        return x[i] + L[i]
    ```

    ## Use instead
    ```python
    @jax.jit
    def func(i):
        return jnp.asarray(x)[i] + jnp.asarray(L)[i]
    ```
    If the index takes few values and is known before the call, marking it static
    (`@partial(jax.jit, static_argnums=0)`) also works, at the price of one compilation per value.
    A list of arrays of different shapes, or of functions, cannot become one array: use
    `lax.switch(i, branches)`. Where the index is the variable of a loop over numbers built with
    `jnp` from Python values (`for i in jnp.arange(5)[::-1]`), the loop runs over NumPy's same
    numbers instead (`np.arange(5)[::-1]`), and the index stays a Python-side value.

    ## Fix safety
    Safe for NumPy arrays and for lists and tuples written as literals of numbers: the values are
    the same, and the array is built once per compilation. The one difference is JAX's indexing
    rule for out-of-range indices, which are clamped where NumPy and Python raise IndexError.
    Unsafe for other lists and tuples, which must hold numbers or arrays of one shape. Containers
    of traced values, strings or other objects are reported and not rewritten. A loop moved to
    NumPy is unsafe: its numbers are int64/float64 where `jnp` made int32/float32.
    """

    code = "TFX402"
    name = "host-container-indexed-by-tracer"
    summary = "NumPy array, list or tuple indexed by a traced value"

    VALID = (
        Valid(
            """
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np

x = np.arange(10)
L = [1, 2, 3]

@jax.jit
def func(i):
    return jnp.asarray(x)[i] + jnp.array(L)[i]

@partial(jax.jit, static_argnums=(0,))
def func_static(i):
    return x[i] + L[i]
""",
            note="the page's fixed versions: converted to a JAX array, or a static index",
        ),
        Valid(
            """
import jax
import numpy as np

SIZES = [4, 8]

@jax.jit
def f(x, layers):
    for k in range(len(SIZES)):
        x = x * SIZES[k] + layers[k]
    return x[: SIZES[0]], x.shape[0]
""",
            note="a loop index over a static range is a Python int",
        ),
    )
    INVALID = (
        Invalid(
            """
from jax import jit
import jax.numpy as jnp
import numpy as np

x = np.arange(10)

@jit
def func(i):
    return x[i]
""",
            expected="""
from jax import jit
import jax.numpy as jnp
import numpy as np

x = np.arange(10)

@jit
def func(i):
    return jnp.asarray(x)[i]
""",
            function="func",
            inputs=("0", "jnp.int32(9)", "-1"),
            note="the page's TracerArrayConversionError indexing example",
        ),
        Invalid(
            """
from functools import partial
import jax.numpy as jnp
from jax import jit

L = [1, 2, 3]

@jit
def func(i):
    return L[i]
""",
            expected="""
from functools import partial
import jax.numpy as jnp
from jax import jit

L = [1, 2, 3]

@jit
def func(i):
    return jnp.asarray(L)[i]
""",
            function="func",
            inputs=("0", "2", "jnp.int32(1)"),
            note="the page's TracerIntegerConversionError list example",
        ),
        Invalid(
            """
import jax
import numpy as np

WEIGHTS = (0.5, -1.0, 2.0)

@jax.jit
def pick(x):
    table = np.linspace(0.0, 1.0, 5)
    k = x.argmax()
    return WEIGHTS[k] * table[k]
""",
            expected="""
import jax
import numpy as np
import jax.numpy as jnp

WEIGHTS = (0.5, -1.0, 2.0)

@jax.jit
def pick(x):
    table = np.linspace(0.0, 1.0, 5)
    k = x.argmax()
    return jnp.asarray(WEIGHTS)[k] * jnp.asarray(table)[k]
""",
            count=2,
            function="pick",
            inputs=("jnp.array([0.1, 0.9, 0.3])", "jnp.zeros(3)", "jnp.array([-1.0, -2.0, 5.0])"),
            note="a tuple constant and a local NumPy array, indexed by a traced argmax",
        ),
        Invalid(
            """
import jax

SIZES = list(range(1, 6))

@jax.jit
def size_of(i):
    return SIZES[i]
""",
            expected="""
import jax
import jax.numpy as jnp

SIZES = list(range(1, 6))

@jax.jit
def size_of(i):
    return jnp.asarray(SIZES)[i]
""",
            unsafe=True,
            function="size_of",
            inputs=("0", "4"),
            note="a list that is not a literal may hold anything: unsafe",
        ),
        Invalid(
            """
import jax

NAMES = ["relu", "tanh"]

@jax.jit
def apply(x, i):
    branches = [x * 2, x + 1]
    return branches[i], NAMES[i]
""",
            expected="""
import jax
import jax.numpy as jnp

NAMES = ["relu", "tanh"]

@jax.jit
def apply(x, i):
    branches = [x * 2, x + 1]
    return jnp.asarray(branches)[i], NAMES[i]
""",
            unsafe=True,
            count=2,
            verify=False,
            note="a list of traced arrays becomes one array (unsafe: its elements must share a shape); a list of "
            "strings is reported only",
        ),
        Invalid(
            """
import jax

RATES = {0: 0.1, 1: 0.5}

@jax.jit
def rate(x, level):
    return x * RATES[level]
""",
            note="a dict looks its key up by hash, and a tracer has none (TypeError): reported, not "
            "rewritten; make `level` static or keep the rates in an array",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

CHANNELS = (8, 16, 32)

@jax.jit
def decode(x):
    strides = (1, 2, 2)
    for i in jnp.arange(3)[::-1]:
        x = jnp.tanh(x * strides[i] + CHANNELS[i] / 32.0)
    return x
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np

CHANNELS = (8, 16, 32)

@jax.jit
def decode(x):
    strides = (1, 2, 2)
    for i in np.arange(3)[::-1]:
        x = jnp.tanh(x * strides[i] + CHANNELS[i] / 32.0)
    return x
""",
            unsafe=True,
            function="decode",
            inputs=("jnp.linspace(-1.0, 1.0, 4)", "jnp.zeros(2)"),
            note="a loop over `jnp.arange(3)[::-1]` makes its index a tracer (Quarks2Cosmos's decoder): NumPy "
            "gives the same numbers, concrete (unsafe: int64 where JAX made int32)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def bounce(ball_dir):
    return [1, 0, 3, 2][ball_dir]
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def bounce(ball_dir):
    return jnp.asarray([1, 0, 3, 2])[ball_dir]
""",
            function="bounce",
            inputs=("0", "jnp.int32(3)", "2"),
            note="a literal table of numbers indexed by a traced direction (pgx's MinAtar breakout): the same "
            "table as a JAX array",
        ),
        Invalid(
            """
import jax
from jax import random

def mixture(components, weights):
    def mix(key):
        key1, key2 = random.split(key)
        component = random.categorical(key1, jax.numpy.log(jax.numpy.asarray(weights)))
        return components[component](key2)
    return mix

def low(key):
    return random.normal(key)

def high(key):
    return random.normal(key) + 30

mix = mixture([low, high], [0.2, 0.8])
f = jax.jit(mix)
""",
            expected="""
import jax
from jax import random
from jax import lax

def mixture(components, weights):
    def mix(key):
        key1, key2 = random.split(key)
        component = random.categorical(key1, jax.numpy.log(jax.numpy.asarray(weights)))
        return lax.switch(component, components, key2)
    return mix

def low(key):
    return random.normal(key)

def high(key):
    return random.normal(key) + 30

mix = mixture([low, high], [0.2, 0.8])
f = jax.jit(mix)
""",
            unsafe=True,
            function="f",
            inputs=("jax.random.PRNGKey(0)", "jax.random.PRNGKey(3)"),
            note="a list of functions indexed by a traced draw and called (a mixture sampler, "
            "langosco/neural-variational-gradient-descent): the chosen function runs through `lax.switch`",
        ),
    )

    def visit_Subscript(self, node: cst.Subscript) -> None:
        context = self.context
        if is_assigned_to(context.ancestors):
            return
        container = context.value(node.value)
        if container.instance_of is not None:
            return  # an object of a class: `obj[i]` runs its `__getitem__`, analysed as a call
        kind = container.host if container.host in _KIND else ("list" if container.container else None)
        if kind is None:
            return
        indices = [element.slice for element in node.slice]
        if any(isinstance(index, cst.Slice) for index in indices):
            return  # a traced slice bound is a different leak, with a different fix
        index_values = [context.value(index.value) for index in indices]
        if not any(value.traced for value in index_values):
            return
        if kind == "numpy" and any(value.traced and value.boolean for value in index_values):
            return  # a boolean mask: boolean-mask-indexing reports it
        index = next(index.value for index, value in zip(indices, index_values) if value.traced)
        described = context.describe(node.value)
        is_host = container.host in _KIND
        what = _KIND[kind] if is_host else "Python container"
        error = {"numpy": "TracerArrayConversionError", "dict": "TypeError (a tracer is not hashable)"}.get(
            kind, "TracerIntegerConversionError")
        message = (
            f"{what} `{described}` indexed by traced `{context.describe(index)}` fails under "
            f"{under_tracing(context)} with {error}"
        )
        if kind == "dict":
            # A key is looked up by its hash, and a tracer has none: no array form keeps the lookup.
            self.report(node, f"{message}; look the value up with a Python key (a static argument), or store "
                              "the values in an array indexed by position")
            return
        loop, loop_fix = self._static_loop_fix(index)
        if loop is not None and loop_fix is None and context.claimed(loop.iter):
            return  # the fix of the loop's first traced index rewrites this one too
        above = [a for a in context.ancestors if a is not node]
        called = above[-1] if above else None
        if kind in ("list", "tuple") and isinstance(called, cst.Call) and called.func is node and len(indices) == 1:
            # `components[i](key)`: the elements are functions, which no array holds.
            self.report(node, f"{message}; call the chosen function with `lax.switch`",
                        self._switch_fix(called, node, index))
            return
        literal = self._literal(node.value) if kind in ("list", "tuple") else None
        numbers = literal is not None and all(_is_number(element.value) for element in literal.elements)
        fix = loop_fix or self._asarray_fix(node, kind, is_host or container.trace == TRACED or numbers)
        advice = (
            f"; the loop over `{context.describe(loop.iter)}` makes `{context.describe(index)}` traced, "
            "though its values are known: iterate them with NumPy"
            if loop_fix is not None else "; index a JAX array instead" if fix is not None
            else "; build a JAX array (`jnp.stack`), or dispatch with `lax.switch`"
        )
        self.report(node, message + advice, fix)

    def _static_loop_fix(self, index: cst.BaseExpression):
        """`for i in jnp.arange(5)[::-1]:` makes `i` a tracer, though the loop runs over numbers
        the code spells out; NumPy's `np.arange(5)[::-1]` gives the same numbers, concrete."""
        context = self.context
        if not isinstance(index, cst.Name):
            return None, None
        loop = next((node for node in reversed(context.ancestors) if isinstance(node, cst.For)
                     and isinstance(node.target, cst.Name) and node.target.value == index.value), None)
        if loop is None or context.claimed(loop.iter):
            return loop, None
        fix = numpy_recompute_fix(context, loop.iter)
        if fix is not None:
            context.claim(loop.iter)  # the loop's other containers are fixed by the same edit
        return loop, fix

    def _switch_fix(self, call: cst.Call, node: cst.Subscript, index: cst.BaseExpression):
        """`components[i](key)` as `lax.switch(i, components, key)`: JAX traces every function and
        runs the one the index picks."""
        context = self.context
        if any(argument.keyword is not None or argument.star for argument in call.args):
            return None  # `lax.switch` passes its operands by position
        lax = context.spell("jax.lax")
        operands = "".join(f", {context.code(argument.value).strip()}" for argument in call.args)
        text = f"{lax}.switch({context.code(index).strip()}, {context.code(node.value).strip()}{operands})"
        note = ("`lax.switch` clamps an index out of range to the first or last function (Python raised "
                "IndexError, or counted a negative index from the end), and the functions must return "
                "values of one shape and dtype")
        return context.fix(f"Call the chosen function with `{lax}.switch`",
                           [(call, context.parse_expression(text))], Safety.UNSAFE, note)

    def _asarray_fix(self, node: cst.Subscript, kind: str, of_arrays: bool):
        """`jnp.asarray(xs)[i]`, for a host container or a list of traced arrays (`dist[jnp.argmin(
        jnp.asarray(dist))]`, the distances a loop appended)."""
        context = self.context
        if not of_arrays:
            return None
        elements = None
        if kind in ("list", "tuple"):
            literal = self._literal(node.value)
            elements = None if literal is None else [element.value for element in literal.elements]
            if elements is not None and not all(_is_number(element) for element in elements):
                if any(_clearly_not_numeric(element) for element in elements):
                    return None
                elements = None
        jnp = context.spell("jax.numpy")
        replacement = context.parse_expression(f"{jnp}.asarray({context.code(node.value).strip()})")
        safety, note = Safety.SAFE, ""
        if kind != "numpy" and elements is None:
            safety = Safety.UNSAFE
            note = (
                f"`{context.describe(node.value)}` must hold numbers or arrays of one shape to become a "
                "JAX array; an element that is a tuple of numbers comes out as a row of that array"
            )
        return context.fix(
            f"Index `{jnp}.asarray({context.describe(node.value)})`",
            [(node.value, replacement.with_changes(lpar=node.value.lpar, rpar=node.value.rpar))],
            safety,
            note,
        )

    def _literal(self, container: cst.BaseExpression) -> cst.List | cst.Tuple | None:
        """The list or tuple display that `container` names: a module constant or a local."""
        if isinstance(container, (cst.List, cst.Tuple)):
            return container
        if not isinstance(container, cst.Name):
            return None
        name = container.value
        context = self.context
        if name in context.env:
            value = value_resolver(context)(name)
        else:
            value = _module_constant(context.module, name)
        return value if isinstance(value, (cst.List, cst.Tuple)) else None


def _module_constant(module: cst.Module, name: str) -> cst.BaseExpression | None:
    """The value of the last top-level `name = value` of the module."""
    found = None
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                    if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                        found = small.value
    return found


def _is_number(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(_is_number(element.value) for element in node.elements)
    return isinstance(node, (cst.Integer, cst.Float)) or (isinstance(node, cst.Name) and node.value in ("True", "False"))


def _clearly_not_numeric(node: cst.BaseExpression) -> bool:
    return isinstance(
        node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Lambda, cst.Dict, cst.Set)
    ) or (isinstance(node, cst.Name) and node.value == "None")
