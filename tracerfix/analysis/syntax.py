"""A cheap way down a LibCST tree: the syntax children of a node, without whitespace or tokens.

`CSTNode.visit` and `CSTNode.children` rebuild every node they pass through (LibCST's visitors
are transformers underneath), which made walking a module cost more than parsing it. Reading the
fields directly costs a fraction, and skipping whitespace and punctuation skips most of the nodes.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import libcst as cst

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


@lru_cache(maxsize=None)
def _syntax_fields(node_type: type) -> tuple[str, ...]:
    return tuple(
        f.name
        for f in dataclasses.fields(node_type)
        if f.name not in _LAYOUT_FIELDS and not f.name.startswith("whitespace")
    )


class _NodeTypes(dict):
    """type -> is it a CSTNode: `isinstance` against LibCST's ABCs runs Python code each time."""

    def __missing__(self, kind: type) -> bool:
        self[kind] = is_node = issubclass(kind, cst.CSTNode)
        return is_node


_IS_NODE = _NodeTypes()


def child_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The node's children that carry syntax, in field order (not always source order)."""
    children: list[cst.CSTNode] = []
    for name in _syntax_fields(type(node)):
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            children.extend(item for item in value if _IS_NODE[type(item)])
        elif _IS_NODE[kind]:
            children.append(value)
    return children
