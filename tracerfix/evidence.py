"""What a traceback proves, applied to the analysis of one file as fact.

A tracer error shows, at run time, what the static analysis may not be able to prove: the
function JAX traced (and for which transformation), the arguments the value depends on, the
functions that ran under the trace (the frames between the traced function and the error), and
the statement that needed a concrete value. `Evidence` carries those facts for one file; the
engine hands it to the analysis (`seed`: the functions become traced scopes, the named
arguments traced values), rules ask `proves_traced` about a value on the statement that raised
(true unless the analysis knows the value is static), and the engine keeps only the findings the
traceback points at (`relevant`).

The facts name lines of the file as it was when the error happened. The statement is found
again by the source text the traceback shows, so an edited file (or the second pass of a fix,
where the statement is gone) does not mislead: a statement that cannot be found proves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.values import STATIC, STATIC_VALUE, TRACED, TRACED_VALUE

if TYPE_CHECKING:
    from tracerfix.analysis import Analysis
    from tracerfix.rule import Finding

# JAX names the transformation as its debug info spells it ("jit", "scan", "vmap", ...); the
# analysis names it by qualified name.
_TRANSFORMS = {
    "jit": "jax.jit",
    "pjit": "jax.jit",
    "pmap": "jax.pmap",
    "xla_pmap": "jax.pmap",
    "vmap": "jax.vmap",
    "grad": "jax.grad",
    "value_and_grad": "jax.value_and_grad",
    "jvp": "jax.grad",
    "vjp": "jax.vjp",
    "linearize": "jax.linearize",
    "checkpoint": "jax.checkpoint",
    "remat": "jax.checkpoint",
    "shard_map": "jax.shard_map",
}


def qualified_transform(name: str | None) -> str:
    """`jit` -> `jax.jit`, `scan` -> `jax.lax.scan`; an unnamed transformation counts as jit."""
    if not name:
        return "jax.jit"
    if name in _TRANSFORMS:
        return _TRANSFORMS[name]
    return f"jax.lax.{name}"


@dataclass(frozen=True)
class Fact:
    """What one tracer error proves about one file."""

    kind: str  # the error: "TracerBoolConversionError"
    line: int | None = None  # the statement that needed a concrete value, when it is in this file
    code: str = ""  # its text as the traceback shows it ("" when it shows none)
    function: str = ""  # the function holding that statement, when the traceback names it
    traced_function: str | None = None  # the function JAX traced, when it is defined in this file
    traced_line: int | None = None  # where JAX says it is defined (its first decorator or `def`)
    transform: str | None = None  # as JAX names it: "jit", "scan"...
    arguments: tuple[str, ...] = ()  # the traced function's arguments the value depends on
    # Other functions of this file that ran under the trace (frames between the two), by line.
    callers: tuple[tuple[str, int], ...] = ()
    # The functions of this file (among the holder and the callers) called by a frame of this
    # file: their parameters are what that call passes, which the analysis works out.
    called_here: tuple[str, ...] = ()
    escaped: bool = False  # an UnexpectedTracerError: the value escaped `traced_function`
    from_operations: bool = False  # the value was made by JAX calls on constants, not from an argument
    traced_elsewhere: str = ""  # the traced function, when another file defines it: "`f` (model.py:135)"


@dataclass(frozen=True)
class Evidence:
    facts: tuple[Fact, ...]
    # The file's lines when it was first analysed with these facts: a fix pass rewrites the
    # statement a traceback named, and the statement's new lines are found through this.
    first_lines: list = field(default_factory=list, compare=False, repr=False)

    def seed(self, analysis: "Analysis", source: str) -> None:
        """Make the proven functions traced scopes and the named arguments traced values;
        remember the statements that needed a concrete value. Called after scope discovery."""
        analysis.evidence = BoundEvidence(self, analysis, source)
        analysis.evidence.seed()

    def relevant(self, findings: list["Finding"], analysis: "Analysis") -> list["Finding"]:
        """The findings the tracebacks point at: those on a statement that raised, and those in
        the functions a traceback proved traced (the next errors the same run would raise)."""
        bound = getattr(analysis, "evidence", None)
        if not isinstance(bound, BoundEvidence):
            return []
        return [finding for finding in findings if any(located.covers(finding) for located in bound.located)]


def proves_error(context, node: cst.CSTNode, kind: str) -> bool:
    """True when a traceback proved that `node` raised the tracer error `kind` on the statement
    it is in: TracerBoolConversionError for the test of an `if`/`while`/`assert` (it called
    `bool()` on a tracer), NonConcreteBooleanIndexError for the index of a subscript (a mask)."""
    bound = getattr(context.analysis, "evidence", None)
    if not isinstance(bound, BoundEvidence) or bound.error_of.get(id(node)) != kind:
        return False
    # A value the analysis knows to be a Python value is never overruled: in `strict and (a or
    # b)` with a static `strict`, the error came from `a or b`.
    value = context.value(node)
    return not (value.trace == STATIC and not value.loose and isinstance(node, cst.Name))


def proves_traced(context, node: cst.CSTNode) -> bool:
    """True when a traceback proved that `node`, on the statement that raised, is a traced value
    (a value the analysis knows to be static is never overruled)."""
    bound = getattr(context.analysis, "evidence", None)
    if not isinstance(bound, BoundEvidence) or id(node) not in bound.concrete_nodes:
        return False
    value = context.value(node)
    return value.trace != STATIC or value.loose  # static only as far as the analysis saw: overruled


@dataclass
class _Located:
    """A fact matched to this version of the file, as line ranges."""

    fact: Fact
    statement: tuple[int, int] | None  # the statement that raised (None: not in this file)
    functions: list[tuple[int, int]]  # the functions proven to run under the trace

    def covers(self, finding: "Finding") -> bool:
        end = max(finding.end_line, finding.line)
        if self.statement is not None and finding.line <= self.statement[1] and self.statement[0] <= end:
            return True
        return any(first <= finding.line <= last for first, last in self.functions)


class BoundEvidence:
    """Evidence matched to one parse of the file: nodes instead of line numbers."""

    def __init__(self, evidence: Evidence, analysis: "Analysis", source: str) -> None:
        from tracerfix.positions import PositionIndex

        self.evidence = evidence
        self.analysis = analysis
        self.lines = source.splitlines()
        if not evidence.first_lines:
            evidence.first_lines.append(self.lines)
        self.first_lines = evidence.first_lines[0]
        self.positions = PositionIndex(analysis.module, source)
        self.concrete_nodes: set[int] = set()
        # The error each of those statements raised, by node: a TracerBoolConversionError proves
        # the test of its `if`/`while` traced, a NonConcreteBooleanIndexError its index a mask,
        # whatever the analysis thought.
        self.error_of: dict[int, str] = {}
        self.located: list[_Located] = []
        # Functions the traceback shows called from this file, left to the propagation first.
        self.pending: list[tuple] = []
        self._pending_done = False
        self._spans: dict[int, tuple[int, int, int]] = {}  # id(function) -> first, def, last line
        for function in analysis.index.functions:
            span = self._function_span(function)
            if span is not None:
                self._spans[id(function)] = span

    # --- matching lines to nodes ----------------------------------------------------------------
    def _span(self, node: cst.CSTNode):
        top = self.analysis.index.top_of.get(id(node), 0)
        return self.positions.span(node, top)

    def _function_span(self, function) -> tuple[int, int, int] | None:
        span = self._span(function)
        if span is None:
            return None
        head = self._span(function.name) if isinstance(function, cst.FunctionDef) else span
        return span[0], (head or span)[0], span[2]

    def function_at(self, line: int, name: str = "") -> cst.CSTNode | None:
        """The innermost function holding `line` (named `name`, when given)."""
        best, best_start = None, -1
        for function in self.analysis.index.functions:
            span = self._spans.get(id(function))
            if span is None or not span[0] <= line <= span[2]:
                continue
            if name and name not in ("<module>", "<lambda>") and _name(function) != name:
                continue
            if span[0] > best_start:
                best, best_start = function, span[0]
        return best

    def defined_at(self, line: int, name: str) -> cst.CSTNode | None:
        """The function JAX names: `co_firstlineno` is its first decorator's line, or its def's."""
        mapped = self.statement_lines(line, "")
        for function in self.analysis.index.functions:
            span = self._spans.get(id(function))
            if span is None or _name(function) != name:
                continue
            if span[0] <= line <= span[1] or mapped is not None and span[0] <= mapped[0] <= span[1]:
                return function
        named = [f for f in self.analysis.index.functions if isinstance(f, cst.FunctionDef) and _name(f) == name]
        return named[0] if len(named) == 1 else None  # the file changed since: by name, if unique

    def statement_lines(self, line: int | None, code: str) -> tuple[int, int] | None:
        """Where the statement at `line` of the first version (reading `code`) is now: found by
        its text, then carried through the edits fixes made since (a rewritten statement's new
        lines). None when it is not in the file."""
        placed = self._place_statement(line, code)
        return placed[:2] if placed is not None else None

    def _place_statement(self, line: int | None, code: str) -> tuple[int, int, bool] | None:
        """`statement_lines`, and whether the statement there is still the one that raised (a
        fix's replacement is not: its lines are the fix's, not the code the traceback showed)."""
        first = locate(self.first_lines, line, code)
        if first is None:
            return None
        if self.lines is self.first_lines:
            return first, first, True
        import difflib

        matcher = difflib.SequenceMatcher(None, self.first_lines, self.lines, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if i1 <= first - 1 < i2:
                if tag == "equal":
                    return j1 + first - i1, j1 + first - i1, True
                return (j1 + 1, j2, False) if j2 > j1 else None
        return None

    # --- seeding --------------------------------------------------------------------------------
    def seed_pending(self) -> bool:
        """After the propagation: the functions called from this file that no traced caller
        reached become traced scopes as the traceback shows them; True when there were any (the
        propagation then runs again)."""
        self._pending_done = True
        added = False
        for function, fact, arguments in self.pending:
            if id(function) not in self.analysis.scopes:
                self._trace(function, fact, arguments, transformed=False)
                added = True
        self.pending = []
        return added

    def seed(self) -> None:
        for fact in self.evidence.facts:
            functions = []
            traced = None
            if fact.traced_function and fact.traced_line is not None:
                traced = self.defined_at(fact.traced_line, fact.traced_function)
                if traced is not None:
                    self._trace(traced, fact, fact.arguments, transformed=True)
                    functions.append(traced)
            for name, line in fact.callers:
                mapped = self.statement_lines(line, "")
                caller = self.function_at(mapped[0], name) if mapped else None
                if caller is not None and caller is not traced:
                    self._trace(caller, fact, (), transformed=False)
                    functions.append(caller)
            placed = self._place_statement(fact.line, fact.code)
            statement = placed[:2] if placed is not None else None
            if placed is not None:
                holder = self.function_at(statement[0], fact.function)
                if holder is not None and holder is not traced:
                    self._trace(holder, fact, (), transformed=False)
                    functions.append(holder)
                if fact.escaped:
                    statement = None  # where the value was made; its escape is elsewhere in the function
                elif placed[2]:  # a fix's own code is not what needed a concrete value
                    for line in range(statement[0], statement[1] + 1):
                        self._mark_line(line, fact.kind)
            spans = [self._spans[id(f)] for f in functions if id(f) in self._spans]
            self.located.append(_Located(fact, statement, [(span[0], span[2]) for span in spans]))

    def _trace(self, function, fact: Fact, arguments: tuple[str, ...], transformed: bool) -> None:
        from tracerfix.analysis.scopes import TracedScope, parameter_values

        analysis = self.analysis
        transform = qualified_transform(fact.transform)
        scope = analysis.scopes.get(id(function))
        if scope is None and not transformed and _name(function) in fact.called_here and not fact.from_operations \
                and not self._pending_done:
            # Called from code of this file: its parameters are what that call passes, which the
            # propagation from a traced caller works out better than placeholders would (`self`
            # of `crop(x, top, left)` is the module's object); made a scope afterwards only if no
            # traced caller reached it.
            self.pending.append((function, fact, arguments))
            return
        if scope is None:
            chain = analysis.index.enclosing.get(id(function), ())
            is_method = bool(chain) and isinstance(chain[-1], cst.ClassDef)
            kind = "grad" if transform in known.GRAD_TRANSFORMS else "vmap" if transform in known.VMAP_TRANSFORMS else "jit"
            params = parameter_values(
                function, transform=transform, kind=kind if transformed else "body", imports=analysis.imports,
                is_method=is_method,
            )
            if not transformed and (fact.from_operations or _name(function) in fact.called_here):
                # Called from this file's code (or the tracer was made by JAX calls on constants):
                # the helper's parameters are what its callers pass, joined in by the propagation,
                # not tracers by default as for a function JAX calls.
                params = {name: STATIC_VALUE if value.trace == TRACED else value for name, value in params.items()}
            how = fact.transform or "a JAX transformation"
            reason = (
                f"traced for {how}, as the traceback shows"
                if transformed
                else f"run while JAX traced `{fact.traced_function}`, as the traceback shows"
                if fact.traced_function
                else f"run while JAX traced {fact.traced_elsewhere}, as the traceback shows"
                if fact.traced_elsewhere
                else "run under a JAX trace, as the traceback shows"
            )
            scope = TracedScope(function, params, reason, transform, transformed=transformed)
            analysis.scopes[id(function)] = scope
        if transform in known.GRAD_TRANSFORMS or transform in known.REVERSE_MODE_BODIES:
            scope.differentiated = True
        for name in arguments:
            if name in scope.params and scope.params[name].trace != TRACED:
                scope.params[name] = TRACED_VALUE

    def _mark_line(self, line: int, kind: str = "") -> None:
        """Every expression on the statement at `line`: one of them needed a concrete value (and
        raised the error `kind`)."""
        for top in range(len(self.analysis.module.body)):
            if self.positions.first_line(top) > line:
                break
            spans = self.positions._spans.get(top)
            if spans is None:
                self.positions.span(self.analysis.module.body[top], top)
                spans = self.positions._spans.get(top, {})
            for node_id, (start, _, end, _) in spans.items():
                if start <= line <= end:
                    self.concrete_nodes.add(node_id)
                    self.error_of[node_id] = kind


def locate(lines: list[str], line: int | None, code: str) -> int | None:
    """Line `line` when it still reads `code` (or nothing was shown), else the nearest line that
    does; None when no line does."""
    if line is None:
        return None
    if not code:
        return line if 1 <= line <= len(lines) else None
    if 1 <= line <= len(lines) and lines[line - 1].strip() == code:
        return line
    candidates = [n for n, text in enumerate(lines, 1) if text.strip() == code]
    return min(candidates, key=lambda n: abs(n - line)) if candidates else None


def _name(function) -> str:
    return function.name.value if isinstance(function, cst.FunctionDef) else "<lambda>"
