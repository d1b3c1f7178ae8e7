"""Which functions of a module are traced, and what is traced inside them.

`analyze(module, source)` runs three cheap steps: an index of the module (imports, definitions,
transformation call sites), the discovery of traced scopes, and a dataflow pass over each traced
scope. Helpers called from traced code with traced arguments become traced scopes themselves; a
scope is walked again when its parameters, closure or helpers' results change, until none does.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import libcst as cst

from tracerfix.analysis.dataflow import Env, FunctionFacts, FunctionWalker
from tracerfix.analysis.imports import ImportTable
from tracerfix.analysis.scopes import (
    FunctionNode,
    ModuleIndex,
    ScopeFinder,
    TracedScope,
    build_index,
    param_names,
    parameter_values,
)
from tracerfix.analysis.values import TRACED, UNKNOWN_VALUE, Value

# A scope's facts only grow more traced, so this bound is never reached in practice; it keeps a
# pathological module from looping.
_MAX_WALKS = 8


@dataclass
class Analysis:
    module: cst.Module
    index: ModuleIndex
    scopes: dict[int, TracedScope] = field(default_factory=dict)
    facts: dict[int, FunctionFacts] = field(default_factory=dict)
    closures: dict[int, Env] = field(default_factory=dict)
    roots: list[FunctionNode] = field(default_factory=list)
    evidence: object = None  # what a traceback proved (tracerfix.evidence), bound to this module

    @property
    def imports(self) -> ImportTable:
        return self.index.imports

    def enclosing(self, node: cst.CSTNode) -> tuple[cst.CSTNode, ...]:
        return self.index.enclosing.get(id(node), ())

    def scope_of(self, function: FunctionNode) -> TracedScope | None:
        return self.scopes.get(id(function))

    def resolve_call(self, call: cst.Call, caller: FunctionNode) -> cst.FunctionDef | None:
        """The function of this module that `call`, made inside `caller`, runs: a name defined in
        an enclosing scope or the module, or `self.method` / `cls.method`; None otherwise."""
        return self.index.defined_function(call.func, (*self.index.enclosing.get(id(caller), ()), caller))

    def helper_result(self, call: cst.Call, caller: FunctionNode | None) -> Value | None:
        """What a call to a traced helper of this module returns (joined over its call sites)."""
        callee = None if caller is None else self.resolve_call(call, caller)
        facts = None if callee is None else self.facts.get(id(callee))
        return None if facts is None else facts.return_value


def analyze(
    module: cst.Module, source: str, extra_jit: frozenset[str] = frozenset(), evidence=None, external: tuple = ()
) -> Analysis:
    """`external`: functions of this module that other modules of the project trace
    (`project.ExternalSeed`s), started as traced scopes like those found here."""
    index = build_index(module, source, frozenset(name.rpartition(".")[2] for name in extra_jit))
    analysis = Analysis(module, index)
    analysis.scopes = ScopeFinder(index, extra_jit).find()
    if evidence is not None:
        evidence.seed(analysis, source)  # functions and arguments a traceback proved traced
    if external:
        from tracerfix.analysis.project import seed_scopes

        seed_scopes(index, analysis.scopes, external)
    if analysis.scopes:
        _Propagation(analysis).run()
    return analysis


class _Propagation:
    """Walks traced scopes, turning helpers called with traced arguments into traced scopes."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.index = analysis.index
        self.traced_ids: set[int] = set(analysis.scopes)

    def run(self) -> None:
        """A worklist to a fixed point: a scope is walked again only when what it read changed
        (its parameters, its closure, or the result of a helper it calls)."""
        analysis = self.analysis
        queue = deque(self._ordered(list(analysis.scopes.values())))
        queued = {id(scope.node) for scope in queue}
        walks: dict[int, int] = {}
        callers: dict[int, set[int]] = {}  # id(callee) -> ids of the traced scopes calling it

        def again(node: cst.CSTNode) -> None:
            key = id(node)
            if key not in queued and walks.get(key, 0) < _MAX_WALKS:
                queued.add(key)
                queue.append(analysis.scopes[key])

        while queue:
            scope = queue.popleft()
            key = id(scope.node)
            queued.discard(key)
            walks[key] = walks.get(key, 0) + 1
            previous = analysis.facts.get(key)
            facts = self._walk(scope)
            analysis.facts[key] = facts
            for nested, env in facts.nested:
                if id(nested) not in analysis.scopes:
                    params = {name: UNKNOWN_VALUE for name in param_names(nested)}
                    analysis.scopes[id(nested)] = TracedScope(
                        nested, params, f"defined inside traced {_name(scope.node)}", scope.transform
                    )
                    self.traced_ids.add(id(nested))
                elif analysis.closures.get(id(nested)) == env and id(nested) in analysis.facts:
                    continue
                analysis.closures[id(nested)] = env
                again(nested)
            for record in facts.calls:
                callers.setdefault(id(record.callee), set()).add(key)
                if self._propagate(scope, record):
                    again(record.callee)
            if previous is None or previous.return_value != facts.return_value:
                for caller in callers.get(key, ()):
                    again(analysis.scopes[caller].node)
        analysis.roots = [
            scope.node
            for scope in analysis.scopes.values()
            if not any(id(outer) in self.traced_ids for outer in self.index.enclosing.get(id(scope.node), ()))
        ]

    def _ordered(self, scopes: list[TracedScope]) -> list[TracedScope]:
        # Outer functions first, so nested defs see their closure environment.
        return sorted(scopes, key=lambda s: len(self.index.enclosing.get(id(s.node), ())))

    def _walk(self, scope: TracedScope) -> FunctionFacts:
        analysis = self.analysis
        closure = analysis.closures.get(id(scope.node), {})
        entry = {**closure, **scope.params}
        walker = FunctionWalker(
            analysis.imports,
            self.index.module_env,
            resolve_call=lambda call: analysis.resolve_call(call, scope.node),
            helper_result=self._helper_result,
        )
        return walker.walk(scope.node, entry)

    def _helper_result(self, callee: cst.FunctionDef) -> Value | None:
        facts = self.analysis.facts.get(id(callee))
        return None if facts is None else facts.return_value

    def _propagate(self, caller: TracedScope, record) -> bool:
        """Mark the callee's parameters that receive traced arguments; True when anything changed."""
        callee = record.callee
        if not any(value.trace == TRACED for _, value in record.args):
            return False
        is_method = bool(self.index.enclosing.get(id(callee))) and isinstance(
            self.index.enclosing[id(callee)][-1], cst.ClassDef
        )
        positional = [p.name.value for p in (*callee.params.posonly_params, *callee.params.params)]
        if is_method and positional:
            positional = positional[1:]  # self.helper(x): x binds the second parameter
        scope = self.analysis.scopes.get(id(callee))
        if scope is None:
            params = parameter_values(
                callee, transform="call", kind="body", imports=self.analysis.imports, is_method=is_method
            )
            params = {name: UNKNOWN_VALUE if value.trace == TRACED else value for name, value in params.items()}
            scope = TracedScope(
                callee, params, f"called from traced {_name(caller.node)} with traced arguments",
                caller.transform,
            )
            self.analysis.scopes[id(callee)] = scope
            self.traced_ids.add(id(callee))
            changed = True
        else:
            changed = False
        if caller.differentiated and not scope.differentiated:
            scope.differentiated = True  # and so are the helpers it calls: walk it again
            changed = True
        position = 0
        for keyword, value in record.args:
            if keyword is None:
                name = positional[position] if position < len(positional) else None
                position += 1
            else:
                name = keyword
            if name is None or name not in scope.params or value.trace != TRACED:
                continue
            if scope.params[name].trace != TRACED:
                scope.params[name] = value  # keeps what it is: a tuple of tracers is no array
                changed = True
        return changed


def _name(function: FunctionNode) -> str:
    return f"`{function.name.value}`" if isinstance(function, cst.FunctionDef) else "lambda"
