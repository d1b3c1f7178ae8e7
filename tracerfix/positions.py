"""Line and column numbers for the few nodes we report, without whole-module metadata.

LibCST's PositionProvider regenerates the whole module with position tracking, which costs about
twice a parse. We only need positions inside the top-level statements that hold findings: only
those are generated, with position tracking. Where such a statement starts is found in the source
text (LibCST reproduces it exactly): when the generated text occurs once in the source, its offset
gives the line; otherwise the statements before it are generated as plain text to count lines.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata.position_provider import PositionProvider, PositionProvidingCodegenState

_NEWLINE = re.compile(r"\r\n?|\n")

Span = tuple[int, int, int, int]  # line, column (0-based), end line, end column


class PositionIndex:
    def __init__(self, module: cst.Module, source: str | None = None) -> None:
        self.module = module
        self.source = source  # the text `module` was parsed from, when the caller has it
        self._first_lines: list[int] = []  # first line of each top-level statement computed so far
        self._next_line = 1 + sum(_count_lines(module.code_for_node(h)) for h in module.header)
        self._spans: dict[int, dict[int, Span]] = {}

    def first_line(self, top: int) -> int:
        while len(self._first_lines) <= top:
            statement = self.module.body[len(self._first_lines)]
            self._first_lines.append(self._next_line)
            self._next_line += _count_lines(self.module.code_for_node(statement))
        return self._first_lines[top]

    def span(self, node: cst.CSTNode, top: int) -> Span | None:
        spans = self._spans.get(top)
        if spans is None:
            spans = self._compute(top)
            self._spans[top] = spans
        return spans.get(id(node))

    def _compute(self, top: int) -> dict[int, Span]:
        spans, code = statement_spans(self.module, self.module.body[top])
        shift = self._lines_before(top, code)
        return {key: (line + shift, column, end_line + shift, end_column) for key, (line, column, end_line, end_column) in spans.items()}

    def _lines_before(self, top: int, code: str) -> int:
        span = None if self.source is None else unique_span(self.source, code)
        if span is not None:
            return _count_lines(self.source[: span[0]])
        return self.first_line(top) - 1


def statement_spans(module: cst.Module, statement: cst.CSTNode) -> tuple[dict[int, Span], str]:
    """The span of every node of a top-level statement, its first line (leading comments
    included) counted as line 1; and the statement's text."""
    provider = PositionProvider()
    state = PositionProvidingCodegenState(
        default_indent=module.default_indent,
        default_newline=module.default_newline,
        provider=provider,
    )
    statement._codegen(state)
    spans = {id(node): (r.start.line, r.start.column, r.end.line, r.end.column) for node, r in provider._computed.items()}
    return spans, "".join(state.tokens)


def unique_span(source: str, code: str) -> tuple[int, int] | None:
    """Where `code` is in `source`, when it occurs there exactly once (LibCST reproduces a
    statement's text exactly, so a unique match is that statement's place)."""
    start = source.find(code)
    if start < 0 or not code or source.find(code, start + 1) >= 0:
        return None
    return start, start + len(code)


def _count_lines(text: str) -> int:
    return len(_NEWLINE.findall(text))
