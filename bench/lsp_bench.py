"""How fast the language server answers, timed the way an editor sees it, beside `ruff server`.

A small LSP client (JSON-RPC over the servers' standard input and output, nothing else in
between) drives `tracerfix lsp` and `ruff server` through the same session on the same file, one
request at a time, alternating between the two servers so that load on the machine affects both
alike:

- start-up: from starting the process to the answer to `initialize`, and to the first diagnostics
  of the document opened right after it;
- edit to diagnostics: a `didChange` carrying the whole new text (as the issue measured it) until
  the diagnostics of that version arrive. The edits go round the file: a comment appended to a
  line inside a function, a line inserted at the top level, the leaky loop's bound changed (the
  traced function itself), a line deleted again;
- `source.fixAll`: the code action editors run on save, asked for right after each edit (so
  nothing is cached from an earlier version), until its edit is in hand (a `codeAction/resolve`
  round trip included when the server answers without the edit).

Wall-clock latencies are what an editor sees; on a loaded machine they mostly measure the
neighbours, so the CPU time the server process spends (read from /proc, 10 ms ticks summed over
all the edits) is printed too.

The file is the first of bench/editor_modules.py: brax `training/agents/sac/train.py` (619 lines)
with the seed's clip loop appended under `@jax.jit`, 635 lines. Build the corpus first with
`python bench/corpus.py`; ruff comes from `pip install ruff` (not a dependency of tracerfix).

    python bench/lsp_bench.py                    # 40 edits, medians and 90th percentiles
    python bench/lsp_bench.py --edits 100 FILE   # another file, more edits
    python bench/lsp_bench.py --no-ruff          # tracerfix alone

No debounce is involved: the client waits for each answer before sending the next change.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import editor_modules  # noqa: E402  (bench/editor_modules.py)


class StdioClient:
    """One server process and the client end of its JSON-RPC stream."""

    def __init__(self, name: str, command: list[str], root: Path, fix_all_kind: str) -> None:
        self.name = name
        self.fix_all_kind = fix_all_kind
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            command, cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.root = root
        self.messages: queue.Queue = queue.Queue()
        self.next_id = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    # -- the wire --------------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        with self.lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put((time.perf_counter(), None))
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            message = json.loads(stream.read(length))
            received = time.perf_counter()
            if "method" in message and "id" in message:
                self._answer_server_request(message)
                continue
            self.messages.put((received, message))

    def _answer_server_request(self, message: dict) -> None:
        result = None
        if message["method"] == "workspace/configuration":
            result = [{} for _ in message["params"]["items"]]
        self._send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    # -- requests ----------------------------------------------------------------------------------
    def notify(self, method: str, params: dict) -> float:
        sent = time.perf_counter()
        self._send({"jsonrpc": "2.0", "method": method, "params": params})
        return sent

    def request(self, method: str, params: dict) -> tuple[object, float]:
        """The result and the seconds from sending the request to receiving its answer."""
        self.next_id += 1
        identifier = self.next_id
        sent = time.perf_counter()
        self._send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        received, message = self.wait(lambda m: m.get("id") == identifier)
        if "error" in message:
            raise SystemExit(f"{self.name}: {method} failed: {message['error']}")
        return message.get("result"), received - sent

    def wait(self, wanted, timeout: float = 60.0) -> tuple[float, dict]:
        deadline = time.perf_counter() + timeout
        while True:
            try:
                received, message = self.messages.get(timeout=max(deadline - time.perf_counter(), 0.001))
            except queue.Empty:
                raise SystemExit(f"{self.name}: no answer within {timeout:.0f} s") from None
            if message is None:
                raise SystemExit(f"{self.name}: the server exited")
            if wanted(message):
                return received, message

    def diagnostics_of(self, uri: str, version: int | None) -> tuple[float, list]:
        def wanted(message: dict) -> bool:
            if message.get("method") != "textDocument/publishDiagnostics":
                return False
            params = message["params"]
            return params["uri"] == uri and (version is None or params.get("version") in (None, version))

        received, message = self.wait(wanted)
        return received, message["params"]["diagnostics"]

    def cpu(self) -> float:
        """CPU seconds the server process has used so far (user + system, all its threads)."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.process.wait(timeout=10)
        except (SystemExit, subprocess.TimeoutExpired, BrokenPipeError):
            self.process.kill()


CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "synchronization": {"didSave": True},
        "publishDiagnostics": {"versionSupport": True},
        "codeAction": {
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "source", "source.fixAll"]}},
            "resolveSupport": {"properties": ["edit"]},
            "dataSupport": True,
        },
    },
    "workspace": {"workspaceEdit": {"documentChanges": True}, "configuration": True},
}


@dataclass
class Session:
    client: StdioClient
    uri: str
    version: int = 1
    initialize: float = 0.0
    first_diagnostics: float = 0.0
    first_count: int = 0
    edits: list[float] = field(default_factory=list)
    fix_alls: list[float] = field(default_factory=list)
    start_cpu: float = 0.0
    edit_cpu: float = 0.0
    fix_all_cpu: float = 0.0
    fix_all_edits: int = 0

    @classmethod
    def start(cls, client: StdioClient, path: Path, text: str) -> "Session":
        uri = path.as_uri()
        _, initialize = client.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": client.root.as_uri(),
                "workspaceFolders": [{"uri": client.root.as_uri(), "name": "bench"}],
                "capabilities": CAPABILITIES,
            },
        )
        session = cls(client, uri)
        session.initialize = time.perf_counter() - client.started
        client.notify("initialized", {})
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
        )
        received, diagnostics = client.diagnostics_of(uri, 1)
        session.first_diagnostics = received - client.started
        session.first_count = len(diagnostics)
        session.start_cpu = client.cpu()
        return session

    def edit(self, text: str) -> int:
        """Replace the whole text; the seconds until the new version's diagnostics arrive."""
        self.version += 1
        cpu = self.client.cpu()
        sent = self.client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": [{"text": text}]},
        )
        received, diagnostics = self.client.diagnostics_of(self.uri, self.version)
        self.edits.append(received - sent)
        self.edit_cpu += self.client.cpu() - cpu
        return len(diagnostics)

    def fix_all(self, lines: int) -> None:
        kind = self.client.fix_all_kind
        params = {
            "textDocument": {"uri": self.uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}},
            "context": {"diagnostics": [], "only": [kind], "triggerKind": 2},
        }
        cpu = self.client.cpu()
        actions, seconds = self.client.request("textDocument/codeAction", params)
        edits = 0
        for action in actions or []:
            if "edit" not in action and "data" in action:
                action, resolving = self.client.request("codeAction/resolve", action)
                seconds += resolving
            for change in (action.get("edit") or {}).get("documentChanges", []):
                edits += len(change["edits"])
            for changes in (action.get("edit") or {}).get("changes", {}).values():
                edits += len(changes)
        self.fix_alls.append(seconds)
        self.fix_all_cpu += self.client.cpu() - cpu
        self.fix_all_edits = edits


def edited_texts(text: str, count: int) -> list[str]:
    """`count` successive versions of `text`, each one small edit away from the one before."""
    import ast

    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    # One-line statements inside functions: appending a comment keeps the file valid.
    simple = sorted(
        {
            node.lineno - 1
            for function in ast.walk(tree)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function)
            if isinstance(node, ast.stmt)
            and not hasattr(node, "body")
            and node.lineno == node.end_lineno
            and not lines[node.lineno - 1].rstrip().endswith(("\\", ","))
            and "#" not in lines[node.lineno - 1]
        }
    )
    leak = next(index for index, line in enumerate(lines) if "if x[i] < 0:" in line)
    versions = []
    current = list(lines)
    inserted = False
    for step in range(count):
        kind = step % 4
        if kind == 0:  # change a line inside some function of the library
            index = simple[(step * 7) % len(simple)]
            if inserted:
                index += 1
            current[index] = current[index].rstrip("\n") + f"  # edit {step}\n"
        elif kind == 1:  # insert a top-level line
            current.insert(0, f"EDITED = {step}\n")
            inserted = True
        elif kind == 2:  # change the traced function holding the leak
            index = leak + (1 if inserted else 0)
            current[index] = current[index].replace("< 0:", "< 1:") if "< 0:" in current[index] else current[index].replace("< 1:", "< 0:")
        else:  # delete the inserted line again
            del current[0]
            inserted = False
        versions.append("".join(current))
    return versions


def tracerfix_command() -> list[str]:
    script = Path(sysconfig.get_path("scripts")) / "tracerfix"
    return [sys.executable, str(script), "lsp"] if script.exists() else [sys.executable, "-m", "tracerfix", "lsp"]


def ruff_command() -> list[str] | None:
    script = Path(sysconfig.get_path("scripts")) / "ruff"
    found = str(script) if script.exists() else shutil.which("ruff")
    return None if found is None else [found, "server"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(share * len(ordered)), len(ordered) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("module", nargs="?", type=Path, default=None)
    parser.add_argument("--edits", type=int, default=40, help="edits timed (default 40)")
    parser.add_argument("--no-ruff", action="store_true", help="time tracerfix alone")
    parser.add_argument("--max-edit-ms", type=float, default=None, help="exit 1 when the median edit is slower")
    parser.add_argument("--max-fix-all-ms", type=float, default=None, help="exit 1 when the median fixAll is slower")
    parser.add_argument("--max-start-ms", type=float, default=None, help="exit 1 when first diagnostics are later")
    args = parser.parse_args(argv)

    module = args.module or editor_modules.write_modules()[0]
    text = module.read_text(encoding="utf-8")
    versions = edited_texts(text, args.edits)
    servers = [("tracerfix", tracerfix_command(), "source.fixAll.tracerfix")]
    if not args.no_ruff:
        ruff = ruff_command()
        if ruff is None:
            raise SystemExit("ruff is not installed: `pip install ruff`, or pass --no-ruff")
        servers.append(("ruff", ruff, "source.fixAll.ruff"))
    lines = text.count("\n")
    print(f"module: {module} ({lines} lines), {args.edits} whole-text edits")
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        path = root / module.name
        path.write_text(text, encoding="utf-8")
        sessions = []
        for name, command, kind in servers:  # one at a time: start-up is timed on a quiet machine
            sessions.append(Session.start(StdioClient(name, command, root, kind), path, text))
        for version_text in versions:
            for session in sessions:
                session.edit(version_text)
                session.fix_all(lines + 2)
        for session in sessions:
            session.client.close()
    ms = 1000.0
    print(f"{'':30}{'initialize':>11}{'first diag.':>12}{'edit->diag. median / p90':>26}{'fixAll median / p90':>22}")
    for session in sessions:
        print(
            f"{session.client.name:30}{session.initialize * ms:9.0f}ms{session.first_diagnostics * ms:10.0f}ms"
            f"{statistics.median(session.edits) * ms:15.1f} / {percentile(session.edits, 0.9) * ms:5.1f}ms"
            f"{statistics.median(session.fix_alls) * ms:12.1f} / {percentile(session.fix_alls, 0.9) * ms:5.1f}ms"
        )
    print("server CPU time (user + system; what the machine's load does not inflate much):")
    print(f"{'':30}{'to first diag.':>15}{'per edit, mean':>16}{'per fixAll, mean':>18}")
    for session in sessions:
        print(
            f"{session.client.name:30}{session.start_cpu * ms:13.0f}ms"
            f"{session.edit_cpu / len(session.edits) * ms:14.1f}ms{session.fix_all_cpu / len(session.fix_alls) * ms:16.1f}ms"
        )
    print(
        "(diagnostics at start: "
        + ", ".join(f"{s.client.name} {s.first_count}" for s in sessions)
        + "; text edits in the last fixAll: "
        + ", ".join(f"{s.client.name} {s.fix_all_edits}" for s in sessions)
        + ")"
    )
    ours = sessions[0]
    failed = []
    if args.max_edit_ms is not None and statistics.median(ours.edits) * ms > args.max_edit_ms:
        failed.append("edit to diagnostics")
    if args.max_fix_all_ms is not None and statistics.median(ours.fix_alls) * ms > args.max_fix_all_ms:
        failed.append("fixAll")
    if args.max_start_ms is not None and ours.first_diagnostics * ms > args.max_start_ms:
        failed.append("first diagnostics")
    if failed:
        print("above the target: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
