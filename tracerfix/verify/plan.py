"""What the worker needs to know to exercise one rewritten function, read from the source alone.

A *unit* is what verification calls: a top-level function or a method (`Class.method`). A leak
fixed inside a nested function or a lambda is verified through the unit that contains it. For
each unit the plan records its parameters (traced, static or either, from the analysis of the
rewritten module), the input specs the user wrote (pyproject.toml, `# tracerfix-verify:` comments),
what the annotations say (jaxtyping, `jax.Array`, `float`), concrete examples (call sites in the
module, in test files and in doctests) and the numbers the function compares against.

Nothing here runs user code or imports JAX: the plan travels to the worker as JSON.
"""

from __future__ import annotations

import builtins
import re
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

import libcst as cst

from tracerfix.analysis import analyze
from tracerfix.analysis.imports import ImportTable, dotted_name
from tracerfix.analysis.values import STATIC, TRACED, is_python_literal
from tracerfix.loops import target_names
from tracerfix.positions import PositionIndex
from tracerfix.static_args import HASHABLE, argument_kind, call_arguments
from tracerfix.verify.infer import infer_inputs
from tracerfix.verify.options import VerifyOptions
from tracerfix.verify.specs import SpecError, parse_signature

COMMENT_SPEC = re.compile(r"#\s*tracerfix-verify:\s*(.+)$")
# Calls whose literal arguments are thresholds worth testing exactly, like comparison operands.
_THRESHOLD_CALLS = frozenset({"min", "max", "maximum", "minimum", "clip", "where", "fmax", "fmin"})
_MAX_CONSTANTS = 8
_MAX_EXAMPLES = 8
_BUILTIN_NAMES = frozenset(dir(builtins))

_JAXTYPING_DTYPES = {
    "Float": "f32", "Float32": "f32", "Float64": "f64", "Float16": "f16", "BFloat16": "bf16",
    "Inexact": "f32", "Real": "f32", "Num": "f32", "Shaped": "f32",
    "Int": "i32", "Integer": "i32", "Int32": "i32", "Int64": "i64", "Int16": "i16", "Int8": "i8",
    "UInt": "u32", "UInt32": "u32", "UInt8": "u8", "UInt16": "u16", "UInt64": "u64",
    "Bool": "bool", "Complex": "c64", "Complex64": "c64", "Complex128": "c128",
}
_ARRAY_TYPES = frozenset({"Array", "ndarray", "ArrayLike", "DeviceArray"})
_KEY_TYPES = frozenset({"PRNGKeyArray", "Key", "PRNGKey", "KeyArray"})
_PYTHON_SCALARS = frozenset({"float", "int", "bool"})
ANY_ARRAY = "array"  # an annotation that says "an array" without shape or dtype


@dataclass
class Param:
    name: str
    kind: str  # "positional" | "keyword" (keyword-only)
    has_default: bool
    # "array": traced by the rewrite; "static": a Python value; "either": the analysis cannot tell.
    role: str
    annotation: list[str] = field(default_factory=list)  # spec texts, or [ANY_ARRAY]
    # Spec texts the function's code suggests (einsum subscripts, indexing, `params["w"]`, the
    # values calls pass a static parameter...), most likely first.
    inferred: list[str] = field(default_factory=list)


@dataclass
class Example:
    """Arguments seen in a call of the function: evaluated by the worker, skipped if they fail."""

    where: str  # "tests/test_clip.py:12", for reports
    args: list[str]
    kwargs: dict[str, str]
    setup: list[str]  # assignments the arguments depend on, in order
    imports: dict[str, str]  # local name -> module or object to import
    module_globals: bool  # evaluated in the module's own namespace (same module, doctests)


@dataclass
class UnitPlan:
    name: str
    line: int
    params: list[Param]
    traced: bool  # a traced scope (jitted, a lax body...): the rewrite runs under jax.jit
    differentiated: bool = False  # the module takes its gradient (jax.grad, value_and_grad...)
    # Leaks the rewrite leaves in the function ("TFX201 at line 32"): it cannot run under jax.jit,
    # so both versions run eagerly and only the edits are judged.
    leaks: list[str] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)  # the codes of the fixes made in it
    signatures: list[str] = field(default_factory=list)  # explicit: configuration and comments
    examples: list[Example] = field(default_factory=list)
    constants: list[float] = field(default_factory=list)
    # Parameters the rewrite makes static, and for each what every call the project shows passes
    # there: [where, source text, "hashable" | "array" | "unknown"].
    new_static: list[str] = field(default_factory=list)
    static_calls: dict[str, list[list[str]]] = field(default_factory=dict)
    strict_dtypes: bool = False
    # Parameters the function calls (`cond_fun(val)`), when nothing says what to pass: no input
    # can be made up for a function, so the function is verified through its callers instead.
    called_parameters: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


# --- locating units -------------------------------------------------------------------------------


def locate_unit(module: cst.Module, function: str) -> tuple[str, cst.FunctionDef] | None:
    """The unit that contains the function a finding names (`outer.inner` -> `outer`), or None
    when it cannot be called by name from the module (a module-level lambda, a def under `if`)."""
    body: Iterable[cst.CSTNode] = module.body
    path: list[str] = []
    for part in function.split("."):
        node = _last_definition(body, part)
        if node is None:
            return None
        path.append(part)
        if isinstance(node, cst.FunctionDef):
            return ".".join(path), node
        if not isinstance(node.body, cst.IndentedBlock):
            return None
        body = node.body.body
    return None


def _lambda_unit(module: cst.Module, name: str) -> tuple[str, cst.FunctionDef] | None:
    node = transformed_lambdas(module).get(name) if "." not in name else None
    return (name, node) if node is not None else None


def transformed_lambdas(module: cst.Module) -> dict[str, cst.FunctionDef]:
    """Module-level `name = jax.jit(lambda a, b: ...)`, each as the function it defines
    (`def name(a, b): return ...`): the callers that run a helper traced, verified by name."""
    found = {}
    imports = _module_imports(module)
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
                continue
            call = small.value
            if imports.qualify(call.func) not in ("jax.jit", "jax.api.jit") or not call.args \
                    or call.args[0].keyword is not None:
                continue
            function = call.args[0].value
            name = small.targets[0].target.value
            if isinstance(function, cst.Lambda):
                found[name] = cst.FunctionDef(
                    name=cst.Name(name), params=function.params,
                    body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(function.body)])]))
            elif isinstance(function, cst.Call) and imports.qualify(function.func) == "functools.partial" \
                    or isinstance(function, cst.Attribute) and isinstance(function.value, cst.Name):
                # `jax.jit(block.is_inside)` is `partial(block.is_inside)` bound to nothing more.
                bound = function if isinstance(function, cst.Call) else cst.Call(cst.Name("partial"), [cst.Arg(function)])
                defined = _partially_applied(module, bound)
                if defined is not None:
                    found[name] = defined.with_changes(name=cst.Name(name))
    return found


def _partially_applied(module: cst.Module, call: cst.Call) -> cst.FunctionDef | None:
    """`partial(solve, F, tol=1e-4)` of a module function (or of a method of a module-level
    instance, `partial(gd.solve, loss)`) as the function it makes: `def _(x0, maxiter=100):
    return solve(F, x0, tol=1e-4, maxiter=maxiter)`, with the parameters left to its callers."""
    if not call.args or call.args[0].keyword is not None or call.args[0].star:
        return None
    target = call.args[0].value
    node = None
    if isinstance(target, cst.Name):
        node = _last_definition(module.body, target.value)
    elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
        made = instance_class(module, target.value.value)
        if made is not None and isinstance(made.body, cst.IndentedBlock):
            node = _last_definition(made.body.body, target.attr.value)
            node = node.with_changes(params=node.params.with_changes(params=node.params.params[1:])) \
                if isinstance(node, cst.FunctionDef) and node.params.params else None
    if not isinstance(node, cst.FunctionDef) or node.params.star_arg is not cst.MaybeSentinel.DEFAULT \
            or any(arg.star for arg in call.args[1:]):
        return None
    positional = [arg for arg in call.args[1:] if arg.keyword is None]
    keywords = {arg.keyword.value for arg in call.args[1:] if arg.keyword is not None}
    params = [*node.params.posonly_params, *node.params.params]
    if len(positional) > len(params):
        return None
    left = [param for param in params[len(positional):] if param.name.value not in keywords]
    left_keyword_only = [param for param in node.params.kwonly_params if param.name.value not in keywords]
    # Positionally up to the first parameter bound by keyword, so that what the body does with
    # them reads as in a plain call; by keyword after it.
    in_order = [param for param in params[len(positional):]]
    cut = next((i for i, param in enumerate(in_order) if param.name.value in keywords), len(in_order))
    passed = [*positional, *(cst.Arg(cst.Name(p.name.value)) for p in in_order[:cut]),
              *(cst.Arg(cst.Name(p.name.value), keyword=cst.Name(p.name.value))
                for p in (*in_order[cut:], *left_keyword_only) if p.name.value not in keywords),
              *(arg for arg in call.args[1:] if arg.keyword is not None)]
    return cst.FunctionDef(
        name=cst.Name("_"), params=cst.Parameters(params=left, kwonly_params=left_keyword_only),
        body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(cst.Call(target, passed))])]))


def instance_class(module: cst.Module, name: str) -> cst.ClassDef | None:
    """The module's class that the module-level `name = Class(...)` instantiates."""
    found = None
    for statement in module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if not (isinstance(small, cst.Assign) and isinstance(small.value, cst.Call)
                    and any(isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets)):
                continue
            func = small.value.func
            if isinstance(func, cst.Name):
                found = _last_definition(module.body, func.value)
            elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
                # `block = GlassBlock.create_chassis(...)`: a classmethod that builds its class.
                owner = _last_definition(module.body, func.value.value)
                factory = _last_definition(owner.body.body, func.attr.value) \
                    if isinstance(owner, cst.ClassDef) and isinstance(owner.body, cst.IndentedBlock) else None
                is_classmethod = isinstance(factory, cst.FunctionDef) and any(
                    isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod" for d in factory.decorators)
                found = owner if is_classmethod else None
    return found if isinstance(found, cst.ClassDef) else None


def _last_definition(body: Iterable[cst.CSTNode], name: str) -> cst.FunctionDef | cst.ClassDef | None:
    found = None
    for statement in body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.name.value == name:
            found = statement  # a later definition rebinds the name, as at run time
    return found


# --- building plans -------------------------------------------------------------------------------


class Planner:
    """Plans for the units of one file: reads both versions once, test files lazily."""

    def __init__(
        self,
        original: str,
        rewritten: str,
        path: Path | None,
        options: VerifyOptions,
        module_names: Iterable[str] = (),
        test_files: "TestFiles | None" = None,
        extra_jit: frozenset[str] = frozenset(),
    ) -> None:
        self.original = cst.parse_module(original)
        self.rewritten = cst.parse_module(rewritten)
        self.analysis = analyze(self.rewritten, rewritten, extra_jit)
        self.path = path
        self.options = options
        self.module_names = tuple(module_names)
        self.test_files = test_files
        self.imports = _module_imports(self.original)
        self.module_level = _module_level_names(self.original)

    def plan(self, unit: str, leaks: Iterable[str] = (), fixed: Iterable[str] = ()) -> UnitPlan | None:
        located = locate_unit(self.rewritten, unit) or _lambda_unit(self.rewritten, unit)
        original = locate_unit(self.original, unit) or _lambda_unit(self.original, unit)
        if located is None or original is None:
            return None
        _, node = located
        _, original_node = original
        scope = self.analysis.scopes.get(id(node))
        params = [self._param(p, kind, scope) for p, kind in _parameters(node)]
        if "." in unit and not _is_staticmethod(node) and params and params[0].kind == "positional":
            params = params[1:]  # self or cls: bound when the method is looked up on an instance
        plan = UnitPlan(
            name=unit,
            line=_line_of(self.original, original_node),
            params=params,
            traced=scope is not None,
            differentiated=scope is not None and scope.differentiated,
            constants=comparison_constants(original_node),
            leaks=list(leaks),
            fixed=sorted(set(fixed)),
        )
        plan.signatures = [*self.options.signatures_for(self.path, unit), *_comment_signatures(original_node)]
        plan.examples = self._examples(unit, original_node)
        plan.called_parameters = called_parameters(plan, original_node)
        plan.strict_dtypes = self.options.strict_dtypes
        names = [p.name for p in params]
        for name, text in _bound_by_partial(self.original, unit, self.imports).items():
            # The transform's caller fixes this argument (`jax.jit(partial(f, display=False))`):
            # verify with the value it binds, as the callers run the function.
            param = next((p for p in params if p.name == name), None)
            if param is not None:
                param.has_default, param.annotation, param.inferred = False, [text], [text]
        for param, specs in infer_inputs(original_node, names, self.imports, self.original).items():
            next(p for p in params if p.name == param).inferred = specs
        plan.new_static = [name for name in declared_static(self.rewritten, node) - declared_static(self.original, original_node)
                           if name in names]
        if plan.new_static:
            plan.static_calls = self._static_calls(unit, original_node, plan.new_static)
            for param in params:
                literals = [text for _, text, kind in plan.static_calls.get(param.name, ()) if kind == HASHABLE]
                param.inferred = list(dict.fromkeys([*literals, *param.inferred]))
        return plan

    def _static_calls(self, unit: str, node: cst.FunctionDef, names: list[str]) -> dict[str, list[list[str]]]:
        """What the calls of `unit` in its module and the project's tests pass to `names`."""
        if "." in unit:
            return {}
        positional = [p.name.value for p, kind in _parameters(node) if kind == "positional"]
        found: dict[str, list[list[str]]] = {}
        sources = [(str(self.path) if self.path is not None else "<module>", self.original, self.imports)]
        if self.test_files is not None and self.path is not None:
            sources += [(str(path), module, _module_imports(module)) for path, module in self.test_files.mentioning(unit, self.path)]
        for where, module, imports in sources:
            positions = PositionIndex(module)
            for call, bound in call_arguments(module, {unit}, positional):
                for name in names:
                    if name in bound:
                        value = bound[name]
                        span = positions.span(call, _top_of(module, call))
                        place = f"{where}:{span[0]}" if span else where
                        text = " ".join(module.code_for_node(value).split())
                        found.setdefault(name, []).append([place, text, argument_kind(value, imports.qualify)])
        return found

    def _param(self, param: cst.Param, kind: str, scope) -> Param:
        name = param.name.value
        if scope is None:
            role = "either"
        else:
            trace = scope.params.get(name)
            role = "array" if trace is not None and trace.trace == TRACED else (
                "static" if trace is not None and trace.trace == STATIC else "either"
            )
        annotation = [] if param.annotation is None else annotation_specs(param.annotation.annotation, self.imports)
        return Param(name, kind, param.default is not None, role, annotation)

    def _examples(self, unit: str, node: cst.FunctionDef) -> list[Example]:
        examples: list[Example] = []
        where = str(self.path) if self.path is not None else "<module>"
        examples.extend(
            find_examples(self.original, lambda call: dotted_name(call.func) == unit, self.imports,
                          where, module_globals=self.module_level)
        )
        for docstring_owner in (node, self.original):
            for block in doctest_blocks(_docstring(docstring_owner)):
                examples.extend(
                    find_examples(block, lambda call: dotted_name(call.func) == unit,
                                  _module_imports(block), f"{where} (doctest)",
                                  module_globals=self.module_level)
                )
        if self.test_files is not None and self.path is not None and "." not in unit:
            qualified = {f"{module}.{unit}" for module in self.module_names}
            for test_path, test_module in self.test_files.mentioning(unit, self.path):
                table = _module_imports(test_module)
                examples.extend(
                    find_examples(test_module, lambda call: table.qualify(call.func) in qualified, table,
                                  str(test_path), module_globals=None)
                )
        return _unique(examples)[:_MAX_EXAMPLES]


def _bound_by_partial(module: cst.Module, unit: str, imports: ImportTable) -> dict[str, str]:
    """Keyword arguments that `functools.partial(unit, name=literal)` calls in the module bind,
    where every such call binds the same literal."""
    bound: dict[str, set[str]] = {}
    for node in _walk(module):
        if not (isinstance(node, cst.Call) and node.args and node.args[0].keyword is None
                and dotted_name(node.args[0].value) == unit and imports.qualify(node.func) == "functools.partial"):
            continue
        for arg in node.args[1:]:
            if arg.keyword is not None and is_python_literal(arg.value):
                bound.setdefault(arg.keyword.value, set()).add(module.code_for_node(arg.value))
    return {name: texts.pop() for name, texts in bound.items() if len(texts) == 1}


def declared_static(module: cst.Module, node: cst.FunctionDef) -> set[str]:
    """The parameters a function's jit marks static: `static_argnames` / `static_argnums` in its
    decorators and in module-level `jax.jit(name, ...)` calls."""
    positional = [p.name.value for p, kind in _parameters(node) if kind == "positional"]
    calls = [d.decorator for d in node.decorators if isinstance(d.decorator, cst.Call)]
    for child in _walk(module):
        if isinstance(child, cst.Call) and child.args and isinstance(child.args[0].value, cst.Name) \
                and child.args[0].value.value == node.name.value and child.args[0].keyword is None:
            calls.append(child)
    found: set[str] = set()
    for call in calls:
        for arg in call.args:
            if arg.keyword is None:
                continue
            values = [e.value for e in arg.value.elements] if isinstance(arg.value, (cst.Tuple, cst.List)) else [arg.value]
            if arg.keyword.value == "static_argnames":
                found.update(str(v.evaluated_value) for v in values if isinstance(v, cst.SimpleString))
            elif arg.keyword.value == "static_argnums":
                found.update(positional[int(v.value)] for v in values
                             if isinstance(v, cst.Integer) and int(v.value) < len(positional))
    return found


def _top_of(module: cst.Module, node: cst.CSTNode) -> int:
    """The index of the top-level statement holding `node`."""
    for top, statement in enumerate(module.body):
        for child in _walk(statement):
            if child is node:
                return top
    return 0


def _is_staticmethod(node: cst.FunctionDef) -> bool:
    return any(dotted_name(d.decorator) in ("staticmethod", "builtins.staticmethod") for d in node.decorators)


def _parameters(node: cst.FunctionDef) -> Iterator[tuple[cst.Param, str]]:
    params = node.params
    for param in (*params.posonly_params, *params.params):
        yield param, "positional"
    for param in params.kwonly_params:
        yield param, "keyword"


def called_parameters(plan: "UnitPlan", node: cst.FunctionDef) -> list[str]:
    """The parameters a caller must pass that the function calls (`cond_fun(val)`): no input can
    be made up for them, so without a signature or an example the function is verified through
    its callers. (A made-up number there fails the rewrite where the original never called it.)"""
    if plan.signatures or plan.examples:
        return []
    required = {p.name for p in plan.params if not p.has_default}
    called = []
    for child in _walk(node.body):
        if isinstance(child, cst.Call) and isinstance(child.func, cst.Name) and child.func.value in required:
            called.append(child.func.value)
    return list(dict.fromkeys(called))


def _line_of(module: cst.Module, node: cst.FunctionDef) -> int:
    """The line of the `def` keyword's name, or 0 for a method (reports then name the class)."""
    for top, statement in enumerate(module.body):
        if statement is node:
            span = PositionIndex(module).span(node.name, top)
            return span[0] if span else 0
    return 0


# --- annotations ----------------------------------------------------------------------------------


def annotation_specs(annotation: cst.BaseExpression, imports: ImportTable) -> list[str]:
    """What an annotation says about the value: `Float[Array, "n m"]` -> ["f32[n,m]"]."""
    if isinstance(annotation, cst.SimpleString):
        try:
            return annotation_specs(cst.parse_expression(annotation.evaluated_value), imports)
        except (cst.ParserSyntaxError, TypeError):
            return []
    if isinstance(annotation, cst.Subscript):
        leaf = _leaf(annotation.value, imports)
        dtype = _JAXTYPING_DTYPES.get(leaf or "")
        if dtype is not None and len(annotation.slice) == 2:
            dims = annotation.slice[1].slice
            if isinstance(dims, cst.Index) and isinstance(dims.value, cst.SimpleString):
                shape = _jaxtyping_shape(str(dims.value.evaluated_value))
                return [] if shape is None else [f"{dtype}[{','.join(shape)}]"]
        if leaf == "Key":
            return ["key"]
        return []
    leaf = _leaf(annotation, imports)
    if leaf in _PYTHON_SCALARS and isinstance(annotation, cst.Name):
        return [leaf]
    if leaf in _KEY_TYPES:
        return ["key"]
    if leaf in _ARRAY_TYPES:
        return [ANY_ARRAY]
    return []


def _leaf(node: cst.BaseExpression, imports: ImportTable) -> str | None:
    name = imports.qualify(node) or dotted_name(node)
    return None if name is None else name.rpartition(".")[2]


def _jaxtyping_shape(text: str) -> list[str] | None:
    """jaxtyping dimensions as spec dimensions; None when they use what we cannot size (`n+1`)."""
    dims: list[str] = []
    for token in text.split():
        if token in ("...", "*") or token.startswith("*"):
            continue  # any number of leading dimensions: test the unbatched case
        token = token.lstrip("#_")
        name = token.partition("=")[0]
        if name.isdigit() or name.isidentifier():
            dims.append(name)
        elif name == "":
            continue
        else:
            return None
    return dims


# --- explicit specs in comments -----------------------------------------------------------------


def _comment_signatures(node: cst.FunctionDef) -> list[str]:
    """`# tracerfix-verify: x=f32[8], axis=0` lines right above the def or its decorators."""
    lines = [*node.leading_lines, *node.lines_after_decorators]
    for decorator in node.decorators:
        lines.extend(decorator.leading_lines)
    found = []
    for line in lines:
        if line.comment is None:
            continue
        match = COMMENT_SPEC.match(line.comment.value)
        if match:
            try:
                parse_signature(match.group(1))
            except SpecError as error:
                raise SpecError(f"`{node.name.value}`: {error}") from None
            found.append(match.group(1).strip())
    return found


# --- comparison constants -----------------------------------------------------------------------


def comparison_constants(node: cst.CSTNode) -> list[float]:
    """Numbers the function compares against or clips at: inputs exactly there test the boundary."""
    found: list[float] = []
    for child in _walk(node):
        operands: list[cst.BaseExpression] = []
        if isinstance(child, cst.Comparison):
            operands = [child.left, *(c.comparator for c in child.comparisons)]
        elif isinstance(child, cst.Call):
            leaf = dotted_name(child.func)
            if leaf is not None and leaf.rpartition(".")[2] in _THRESHOLD_CALLS:
                operands = [arg.value for arg in child.args]
        for operand in operands:
            number = _number(operand)
            if number is not None and number not in found:
                found.append(number)
    return found[:_MAX_CONSTANTS]


def _number(node: cst.BaseExpression) -> float | None:
    sign = 1.0
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        sign, node = -1.0, node.expression
    if isinstance(node, (cst.Integer, cst.Float)):
        try:
            return sign * float(node.evaluated_value)
        except (OverflowError, ValueError):
            return None
    return None


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


# --- examples: call sites, doctests, test files ---------------------------------------------------


def find_examples(
    module: cst.Module,
    matches,
    imports: ImportTable,
    where: str,
    module_globals: set[str] | None,
) -> list[Example]:
    """Calls `matches(call)` accepts, whose arguments can be rebuilt outside their function: from
    literals, imports, module-level names (when `module_globals` is given) and simple assignments
    earlier in the same block."""
    finder = _ExampleFinder(module, matches, imports, where, module_globals)
    for top, statement in enumerate(module.body):
        finder.top = top
        finder.block([statement], finder.module_bindings)
    return finder.examples


class _ExampleFinder:
    def __init__(self, module, matches, imports, where, module_globals) -> None:
        self.module = module
        self.matches = matches
        self.imports = imports
        self.where = where
        self.module_globals = module_globals
        self.examples: list[Example] = []
        self.positions = PositionIndex(module)
        self.top = 0
        # Module-level assignments stay visible from one top-level statement to the next.
        self.module_bindings: dict[str, cst.Assign] = {}

    def block(self, statements, bindings: dict[str, cst.Assign]) -> None:
        if bindings is not self.module_bindings:
            bindings = dict(bindings)
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    for call in _calls_in(small):
                        if self.matches(call):
                            self._record(call, bindings)
                    if isinstance(small, cst.Assign) and len(small.targets) == 1:
                        target = small.targets[0].target
                        if isinstance(target, cst.Name):
                            bindings[target.value] = small
                        else:
                            for name in target_names(target):
                                bindings.pop(name, None)
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self.block(_body_of(statement), {})
                bindings.pop(statement.name.value, None)
            else:
                # if/for/while/with/try: their bodies see the bindings made before them; names
                # they rebind are no longer known after them.
                for body in _bodies_of(statement):
                    self.block(body, bindings)
                for name in _assigned_in(statement):
                    bindings.pop(name, None)

    def _record(self, call: cst.Call, bindings: dict[str, cst.Assign]) -> None:
        if any(arg.star for arg in call.args):
            return
        setup: list[cst.Assign] = []
        imports: dict[str, str] = {}
        if not self._resolve(call.args, bindings, setup, imports, set()):
            return
        code = self.module.code_for_node
        args = [code(arg.value).strip() for arg in call.args if arg.keyword is None]
        kwargs = {arg.keyword.value: code(arg.value).strip() for arg in call.args if arg.keyword is not None}
        span = self.positions.span(call, self.top)
        line = span[0] if span else 0
        self.examples.append(
            Example(
                where=f"{self.where}:{line}" if line else self.where,
                args=args,
                kwargs=kwargs,
                setup=[code(s).strip() for s in setup],  # dependencies first
                imports=imports,
                module_globals=self.module_globals is not None,
            )
        )

    def _resolve(self, nodes, bindings, setup, imports, visiting: set[str]) -> bool:
        for name in set().union(*(free_names(node) for node in nodes)) if nodes else ():
            if name in visiting:
                return False
            imported_with_module = self.module_globals is not None and name in self.module_globals
            if imported_with_module and bindings.get(name) is self.module_bindings.get(name):
                continue  # a module-level name: the module's namespace has it already
            if name in bindings:
                assignment = bindings[name]
                if assignment not in setup:
                    if not self._resolve([assignment.value], bindings, setup, imports, visiting | {name}):
                        return False
                    setup.append(assignment)
            elif name in self.imports.aliases:
                imports[name] = self.imports.aliases[name]
            elif self.module_globals is not None and name in self.module_globals:
                continue
            elif name not in _BUILTIN_NAMES:
                return False
        return True


def _calls_in(node: cst.CSTNode) -> Iterator[cst.Call]:
    """Calls in a statement, not inside lambdas or comprehensions (their names are local)."""
    for child in _walk(node):
        if isinstance(child, cst.Call):
            yield child


def _assigned_in(statement: cst.CSTNode) -> set[str]:
    names: set[str] = set()
    for child in _walk(statement):
        if isinstance(child, cst.AssignTarget):
            names.update(target_names(child.target))
        elif isinstance(child, (cst.AugAssign, cst.AnnAssign)):
            names.update(target_names(child.target))
        elif isinstance(child, (cst.For, cst.CompFor)):
            names.update(target_names(child.target))
        elif isinstance(child, cst.AsName):
            names.update(target_names(child.name))
        elif isinstance(child, cst.NamedExpr):
            names.update(target_names(child.target))
    return names


def _body_of(statement) -> list:
    body = statement.body
    return list(body.body) if isinstance(body, (cst.IndentedBlock, cst.SimpleStatementSuite)) else []


def _bodies_of(statement) -> Iterator[list]:
    for child in statement.children:
        if isinstance(child, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            yield list(child.body)
        elif isinstance(child, (cst.Else, cst.Finally, cst.ExceptHandler, cst.If)):
            yield from _bodies_of(child)
        elif isinstance(child, (cst.MatchCase,)):
            yield from _bodies_of(child)


def free_names(node: cst.CSTNode) -> set[str]:
    """Names an expression reads from its surroundings (not keywords, attributes or the
    variables of its own comprehensions and lambdas)."""
    names: set[str] = set()
    bound: set[str] = set()

    def visit(current: cst.CSTNode) -> None:
        if isinstance(current, cst.Name):
            names.add(current.value)
            return
        if isinstance(current, cst.Attribute):
            visit(current.value)
            return
        if isinstance(current, cst.Arg):
            visit(current.value)
            return
        if isinstance(current, cst.CompFor):
            bound.update(target_names(current.target))
        if isinstance(current, cst.Lambda):
            params = current.params
            bound.update(p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params))
        for child in current.children:
            visit(child)

    visit(node)
    return names - bound


def _module_imports(module: cst.Module) -> ImportTable:
    table = ImportTable()
    for child in _walk(module):
        if isinstance(child, (cst.Import, cst.ImportFrom)):
            table.add(child)
    return table


def _module_level_names(module: cst.Module) -> set[str]:
    """Names a module binds at its top level (outside `if __name__ == "__main__":`)."""
    names: set[str] = set()
    for statement in module.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            names.add(statement.name.value)
        elif isinstance(statement, cst.SimpleStatementLine) and any(
            isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body
        ):
            table = ImportTable()
            for small in statement.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    table.add(small)
            names.update(table.aliases)
        elif isinstance(statement, cst.If) and _is_main_guard(statement.test):
            continue
        else:
            names.update(_assigned_in(statement))
    return names


def _is_main_guard(test: cst.BaseExpression) -> bool:
    return (
        isinstance(test, cst.Comparison)
        and isinstance(test.left, cst.Name)
        and test.left.value == "__name__"
    )


def _docstring(node: cst.Module | cst.FunctionDef) -> str:
    text = node.get_docstring(clean=True) if isinstance(node, (cst.Module, cst.FunctionDef)) else None
    return text or ""


def doctest_blocks(docstring: str) -> list[cst.Module]:
    """The `>>>` sessions of a docstring, each parsed as one module (unparsable ones skipped)."""
    lines: list[str] = []
    for raw in docstring.splitlines():
        stripped = raw.strip()
        if stripped.startswith(">>> "):
            lines.append(stripped[4:])
        elif stripped.startswith("... ") or stripped == "...":
            lines.append(stripped[4:])
    if not lines:
        return []
    try:
        return [cst.parse_module("\n".join(lines) + "\n")]
    except cst.ParserSyntaxError:
        return []


def _unique(examples: list[Example]) -> list[Example]:
    seen: set[tuple] = set()
    unique = []
    for example in examples:
        key = (tuple(example.args), tuple(sorted(example.kwargs.items())), tuple(example.setup))
        if key not in seen:
            seen.add(key)
            unique.append(example)
    return unique


# --- test files -----------------------------------------------------------------------------------


class TestFiles:
    """The test modules of a project, read and parsed on demand and kept for the whole run.

    Looked for where projects keep them: `tests/` and `test/` folders at the project root and
    beside each package on the way down to the module, and `test_*.py` / `*_test.py` next to the
    module itself; never by walking the whole project (vendored code, corpora, data)."""

    __test__ = False  # not a pytest test class
    MAX_FILES = 400

    def __init__(self, root: Path) -> None:
        self.root = root
        self._texts: dict[Path, str] = {}
        self._searched: set[Path] = set()
        self._parsed: dict[Path, cst.Module | None] = {}
        self._lock = threading.Lock()

    def _load(self, module: Path) -> None:
        from tracerfix.api import iter_python_files

        folder = module.resolve().parent
        chain = [folder, *(p for p in folder.parents if p == self.root or self.root in p.parents)]
        places = [(folder, False)] + [(base / name, True) for base in chain for name in ("tests", "test")]
        for place, recursive in places:
            if place in self._searched or not place.is_dir():
                continue
            self._searched.add(place)
            files = iter_python_files([place], respect_gitignore=True) if recursive else place.glob("*.py")
            for path in files:
                if len(self._texts) >= self.MAX_FILES:
                    return
                if _is_test_file(path.name) and path not in self._texts:
                    try:
                        self._texts[path] = path.read_text(encoding="utf-8")
                    except (OSError, UnicodeDecodeError):
                        continue

    def mentioning(self, name: str, module: Path) -> list[tuple[Path, cst.Module]]:
        """Test modules that mention `name(` and the module's own name."""
        stem = module.stem if module.name != "__init__.py" else module.parent.name
        found = []
        with self._lock:  # files are verified side by side
            self._load(module)
            for path, text in self._texts.items():
                if f"{name}(" not in text or stem not in text:
                    continue
                if path not in self._parsed:
                    try:
                        self._parsed[path] = cst.parse_module(text)
                    except cst.ParserSyntaxError:
                        self._parsed[path] = None
                parsed = self._parsed[path]
                if parsed is not None:
                    found.append((path, parsed))
        return found


def _is_test_file(name: str) -> bool:
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def project_root(path: Path) -> Path:
    """The nearest folder above `path` that looks like a project root, else its own folder."""
    folder = path.resolve().parent
    for candidate in (folder, *folder.parents):
        if any((candidate / marker).exists() for marker in ("pyproject.toml", "setup.py", "setup.cfg", ".git")):
            return candidate
    return folder
