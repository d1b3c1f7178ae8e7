"""The language server: `tracerfix lsp`, started by an editor, speaking LSP over stdin/stdout.

- Diagnostics are published when a document is opened, changed or saved.
- Each fixable diagnostic has a quick fix; "Fix all tracerfix issues" applies every fix at once,
  and is also offered as `source.fixAll.tracerfix`, the code-action kind editors run on save.
- Which rules run and whether unsafe fixes apply come from the project's `[tool.tracerfix]`
  configuration, found from the document's path exactly as the command line finds it: the editor
  offers the fixes `tracerfix rewrite` would apply, no more.

Edits are sent as the few changed lines (not a whole-document replacement), so editors keep the
cursor, folds and marks everywhere else. When the client supports `codeAction/resolve`, edits are
computed only for the action the user picks; listing actions (which editors do on every cursor
move) costs one cached check per document version.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from tracerfix import __version__, api, config, engine
from tracerfix.engine import Settings, SourceError
from tracerfix.registry import all_rules
from tracerfix.rule import Finding, Safety

SOURCE = "tracerfix"
FIX_ALL_KIND = "source.fixAll.tracerfix"
FIX_ALL_TITLE = "Fix all tracerfix issues"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # LSP's line breaks (str.splitlines knows more)


@dataclass
class Checked:
    """One version of one document, checked: what the diagnostics and code actions refer to."""

    version: int | None
    source: str
    settings: Settings | None  # None: the document is excluded by the configuration
    findings: list[Finding] = field(default_factory=list)
    error: SourceError | None = None
    fixed: dict[tuple, str] = field(default_factory=dict)  # one finding's target, or () for all -> fixed

    def fixable(self) -> list[Finding]:
        return [f for f in self.findings if self.settings is not None and self.settings.applies(f)]


class TracerfixServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("tracerfix", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.checked: dict[str, Checked] = {}
        self._reported_config_errors: set[str] = set()

    # -- checking --------------------------------------------------------------------------------
    def check(self, document: TextDocument) -> Checked:
        cached = self.checked.get(document.uri)
        if cached is not None and cached.version == document.version and cached.source == document.source:
            return cached
        source = document.source
        settings = self.settings_for(document.uri)
        checked = Checked(document.version, source, settings)
        if settings is not None:
            try:
                checked.findings = engine.lint(source, settings).findings
            except SourceError as error:
                checked.error = error
            except RecursionError:
                checked.error = SourceError("the file is nested too deeply to analyse")
        self.checked[document.uri] = checked
        return checked

    def settings_for(self, uri: str) -> Settings | None:
        """The project's settings for this document, or None when the project excludes it."""
        path = _path_of(uri)
        try:
            resolver = config.Resolver()
            if path is not None and resolver.is_excluded(path):
                return None
            # Which of the document's functions other modules of its project trace (cached).
            return api.with_project(resolver.settings_for(path), path)
        except config.ConfigError as error:
            message = f"tracerfix: {error}; using the default settings"
            if message not in self._reported_config_errors:
                self._reported_config_errors.add(message)
                self.window_show_message(types.ShowMessageParams(types.MessageType.Error, message))
            return Settings(rules=all_rules())

    def publish(self, document: TextDocument) -> None:
        checked = self.check(document)
        diagnostics = [self.diagnostic(document, checked, finding) for finding in checked.findings]
        if checked.error is not None:
            diagnostics.append(_error_diagnostic(document, checked))
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=document.uri, version=document.version, diagnostics=diagnostics)
        )

    def diagnostic(self, document: TextDocument, checked: Checked, finding: Finding) -> types.Diagnostic:
        fix = finding.fix
        return types.Diagnostic(
            range=finding_range(document, checked.source, finding),
            severity=types.DiagnosticSeverity.Error,
            code=finding.code,
            source=SOURCE,
            message=f"{finding.message} (`tracerfix explain {finding.code}`)",
            data={
                "target": list(target_of(finding)),
                "fix": None if fix is None else fix.title,
                "safety": None if fix is None else str(fix.safety),
            },
        )

    # -- fixing ----------------------------------------------------------------------------------
    def fixed_source(self, checked: Checked, target: tuple | None) -> str:
        """The document with one finding's fix (`target`) or every applicable fix (None) applied."""
        key = target if target is not None else ()
        if key not in checked.fixed:
            assert checked.settings is not None
            select = None if target is None else OneFinding(target, checked.settings)
            checked.fixed[key] = engine.fix(checked.source, checked.settings, select=select).source
        return checked.fixed[key]

    def workspace_edit(self, document: TextDocument, checked: Checked, target: tuple | None) -> types.WorkspaceEdit:
        edits = minimal_edits(document, checked.source, self.fixed_source(checked, target))
        capabilities = self.client_capabilities.workspace
        if capabilities and capabilities.workspace_edit and capabilities.workspace_edit.document_changes:
            # Versioned: the client refuses the edit if the document changed since we computed it.
            identifier = types.OptionalVersionedTextDocumentIdentifier(uri=document.uri, version=checked.version)
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=identifier, edits=edits)])
        return types.WorkspaceEdit(changes={document.uri: edits})

    def supports_resolving_edits(self) -> bool:
        text_document = self.client_capabilities.text_document
        code_action = text_document.code_action if text_document else None
        resolve = code_action.resolve_support if code_action else None
        return bool(resolve and "edit" in resolve.properties)


class OneFinding:
    """`engine.fix(select=...)` for a single quick fix: the finding at `target` and nothing else,
    not even a finding that a later pass reports at the same place."""

    def __init__(self, target: tuple, settings: Settings) -> None:
        self.target = target
        self.settings = settings
        self.chosen: Finding | None = None

    def __call__(self, finding: Finding) -> bool:
        if self.chosen is None and target_of(finding) == self.target and self.settings.applies(finding):
            self.chosen = finding
        return finding is self.chosen


def target_of(finding: Finding) -> tuple:
    return (finding.code, finding.line, finding.column, finding.end_line, finding.end_column)


# -- positions and edits ---------------------------------------------------------------------------


def split_lines(source: str) -> list[str]:
    """Lines with their line breaks, as LSP counts them."""
    lines, start = [], 0
    for match in _LINE_BREAK.finditer(source):
        lines.append(source[start : match.end()])
        start = match.end()
    if start < len(source):
        lines.append(source[start:])
    return lines


def _position(document: TextDocument, lines: list[str], line: int, column: int) -> types.Position:
    """0-based line and code-point column -> the client's position encoding (UTF-16 by default)."""
    if line >= len(lines):
        return types.Position(line=len(lines), character=0)
    text = lines[line][:column]
    return types.Position(line=line, character=document.position_codec.client_num_units(text))


def finding_range(document: TextDocument, source: str, finding: Finding) -> types.Range:
    """The finding's span; a span over several lines (a whole `if` block) is shown on its first
    line only, so the editor underlines the leak rather than the block."""
    lines = split_lines(source)
    line, column = finding.line - 1, finding.column
    if finding.end_line > finding.line and line < len(lines):
        end_column = len(lines[line].rstrip("\r\n").rstrip())
        end = _position(document, lines, line, max(end_column, column))
    else:
        end = _position(document, lines, finding.end_line - 1, finding.end_column)
    return types.Range(start=_position(document, lines, line, column), end=end)


def _error_diagnostic(document: TextDocument, checked: Checked) -> types.Diagnostic:
    error = checked.error
    assert error is not None
    lines = split_lines(checked.source)
    line = max(error.line - 1, 0)
    end_column = len(lines[line].rstrip("\r\n")) if line < len(lines) else 0
    start = _position(document, lines, line, min(error.column, end_column))
    end = _position(document, lines, line, end_column)
    return types.Diagnostic(
        range=types.Range(start=start, end=end),
        severity=types.DiagnosticSeverity.Error,
        source=SOURCE,
        message=f"cannot check this file: {error}",
    )


def minimal_edits(document: TextDocument, before: str, after: str) -> list[types.TextEdit]:
    """Line-level edits turning `before` into `after`, each relative to `before`."""
    old, new = split_lines(before), split_lines(after)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    edits = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        edits.append(
            types.TextEdit(
                range=types.Range(start=_line_start(document, old, i1), end=_line_start(document, old, i2)),
                new_text="".join(new[j1:j2]),
            )
        )
    return edits


def _line_start(document: TextDocument, lines: list[str], index: int) -> types.Position:
    """The start of line `index`; past a last line without a line break, that line's end."""
    if index >= len(lines) and lines and not _LINE_BREAK.search(lines[-1][-1:]):
        return _position(document, lines, len(lines) - 1, len(lines[-1]))
    return types.Position(line=index, character=0)


def _overlaps(a: types.Range, b: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return (position.line, position.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def _path_of(uri: str) -> Path | None:
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return Path(path) if path else None


def _kind_wanted(kind: str, only: list[str] | None) -> bool:
    """LSP kinds are hierarchical: asking for `source` (or `source.fixAll`) includes ours."""
    return only is None or any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


# -- the protocol ----------------------------------------------------------------------------------

server = TracerfixServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: TracerfixServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.publish(ls.workspace.get_text_document(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: TracerfixServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.publish(ls.workspace.get_text_document(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: TracerfixServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.checked.pop(params.text_document.uri, None)  # the configuration may have changed too
    ls.publish(ls.workspace.get_text_document(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: TracerfixServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.checked.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, FIX_ALL_KIND],
        resolve_provider=True,
    ),
)
def code_action(ls: TracerfixServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    checked = ls.check(document)
    fixable = checked.fixable()
    if not fixable:
        return None
    only = params.context.only
    lazy = ls.supports_resolving_edits()
    actions = []

    def action(title: str, kind: str, target: tuple | None, diagnostics=None, eager=False) -> types.CodeAction:
        data = {"uri": document.uri, "version": document.version, "target": None if target is None else list(target)}
        return types.CodeAction(
            title=title,
            kind=kind,
            diagnostics=diagnostics,
            is_preferred=target is not None or None,
            edit=ls.workspace_edit(document, checked, target) if eager or not lazy else None,
            data=data,
        )

    if _kind_wanted(types.CodeActionKind.QuickFix, only):
        for finding in fixable:
            diagnostic = ls.diagnostic(document, checked, finding)
            if _overlaps(diagnostic.range, params.range):
                assert finding.fix is not None
                unsafe = ", unsafe" if finding.fix.safety is Safety.UNSAFE else ""
                title = f"{finding.fix.title} ({finding.code}{unsafe})"
                actions.append(action(title, types.CodeActionKind.QuickFix, target_of(finding), [diagnostic]))
    if _kind_wanted(FIX_ALL_KIND, only):
        # Asked for by kind, as on save: the edit is wanted now, not after a resolve round trip.
        actions.append(action(FIX_ALL_TITLE, FIX_ALL_KIND, None, eager=only is not None))
    elif actions:
        # A client that lists only quick fixes still gets "fix all" next to them.
        actions.append(action(FIX_ALL_TITLE, types.CodeActionKind.QuickFix, None))
    return actions or None


@server.feature(types.CODE_ACTION_RESOLVE)
def resolve_code_action(ls: TracerfixServer, action: types.CodeAction) -> types.CodeAction:
    data = action.data or {}
    uri = data.get("uri")
    if not uri or action.edit is not None:
        return action
    document = ls.workspace.get_text_document(uri)
    if document.version != data.get("version"):
        return action  # stale: the editor asks again for the new version
    checked = ls.check(document)
    target = data.get("target")
    action.edit = ls.workspace_edit(document, checked, None if target is None else tuple(target))
    return action


def serve() -> None:
    server.start_io()
