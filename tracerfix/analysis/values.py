"""The abstract values of the taint analysis and how expressions compute them.

A value is STATIC (known while tracing: literals, shapes, `len`, static arguments), TRACED (an
abstract tracer: a traced argument or array math on one) or UNKNOWN (anything the analysis cannot
tell, e.g. the result of a call into another library). Rules report only TRACED values: a false
alarm on correct code costs the user more than a miss.
"""

from __future__ import annotations

import builtins
from typing import Callable, Mapping, NamedTuple

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.imports import ImportTable, canonical, dotted_name
from tracerfix.analysis.numpy_equivalents import NUMPY_EQUIVALENTS
from tracerfix.analysis.syntax import target_names

STATIC, UNKNOWN, TRACED = 0, 1, 2


# Immutable records on the start-up path are NamedTuples: a third of a dataclass's definition cost.
# Modules code passes around to write one function for NumPy and JAX (`xnp=np`).
MODULES_PASSED_AROUND = frozenset({"numpy", "jax.numpy", "math", "scipy", "jax.scipy", "numpy.linalg",
                                   "jax.numpy.linalg", "scipy.special", "jax.scipy.special"})


def qualify_in(node: cst.BaseExpression, env: dict, imports) -> str | None:
    """The imported meaning of `node`, a name of `env` holding a module standing for it."""
    name = dotted_name(node)
    if name is None:
        return None
    if env:
        head, _, rest = name.partition(".")
        held = env.get(head)
        if held is not None and held.module is not None:
            return canonical(f"{held.module}.{rest}" if rest else held.module)
    return imports.qualify_dotted(name)


# `Value.host` of a module-level JAX array (`y = jnp.arange(10.)`): concrete itself, but under a
# trace every operation on it is staged (`y <= 0` is a tracer), since JAX's omnistaging.
DEVICE_CONSTANT = "jax"


class Value(NamedTuple):
    trace: int
    # A traced boolean array: a mask or a predicate (comparisons, logical ops, isnan...).
    boolean: bool = False
    # A concrete host container: "list", "tuple" or "numpy" (module constants, np.array(...)).
    host: str | None = None
    # A Python tuple/list/dict of values: its truthiness and length are static.
    container: bool = False
    # For tuples of known length: the value of each element.
    elements: tuple["Value", ...] | None = None
    # The truth value of a Python constant (`True`, `0`, `None`, a literal flag), when known: `and`
    # and `or` do not evaluate their right operand when the left one decides.
    truthy: bool | None = None
    # A class of this module (not a container), or an instance of it (a container: its truth value
    # is static, its attributes are what its methods assigned).
    instance_of: str | None = None
    # Whether the value is None, when known (a literal, a default, a partial's binding): `x is None`
    # is then decided, and the branch it guards is live or dead.
    none: bool | None = None
    # A static value whose origin the analysis does not see (a free variable of an enclosing
    # function that is not traced, or computed from one): concrete, but it may belong to a path
    # the trace never takes, so jnp on it is not taken to be a tracer.
    loose: bool = False
    # For an object built with keyword arguments (`State(board=b, count=0)`): each field's value.
    fields: tuple[tuple[str, "Value"], ...] | None = None
    # A function of this module passed around as a value (`bisect(excess_demand, a, b)`): the
    # `def`/`lambda` node, or the name of a module-level function. Calling the value runs it.
    function: object = None
    # A module held in a name (`xnp=np` as a parameter's default, `jnp` passed for it): what
    # `xnp.stack` calls. Joined, NumPy wins: a traced call that leaves the default leaks there.
    module: str | None = None
    # A function a JAX transformation returned (`grad_loss = jax.grad(loss)`): calling it
    # computes on arrays, so under a trace its result is a tracer.
    transformed: bool = False
    # The text of a string constant (`integration_method="Euler"`, a literal default): a
    # comparison of two known strings (`self.integration_method == "RK45"`) is decided.
    text: str | None = None
    # A parameter of a jitted function defaulting to None: what it is where a caller passed it
    # (a tracer, or a pytree of them), which `if x is not None:` narrows it to.
    if_passed: "Value | None" = None

    @property
    def traced(self) -> bool:
        """A traced array (not a Python container that happens to hold tracers)."""
        return self.trace == TRACED and not self.container


STATIC_VALUE = Value(STATIC)
# A marker in an environment: the code runs under `jax.ensure_compile_time_eval()`, where `jnp` on
# Python values computes concrete arrays (not a name: no program binds it).
COMPILE_TIME = "<compile time>"
UNKNOWN_VALUE = Value(UNKNOWN)
TRACED_VALUE = Value(TRACED)
TRACED_BOOL = Value(TRACED, boolean=True)


def join(a: Value, b: Value) -> Value:
    """The value of something that may be `a` or `b` (after an if/else, or a loop)."""
    if a == b:
        return a
    elements = None
    if a.elements is not None and b.elements is not None and len(a.elements) == len(b.elements):
        elements = tuple(join(x, y) for x, y in zip(a.elements, b.elements))
    return Value(
        max(a.trace, b.trace),
        boolean=a.boolean and b.boolean if a.trace and b.trace else a.boolean or b.boolean,
        host=a.host if a.host == b.host else None,
        container=a.container and b.container,
        elements=elements,
        truthy=a.truthy if a.truthy == b.truthy else None,
        instance_of=a.instance_of if a.instance_of == b.instance_of else None,
        none=a.none if a.none == b.none else None,
        loose=a.loose or b.loose,
        fields=_fields_joined(a.fields, b.fields),
        function=_functions_joined(a.function, b.function),
        module=a.module if a.module == b.module else "numpy" if "numpy" in (a.module, b.module) else None,
        text=a.text if a.text == b.text else None,
    )


# The methods Python calls for an operator on an object (`a == b` is `a.__eq__(b)`).
_DUNDERS = {
    cst.Add: "__add__", cst.Subtract: "__sub__", cst.Multiply: "__mul__", cst.Divide: "__truediv__",
    cst.MatrixMultiply: "__matmul__", cst.Equal: "__eq__", cst.NotEqual: "__ne__", cst.LessThan: "__lt__",
    cst.LessThanEqual: "__le__", cst.GreaterThan: "__gt__", cst.GreaterThanEqual: "__ge__",
}


class Alternatives(tuple):
    """Several functions a value may be (a helper's `cond_fun`, passed different lambdas by
    different callers): calling the value runs each of them."""


def _fields_joined(a, b):
    """The fields of an object that may be `a`'s or `b`'s: each field's values joined (a field
    only one of them lists is what that one holds)."""
    if a == b or a is None or b is None:
        return a if a == b else None
    joined = dict(a)
    for name, value in b:
        joined[name] = join(joined[name], value) if name in joined else value
    return tuple(joined.items())


def _setter_arguments(call: cst.Call, args: list[Value], method: cst.FunctionDef, setter: tuple[str, str]):
    """(attribute name, value) a call of a setter method passes: the name a string literal."""
    params = [p.name.value for p in (*method.params.posonly_params, *method.params.params)][1:]
    bound: dict[str, tuple[cst.BaseExpression, Value]] = {}
    for position, (arg, value) in enumerate(zip(call.args, args)):
        if arg.star:
            return None
        key = arg.keyword.value if arg.keyword is not None else params[position] if position < len(params) else None
        if key is not None:
            bound[key] = (arg.value, value)
    named, given = bound.get(setter[0]), bound.get(setter[1])
    if named is None or given is None or not isinstance(named[0], cst.SimpleString):
        return None
    text = named[0].evaluated_value
    return (text, given[1]) if isinstance(text, str) else None


def own_class_of(func: cst.BaseExpression) -> cst.BaseExpression | None:
    """`x` in `x.__class__` or `type(x)`, the class of an object called to build another."""
    if type(func) is cst.Attribute and func.attr.value == "__class__":
        return func.value
    if type(func) is cst.Call and type(func.func) is cst.Name and func.func.value == "type" and len(func.args) == 1 \
            and func.args[0].keyword is None and not func.args[0].star:
        return func.args[0].value
    return None


def _functions_joined(a, b):
    if a is b or a == b:
        return a
    if a is None or b is None:
        return None
    merged = list(a) if isinstance(a, Alternatives) else [a]
    for candidate in (b if isinstance(b, Alternatives) else [b]):
        if not any(candidate is known_ for known_ in merged):
            merged.append(candidate)
    return Alternatives(merged) if len(merged) <= 4 else None


def join_all(values) -> Value:
    result = STATIC_VALUE
    for value in values:
        result = join(result, value) if result is not STATIC_VALUE else value
    return result


def combine(values) -> Value:
    """The value of array math over `values`: traced when any input is."""
    trace = STATIC
    loose = False
    for value in values:
        trace = max(trace, value.trace)
        loose = loose or value.loose
    return Value(trace, loose=loose and trace == STATIC)


_LOOSE = Value(STATIC, loose=True)


def _item_of(value: Value) -> Value:
    """An item of `value` in a comprehension, only as far as it is known: a traced array's rows
    are traced, a tuple's elements are what they are; a list's value says what it holds in all,
    not item by item (`[jnp.shape(a) for a in args]` is static tuples from traced arrays)."""
    if value.traced or value.elements:
        return element_of(value)
    return STATIC_VALUE if value.trace == STATIC else UNKNOWN_VALUE


def element_of(value: Value) -> Value:
    """The value a `for` loop binds when iterating over `value`."""
    if value.elements:
        return join_all(value.elements)
    if value.host == "numpy":
        return Value(value.trace, host="numpy")  # the rows of a NumPy array are NumPy arrays
    return Value(value.trace)


_BUILTIN_NAMES = frozenset(dir(builtins))

_CONSTANT_NAMES = {
    "True": Value(STATIC, truthy=True, none=False),
    "False": Value(STATIC, truthy=False, none=False),
    "None": Value(STATIC, truthy=False, none=True),
}


def is_python_literal(node: cst.BaseExpression) -> bool:
    """A Python constant written in the source: a number (signed), a string, True, False, None."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False", "None")
    return isinstance(node, cst.UnaryOperation) and isinstance(node.expression, (cst.Integer, cst.Float))


def _only_shape_traced(node: cst.Call, args: list[Value]) -> bool:
    """`np.zeros((4, nx, ny))` with a traced `nx`: the shape leaks (reported where it is read), but what
    the call gives, if it ran, is a NumPy array, not a tracer; writes of tracers into it leak too."""
    for arg, value in zip(node.args, args):
        shape = arg.keyword.value == "shape" if arg.keyword is not None else arg is node.args[0]
        if not shape and value.trace != STATIC:
            return False
    return True


def _names_bool(node: cst.BaseExpression) -> bool:
    """`bool`, `jnp.bool_`, `np.bool_`, `"bool"`: the boolean dtype."""
    if isinstance(node, cst.Name):
        return node.value in ("bool", "bool_")
    if isinstance(node, cst.Attribute):
        return node.attr.value in ("bool_", "bool")
    return isinstance(node, cst.SimpleString) and node.evaluated_value == "bool"


def is_plain_data(value: Value) -> bool:
    """Numbers or arrays as far as the analysis knows: not a string, a function, a module or an
    object of a class of this module (what a `jnp.where`, a callback argument or `jnp.array` takes)."""
    return value.text is None and value.function is None and value.module is None and value.instance_of is None


def is_none_literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


class Evaluator:
    """Computes the Value of an expression in an environment of local names.

    `lookup_function` maps a called name to the value a same-module helper returns (or None when
    the callee is not a known helper); `on_call` lets the dataflow pass see every call it evaluates.
    """

    def __init__(
        self,
        env: Mapping[str, Value],
        imports: ImportTable,
        module_env: Mapping[str, Value],
        helper_result: Callable[[cst.Call, list[Value]], Value | None] | None = None,
    ) -> None:
        self.env = env
        self.imports = imports
        self.module_env = module_env
        self.helper_result = helper_result
        # Told of each tree_map call over traced trees, with its arguments' values (set by the
        # dataflow pass).
        self.on_mapped: Callable[[cst.Call, list[Value]], None] | None = None
        # `lax.while_loop(cond, body, init)`: the bodies' carry is `init`'s structure, traced.
        self.on_carried: Callable[[cst.Call, list[Value]], None] | None = None
        # Told of each lambda evaluated (set by the dataflow pass: its closure environment).
        self.on_lambda: Callable[[cst.Lambda], None] | None = None
        # Told of each read of an attribute of an instance of a class of this module (the
        # instance's value, the attribute); gives what a `@property` returns, or None.
        self.on_property: Callable[[Value, str], Value | None] | None = None
        # Told of each subscript of an instance of a class of this module (the instance, the
        # index's value); gives what its `__getitem__` returns, or None.
        self.on_getitem: Callable[[Value, Value], Value | None] | None = None
        # Told of each object of a class of this module built here (its value), whose
        # `__post_init__` runs after the generated `__init__`.
        self.on_constructed: Callable[[Value], None] | None = None
        # The module's classes (`ModuleIndex`): what a `@property` returns, a pytree's fields.
        self.classes = None
        self._property_depth = 0
        # Makes the evaluator of an inner environment (a comprehension's items bound), whose
        # helper calls resolve against that environment (set by the dataflow pass).
        self.inner: Callable[[dict], "Evaluator"] | None = None

    # -- names -----------------------------------------------------------------------------------
    def name(self, name: str) -> Value:
        value = self.env.get(name)
        if value is not None:
            return value
        value = self.module_env.get(name)
        held = getattr(self.classes, "lambdas", {}).get(name) if value is not None else None
        if held is not None:
            return Value(STATIC, function=held)  # `shape_ramp = lambda t: RAMP(t, ...)` at module level
        if value is not None:
            if value.instance_of is not None and value.container and value.fields is None and self.classes is not None:
                # `atmosphere = Atmosphere(key)` at module level: with what its `__init__` stored.
                return self.classes.object_made_at_module_level(name) or value
            return value
        if self.classes is not None and self.classes.is_module_function(name):
            return Value(STATIC, function=name)
        module = self.imports.aliases.get(name)
        if module in MODULES_PASSED_AROUND:
            return Value(STATIC, module=module)
        return STATIC_VALUE if name in _BUILTIN_NAMES else _LOOSE

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """`imports.qualify`, where a name may hold a module (`xnp.stack`, `xnp` a parameter)."""
        return qualify_in(node, self.env, self.imports)

    def _Lambda(self, node: cst.Lambda) -> Value:
        if self.on_lambda is not None:
            self.on_lambda(node)  # its body reads this environment when it runs
        return Value(STATIC, function=node)

    def value(self, node: cst.BaseExpression) -> Value:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            return UNKNOWN_VALUE
        return method(node)

    # -- atoms -----------------------------------------------------------------------------------
    def _Name(self, node: cst.Name) -> Value:
        constant = _CONSTANT_NAMES.get(node.value)
        if constant is not None and node.value not in self.env:
            return constant
        return self.name(node.value)

    def _constant(self, node) -> Value:
        return STATIC_VALUE

    def _literal(self, node) -> Value:
        try:
            return Value(STATIC, truthy=bool(node.evaluated_value), none=False)
        except Exception:  # an escape sequence that does not evaluate: truth unknown
            return STATIC_VALUE

    def _SimpleString(self, node: cst.SimpleString) -> Value:
        try:
            text = node.evaluated_value
        except Exception:  # an escape sequence that does not evaluate: truth unknown
            return STATIC_VALUE
        return Value(STATIC, truthy=bool(text), none=False, text=text if isinstance(text, str) else None)

    _Integer = _Float = _Imaginary = _literal
    _ConcatenatedString = _FormattedString = _Ellipsis = _constant

    def _Attribute(self, node: cst.Attribute) -> Value:
        if self.qualify(node) is not None:
            return STATIC_VALUE  # a module attribute: jnp.pi, np.float32, jax.Array
        if type(node.value) is cst.Name:
            assigned = self.env.get(node.value.value + "." + node.attr.value)
            if assigned is not None:
                return assigned  # `self.m = m` earlier in this function
        base = self.value(node.value)
        attr = node.attr.value
        if base.fields is not None:
            for field_name, field_value in base.fields:
                if field_name == attr:
                    return field_value
        elif base.trace == TRACED and base.container and base.instance_of is not None and self.classes is not None:
            # A traced NamedTuple or dataclass of this module (fields joined away over a loop):
            # its fields as the class declares them, leaves traced.
            for field_name, field_value in self.classes.pytree_fields(base.instance_of) or ():
                if field_name == attr:
                    return field_value
        constant = self.classes.class_constant(base.instance_of, attr) \
            if base.instance_of is not None and base.container and self.classes is not None else None
        if constant is not None:
            # `self._HEIGHTS`, a NumPy array the class body holds: what it was made as.
            outside = Evaluator({}, self.imports, self.module_env)
            outside.classes = self.classes
            return outside.value(constant)
        if base.instance_of is not None and base.container and self.classes is not None and self._property_depth < 4:
            if self.on_property is not None:
                # The getter runs here, reading the instance: a traced one makes it a traced scope.
                result = self.on_property(base, attr)
                if result is not None and self.classes.property_expression(base.instance_of, attr) is None:
                    return result
            getter = self.classes.property_expression(base.instance_of, attr)
            if getter is not None:
                # `state.remaining_timesteps`: the property's expression with `self` the instance.
                inner = Evaluator({"self": base}, self.imports, self.module_env, self.helper_result)
                inner.classes, inner._property_depth = self.classes, self._property_depth + 1
                return inner.value(getter)
        if attr in known.STATIC_ARRAY_ATTRIBUTES:
            return STATIC_VALUE
        if base.trace == TRACED and not base.container:
            if attr in known.TRACED_ARRAY_ATTRIBUTES:
                return TRACED_VALUE
            if attr in known.ARRAY_METHODS or attr.startswith("_") or ("." + attr) in self.module_env:
                return UNKNOWN_VALUE  # a bound method, a private attribute, a static field
            # A field of a traced pytree (a NamedTuple's, a registered dataclass's): every leaf of a
            # transformed function's argument is traced; `extras`, `params`, `metrics` hold subtrees.
            return Value(TRACED, container=True) if known.conventional_container_name(attr) else TRACED_VALUE
        if base.trace == TRACED:
            return UNKNOWN_VALUE
        return base if base.trace == UNKNOWN else (_LOOSE if base.loose else STATIC_VALUE)

    def _Subscript(self, node: cst.Subscript) -> Value:
        base = self.value(node.value)
        index = combine(self.value(element.slice) for element in node.slice)
        if base.instance_of is not None and base.container and self.on_getitem is not None:
            result = self.on_getitem(base, index)  # `d[mask]` runs `Categorical.__getitem__`
            if result is not None:
                return result
        if base.fields is not None and base.instance_of is None and len(node.slice) == 1 \
                and isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.SimpleString):
            held = dict(base.fields).get(node.slice[0].slice.value.evaluated_value)
            if held is not None:
                return held
        if base.elements is not None and len(node.slice) == 1:
            position = literal_int(node.slice[0].slice)
            if position is not None and -len(base.elements) <= position < len(base.elements):
                return base.elements[position]
        if base.trace == TRACED and base.container:
            return Value(UNKNOWN if index.trace == TRACED else TRACED)
        if base.host == "numpy" and base.trace == STATIC and index.trace == STATIC and not base.container:
            # `widths[widths <= period]`, `table[1:]` of a NumPy array: a NumPy array again.
            return Value(STATIC, host="numpy", loose=base.loose or index.loose)
        trace = max(base.trace, index.trace)
        # `x.shape[0]`: a size, never None (a helper's `if size is None:` is decided).
        sized = type(node.value) is cst.Attribute and node.value.attr.value == "shape"
        return Value(trace, loose=trace == STATIC and (base.loose or index.loose), none=False if sized else None)

    def _Index(self, node: cst.Index) -> Value:
        return self.value(node.value)

    def _Slice(self, node: cst.Slice) -> Value:
        parts = [p for p in (node.lower, node.upper, node.step) if p is not None]
        return combine(self.value(p) for p in parts)

    def _Tuple(self, node: cst.Tuple) -> Value:
        values = tuple(self.value(element.value) for element in node.elements)
        starred = any(isinstance(e, cst.StarredElement) for e in node.elements)
        combined = combine(values)
        return Value(
            combined.trace, container=True, elements=None if starred else values, loose=combined.loose
        )

    def _List(self, node: cst.List) -> Value:
        combined = combine(self.value(element.value) for element in node.elements)
        return Value(combined.trace, container=True, loose=combined.loose)

    _Set = _List

    def _Dict(self, node: cst.Dict) -> Value:
        items = [(e.key, self.value(e.value)) for e in node.elements if isinstance(e, cst.DictElement)]
        combined = combine(value for _, value in items)
        keys = [key.evaluated_value if isinstance(key, cst.SimpleString) else None for key, _ in items]
        # `{"radec": np.array(...)}`: what each string key holds, for `params["radec"]`.
        fields = tuple((key, value) for key, (_, value) in zip(keys, items)) \
            if items and len(items) == len(node.elements) and all(isinstance(key, str) for key in keys) else None
        return Value(combined.trace, container=True, loose=combined.loose, fields=fields)

    def _comprehension(self, node) -> Value:
        iterables = []
        env = dict(self.env)
        for_in = node.for_in
        while for_in is not None:
            iterable = Evaluator(env, self.imports, self.module_env, self.helper_result).value(for_in.iter)
            iterables.append(iterable)
            # Each element of a traced array is traced; of anything else, what the iterable is.
            element = TRACED_VALUE if iterable.traced else Value(iterable.trace if iterable.trace == STATIC else UNKNOWN)
            for target in target_names(for_in.target):
                env[target] = element
            for name, value in self._zipped_items(for_in, env).items():
                env[name] = value
            for_in = for_in.inner_for_in
        # The element is computed once per item: helpers it calls run with the items' values
        # (`[Dense(m)(x) for m in sizes]` builds each object from an item).
        if self.inner is not None:
            inner = self.inner(env)
        else:
            inner = Evaluator(env, self.imports, self.module_env, self.helper_result)
            inner.classes = self.classes
        computed = [inner.value(part) for part in (getattr(node, "elt", None), getattr(node, "key", None),
                                                   getattr(node, "value", None)) if part is not None]
        if self.inner is not None:
            self.inner(self.env)  # calls after the comprehension resolve against this environment again
        # What it holds is what each element is (`[jnp.shape(a) for a in args]`: static tuples
        # of traced arrays), not what it iterates over, where the element is known.
        looped = combine(iterables)
        combined = combine(computed) if computed else looped
        # An element the analysis cannot tell, computed from traced items, counts as traced.
        trace = looped.trace if combined.trace == UNKNOWN and looped.trace == TRACED else combined.trace
        return Value(trace, container=True, loose=combined.loose or looped.loose)

    _ListComp = _SetComp = _DictComp = _GeneratorExp = _comprehension

    def _zipped_items(self, for_in: cst.CompFor, env) -> dict[str, Value]:
        """`for s, m in zip(streams, sizes)`: each name is an item of its own iterable;
        `for i, m in enumerate(sizes)`: a static index and an item."""
        iterable, target = for_in.iter, for_in.target
        if not isinstance(iterable, cst.Call) or not isinstance(target, cst.Tuple):
            return {}
        called = self.qualify(iterable.func)
        if called is None and isinstance(iterable.func, cst.Name) and iterable.func.value not in env:
            called = iterable.func.value  # a builtin
        names = [element.value for element in target.elements]
        evaluate = Evaluator(env, self.imports, self.module_env).value
        iterables = [argument.value for argument in iterable.args if argument.keyword is None and not argument.star]
        if called == "zip" and len(iterables) == len(names):  # `zip(a, b, strict=True)`
            items = [_item_of(evaluate(argument)) for argument in iterables]
        elif called == "enumerate" and len(names) == 2 and iterables:
            items = [STATIC_VALUE, _item_of(evaluate(iterables[0]))]
        else:
            return {}
        return {name.value: item for name, item in zip(names, items) if isinstance(name, cst.Name)}

    def _StarredElement(self, node: cst.StarredElement) -> Value:
        return self.value(node.value)

    def _NamedExpr(self, node: cst.NamedExpr) -> Value:
        return self.value(node.value)

    # -- operators -------------------------------------------------------------------------------
    def _dunder(self, left_node: cst.BaseExpression, left: Value, operator, right_node: cst.BaseExpression,
                right: Value) -> Value | None:
        """`a + b`, `a == b` on an object of a class of this module: what its `__add__`/`__eq__`
        returns (`Position.__eq__` giving `(self.row == other.row) & ...`, a traced array)."""
        method = _DUNDERS.get(type(operator))
        if method is None or left.instance_of is None or not left.container or self.helper_result is None:
            return None
        call = cst.Call(func=cst.Attribute(value=left_node, attr=cst.Name(method)), args=[cst.Arg(right_node)])
        return self.helper_result(call, [right])

    def _BinaryOperation(self, node: cst.BinaryOperation) -> Value:
        left, right = self.value(node.left), self.value(node.right)
        by_method = self._dunder(node.left, left, node.operator, node.right, right)
        if by_method is not None:
            return by_method
        if left.container or right.container:
            # `(a,) + (b,)`, `[x] * n`: Python sequence operations, not array math.
            return Value(max(left.trace, right.trace), container=True)
        trace = TRACED if DEVICE_CONSTANT in (left.host, right.host) and COMPILE_TIME not in self.env \
            else max(left.trace, right.trace)
        bitwise = isinstance(node.operator, (cst.BitAnd, cst.BitOr, cst.BitXor))
        loose = trace == STATIC and (left.loose or right.loose)
        # `(1 - alpha) * self._LOW`: NumPy arithmetic on a NumPy array gives a NumPy array.
        host = "numpy" if trace == STATIC and "numpy" in (left.host, right.host) else None
        # `(x < lo) + (x > hi)` of two boolean arrays is their `or` (`*` their `and`): still a mask.
        # (Of Python bools it is an int.)
        logical = bitwise or trace == TRACED and isinstance(node.operator, (cst.Add, cst.Multiply))
        return Value(trace, boolean=logical and left.boolean and right.boolean, loose=loose, host=host)

    def _UnaryOperation(self, node: cst.UnaryOperation) -> Value:
        operand = self.value(node.expression)
        if isinstance(node.operator, cst.Not):
            if operand.trace == STATIC and operand.truthy is not None:
                return Value(STATIC, boolean=True, truthy=not operand.truthy)
            return Value(operand.trace, boolean=True) if not operand.container else STATIC_VALUE
        if isinstance(node.operator, cst.BitInvert):
            return Value(operand.trace, boolean=operand.boolean, loose=operand.loose)
        return Value(operand.trace, loose=operand.loose)

    def _BooleanOperation(self, node: cst.BooleanOperation) -> Value:
        left = self.value(node.left)
        if left.trace == STATIC and left.truthy is not None and left.truthy == isinstance(node.operator, cst.Or):
            return left  # `False and x`, `True or x`: x is never evaluated
        guarded = python_value_tested(node.left) if isinstance(node.operator, cst.And) else None
        right = (self if guarded is None else self.narrowed(guarded)).value(node.right)
        return Value(max(left.trace, right.trace), boolean=left.boolean and right.boolean)

    def narrowed(self, name: str) -> "Evaluator":
        """This evaluator where `name` is known to hold a Python value (after `isinstance`)."""
        narrowed = Evaluator({**self.env, name: STATIC_VALUE}, self.imports, self.module_env, self.helper_result)
        narrowed.classes, narrowed._property_depth = self.classes, self._property_depth
        return narrowed

    def _Comparison(self, node: cst.Comparison) -> Value:
        for target in node.comparisons:
            if isinstance(target.operator, (cst.Is, cst.IsNot)):
                if len(node.comparisons) == 1 and is_none_literal(target.comparator):
                    none = self.value(node.left).none
                    if none is not None:  # `x is None` where x is known to be None or not
                        return Value(STATIC, boolean=True, truthy=none == isinstance(target.operator, cst.Is))
                return STATIC_VALUE
            if isinstance(target.operator, (cst.In, cst.NotIn)):
                container = self.value(target.comparator)
                if container.container or container.trace != TRACED or not container.boolean and isinstance(
                    target.comparator, (cst.Name, cst.Attribute, cst.Subscript)
                ):
                    # `k in a`: a named traced value may be a dict of tracers (static membership)
                    return STATIC_VALUE if container.trace == STATIC else UNKNOWN_VALUE
        if any(isinstance(operand, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
               for operand in (node.left, *(t.comparator for t in node.comparisons))):
            if len(node.comparisons) == 1 and isinstance(node.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
                left, right = self.value(node.left), self.value(node.comparisons[0].comparator)
                if left.text is not None and right.text is not None:
                    # `self.integration_method == "RK45"` on an object built with "Euler".
                    same = left.text == right.text
                    return Value(STATIC, truthy=same == isinstance(node.comparisons[0].operator, cst.Equal))
            return STATIC_VALUE  # `t == "f"`: an array is never compared with a string while traced
        operands = [self.value(node.left)] + [self.value(t.comparator) for t in node.comparisons]
        if len(node.comparisons) == 1:
            by_method = self._dunder(node.left, operands[0], node.comparisons[0].operator,
                                     node.comparisons[0].comparator, operands[1])
            if by_method is not None:
                return by_method
        if any(operand.container for operand in operands):
            return STATIC_VALUE if all(o.trace == STATIC for o in operands) else UNKNOWN_VALUE
        if any(operand.host == DEVICE_CONSTANT for operand in operands) and COMPILE_TIME not in self.env:
            return TRACED_BOOL
        combined = combine(operands)
        return Value(combined.trace, boolean=combined.trace == TRACED, loose=combined.loose)

    def _IfExp(self, node: cst.IfExp) -> Value:
        test = self.value(node.test)
        guarded = python_value_tested(node.test)
        body = (self if guarded is None else self.narrowed(guarded)).value(node.body)
        result = join(body, self.value(node.orelse))
        if test.trace == TRACED:
            return Value(TRACED, boolean=result.boolean)
        return result

    # -- calls -----------------------------------------------------------------------------------
    def _tracer_guard(self, node: cst.Call) -> Value | None:
        """`isinstance(x, jax.core.Tracer)`, or a helper returning such a test (`not_tracing(x)`):
        a Python bool, decided when the analysis knows whether `x` is traced."""
        from tracerfix.analysis.guards import array_test, tracer_test

        classes = self.classes
        resolve = lambda call: classes.defined_function(call.func, ()) if classes else None  # noqa: E731
        guard = tracer_test(node, self.imports, resolve)
        if guard is None:
            tested = array_test(node, self.imports, resolve)
            if tested is not None and self.value(tested[0]).trace == TRACED and not self.value(tested[0]).container:
                return Value(STATIC, truthy=not tested[1])  # a tracer is a `jax.Array`
            return None
        subject, when_traced = guard
        value = self.value(subject)
        if value.trace == TRACED and not value.container:
            return Value(STATIC, truthy=when_traced)
        if value.trace == STATIC and not value.loose:
            return Value(STATIC, truthy=not when_traced)
        return STATIC_VALUE

    def _Call(self, node: cst.Call) -> Value:
        qualified = self.qualify(node.func)
        if qualified is None and isinstance(node.func, cst.Name):
            name = node.func.value
            if name not in self.env and name not in self.module_env:
                qualified = name  # a builtin
        if qualified == "isinstance" or type(node.func) is cst.Name and self.classes is not None \
                and node.func.value not in self.env and self.classes.is_module_function(node.func.value):
            guard = self._tracer_guard(node)
            if guard is not None:
                return guard
        if qualified in known.STATIC_RESULT_CALLS:
            return STATIC_VALUE
        args = [self.value(arg.value) for arg in node.args]
        inputs = combine(args)
        instance = own_class_of(node.func)
        if type(node.func) is cst.Name or instance is not None:
            if instance is None:
                called = self.name(node.func.value)
            else:
                # `self.__class__(data * s, ...)`, `type(self)(...)`: the class of the object it has.
                receiver = self.value(instance)
                called = Value(STATIC, instance_of=receiver.instance_of) \
                    if receiver.instance_of is not None and receiver.container else STATIC_VALUE
            if called.transformed:
                if called.function is not None and self.helper_result is not None:
                    # The function it transforms runs on these arguments (`grad_fn(params, batch)`,
                    # `grad_fn = jax.value_and_grad(loss)`): the ones `grad` does not differentiate
                    # are traced when they are here.
                    self.helper_result(node, args)
                return TRACED_VALUE  # `grad_loss(x)`, `grad_loss = jax.grad(loss)`
            if called.instance_of is not None and not called.container:
                # Constructing an object of a class of this module: its __init__ runs (recorded by
                # the helper callback); the object carries whatever it was given.
                if self.helper_result is not None:
                    self.helper_result(node, args)
                fields = None
                if self.classes is not None and self.classes.class_method(called.instance_of, "__init__") is not None:
                    # A class with an `__init__` of its own: its attributes are what that stores.
                    fields = self.classes.init_fields(called.instance_of, node.args, args, self)
                elif node.args and all(arg.keyword is not None for arg in node.args):
                    fields = tuple((arg.keyword.value, value) for arg, value in zip(node.args, args))
                elif node.args and not any(arg.star for arg in node.args) and self.classes is not None:
                    # `Dropout(p, inference)`: a NamedTuple's or dataclass's fields in their order.
                    declared = self.classes.pytree_fields(called.instance_of)
                    if declared is not None and len(node.args) <= len(declared):
                        names = [name for name, _ in declared]
                        fields = tuple(
                            (arg.keyword.value if arg.keyword is not None else names[position], value)
                            for position, (arg, value) in enumerate(zip(node.args, args))
                        )
                if fields is not None and self.classes is not None:
                    # Fields the call leaves out take the class's literal defaults; then a
                    # dataclass's `__post_init__` stores what it derives from them.
                    given = {name for name, _ in fields}
                    fields += tuple((name, self.value(default)) for name, default
                                    in self.classes.class_defaults(called.instance_of).items() if name not in given)
                    fields = self.classes.post_init_fields(called.instance_of, fields, self)
                built = Value(inputs.trace, container=True, instance_of=called.instance_of, fields=fields)
                if self.on_constructed is not None:
                    self.on_constructed(built)
                return built

        if qualified is not None:
            leaf = qualified.rpartition(".")[2]
            if qualified in known.STAGING_TRANSFORMS and node.args and not any(
                    arg.keyword is None and self.value(arg.value).trace == TRACED for arg in node.args[1:]):
                # `jax.grad(loss)`: a function of arrays, which runs `loss` (a function held by a
                # parameter, `jax.grad(f)`, is never a tracer itself).
                return Value(STATIC, transformed=True, function=args[0].function if not node.args[0].keyword else None)
            if qualified in known.TREE_MAP_CALLS and self.on_mapped is not None and len(args) > 1:
                if any(value.trace == TRACED for value in args[1:]):
                    self.on_mapped(node, args)
            if qualified.startswith(known.ARRAY_NAMESPACES):
                boolean = leaf in known.BOOLEAN_RESULT_FUNCTIONS
                if leaf in known.DTYPE_KEEPING_FUNCTIONS and args and node.args[0].keyword is None \
                        and not any(arg.keyword is not None and arg.keyword.value == "dtype" for arg in node.args):
                    boolean = args[0].boolean  # `xp.asarray(mask)` is still a mask
                boolean = boolean or any(arg.keyword is not None and arg.keyword.value == "dtype"
                                         and _names_bool(arg.value) for arg in node.args)
                if leaf in ("where",) and len(node.args) == 1:
                    return Value(inputs.trace, container=True)  # a tuple of index arrays
                trace = inputs.trace
                if qualified in known.LAX_BODY_ARGUMENTS and qualified.startswith("jax.lax."):
                    # `lax.while_loop(cond, body, init)` gives tracers whatever its operands are: it
                    # only runs traced code, so the line is traced where it runs.
                    trace = TRACED
                    if self.on_carried is not None and qualified in known.CARRYING_LOOPS:
                        self.on_carried(node, args)
                if trace != TRACED and COMPILE_TIME in self.env and qualified.startswith(known.STAGED_NAMESPACES):
                    # Computed while tracing: a concrete JAX array, staged again by operators
                    # applied to it outside the block (`z > 0` after it).
                    return Value(trace, host=DEVICE_CONSTANT, loose=inputs.loose)
                if trace != TRACED and not inputs.loose and qualified.startswith(known.STAGED_NAMESPACES) \
                        and leaf not in known.STATIC_RESULT_LEAVES:
                    # Under a trace every jnp/lax/random call is staged out: its result is a tracer
                    # even when its inputs are Python values (`jnp.cumsum(jnp.array(sizes))`).
                    # (An unknown input stays unknown: the line may run only outside the trace.)
                    trace = TRACED
                return Value(trace, boolean=boolean and trace == TRACED)
            if qualified.startswith(("numpy.", "math.")):
                if inputs.trace == STATIC or leaf in known.SHAPE_CONSTRUCTORS and _only_shape_traced(node, args):
                    return Value(STATIC, host="numpy" if qualified.startswith("numpy.") else None, loose=inputs.loose)
                return Value(inputs.trace)
            if qualified in ("copy.copy", "copy.deepcopy") and len(args) == 1 and not node.args[0].keyword:
                return args[0]  # a copy holds what the original holds (an object's fields too)
            if qualified in known.PASS_THROUGH_CALLS and args and not node.args[0].keyword:
                # `jax.device_get(x)` of a tracer gives the tracer back (a concrete array, its value).
                return args[0]
            if qualified in ("range",):
                return Value(inputs.trace, container=True, host="range")
            if qualified in ("enumerate", "zip", "reversed", "sorted", "list", "tuple", "dict", "set"):
                return Value(inputs.trace, container=True)
            if qualified in ("int", "float", "complex", "bool"):
                return Value(inputs.trace)
            if qualified in known.VALUE_READING_BUILTINS:
                return Value(inputs.trace)
            if qualified in ("print",):
                return STATIC_VALUE

        if isinstance(node.func, cst.Attribute):
            receiver = self.value(node.func.value)
            method = node.func.attr.value
            if inputs.trace == TRACED and _names_an_array_namespace(node.func.value) \
                    and (method in NUMPY_EQUIVALENTS or method in known.ARRAY_METHODS):
                # `self.np.sum(p * p)` with the module handed in: array math on a tracer.
                return Value(TRACED, boolean=method in known.BOOLEAN_RESULT_FUNCTIONS)
            if method == "_replace" and receiver.container and receiver.instance_of is not None:
                # `state._replace(time=t)` of a NamedTuple: the same class, the named fields replaced.
                given = {arg.keyword.value: value for arg, value in zip(node.args, args) if arg.keyword is not None}
                fields = None if receiver.fields is None or any(arg.star for arg in node.args) else tuple(
                    (name, given.get(name, value)) for name, value in receiver.fields)
                return receiver._replace(trace=max(receiver.trace, inputs.trace), fields=fields)
            if receiver.instance_of is not None and receiver.container and self.classes is not None \
                    and (setter := self.classes.setter_parameters(receiver.instance_of, method)) is not None:
                # `jitter.set("kernel_size", k)`: a copy of the object with that attribute replaced.
                given = _setter_arguments(node, args, self.classes.class_method(receiver.instance_of, method), setter)
                if given is not None:
                    name, value = given
                    if self.helper_result is not None:
                        self.helper_result(node, args)
                    fields = tuple((field, held) for field, held in (receiver.fields or ()) if field != name)
                    return receiver._replace(trace=max(receiver.trace, value.trace), fields=(*fields, (name, value)))
            if receiver.instance_of is not None and self.helper_result is not None:
                result = self.helper_result(node, args)  # a method of a class of this module
                if result is not None:
                    return result
            if receiver.trace == TRACED and not receiver.container:
                if method in known.ARRAY_METHODS or method in known.AT_UPDATE_METHODS:
                    boolean = method in known.BOOLEAN_RESULT_METHODS
                    if method in known.DTYPE_KEEPING_METHODS:
                        boolean = receiver.boolean  # `(board != 0).reshape(-1)` is still a mask
                    elif method == "astype" and node.args and _names_bool(node.args[0].value):
                        boolean = True  # `keep.astype(bool)`: a mask
                    elif method in known.AT_UPDATE_METHODS and type(node.func.value) is cst.Subscript \
                            and type(node.func.value.value) is cst.Attribute and node.func.value.value.attr.value == "at":
                        boolean = self.value(node.func.value.value.value).boolean  # `mask.at[i].set(False)`
                    return Value(TRACED, boolean=boolean)
                return UNKNOWN_VALUE
            if receiver.trace == STATIC and self.qualify(node.func) is None:
                root = node.func.value
                if type(root) is cst.Attribute and type(root.value) is cst.Name and root.value.value in ("self", "cls"):
                    root = root.value  # `self.q_network.apply(params, x)`: a method of an object it holds
                if self.helper_result is not None and type(root) is cst.Name and (
                        root.value not in self.env and root.value in self.module_env
                        or root.value in ("self", "cls")):
                    # `optimizer.update(g, state)`: a function a module-level factory call stored;
                    # `self.helper(x)` in a method jitted with `self` static.
                    result = self.helper_result(node, args)
                    if result is not None:
                        return result
                return (_LOOSE if inputs.loose or receiver.loose else STATIC_VALUE) if inputs.trace == STATIC else UNKNOWN_VALUE

        if self.helper_result is not None:
            result = self.helper_result(node, args)
            if result is not None:
                return result
        if isinstance(node.func, cst.Call):
            # jax.vmap(f)(x), jax.grad(loss)(params): the transformed call computes on arrays.
            # `make_map(gm)(x)`: the factory runs too (its helper call is recorded).
            self.value(node.func)
            inner = self.qualify(node.func.func)
            if inner in known.STAGING_TRANSFORMS:
                return Value(TRACED)  # `jax.jit(lax.gt)(x, 0.)` under a trace gives a tracer
            if inner is not None and inner.startswith(known.ARRAY_NAMESPACES):
                return Value(inputs.trace)
        if inputs.trace == STATIC:
            return _LOOSE if inputs.loose or type(node.func) is not cst.Name or node.func.value not in _BUILTIN_NAMES else STATIC_VALUE
        return UNKNOWN_VALUE

    def _Await(self, node) -> Value:
        return UNKNOWN_VALUE

    _Yield = _Await


def _names_an_array_namespace(node: cst.BaseExpression) -> bool:
    """`self.np`, `xp`: a name or attribute that names an array module (a module imported under
    that name is qualified, and never reaches here)."""
    return type(node) is cst.Attribute and node.attr.value in known.NAMESPACE_ALIASES \
        or type(node) is cst.Name and node.value in known.NAMESPACE_ALIASES


def python_value_tested(test: cst.BaseExpression) -> str | None:
    """The name that `isinstance(name, int)` (or float, bool, str...) proves to hold a Python
    value: code guarded by the test runs only when the name is not a tracer."""
    if not (
        isinstance(test, cst.Call)
        and isinstance(test.func, cst.Name)
        and test.func.value == "isinstance"
        and len(test.args) == 2
        and isinstance(test.args[0].value, cst.Name)
    ):
        return None
    kinds = test.args[1].value
    names = [element.value for element in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
    if names and all(isinstance(n, cst.Name) and n.value in known.PYTHON_SCALAR_TYPES for n in names):
        return test.args[0].value.value
    return None


def literal_int(node: cst.BaseExpression) -> int | None:
    """The value of an integer literal such as `3` or `-1`, else None."""
    if isinstance(node, cst.Integer):
        return int(node.evaluated_value)
    if (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and isinstance(node.expression, cst.Integer)
    ):
        return -int(node.expression.evaluated_value)
    return None


