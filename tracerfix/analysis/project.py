"""The project around a file: which of its functions other modules of the project trace, and how.

A jitted step in `pkg/model.py` that calls `soft_limit` from `pkg/ops.py`, or runs
`jax.vmap(normalize)` on it, traces those helpers although nothing in `ops.py` names a
transformation. The analysis of one module (`analysis.analyze`) cannot see that; this module can.

- **Summaries.** Each module of the project is summarised with Python's `ast` (a tenth of LibCST's
  cost), only when needed: its imports, its top-level functions and class methods with their
  parameters, the transformations it applies (decorators and calls), and for each function the
  calls it makes, each argument described by what it is computed from (the caller's parameters,
  or the results of other calls), and what the function returns in the same terms. Summaries are
  kept by content hash for the life of the process (an editor session re-reads what changed).
- **Resolution.** Dotted names resolve through the module's imports (`from pkg.ops import f`,
  `import pkg.ops as ops`, relative imports, re-exports through `__init__.py`) to a function or a
  class of the project; module names follow the `__init__.py` chain, as Python's import does.
- **Propagation.** Functions that a transformation receives are traced (with the static arguments
  it declares); a traced function that calls a project function with traced arguments traces it
  with those arguments, to a fixed point over the whole project. What a call returns is evaluated
  per call site from the callee's summary, so a helper that returns a shape stays static.
- **Seeds.** For one file, the functions that a caller in *another* module traces become
  `ExternalSeed`s: the single-module analysis starts them as traced scopes, with the reason naming
  the caller and its file. Calls within a module are left to that analysis, which is exact.

What it cannot see: calls through values it cannot name (a function stored in a dict, passed as
an argument, a method of an object whose class is not written down), and code outside the project.
Framework conventions (Flax, Equinox, Haiku) come from `frameworks.py`.
"""

from __future__ import annotations

import ast
import bisect
import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracerfix import pyast
from tracerfix.analysis import frameworks, known
from tracerfix.analysis.imports import canonical
from tracerfix.analysis.scopes import CALL_SITE_WORDS, STATIC_FIELD
from tracerfix.analysis.scopes import _short  # how messages spell a transformation

# A project larger than this is not walked from an editor's single file (it would cost a save).
MAX_PROJECT_FILES = 5000
# How long a project's file list is trusted before it is looked at again (an editor session).
REFRESH_SECONDS = 5.0

STATIC, UNKNOWN, TRACED = 0, 1, 2


@dataclass(frozen=True)
class ExternalSeed:
    """A function of the module being analysed that another module of the project traces."""

    function: str  # "normalize", or "Model.__call__" for a method
    traced: tuple[str, ...]  # the parameters that receive traced arguments
    reason: str  # completes "`f` is ...": "vmapped by `step` in pkg/model.py:7"
    transform: str
    differentiated: bool = False


# --- summaries ------------------------------------------------------------------------------------

_TRANSFORMS = (
    known.JIT_TRANSFORMS | known.FILTER_TRANSFORMS | known.GRAD_TRANSFORMS | known.VMAP_TRANSFORMS
    | frozenset(known.LAX_BODY_ARGUMENTS) | known.REVERSE_MODE_BODIES
)
_ARRAY_CALL_PREFIXES = ("jax.", "numpy.", "optax.", "equinox.nn.", "math.")
_ARRAY_ANNOTATION_LEAVES = ("Array", "ndarray", "NDArray", "ArrayLike")


def _kind_of_transform(transform: str) -> str:
    if transform in known.FILTER_TRANSFORMS:
        return "filter"
    if transform in known.GRAD_TRANSFORMS:
        return "grad"
    if transform in known.VMAP_TRANSFORMS:
        return "vmap"
    if transform in known.JIT_TRANSFORMS or transform in frameworks.LIFTED_CLASS_TRANSFORMS:
        return "jit"
    return "body"


def _literal_ints(node: ast.AST | None) -> list[int] | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List)):
        values = [e.value for e in node.elts if isinstance(e, ast.Constant) and type(e.value) is int]
        return values if len(values) == len(node.elts) else None
    return None


def _literal_strings(node: ast.AST | None) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def _options(call: ast.Call | None) -> dict[str, Any]:
    """A transformation's keyword options that decide which parameters it traces."""
    if call is None:
        return {}
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    options: dict[str, Any] = {}
    nums = _literal_ints(keywords.get("static_argnums"))
    if "static_argnums" in keywords and nums is None:
        options["all_static"] = True  # not a literal: any argument may be static
    options["static_nums"] = nums or []
    options["static_names"] = _literal_strings(keywords.get("static_argnames"))
    if "argnums" in keywords:
        options["argnums"] = _literal_ints(keywords["argnums"])  # None: not a literal
    axes = keywords.get("in_axes")
    if axes is None and len(call.args) > 1:
        axes = call.args[1]
    if isinstance(axes, (ast.Tuple, ast.List)):
        options["in_axes_none"] = [
            i for i, e in enumerate(axes.elts) if isinstance(e, ast.Constant) and e.value is None
        ]
    return options


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


class _Summarizer:
    """Builds the summary of one module (see the module docstring)."""

    def __init__(self, module_name: str, is_package: bool) -> None:
        self.module_name = module_name
        self.package = module_name if is_package else module_name.rpartition(".")[0]
        self.imports: dict[str, str] = {}
        self.defined: set[str] = set()
        self.bindings: dict[str, list] = {}  # module-level name -> what it holds (see _holder)
        self.functions: dict[str, dict] = {}
        self.classes: dict[str, dict] = {}
        self.module_calls: list[dict] = []
        self.apply_fns: list[str] = []

    def summarize(self, source: str) -> dict:
        """The module's summary. Only the top-level statements that are not functions or classes,
        and the functions and classes whose text names a transformation (or a model's entry
        point), are parsed and walked now; the others when the propagation reaches them
        (`_LazyFunctions`): most of a project is never reached, and `ast.parse` is most of the
        cost."""
        hits = _hit_lines(source)
        self.source = source
        self.pending: dict[str, _Chunk] = {}
        self.functions = functions = _LazyFunctions(self)
        self.classes = _LazyClasses(self)
        chunks = _top_level_chunks(source)
        # Chunks are parsed on their own: line numbers are relative to the chunk's first line, and
        # `offset` (per statement, by id) turns them into the module's.
        self.offset: dict[int, int] = {}
        body: list[ast.stmt] = []
        if chunks is None:
            body = self.whole_module().body
        else:
            for chunk in chunks:
                if chunk.name is not None and not _chunk_hit(chunk, hits):
                    self.pending[chunk.name] = chunk
                    self.defined.add(chunk.name)
                else:
                    body.extend(self.parse(chunk))
        body = list(self._top_statements(body, self.offset))
        for statement in body:
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                self._bind_import(statement)
            elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.defined.add(statement.name)
                self.pending.pop(statement.name, None)  # a later definition in a parsed block wins
        for statement in body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if isinstance(target, ast.Name):
                    holder = self._holder(statement.value, {})
                    if holder is not None:
                        self.bindings[target.id] = holder
        self.hits = hits
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.register(statement)
            elif not isinstance(statement, (ast.Import, ast.ImportFrom)) and _spans(statement, hits, self.offset):
                walker = _FunctionWalker(self, None, {}, {}, self.offset.get(id(statement), 0))
                walker.statements([statement])
                self.module_calls.extend(r for r in walker.records if r["via"] is not None)
        functions.walk_marked()
        return {
            "imports": self.imports,
            "functions": functions,
            "classes": self.classes,
            "module_calls": self.module_calls,
            "apply_fns": self.apply_fns,
            "bindings": self.bindings,
        }

    def register(self, statement: ast.stmt) -> None:
        """A top-level def or class, parsed: its functions (and methods) become summarisable."""
        functions, hits, offsets = self.functions, self.hits, self.offset
        offset = offsets.get(id(statement), 0)
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.add(statement.name, statement, None, _spans(statement, hits, offsets), offset)
        elif isinstance(statement, ast.ClassDef):
            bases = [b for b in (self.qualify(base) for base in statement.bases) if b is not None]
            dict.__setitem__(self.classes, statement.name, {"bases": bases, "line": statement.lineno + offset})
            attributes = _ClassAttributes(self, statement)
            for member in statement.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    offsets[id(member)] = offset
                    functions.add(
                        f"{statement.name}.{member.name}", member, attributes, _spans(member, hits, offsets), offset
                    )

    def ensure(self, name: str) -> None:
        """Parse the top-level def or class `name` if it was left as text."""
        chunk = self.pending.pop(name, None)
        if chunk is not None:
            for statement in self.parse(chunk):
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    self.register(statement)

    def parse(self, chunk: "_Chunk") -> list[ast.stmt]:
        """A chunk's statements, numbered as in the module. A chunk that does not parse on its own
        (a line at column 0 inside a string or brackets cut it) is read from the whole module."""
        try:
            statements = pyast.parse(chunk.text).body
        except (SyntaxError, ValueError, MemoryError):
            return [
                statement for statement in self.whole_module().body
                if chunk.first_line <= statement.lineno <= chunk.last_line
            ]
        for statement in statements:
            self.offset[id(statement)] = chunk.first_line - 1
        return statements

    def whole_module(self) -> ast.Module:
        tree = getattr(self, "_tree", None)
        if tree is None:
            tree = self._tree = pyast.parse(self.source)
        return tree

    @staticmethod
    def _top_statements(statements, offsets: dict[int, int]):
        """Top-level statements, looking inside `if`/`try` blocks (guarded imports, defs), which
        share their block's line offset."""
        for statement in statements:
            inner = None
            if isinstance(statement, ast.If):
                inner = statement.body + statement.orelse
            elif isinstance(statement, ast.Try):
                inner = statement.body + statement.orelse + statement.finalbody
            if inner is None:
                yield statement
                continue
            offset = offsets.get(id(statement), 0)
            for child in inner:
                offsets[id(child)] = offset
            yield from _Summarizer._top_statements(inner, offsets)

    def _bind_import(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    self.imports[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    self.imports[top] = top
            return
        module = node.module or ""
        if node.level:
            base = self.package.split(".") if self.package else []
            if node.level > 1:
                base = base[: len(base) - (node.level - 1)] if node.level - 1 <= len(base) else []
            module = ".".join([*base, *([module] if module else [])])
        for alias in node.names:
            if alias.name == "*":
                continue
            self.imports[alias.asname or alias.name] = f"{module}.{alias.name}" if module else alias.name

    def qualify(self, node: ast.AST) -> str | None:
        """The qualified name a dotted expression means: through the imports, or a definition of
        this module."""
        name = _dotted(node)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        full = self.imports.get(head)
        if full is None:
            if head in self.defined:
                full = f"{self.module_name}.{head}" if self.module_name else head
            else:
                return None
        return canonical(f"{full}.{rest}" if rest else full)

    def transform_of(self, node: ast.AST) -> str | None:
        qualified = self.qualify(node)
        if qualified in _TRANSFORMS or qualified in frameworks.LIFTED_CLASS_TRANSFORMS:
            return qualified
        return None

    def _holder(self, value: ast.AST, local: dict[str, list]) -> list | None:
        """What an assigned value holds when it matters across modules: ["instance", class] for
        `Cls(...)`, ["haiku", function, shift] for `hk.transform(f)`, ["lifted", class] for
        `nn.scan(Block, ...)`."""
        if not isinstance(value, ast.Call):
            return None
        qualified = self.qualify(value.func)
        if isinstance(value.func, ast.Name) and value.func.id in local:
            held = local[value.func.id]
            if held[0] == "lifted":
                return ["instance", held[1], True]
            return None
        if qualified is None:
            return None
        without_rng = qualified == frameworks.HAIKU_WITHOUT_RNG
        inner = value
        if without_rng and value.args and isinstance(value.args[0], ast.Call):
            inner = value.args[0]
            qualified = self.qualify(inner.func) or ""
        shift = frameworks.haiku_apply_shift(qualified, without_rng)
        if shift is not None and inner.args:
            function = self.qualify(inner.args[0])
            return None if function is None else ["haiku", function, shift]
        if qualified in frameworks.LIFTED_CLASS_TRANSFORMS and value.args:
            target = self.qualify(value.args[0])
            return None if target is None else ["lifted", target]
        if qualified.startswith(("jax.", "numpy.", "builtins.")) or not qualified.rpartition(".")[2][:1].isupper():
            return None  # classes are CapWords: a call of anything else builds no instance
        return ["instance", qualified, False]

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, attributes, offset: int = 0) -> dict:
        arguments = node.args
        positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        kwonly = [a.arg for a in arguments.kwonlyargs]
        defaults = positional[len(positional) - len(arguments.defaults):] if arguments.defaults else []
        defaults += [a.arg for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None]
        annotations = {}
        for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
            if argument.annotation is not None:
                annotation = argument.annotation
                if isinstance(annotation, ast.Subscript):
                    annotation = annotation.value
                annotations[argument.arg] = self.qualify(annotation) or _dotted(annotation) or "?"
        roots = []
        for decorator in node.decorator_list:
            root = self._decorator_root(decorator)
            if root is not None:
                roots.append(root)
        env: dict[str, set[str]] = {name: {"p:" + name} for name in (*positional, *kwonly)}
        for star in (arguments.vararg, arguments.kwarg):
            if star is not None:
                env[star.arg] = set()
        holders: dict[str, list] = {}
        for name, annotation in annotations.items():
            if annotation != "?" and not annotation.startswith(("jax.", "numpy.", "typing.", "builtins.")):
                holders[name] = ["instance", annotation, False]
        if attributes is not None:
            attributes = attributes.table()
        walker = _FunctionWalker(self, attributes, env, holders, offset)
        walker.statements(node.body)
        walker.statements(node.body)  # twice: a loop's later assignments reach its start
        return {
            "line": node.lineno + offset,
            "params": positional,
            "kwonly": kwonly,
            "defaults": defaults,
            "annotations": annotations,
            "method": attributes is not None,
            "roots": roots,
            "calls": walker.records,
            "returns": sorted(walker.returns),
        }

    def _decorator_root(self, decorator: ast.AST) -> dict | None:
        transform = self.transform_of(decorator)
        if transform is not None:
            return {"transform": transform, "opts": {}}
        if not isinstance(decorator, ast.Call):
            return None
        transform = self.transform_of(decorator.func)
        if transform is not None and not decorator.args:
            return {"transform": transform, "opts": _options(decorator)}
        if self.qualify(decorator.func) == "functools.partial" and decorator.args:
            transform = self.transform_of(decorator.args[0])
            if transform is not None:
                return {"transform": transform, "opts": _options(decorator)}
        return None


# A transformation applied or referenced (`jax.jit(`, `@jax.jit`, `partial(jax.jit, ...)`,
# `hk.transform(`), or a Flax `TrainState`'s `apply_fn`. `map` and `reduce` are left out: Python's
# own builtins would mark most functions; so are `.apply(`/`.init(`, which matter only inside a
# function that a transformation marks already. Found with `str.find` (a regular expression with
# this many alternatives costs as much as the parse it saves).
_TRANSFORM_WORDS = tuple(
    [w for w in CALL_SITE_WORDS if w not in ("map", "reduce")] + ["transform", "transform_with_state", "multi_transform"]
)


def _hit_lines(source: str, first_only: bool = False) -> list[int]:
    """The lines that name a transformation or a model's entry point, in order."""
    positions = []
    for word in (*_TRANSFORM_WORDS, "apply_fn"):
        start = source.find(word)
        while start != -1:
            end = start + len(word)
            if _is_hit(source, start, end, word):
                positions.append(start)
                if first_only:
                    return [0]
            start = source.find(word, end)
    positions.sort()
    lines = []
    line, previous = 1, 0
    for position in positions:
        line += source.count("\n", previous, position)
        previous = position
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines


def _is_hit(source: str, start: int, end: int, word: str) -> bool:
    before = source[start - 1] if start else "\n"
    if before.isalnum() or before == "_" or (end < len(source) and (source[end].isalnum() or source[end] == "_")):
        return False
    if word == "apply_fn":
        return True
    following = source[end:end + 8].lstrip(" \t")[:1]
    if following and following in "(,)":
        return True
    line_start = source.rfind("\n", 0, start) + 1
    prefix = source[line_start:start].strip()
    return prefix.startswith("@") and all(c.isalnum() or c in "_." for c in prefix[1:])


def _spans(node: ast.AST, hits: list[int], offsets: dict[int, int]) -> bool:
    """Whether one of `hits` falls within `node` (decorators included)."""
    offset = offsets.get(id(node), 0)
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))]) + offset
    last = (getattr(node, "end_lineno", None) or node.lineno) + offset
    at = bisect.bisect_left(hits, first)
    return at < len(hits) and hits[at] <= last


@dataclass(frozen=True)
class _Chunk:
    first_line: int
    last_line: int
    text: str
    name: str | None  # the def or class it holds, or None for any other statement


_COLUMN_ZERO = re.compile(r"^[^\s#]", re.M)
_CONTINUES = ("else", "elif", "except", "finally", ")", "]", "}")
_DEFINITION = re.compile(r"(?:async\s+def|def|class)\s+(\w+)")
_DECORATED_DEFINITION = re.compile(r"^(?:async\s+def|def|class)\s+(\w+)", re.M)


def _top_level_chunks(source: str) -> list[_Chunk] | None:
    """The module cut at lines that start at column 0 (a top-level statement, as far as text
    tells: `else:`/`except:` and closing brackets continue the one before, decorators join their
    def). `parse` falls back to the whole module where a cut was wrong."""
    starts: list[int] = []
    decorated = False
    for match in _COLUMN_ZERO.finditer(source):
        position = match.start()
        if source.startswith(_CONTINUES, position):
            continue
        if decorated and not source.startswith("@", position):
            decorated = False
            continue  # the def or class under its decorators
        decorated = source.startswith("@", position)
        if decorated and starts and source.startswith("@", starts[-1]) and _only_decorators(source, starts[-1], position):
            continue
        starts.append(position)
    if not starts:
        return None
    chunks = []
    line = 1 + source.count("\n", 0, starts[0])
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(source)
        text = source[start:end]
        lines = text.count("\n")
        match = (_DECORATED_DEFINITION.search if text.startswith("@") else _DEFINITION.match)(text)
        name = None if match is None else match.group(1)
        chunks.append(_Chunk(line, line + lines, text, name))
        line += lines
    return chunks


def _only_decorators(source: str, start: int, end: int) -> bool:
    return all(not line or line[0] in "@ \t#)" for line in source[start:end].split("\n"))


def _chunk_hit(chunk: _Chunk, hits: list[int]) -> bool:
    at = bisect.bisect_left(hits, chunk.first_line)
    return at < len(hits) and hits[at] <= chunk.last_line


class _LazyClasses(dict):
    """Classes by name: bases and line, parsed on first use."""

    def __init__(self, summarizer: "_Summarizer") -> None:
        super().__init__()
        self.summarizer = summarizer

    def __contains__(self, name) -> bool:
        self.summarizer.ensure(name)
        return dict.__contains__(self, name)

    def get(self, name, default=None):
        self.summarizer.ensure(name)
        return dict.get(self, name, default)


class _LazyFunctions(dict):
    """Function summaries by qualified name within the module, walked on first use."""

    def __init__(self, summarizer: "_Summarizer") -> None:
        super().__init__()
        self.summarizer = summarizer
        self.nodes: dict[str, tuple] = {}
        self.marked: list[str] = []

    def add(self, name: str, node, attributes, marked: bool, offset: int = 0) -> None:
        self.nodes[name] = (node, attributes, offset)
        if marked:
            self.marked.append(name)

    def walk_marked(self) -> None:
        for name in self.marked:
            self.get(name)

    def __contains__(self, name) -> bool:
        self.summarizer.ensure(name.partition(".")[0])
        return name in self.nodes

    def get(self, name, default=None):
        if dict.__contains__(self, name):
            return dict.__getitem__(self, name)
        self.summarizer.ensure(name.partition(".")[0])
        entry = self.nodes.get(name)
        if entry is None:
            return default
        try:
            summary = self.summarizer.function(*entry)
        except RecursionError:
            summary = None
        self[name] = summary
        return summary

    def walked(self):
        """The functions whose text names a transformation: where the propagation starts."""
        return [(name, self.get(name)) for name in self.marked]


# The methods where a model assigns its submodules (Flax `setup`, NNX and Equinox `__init__`).
_SUBMODULE_SETTERS = frozenset({"setup", "__init__", "__post_init__"})


class _ClassAttributes:
    """`self.dense = Dense(...)` in setup/__init__, or a field annotated with a class: what a
    method's `self.dense(x)` calls. Computed when a method of the class is first walked."""

    def __init__(self, summarizer: "_Summarizer", node: ast.ClassDef) -> None:
        self.summarizer = summarizer
        self.node = node
        self.attributes: dict[str, list] | None = None

    def table(self) -> dict[str, list]:
        if self.attributes is not None:
            return self.attributes
        summarizer = self.summarizer
        attributes: dict[str, list] = {}
        for statement in self.node.body:
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                annotation = summarizer.qualify(statement.annotation)
                if annotation is not None and annotation.rpartition(".")[2][:1].isupper():
                    attributes[statement.target.id] = ["instance", annotation, False]
        for statement in self.node.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name in _SUBMODULE_SETTERS:
                for inner in ast.walk(statement):
                    if isinstance(inner, ast.Assign) and len(inner.targets) == 1:
                        target = inner.targets[0]
                        if (
                            isinstance(target, ast.Attribute)
                            and isinstance(target.value, ast.Name)
                            and target.value.id == "self"
                        ):
                            holder = summarizer._holder(inner.value, {})
                            if holder is not None:
                                attributes[target.attr] = holder
        self.attributes = attributes
        return attributes


class _FunctionWalker:
    """What each local name of one function is computed from, and the calls it makes.

    A name's sources are "p:NAME" (a parameter), "r:K" (the result of the K-th recorded call) or
    "T" (traced whatever the caller passes: a parameter of a function handed to a transformation).
    Shapes, dtypes, `len` and other static results have no sources."""

    def __init__(self, summarizer: _Summarizer, attributes, env: dict[str, set[str]], holders, offset: int = 0) -> None:
        self.summarizer = summarizer
        self.offset = offset  # the line of the module where the parsed chunk starts, less one
        self.attributes = attributes  # the class's `self.x` holders, or None outside a class
        self.env = env
        self.holders = holders
        self.records: list[dict] = []
        self.record_at: dict[int, int] = {}  # id(ast.Call) -> its record: the second walk reuses it
        self.returns: set[str] = set()
        self.always = False
        # Nested functions a transformation receives here: their parameters are traced.
        self.transformed_names: set[str] = set()
        self.transformed_lambdas: set[int] = set()

    def statements(self, statements) -> None:
        for statement in statements:
            self.statement(statement)

    def statement(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Assign):
            sources = self.sources(node.value)
            holder = self.summarizer._holder(node.value, self.holders)
            for target in node.targets:
                self.bind(target, sources, node.value)
                if holder is not None and isinstance(target, ast.Name):
                    self.holders[target.id] = holder
        elif isinstance(node, ast.AugAssign):
            sources = self.sources(node.value)
            if isinstance(node.target, ast.Name):
                self.env[node.target.id] = self.env.get(node.target.id, set()) | sources
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self.bind(node.target, self.sources(node.value), node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self.bind(node.target, self.sources(node.iter), None)
            self.statements(node.body)
            self.statements(node.orelse)
        elif isinstance(node, ast.Return):
            if node.value is not None:
                self.returns |= self.sources(node.value)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.nested(node, node.args, node.body)
        elif isinstance(node, ast.ClassDef):
            return
        else:
            for field_name in ("test", "value", "exc", "msg"):
                child = getattr(node, field_name, None)
                if isinstance(child, ast.expr):
                    self.sources(child)
            if isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    sources = self.sources(item.context_expr)
                    if item.optional_vars is not None:
                        self.bind(item.optional_vars, sources, None)
            for block in ("body", "orelse", "finalbody", "handlers"):
                children = getattr(node, block, None)
                if isinstance(children, list):
                    self.statements(c for c in children if isinstance(c, ast.stmt))
                    for handler in children:
                        if isinstance(handler, ast.ExceptHandler):
                            self.statements(handler.body)
            if isinstance(node, ast.Match):
                self.sources(node.subject)
                for case in node.cases:
                    self.statements(case.body)

    def nested(self, node, arguments: ast.arguments, body) -> None:
        """A nested def or lambda: its parameters are traced when a transformation receives it
        in this function (a `lax.scan` body), otherwise unknown; its calls are this function's."""
        names = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
        traced = id(node) in self.transformed_lambdas or getattr(node, "name", None) in self.transformed_names
        saved_env, saved_always = dict(self.env), self.always
        for name in names:
            self.env[name] = {"T"} if traced else set()
        self.always = self.always or traced
        if isinstance(body, list):
            returns = self.returns
            self.statements(body)
            self.returns = returns
        else:
            self.sources(body)
        self.env, self.always = saved_env, saved_always

    def bind(self, target: ast.AST, sources: set[str], value: ast.AST | None) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = set(sources)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
                for element, element_value in zip(target.elts, value.elts):
                    self.bind(element, self.sources(element_value), element_value)
            else:
                for element in target.elts:
                    self.bind(element, sources, None)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, sources, None)

    def sources(self, node: ast.AST | None) -> set[str]:
        if node is None:
            return set()
        kind = type(node)
        if kind is ast.Name:
            return set(self.env.get(node.id, ()))
        if kind is ast.Constant:
            return set()
        if kind is ast.Attribute:
            # `x.T` of a traced array is traced; any other attribute may be a pytree's static
            # field (`sys.num_iterations`, `config.depth`): not traced, as in a module's analysis.
            sources = self.sources(node.value)
            return sources if node.attr in known.TRACED_ARRAY_ATTRIBUTES else set()
        if kind is ast.Call:
            return self.call(node)
        if kind is ast.Lambda:
            self.nested(node, node.args, node.body)
            return set()
        if kind is ast.NamedExpr:
            sources = self.sources(node.value)
            self.bind(node.target, sources, node.value)
            return sources
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            for generator in node.generators:
                self.bind(generator.target, self.sources(generator.iter), None)
            for field_name in ("elt", "key", "value"):
                child = getattr(node, field_name, None)
                if child is not None:
                    self.sources(child)
            return set()  # a comprehension builds a Python container
        result: set[str] = set()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                result |= self.sources(child)
        return result

    def call(self, node: ast.Call) -> set[str]:
        summarizer = self.summarizer
        func = node.func
        transform = summarizer.transform_of(func)
        if transform is not None:
            self.mark_transformed(node)
        argument_sources = [self.sources(a.value if isinstance(a, ast.Starred) else a) for a in node.args]
        keyword_sources = {k.arg: self.sources(k.value) for k in node.keywords}
        union = set().union(*argument_sources, *keyword_sources.values())
        # `jax.vmap(f)(x)`: the inner call applies the transformation; the result is array math.
        if isinstance(func, ast.Call):
            inner = self.sources(func)
            if summarizer.transform_of(func.func):
                return union | inner
            if self.target(func) is None:
                return union
        qualified = summarizer.qualify(func)
        for keyword in node.keywords:
            if keyword.arg == frameworks.APPLY_FN_ATTRIBUTE:
                target = self.target_of_reference(keyword.value)
                if target is not None:
                    summarizer.apply_fns.append(target[0])
        if transform is not None:
            self.transform_call(node, transform)
            return union if qualified in known.TRACED_SCOPE_TRANSFORMS or qualified.startswith("jax.") else set()
        if qualified is not None:
            leaf = qualified.rpartition(".")[2]
            if qualified in known.STATIC_RESULT_CALLS or leaf in ("shape", "ndim", "size", "dtype"):
                return set()
            if qualified.startswith(_ARRAY_CALL_PREFIXES):
                return union
        elif isinstance(func, ast.Name) and func.id in ("len", "isinstance", "type", "range", "hasattr", "id"):
            return set()
        elif isinstance(func, ast.Name) and func.id in ("abs", "min", "max", "sum", "float", "int", "bool", "round"):
            return union
        elif isinstance(func, ast.Attribute) and func.attr in known.ARRAY_METHODS:
            receiver = self.sources(func.value)
            if receiver and not self.target(func):
                return receiver | union
        target = self.target(func)
        if target is None:
            return set()
        path, bound, drop = target
        args = [
            [None, None if isinstance(a, ast.Starred) else sorted(s)] for a, s in zip(node.args, argument_sources)
        ]
        args += [[k.arg, sorted(keyword_sources[k.arg])] for k in node.keywords if k.arg]
        return {"r:%d" % self.record(node, path, bound, drop, args[drop:] if drop else args, None, {})}

    def record(self, node: ast.Call, path, bound, drop, args, via, options) -> int:
        entry = {
            # special: reached through an instance, `.apply` or a Haiku transform, which the
            # module's own analysis does not follow (it follows plain calls and self.method).
            "target": [path, bound, bound or drop > 0], "line": node.lineno + self.offset, "args": args, "via": via, "opts": options,
            "always": self.always,
        }
        index = self.record_at.get(id(node))
        if index is None:
            index = self.record_at[id(node)] = len(self.records)
            self.records.append(entry)
        else:
            # The second walk (for loops) adds what a later assignment feeds back; a name rebound
            # by its own call (`x = f(x)`) keeps what the first walk saw.
            previous = self.records[index]["args"]
            if len(previous) == len(args):
                entry["args"] = [
                    [keyword, None if old is None or new is None else sorted(set(old) | set(new))]
                    for (keyword, old), (_, new) in zip(previous, args)
                ]
            self.records[index] = entry
        return index

    def transform_call(self, node: ast.Call, transform: str) -> None:
        """`jax.jit(ops.step)`, `lax.scan(body, ...)`, `jax.jit(model.apply)`: the functions a
        transformation receives are traced whatever calls it."""
        positions, keywords = known.LAX_BODY_ARGUMENTS.get(transform, ((0,), ("fun", "f", "fn")))
        if transform in known.TRACED_SCOPE_TRANSFORMS or transform in frameworks.LIFTED_CLASS_TRANSFORMS:
            positions, keywords = (0,), ("fun", "f", "fn", "target")
        candidates = [node.args[p] for p in positions if p < len(node.args)]
        candidates += [k.value for k in node.keywords if k.arg in keywords]
        options = _options(node) if transform not in known.LAX_BODY_ARGUMENTS else {}
        for candidate in candidates:
            elements = candidate.elts if isinstance(candidate, (ast.List, ast.Tuple)) else [candidate]
            for element in elements:
                if isinstance(element, ast.Lambda):
                    continue
                if transform in frameworks.LIFTED_CLASS_TRANSFORMS:
                    qualified = self.summarizer.qualify(element)
                    if qualified is not None:
                        self.record(node, f"{qualified}.__call__", True, 0, [], transform, options)
                    continue
                target = self.target(element)
                if target is not None:
                    self.record(node, target[0], target[1], target[2], [], transform, options)

    def mark_transformed(self, node: ast.Call) -> None:
        """Lambdas and local names among a transformation's arguments (before they are walked)."""
        for argument in (*node.args, *(k.value for k in node.keywords)):
            elements = argument.elts if isinstance(argument, (ast.List, ast.Tuple)) else [argument]
            for element in elements:
                if isinstance(element, ast.Lambda):
                    self.transformed_lambdas.add(id(element))
                elif isinstance(element, ast.Name) and element.id not in self.summarizer.defined:
                    self.transformed_names.add(element.id)

    def target_of_reference(self, node: ast.AST) -> tuple[str, bool] | None:
        """The function a reference names (`ops.f`, `model.apply`, `net.apply`, `self.body`)."""
        target = self.target(node)
        return None if target is None else (target[0], target[1])

    def target(self, func: ast.AST) -> tuple[str, bool, int] | None:
        """(qualified path, whether `self` is bound, leading arguments that are not the
        function's own) for a called or referenced expression, or None when it names nothing the
        project could define."""
        summarizer = self.summarizer
        if isinstance(func, ast.Call):
            holder = summarizer._holder(func, {**summarizer.bindings, **self.holders})
            if holder is not None and holder[0] == "instance":
                return f"{holder[1]}.__call__", True, 0
            return None
        if isinstance(func, ast.Name) and func.id in self.holders:
            return self.held_call(self.holders[func.id], None)
        if isinstance(func, ast.Attribute):
            owner = func.value
            if isinstance(owner, ast.Name) and owner.id in self.holders:
                return self.held_call(self.holders[owner.id], func.attr)
            if isinstance(owner, ast.Name) and owner.id in summarizer.bindings and owner.id not in self.env:
                return self.held_call(summarizer.bindings[owner.id], func.attr)
            if func.attr == frameworks.APPLY_FN_ATTRIBUTE:
                return "@apply_fn", True, 1
            if isinstance(owner, ast.Name) and owner.id == "self" and self.attributes is not None:
                return None  # self.method(...): the module's own analysis follows it
            if (
                isinstance(owner, ast.Attribute)
                and isinstance(owner.value, ast.Name)
                and owner.value.id == "self"
                and self.attributes is not None
                and owner.attr in self.attributes
            ):
                return self.held_call(self.attributes[owner.attr], func.attr)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            if self.attributes is not None and func.attr in self.attributes:
                return self.held_call(self.attributes[func.attr], None)
            return None
        if isinstance(func, ast.Name) and (func.id in self.env or func.id in summarizer.bindings):
            if func.id in summarizer.bindings and func.id not in self.env:
                return self.held_call(summarizer.bindings[func.id], None)
            return None
        qualified = summarizer.qualify(func)
        if qualified is None or qualified.startswith(("jax.", "numpy.", "builtins.", "functools.")):
            return None
        return qualified, False, 0

    @staticmethod
    def held_call(holder: list, attribute: str | None) -> tuple[str, bool, int] | None:
        kind = holder[0]
        if kind == "instance":
            if attribute is None:
                return f"{holder[1]}.__call__", True, 0
            drop = frameworks.LINEN_ENTRY_METHODS.get(attribute)
            if drop is not None:
                return f"{holder[1]}.__call__", True, drop
            return f"{holder[1]}.{attribute}", True, 0
        if kind == "haiku" and attribute == "apply":
            return holder[1], False, holder[2]
        if kind == "lifted" and attribute is None:
            return None
        return None


def summarize(source: str, module_name: str, is_package: bool) -> dict | None:
    """The summary of one module's source, or None when Python cannot parse it."""
    try:
        return _Summarizer(module_name, is_package).summarize(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


# --- the project ----------------------------------------------------------------------------------


def find_root(path: Path) -> Path:
    """The folder Python imports the file's top-level package from (the folder holding the
    outermost `__init__.py` chain: a flat layout's project folder, a src layout's `src/`), or the
    file's own folder for a script beside its helpers. Everything below it is the project."""
    folder = path.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def module_name_of(path: Path, is_package_folder) -> tuple[str, bool]:
    """The name Python imports `path` by (following the `__init__.py` chain), and whether it is a
    package's `__init__`."""
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while is_package_folder(folder):
        parts.append(folder.name)
        if folder.parent == folder:
            break
        folder = folder.parent
    return ".".join(reversed(parts)), path.name == "__init__.py"


def _may_apply_transformation(text: str) -> bool:
    """Whether a module can start a traced scope that reaches another module: it names JAX or a
    model library, and applies or references a transformation or a model's entry point."""
    return ("jax" in text or "flax" in text or "equinox" in text or "haiku" in text) and bool(_hit_lines(text, True))


class Project:
    """The modules of one project, their summaries (built lazily) and what they trace."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: dict[str, tuple[int, int]] = {}  # path -> (mtime_ns, size)
        self.modules: dict[str, list[str]] = {}  # module name -> paths
        self.module_of: dict[str, tuple[str, bool]] = {}  # path -> (module name, is package)
        self.summaries: dict[str, dict | None] = {}  # path -> summary
        self.stamps: dict[str, tuple[int, int] | None] = {}
        self.candidates: dict[str, tuple[tuple[int, int] | None, bool]] = {}
        self.checked_at = 0.0
        self.too_large = False
        self._seeds: dict[str, tuple[ExternalSeed, ...]] | None = None
        self._covered: set[str] = set()  # the files `_seeds` was computed for
        self._importer_map: dict[str, list[str]] | None = None
        self._imports_of: dict[str, frozenset[str]] = {}  # path -> the project files it imports
        self._key_lines: dict[str, bytes | None] = {}  # path -> its part of a seeds key
        self._facts_loaded = False  # whether `candidates` were filled from the result cache

    # -- files -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Look at the project's files again (at most every REFRESH_SECONDS)."""
        now = time.monotonic()
        if self.checked_at and now - self.checked_at < REFRESH_SECONDS:
            return
        self.checked_at = now
        files: dict[str, tuple[int, int]] = {}
        for path in _python_files(self.root):
            try:
                status = os.stat(path)
            except OSError:
                continue
            files[path] = (status.st_mtime_ns, status.st_size)
            if len(files) > MAX_PROJECT_FILES:
                self.too_large = True
                break
        if files == self.files:
            return
        self.files = files
        self._seeds = None
        self._importer_map = None
        self._imports_of = {}
        self._key_lines = {}
        package_folders: dict[str, bool] = {}

        def is_package_folder(folder: Path) -> bool:
            key = str(folder)
            if key not in package_folders:
                package_folders[key] = (folder / "__init__.py").is_file() and folder != folder.parent
            return package_folders[key]

        self.modules = {}
        self.module_of = {}
        for path in files:
            name, is_package = module_name_of(Path(path), is_package_folder)
            self.module_of[path] = (name, is_package)
            self.modules.setdefault(name, []).append(path)

    def caller_summary(self, path: str) -> dict | None:
        """The summary of a module that may apply a transformation (it names JAX or a neural
        network library), or None; the text test is remembered until the file changes."""
        remembered = self._text_facts(path)
        return self.summary(path) if remembered is not None and remembered[1] else None

    def _text_facts(self, path: str) -> tuple | None:
        """(stamp, whether it may apply a transformation, the modules its import lines name, the
        dataclass fields it declares static, the hash of its text)."""
        stamp = self.files.get(path)
        remembered = self.candidates.get(path)
        if remembered is None or remembered[0] != stamp:
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
            except OSError:
                return None
            name, is_package = self.module_of.get(path, ("", False))
            package = name if is_package else name.rpartition(".")[0]
            static_fields = frozenset(STATIC_FIELD.findall(text)) if "field" in text else frozenset()
            digest = hashlib.sha256(text.encode("utf-8", errors="replace")).hexdigest()
            remembered = self.candidates[path] = (
                stamp, _may_apply_transformation(text), _imported_modules(text, package), static_fields, digest
            )
        return remembered

    def _importers(self) -> dict[str, list[str]]:
        """Module name -> the files whose import lines name it (kept until the files change)."""
        if self._importer_map is None:
            importers: dict[str, list[str]] = {}
            for path in self.files:
                facts = self._text_facts(path)
                if facts is not None:
                    for module in facts[2]:
                        importers.setdefault(module, []).append(path)
            self._importer_map = importers
        return self._importer_map

    def importing(self, targets: set[str]) -> set[str]:
        """The files that import one of `targets`, directly or through other files of the
        project (re-exports through `__init__.py` included): the only possible callers."""
        importers = self._importers()
        reached = set(targets)
        pending = list(targets)
        while pending:
            name = self.module_of.get(pending.pop(), ("", False))[0]
            for importer in importers.get(name, ()):
                if importer not in reached:
                    reached.add(importer)
                    pending.append(importer)
        return reached

    def summary(self, path: str) -> dict | None:
        """The module's summary, by content hash: kept for the process (an editor session), so an
        unchanged file is summarised once."""
        stamp = self.files.get(path)
        known_stamp = self.stamps.get(path)
        if known_stamp is not None and known_stamp == stamp and path in self.summaries:
            return self.summaries[path]
        try:
            raw = Path(path).read_bytes()
        except OSError:
            self.summaries[path] = None
            return None
        name, is_package = self.module_of.get(path, ("", False))
        digest = hashlib.sha256(raw)
        digest.update(f"\0{name} {is_package}".encode())
        key = digest.digest()
        result = _SUMMARIES.get(key)
        if result is None:
            result = _SUMMARIES[key] = summarize(raw.decode("utf-8", errors="replace"), name, is_package) or {}
        self.stamps[path] = stamp
        self.summaries[path] = result
        return result

    # -- resolution ------------------------------------------------------------------------------
    def resolve(self, qualified: str, near: str | None = None, depth: int = 0) -> tuple[str, str, int, bool] | None:
        """(path, function within its module, leading arguments that are not the function's own,
        whether it was reached through a module-level instance or transform) for a qualified name
        of the project's function or method: `pkg.ops.normalize` -> (".../pkg/ops.py",
        "normalize", 0, False); `models.hk.net.apply` -> (".../models/hk.py", "forward", 2, True)."""
        located = self._locate(qualified, near, depth)
        if located is None:
            return None
        path, summary, rest = located
        name = ".".join(rest)
        functions = summary.get("functions", {})
        if name in functions:
            return path, name, 0, False
        classes = summary.get("classes", {})
        if len(rest) == 2 and rest[0] in classes:
            for base in classes[rest[0]]["bases"]:
                found = self.resolve(f"{base}.{rest[1]}", path, depth + 1)
                if found is not None:
                    return found
            return None
        holder = summary.get("bindings", {}).get(rest[0])
        if holder is not None and len(rest) <= 2:
            held = _FunctionWalker.held_call(holder, rest[1] if len(rest) == 2 else None)
            found = None if held is None else self.resolve(held[0], path, depth + 1)
            return None if found is None else (found[0], found[1], found[2] + held[2], True)
        imported = summary.get("imports", {}).get(rest[0])
        if imported is not None:
            return self.resolve(".".join([imported, *rest[1:]]), path, depth + 1)
        return None

    def _locate(self, qualified: str, near: str | None, depth: int) -> tuple[str, dict, list[str]] | None:
        """The project module a qualified name starts with (the longest such prefix): its path,
        its summary and the rest of the name."""
        if depth > 6:
            return None
        parts = qualified.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            paths = self.modules.get(".".join(parts[:cut]))
            if paths:
                path = _nearest(paths, near)
                return path, self.summary(path) or {}, parts[cut:]
        return None

    def class_framework(self, qualified_class: str, near: str | None, depth: int = 0) -> str | None:
        kind = frameworks.MODULE_BASES.get(qualified_class)
        if kind is not None:
            return kind
        located = self._locate(qualified_class, near, depth)
        if located is None:
            return None
        path, summary, rest = located
        if len(rest) != 1:
            return None
        cls = summary.get("classes", {}).get(rest[0])
        if cls is not None:
            for base in cls["bases"]:
                kind = self.class_framework(base, path, depth + 1)
                if kind is not None:
                    return kind
            return None
        imported = summary.get("imports", {}).get(rest[0])
        return None if imported is None else self.class_framework(imported, path, depth + 1)

    # -- propagation -----------------------------------------------------------------------------
    def static_fields_for(self, path: str) -> frozenset[str]:
        """The dataclass fields declared static in the project modules `path` imports (brax's
        `System.link_types = struct.field(pytree_node=False)` for a step in another file)."""
        self.refresh()
        names: set[str] = set()
        for module_path in self._imported_files(path) - {path}:
            facts = self._text_facts(module_path)
            if facts is not None:
                names |= facts[3]
        return frozenset(names)

    def prepare(self, paths: set[str], cache=None) -> None:
        """Find what other modules trace in `paths`, in one pass (the command line's files).
        With `cache` (`tracerfix.cache.Cache`), each file's seeds are kept on disk under a key
        made of the texts they can depend on, so a later run over unchanged files skips the
        summaries."""
        self.refresh()
        if self.too_large:
            return
        if self._seeds is not None and paths <= self._covered:
            return
        stored = self._load_text_facts(cache)
        keys = {path: self._seeds_key(path) for path in paths} if cache is not None else {}
        self._store_text_facts(cache, stored)
        known: dict[str, tuple[ExternalSeed, ...]] = {}
        for path, key in keys.items():
            entry = cache.get(key) if key else None
            seeds = _decoded_seeds(entry) if entry is not None else None
            if seeds is not None:
                known[path] = seeds
        missing = set(paths) - set(known)
        computed = _Propagation(self, self.importing(missing)).run() if missing else {}
        for path in missing:
            if keys.get(path):
                cache.put(keys[path], {"seeds": [_encoded_seed(seed) for seed in computed.get(path, ())]})
        self._covered = set(paths)
        self._seeds = {**computed, **known}

    def _load_text_facts(self, cache) -> int:
        """Take the files' text facts from `cache` where a file's stamp (modification time and
        size) is the one stored with them: a save in a project of thousands of files then reads
        only the files that changed, not every file to learn who imports whom. The number of
        facts known afterwards (what `_store_text_facts` compares with)."""
        if cache is None or self._facts_loaded:
            return len(self.candidates)
        self._facts_loaded = True
        entry = cache.get(self._facts_key())
        files = entry.get("files") if isinstance(entry, dict) else None
        for path, record in (files.items() if isinstance(files, dict) else ()):
            stamp = self.files.get(path)
            if stamp is None or path in self.candidates or not isinstance(record, list) or len(record) != 6:
                continue
            mtime, size, may_apply, modules, static_fields, digest = record
            if [mtime, size] == list(stamp) and isinstance(modules, list) and isinstance(static_fields, list):
                self.candidates[path] = (stamp, bool(may_apply), frozenset(map(str, modules)),
                                         frozenset(map(str, static_fields)), str(digest))
        return len(self.candidates)

    def _store_text_facts(self, cache, known_before: int) -> None:
        """Keep the text facts for the next run, when this one had to read files for them."""
        if cache is None or len(self.candidates) == known_before:
            return
        cache.put(self._facts_key(), {"files": {
            path: [stamp[0], stamp[1], may_apply, sorted(modules), sorted(static_fields), digest]
            for path, (stamp, may_apply, modules, static_fields, digest) in self.candidates.items()
            if stamp is not None}})

    def _facts_key(self) -> str:
        return "project-facts-" + hashlib.sha256(str(self.root).encode()).hexdigest()

    def _seeds_key(self, path: str) -> str | None:
        """What a file's seeds can depend on: the files that import it (its callers), the
        modules those import (what their calls compute), and the modules it imports itself."""
        closure = self.importing({path})
        for member in list(closure):
            closure |= self._imported_files(member)
        closure |= self._imported_files(path)
        digest = hashlib.sha256(b"seeds 1\0")
        for member in sorted(closure):
            line = self._key_line(member)
            if line is None:
                return None
            digest.update(line)
        digest.update(os.path.relpath(path, self.root).encode())
        return "project-" + digest.hexdigest()

    def _key_line(self, path: str) -> bytes | None:
        """What a seeds key says of one file: where it is, its module name and its text's hash."""
        if path not in self._key_lines:
            facts = self._text_facts(path)
            name, is_package = self.module_of.get(path, ("", False))
            self._key_lines[path] = None if facts is None else (
                f"{os.path.relpath(path, self.root)}\0{name}\0{is_package}\0{facts[4]}\0".encode())
        return self._key_lines[path]

    def _imported_files(self, path: str) -> frozenset[str]:
        if path not in self._imports_of:
            facts = self._text_facts(path)
            files: set[str] = set()
            for module in facts[2] if facts is not None else ():
                files.update(self.modules.get(module) or self.modules.get(module.rpartition(".")[0]) or ())
            self._imports_of[path] = frozenset(files)
        return self._imports_of[path]

    def seeds_for(self, path: Path, cache=None) -> tuple[ExternalSeed, ...]:
        self.refresh()
        if self.too_large:
            return ()
        key = str(path)
        if self._seeds is None or key not in self._covered:
            self.prepare({key}, cache)
        return (self._seeds or {}).get(key, ())


_IMPORT_LINE = re.compile(
    r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(?:\(([^)]*)\)|([^\n#;]*))|import[ \t]+([\w., \t]+))", re.M
)


def _imported_modules(text: str, package: str) -> frozenset[str]:
    """The modules (and `module.name`s) a module's import lines name, relative ones resolved."""
    modules = set()
    for match in _IMPORT_LINE.finditer(text):
        if match.group(4):
            modules.update(part.split(" as ")[0].strip() for part in match.group(4).split(","))
            continue
        module = match.group(1)
        level = len(module) - len(module.lstrip("."))
        module = module.lstrip(".")
        if level:
            base = package.split(".") if package else []
            base = base[: len(base) - (level - 1)] if level - 1 <= len(base) else []
            module = ".".join([*base, *([module] if module else [])])
        modules.add(module)
        for name in (match.group(2) or match.group(3) or "").replace("\n", " ").split(","):
            name = name.strip().split(" as ")[0].strip()
            if name:
                modules.add(f"{module}.{name}")
    return frozenset(modules)


def _nearest(paths: list[str], near: str | None) -> str:
    """Of several files with one module name (scripts in different folders), the one beside `near`."""
    if len(paths) == 1 or near is None:
        return paths[0]
    folder = os.path.dirname(near)
    for path in paths:
        if os.path.dirname(path) == folder:
            return path
    return paths[0]


def _python_files(root: Path):
    from tracerfix.api import SKIPPED_DIRECTORIES

    for folder, directories, files in os.walk(root):
        directories[:] = sorted(
            d for d in directories
            if not d.startswith(".") and d not in SKIPPED_DIRECTORIES
            and not os.path.exists(os.path.join(folder, d, "pyvenv.cfg"))
        )
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


class _Propagation:
    """Traced functions of the whole project, to a fixed point; then the seeds of each file."""

    def __init__(self, project: Project, callers: set[str]) -> None:
        self.project = project
        self.callers = callers  # the files whose transformations may reach the files asked about
        self.state: dict[tuple[str, str], dict[str, int]] = {}  # (path, function) -> parameter kinds
        self.reasons: dict[tuple[str, str], dict] = {}  # first cross-module reason per function
        self.differentiated: set[tuple[str, str]] = set()
        self.queue: list[tuple[str, str]] = []

    def run(self) -> dict[str, tuple[ExternalSeed, ...]]:
        project = self.project
        callers = []
        for path in project.files:
            summary = project.caller_summary(path) if path in self.callers else None
            if summary:
                callers.append((path, summary))
        for path, summary in callers:
            for name, function in summary["functions"].walked():
                if function is None:
                    continue
                for root in function.get("roots", ()):
                    self.trace(path, name, self.transform_kinds(function, root["transform"], root["opts"]),
                               None, root["transform"], differentiated=_differentiates(root["transform"]))
                for record in function.get("calls", ()):
                    if record["via"] is not None or record["always"]:
                        self.follow(path, name, function, record, {})
            for record in summary.get("module_calls", ()):
                self.follow(path, None, None, record, {})
        walked = 0
        while self.queue and walked < 20000:
            walked += 1
            key = self.queue.pop()
            path, name = key
            function = (project.summary(path) or {}).get("functions", {}).get(name)
            if function is None:
                continue
            kinds = self.state[key]
            for record in function.get("calls", ()):
                if record["via"] is None or record["always"]:
                    self.follow(path, name, function, record, kinds)
        return self.seeds()

    def transform_kinds(self, function: dict, transform: str, options: dict, bound: bool = False) -> dict[str, int]:
        kind = _kind_of_transform(transform)
        positional = list(function["params"])
        method = function.get("method", False)
        kinds: dict[str, int] = {}
        if options.get("all_static"):
            return {}
        static_nums = set(options.get("static_nums", ()))
        static_names = set(options.get("static_names", ()))
        argnums = options.get("argnums", [0])
        axes_none = set(options.get("in_axes_none", ()))
        shift = 1 if (method or bound) and positional else 0
        for index, name in enumerate(positional):
            position = index - shift
            if position < 0:
                kinds[name] = UNKNOWN
            elif name in static_names or position in static_nums:
                kinds[name] = STATIC
            elif name in function["defaults"]:
                kinds[name] = UNKNOWN
            elif kind == "filter" and not _is_array_annotation(function["annotations"].get(name)):
                kinds[name] = UNKNOWN
            elif kind == "grad" and (argnums is None or position not in argnums):
                kinds[name] = UNKNOWN
            elif kind == "vmap" and position in axes_none:
                kinds[name] = UNKNOWN
            else:
                kinds[name] = TRACED
        for name in function["kwonly"]:
            kinds[name] = STATIC if name in static_names else (
                UNKNOWN if name in function["defaults"] or kind == "filter" else TRACED
            )
        return kinds

    def follow(self, path: str, caller: str | None, function: dict | None, record: dict, kinds: dict) -> None:
        """Trace what `record` calls, as `caller` (traced with `kinds`) calls it."""
        project = self.project
        target, bound, special = record["target"]
        targets = [target]
        if target == "@apply_fn":
            targets = [f"{cls}.__call__" for cls in self.apply_fn_classes()]
        for target in targets:
            if bound and project.class_framework(target.rpartition(".")[0], path) is None:
                # An object's method is followed only for the model libraries' modules, whose
                # conventions say what is traced; any other callable object (a scan body kept
                # in an instance, with a carry of Python containers) is dynamic dispatch.
                continue
            found = project.resolve(target, path)
            if found is None:
                continue
            callee_path, callee_name, drop, through_binding = found
            callee = (project.summary(callee_path) or {}).get("functions", {}).get(callee_name)
            if callee is None:
                continue
            via = record["via"]
            if via is not None:
                new = self.transform_kinds(callee, via, record["opts"], bound)
                differentiated = _differentiates(via) or (path, caller) in self.differentiated
            else:
                new = self.argument_kinds(callee, record, kinds, path, function, bound, drop)
                if not any(value == TRACED for value in new.values()):
                    continue
                differentiated = (path, caller) in self.differentiated
            reason = None
            if callee_path != path or special or through_binding or target != record["target"][0]:
                reason = {"caller": caller, "path": path, "line": record["line"], "via": via,
                          "through": "apply_fn" if record["target"][0] == "@apply_fn" else None}
            self.trace(callee_path, callee_name, new, reason, via or "call", differentiated)

    def argument_kinds(self, callee: dict, record: dict, kinds: dict, path: str, caller: dict | None,
                       bound: bool, drop: int = 0, depth: int = 0) -> dict[str, int]:
        positional = list(callee["params"])
        if bound or callee.get("method"):
            positional = positional[1:]
        result: dict[str, int] = {}
        position = 0
        for keyword, sources in record["args"][drop:]:
            if keyword is None:
                if sources is None:
                    break  # *args: the positions after it are unknown
                name = positional[position] if position < len(positional) else None
                position += 1
            else:
                name = keyword
            if name is None or sources is None:
                continue
            kind = self.evaluate(sources, kinds, path, caller, depth)
            result[name] = max(result.get(name, STATIC), kind)
        return result

    def evaluate(self, sources, kinds: dict, path: str, function: dict | None, depth: int) -> int:
        """TRACED when any source is traced in this calling context, else STATIC."""
        for source in sources:
            if source == "T":
                return TRACED
            if source.startswith("p:"):
                if kinds.get(source[2:], STATIC) == TRACED:
                    return TRACED
            elif source.startswith("r:") and function is not None and depth < 4:
                record = function["calls"][int(source[2:])]
                if self.returns_traced(record, kinds, path, function, depth):
                    return TRACED
        return STATIC

    def returns_traced(self, record: dict, kinds: dict, path: str, function: dict, depth: int) -> bool:
        """Whether the call returns a traced value, from the callee's summary in this context."""
        if record["via"] is not None:
            return False
        target, bound, _ = record["target"]
        found = self.project.resolve(target, path) if target != "@apply_fn" else None
        if found is None:
            return False
        callee_path, callee_name, drop, _ = found
        callee = (self.project.summary(callee_path) or {}).get("functions", {}).get(callee_name)
        if callee is None:
            return False
        arguments = self.argument_kinds(callee, record, kinds, path, function, bound, drop, depth + 1)
        return self.evaluate(callee["returns"], arguments, callee_path, callee, depth + 1) == TRACED

    def apply_fn_classes(self) -> list[str]:
        """Classes whose `apply` some `TrainState.create(apply_fn=...)` of the project stores."""
        found = []
        for path, summary in self.project.summaries.items():
            for target in (summary or {}).get("apply_fns", ()):
                if target.endswith(".__call__"):
                    cls = target[: -len(".__call__")]
                    if self.project.class_framework(cls, path) == "linen":
                        found.append(cls)
        return found

    def trace(self, path: str, name: str, kinds: dict[str, int], reason: dict | None, transform: str,
              differentiated: bool = False) -> None:
        key = (path, name)
        state = self.state.get(key)
        changed = state is None
        if state is None:
            state = self.state[key] = {}
        for param, kind in kinds.items():
            if kind > state.get(param, -1):
                state[param] = kind
                changed = True
        if differentiated and key not in self.differentiated:
            self.differentiated.add(key)
            changed = True
        if reason is not None and key not in self.reasons:
            self.reasons[key] = {**reason, "transform": transform}
            changed = True
        if changed:
            self.queue.append(key)

    def seeds(self) -> dict[str, tuple[ExternalSeed, ...]]:
        by_file: dict[str, list[ExternalSeed]] = {}
        for key, reason in self.reasons.items():
            path, name = key
            traced = tuple(sorted(p for p, kind in self.state[key].items() if kind == TRACED))
            if not traced:
                continue
            by_file.setdefault(path, []).append(
                ExternalSeed(name, traced, _named(name, self.describe(reason)), reason["transform"],
                             key in self.differentiated)
            )
        return {path: tuple(sorted(seeds, key=lambda s: s.function)) for path, seeds in by_file.items()}

    def describe(self, reason: dict) -> str:
        try:
            where = Path(reason["path"]).relative_to(self.project.root).as_posix()
        except ValueError:
            where = reason["path"]
        where = f"{where}:{reason['line']}"
        caller = f"`{reason['caller']}`" if reason["caller"] else None
        via = reason["via"]
        if via is None:
            through = f" through `{reason['through']}`" if reason.get("through") else ""
            return f"called from traced {caller} in {where}{through} with traced arguments"
        if via in frameworks.LIFTED_CLASS_TRANSFORMS:
            return f"lifted by {_short(via)}(...) in {where}"
        verb = _TRANSFORM_VERBS.get(_kind_of_transform(via)) if via not in known.LAX_BODY_ARGUMENTS else None
        short = _short(via)
        if verb is None:
            verb = f"the body of {short}(...)" if via in known.LAX_BODY_ARGUMENTS else f"passed to {short}(...)"
            return f"{verb} in {caller} in {where}" if caller else f"{verb} in {where}"
        return f"{verb} by {caller} in {where}" if caller else f"{verb} in {where}"


def _named(function: str, reason: str) -> str:
    """A method's reason names its class: messages name the method alone (`__call__`)."""
    return f"`{function}`, {reason}" if "." in function else reason


_TRANSFORM_VERBS = {"jit": "jitted", "vmap": "vmapped", "grad": "differentiated", "filter": None}


def _differentiates(transform: str) -> bool:
    return transform in known.GRAD_TRANSFORMS or transform in known.REVERSE_MODE_BODIES


def _is_array_annotation(annotation: str | None) -> bool:
    if annotation is None:
        return False
    return annotation in known.ARRAY_ANNOTATION_NAMES or annotation.rpartition(".")[2] in _ARRAY_ANNOTATION_LEAVES


# --- one process's projects -------------------------------------------------------------------------

_PROJECTS: dict[str, Project] = {}
_SUMMARIES: dict[bytes, dict] = {}  # by content hash (and module name)


def project_for(path: Path) -> Project | None:
    """The project holding `path`, kept for the life of the process (an editor session re-reads
    only the files that changed, and looks at the file list at most every REFRESH_SECONDS)."""
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):
        return None
    root = find_root(resolved)
    project = _PROJECTS.get(str(root))
    if project is None:
        project = _PROJECTS[str(root)] = Project(root)
    return project


def _encoded_seed(seed: ExternalSeed) -> dict:
    return {"function": seed.function, "traced": list(seed.traced), "reason": seed.reason,
            "transform": seed.transform, "differentiated": seed.differentiated}


def _decoded_seeds(entry: dict) -> tuple[ExternalSeed, ...] | None:
    try:
        return tuple(
            ExternalSeed(str(s["function"]), tuple(str(t) for t in s["traced"]), str(s["reason"]),
                         str(s["transform"]), bool(s["differentiated"]))
            for s in entry["seeds"]
        )
    except (KeyError, TypeError, ValueError):
        return None


def prepare(paths, cache=None) -> None:
    """Look up, in one pass per project, what other modules trace in each of `paths` (`cache`:
    the result cache, where each file's seeds are kept by the texts they depend on)."""
    by_project: dict[int, tuple[Project, set[str]]] = {}
    for path in paths:
        project = project_for(Path(path))
        if project is not None:
            try:
                resolved = str(Path(path).resolve())
            except (OSError, RuntimeError):
                continue
            by_project.setdefault(id(project), (project, set()))[1].add(resolved)
    for project, files in by_project.values():
        try:
            project.prepare(files, cache)
        except (OSError, RecursionError):
            pass


def forget() -> None:
    """Drop every project and summary this process holds (the command line, once each file's
    seeds are known: the worker processes it forks need none of it)."""
    _PROJECTS.clear()
    _SUMMARIES.clear()
    _FILES.clear()


_FILES: dict[str, tuple[Project, Path]] = {}  # a path as given -> its project and resolved path


def static_fields_for(path: Path) -> frozenset[str]:
    """The fields declared static in the dataclasses of the project modules the file imports."""
    project = project_for(path)
    if project is None or project.too_large:
        return frozenset()
    try:
        return project.static_fields_for(str(path.resolve()))
    except (OSError, RuntimeError, RecursionError):
        return frozenset()


def seeds_for(path: Path, cache=None) -> tuple[ExternalSeed, ...]:
    """The functions of the file at `path` that other modules of its project trace (an editor
    asks on every edit: the file's project is remembered)."""
    known_file = _FILES.get(str(path))
    if known_file is None:
        project = project_for(path)
        if project is None:
            return ()
        try:
            known_file = _FILES[str(path)] = (project, path.resolve())
        except (OSError, RuntimeError):
            return ()
    try:
        return known_file[0].seeds_for(known_file[1], cache)
    except (OSError, RecursionError):  # a project we cannot read is a project we do not see
        return ()


# --- the hook in the single-module analysis ---------------------------------------------------------


def seed_scopes(index, scopes: dict, seeds) -> None:
    """Start each seed as a traced scope of the module (`analysis.analyze` calls this)."""
    import libcst as cst

    from tracerfix.analysis.scopes import TracedScope, parameter_values
    from tracerfix.analysis.values import TRACED as TRACED_LEVEL
    from tracerfix.analysis.values import TRACED_VALUE, UNKNOWN_VALUE
    from tracerfix.lazy_module import UnparsedStatement

    for seed in seeds:
        owner, _, method = seed.function.rpartition(".")
        if owner:
            node = None
            for position, statement in enumerate(index.module.body):
                if type(statement) is UnparsedStatement and statement.name == owner and not statement.is_function:
                    statement = index._parse_kept_text(statement, position)
                if isinstance(statement, cst.ClassDef) and statement.name.value == owner:
                    node = index.methods.get(id(statement), {}).get(method)
        else:
            node = index.defined_function(cst.Name(method), ())
        if not isinstance(node, cst.FunctionDef):
            continue
        base = parameter_values(node, transform="call", kind="body", imports=index.imports, is_method=bool(owner))
        params = {}
        for name, value in base.items():
            if name in seed.traced:
                params[name] = value if value.trace == TRACED_LEVEL else TRACED_VALUE
            else:
                params[name] = UNKNOWN_VALUE if value.trace == TRACED_LEVEL else value
        existing = scopes.get(id(node))
        if existing is None:
            scopes[id(node)] = TracedScope(node, params, seed.reason, seed.transform,
                                           differentiated=seed.differentiated)
            continue
        for name in seed.traced:
            if name in existing.params and existing.params[name].trace != TRACED_LEVEL:
                existing.params[name] = params[name]
        existing.differentiated = existing.differentiated or seed.differentiated
