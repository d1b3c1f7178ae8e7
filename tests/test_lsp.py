"""The language server end to end: a real LSP client speaks JSON-RPC over stdio to `tracerfix lsp`.

The client announces the capabilities of real editors: VS Code (UTF-16 positions, lazy edits
through `codeAction/resolve`), Emacs (no resolve: edits sent at once; UTF-32 positions) and Neovim
0.11 (UTF-8 positions). One server process per editor serves the whole module (starting it costs
more than the tests); each test opens its own documents in its own folder.
"""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEED_CLIP = (EXAMPLES / "seed_clip.py").read_text()
CLIP_LINE = next(n for n, line in enumerate(SEED_CLIP.splitlines()) if "if x[0] < 0:" in line)  # 0-based

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(
    scope="module",
    params=["visual-studio-code", "emacs", "neovim@v0.11.0"],
    config=ClientServerConfig(server_command=[sys.executable, "-m", "tracerfix", "lsp"]),
)
async def client(lsp_client: LanguageClient, request, tmp_path_factory):
    root = tmp_path_factory.mktemp("workspace")
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="workspace")],
    )
    result = await lsp_client.initialize_session(params)
    ENCODING[id(lsp_client)] = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16
    yield
    await lsp_client.shutdown_session()


ENCODING: dict[int, str] = {}  # client -> the position encoding the server chose
# A server that fails to publish is a failed test, not a suite that hangs.
PUBLISH_TIMEOUT = 60


async def diagnostics_published(client: LanguageClient) -> None:
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), PUBLISH_TIMEOUT)


# -- helpers ---------------------------------------------------------------------------------------


def units(text: str, encoding: str) -> int:
    """How many code units of the negotiated encoding `text` takes."""
    if encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def offset(text: str, position: types.Position, encoding: str) -> int:
    """An LSP position -> index into `text` (lines broken at \\n, \\r\\n, \\r)."""
    lines = text.splitlines(keepends=True)
    start = sum(len(line) for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    for index in range(len(line) + 1):
        if units(line[:index], encoding) >= position.character:
            return start + index
    return start + len(line)


def apply(client: LanguageClient, text: str, edits: list[types.TextEdit]) -> str:
    """Apply edits as an editor does: all positions refer to the original text."""
    encoding = ENCODING[id(client)]
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(text, edit.range.start, encoding), offset(text, edit.range.end, encoding)
        text = text[:start] + edit.new_text + text[end:]
    return text


def edits_of(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    edit = action.edit
    assert edit is not None, f"{action.title!r} carries no edit"
    if edit.document_changes:
        (change,) = edit.document_changes
        assert change.text_document.uri == uri
        return list(change.edits)
    return list(edit.changes[uri])


async def open_document(client: LanguageClient, path: Path, text: str) -> list[types.Diagnostic]:
    path.write_text(text)
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text))
    )
    await diagnostics_published(client)
    return list(client.diagnostics[uri])


async def change_document(client: LanguageClient, uri: str, version: int, text: str) -> list[types.Diagnostic]:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    await diagnostics_published(client)
    return list(client.diagnostics[uri])


async def code_actions(client, uri, range_, diagnostics=(), only=None) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=range_,
            context=types.CodeActionContext(diagnostics=list(diagnostics), only=only),
        )
    )
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


async def resolved(client: LanguageClient, action: types.CodeAction) -> types.CodeAction:
    if action.edit is None:
        action = await client.code_action_resolve_async(action)
    return action


# -- the seed's clip, from diagnostic to fixed text ------------------------------------------------


async def test_seed_clip_diagnostic_quick_fix_and_fixed_text(client: LanguageClient, tmp_path):
    path = tmp_path / "clip.py"
    diagnostics = await open_document(client, path, SEED_CLIP)
    assert [(d.code, d.source, d.range.start.line, d.range.start.character) for d in diagnostics] == [
        ("TFX101", "tracerfix", CLIP_LINE, 4)
    ]
    (diagnostic,) = diagnostics
    assert "x[0] < 0" in diagnostic.message
    assert diagnostic.range.end.line == CLIP_LINE, "a multi-line `if` is underlined on its first line"

    cursor = types.Range(start=diagnostic.range.start, end=diagnostic.range.start)
    actions = await code_actions(client, path.as_uri(), cursor, [diagnostic], only=[types.CodeActionKind.QuickFix])
    quick_fixes = [a for a in actions if a.diagnostics and a.is_preferred]
    assert [a.title for a in quick_fixes] == ["Replace the `if` with `jnp.where(...)` (TFX101)"]
    assert quick_fixes[0].kind == types.CodeActionKind.QuickFix and quick_fixes[0].is_preferred
    assert any(a.title == "Fix all tracerfix issues" for a in actions)

    action = await resolved(client, quick_fixes[0])
    edits = edits_of(action, path.as_uri())
    fixed = apply(client, SEED_CLIP, edits)
    assert "    result = jnp.where(x[0] < 0, result.at[0].set(0), result)  # expect: TFX101\n" in fixed
    assert "if x[0] < 0" not in fixed
    # Only the rewritten statement changes: the rest of the file is untouched by the edit.
    assert all(CLIP_LINE <= e.range.start.line and e.range.end.line <= CLIP_LINE + 2 for e in edits)

    assert await change_document(client, path.as_uri(), 2, fixed) == []
    assert await code_actions(client, path.as_uri(), cursor) == []


async def test_fix_all_on_save_kind_returns_the_edit_at_once(client: LanguageClient, tmp_path):
    source = textwrap.dedent(
        """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def pick(x, y):
            if x.sum() > y.sum():
                out = x - y
            else:
                out = y - x
            return out


        @jax.jit
        def clip(x):
            result = x
            if x[0] < 0:
                result = result.at[0].set(0)
            return result
        """
    )
    path = tmp_path / "two.py"
    diagnostics = await open_document(client, path, source)
    assert [d.range.start.line for d in diagnostics] == [6, 16]

    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=19, character=0))
    actions = await code_actions(client, path.as_uri(), whole, only=["source.fixAll.tracerfix"])
    (fix_all,) = actions
    assert fix_all.kind == "source.fixAll.tracerfix" and fix_all.edit is not None
    fixed = apply(client, source, edits_of(fix_all, path.as_uri()))
    assert "    out = jnp.where(x.sum() > y.sum(), x - y, y - x)\n" in fixed
    assert "    result = jnp.where(x[0] < 0, result.at[0].set(0), result)\n" in fixed
    assert await change_document(client, path.as_uri(), 2, fixed) == []

    # Editors that ask for the parent kinds get the same action.
    for only in (["source.fixAll"], ["source"]):
        await change_document(client, path.as_uri(), 3, source)
        assert [a.kind for a in await code_actions(client, path.as_uri(), whole, only=only)] == ["source.fixAll.tracerfix"]
    assert await code_actions(client, path.as_uri(), whole, only=["refactor"]) == []


async def test_unfixable_finding_has_a_diagnostic_but_no_action(client: LanguageClient, tmp_path):
    source = 'import jax\n\n@jax.jit\ndef f(x):\n    if x.min() < 0:\n        raise ValueError("negative", x.min())\n    return x\n'
    path = tmp_path / "side_effect.py"
    (diagnostic,) = await open_document(client, path, source)
    assert diagnostic.code == "TFX101" and diagnostic.data["fix"] is None
    actions = await code_actions(client, path.as_uri(), diagnostic.range, [diagnostic])
    assert [a.title for a in actions] == ["Disable TFX101 for this line"]


async def test_positions_count_the_negotiated_code_units(client: LanguageClient, tmp_path):
    line = "    if x[0] < 0:  # café ☕ 😋"
    source = f"import jax\n\n@jax.jit\ndef f(x):\n    y = x\n{line}\n        y = -x\n    return y\n"
    path = tmp_path / "unicode.py"
    (diagnostic,) = await open_document(client, path, source)
    assert diagnostic.range.end.line == 5
    assert diagnostic.range.end.character == units(line, ENCODING[id(client)])
    (action, _disable, _fix_all) = await code_actions(client, path.as_uri(), diagnostic.range, [diagnostic])
    fixed = apply(client, source, edits_of(await resolved(client, action), path.as_uri()))
    assert fixed.endswith("    y = jnp.where(x[0] < 0, -x, y)  # café ☕ 😋\n    return y\n")


async def test_syntax_error_is_reported_and_the_server_keeps_working(client: LanguageClient, tmp_path):
    path = tmp_path / "broken.py"
    (diagnostic,) = await open_document(client, path, "import jax\n\ndef f(x:\n")
    assert diagnostic.severity == types.DiagnosticSeverity.Error and "syntax error" in diagnostic.message
    assert await change_document(client, path.as_uri(), 2, SEED_CLIP) != []


async def test_project_configuration_is_honoured(client: LanguageClient, tmp_path):
    ignoring = tmp_path / "ignoring"
    ignoring.mkdir()
    (ignoring / "pyproject.toml").write_text('[tool.tracerfix]\nignore = ["TFX101"]\n')
    assert await open_document(client, ignoring / "clip.py", SEED_CLIP) == []

    (tmp_path / "pyproject.toml").write_text("[tool.tracerfix]\nunsafe-fixes = true\n")
    source = "import jax\n\n@jax.jit\ndef f(x, y):\n    if x[0] > 0:\n        y = 1 / x\n    return y\n"
    path = tmp_path / "division.py"
    (diagnostic,) = await open_document(client, path, source)
    assert diagnostic.data["safety"] == "unsafe"
    titles = [a.title for a in await code_actions(client, path.as_uri(), diagnostic.range, [diagnostic])]
    assert "Replace the `if` with `jnp.where(...)` (TFX101, unsafe)" in titles

    # Without the project's opt-in, an unsafe fix is not offered; a save picks up the change.
    (tmp_path / "pyproject.toml").write_text("[tool.tracerfix]\nunsafe-fixes = false\n")
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=path.as_uri())))
    await diagnostics_published(client)
    titles = [a.title for a in await code_actions(client, path.as_uri(), diagnostic.range, [diagnostic])]
    assert titles == ["Disable TFX101 for this line"]


async def test_excluded_files_and_broken_configuration(client: LanguageClient, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.tracerfix]\nexclude = ["generated"]\n')
    (tmp_path / "generated").mkdir()
    assert await open_document(client, tmp_path / "generated" / "clip.py", SEED_CLIP) == []

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "pyproject.toml").write_text('[tool.tracerfix]\nselect = "TFX101"\n')
    diagnostics = await open_document(client, broken / "clip.py", SEED_CLIP)
    assert [d.code for d in diagnostics] == ["TFX101"], "a broken configuration falls back to the defaults"
    (message,) = [m for m in client.messages if "select" in m.message]
    assert message.type == types.MessageType.Error and "pyproject.toml" in message.message


async def test_closing_a_document_clears_its_diagnostics(client: LanguageClient, tmp_path):
    path = tmp_path / "closed.py"
    assert await open_document(client, path, SEED_CLIP) != []
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=path.as_uri())))
    await diagnostics_published(client)
    assert list(client.diagnostics[path.as_uri()]) == []


# -- while typing, hover, disabling ----------------------------------------------------------------


async def test_a_syntax_error_elsewhere_keeps_the_leak_diagnostics(client: LanguageClient, tmp_path):
    path = tmp_path / "typing.py"
    await open_document(client, path, SEED_CLIP)
    half_typed = SEED_CLIP.replace("# Vectorized and jit-safe: must stay silent.", "def unfinished(x:\n")
    diagnostics = await change_document(client, path.as_uri(), 2, half_typed)
    assert sorted((d.code or "", d.range.start.line) for d in diagnostics) == [
        ("", half_typed.splitlines().index("def unfinished(x:")),
        ("TFX101", CLIP_LINE),
    ]
    (error,) = [d for d in diagnostics if d.code is None]
    assert "syntax error" in error.message
    # No fix is offered while the file does not parse: it could not be checked after the edit.
    cursor = types.Range(start=types.Position(line=CLIP_LINE, character=4), end=types.Position(line=CLIP_LINE, character=4))
    titles = [a.title for a in await code_actions(client, path.as_uri(), cursor)]
    assert titles == ["Disable TFX101 for this line"]


async def test_hover_on_a_diagnostic_shows_the_rules_documentation(client: LanguageClient, tmp_path):
    path = tmp_path / "hover.py"
    (diagnostic,) = await open_document(client, path, SEED_CLIP)
    inside = types.Position(line=diagnostic.range.start.line, character=diagnostic.range.start.character + 2)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=inside)
    )
    assert hover is not None and hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value.startswith("**TFX101** `python-if-on-tracer`")
    assert "## What it does" in hover.contents.value and "## Fix safety" in hover.contents.value
    elsewhere = types.Position(line=0, character=0)
    assert await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=elsewhere)
    ) is None


async def test_disable_for_this_line_silences_the_finding(client: LanguageClient, tmp_path):
    path = tmp_path / "disable.py"
    (diagnostic,) = await open_document(client, path, SEED_CLIP)
    actions = await code_actions(client, path.as_uri(), diagnostic.range, [diagnostic])
    (disable,) = [a for a in actions if a.title == "Disable TFX101 for this line"]
    disabled = apply(client, SEED_CLIP, edits_of(disable, path.as_uri()))
    assert "    if x[0] < 0:  # expect: TFX101  # noqa: TFX101\n" in disabled
    assert await change_document(client, path.as_uri(), 2, disabled) == []


async def test_range_edits_as_editors_send_them(client: LanguageClient, tmp_path):
    """Editors send the changed range, not the whole text: the server applies it to its copy."""
    path = tmp_path / "ranges.py"
    (diagnostic,) = await open_document(client, path, SEED_CLIP)
    line = CLIP_LINE + 1  # `        result = result.at[0].set(0)`
    start = types.Position(line=line, character=0)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=start, end=start), text="# café ☕ 😋\n"),
            ],
        )
    )
    await diagnostics_published(client)
    (moved,) = client.diagnostics[path.as_uri()]
    assert moved.range.start.line == CLIP_LINE
    end = types.Position(line=line, character=units("# café ☕ 😋", ENCODING[id(client)]))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=3),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="        if x[1] < 0:\n            result = -result"),
            ],
        )
    )
    await diagnostics_published(client)
    lines = [d.range.start.line for d in client.diagnostics[path.as_uri()]]
    assert lines == [CLIP_LINE, CLIP_LINE + 1]
