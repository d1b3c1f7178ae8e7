"""The language server on a helper module that only a jitted step in another file traces: a real
LSP client speaks JSON-RPC over stdio to `tracerfix lsp`, with the test package as its workspace."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from test_lsp import change_document, open_document

PACKAGE = Path(__file__).resolve().parent / "data" / "project_pkg"

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(
    scope="module",
    params=["visual-studio-code"],
    config=ClientServerConfig(server_command=[sys.executable, "-m", "tracerfix", "lsp"]),
)
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("workspace") / "project"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__"))
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="project")],
    )
    await lsp_client.initialize_session(params)
    lsp_client.project_root = root
    yield
    await lsp_client.shutdown_session()


async def test_helper_file_shows_the_leaks_its_callers_cause_and_fixes_them(client: LanguageClient):
    path = client.project_root / "pkg" / "ops.py"
    text = path.read_text()
    diagnostics = await open_document(client, path, text)
    assert sorted((d.code, d.range.start.line) for d in diagnostics) == [("TFX101", 8), ("TFX401", 14)]
    by_code = {d.code: d.message for d in diagnostics}
    assert "`normalize` is vmapped by `step` in pkg/model.py:10" in by_code["TFX101"]
    assert "`soft_limit` is called from traced `step` in pkg/model.py:14" in by_code["TFX401"]

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.tracerfix"]),
        )
    )
    (action,) = [a for a in actions or [] if isinstance(a, types.CodeAction)]
    if action.edit is None:
        action = await client.code_action_resolve_async(action)
    assert action.edit is not None
    new_texts = [e.new_text for change in action.edit.document_changes or [] for e in change.edits] + [
        e.new_text for edits in (action.edit.changes or {}).values() for e in edits
    ]
    assert any("jnp.tanh" in new for new in new_texts)

    # Typing in the helper keeps the callers' view: a new leak in `soft_limit` is reported at once.
    edited = text.replace("    return np.tanh(x / limit) * limit", "    y = float(x)\n    return np.tanh(x / limit) * limit")
    diagnostics = await change_document(client, path.as_uri(), 2, edited)
    assert {d.code for d in diagnostics} >= {"TFX101", "TFX401"}
    assert len(diagnostics) == 3, [(d.code, d.message) for d in diagnostics]
