"""The language server: `tracerfix lsp`, started by an editor, speaking LSP over stdin/stdout.

- Diagnostics are published when a document is opened, changed or saved; hovering over one shows
  its rule's documentation.
- Each fixable diagnostic has a quick fix, each diagnostic a "Disable CODE for this line" action
  (a `# noqa: CODE` comment); "Fix all tracerfix issues" applies every fix at once, and is also
  offered as `source.fixAll.tracerfix`, the code-action kind editors run on save.
- Which rules run and whether unsafe fixes apply come from the project's `[tool.tracerfix]`
  configuration, found from the document's path exactly as the command line finds it: the editor
  offers the fixes `tracerfix rewrite` would apply, no more.

Speed: each document keeps its last analysis (`incremental.Document`): an edit re-parses only the
statements whose text changed and re-analyses only those it can affect; code actions and fixes
start from that analysis. Changes that arrive while one is being analysed are applied together
(diagnostics are published for the latest text only). The protocol is spoken here directly, on
JSON dictionaries: the server answers `initialize` before the analysis has even been imported
(that import runs in the background meanwhile), and needs no LSP library.

Edits are sent as the few changed lines (not a whole-document replacement), so editors keep the
cursor, folds and marks everywhere else. When the client supports `codeAction/resolve`, edits are
computed only for the action the user picks.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import sys
import threading
import traceback
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from tracerfix import __version__

SOURCE = "tracerfix"
FIX_ALL_KIND = "source.fixAll.tracerfix"
FIX_ALL_TITLE = "Fix all tracerfix issues"
QUICK_FIX = "quickfix"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # LSP's line breaks (str.splitlines knows more)
_ENCODINGS = ("utf-8", "utf-16", "utf-32")

# JSON-RPC error codes.
_METHOD_NOT_FOUND = -32601
_INTERNAL_ERROR = -32603
_REQUEST_CANCELLED = -32800
_SERVER_NOT_INITIALIZED = -32002


def _load_analysis() -> None:
    """The analysis and its rules: most of a start-up, imported while the editor says hello."""
    from tracerfix import config, incremental  # noqa: F401
    from tracerfix.registry import all_rules

    all_rules()


# -- documents ---------------------------------------------------------------------------------------


@dataclass
class OpenDocument:
    uri: str
    text: str
    version: int | None
    settings: object = None  # engine.Settings; None: the configuration excludes the document
    configured: bool = False  # `settings` has been read
    state: object = None  # incremental.Document, for `settings`
    fixed: dict[tuple, object] = field(default_factory=dict)  # target or () -> (LintResult, Document)
    checked_text: str | None = None
    checked_version: int | None = None
    lines: list[str] | None = None  # `checked_text` split as LSP counts lines

    def findings(self) -> list:
        return [] if self.state is None else self.state.findings


class Server:
    def __init__(self, output=None) -> None:
        self.output = output or sys.stdout.buffer
        self.write_lock = threading.Lock()
        self.documents: dict[str, OpenDocument] = {}
        self.encoding = "utf-16"
        self.capabilities: dict = {}
        self.initialized = False
        self.shutting_down = False
        self.reported_config_errors: set[str] = set()
        self.pending_publish: dict[str, None] = {}
        self.cancelled: set = set()

    # -- the wire --------------------------------------------------------------------------------
    def send(self, message: dict) -> None:
        message["jsonrpc"] = "2.0"
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        with self.write_lock:
            self.output.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.output.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def show_message(self, kind: int, message: str) -> None:
        self.notify("window/showMessage", {"type": kind, "message": message})

    # -- dispatch ------------------------------------------------------------------------------------
    def handle(self, message: dict, queued: "MessageQueue") -> None:
        method = message.get("method")
        identifier = message.get("id")
        if method is None:
            return  # a response to something we never ask
        params = message.get("params") or {}
        if identifier is None:
            handler = _NOTIFICATIONS.get(method)
            if handler is not None and (self.initialized or method == "exit"):
                try:
                    handler(self, params, queued)
                except SystemExit:
                    raise
                except Exception:  # one bad notification must not end the session
                    self.log_exception(method)
            return
        if identifier in self.cancelled:
            self.cancelled.discard(identifier)
            self.send({"id": identifier, "error": {"code": _REQUEST_CANCELLED, "message": "cancelled"}})
            return
        handler = _REQUESTS.get(method)
        if handler is None:
            self.send({"id": identifier, "error": {"code": _METHOD_NOT_FOUND, "message": f"unknown method {method}"}})
            return
        if not self.initialized and method not in ("initialize", "shutdown"):
            self.send({"id": identifier, "error": {"code": _SERVER_NOT_INITIALIZED, "message": "not initialized"}})
            return
        try:
            result = handler(self, params)
        except Exception as error:
            self.log_exception(method)
            self.send({"id": identifier, "error": {"code": _INTERNAL_ERROR, "message": f"tracerfix: {error}"}})
            return
        self.send({"id": identifier, "result": result})
        if method == "initialize":
            # The analysis is imported while the client goes on with the session: it is ready by
            # the first document, and `initialize` was answered without waiting for it.
            threading.Thread(target=_load_analysis, daemon=True, name="tracerfix-lsp-import").start()

    def log_exception(self, method: str) -> None:
        sys.stderr.write(f"tracerfix lsp: {method} failed:\n{traceback.format_exc()}")
        sys.stderr.flush()

    # -- checking ----------------------------------------------------------------------------------
    def check(self, document: OpenDocument) -> OpenDocument:
        """The document's findings for its current text (analysed incrementally)."""
        if document.checked_text == document.text and document.checked_version == document.version:
            return document
        if not document.configured:
            document.settings, document.configured = self.settings_for(document.uri), True
        if document.settings is not None:
            from tracerfix import incremental

            if document.state is None:
                document.state = incremental.Document(document.settings)
            adopted = self._fixed_state_for(document)
            if adopted is not None:
                document.state = adopted
            else:
                try:
                    document.state.update(document.text)
                except RecursionError:
                    from tracerfix.engine import SourceError

                    document.state = incremental.Document(document.settings)
                    document.state.source, document.state.checked = document.text, True
                    document.state.error = SourceError("the file is nested too deeply to analyse")
        document.fixed = {}
        document.checked_text, document.checked_version = document.text, document.version
        document.lines = None
        return document

    def _fixed_state_for(self, document: OpenDocument):
        """After the editor applies our own fix, the text is the one the fix already analysed."""
        for _, after in document.fixed.values():
            if after.source == document.text and after.error is None:
                return after
        return None

    def settings_for(self, uri: str):
        """The project's settings for this document, or None when the project excludes it."""
        from tracerfix import api, config
        from tracerfix.engine import Settings
        from tracerfix.registry import all_rules

        path = _path_of(uri)
        try:
            resolver = config.Resolver()
            if path is not None and resolver.is_excluded(path):
                return None
            # Which of the document's functions other modules of its project trace (cached).
            return api.with_project(resolver.settings_for(path), path)
        except config.ConfigError as error:
            message = f"tracerfix: {error}; using the default settings"
            if message not in self.reported_config_errors:
                self.reported_config_errors.add(message)
                self.show_message(1, message)
            return Settings(rules=all_rules())

    def publish(self, document: OpenDocument) -> None:
        self.check(document)
        diagnostics = [self.diagnostic(document, finding) for finding in document.findings()]
        error = None if document.state is None else document.state.error
        if error is not None:
            diagnostics.append(self.error_diagnostic(document, error))
        self.notify(
            "textDocument/publishDiagnostics",
            {"uri": document.uri, "version": document.version, "diagnostics": diagnostics},
        )

    def publish_pending(self) -> None:
        while self.pending_publish:
            uri = next(iter(self.pending_publish))
            del self.pending_publish[uri]
            document = self.documents.get(uri)
            if document is not None:
                try:
                    self.publish(document)
                except Exception as error:  # a failure on one document must not end the session
                    self.log_exception(f"diagnostics of {uri}")
                    self.publish_failure(document, error)

    def publish_failure(self, document: OpenDocument, error: Exception) -> None:
        """The editor is told, on the document, that tracerfix could not check it (and waits for
        nothing): the details are in the server's log."""
        message = (f"tracerfix could not check this file: internal error {type(error).__name__}: {error} "
                   "(details in the language server's log; please report it)")
        start = {"line": 0, "character": 0}
        diagnostic = {"range": {"start": start, "end": start}, "severity": 1, "source": SOURCE, "message": message}
        self.notify("textDocument/publishDiagnostics",
                    {"uri": document.uri, "version": document.version, "diagnostics": [diagnostic]})

    # -- positions -------------------------------------------------------------------------------------
    def lines_of(self, document: OpenDocument) -> list[str]:
        if document.lines is None:
            document.lines = split_lines(document.checked_text or "")
        return document.lines

    def position(self, lines: list[str], line: int, column: int) -> dict:
        """0-based line and code-point column -> the negotiated position encoding."""
        if line >= len(lines):
            return {"line": len(lines), "character": 0}
        return {"line": line, "character": units(lines[line][:column], self.encoding)}

    def finding_range(self, document: OpenDocument, finding) -> dict:
        """The finding's span; a span over several lines (a whole `if` block) is shown on its first
        line only, so the editor underlines the leak rather than the block."""
        lines = self.lines_of(document)
        line, column = finding.line - 1, finding.column
        if finding.end_line > finding.line and line < len(lines):
            end_column = len(lines[line].rstrip("\r\n").rstrip())
            end = self.position(lines, line, max(end_column, column))
        else:
            end = self.position(lines, finding.end_line - 1, finding.end_column)
        return {"start": self.position(lines, line, column), "end": end}

    def diagnostic(self, document: OpenDocument, finding) -> dict:
        fix = finding.fix
        return {
            "range": self.finding_range(document, finding),
            "severity": 1,
            "code": finding.code,
            "source": SOURCE,
            "message": f"{finding.message} (`tracerfix explain {finding.code}`)",
            "data": {
                "target": list(target_of(finding)),
                "fix": None if fix is None else fix.title,
                "safety": None if fix is None else str(fix.safety),
            },
        }

    def error_diagnostic(self, document: OpenDocument, error) -> dict:
        lines = self.lines_of(document)
        line = max(error.line - 1, 0)
        end_column = len(lines[line].rstrip("\r\n")) if line < len(lines) else 0
        return {
            "range": {
                "start": self.position(lines, line, min(error.column, end_column)),
                "end": self.position(lines, line, end_column),
            },
            "severity": 1,
            "source": SOURCE,
            "message": f"cannot check this file: {error}",
        }

    def offset(self, text: str, starts: list[int], position: dict) -> int:
        """An LSP position -> an index into `text` (`starts`: where each line begins)."""
        line = position["line"]
        if line >= len(starts):
            return len(text)
        start = starts[line]
        end = starts[line + 1] if line + 1 < len(starts) else len(text)
        content = text[start:end]
        stripped = content.rstrip("\r\n")
        wanted = position["character"]
        if self.encoding == "utf-32":
            return start + min(wanted, len(stripped))
        count = 0
        for index, character in enumerate(stripped):
            if count >= wanted:
                return start + index
            count += units(character, self.encoding)
        return start + len(stripped)

    # -- fixing ----------------------------------------------------------------------------------------
    def fixed_text(self, document: OpenDocument, target: tuple | None) -> str:
        """The document with one finding's fix (`target`) or every applicable fix applied."""
        key = target if target is not None else ()
        if key not in document.fixed:
            state = document.state
            select = None if target is None else OneFinding(target, document.settings)
            document.fixed[key] = state.fix(select=select)
        return document.fixed[key][0].source

    def workspace_edit(self, document: OpenDocument, edits: list[dict]) -> dict:
        workspace = self.capabilities.get("workspace") or {}
        if (workspace.get("workspaceEdit") or {}).get("documentChanges"):
            # Versioned: the client refuses the edit if the document changed since we computed it.
            identifier = {"uri": document.uri, "version": document.checked_version}
            return {"documentChanges": [{"textDocument": identifier, "edits": edits}]}
        return {"changes": {document.uri: edits}}

    def fix_edit(self, document: OpenDocument, target: tuple | None) -> dict:
        before = document.checked_text or ""
        return self.workspace_edit(document, self.minimal_edits(before, self.fixed_text(document, target)))

    def minimal_edits(self, before: str, after: str) -> list[dict]:
        """Line-level edits turning `before` into `after`, each relative to `before`."""
        old, new = split_lines(before), split_lines(after)
        # Only the lines between the common first and last lines need comparing.
        head = 0
        while head < len(old) and head < len(new) and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < len(old) - head and tail < len(new) - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        matcher = difflib.SequenceMatcher(None, old[head : len(old) - tail], new[head : len(new) - tail], autojunk=False)
        edits = []
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            edits.append(
                {
                    "range": {"start": self.line_start(old, head + i1), "end": self.line_start(old, head + i2)},
                    "newText": "".join(new[head + j1 : head + j2]),
                }
            )
        return edits

    def line_start(self, lines: list[str], index: int) -> dict:
        """The start of line `index`; past a last line without a line break, that line's end."""
        if index >= len(lines) and lines and not _LINE_BREAK.search(lines[-1][-1:]):
            return self.position(lines, len(lines) - 1, len(lines[-1]))
        return {"line": index, "character": 0}

    def supports_resolving_edits(self) -> bool:
        code_action = (self.capabilities.get("textDocument") or {}).get("codeAction") or {}
        return "edit" in ((code_action.get("resolveSupport") or {}).get("properties") or [])

    def disable_edit(self, document: OpenDocument, finding) -> dict | None:
        """The edit adding `# noqa: CODE` where it silences `finding`, or None."""
        from tracerfix import suppressions

        text = document.checked_text or ""
        lines = split_lines(text)
        for line in dict.fromkeys((finding.line, finding.end_line)):
            if not 0 < line <= len(lines):
                continue
            content = lines[line - 1]
            body = content.rstrip("\r\n")
            break_ = content[len(body) :]
            new_body = _with_noqa(body, finding.code)
            candidate = "".join(lines[: line - 1]) + new_body + break_ + "".join(lines[line:])
            if suppressions.Suppressions.of(candidate).suppresses(finding):
                edit = {
                    "range": {"start": {"line": line - 1, "character": 0}, "end": self.position(lines, line - 1, len(body))},
                    "newText": new_body,
                }
                return self.workspace_edit(document, [edit])
        return None


def _with_noqa(line: str, code: str) -> str:
    """`line` with `code` in its `# noqa: ...` comment, or a new one at its end."""
    existing = re.search(r"#\s*noqa:\s*([A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*)", line)
    if existing:
        return f"{line[: existing.end(1)]}, {code}{line[existing.end(1):]}"
    return f"{line.rstrip()}  # noqa: {code}"


class OneFinding:
    """`engine.fix(select=...)` for a single quick fix: the finding at `target` and nothing else,
    not even a finding that a later pass reports at the same place."""

    def __init__(self, target: tuple, settings) -> None:
        self.target = target
        self.settings = settings
        self.chosen = None

    def __call__(self, finding) -> bool:
        if self.chosen is None and target_of(finding) == self.target and self.settings.applies(finding):
            self.chosen = finding
        return finding is self.chosen


def target_of(finding) -> tuple:
    return (finding.code, finding.line, finding.column, finding.end_line, finding.end_column)


def split_lines(source: str) -> list[str]:
    """Lines with their line breaks, as LSP counts them."""
    lines, start = [], 0
    for match in _LINE_BREAK.finditer(source):
        lines.append(source[start : match.end()])
        start = match.end()
    if start < len(source):
        lines.append(source[start:])
    return lines


def line_starts(text: str) -> list[int]:
    return [0, *(match.end() for match in _LINE_BREAK.finditer(text))]


def units(text: str, encoding: str) -> int:
    """How many code units of `encoding` `text` takes."""
    if encoding == "utf-32" or text.isascii():
        return len(text)
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _overlaps(a: dict, b: dict) -> bool:
    def key(position: dict) -> tuple[int, int]:
        return (position["line"], position["character"])

    return key(a["start"]) <= key(b["end"]) and key(b["start"]) <= key(a["end"])


def _contains(range_: dict, position: dict) -> bool:
    def key(p: dict) -> tuple[int, int]:
        return (p["line"], p["character"])

    return key(range_["start"]) <= key(position) <= key(range_["end"])


def _path_of(uri: str) -> Path | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    if re.match(r"^/[A-Za-z]:", path):  # file:///C:/... on Windows
        path = path[1:]
    return Path(path) if path else None


def _kind_wanted(kind: str, only: list[str] | None) -> bool:
    """LSP kinds are hierarchical: asking for `source` (or `source.fixAll`) includes ours."""
    return only is None or any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


# -- the protocol ------------------------------------------------------------------------------------


def initialize(server: Server, params: dict) -> dict:
    server.capabilities = params.get("capabilities") or {}
    offered = ((server.capabilities.get("general") or {}).get("positionEncodings")) or ["utf-16"]
    server.encoding = next((kind for kind in offered if kind in _ENCODINGS), "utf-16")
    server.initialized = True
    return {
        "capabilities": {
            "positionEncoding": server.encoding,
            "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
            "codeActionProvider": {
                "codeActionKinds": [QUICK_FIX, "source.fixAll", FIX_ALL_KIND],
                "resolveProvider": True,
            },
            "hoverProvider": True,
        },
        "serverInfo": {"name": "tracerfix", "version": __version__},
    }


def shutdown(server: Server, params: dict) -> None:
    server.shutting_down = True
    return None


def did_open(server: Server, params: dict, queued: "MessageQueue") -> None:
    item = params["textDocument"]
    server.documents[item["uri"]] = OpenDocument(item["uri"], item["text"], item.get("version"))
    server.pending_publish[item["uri"]] = None


def did_change(server: Server, params: dict, queued: "MessageQueue") -> None:
    identifier = params["textDocument"]
    document = server.documents.get(identifier["uri"])
    if document is None:
        return
    text = document.text
    for change in params.get("contentChanges") or []:
        if "range" not in change:
            text = change["text"]
            continue
        starts = line_starts(text)
        start = server.offset(text, starts, change["range"]["start"])
        end = server.offset(text, starts, change["range"]["end"])
        text = text[:start] + change["text"] + text[end:]
    document.text, document.version = text, identifier.get("version")
    server.pending_publish[document.uri] = None


def did_save(server: Server, params: dict, queued: "MessageQueue") -> None:
    document = server.documents.get(params["textDocument"]["uri"])
    if document is None:
        return
    # The configuration may have changed too: read it again.
    document.configured = False
    document.state, document.checked_text, document.fixed = None, None, {}
    server.pending_publish[document.uri] = None


def did_close(server: Server, params: dict, queued: "MessageQueue") -> None:
    uri = params["textDocument"]["uri"]
    server.documents.pop(uri, None)
    server.pending_publish.pop(uri, None)
    server.notify("textDocument/publishDiagnostics", {"uri": uri, "diagnostics": []})


def cancel_request(server: Server, params: dict, queued: "MessageQueue") -> None:
    if queued.holds_request(params.get("id")):
        server.cancelled.add(params.get("id"))


def exit_server(server: Server, params: dict, queued: "MessageQueue") -> None:
    _exit(0 if server.shutting_down else 1)


def _exit(code: int) -> None:
    """End the process now: the reader thread may be blocked inside a read of standard input,
    which an ordinary interpreter shutdown would wait on."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def code_action(server: Server, params: dict) -> list[dict] | None:
    document = server.documents.get(params["textDocument"]["uri"])
    if document is None:
        return None
    server.check(document)
    findings = document.findings()
    if not findings:
        return None
    only = (params.get("context") or {}).get("only")
    lazy = server.supports_resolving_edits()
    settings = document.settings
    # While the text does not parse, its fixes cannot be checked: none is offered.
    fixable = [] if document.state.error is not None else [f for f in findings if settings.applies(f)]
    actions = []

    def action(title: str, kind: str, target: tuple | None, diagnostics=None, eager=False) -> dict:
        data = {"uri": document.uri, "version": document.checked_version, "target": None if target is None else list(target)}
        made = {"title": title, "kind": kind, "data": data}
        if diagnostics:
            made["diagnostics"] = diagnostics
        if target is not None:
            made["isPreferred"] = True
        if eager or not lazy:
            made["edit"] = server.fix_edit(document, target)
        return made

    if _kind_wanted(QUICK_FIX, only):
        from tracerfix.rule import Safety

        for finding in findings:
            diagnostic = server.diagnostic(document, finding)
            if not _overlaps(diagnostic["range"], params["range"]):
                continue
            if finding in fixable:
                unsafe = ", unsafe" if finding.fix.safety is Safety.UNSAFE else ""
                title = f"{finding.fix.title} ({finding.code}{unsafe})"
                actions.append(action(title, QUICK_FIX, target_of(finding), [diagnostic]))
        for finding in findings:
            diagnostic = server.diagnostic(document, finding)
            if _overlaps(diagnostic["range"], params["range"]):
                edit = server.disable_edit(document, finding)
                if edit is not None:
                    actions.append(
                        {"title": f"Disable {finding.code} for this line", "kind": QUICK_FIX, "diagnostics": [diagnostic], "edit": edit}
                    )
    if fixable and _kind_wanted(FIX_ALL_KIND, only):
        # Asked for by kind, as on save: the edit is wanted now, not after a resolve round trip.
        actions.append(action(FIX_ALL_TITLE, FIX_ALL_KIND, None, eager=only is not None))
    elif fixable and any(a.get("isPreferred") for a in actions):
        # A client that lists only quick fixes still gets "fix all" next to them.
        actions.append(action(FIX_ALL_TITLE, QUICK_FIX, None))
    return actions or None


def resolve_code_action(server: Server, action: dict) -> dict:
    data = action.get("data") or {}
    uri = data.get("uri")
    if not uri or action.get("edit") is not None:
        return action
    document = server.documents.get(uri)
    if document is None:
        return action
    server.check(document)
    if document.checked_version != data.get("version"):
        return action  # stale: the editor asks again for the new version
    target = data.get("target")
    action["edit"] = server.fix_edit(document, None if target is None else tuple(target))
    return action


def hover(server: Server, params: dict) -> dict | None:
    """Over a diagnostic: its rule's documentation, as `tracerfix explain CODE` prints it."""
    document = server.documents.get(params["textDocument"]["uri"])
    if document is None:
        return None
    server.check(document)
    position = params["position"]
    for finding in document.findings():
        range_ = server.finding_range(document, finding)
        if _contains(range_, position):
            from tracerfix.registry import rule_by_code

            rule = rule_by_code(finding.code)
            if rule is None:
                return None
            text = f"**{finding.code}** `{rule.name}`\n\n{rule.documentation()}"
            return {"contents": {"kind": "markdown", "value": text}, "range": range_}
    return None


_REQUESTS = {
    "initialize": initialize,
    "shutdown": shutdown,
    "textDocument/codeAction": code_action,
    "codeAction/resolve": resolve_code_action,
    "textDocument/hover": hover,
}
_NOTIFICATIONS = {
    "initialized": lambda server, params, queued: None,
    "textDocument/didOpen": did_open,
    "textDocument/didChange": did_change,
    "textDocument/didSave": did_save,
    "textDocument/didClose": did_close,
    "$/cancelRequest": cancel_request,
    "exit": exit_server,
}


# -- the loop ----------------------------------------------------------------------------------------


class MessageQueue:
    """Messages read from the client by a thread of their own, so that the main loop can see what
    is already waiting (a newer change of the same document, a cancellation)."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.messages: deque = deque()
        self.ready = threading.Condition()
        threading.Thread(target=self._read, daemon=True, name="tracerfix-lsp-reader").start()

    def _read(self) -> None:
        while True:
            message = _read_message(self.stream)
            with self.ready:
                self.messages.append(message)
                self.ready.notify()
            if message is None:
                return

    def get(self) -> dict | None:
        with self.ready:
            while not self.messages:
                self.ready.wait()
            return self.messages.popleft()

    def empty(self) -> bool:
        with self.ready:
            return not self.messages

    def next_is_change(self) -> bool:
        """A change is waiting: diagnostics are published once it is applied too."""
        with self.ready:
            return bool(self.messages) and (self.messages[0] or {}).get("method") == "textDocument/didChange"

    def holds_request(self, identifier) -> bool:
        with self.ready:
            return any(m is not None and m.get("id") == identifier and "method" in m for m in self.messages)


def _read_message(stream) -> dict | None:
    """One JSON-RPC message, or None at the end of the input."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            if length is None:
                continue
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    body = stream.read(length)
    if len(body) < length:
        return None
    try:
        return json.loads(body)
    except ValueError:
        return {}


def serve(stdin=None, stdout=None) -> None:
    server = Server(stdout or sys.stdout.buffer)
    queued = MessageQueue(stdin or sys.stdin.buffer)
    while True:
        message = queued.get()
        if message is None:
            _exit(0 if server.shutting_down else 1)
        server.handle(message, queued)
        if not queued.next_is_change():
            server.publish_pending()
