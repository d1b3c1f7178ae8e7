"""What a function's own code says about its parameters, when nothing else does (parent side).

Read from the source alone, before any probing: ranks and shared sizes from `jnp.einsum`
subscripts, `@` / `dot` / `matmul`, indexing depth (`x[i, j]`), `.T` and `axis=` arguments;
integers from use as an index and comparison with integer literals; PRNG keys from what
`jax.random` consumes; dicts from string subscripts (`params["w"]`); NamedTuples and dataclasses
from attribute reads (`state.count`), built from the class the module defines. The result is one
spec text per parameter (`f32[P,p]`, `{w: f32[a,b], b: f32[b]}`, `State(count=i32[], mu=f32[n])`),
in the spec language of `specs`; dimension names are shared across parameters, so the sizes the
worker gives them agree where the code needs them to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import libcst as cst

from tracerfix.analysis.imports import ImportTable, dotted_name
from tracerfix.analysis.syntax import descendants
from tracerfix.analysis.scopes import declares_static

SHARED = "n"  # the size of every array dimension nothing else constrains: elementwise code agrees
MAX_RANK = 3
_MATMUL = frozenset({"dot", "matmul", "inner"})
_ARRAY_FIELD_TYPES = frozenset({"Array", "ndarray", "ArrayLike", "DeviceArray", "PRNGKeyArray", "Any"})


@dataclass
class Leaf:
    """What is known about one value: a parameter, `params["w"]` or `state.mu`."""

    dims: list[str] | None = None  # exact dimension names (einsum, matmul)
    min_rank: int = 0
    integer: bool = False  # used as an index, compared with integer literals
    index: bool = False  # used as an index: a scalar integer
    key: bool = False  # consumed by jax.random
    # The length its literal indices need (`x[0]`, `x[1]`: 2): a vector of fixed components.
    literal_length: int = 0
    # Only a matmul's right operand said its rank: `X @ b` takes a vector as well as a matrix.
    vector_too: bool = False
    truth: bool = False  # tested for its truth (`if done`, `x and converged`): a single value
    # Compared in a truth test (`if jnp.max(loglikes) > max_loglike:`): one value, as eager
    # Python tests the truth of one value only; a number rather than a flag.
    compared: bool = False
    reads: int = 0  # reads of the name
    literal_reads: int = 0  # reads as `x[0]`, `x[1]`: all of them, and it is a vector of components
    # Literal bounds of slices along the first axis (`x[:3]`, `x[3:]`): where a state vector is
    # cut into its parts (position and velocity: a length of twice the cut).
    cuts: set[int] = field(default_factory=set)
    unpacked: int = 0  # `nu, omega_0 = x`: as many values as names (a tuple, or a vector)

    def spec(self, default_rank: int = 0) -> str:
        """`default_rank`: the rank of an array nothing constrains (not an index)."""
        if self.key:
            return "key"
        dtype = "i32" if self.integer else "f32"
        if self.dims is not None:
            dims = self.dims
        elif self.index:
            dims = [SHARED] * min(self.min_rank, MAX_RANK)
        else:
            dims = [SHARED] * min(max(self.min_rank, default_rank), MAX_RANK)
        return f"{dtype}[{','.join(dims)}]"


@dataclass
class Usage:
    """What is known about a value and its parts, to any depth: `params["layer"]["w"]`,
    `world.ball.pos`."""

    leaf: Leaf = field(default_factory=Leaf)
    keys: dict[str, "Usage"] = field(default_factory=dict)  # params["w"]
    attributes: dict[str, "Usage"] = field(default_factory=dict)  # state.mu


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, name: str) -> str:
        self.parent.setdefault(name, name)
        while self.parent[name] != name:
            self.parent[name] = self.parent[self.parent[name]]
            name = self.parent[name]
        return name

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def infer_inputs(node: cst.FunctionDef, names: list[str], imports: ImportTable,
                 module: cst.Module) -> dict[str, list[str]]:
    """Spec texts per parameter name (most likely first), for the parameters the code says
    something about, in the function and in the module's helpers it passes them to."""
    inference = _Inference({name: name for name in names}, imports, _functions(module))
    inference.constructors = _constructors(module)
    inference.visiting.add(node.name.value)
    inference.walk(node.body)
    inference.unify_dtypes()
    classes = _classes(module)
    annotations = _annotations(node)
    found: dict[str, list[str]] = {}
    builder = _PytreeSpecs(classes, inference.dims.find, module, imports)
    for name in names:
        usage = inference.usages.get(name)
        if usage is None:
            continue
        if usage.keys or usage.attributes:
            # Unconstrained leaves as scalars first (they pass any `if`), then as vectors.
            specs = [builder.spec(usage, annotations.get(name), rank) for rank in (0, 1)]
            if specs[0] is not None:
                found[name] = list(dict.fromkeys(specs))
        else:
            leaf = _resolved(usage.leaf, inference.dims.find)
            if leaf.dims is not None or leaf.min_rank or leaf.integer or leaf.index or leaf.key or leaf.truth \
                    or leaf.compared:
                found[name] = _leaf_ladder(leaf)
    return found


@dataclass
class _PytreeSpecs:
    """Spec texts for values read by key or attribute, nested to any depth: a dict of dicts
    (`params["layer"]["w"]`), a NamedTuple of NamedTuples (`world.ball.pos`)."""

    classes: list[_ClassInfo]
    resolve: object
    module: cst.Module
    imports: ImportTable
    building: set[str] = field(default_factory=set)  # classes whose fields are being built

    def spec(self, usage: Usage, annotation: str | None, rank: int) -> str | None:
        if usage.keys and not usage.attributes:
            # Each leaf in the dtype a dict the module builds with the same keys gives it
            # (`"time": jnp.int32(0)`).
            dtypes = _dict_literal_dtypes(self.module, set(usage.keys), self.imports)
            parts = []
            for key, part in usage.keys.items():
                inner = self.spec(part, None, rank) if part.keys or part.attributes else \
                    _typed(_resolved(part.leaf, self.resolve).spec(rank), dtypes.get(key))
                if inner is None:
                    return None
                parts.append(f"{key!r}: {inner}")
            return "{" + ", ".join(parts) + "}"
        if usage.attributes and not usage.keys:
            return self._class_spec(usage, annotation, rank)
        if not usage.keys and not usage.attributes:
            return _resolved(usage.leaf, self.resolve).spec(rank)
        return None

    def _class_spec(self, usage: Usage, annotation: str | None, rank: int) -> str | None:
        """The annotated class, else the module's class that has every field read; its array
        fields from how they are used, its fields of the module's classes built the same way."""
        wanted = set(usage.attributes)
        chosen = None
        for info in self.classes:
            if annotation is not None and annotation.rpartition(".")[2] == info.name:
                chosen = info
                break
            if chosen is None and wanted <= set(info.fields) | info.members and wanted & set(info.fields):
                chosen = info
        if chosen is None or chosen.name in self.building:
            return None  # none fits, or a class that holds itself (a tree): not built
        if set(chosen.fields) <= chosen.defaults and all(kind in ("int", "float", "bool", "str") for kind in chosen.fields.values()):
            return chosen.name  # a configuration of Python values: its defaults, hashable
        self.building.add(chosen.name)
        try:
            return self._fields_spec(chosen, usage, rank)
        finally:
            self.building.discard(chosen.name)

    def _fields_spec(self, chosen: _ClassInfo, usage: Usage, rank: int) -> str | None:
        parts = []
        for name, kind in chosen.fields.items():
            part = usage.attributes.get(name, Usage())
            nested = next((info for info in self.classes if info.name == kind), None)
            # A field read by key or attribute, or one whose class the module defines (built from
            # it unless the field has a default): a pytree of its own.
            if (nested is not None and name not in chosen.defaults) or part.attributes or part.keys:
                inner = self.spec(part, kind or None, rank) if part.keys or part.attributes else \
                    self._class_spec(part, kind, rank)
                if inner is None:
                    if name in chosen.defaults:
                        continue
                    return None  # a field we cannot build
                parts.append(f"{name}={inner}")
            elif kind in ("int", "float", "bool") and (name not in usage.attributes or name in chosen.static):
                parts.append(f"{name}={kind}")  # (a static field stays a Python value: `N` of a shape)
            elif kind in _ARRAY_FIELD_TYPES or kind == "" or name in usage.attributes:
                parts.append(f"{name}={_resolved(part.leaf, self.resolve).spec(rank)}")
            elif name not in chosen.defaults:
                return None  # a field we cannot build
        return f"{chosen.name}({', '.join(parts)})"


_INTEGER_MAKERS = frozenset({"int32", "int64", "int16", "int8", "uint32", "uint8", "randint", "argmax", "argmin",
                             "int_", "arange"})
_FLOAT_MAKERS = frozenset({"float32", "float64", "float16", "normal", "uniform", "zeros", "ones", "full"})
_BOOL_MAKERS = frozenset({"bool_", "bernoulli"})


def _dict_literal_dtypes(module: cst.Module, keys: set[str], imports: ImportTable) -> dict[str, str]:
    """For each key, the dtype ("i32", "f32", "bool") that the values of the module's dict
    literals with those keys have, where every such literal agrees."""
    found: dict[str, set[str]] = {}
    for node in descendants(module):
        if not isinstance(node, cst.Dict):
            continue
        entries = {element.key.evaluated_value: element.value for element in node.elements
                   if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)}
        if not keys <= set(entries):
            continue
        for key in keys:
            dtype = _literal_dtype(entries[key], imports)
            if dtype is not None:
                found.setdefault(key, set()).add(dtype)
    return {key: next(iter(dtypes)) for key, dtypes in found.items() if len(dtypes) == 1}


def _literal_dtype(value: cst.BaseExpression, imports: ImportTable) -> str | None:
    if isinstance(value, cst.Integer):
        return "i32"
    if isinstance(value, cst.Float):
        return "f32"
    if isinstance(value, cst.Name) and value.value in ("True", "False"):
        return "bool"
    if isinstance(value, cst.Call):
        named = " ".join(filter(None, [imports.qualify(value.func) or ""] + [
            imports.qualify(arg.value) or "" for arg in value.args if arg.keyword and arg.keyword.value == "dtype"]))
        leaves = {part.rpartition(".")[2] for part in named.split()}
        if leaves & _BOOL_MAKERS:
            return "bool"
        if any(arg.keyword and arg.keyword.value == "dtype" for arg in value.args):
            return "i32" if leaves & {"int32", "int64", "int16", "int8", "uint32", "uint8"} else \
                "f32" if leaves & {"float32", "float64", "float16"} else None
        if leaves & _INTEGER_MAKERS:
            return "i32"
        if leaves & _FLOAT_MAKERS:
            return "f32"
    return None


def _typed(spec: str, dtype: str | None) -> str:
    """`spec` ("f32[]") in `dtype` ("i32"), when one is known."""
    if dtype is None:
        return spec
    return dtype + spec[spec.index("["):] if "[" in spec and spec[:1] in "fib" else spec


def _leaf_ladder(leaf: Leaf) -> list[str]:
    """The inferred spec; an integer guess that is not an index (a comparison with `0`) is tried
    as a float first, then as an integer."""
    first = leaf.spec()
    if leaf.unpacked and leaf.dims == [str(leaf.unpacked)] and not leaf.min_rank:
        # A loop carry (`total, count = carry`) is a tuple; an argument unpacked in a jitted
        # function (`nu, omega_0 = x`) as often a vector of that many components.
        return [f"({', '.join(['f32[]'] * leaf.unpacked)})", first]
    if leaf.truth and leaf.dims is None and not leaf.min_rank and not leaf.key:
        return ["bool[]", "f32[]"]  # Python tests the truth of one value only
    if leaf.compared and leaf.dims is None and not leaf.min_rank and not leaf.key:
        return list(dict.fromkeys(["i32[]" if leaf.integer and leaf.index else "f32[]", first]))
    if leaf.integer and not leaf.index and not leaf.key:
        return ["f" + first[1:], first]
    if leaf.literal_length > 1 and leaf.dims is None and leaf.min_rank == 1 and not leaf.index:
        # `x[0] ** 2 + x[1] ** 2` against a length-2 result: any length first, then the one the
        # literal indices name, for code that only works with exactly that many components.
        # Read only that way (`dist[0]`, `dist[1]`), it holds exactly those: that length first.
        fixed = f"{first[:3]}[{leaf.literal_length}]"
        return [fixed, first] if leaf.reads and leaf.reads == leaf.literal_reads else [first, fixed]
    if leaf.vector_too and leaf.dims is not None and len(leaf.dims) == 2:
        return [first, f"{first[:3]}[{leaf.dims[0]}]"]
    if leaf.cuts and leaf.dims is None and leaf.min_rank == 1 and not leaf.index:
        # `r = x[:3]; v = x[3:]`: a vector of parts, cut at 3: twice that long, or one past the cut.
        lengths = dict.fromkeys([2 * max(leaf.cuts), max(leaf.cuts) + 1, sum(sorted(leaf.cuts)[-2:])])
        return [first, *(f"{first[:3]}[{length}]" for length in lengths)]
    return [first]


def _resolved(leaf: Leaf, find) -> Leaf:
    if leaf.dims is None:
        return leaf
    return Leaf([find(d) for d in leaf.dims], leaf.min_rank, leaf.integer, leaf.index, leaf.key, leaf.literal_length,
                leaf.vector_too, leaf.truth, leaf.compared, leaf.reads, leaf.literal_reads, leaf.cuts, leaf.unpacked)


# Transforms whose result takes the arguments of the function they wrap, shapes unchanged
# (`vmap` adds a dimension, so what its function does says nothing exact about the caller's).
_SAME_ARGUMENTS = frozenset({"jit", "grad", "value_and_grad", "jacfwd", "jacrev", "hessian", "checkpoint", "remat"})


def _functions(module: cst.Module) -> dict[str, cst.FunctionDef]:
    """The module's functions by the names calls use: their own, and module-level names bound to
    a transform of one (`G = jax.grad(loss)`), whose arguments are the function's."""
    found = {statement.name.value: statement for statement in module.body if isinstance(statement, cst.FunctionDef)}
    for statement in module.body:
        # `PlaneTerrain.build(normal=n)`: a static method called on its class, by `Class.method`.
        if isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
            for method in statement.body.body:
                if isinstance(method, cst.FunctionDef) and any(
                        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod" for d in method.decorators):
                    found.setdefault(f"{statement.name.value}.{method.name.value}", method)
    calls = {statement.name.value: method for statement in module.body if isinstance(statement, cst.ClassDef)
             and isinstance(statement.body, cst.IndentedBlock) for method in statement.body.body
             if isinstance(method, cst.FunctionDef) and method.name.value == "__call__"}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                wrapped = _transformed_function(small.value, found)
                if wrapped is None and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Name):
                    wrapped = calls.get(small.value.func.value)  # `crop = Crop(6)`: `crop(x)` runs `__call__`
                if wrapped is not None:
                    found.setdefault(small.targets[0].target.value, wrapped)
    return found


def _literal_shape(node: cst.BaseExpression) -> list[str] | None:
    """`(4, 3)`, `[2]`: the sizes a literal shape spells out."""
    if not isinstance(node, (cst.Tuple, cst.List)) or not node.elements:
        return None
    sizes = [_integer(element.value) for element in node.elements]
    return None if any(size is None or size < 0 for size in sizes) else [str(size) for size in sizes]


def _constructors(module: cst.Module) -> dict[str, cst.FunctionDef]:
    found = {}
    for statement in module.body:
        if isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
            init = next((line for line in statement.body.body if isinstance(line, cst.FunctionDef)
                         and line.name.value == "__init__"), None)
            if init is not None:
                found[statement.name.value] = init
    return found


def _transformed_function(value: cst.BaseExpression, functions: dict[str, cst.FunctionDef]) -> cst.FunctionDef | None:
    while isinstance(value, cst.Call) and value.args and value.args[0].keyword is None \
            and (dotted_name(value.func) or "").rpartition(".")[2] in _SAME_ARGUMENTS:
        value = value.args[0].value
    return functions.get(value.value) if isinstance(value, cst.Name) else None


class _Inference:
    def __init__(self, params: dict[str, str], imports: ImportTable, helpers: dict[str, cst.FunctionDef]) -> None:
        # Names that hold a parameter's value, to the parameter: the parameters themselves, local
        # aliases (`x = x0`) and, inside a helper being read, the helper's own parameters.
        self.params = dict(params)
        self.imports = imports
        self.helpers = helpers
        self.constructors: dict[str, cst.FunctionDef] = {}  # class name -> its `__init__`
        # Inside a helper being read, its parameters a call binds to a literal shape (`(4, 3)`).
        self.literal_shapes: dict[str, list[str]] = {}
        self.visiting: set[str] = set()
        self.usages: dict[str, Usage] = {}
        self.dims = _UnionFind()
        self.fresh = 0
        # Local names bound to a field of a parameter or to an element of one (`entities =
        # state.entities`, `x = entities[i]`, `for sub in state.e_subs`): the value they are part
        # of, and how many leading axes indexing took away.
        self.parts: dict[str, tuple[Leaf, int]] = {}
        self.same_dtype: list[tuple[Leaf, Leaf]] = []  # operands that must share a dtype
        # Local names bound to a whole key or field of a parameter (`ball = world.ball`): its
        # own keys and fields are the parameter's.
        self.part_usages: dict[str, Usage] = {}

    def unify_dtypes(self) -> None:
        for a, b in self.same_dtype:
            if a.integer or b.integer:
                a.integer = b.integer = True

    def walk(self, root: cst.CSTNode) -> None:
        stack: list = [root]
        while stack:
            node = stack.pop()
            if isinstance(node, _Rebound):
                self.params.pop(node.name, None)
                continue
            self.visit(node)
            # Past `x = x.reshape(n, h, w, c)` the name holds another shape: once the statement's
            # own reads are counted, what follows no longer describes the parameter.
            stack.extend(_Rebound(name) for name in _reshaped_names(node, self.params))
            stack.extend(reversed(node.children))

    def part_of(self, expression: cst.BaseExpression) -> tuple[Leaf, int] | None:
        """The value `expression` is part of and the axes indexing took away: `state.f_bullets[i]`
        is `f_bullets` less one axis, `x` after `x = entities[i]` too."""
        if isinstance(expression, cst.Name) and expression.value in self.parts and expression.value not in self.params:
            return self.parts[expression.value]
        if isinstance(expression, cst.Subscript) and not _is_string_key(expression) and all(
                isinstance(element.slice, cst.Index) and not _is_none_or_ellipsis(element.slice)
                for element in expression.slice):
            inner = self.part_of(expression.value)
            return None if inner is None else (inner[0], inner[1] + len(expression.slice))
        leaf = self.leaf_of(expression)
        return None if leaf is None else (leaf, 0)

    # The value an expression names: a parameter, or one of its keys or attributes.
    def leaf_of(self, expression: cst.BaseExpression) -> Leaf | None:
        if isinstance(expression, cst.Name) and expression.value in self.parts and expression.value not in self.params:
            leaf, offset = self.parts[expression.value]
            return leaf if offset == 0 else None
        usage = self.usage_of(expression)
        return None if usage is None else usage.leaf

    def usage_of(self, expression: cst.BaseExpression) -> Usage | None:
        """A parameter, a local bound to a part of one (`layer = params["layer"]`), or a key or
        attribute of those, at any depth."""
        if isinstance(expression, cst.Name):
            if expression.value in self.params:
                return self._usage(expression.value)
            return self.part_usages.get(expression.value)
        if isinstance(expression, cst.Subscript) and len(expression.slice) == 1 and _is_string_key(expression):
            whole = self.usage_of(expression.value)
            if whole is not None:
                return whole.keys.setdefault(str(expression.slice[0].slice.value.evaluated_value), Usage())
        if isinstance(expression, cst.Attribute) and expression.attr.value not in _ARRAY_ATTRIBUTES \
                and self._rooted(expression.value):
            return self.usage_of(expression.value).attributes.setdefault(expression.attr.value, Usage())
        return None

    def _rooted(self, expression: cst.BaseExpression) -> bool:
        """Whether `expression` is a parameter or a part of one, without recording anything."""
        while isinstance(expression, (cst.Attribute, cst.Subscript)):
            if isinstance(expression, cst.Attribute) and expression.attr.value in _ARRAY_ATTRIBUTES:
                return False
            if isinstance(expression, cst.Subscript) and not _is_string_key(expression):
                return False
            expression = expression.value
        return isinstance(expression, cst.Name) and (expression.value in self.params or expression.value in self.part_usages)

    def _usage(self, name: str) -> Usage:
        return self.usages.setdefault(self.params[name], Usage())

    def _alias(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and isinstance(node.value, cst.Name) and node.value.value in self.params:
            self.params[node.targets[0].target.value] = self.params[node.value.value]
        elif len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and isinstance(node.value, (cst.Attribute, cst.Subscript, cst.Name)):
            if isinstance(node.value, (cst.Attribute, cst.Subscript)) and self._rooted(node.value):
                self.part_usages[node.targets[0].target.value] = self.usage_of(node.value)
            part = self.part_of(node.value)
            if part is not None:
                self.parts[node.targets[0].target.value] = part
        # `N, T = Y.shape`: exactly as many dimensions as names.
        target = node.targets[0].target if len(node.targets) == 1 else None
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(node.value, cst.Attribute) \
                and node.value.attr.value == "shape" and not any(isinstance(e, cst.StarredElement) for e in target.elements):
            leaf = self.leaf_of(node.value.value)
            if leaf is not None and leaf.dims is None:
                leaf.dims = [self._new_dim() for _ in target.elements]
        # `nu, omega_0 = x`: exactly as many rows as names.
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(node.value, cst.Name) \
                and not any(isinstance(e, cst.StarredElement) for e in target.elements):
            leaf = self.leaf_of(node.value)
            if leaf is not None and leaf.dims is None:
                leaf.dims = [str(len(target.elements))]
                leaf.unpacked = len(target.elements)

    def _unpacked(self, node: cst.Call) -> None:
        """`Rating(*winner)`: `winner` holds as many values as the function or class takes."""
        if len(node.args) != 1 or node.args[0].star != "*" or not isinstance(node.func, cst.Name):
            return
        leaf = self.leaf_of(node.args[0].value)
        callee = self.helpers.get(node.func.value) or self.constructors.get(node.func.value)
        if leaf is None or leaf.dims is not None or callee is None or callee.params.star_arg is not cst.MaybeSentinel.DEFAULT:
            return
        taken = [param for param in callee.params.params if param.name.value != "self"]
        if taken:
            leaf.dims = [str(len(taken))]

    def _helper(self, node: cst.Call) -> None:
        """A module function the parameters are passed to: what its code does with them counts."""
        called = node.func.value if isinstance(node.func, cst.Name) else dotted_name(node.func) or ""
        helper = self.helpers.get(called)
        if helper is None or helper.name.value in self.visiting or len(self.visiting) > 3:
            return
        positional = [param.name.value for param in helper.params.params]
        if positional[:1] == ["self"]:
            positional = positional[1:]  # an object's `__call__`: the call passes what follows `self`
        named = {param.name.value for param in (*helper.params.params, *helper.params.kwonly_params)}
        passed, shapes, functions = {}, {}, {}
        bound = list(zip(positional, [arg for arg in node.args if arg.keyword is None and not arg.star]))
        if any(arg.star for arg in node.args):
            bound = []
        bound += [(arg.keyword.value, arg) for arg in node.args if arg.keyword is not None and arg.keyword.value in named]
        for param, arg in bound:
            if isinstance(arg.value, cst.Name) and arg.value.value in self.params:
                passed[param] = self.params[arg.value.value]
            elif (shape := _literal_shape(arg.value)) is not None:
                shapes[param] = shape
            elif isinstance(arg.value, cst.Name) and arg.value.value in self.helpers:
                functions[param] = self.helpers[arg.value.value]  # `newton(F, x0)`: `func(x)` runs `F`
        if not passed:
            return
        outer = self.params, self.literal_shapes, self.helpers
        self.params, self.literal_shapes = passed, shapes
        self.helpers = {**self.helpers, **functions}
        self.visiting.add(helper.name.value)
        try:
            self.walk(helper.body)
        finally:
            self.visiting.discard(helper.name.value)
            self.params, self.literal_shapes, self.helpers = outer

    def _shape_asserted(self, left: cst.BaseExpression, right: cst.BaseExpression) -> None:
        """`x.shape == (4, 3)`, `jnp.array_equal(x.shape, shape)` with `shape` bound to `(4, 3)`:
        the code insists on those sizes."""
        for shaped, other in ((left, right), (right, left)):
            if not (isinstance(shaped, cst.Attribute) and shaped.attr.value == "shape"):
                continue
            leaf = self.leaf_of(shaped.value)
            sizes = _literal_shape(other) if not isinstance(other, cst.Name) else self.literal_shapes.get(other.value)
            if leaf is not None and sizes is not None:
                self._set_dims(leaf, list(sizes))

    def _new_dim(self) -> str:
        self.fresh += 1
        return f"d{self.fresh}"

    def _set_dims(self, leaf: Leaf, dims: list[str]) -> None:
        if leaf.dims is None:
            leaf.dims = dims
        elif len(leaf.dims) == len(dims):
            for a, b in zip(leaf.dims, dims):
                self.dims.union(a, b)

    def visit(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Name) and node.value in self.params:
            self._usage(node.value).leaf.reads += 1
        for tested in _truth_tested(node):
            leaf = self.leaf_of(tested)
            if leaf is not None:
                leaf.truth = True
            if isinstance(tested, cst.Comparison) and len(tested.comparisons) == 1 \
                    and not isinstance(tested.comparisons[0].operator, (cst.In, cst.NotIn, cst.Is, cst.IsNot)):
                for operand in (tested.left, tested.comparisons[0].comparator):
                    leaf = self.leaf_of(operand)
                    if leaf is not None:
                        leaf.compared = True
        if isinstance(node, cst.Attribute) and self._rooted(node.value):
            if node.attr.value == "item":
                leaf = self.leaf_of(node.value)
                if leaf.dims is None and not leaf.min_rank:
                    leaf.dims = ["1"]  # `.item()` needs one element: a length-1 array, as callers pass
            elif node.attr.value not in _ARRAY_ATTRIBUTES:
                self.leaf_of(node)  # record the field
            elif node.attr.value in ("T", "mT"):
                leaf = self.leaf_of(node.value)
                leaf.min_rank = max(leaf.min_rank, 2)
        elif isinstance(node, cst.Subscript):
            self._subscript(node)
            # `x.shape[1]`: at least two dimensions.
            if isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape" and len(node.slice) == 1:
                axis = _integer(node.slice[0].slice.value) if isinstance(node.slice[0].slice, cst.Index) else None
                leaf = self.leaf_of(node.value.value)
                if leaf is not None and axis is not None:
                    leaf.min_rank = max(leaf.min_rank, min(axis + 1 if axis >= 0 else -axis, MAX_RANK))
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
            self._matmul(node.left, node.right)
        elif isinstance(node, cst.Comparison):
            operands = [node.left, *(c.comparator for c in node.comparisons)]
            if len(operands) == 2 and isinstance(node.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
                self._shape_asserted(*operands)
            if any(isinstance(o, cst.Integer) for o in operands):
                for operand in operands:
                    leaf = self.leaf_of(operand)
                    if leaf is not None:
                        leaf.integer = True
        elif isinstance(node, cst.Call):
            self._call(node)
            self._helper(node)
            self._unpacked(node)
        elif isinstance(node, cst.Assign):
            self._alias(node)
        elif isinstance(node, cst.For) and isinstance(node.target, cst.Name):
            part = self.part_of(node.iter)  # `for sub in state.e_subs`: a row each time
            if part is not None:
                self.parts[node.target.value] = (part[0], part[1] + 1)
                part[0].min_rank = max(part[0].min_rank, min(part[1] + 1, MAX_RANK))

    def _subscript(self, node: cst.Subscript) -> None:
        if _is_string_key(node):
            self.leaf_of(node)  # params["w"]: records the key
            return
        part = self.part_of(node.value)
        if part is not None and part[1]:
            # `x[4]` where `x = entities[i]`: `entities` has one axis more than `x` shows.
            depth = sum(1 for element in node.slice if not _is_none_or_ellipsis(element.slice))
            part[0].min_rank = max(part[0].min_rank, min(part[1] + depth, MAX_RANK))
        leaf = self.leaf_of(node.value)
        if leaf is not None:
            depth = sum(1 for element in node.slice if not _is_none_or_ellipsis(element.slice))
            leaf.min_rank = max(leaf.min_rank, min(depth, MAX_RANK))
            first = node.slice[0].slice
            if isinstance(first, cst.Slice) and first.step is None:
                leaf.cuts |= {bound for bound in (_integer(first.lower) if first.lower is not None else None,
                                                  _integer(first.upper) if first.upper is not None else None)
                              if bound is not None and bound > 0}
            literal = _integer(first.value) if isinstance(first, cst.Index) else None
            if literal is not None:
                leaf.literal_length = max(leaf.literal_length, literal + 1 if literal >= 0 else -literal)
                if len(node.slice) == 1 and isinstance(node.value, cst.Name):
                    leaf.literal_reads += 1
        for element in node.slice:
            if isinstance(element.slice, cst.Index) and not isinstance(element.slice.value, cst.SimpleString):
                index = self.leaf_of(element.slice.value)
                if index is not None:
                    index.integer = index.index = True
            elif isinstance(element.slice, cst.Slice):
                # `image[top:top + h]`, `[0:state.oxygen * 10 // n]`: a bound is an integer, one
                # number, and so are the values its arithmetic combines.
                for bound in (element.slice.lower, element.slice.upper):
                    for operand in _arithmetic_operands(bound) if bound is not None else ():
                        bounded = self.leaf_of(operand)
                        if bounded is not None:
                            bounded.integer = bounded.index = True

    def _matmul(self, left: cst.BaseExpression, right: cst.BaseExpression) -> None:
        a, b = self.leaf_of(left), self.leaf_of(right)
        inner = self._new_dim()
        if a is not None:
            # Its rows are the data's rows: other vectors (targets, weights) are as long.
            self._set_dims(a, [SHARED, inner])
        if b is not None:
            first = b.dims is None
            self._set_dims(b, [inner, self._new_dim()])
            b.vector_too = first or b.vector_too

    def _call(self, node: cst.Call) -> None:
        name = self.imports.qualify(node.func) or dotted_name(node.func) or ""
        leaf_name = name.rpartition(".")[2]
        positional = [arg.value for arg in node.args if arg.keyword is None and not arg.star]
        if leaf_name == "einsum" and positional and isinstance(positional[0], cst.SimpleString):
            self._einsum(str(positional[0].evaluated_value), positional[1:])
        elif leaf_name in _MATMUL and len(positional) == 2 and name.startswith(("jax.", "numpy.", "jnp.")):
            self._matmul(*positional)
        elif leaf_name == "cross" and name.startswith(("jax.", "numpy.")):
            # `jnp.cross(l1, p1)`: vectors of three components (or two), the first thing tried.
            for operand in positional[:2]:
                leaf = self.leaf_of(operand)
                if leaf is not None and leaf.dims is None and leaf.min_rank <= 1:
                    leaf.dims = ["3"]
        elif leaf_name in ("array_equal", "array_equiv") and len(positional) == 2:
            self._shape_asserted(*positional)
        elif name in ("jax.lax.select", "lax.select") and len(positional) == 3:
            # `lax.select(c, a, b)` takes one dtype: an integer on one side makes both integers
            # (decided once the whole body is read: the comparison may come later).
            leaves = [leaf for leaf in (self.leaf_of(positional[1]), self.leaf_of(positional[2])) if leaf is not None]
            if len(leaves) == 2:
                self.same_dtype.append((leaves[0], leaves[1]))
        elif name in ("jax.random.PRNGKey", "jax.random.key") and positional:
            leaf = self.leaf_of(positional[0])
            if leaf is not None:  # a seed: one integer
                leaf.integer, leaf.index = True, True
        elif name.startswith("jax.random.") and positional:
            leaf = self.leaf_of(positional[0])
            if leaf is not None:
                leaf.key = True
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "axis" and isinstance(arg.value, (cst.Integer, cst.UnaryOperation)):
                axis = _integer(arg.value)
                target = positional[0] if positional else (
                    node.func.value if isinstance(node.func, cst.Attribute) else None)
                leaf = self.leaf_of(target) if target is not None else None
                if leaf is not None and axis is not None:
                    leaf.min_rank = max(leaf.min_rank, min(axis + 1 if axis >= 0 else -axis, MAX_RANK))

    def _einsum(self, subscripts: str, operands: list[cst.BaseExpression]) -> None:
        inputs = subscripts.replace(" ", "").partition("->")[0].split(",")
        for letters, operand in zip(inputs, operands):
            leaf = self.leaf_of(operand)
            if leaf is None or "." in letters or not letters.isalpha():
                continue
            self._set_dims(leaf, [f"e{letter}" if letter.islower() else f"E{letter}" for letter in letters])


@dataclass(frozen=True)
class _Rebound:
    """A stack mark: from here on, `name` no longer holds the parameter it held."""

    name: str


# Calls that keep an array's shape (`x = jnp.asarray(x)`, `x = x.astype(float)`): rebinding a
# parameter to one of them still describes it.
_SHAPE_KEEPING = frozenset({
    "asarray", "array", "astype", "copy", "float32", "float64", "int32", "abs", "exp", "log", "sqrt", "clip",
    "where", "nan_to_num", "maximum", "minimum", "tanh", "sin", "cos", "real", "conj", "stop_gradient",
    "block_until_ready", "atleast_1d", "sign", "square", "negative",
})


def _reshaped_names(node: cst.CSTNode, params: dict[str, str]) -> list[str]:
    """The parameter names `node` (an assignment) rebinds to a value of another shape."""
    if not isinstance(node, cst.Assign):
        return []
    value = node.value
    if isinstance(value, (cst.Name, cst.BinaryOperation, cst.UnaryOperation)):
        return []  # an alias, or elementwise arithmetic: the same shape
    if isinstance(value, cst.Call):
        name = value.func.attr.value if isinstance(value.func, cst.Attribute) else \
            value.func.value if isinstance(value.func, cst.Name) else ""
        if name in _SHAPE_KEEPING:
            return []
    return [target.target.value for target in node.targets
            if isinstance(target.target, cst.Name) and target.target.value in params]


_ARRAY_ATTRIBUTES = frozenset({
    "T", "mT", "shape", "dtype", "ndim", "size", "at", "real", "imag", "sum", "mean", "max", "min", "reshape",
    "astype", "item", "tolist", "squeeze", "transpose", "ravel", "flatten", "prod", "any", "all", "argmax",
    "argmin", "std", "var", "cumsum", "clip", "round", "conj", "dot", "copy", "sort", "argsort", "take",
    "swapaxes", "repeat", "nonzero", "block_until_ready", "weak_type",
})


def _arithmetic_operands(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`a * 10 // n - 1`: `a` and `n` (and the numbers), the values arithmetic combines."""
    if isinstance(node, cst.BinaryOperation):
        return [*_arithmetic_operands(node.left), *_arithmetic_operands(node.right)]
    if isinstance(node, cst.UnaryOperation):
        return _arithmetic_operands(node.expression)
    return [node]


def _truth_tested(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The operands whose truth `node` tests: `if t:`, `while t:`, `a and t`, `not t`, `x if t else y`."""
    if isinstance(node, (cst.If, cst.While, cst.IfExp)):
        return [node.test]
    if isinstance(node, cst.BooleanOperation):
        return [node.left, node.right]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return [node.expression]
    return []


def _is_string_key(node: cst.Subscript) -> bool:
    return len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and isinstance(
        node.slice[0].slice.value, cst.SimpleString)


def _is_none_or_ellipsis(element) -> bool:
    if isinstance(element, cst.Index):
        value = element.value
        return isinstance(value, cst.Ellipsis) or (isinstance(value, cst.Name) and value.value == "None")
    return False


def _integer(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(node.expression, cst.Integer):
        return -int(node.expression.value)
    return None


# --- classes --------------------------------------------------------------------------------------


@dataclass
class _ClassInfo:
    name: str
    fields: dict[str, str]  # field -> its annotation's last name ("Array", "int")
    defaults: set[str]
    members: set[str] = frozenset()  # methods and properties: read by attribute, never built
    static: set[str] = frozenset()  # fields declared static (`field(metadata=dict(static=True))`)


def _classes(module: cst.Module) -> list[_ClassInfo]:
    """Classes with annotated fields at the module's top level (NamedTuples, dataclasses), and
    `namedtuple("Model", ["X", "y"])` / `NamedTuple("Model", [("X", Array)])` declarations."""
    found = []
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            found.extend(filter(None, (_namedtuple_call(small) for small in statement.body)))
            continue
        if not isinstance(statement, cst.ClassDef) or not isinstance(statement.body, cst.IndentedBlock):
            continue
        fields, defaults, static = {}, set(), set()
        members = {line.name.value for line in statement.body.body if isinstance(line, cst.FunctionDef)}
        for line in statement.body.body:
            if isinstance(line, cst.SimpleStatementLine):
                for small in line.body:
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                        annotation = dotted_name(small.annotation.annotation) or ""
                        fields[small.target.value] = annotation.rpartition(".")[2]
                        if small.value is not None:
                            defaults.add(small.target.value)
                        if declares_static(small.value):
                            static.add(small.target.value)
        if fields:
            found.append(_ClassInfo(statement.name.value, fields, defaults, members, static))
        elif (built := _constructed_class(statement, members)) is not None:
            found.append(built)
    return found


def _constructed_class(node: cst.ClassDef, members: set[str]) -> _ClassInfo | None:
    """A class whose `__init__` takes the values (`Particles(pos, vel)`, a registered pytree
    node): built by calling it with its parameters; what `__init__` stores on `self` is read
    like any member."""
    init = next((line for line in node.body.body if isinstance(line, cst.FunctionDef) and line.name.value == "__init__"), None)
    if init is None or init.params.star_arg is not cst.MaybeSentinel.DEFAULT or init.params.star_kwarg is not None:
        return None
    params = [param for param in init.params.params if param.name.value != "self"]
    if not params:
        return None
    fields = {param.name.value: (dotted_name(param.annotation.annotation) or "").rpartition(".")[2]
              if param.annotation is not None else "" for param in params}
    stored = {target.attr.value for target in descendants(init.body)
              if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self"}
    return _ClassInfo(node.name.value, fields, {param.name.value for param in params if param.default is not None},
                      set(members) | stored)


def _namedtuple_call(statement: cst.BaseSmallStatement) -> _ClassInfo | None:
    if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0].target, cst.Name) and isinstance(statement.value, cst.Call)):
        return None
    call = statement.value
    kind = (dotted_name(call.func) or "").rpartition(".")[2]
    positional = [arg.value for arg in call.args if arg.keyword is None]
    if kind not in ("namedtuple", "NamedTuple") or len(positional) < 2:
        return None
    declared = positional[1]
    fields: dict[str, str] = {}
    if isinstance(declared, cst.SimpleString) and kind == "namedtuple":
        fields = {name: "" for name in str(declared.evaluated_value).replace(",", " ").split()}
    elif isinstance(declared, (cst.List, cst.Tuple)):
        for element in declared.elements:
            item = element.value
            if isinstance(item, cst.SimpleString):
                fields[str(item.evaluated_value)] = ""
            elif isinstance(item, cst.Tuple) and len(item.elements) == 2 and isinstance(item.elements[0].value, cst.SimpleString):
                annotation = dotted_name(item.elements[1].value) or ""
                fields[str(item.elements[0].value.evaluated_value)] = annotation.rpartition(".")[2]
            else:
                return None
    if not fields:
        return None
    return _ClassInfo(statement.targets[0].target.value, fields, set())


def _annotations(node: cst.FunctionDef) -> dict[str, str]:
    found = {}
    for param in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
        if param.annotation is not None:
            name = dotted_name(param.annotation.annotation)
            if name:
                found[param.name.value] = name
    return found
