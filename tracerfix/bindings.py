"""Which names a function binds, where a name is bound, and where it is read.

Python's scoping rules, kept to what the rules ask: a name assigned anywhere in a function is local
to it (unless declared `global`/`nonlocal`); nested functions, lambdas, classes and comprehensions
are scopes of their own.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple, Union

import libcst as cst

from tracerfix.analysis.scopes import param_names
from tracerfix.analysis.syntax import COMPREHENSIONS, FUNCTIONS, child_nodes, target_names

FunctionNode = Union[cst.FunctionDef, cst.Lambda]


def positional_parameter_names(function: FunctionNode) -> list[str]:
    params = function.params
    return [p.name.value for p in (*params.posonly_params, *params.params)]


_SCOPE_TYPES = FUNCTIONS | COMPREHENSIONS | {cst.ClassDef}
_TARGET_HOLDERS = frozenset({cst.AssignTarget, cst.AugAssign, cst.For, cst.NamedExpr})


def _bind(body: cst.CSTNode, bound: Counter[str], global_names: set[str], nonlocal_names: set[str]) -> None:
    """Count the names bound in `body` and collect its declarations, not looking into nested
    scopes (a nested def or class binds its own name)."""
    pending = [body]
    while pending:
        node = pending.pop()
        kind = type(node)
        if kind in _SCOPE_TYPES:
            if kind is cst.FunctionDef or kind is cst.ClassDef:
                bound[node.name.value] += 1
            continue
        if kind in _TARGET_HOLDERS:
            bound.update(target_names(node.target))
        elif kind is cst.AnnAssign:
            if node.value is not None:
                bound.update(target_names(node.target))
        elif kind is cst.AsName:
            bound.update(target_names(node.name))
        elif kind is cst.ImportAlias:
            if node.asname is None:
                name = node.name
                while type(name) is cst.Attribute:
                    name = name.value
                if type(name) is cst.Name:
                    bound[name.value] += 1
        elif kind is cst.Global:
            global_names.update(item.name.value for item in node.names)
        elif kind is cst.Nonlocal:
            nonlocal_names.update(item.name.value for item in node.names)
        pending.extend(child_nodes(node))


class Bindings(NamedTuple):
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
    bound: Counter[str] = Counter()  # name -> how many statements bind it
    global_names: set[str] = set()
    nonlocal_names: set[str] = set()
    _bind(function.body, bound, global_names, nonlocal_names)
    return Bindings(
        frozenset(param_names(function)),
        frozenset(bound),
        dict(bound),
        frozenset(global_names),
        frozenset(nonlocal_names),
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


class Use(NamedTuple):
    """A read of a name, with the nodes above it (outermost first, ending with its parent)."""

    node: cst.Name
    ancestors: tuple[cst.CSTNode, ...]

    @property
    def parent(self) -> cst.CSTNode | None:
        return self.ancestors[-1] if self.ancestors else None


_NOT_READS = frozenset({cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom})


def _read_children(node: cst.CSTNode, name: str) -> list[cst.CSTNode]:
    """The children of `node` in which `name` can be read as the same variable."""
    kind = type(node)
    # Attribute names, keyword names and parameter names are not reads of a variable.
    if kind is cst.Attribute or kind is cst.Arg:
        return [node.value]
    if kind is cst.Param:
        return [] if node.default is None else [node.default]
    if kind in _NOT_READS:
        return []
    if kind in COMPREHENSIONS and name in _comprehension_targets(node.for_in):
        return [node.for_in.iter]  # the only part evaluated in the enclosing scope
    return child_nodes(node)


def _comprehension_targets(for_in: cst.CompFor | None) -> set[str]:
    names: set[str] = set()
    while for_in is not None:
        names.update(target_names(for_in.target))
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
    uses: list[Use] = []
    ancestors: list[cst.CSTNode] = []
    pending: list = [root]  # a node to enter, or None to leave the innermost ancestor
    while pending:
        node = pending.pop()
        if node is None:
            ancestors.pop()
            continue
        kind = type(node)
        if kind is cst.Name:
            parent = ancestors[-1] if ancestors else None
            if node.value == name and not _is_declaration(parent) and not _is_store(node, ancestors):
                uses.append(Use(node, tuple(ancestors)))
            continue
        if node is not root and kind in FUNCTIONS and name in bindings(node).local:
            continue  # shadowed inside
        ancestors.append(node)
        pending.append(None)
        pending.extend(reversed(_read_children(node, name)))
    return uses


def is_rebound(function: FunctionNode, name: str) -> bool:
    """Whether the body assigns `name` (so a parameter may no longer hold the caller's value)."""
    return name in bindings(function).assigned


def assigned_values(scope: cst.CSTNode, name: str) -> list[cst.BaseExpression]:
    """The values `name = value` assigns in the statements of `scope` (a function or the module),
    not looking into nested scopes. Other bindings (`for name in`, `name += 1`) are not listed."""
    values: list[cst.BaseExpression] = []
    pending = [scope]
    while pending:
        node = pending.pop()
        kind = type(node)
        if node is not scope and kind in _SCOPE_TYPES:
            continue
        if kind is cst.Assign:
            if any(type(t.target) is cst.Name and t.target.value == name for t in node.targets):
                values.append(node.value)
        elif kind is cst.AnnAssign and node.value is not None:
            if type(node.target) is cst.Name and node.target.value == name:
                values.append(node.value)
        pending.extend(reversed(child_nodes(node)))
    return values
