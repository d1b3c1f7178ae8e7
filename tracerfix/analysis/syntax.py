"""A cheap way down a LibCST tree: the syntax children of a node, without whitespace or tokens.

`CSTNode.visit` and `CSTNode.children` rebuild every node they pass through (LibCST's visitors
are transformers underneath), which made walking a module cost more than parsing it. Reading the
fields directly costs a fraction, and skipping whitespace and punctuation skips most of the nodes.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import lru_cache
from typing import Iterator

import libcst as cst

# Nodes that open a scope of their own (a comprehension's targets are local to it).
FUNCTIONS = frozenset({cst.FunctionDef, cst.Lambda})
COMPREHENSIONS = frozenset({cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp})

# Fields that hold only whitespace, comments or punctuation: nothing a rule or the index reads.
_LAYOUT_FIELDS = frozenset(
    {
        "asynchronous", "colon", "comma", "dot", "empty_lines", "equal", "first_colon", "footer",
        "header", "lbrace", "lbracket", "leading_lines", "leading_whitespace",
        "lines_after_decorators", "lpar", "newline", "operator", "posonly_ind", "rbrace",
        "rbracket", "relative", "rpar", "second_colon", "semicolon", "separator", "trailing_comma",
        "trailing_whitespace",
    }
)


# Node types whose dataclass fields are not declared in source order; listed in the order the
# code reads (LibCST's visitors go this way too), so rules see a decorator before the body.
_SOURCE_ORDER: dict[str, tuple[str, ...]] = {
    "Arg": ("keyword", "value"),
    "FunctionDef": ("decorators", "name", "type_parameters", "params", "returns", "body"),
    "ClassDef": ("decorators", "name", "type_parameters", "bases", "keywords", "body"),
    "IfExp": ("body", "test", "orelse"),
    "ExceptHandler": ("type", "name", "body"),
    "ExceptStarHandler": ("type", "name", "body"),
    "Parameters": ("posonly_params", "params", "star_arg", "kwonly_params", "star_kwarg"),
}


def _may_hold_node(annotation: object) -> bool:
    """False for fields declared as text or flags (`Name.value`, `Integer.value`, `Param.star`)."""
    if annotation in (str, bool):
        return False
    if typing.get_origin(annotation) in (typing.Union, typing.Literal):
        return any(_may_hold_node(arg) for arg in typing.get_args(annotation) if arg is not type(None))
    return not isinstance(annotation, str)  # a typing form, a node class or a forward reference


@lru_cache(maxsize=None)
def _syntax_fields(node_type: type) -> tuple[str, ...]:
    names = [
        f.name
        for f in dataclasses.fields(node_type)
        if f.name not in _LAYOUT_FIELDS and not f.name.startswith("whitespace") and _may_hold_node(f.type)
    ]
    order = _SOURCE_ORDER.get(node_type.__name__)
    if order is not None:
        names.sort(key=lambda name: order.index(name) if name in order else len(order))
    return tuple(names)


class _NodeTypes(dict):
    """type -> is it a CSTNode: `isinstance` against LibCST's ABCs runs Python code each time."""

    def __missing__(self, kind: type) -> bool:
        self[kind] = is_node = issubclass(kind, cst.CSTNode)
        return is_node


_IS_NODE = _NodeTypes()


def child_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The node's children that carry syntax, in source order."""
    children: list[cst.CSTNode] = []
    for name in _syntax_fields(type(node)):
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            children.extend(item for item in value if _IS_NODE[type(item)])
        elif _IS_NODE[kind]:
            children.append(value)
    return children


def descendants(root: cst.CSTNode, prune: frozenset[type] = frozenset()) -> Iterator[cst.CSTNode]:
    """`root` and the syntax nodes below it, in source order; nodes whose type is in `prune` are
    yielded but not looked into."""
    pending = [root]
    while pending:
        node = pending.pop()
        yield node
        if type(node) not in prune:
            pending.extend(reversed(child_nodes(node)))


def target_names(target: cst.BaseExpression) -> list[str]:
    """Names an assignment target binds: `a`, `a, (b, *c)`; a subscript or attribute binds none."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return []


SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def own_nodes(roots, opaque: tuple[type, ...] = SCOPES):
    """The nodes under `roots` (themselves included), not looking inside `opaque` nodes: by
    default the functions and classes defined there, whose code runs elsewhere."""
    pending = list(roots)
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, opaque):
            pending.extend(child_nodes(node))


def statements_in(suite: cst.BaseSuite) -> list[cst.BaseStatement]:
    """The statements of a block (`while c: x = x / 2` on one line as one statement)."""
    if isinstance(suite, cst.IndentedBlock):
        return list(suite.body)
    return [cst.SimpleStatementLine(body=list(suite.body))]
