"""The names statements read and bind: assignment targets, `a, b = v, w` as pairs, how often a
block binds each name, the names a block reads before it assigns them, and a walk over every
node of a subtree."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

import libcst as cst

from tracerfix.analysis.syntax import statements_in, target_names  # noqa: F401 - loops' callers import them from here
from tracerfix.rewrite import names_read, walk  # noqa: F401 - walk: loops' modules import it from here


def _target_reads(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return set()
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_target_reads(element.value) for element in target.elements))
    if isinstance(target, cst.StarredElement):
        return _target_reads(target.value)
    return set(names_read(target))  # `x[0] = v` reads (and mutates) x


def assigned_pairs(small: cst.BaseSmallStatement) -> list[tuple[str, cst.BaseExpression]] | None:
    """`a = v` and `a, b = v, w` as [(name, value)...]; None for any other statement."""
    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.value is not None:
        return [(small.target.value, small.value)]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target, value = small.targets[0].target, small.value
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    if (
        isinstance(target, (cst.Tuple, cst.List))
        and isinstance(value, (cst.Tuple, cst.List))
        and len(target.elements) == len(value.elements)
        and all(isinstance(e.value, cst.Name) for e in target.elements)
        and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
    ):
        return [(t.value.value, v.value) for t, v in zip(target.elements, value.elements)]
    return None


def simple_effect(small: cst.BaseSmallStatement) -> tuple[set[str], set[str]]:
    """(names read, names bound) by one small statement."""
    if isinstance(small, cst.Assign):
        reads = set(names_read(small.value))
        bound: set[str] = set()
        for target in small.targets:
            reads |= _target_reads(target.target)
            bound.update(target_names(target.target))
        return reads, bound
    if isinstance(small, cst.AnnAssign):
        if small.value is None:
            return set(), set()
        return set(names_read(small.value)) | _target_reads(small.target), set(target_names(small.target))
    if isinstance(small, cst.AugAssign):
        return set(names_read(small.value)) | set(names_read(small.target)), set(target_names(small.target))
    return set(names_read(small)), set()


class _Stores(cst.CSTVisitor):
    """Every name a subtree binds, counted (nested functions and classes bind only their name)."""

    def __init__(self, skip: cst.CSTNode | None = None) -> None:
        self.skip = skip
        self.counts: Counter[str] = Counter()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is self.skip:
            return False
        return super().on_visit(node)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.counts.update(target_names(node.target))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.counts.update(target_names(node.target))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.counts.update(target_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        self.counts.update(target_names(node.target))

    def visit_AsName(self, node: cst.AsName) -> None:
        self.counts.update(target_names(node.name))

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.counts.update(target_names(node.target))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.counts[node.name.value] += 1
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.counts[node.name.value] += 1
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def store_counts(nodes: Iterable[cst.CSTNode], skip: cst.CSTNode | None = None) -> Counter[str]:
    stores = _Stores(skip)
    for node in nodes:
        node.visit(stores)
    return stores.counts


def exposed_reads(
    statements: Sequence[cst.BaseStatement], assigned: Iterable[str] = ()
) -> tuple[set[str], set[str]]:
    """Names a block may read before assigning them, and the names it assigns on every path."""
    exposed: set[str] = set()
    assigned = set(assigned)
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                reads, bound = simple_effect(small)
                exposed |= reads - assigned
                assigned |= bound
        elif isinstance(statement, cst.If):
            exposed |= set(names_read(statement.test)) - assigned
            then_exposed, then_assigned = exposed_reads(statements_in(statement.body), assigned)
            if isinstance(statement.orelse, cst.If):
                else_exposed, else_assigned = exposed_reads([statement.orelse], assigned)
            elif isinstance(statement.orelse, cst.Else):
                else_exposed, else_assigned = exposed_reads(statements_in(statement.orelse.body), assigned)
            else:
                else_exposed, else_assigned = set(), assigned
            exposed |= then_exposed | else_exposed
            assigned = then_assigned & else_assigned
        elif isinstance(statement, (cst.For, cst.While)) and statement.orelse is None:
            # Each iteration reads what it reads before it binds it; a loop that may run zero
            # times binds nothing for sure.
            header = statement.iter if isinstance(statement, cst.For) else statement.test
            exposed |= set(names_read(header)) - assigned
            targets = set(target_names(statement.target)) if isinstance(statement, cst.For) else set()
            exposed |= exposed_reads(statements_in(statement.body), assigned | targets)[0]
        else:
            exposed |= set(names_read(statement)) - assigned
    return exposed, assigned


