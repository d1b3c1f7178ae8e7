"""One document's analysis, kept between edits: what the language server re-does on a keystroke.

A module is a sequence of top-level statements. `Document.update(text)` splits again only the part
of the text around the change, parses only the statements whose text is new (each on its own, as
`lazy_module` does), and analyses again only the statements an edit can affect; the findings of
every other statement are kept and moved to their new lines.

Which statements an edit can affect is decided from names, conservatively. Each statement binds
names (a `def` its name, an assignment its targets, an import its aliases, `global` declarations)
and mentions names (every name in its code). A statement
depends on the statements binding the words it mentions; its readers are the statements
mentioning a name it binds. What the analysis finds in a function depends on what it calls and
reads (its dependencies) and on how it is called (its readers: a traced argument makes a helper
traced). So the statements analysed again are the closure of the changed ones under both
relations, readers being followed only into and out of statements that can have findings or make
a function traced (definitions, and code naming a transformation): not imports, constants or a
`__main__` block of plain calls, which bind names and nothing more. That closure is
analysed as a module of its own and gets exactly the findings a whole-module run gives it
(tests/test_incremental.py compares both on every rule case and on random edits of real modules).

Fixes start from the kept analysis: each pass splices the fixed statements' new text into the
document and updates a copy of it, so one request never parses the document twice.

When the text does not parse, the statements that still parse are analysed and the error is
reported as a whole-module parse reports it (`Document.error`): the leaks of the rest of the
module stay visible while typing.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass, field

import libcst as cst

from tracerfix import engine, lazy_module, pyast
from tracerfix.engine import LintResult, Settings, SourceError
from tracerfix.positions import Span, statement_spans
from tracerfix.rule import Finding

_NEWLINE = re.compile(r"\r\n?|\n")
_STAR = "*"  # what a star import binds: any name
_DEFINITIONS = {ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda}
_IMPORTS = {ast.Import, ast.ImportFrom}


class _CannotSplit(Exception):
    """The statement-wise reading cannot stand in for a whole-module parse of this text."""


@dataclass(eq=False)
class Statement:
    """A top-level statement: its text (leading comments included) parsed on its own, and the
    names it binds and mentions."""

    text: str
    parsed: cst.Module  # the text as a module of one statement
    binds: frozenset[str]
    words: frozenset[str]
    defines: bool  # holds a def, class or lambda
    imports: bool  # only imports
    has_import: bool  # an import anywhere in it (the analysis reads every import of the module)
    block_indent: str | None  # the indentation of its first indented block, if any
    lines: int  # line breaks in `text`
    _inner: cst.CSTNode | None = None

    def node(self, first: bool) -> cst.CSTNode:
        """Its node in a module: the first statement leaves its comments to the module's header."""
        if first:
            return self.parsed.body[0]
        if self._inner is None:
            self._inner = lazy_module.statements_with_header(self.parsed)[0]
        return self._inner


@dataclass
class _Found:
    """A finding as found in its statement, its span counted from the statement's first line."""

    finding: Finding
    span: Span | None


@dataclass
class Document:
    settings: Settings
    source: str = ""
    findings: list[Finding] = field(default_factory=list)
    error: SourceError | None = None
    # The module and its statements (none when the text was parsed whole, or does not parse).
    module: cst.Module | None = None
    statements: list[Statement] = field(default_factory=list)
    partial: bool = False  # `module` holds only the statements that parse (`error` says why)
    tolerant: bool = True  # on a syntax error, analyse the statements that parse (the editor's way)
    analysed: int = 0  # statements the last update analysed (the benchmark and tests read it)
    checked: bool = False
    _found: dict[int, list[_Found]] = field(default_factory=dict)  # id(node) -> its findings
    # Statement text -> its Statements, one per place it occurs (nodes are told apart by identity).
    _parsed: dict[str, list[Statement]] = field(default_factory=dict)

    # -- updating ----------------------------------------------------------------------------------
    def update(self, source: str) -> None:
        if self.checked and source == self.source:
            return
        # The statements' texts make up the old text, unless some were left out (a syntax error).
        old_source, old_statements = self.source, [] if self.module is None or self.partial else self.statements
        self.source, self.error, self.analysed, self.checked = source, None, 0, True
        if self.settings.evidence is not None or self.settings.project_seeds:
            # Facts from a traceback, or functions that other modules of the project trace: they
            # concern the whole module, which is analysed as a cold run does.
            self._update_whole(source)
            return
        try:
            if engine.cannot_hold_traced_code(source, self.settings.extra_jit):
                self._forget()  # as a cold run: nothing to report, not even about comments
                return
        except SourceError as error:
            self._forget()
            self.error = error
            return
        pieces = _split(source, old_source, old_statements)
        if pieces is None:
            if self.tolerant:
                self._update_tolerantly(source)
            else:
                self._update_whole(source)
            return
        self.partial = False
        try:
            statements = self._statements(pieces)
            module = _assemble(statements)
        except _CannotSplit:
            self._update_whole(source)
            return
        self._analyse(module, statements)

    def _forget(self) -> None:
        self.module, self.statements, self.findings, self._found, self.partial = None, [], [], {}, False

    def _update_whole(self, source: str) -> None:
        """Parsed whole, as a cold run parses it; nothing is kept for the next edit."""
        self._forget()
        try:
            self.findings = engine.lint(source, self.settings).findings
        except SourceError as error:
            self.error = error
        except RecursionError:
            self.error = SourceError("the file is nested too deeply to analyse")

    def _update_tolerantly(self, source: str) -> None:
        """The text does not split into statements: a syntax error, most often while typing. The
        error is reported as Python reports it, with the findings of the statements that parse."""
        try:
            engine.check_syntax(source)
        except SourceError as error:
            statements, offsets, used = [], [], set()
            for offset, piece in _tolerant_pieces(source):
                try:
                    statements.append(self._statement(piece, None, used))
                except _CannotSplit:
                    continue  # LibCST cannot read it: left out
                offsets.append(offset)
            try:
                module = _assemble(statements)
            except _CannotSplit:
                module = None
            if module is None:
                self._forget()
            else:
                self._analyse(module, statements, lines=_lines_at(source, offsets))
                self.partial = True
            self.error = error
            return
        self._update_whole(source)  # it parses after all: a split `ast` cannot make

    def _statements(self, pieces: list[tuple[str, tuple | None]]) -> list[Statement]:
        used: set[int] = set()
        return [self._statement(text, read, used) for text, read in pieces]

    def _statement(self, text: str, read: tuple | None, used: set[int]) -> Statement:
        """The piece as a Statement: a known text is not parsed again; a text that occurs twice
        has a node of its own at each place (the analysis tells nodes apart by identity)."""
        known = self._parsed.setdefault(text, [])
        statement = next((s for s in known if id(s) not in used), None)
        if statement is None:
            statement = _read_statement(text, read)
            known.append(statement)
        used.add(id(statement))
        return statement

    # -- analysing -------------------------------------------------------------------------------------
    def _analyse(self, module: cst.Module, statements: list[Statement], lines: list[int] | None = None) -> None:
        nodes = list(module.body)
        previous = self.module
        old_nodes = list(previous.body) if previous is not None else []
        kept = {id(node) for node in old_nodes}.intersection(id(node) for node in nodes)
        changed = [position for position, node in enumerate(nodes) if id(node) not in kept]
        removed = [s for s, node in zip(self.statements, old_nodes) if id(node) not in kept]
        # The default indentation and line break decide how every statement prints (positions).
        layout = (module.default_indent, module.default_newline)
        if previous is None or layout != (previous.default_indent, previous.default_newline):
            affected = list(range(len(nodes)))
        else:
            markers = lazy_module.transformation_markers(self.source, self.settings.extra_jit)
            affected = sorted(_affected(statements, changed, removed, markers))
        found = {key: value for key, value in self._found.items() if key in kept}
        for position in affected:
            found[id(nodes[position])] = []
        if affected:
            # Every import of the module comes along: rules read the import table as a whole
            # (which module provides `error_if`); their findings are not taken from this run.
            wanted = set(affected)
            included = sorted(wanted.union(p for p, s in enumerate(statements) if s.has_import))
            walked = {index for index, position in enumerate(included) if position in wanted}
            part = module if len(included) == len(nodes) else module.with_changes(body=[nodes[p] for p in included])
            spans: dict[int, dict] = {}
            for finding in engine.detect_unplaced(part, self.source, self.settings, walked):
                node = nodes[included[finding.top]]
                if id(node) not in spans:
                    spans[id(node)] = statement_spans(module, node)[0]
                found[id(node)].append(_Found(finding, spans[id(node)].get(id(finding.node))))
        self.module, self.statements, self._found = module, statements, found
        self._parsed = {}
        for statement in statements:
            self._parsed.setdefault(statement.text, []).append(statement)
        self.analysed = len(affected)
        self.findings = self._placed(lines or _text_lines(statements))

    def _placed(self, text_lines: list[int]) -> list[Finding]:
        """The kept findings at their lines: each statement's text starts on `text_lines[...]`;
        the first statement's node starts after the module's header."""
        findings = []
        module = self.module
        assert module is not None
        header = sum(len(_NEWLINE.findall(module.code_for_node(line))) for line in module.header)
        for position, node in enumerate(module.body):
            shift = text_lines[position] - 1 + (header if position == 0 else 0)
            for found in self._found.get(id(node), ()):
                finding = dataclasses.replace(found.finding, top=position)
                if found.span is not None:
                    line, column, end_line, end_column = found.span
                    finding.line, finding.column = line + shift, column
                    finding.end_line, finding.end_column = end_line + shift, end_column
                findings.append(finding)
        return engine.placed(findings, self.source, self.settings)

    # -- fixing ------------------------------------------------------------------------------------------
    def fix(self, select=None) -> tuple[LintResult, "Document"]:
        """`engine.fix` started from the kept analysis (same passes, same result), and the
        document as the fixes leave it."""
        if self.error is not None:
            raise self.error
        if self.module is None or self.partial:
            result = engine.fix(self.source, self.settings, select=select, lazily=False)
            after = Document(self.settings)
            after.update(result.source)
            return result, after
        choose = select or self.settings.applies
        document, findings, fixed = self, self.findings, []
        for _ in range(engine.MAX_FIX_PASSES):
            chosen = [f for f in findings if f.fix is not None and choose(f)]
            if not chosen:
                break
            chosen = [f for f in chosen if f.fix.first] or chosen  # as engine._fix: those go alone
            new_source = document._spliced(engine.apply_fixes(document.module, chosen))
            if new_source == document.source:
                break
            document = document.copy()
            document.update(new_source)
            if document.error is not None:
                raise document.error
            findings = document.findings
            remaining = {(f.code, f.message) for f in findings}
            fixed.extend(f for f in chosen if (f.code, f.message) not in remaining)
        return LintResult(document.source, findings, fixed), document

    def copy(self) -> "Document":
        parsed = {text: list(known) for text, known in self._parsed.items()}
        return dataclasses.replace(self, findings=list(self.findings), _found=dict(self._found), _parsed=parsed)

    def _spliced(self, edited: engine.EditedModule) -> str:
        """The document's text with each fixed statement's new text in place of its old text."""
        module = self.module
        assert module is not None and self.statements
        first_replaced = min(edited.replaced, default=len(self.statements))
        if edited.inserted and (edited.inserted_at is None or edited.inserted_at > first_replaced):
            # The imports' place counts the statements of the fixed module: printed whole, as
            # `engine.reparse_edited` does in that case.
            return edited.module.code
        last = len(self.statements) - 1

        def code(nodes) -> str:
            return "".join(edited.module.code_for_node(node) for node in nodes)

        pieces = []
        for position, statement in enumerate(self.statements):
            if edited.inserted and position == edited.inserted_at:
                pieces.append(code(edited.inserted))
            new = edited.replaced.get(position)
            if new is None:
                pieces.append(statement.text)
                continue
            header = code(module.header) if position == 0 else ""
            footer = code(module.footer) if position == last else ""
            pieces.append(header + code(new) + footer)
        if edited.inserted and edited.inserted_at == len(self.statements):
            pieces.append(code(edited.inserted))
        return "".join(pieces)


# --- splitting ------------------------------------------------------------------------------------


def _split(source: str, old_source: str, old: list[Statement]) -> list[tuple[str, tuple | None]] | None:
    """The top-level statements' texts (each with the `ast` node when it was just read), or None
    when the text does not split (`ast` rejects it). Around an edit of a known text, only the
    statements the edit touches, and one on each side, are read again."""
    if old:
        around = _split_around_edit(source, old_source, old)
        if around is not None:
            return around
    return _split_text(source)


def _split_text(text: str) -> list[tuple[str, ast.stmt]] | None:
    try:
        tree = pyast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    line_starts = [0]
    line_starts.extend(match.end() for match in _NEWLINE.finditer(text))
    return [
        (chunk, (statement, lazy_module._first_block_indent(text, line_starts, statement)))
        for statement, chunk in lazy_module._chunks(text, line_starts, tree.body)
    ]


def _split_around_edit(source: str, old_source: str, old: list[Statement]) -> list | None:
    prefix = _common_prefix(source, old_source)
    suffix = _common_suffix(source, old_source, limit=min(len(source), len(old_source)) - prefix)
    starts = []
    offset = 0
    for statement in old:
        starts.append(offset)
        offset += len(statement.text)
    # The statements holding the first and the last changed character, and one more each side.
    first = max(_holding(starts, prefix) - 1, 0)
    last = min(_holding(starts, max(len(old_source) - suffix - 1, prefix)) + 1, len(old) - 1)
    start = starts[first]
    old_end = starts[last] + len(old[last].text)
    end = old_end + len(source) - len(old_source)
    if end < start:
        return None
    region = source[start:end]
    pieces = _split_text(region) if region else []
    if pieces is None or (region and not pieces):
        return None
    if pieces and last < len(old) - 1 and not _ends_with_statement(region, pieces[-1][1][0]):
        return None  # comments after the last statement belong to the next one: split it all
    return [(s.text, None) for s in old[:first]] + pieces + [(s.text, None) for s in old[last + 1 :]]


def _ends_with_statement(region: str, statement: ast.stmt) -> bool:
    """Whether the region's last statement ends on its last line (the region ends with a line
    break: it stops where the next statement's text begins)."""
    return statement.end_lineno == len(_NEWLINE.findall(region))


def _holding(starts: list[int], offset: int) -> int:
    """The index of the statement whose text holds `offset`."""
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def _common_prefix(a: str, b: str) -> int:
    limit = min(len(a), len(b))
    low, high = 0, limit
    while low < high:  # the longest equal prefix, by halving (string comparison runs in C)
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(a: str, b: str, limit: int) -> int:
    low, high = 0, max(limit, 0)
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle :] == b[len(b) - middle :]:
            low = middle
        else:
            high = middle - 1
    return low


# Where a statement may start in text that does not parse: a line at column 0 that is not the
# continuation of a compound statement.
_STATEMENT_START = re.compile(r"^(?![ \t#\r\n)\]}]|(?:else|elif|except|finally)\b)", re.MULTILINE)
_MAX_JOINED = 8  # pieces joined to find a statement broken by text at column 0 (a docstring)


def _tolerant_pieces(source: str) -> list[tuple[int, str]]:
    """The pieces of a text that does not parse that each parse on their own, with their
    offsets: cut before each line at column 0 (with the comments and blank lines above it), and
    joined again where a piece alone does not parse (a decorator and its def, a string spanning
    lines at column 0). A piece that parses in no such way is left out."""
    cuts = [0]
    for match in _STATEMENT_START.finditer(source):
        start = match.start()
        if start == 0:
            continue
        previous_line = source.rfind("\n", 0, start - 1) + 1
        if source.startswith("@", previous_line):
            continue  # a decorator's def
        cuts.append(_above_comments(source, start))
    cuts = sorted(set(cuts))
    bounds = [*cuts[1:], len(source)]
    pieces = []
    index = 0
    while index < len(cuts):
        for joined in range(index, min(index + _MAX_JOINED, len(cuts))):
            text = source[cuts[index] : bounds[joined]]
            if _parses(text):
                pieces.append((cuts[index], text))
                index = joined + 1
                break
        else:
            index += 1
    return pieces


def _above_comments(source: str, start: int) -> int:
    """`start` moved up over the blank and comment lines right above it."""
    while start > 0:
        line_start = source.rfind("\n", 0, start - 1) + 1
        line = source[line_start:start].strip()
        if line and not line.startswith("#"):
            break
        start = line_start
    return start


def _parses(text: str) -> bool:
    try:
        return len(pyast.parse(text).body) >= 1
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


# --- statements and the module they make ----------------------------------------------------------


def _read_statement(text: str, read: tuple[ast.stmt, str | None] | None) -> Statement:
    """`text` parsed; `read` is its `ast` node and block indentation when the split has them
    (the node's line numbers count in the text that was split, not in `text`)."""
    tree = None if read is None else read[0]
    if tree is None:
        try:
            body = pyast.parse(text).body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            raise _CannotSplit("a statement does not parse") from None
        if not body:
            raise _CannotSplit("a piece holds no statement")
        tree = body[0] if len(body) == 1 else ast.Module(body=body, type_ignores=[])
    try:
        parsed = cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError):
        raise _CannotSplit("LibCST cannot read a statement on its own") from None
    if len(parsed.body) != 1:
        raise _CannotSplit("a piece of the text is not one statement")
    line_starts = [0]
    line_starts.extend(match.end() for match in _NEWLINE.finditer(text))
    statements = tree.body if isinstance(tree, ast.Module) else [tree]
    if read is not None:
        block_indent = read[1]
    else:
        block_indent = next(
            (found for statement in statements for found in [lazy_module._first_block_indent(text, line_starts, statement)] if found is not None),
            None,
        )
    names, kinds = _names_and_kinds(statements)
    return Statement(
        text=text,
        parsed=parsed,
        binds=frozenset(_bound_names(statements)),
        words=frozenset(names),
        defines=bool(kinds & _DEFINITIONS),
        imports=all(isinstance(statement, (ast.Import, ast.ImportFrom)) for statement in statements),
        has_import=bool(kinds & _IMPORTS),
        block_indent=block_indent,
        lines=len(line_starts) - 1,
    )


def _names_and_kinds(statements: list[ast.stmt]) -> tuple[set[str], set[type]]:
    """Every name a statement's code uses or binds (not its comments, strings or attributes: a
    module-level name is only ever reached through a name), and the kinds of its nodes."""
    names: set[str] = set()
    kinds: set[type] = set()
    for statement in statements:
        for node in ast.walk(statement):
            kind = type(node)
            kinds.add(kind)
            if kind is ast.Name:
                names.add(node.id)
            elif kind is ast.Global or kind is ast.Nonlocal:
                names.update(node.names)
    return names, kinds


def _bound_names(statements: list[ast.stmt]) -> set[str]:
    """Module-level names a top-level statement may bind (a superset)."""
    names: set[str] = set()
    pending: list[ast.AST] = list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            for inner in ast.walk(node):
                if isinstance(inner, ast.Global):
                    names.update(inner.names)
                elif isinstance(inner, (ast.Import, ast.ImportFrom)):
                    names.update(_imported(inner))  # the analysis reads every import of the module
            pending.extend(node.decorator_list)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(_imported(node))
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.Lambda):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return names


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    return [_STAR if alias.name == "*" else (alias.asname or alias.name).partition(".")[0] for alias in node.names]


def _assemble(statements: list[Statement]) -> cst.Module:
    """The statements as one module whose code is their texts joined, as `lazy_module` builds it;
    _CannotSplit where that would not read as the whole text parsed at once."""
    if not statements:
        raise _CannotSplit("no statements")
    indent = next((s.block_indent for s in statements if s.block_indent is not None), " " * 4)
    newline = next((match.group() for s in statements for match in [_NEWLINE.search(s.text)] if match), "\n")
    last = len(statements) - 1
    body = []
    for position, statement in enumerate(statements):
        parsed = statement.parsed
        if parsed.default_indent != indent and statement.block_indent is not None and lazy_module._indents(statement.text):
            raise _CannotSplit("a statement is indented unlike the module's first block")
        if parsed.default_newline != newline and statement.lines:
            raise _CannotSplit("a statement's line endings differ from the module's")
        if position != last and parsed.footer:
            raise _CannotSplit("lines after a statement that LibCST keeps apart")
        body.append(statement.node(first=position == 0))
    first, final = statements[0].parsed, statements[last].parsed
    return cst.Module(
        body=tuple(body),
        header=first.header,
        footer=final.footer,
        encoding="utf-8",
        default_indent=indent,
        default_newline=newline,
        has_trailing_newline=final.has_trailing_newline,
    )


def _text_lines(statements: list[Statement]) -> list[int]:
    """The line each statement's text starts on."""
    lines, line = [], 1
    for statement in statements:
        lines.append(line)
        line += statement.lines
    return lines


def _lines_at(source: str, offsets: list[int]) -> list[int]:
    """The line of each offset (in increasing order) of `source`."""
    lines, line, done = [], 1, 0
    for offset in offsets:
        line += len(_NEWLINE.findall(source, done, offset))
        done = offset
        lines.append(line)
    return lines


# --- what an edit affects -------------------------------------------------------------------------


def _affected(statements: list[Statement], changed: list[int], removed: list[Statement], markers: re.Pattern) -> set[int]:
    """The positions to analyse again: the changed statements and every statement whose findings
    they can change, with all that these need to be analysed as the whole module would be.

    Only active statements can have findings or change what is found elsewhere: definitions
    (a function may be traced, or make a helper traced by calling it) and module-level code
    that names a transformation (`jax.jit(f)`). Other module-level code (imports, constants, a
    `__main__` block of plain calls) only binds names; it is analysed when something reads them."""
    active = [not s.imports and (s.defines or markers.search(s.text) is not None) for s in statements]
    binders: dict[str, list[int]] = {}
    readers: dict[str, list[int]] = {}
    # Module-level code that only binds names but reads a class or function (`_es = Optimizer(4)`):
    # what reads those names (`es.should_stop()` in a jitted function) traces the class's methods.
    passing = [not s.imports and not active[p] and bool(s.binds) for p, s in enumerate(statements)]
    for position, statement in enumerate(statements):
        for name in statement.binds:
            binders.setdefault(name, []).append(position)
        if active[position] or passing[position]:
            for word in statement.words:
                readers.setdefault(word, []).append(position)
    everywhere = binders.get(_STAR, [])  # a star import may bind any name

    def dependencies(words) -> list[int]:
        found = list(everywhere)
        for word in words:
            found.extend(binders.get(word, ()))
        return found

    def active_readers(names) -> list[int]:
        if _STAR in names:
            return [position for position in range(len(statements)) if active[position]]
        found = []
        for name in names:
            found.extend(readers.get(name, ()))
        return found

    seeds = set(changed)
    for statement in removed:  # what read its names, and what it may have made traced
        seeds.update(active_readers(statement.binds))
        seeds.update(p for p in dependencies(statement.words) if active[p])
    affected = set(seeds)
    pending = list(seeds)
    as_reader: set[int] = set()  # reached because it reads a name of an affected statement
    while pending:
        position = pending.pop()
        more = dependencies(statements[position].words)
        if position in seeds or active[position] or position in as_reader:
            found = active_readers(statements[position].binds)
            as_reader.update(found)
            more += found
        for other in more:
            if other not in affected:
                affected.add(other)
                pending.append(other)
    return affected
