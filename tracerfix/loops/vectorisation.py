"""Vectorisation: a `for i in range(len(x))` loop whose iterations each read and write only element
`i` of its arrays becomes whole-array statements (`x = jnp.where(x < 0, 0, x)`), with a concern
where broadcasting or dtype promotion could make them differ from the loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

import libcst as cst

from tracerfix.analysis.values import literal_int
from tracerfix.loops.bodies import RangeHeader, plain_body, range_header
from tracerfix.loops.branches import body_ifs
from tracerfix.loops.building import binary, call_to, fresh_name, keep_comments
from tracerfix.loops.names import assigned_pairs, exposed_reads, statements_in, store_counts, target_names, walk
from tracerfix.loops.outcome import CannotRewrite, LoopRewrite
from tracerfix.loops.placement import bound_before, code_before, env_at, evaluator, read_after
from tracerfix.loops.selection import Selection
from tracerfix.loops.state import all_simple
from tracerfix.rewrite import names_read, where_safety
from tracerfix.rule import Safety


# jax.numpy functions that act element by element (scalar parameters aside).
ELEMENTWISE_FUNCTIONS = frozenset(
    {
        "abs", "absolute", "add", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2",
        "arctanh", "cbrt", "ceil", "clip", "conj", "conjugate", "copysign", "cos", "cosh",
        "deg2rad", "degrees", "divide", "equal", "exp", "exp2", "expm1", "fabs", "float_power",
        "floor", "floor_divide", "fmax", "fmin", "fmod", "greater", "greater_equal", "heaviside",
        "hypot", "imag", "isfinite", "isinf", "isnan", "isneginf", "isposinf", "less", "less_equal",
        "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not",
        "logical_or", "logical_xor", "maximum", "minimum", "mod", "multiply", "nan_to_num",
        "negative", "not_equal", "positive", "power", "rad2deg", "radians", "real", "reciprocal",
        "remainder", "rint", "round", "sign", "signbit", "sin", "sinc", "sinh", "sqrt", "square",
        "subtract", "tan", "tanh", "true_divide", "trunc", "where",
    }
)
ELEMENTWISE_NN = frozenset(
    {"relu", "relu6", "sigmoid", "softplus", "silu", "swish", "gelu", "elu", "celu", "selu",
     "leaky_relu", "log_sigmoid", "hard_tanh", "hard_sigmoid", "soft_sign", "sparse_plus"}
)
ELEMENTWISE_METHODS = frozenset({"astype", "clip", "round", "conj", "conjugate"})

# `x.at[i].<method>(v)` as an operation on whole arrays (None: a jax.numpy function).
_AT_UPDATES = {
    "set": None, "add": cst.Add, "subtract": cst.Subtract, "multiply": cst.Multiply,
    "divide": cst.Divide, "power": cst.Power, "min": "minimum", "max": "maximum",
}

# How the dtype of an expression relates to the arrays it is computed from.
_WEAK = "a Python integer"  # takes the dtype of whatever it meets
_KEEPS_DTYPE_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply)
_KEEPS_DTYPE_CALLS = frozenset(
    {"abs", "absolute", "negative", "positive", "square", "sign", "maximum", "minimum", "fmax",
     "fmin", "clip", "where"}
)


def _covered_array(header: RangeHeader, context) -> tuple[str, bool]:
    """The array whose whole first axis `range(...)` runs over, and whether it is `x.size`."""
    if header.start is not None and literal_int(header.start) != 0:
        raise CannotRewrite(f"the loop starts at `{context.code(header.start)}`, not at 0")
    stop = header.stop
    array, by_size = None, False
    if (
        isinstance(stop, cst.Call)
        and isinstance(stop.func, cst.Name)
        and stop.func.value == "len"
        and len(stop.args) == 1
        and isinstance(stop.args[0].value, cst.Name)
    ):
        array = stop.args[0].value
    elif (
        isinstance(stop, cst.Subscript)
        and isinstance(stop.value, cst.Attribute)
        and stop.value.attr.value == "shape"
        and isinstance(stop.value.value, cst.Name)
        and len(stop.slice) == 1
        and isinstance(stop.slice[0].slice, cst.Index)
        and literal_int(stop.slice[0].slice.value) == 0
    ):
        array = stop.value.value
    elif isinstance(stop, cst.Attribute) and stop.attr.value == "size" and isinstance(stop.value, cst.Name):
        array, by_size = stop.value, True
    if array is None or not context.is_traced(array):
        raise CannotRewrite(
            f"`range({context.code(stop)})` is not known to cover the first axis of an array"
        )
    return array.value, by_size


@dataclass
class _LikeArrays:
    """Arrays known to share a shape (and a dtype) with another: `out = jnp.zeros_like(x)`."""

    shape_of: dict[str, str] = field(default_factory=dict)
    dtype_of: dict[str, str] = field(default_factory=dict)

    def shape_root(self, name: str) -> str:
        while name in self.shape_of:
            name = self.shape_of[name]
        return name

    def dtype_root(self, name: str) -> str:
        while name in self.dtype_of:
            name = self.dtype_of[name]
        return name


_LIKE_CONSTRUCTORS = frozenset(
    {"jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.empty_like", "jax.numpy.full_like",
     "jax.numpy.copy", "jax.numpy.array", "jax.numpy.asarray"}
)


def _like_arrays(loop: cst.For, context) -> _LikeArrays:
    """Read `b = jnp.zeros_like(a)` (or `a.copy()`) before the loop, when neither `a` nor `b` is
    rebound anywhere else in the function (the loop only updates elements)."""
    like = _LikeArrays()
    function = context.function
    if function is None:
        return like
    counts = store_counts([function.body], skip=loop)
    params = set(context.scope.params)
    for statement in code_before(loop, context):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                continue
            target, value = small.targets[0].target, small.value
            if not (isinstance(target, cst.Name) and isinstance(value, cst.Call)):
                continue
            source, keeps_dtype = _like_source(value, context)
            if source is None or counts[target.value] != 1:
                continue
            if counts[source] != 0 or source not in params:
                continue
            like.shape_of[target.value] = source
            if keeps_dtype:
                like.dtype_of[target.value] = source
    return like


def _like_source(call: cst.Call, context) -> tuple[str | None, bool]:
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == "copy" and not call.args:
        return (func.value.value, True) if isinstance(func.value, cst.Name) else (None, False)
    if context.qualified_name(func) not in _LIKE_CONSTRUCTORS:
        return None, False
    positional = [arg for arg in call.args if arg.keyword is None]
    if not positional or not isinstance(positional[0].value, cst.Name):
        return None, False
    keeps_dtype = not any(arg.keyword is not None and arg.keyword.value == "dtype" for arg in call.args)
    if len(positional) > (2 if context.qualified_name(func) == "jax.numpy.full_like" else 1):
        keeps_dtype = False  # a positional dtype
    return positional[0].value.value, keeps_dtype


class _Vectoriser:
    """Rewrites a loop body that touches only element `index` of its arrays into whole-array
    statements: `x[i]` reads `x`, `x = x.at[i].set(v)` assigns `v`."""

    def __init__(
        self,
        index: str,
        body: Sequence[cst.BaseStatement],
        context,
        jnp: str,
        traced_tests: set[int],
        skips: set[int],
    ) -> None:
        self.index = index
        self.context = context
        self.traced_tests = traced_tests
        self.skips = set(skips)  # the `if`s made from `continue`, and what they become here
        self.jnp = jnp
        self.updated: list[str] = []
        self.temporaries: set[str] = set()
        self.arrays: set[str] = set()  # arrays read or written at element `index`
        self.tested: set[str] = set()  # arrays whose element an `if` test reads
        for statement in all_simple(body):
            for small in statement.body:
                self._classify(small)
        both = set(self.updated) & self.temporaries
        if both:
            raise CannotRewrite(f"`{sorted(both)[0]}` is both updated element by element and reassigned")
        if index in self.temporaries or index in self.updated:
            raise CannotRewrite(f"the body reassigns the loop index `{index}`")

    def _classify(self, small: cst.BaseSmallStatement) -> None:
        pairs = assigned_pairs(small)
        if pairs is None:
            if isinstance(small, (cst.Assign, cst.AugAssign)):
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                self.temporaries.update(name for target in targets for name in target_names(target))
            return
        for name, value in pairs:
            if self._element_update(name, value) is None:
                self.temporaries.add(name)
            elif name not in self.updated:
                self.updated.append(name)

    def _element_update(self, name: str, call: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
        """`name.at[i].set(v)` as ("set", v)."""
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
            return None
        method = call.func.attr.value
        at = call.func.value
        if not (
            method in _AT_UPDATES
            and isinstance(at, cst.Subscript)
            and isinstance(at.value, cst.Attribute)
            and at.value.attr.value == "at"
            and isinstance(at.value.value, cst.Name)
            and at.value.value.value == name
            and self._is_index(at)
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        return method, call.args[0].value

    def _is_index(self, subscript: cst.Subscript) -> bool:
        return (
            len(subscript.slice) == 1
            and isinstance(subscript.slice[0].slice, cst.Index)
            and isinstance(subscript.slice[0].slice.value, cst.Name)
            and subscript.slice[0].slice.value.value == self.index
        )

    # -- statements ------------------------------------------------------------------------------
    def block(self, statements: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
        return [self.statement(statement) for statement in statements]

    def statement(self, statement: cst.BaseStatement) -> cst.BaseStatement:
        if isinstance(statement, cst.If):
            if id(statement.test) not in self.traced_tests:
                raise CannotRewrite(
                    f"`if {self.context.describe(statement.test)}` tests a value that is not traced"
                )
            test = self.truth_test(statement.test)
            self.tested |= _element_arrays(statement.test, self.index)
            orelse = statement.orelse
            if isinstance(orelse, cst.If):
                orelse = self.statement(orelse)
            elif orelse is not None:
                orelse = orelse.with_changes(body=orelse.body.with_changes(body=self.block(orelse.body.body)))
            whole = statement.with_changes(
                test=test, body=statement.body.with_changes(body=self.block(statement.body.body)), orelse=orelse
            )
            if id(statement) in self.skips:
                self.skips.add(id(whole))
            return whole
        assert isinstance(statement, cst.SimpleStatementLine)
        return statement.with_changes(body=[self.small(small) for small in statement.body])

    def small(self, small: cst.BaseSmallStatement) -> cst.BaseSmallStatement:
        if isinstance(small, cst.Pass):
            return small
        pairs = assigned_pairs(small)
        if pairs is not None:
            values = [self._whole_array_value(name, value) for name, value in pairs]
            return _with_values(small, values)
        if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            return small.with_changes(value=self.expression(small.value))
        raise CannotRewrite(f"`{self.context.describe(small)}` is not an element-by-element update")

    def _whole_array_value(self, name: str, value: cst.BaseExpression) -> cst.BaseExpression:
        update = self._element_update(name, value)
        if update is None:
            return self.expression(value)
        method, argument = update
        self.arrays.add(name)
        return self._whole_array_update(name, method, self.expression(argument))

    def _whole_array_update(self, name: str, method: str, value: cst.BaseExpression) -> cst.BaseExpression:
        operation = _AT_UPDATES[method]
        current = cst.Name(name)
        if operation is None:
            return value
        if isinstance(operation, str):
            return call_to(f"{self.jnp}.{operation}", [current, value])
        negated = isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus)
        if operation is cst.Add and negated:
            return binary(current, cst.Subtract(), value.expression)  # `.add(-1)` reads `x - 1`
        return binary(current, operation(), value)

    # -- expressions -----------------------------------------------------------------------------
    def truth_test(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """An `if` test for every element: `and`/`or`/`not` stay (the selection turns them into
        array logic); elsewhere they would ask for the truth of an array."""
        if isinstance(node, cst.BooleanOperation):
            return node.with_changes(left=self.truth_test(node.left), right=self.truth_test(node.right))
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return node.with_changes(expression=self.truth_test(node.expression))
        return self.expression(node)

    def _depends(self, node: cst.CSTNode) -> bool:
        names = set(names_read(node))
        return bool(names & ({self.index} | self.temporaries | set(self.updated)))

    def expression(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """`node` computed for every element at once; loop-invariant parts are kept as written."""
        context = self.context
        if not self._depends(node):
            return node
        if isinstance(node, cst.Subscript):
            if isinstance(node.value, cst.Name) and self._is_index(node):
                name = node.value.value
                if name in self.temporaries or not context.is_traced(node.value):
                    raise CannotRewrite(f"`{context.describe(node)}` does not index a JAX array")
                self.arrays.add(name)
                return cst.Name(name, lpar=node.lpar, rpar=node.rpar)
            raise CannotRewrite(
                f"`{context.describe(node)}` reads another element than the one the iteration updates"
            )
        if isinstance(node, cst.Name):
            if node.value == self.index:
                raise CannotRewrite(f"the body uses the loop index `{self.index}` as a value")
            if node.value in self.updated:
                raise CannotRewrite(
                    f"the body reads all of `{node.value}` while updating it element by element"
                )
            return node
        if isinstance(node, cst.BinaryOperation) and not isinstance(node.operator, cst.MatrixMultiply):
            return node.with_changes(left=self.expression(node.left), right=self.expression(node.right))
        if isinstance(node, cst.UnaryOperation) and not isinstance(node.operator, cst.Not):
            return node.with_changes(expression=self.expression(node.expression))
        if isinstance(node, cst.Comparison) and not any(
            isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in node.comparisons
        ):
            if len(node.comparisons) > 1:
                raise CannotRewrite(f"`{context.describe(node)}` chains comparisons")
            return node.with_changes(
                left=self.expression(node.left),
                comparisons=[
                    target.with_changes(comparator=self.expression(target.comparator))
                    for target in node.comparisons
                ],
            )
        if isinstance(node, cst.Call) and self._elementwise_call(node):
            func = node.func
            if isinstance(func, cst.Attribute) and context.qualified_name(func) is None:
                func = func.with_changes(value=self.expression(func.value))
            return node.with_changes(
                func=func, args=[arg.with_changes(value=self.expression(arg.value)) for arg in node.args]
            )
        if isinstance(node, cst.Attribute) and node.attr.value in ("real", "imag"):
            return node.with_changes(value=self.expression(node.value))
        raise CannotRewrite(f"`{context.describe(node)}` may combine different elements")

    def _elementwise_call(self, call: cst.Call) -> bool:
        qualified = self.context.qualified_name(call.func)
        if qualified is not None:
            module, _, leaf = qualified.rpartition(".")
            if module == "jax.numpy" and leaf in ELEMENTWISE_FUNCTIONS:
                return leaf != "where" or len(call.args) == 3
            return module == "jax.nn" and leaf in ELEMENTWISE_NN
        if isinstance(call.func, cst.Name):
            return call.func.value == "abs" and call.func.value not in self.context.env
        return isinstance(call.func, cst.Attribute) and call.func.attr.value in ELEMENTWISE_METHODS

    # -- what the whole-array form may change --------------------------------------------------------
    def dtype_owners(self, statements: Sequence[cst.BaseStatement], like: _LikeArrays) -> dict[str, str | None]:
        """For each temporary, the array whose dtype it has (`_WEAK` for Python integers)."""
        owners: dict[str, str | None] = {}
        for statement in all_simple(statements):
            for small in statement.body:
                if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
                    name = small.target.value
                    kinds = [(name, _combine(owners.get(name), self.dtype_kind(small.value, owners, like)))]
                else:
                    kinds = [(n, self.dtype_kind(v, owners, like)) for n, v in assigned_pairs(small) or ()]
                for name, kind in kinds:
                    if name in self.temporaries:
                        owners[name] = kind if name not in owners else _combine(owners[name], kind)
        return owners

    def dtype_kind(
        self, node: cst.BaseExpression, owners: dict[str, str | None], like: _LikeArrays
    ) -> str | None:
        """The array whose dtype `node` has, `_WEAK`, or None when it may be promoted."""
        if isinstance(node, cst.Integer):
            return _WEAK
        if isinstance(node, cst.Name):
            if node.value in self.arrays or node.value in self.updated:
                return like.dtype_root(node.value)
            return owners.get(node.value)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
            return self.dtype_kind(node.expression, owners, like)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _KEEPS_DTYPE_OPERATORS):
            left, right = self.dtype_kind(node.left, owners, like), self.dtype_kind(node.right, owners, like)
            return _combine(left, right)
        if isinstance(node, cst.Call):
            qualified = self.context.qualified_name(node.func) or (
                node.func.value if isinstance(node.func, cst.Name) else ""
            )
            leaf = qualified.rpartition(".")[2]
            if leaf not in _KEEPS_DTYPE_CALLS or any(arg.keyword is not None for arg in node.args):
                return None
            values = [arg.value for arg in node.args]
            if leaf == "where":
                values = values[1:]
            kind: str | None = _WEAK
            for value in values:
                kind = _combine(kind, self.dtype_kind(value, owners, like))
            return kind
        return None


def _element_arrays(test: cst.BaseExpression, index: str) -> set[str]:
    found = set()
    for node in walk(test):
        if (
            isinstance(node, cst.Subscript)
            and isinstance(node.value, cst.Name)
            and len(node.slice) == 1
            and isinstance(node.slice[0].slice, cst.Index)
            and isinstance(node.slice[0].slice.value, cst.Name)
            and node.slice[0].slice.value.value == index
        ):
            found.add(node.value.value)
    return found


def _combine(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return None
    if a == _WEAK:
        return b
    if b == _WEAK or a == b:
        return a
    return None


def vectorise(loop: cst.For, context, jnp: str, names_given: set[str]) -> LoopRewrite:
    """The loop as whole-array statements, when every iteration reads and writes only element
    `i` of its arrays and `range(...)` covers their whole first axis."""
    header = range_header(loop, context)
    covered, by_size = _covered_array(header, context)
    loop_body = plain_body(loop, context)
    body = loop_body.statements
    traced_tests = {
        id(node.test)
        for node in body_ifs(statements_in(loop.body))
        if evaluator(context, env_at(node, context)).value(node.test).traced
    }
    vectoriser = _Vectoriser(header.index, body, context, jnp, traced_tests, loop_body.skips)
    if not vectoriser.updated:
        raise CannotRewrite("the body updates no array element by element")
    carried = vectoriser.temporaries & exposed_reads(body)[0]
    if carried:
        raise CannotRewrite(f"`{sorted(carried)[0]}` carries a value from one iteration to the next")
    live = read_after(vectoriser.temporaries | {header.index}, loop, context)
    if live:
        raise CannotRewrite(f"`{sorted(live)[0]}` is read after the loop")
    whole = vectoriser.block(body)
    if by_size and covered not in vectoriser.tested:
        raise CannotRewrite(f"`{covered}.size` covers the first axis only when `{covered}` is one-dimensional")

    selection = Selection(
        context, jnp, lambda node: True, vectoriser.skips, lambda base: fresh_name(base, context, names_given)
    )
    defined = bound_before(loop, context) | set(vectoriser.updated)
    statements = selection.block(whole, defined, needed_after=set(vectoriser.updated))
    rewrite = LoopRewrite([], {id(node.test) for node in body_ifs(statements_in(loop.body))}, {"jax.numpy"})
    rewrite.statements = keep_comments(loop, _shaped(statements, vectoriser, jnp))

    like = _like_arrays(loop, context)
    arrays = sorted(vectoriser.arrays | {covered})
    if len({like.shape_root(name) for name in arrays}) > 1:
        listed = ", ".join(f"`{name}`" for name in arrays)
        rewrite.add_concern(
            Safety.UNSAFE,
            f"assumes {listed} have the same shape: the loop paired their elements one by one, "
            "whole-array operations broadcast them",
        )
    owners = vectoriser.dtype_owners(whole, like)
    for name, value in _updates(whole, vectoriser.updated):
        if _combine(vectoriser.dtype_kind(value, owners, like), like.dtype_root(name)) is None:
            rewrite.add_concern(
                Safety.UNSAFE,
                f"`{name}` may change dtype: whole-array operations promote `{context.describe(value)}` "
                f"and `{name}` to a common dtype, where `{name}.at[{header.index}]` kept `{name}`'s",
            )
            break
    rewrite.add_concern(*where_safety(selection.branch_values, context))
    return rewrite


def _updates(
    statements: Sequence[cst.BaseStatement], names: Iterable[str]
) -> Iterator[tuple[str, cst.BaseExpression]]:
    names = set(names)
    for statement in all_simple(statements):
        for small in statement.body:
            for name, value in assigned_pairs(small) or ():
                if name in names:
                    yield name, value


def _shaped(statements: list[cst.BaseStatement], vectoriser: _Vectoriser, jnp: str) -> list[cst.BaseStatement]:
    """An updated array assigned a loop-invariant value (`x = 0` from `x = x.at[i].set(0)`) gets
    it in every element: `x = jnp.full_like(x, 0)`."""
    shaped = set(vectoriser.arrays) | set(vectoriser.updated)
    result = []
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            body = [_shaped_small(small, shaped, vectoriser, jnp) for small in statement.body]
            statement = statement.with_changes(body=body)
        result.append(statement)
    return result


def _shaped_small(small: cst.BaseSmallStatement, shaped: set[str], vectoriser: _Vectoriser, jnp: str):
    pairs = assigned_pairs(small)
    if pairs is None:
        return small
    values = []
    for name, value in pairs:
        reads = set(names_read(value))
        if name in vectoriser.updated and not reads & shaped:
            value = call_to(f"{jnp}.full_like", [cst.Name(name), value])
        values.append(value)
    for name, value in pairs:
        if name not in vectoriser.updated:
            (shaped.add if set(names_read(value)) & shaped else shaped.discard)(name)
    return _with_values(small, values)


def _with_values(small: cst.BaseSmallStatement, values: Sequence[cst.BaseExpression]) -> cst.BaseSmallStatement:
    """An assignment read by `assigned_pairs` with new values (`a, b = v, w` keeps its layout)."""
    if len(values) == 1:
        return small.with_changes(value=values[0])
    elements = [element.with_changes(value=value) for element, value in zip(small.value.elements, values)]
    return small.with_changes(value=small.value.with_changes(elements=elements))
