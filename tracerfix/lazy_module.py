"""Parse only the top-level statements that the analysis can need; keep the others as text.

Parsing with LibCST is most of what a save action costs, and most of a module is usually code that
no JAX transformation reaches: data loading, logging, command-line handling. Python's own parser
(`ast`, about a tenth of LibCST's cost) splits the module into top-level statements. A top-level
`def` or `class` whose text names no transformation (no `jit`, `vmap`, `scan`..., no alias of
one, no configured wrapper) and holds no `import` cannot start a traced scope, so it stays an
`UnparsedStatement`: its exact text, printed back verbatim. Everything else (imports, module
constants, `if __name__ == ...` blocks, every statement that names a transformation, and the first
and last statements, which carry the module's header and footer) is parsed, each statement on its
own, into one `cst.Module` whose code is the source exactly.

Why it is safe: the analysis starts traced scopes only at decorators and calls that name a
transformation, reads imports and module constants (all parsed), and reaches any other function
only by name, which parses it. When LibCST cannot read a statement that detection needs, the whole
module is parsed and the error reported as before; syntax that LibCST does not know, inside a
function nothing reaches, is no longer an error (Python itself accepted the file).

A kept-as-text function is parsed when the analysis asks for it by name (a traced function calls
it: `ModuleIndex.defined_function`), or when a rule needs every statement of the module
(`ModuleIndex.statements`). Parsing swaps the real statement into `module.body` in place: the
module is built here and not shared until detection has finished with it.

Whenever the split cannot be shown to reproduce LibCST's own reading (a statement does not parse
on its own, the chunks disagree on indentation or line endings, `ast` rejects the source) the
caller parses the whole module instead, as before.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache

import libcst as cst

from tracerfix import pyast

_NEWLINE = re.compile(r"\r\n?|\n")
_INDENTATION = re.compile(r"[ \t]*")


class LazyParseError(Exception):
    """The split into statements cannot stand in for a whole-module parse: parse it all."""


@dataclass(frozen=True)
class UnparsedStatement(cst.BaseCompoundStatement):
    """A top-level `def` or `class` kept as its source text (leading comments included)."""

    text: str
    name: str
    is_function: bool

    # BaseCompoundStatement declares these; an unparsed statement has neither in parsed form.
    body: cst.BaseSuite = None  # type: ignore[assignment]
    leading_lines: tuple = ()

    def _visit_and_replace_children(self, visitor):  # no parsed children to visit
        return self

    def _codegen_impl(self, state) -> None:
        state.add_token(self.text)


def transformation_markers(source: str, extra_jit: frozenset[str] = frozenset()) -> re.Pattern[str]:
    """The words whose absence from a statement's text shows that it cannot start a traced scope
    (a transformation's name or an alias of one, `import`, a configured wrapper)."""
    return _marker_pattern(extra_jit, _transformation_aliases(source, extra_jit))


def parse_lazily(source: str, extra_jit: frozenset[str] = frozenset()) -> cst.Module | None:
    """The module with its untraceable top-level functions and classes left as text, or None
    when the whole module should be parsed (nothing to leave out, or a split we cannot trust)."""
    markers = transformation_markers(source, extra_jit)
    if _untraceable_share(source, markers) < _WORTHWHILE_SHARE:
        return None  # in library code most functions are traced: the split would only cost
    try:
        tree = pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # LibCST reports the error (or parses syntax this Python does not know)
    line_starts = [0]
    line_starts.extend(match.end() for match in _NEWLINE.finditer(source))
    chunks = _chunks(source, line_starts, tree.body)
    if not chunks:
        return None
    last = len(chunks) - 1
    # The first and last statements are always parsed: they carry the module's header and footer.
    lazy = [
        0 < position < last
        and isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and markers.search(text) is None
        for position, (statement, text) in enumerate(chunks)
    ]
    if not any(lazy):
        return None
    indent = _default_indent(source, line_starts, tree.body)
    newline_match = _NEWLINE.search(source)
    newline = newline_match.group() if newline_match else "\n"
    body: list[cst.CSTNode] = []
    header: tuple = ()
    footer: tuple = ()
    has_trailing_newline = True
    for position, ((statement, text), keep_as_text) in enumerate(zip(chunks, lazy)):
        if keep_as_text:
            is_function = not isinstance(statement, ast.ClassDef)
            body.append(UnparsedStatement(text=text, name=statement.name, is_function=is_function))
            continue
        try:
            parsed = _parse_chunk(text, indent, newline, compound=hasattr(statement, "body"))
        except LazyParseError:
            return None
        if position == 0:
            header, node = parsed.header, parsed.body[0]
        else:
            node = statements_with_header(parsed)[0]
        if position == last:
            footer, has_trailing_newline = parsed.footer, parsed.has_trailing_newline
        elif parsed.footer:
            return None  # lines after the statement that LibCST keeps apart: parse it all
        body.append(node)
    return cst.Module(
        body=tuple(body),
        header=header,
        footer=footer,
        encoding="utf-8",
        default_indent=indent,
        default_newline=newline,
        has_trailing_newline=has_trailing_newline,
    )


def materialize(module: cst.Module, position: int) -> cst.CSTNode:
    """Parse the kept-as-text statement at `module.body[position]` and put it in its place."""
    unparsed = module.body[position]
    if not isinstance(unparsed, UnparsedStatement):
        return unparsed
    parsed = _parse_chunk(unparsed.text, module.default_indent, module.default_newline, compound=True)
    if parsed.footer:
        raise LazyParseError("a statement kept as text has lines LibCST keeps apart")
    node = statements_with_header(parsed)[0]
    body = list(module.body)
    body[position] = node
    # The module is private to the detection that built it (see the module docstring).
    object.__setattr__(module, "body", tuple(body))
    return node


def _chunks(source: str, line_starts: list[int], statements: list[ast.stmt]) -> list[tuple[ast.stmt, str]]:
    """The source cut after the last line of each top-level statement: each piece holds the
    comments and blank lines before its statement, as LibCST's `leading_lines` do. Statements
    sharing a line (`a = 1; b = 2`) stay one piece, like LibCST's SimpleStatementLine."""
    chunks: list[tuple[ast.stmt, str]] = []
    start = 0
    for index, statement in enumerate(statements):
        following = statements[index + 1] if index + 1 < len(statements) else None
        if following is not None and _first_line(following) == statement.end_lineno:
            continue  # a `;` joins the next statement to this line
        end_line = statement.end_lineno or statement.lineno
        end = line_starts[end_line] if end_line < len(line_starts) else len(source)
        if following is None:
            end = len(source)  # the module's trailing comments go with the last statement
        chunks.append((statement, source[start:end]))
        start = end
    return chunks


# Below this share of the text in top-level functions and classes that name no transformation,
# splitting costs more than the parsing it saves (`ast` costs about a tenth of LibCST).
_WORTHWHILE_SHARE = 0.3
_DEFINITION_START = re.compile(r"^(?:@|def[ \t]|async[ \t]+def[ \t]|class[ \t])", re.MULTILINE)


def _untraceable_share(source: str, markers: re.Pattern[str]) -> float:
    """A quick estimate, from the text alone, of the share of the module that would stay text:
    top-level definitions (from a line starting with a decorator, `def` or `class` to the next
    such line) that name no transformation. It only decides whether splitting is worth its cost."""
    starts = [match.start() for match in _DEFINITION_START.finditer(source)]
    # A definition starts at its first decorator; the lines after a decorator line belong to it.
    starts = [start for index, start in enumerate(starts) if index == 0 or source[starts[index - 1]] != "@"]
    ends = [*starts[1:], len(source)]
    kept = sum(end - start for start, end in zip(starts, ends) if markers.search(source, start, end) is None)
    return kept / len(source) if source else 0.0


def _first_line(statement: ast.stmt) -> int:
    decorators = getattr(statement, "decorator_list", None)
    return min([statement.lineno, *(d.lineno for d in decorators)]) if decorators else statement.lineno


def _parse_chunk(text: str, indent: str, newline: str, compound: bool) -> cst.Module:
    try:
        parsed = cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError) as error:
        raise LazyParseError(f"a statement does not parse on its own: {error}") from None
    if len(parsed.body) != 1:
        raise LazyParseError("a piece of the source is not one statement")
    # Nodes leave indentation and line endings that match the module's defaults implicit: they
    # must mean the same in the assembled module as in the piece that was parsed. (Only compound
    # statements have indented blocks; other lines may be indented inside brackets.)
    if parsed.default_indent != indent and compound and _indents(text):
        raise LazyParseError("the statement is indented unlike the module's first block")
    if parsed.default_newline != newline and _NEWLINE.search(text):
        raise LazyParseError("the statement's line endings differ from the module's")
    return parsed


def _indents(text: str) -> bool:
    return re.search(r"(?:\r\n?|\n)[ \t]+\S", text) is not None


def statements_with_header(snippet: cst.Module) -> list[cst.CSTNode]:
    """The statements of code parsed on its own, with the comments and blank lines that LibCST
    keeps as the snippet's module header moved back to the first statement, where they are in
    the file the code comes from."""
    statements = list(snippet.body)
    if snippet.header and statements:
        first = statements[0]
        statements[0] = first.with_changes(leading_lines=[*snippet.header, *first.leading_lines])
    return statements


def _default_indent(source: str, line_starts: list[int], statements: list[ast.stmt]) -> str:
    """The indentation of the module's first indented block, which LibCST takes as the default."""
    for statement in statements:
        found = _first_block_indent(source, line_starts, statement)
        if found is not None:
            return found
    return " " * 4


def _first_block_indent(source: str, line_starts: list[int], statement: ast.stmt) -> str | None:
    """The indentation of the first statement under `statement` that starts an indented line.
    Clauses written on their header's line (`if x: y`) have none; an `elif` is looked into."""
    for field in ("body", "handlers", "orelse", "finalbody", "cases"):
        for child in getattr(statement, field, None) or ():
            if isinstance(child, (ast.excepthandler, ast.match_case)):
                children = child.body
            else:
                children = [child]
            for inner in children:
                indentation = _INDENTATION.match(source, line_starts[_first_line(inner) - 1]).group()
                if indentation:
                    return indentation
                found = _first_block_indent(source, line_starts, inner)
                if found is not None:
                    return found
    return None


def _transformation_aliases(source: str, extra_jit: frozenset[str]) -> frozenset[str]:
    """Local names that imports bind to a transformation (`from jax import jit as compile`)."""
    from tracerfix.analysis.prefilter import imports_from_lines

    leaves = _marker_leaves(extra_jit)
    aliases = imports_from_lines(source).aliases
    return frozenset(local for local, imported in aliases.items() if imported.rpartition(".")[2] in leaves)


@lru_cache(maxsize=8)
def _marker_leaves(extra_jit: frozenset[str]) -> frozenset[str]:
    # Imported here: the analysis package imports this module.
    from tracerfix.analysis import known
    from tracerfix.analysis.scopes import CALL_SITE_WORDS

    qualified = (
        known.TRACED_SCOPE_TRANSFORMS | known.REVERSE_MODE_BODIES | set(known.LAX_BODY_ARGUMENTS) | extra_jit
    )
    return frozenset(
        {name.rpartition(".")[2] for name in qualified} | set(known.TRACE_MARKERS) | set(CALL_SITE_WORDS)
    )


def _marker_pattern(extra_jit: frozenset[str], aliases: frozenset[str]) -> re.Pattern[str]:
    words = sorted(_marker_leaves(extra_jit) | aliases | {"import"})
    return _compiled(tuple(words))


@lru_cache(maxsize=8)
def _compiled(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:%s)\b" % "|".join(re.escape(word) for word in words))
