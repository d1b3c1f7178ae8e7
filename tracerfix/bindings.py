"""Which names a function binds, where a name is bound, and where it is read.

Python's scoping rules, kept to what the rules ask: a name assigned anywhere in a function is local
to it (unless declared `global`/`nonlocal`); nested functions, lambdas, classes and comprehensions
are scopes of their own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Union

import libcst as cst

from tracerfix.analysis.scopes import param_names

FunctionNode = Union[cst.FunctionDef, cst.Lambda]
_NESTED_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def positional_parameter_names(function: FunctionNode) -> list[str]:
    params = function.params
    return [p.name.value for p in (*params.posonly_params, *params.params)]


def _target_names(target: cst.BaseExpression) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _target_names(target.value)


class _Binder(cst.CSTVisitor):
    """Names bound and declared in one function body, not looking into nested scopes."""

    def __init__(self, root: cst.CSTNode) -> None:
        self.root = root
        self.bound: Counter[str] = Counter()  # name -> how many statements bind it
        self.global_names: set[str] = set()
        self.nonlocal_names: set[str] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is not self.root and isinstance(node, _NESTED_SCOPES):
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                self.bound[node.name.value] += 1
            return False
        return super().on_visit(node)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.bound.update(_target_names(node.target))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.bound.update(_target_names(node.target))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.bound.update(_target_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        self.bound.update(_target_names(node.target))

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.bound.update(_target_names(node.target))

    def visit_AsName(self, node: cst.AsName) -> None:
        self.bound.update(_target_names(node.name))

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            name = node.name
            while isinstance(name, cst.Attribute):
                name = name.value
            if isinstance(name, cst.Name):
                self.bound[name.value] += 1

    def visit_Global(self, node: cst.Global) -> None:
        self.global_names.update(item.name.value for item in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.nonlocal_names.update(item.name.value for item in node.names)


@dataclass(frozen=True)
class Bindings:
    params: frozenset[str]
    assigned: frozenset[str]  # bound by a statement in the body (not as a parameter)
    assignment_counts: dict[str, int]
    global_names: frozenset[str]
    nonlocal_names: frozenset[str]

    @property
    def local(self) -> frozenset[str]:
        return (self.params | self.assigned) - self.global_names - self.nonlocal_names


@lru_cache(maxsize=256)  # rules ask about the same enclosing functions for every name; nodes are immutable
def bindings(function: FunctionNode) -> Bindings:
    binder = _Binder(function)
    function.body.visit(binder)
    return Bindings(
        frozenset(param_names(function)),
        frozenset(binder.bound),
        dict(binder.bound),
        frozenset(binder.global_names),
        frozenset(binder.nonlocal_names),
    )


def binding_function(name: str, chain: tuple[cst.CSTNode, ...]) -> FunctionNode | None:
    """The innermost function of `chain` (outermost first) in which `name` is local; None when
    the name is a module global (or a builtin)."""
    for node in reversed(chain):
        if not isinstance(node, (cst.FunctionDef, cst.Lambda)):
            continue  # a class body is not visible from the methods inside it
        found = bindings(node)
        if name in found.global_names:
            return None
        if name in found.local:
            return node
    return None


@dataclass(frozen=True)
class Use:
    """A read of a name, with the nodes above it (outermost first, ending with its parent)."""

    node: cst.Name
    ancestors: tuple[cst.CSTNode, ...]

    @property
    def parent(self) -> cst.CSTNode | None:
        return self.ancestors[-1] if self.ancestors else None


class _Reads(cst.CSTVisitor):
    def __init__(self, name: str, root: cst.CSTNode) -> None:
        self.name = name
        self.root = root
        self.stack: list[cst.CSTNode] = []
        self.uses: list[Use] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        parent = self.stack[-1] if self.stack else None
        self.stack.append(node)
        if node is not self.root and isinstance(node, (cst.FunctionDef, cst.Lambda)):
            if self.name in bindings(node).local:
                return False  # shadowed inside
        if isinstance(node, cst.Name):
            if node.value == self.name and not _is_declaration(parent) and not _is_store(node, self.stack[:-1]):
                self.uses.append(Use(node, tuple(self.stack[:-1])))
            return False
        if isinstance(node, (cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom)):
            return False
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            if self.name in _comprehension_targets(node.for_in):
                node.for_in.iter.visit(self)  # the only part evaluated in the enclosing scope
                return False
        # Attribute names, keyword names and parameter names are not reads of a variable.
        if isinstance(node, cst.Attribute):
            node.value.visit(self)
            return False
        if isinstance(node, cst.Arg):
            node.value.visit(self)
            return False
        if isinstance(node, cst.Param):
            if node.default is not None:
                node.default.visit(self)
            return False
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()


def _comprehension_targets(for_in: cst.CompFor | None) -> set[str]:
    names: set[str] = set()
    while for_in is not None:
        names.update(_target_names(for_in.target))
        for_in = for_in.inner_for_in
    return names


def _is_declaration(parent: cst.CSTNode | None) -> bool:
    return isinstance(parent, (cst.FunctionDef, cst.ClassDef, cst.AsName))


def _is_store(node: cst.Name, ancestors: list[cst.CSTNode]) -> bool:
    child: cst.CSTNode = node
    for parent in reversed(ancestors):
        if isinstance(parent, (cst.Tuple, cst.List, cst.StarredElement, cst.Element)):
            child = parent
            continue
        if isinstance(parent, cst.AssignTarget):
            return parent.target is child
        if isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)):
            return parent.target is child
        if isinstance(parent, cst.AsName):
            return True
        return False
    return False


def reads(root: cst.CSTNode, name: str) -> list[Use]:
    """Every read of `name` below `root` that refers to the same variable, in source order."""
    visitor = _Reads(name, root)
    root.visit(visitor)
    return visitor.uses


def is_rebound(function: FunctionNode, name: str) -> bool:
    """Whether the body assigns `name` (so a parameter may no longer hold the caller's value)."""
    return name in bindings(function).assigned


class _Assignments(cst.CSTVisitor):
    def __init__(self, name: str, root: cst.CSTNode) -> None:
        self.name = name
        self.root = root
        self.values: list[cst.BaseExpression] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is not self.root and isinstance(node, _NESTED_SCOPES):
            return False
        if isinstance(node, cst.Assign) and any(
            isinstance(t.target, cst.Name) and t.target.value == self.name for t in node.targets
        ):
            self.values.append(node.value)
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            if isinstance(node.target, cst.Name) and node.target.value == self.name:
                self.values.append(node.value)
        return True


def assigned_values(scope: cst.CSTNode, name: str) -> list[cst.BaseExpression]:
    """The values `name = value` assigns in the statements of `scope` (a function or the module),
    not looking into nested scopes. Other bindings (`for name in`, `name += 1`) are not listed."""
    finder = _Assignments(name, scope)
    scope.visit(finder)
    return finder.values
