"""Suppression comments: `# tracerfix: ignore`, `# tracerfix: ignore[TFX101, ...]`, `# noqa: TFX101`.

What each comment covers:
- On a line, either form suppresses the listed codes (or every code, without a list) for findings
  that start on that line. A statement that spans several lines can carry the comment on its
  first or its last line (where black leaves a trailing comment) and it then covers the whole
  statement; for an `if`/`for`/`while`, the statement is its header.
- `# tracerfix: ignore[...]` on the header of a `def` or `class` (any line from its first
  decorator to the colon) covers the whole definition, body included.
- `# noqa` follows ruff and flake8: a bare `# noqa` suppresses every finding on its line, and
  `# noqa: E501` (codes of other tools only) suppresses none of ours. It never extends to a whole
  function: a `# noqa` on a `def` line is usually there for a complexity warning and must not hide
  a tracer leak in the body.
Codes may also be written as rule names (`# tracerfix: ignore[python-if-on-tracer]`). Only real
comments count: the text inside a string does not.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field
from typing import NamedTuple

from tracerfix.rule import Finding

_MAY_HAVE_DIRECTIVE = re.compile(r"noqa|tracerfix\s*:", re.IGNORECASE)
# Left to `re` to compile (and cache) on first use: the engine loads this module at every start-up,
# and most runs never read a suppression comment.
_TRACERFIX = r"#\s*tracerfix\s*:\s*ignore(?![\w-])(?:\s*\[(?P<codes>[^\]]*)\])?"
_NOQA = r"#\s*noqa(?![\w-])(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?"
_SEPARATORS = re.compile(r"[\s,]+")

Codes = frozenset[str] | None  # None: every code


class Directive(NamedTuple):
    codes: Codes
    covers_definition: bool  # `# tracerfix: ignore` can cover a def/class; `# noqa` cannot

    def matches(self, finding: Finding) -> bool:
        return self.codes is None or finding.code.lower() in self.codes or finding.rule.lower() in self.codes


def parse_comment(comment: str) -> list[Directive]:
    """The directives in one comment (`# type: ignore  # noqa: TFX101` holds one)."""
    directives = []
    for match in re.finditer(_TRACERFIX, comment, re.IGNORECASE):
        directives.append(Directive(_codes(match.group("codes")), covers_definition=True))
    for match in re.finditer(_NOQA, comment, re.IGNORECASE):
        directives.append(Directive(_codes(match.group("codes")), covers_definition=False))
    return directives


def _codes(text: str | None) -> Codes:
    if text is None:
        return None
    codes = frozenset(code.lower() for code in _SEPARATORS.split(text) if code)
    return codes or None


@dataclass
class Suppressions:
    """Where each comment applies, from one pass over the module's tokens."""

    by_line: dict[int, list[Directive]] = field(default_factory=dict)
    # line -> (first, last) line of the multi-line statement (or header) it belongs to
    statements: dict[int, tuple[int, int]] = field(default_factory=dict)
    # (first line, last line, directive) of each def/class whose header carries a directive
    definitions: list[tuple[int, int, Directive]] = field(default_factory=list)

    def suppresses(self, finding: Finding) -> bool:
        line = finding.line
        if not line:
            return False
        first, last = self.statements.get(line, (line, line))
        candidates = {line, first, last}
        for candidate in candidates:
            if any(directive.matches(finding) for directive in self.by_line.get(candidate, ())):
                return True
        return any(start <= line <= end and directive.matches(finding) for start, end, directive in self.definitions)

    @classmethod
    def of(cls, source: str) -> "Suppressions":
        try:
            return _from_tokens(source)
        except (tokenize.TokenError, SyntaxError):
            return _from_lines(source)


def without_suppressed(findings: list[Finding], source: str) -> list[Finding]:
    """`findings` minus those a suppression comment in `source` covers."""
    if not findings or not _MAY_HAVE_DIRECTIVE.search(source):
        return findings
    suppressions = Suppressions.of(source)
    return [finding for finding in findings if not suppressions.suppresses(finding)]


def _from_lines(source: str) -> Suppressions:
    """Fallback when the source cannot be tokenized: each line's trailing `#...` text."""
    suppressions = Suppressions()
    for number, line in enumerate(source.splitlines(), start=1):
        if "#" in line:
            directives = parse_comment(line[line.index("#"):])
            if directives:
                suppressions.by_line[number] = directives
    return suppressions


def _from_tokens(source: str) -> Suppressions:
    suppressions = Suppressions()
    skipped = {tokenize.NL, tokenize.COMMENT, tokenize.ENCODING}
    depth = 0
    open_definitions: list[tuple[int, int, int]] = []  # (body depth, header first line, header last line)
    awaiting_body: tuple[int, int] | None = None  # a def/class header just ended
    decorator_line: int | None = None
    statement_first: int | None = None
    statement_kind = ""
    last_statement_end = 0
    previous = ""
    headers: list[tuple[int, int, int]] = []  # finished definitions: (header first, header last, end)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind = token.type
        if kind == tokenize.COMMENT:
            directives = parse_comment(token.string)
            if directives:
                suppressions.by_line.setdefault(token.start[0], []).extend(directives)
            continue
        if kind in skipped:
            continue
        if awaiting_body is not None:
            if kind == tokenize.INDENT:
                depth += 1
                open_definitions.append((depth, *awaiting_body))
                awaiting_body = None
                continue
            headers.append((*awaiting_body, awaiting_body[1]))  # `def f(): return 1` on one line
            awaiting_body = None
        if kind == tokenize.INDENT:
            depth += 1
            continue
        if kind == tokenize.DEDENT:
            while open_definitions and open_definitions[-1][0] == depth:
                _, first, header_last = open_definitions.pop()
                headers.append((first, header_last, last_statement_end))
            depth -= 1
            continue
        if kind == tokenize.ENDMARKER:
            break
        if kind == tokenize.NEWLINE:
            end = token.start[0]
            if statement_first is not None and end > statement_first:
                for line in range(statement_first, end + 1):
                    suppressions.statements[line] = (statement_first, end)
            last_statement_end = end
            if statement_kind == "definition":
                awaiting_body = (decorator_line or statement_first, end)
                decorator_line = None
            elif statement_kind == "decorator":
                if decorator_line is None:
                    decorator_line = statement_first
            else:
                decorator_line = None
            statement_first, statement_kind, previous = None, "", ""
            continue
        if statement_first is None:
            statement_first = token.start[0]
            if token.string == "@":
                statement_kind = "decorator"
            elif token.string in ("def", "class"):
                statement_kind = "definition"
        elif previous == "async" and token.string == "def" and statement_kind == "":
            statement_kind = "definition"
        previous = token.string
    if awaiting_body is not None:
        headers.append((*awaiting_body, awaiting_body[1]))
    while open_definitions:
        _, first, header_last = open_definitions.pop()
        headers.append((first, header_last, last_statement_end))
    for first, header_last, end in headers:
        for line in range(first, header_last + 1):
            for directive in suppressions.by_line.get(line, ()):
                if directive.covers_definition:
                    suppressions.definitions.append((first, end, directive))
    return suppressions

