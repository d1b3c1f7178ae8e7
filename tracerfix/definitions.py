"""Where a local name got its value, for rewrites that inline or look through a definition.

`mask = x > 0` a few lines above `x[mask].sum()` tells a rule what `mask` is, but only when nothing
can have changed in between: the name is bound once in the function, by a plain assignment in the
same block, and no statement between the two rebinds a name the assigned expression reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import libcst as cst

from tracerfix.bindings import bindings
from tracerfix.rewrite import names_read


@dataclass
class Definition:
    statement: cst.SimpleStatementLine  # `name = value`, alone on its line
    value: cst.BaseExpression


@dataclass
class Site:
    """A node in a function body and the statement list (block) holding its statement."""

    block: Sequence[cst.BaseStatement]
    statement: cst.BaseStatement


def site_of(chain: Sequence[cst.CSTNode]) -> Site | None:
    """The innermost statement of an ancestor chain (outermost first) and the block holding it."""
    for position in range(len(chain) - 2, -1, -1):
        block = chain[position]
        if isinstance(block, (cst.IndentedBlock, cst.Module)) and isinstance(
            chain[position + 1], cst.BaseStatement
        ):
            return Site(block.body, chain[position + 1])
    return None


def earlier_definition(name: str, site: Site, function: cst.FunctionDef | cst.Lambda) -> Definition | None:
    """`name = value` in `site`'s block before `site`, when it is the value `name` has at `site`."""
    if isinstance(function, cst.Lambda):
        return None
    bound = bindings(function)
    if name in bound.params or name not in bound.local or bound.assignment_counts.get(name) != 1:
        return None
    position = _position(site)
    for index in range(-1 if position is None else position - 1, -1, -1):
        value = _assigned_value(site.block[index], name)
        if value is None:
            continue
        between = site.block[index + 1 : position]
        if between and set(names_read(value)) & bound_by(between, function):
            return None
        return Definition(site.block[index], value)
    return None


def _position(site: Site) -> int | None:
    """Where the site's statement stands in its block."""
    try:
        return list(site.block).index(site.statement)
    except ValueError:
        return None


def latest_assignment(name: str, context) -> cst.BaseExpression | None:
    """The value of the last `name = value` before the visited statement in its block, when no
    statement between binds `name` any other way: the value `name` has there (straight-line code
    needs no single-assignment rule)."""
    site = site_of(context.ancestors)
    function = context.function
    position = None if site is None or not isinstance(function, cst.FunctionDef) else _position(site)
    for index in range(-1 if position is None else position - 1, -1, -1):
        value = _assigned_value(site.block[index], name)
        if value is not None:
            return value
        if name in bound_by(site.block[index : index + 1], function):
            return None
    return None


def bound_by(statements: Sequence[cst.BaseStatement], function: cst.FunctionDef) -> frozenset[str]:
    """Names that `statements` bind, read as the body of `function`."""
    return bindings(function.with_changes(body=cst.IndentedBlock(body=list(statements)))).assigned


def _assigned_value(statement: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, cst.Name)
        and small.targets[0].target.value == name
    ):
        return small.value
    if isinstance(small, cst.AnnAssign) and small.value is not None and isinstance(small.target, cst.Name) \
            and small.target.value == name:
        return small.value  # `n: int = ...`
    return None


def is_assigned_to(chain: Sequence[cst.CSTNode]) -> bool:
    """Whether `chain[-1]` is written rather than read: `x[i] = v`, `x[i] += v`, `del x[i]`."""
    node, parent = chain[-1], chain[-2] if len(chain) > 1 else None
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
        return parent.target is node
    if isinstance(parent, (cst.Del, cst.For, cst.CompFor)):
        return parent.target is node
    return False


def value_resolver(context):
    """`name -> expression` for names whose value at the visited node is an earlier assignment."""
    site = site_of(context.ancestors)
    function = context.function

    def resolve(name: str) -> cst.BaseExpression | None:
        if site is None or function is None:
            return None
        found = earlier_definition(name, site, function)
        return None if found is None else found.value

    return resolve
