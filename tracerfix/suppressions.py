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

# A comment that may suppress one of our findings: `# tracerfix: ...`, a bare `# noqa`, or a
# `# noqa:` naming a TFX code; others tools' `# noqa: E501` do not make the module worth tokenizing.
_MAY_HAVE_DIRECTIVE = re.compile(r"tracerfix\s*:|noqa(?![\w-])(?!:\s*[A-Za-z])|noqa:[^\n]*tfx", re.IGNORECASE)
# Left to `re` to compile (and cache) on first use: the engine loads this module at every start-up,
# and most runs never read a suppression comment.
_TRACERFIX = r"#\s*tracerfix\s*:\s*ignore(?![\w-])(?:\s*\[(?P<codes>[^\]]*)\])?"
_NOQA = r"#\s*noqa(?![\w-])(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?"
_SEPARATORS = re.compile(r"[\s,]+")

Codes = frozenset[str] | None  # None: every code


class Directive(NamedTuple):
    codes: Codes
    covers_definition: bool  # `# tracerfix: ignore` can cover a def/class; `# noqa` cannot
    line: int = 0  # where the directive's `#` is (column from 0), for reporting it unused
    column: int = 0
    text: str = ""

    def matches(self, finding: Finding) -> bool:
        return self.codes is None or finding.code.lower() in self.codes or finding.rule.lower() in self.codes


def parse_comment(comment: str, line: int = 0, column: int = 0) -> list[Directive]:
    """The directives in one comment (`# type: ignore  # noqa: TFX101` holds one); `line` and
    `column` say where the comment starts."""
    directives = []
    for pattern, covers_definition in ((_TRACERFIX, True), (_NOQA, False)):
        for match in re.finditer(pattern, comment, re.IGNORECASE):
            codes = _codes(match.group("codes"))
            directives.append(Directive(codes, covers_definition, line, column + match.start(), match.group(0)))
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

    def unused(self, findings: list[Finding], judged: frozenset[str]) -> list[tuple[Directive, list[str]]]:
        """The directives that suppress none of `findings`, with their codes that suppress
        nothing ([] when the directive names no codes). Only what tracerfix can judge counts:
        codes in `judged` (lower-case codes and names of the rules that ran), and a bare
        `# tracerfix: ignore`; a bare `# noqa` and other tools' codes belong to other tools."""
        used: set[tuple[int, int, str]] = set()  # (line, column, code or "") of directives that suppressed
        for finding in findings:
            line = finding.line
            first, last = self.statements.get(line, (line, line))
            candidates = [d for n in {line, first, last} for d in self.by_line.get(n, ())]
            candidates += [d for start, end, d in self.definitions if start <= line <= end]
            for directive in candidates:
                if directive.matches(finding):
                    for code in (finding.code.lower(), finding.rule.lower(), ""):
                        used.add((directive.line, directive.column, code))
        unused = []
        for directives in self.by_line.values():
            for directive in directives:
                key = (directive.line, directive.column)
                if directive.codes is None:
                    if directive.covers_definition and (*key, "") not in used:
                        unused.append((directive, []))
                    continue
                idle = sorted(code for code in directive.codes if code in judged and (*key, code) not in used)
                if idle:
                    unused.append((directive, idle))
        return sorted(unused, key=lambda pair: (pair[0].line, pair[0].column))

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
            directives = parse_comment(line[line.index("#"):], number, line.index("#"))
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
            directives = parse_comment(token.string, *token.start)
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


def may_have_judged_directive(source: str) -> bool:
    """A `# tracerfix: ignore` or a `# noqa` naming a TFX code may be in `source`."""
    return re.search(r"#\s*tracerfix\s*:|#\s*noqa\s*:[^\n]*tfx", source, re.IGNORECASE) is not None


# --- adding `# noqa` (check --add-noqa) ----------------------------------------------------------


def with_noqa(source: str, findings: list[Finding]) -> tuple[str, int]:
    """`source` with `# noqa: CODE` at the end of the line of each finding, and how many lines got
    one. A line that ends inside a string or after a backslash cannot hold a comment: the
    statement's last line gets it instead. Codes join a `# noqa: ...` already there; a line with
    a bare `# noqa` already suppresses everything."""
    lines = source.splitlines(keepends=True)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source, 0
    line_ends = {token.start[0] for token in tokens if token.type in (tokenize.NEWLINE, tokenize.NL)}
    comments = {token.start[0]: token for token in tokens if token.type == tokenize.COMMENT}
    statements = _from_tokens(source).statements
    wanted: dict[int, set[str]] = {}
    for finding in findings:
        line = finding.line
        if line not in line_ends:
            line = statements.get(line, (line, line))[1]
        if 0 < line <= len(lines):
            wanted.setdefault(line, set()).add(finding.code)
    changed = 0
    for number, codes in wanted.items():
        text = lines[number - 1]
        body = text.rstrip("\r\n")
        ending = text[len(body):]
        comment = comments.get(number)
        noqa = re.search(_NOQA, comment.string, re.IGNORECASE) if comment is not None else None
        if noqa is not None and noqa.group("codes") is None:
            continue  # a bare `# noqa` covers every code
        if noqa is not None:
            present = _SEPARATORS.split(noqa.group("codes"))
            missing = sorted(codes - {code.upper() for code in present})
            if not missing:
                continue
            start = comment.start[1] + noqa.end()
            body = body[:start] + "".join(f", {code}" for code in missing) + body[start:]
        else:
            body = f"{body}  # noqa: {', '.join(sorted(codes))}"
        lines[number - 1] = body + ending
        changed += 1
    return "".join(lines), changed

