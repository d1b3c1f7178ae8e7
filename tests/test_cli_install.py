"""Installing tracerfix as the README says: the core alone runs the main job, the extras add what
they claim, the hints for a missing extra are commands that work, CI runs the README's tests."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text()


def shell_blocks(section: str) -> list[str]:
    body = README.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", body, re.S)


def test_ci_runs_exactly_the_readmes_test_command():
    setup, tests = shell_blocks("Quick start")[:2]
    assert setup.count("\n") == 1, "the set-up command stays one line"
    assert setup.startswith("pip install -e . && tracerfix rewrite --diff examples/")
    command = tests.strip()
    ci = (REPO / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == command
    assert "python3 -m venv" in "\n".join(ci), "CI installs from scratch"


@pytest.mark.slow
def test_the_core_install_runs_the_main_job_and_the_lsp_hint_installs_the_extra(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python, tracerfix = venv / "bin" / "python", venv / "bin" / "tracerfix"
    subprocess.run([python, "-m", "pip", "install", "--quiet", "-e", str(REPO)], check=True, timeout=600)
    size = sum(f.stat().st_size for f in venv.rglob("*") if f.is_file() and not f.is_symlink())
    assert size < 80e6, f"the core install is {size / 1e6:.0f} MB"
    for heavy in ("jax", "pygls", "pytest"):
        assert subprocess.run([python, "-c", f"import {heavy}"], capture_output=True).returncode == 1

    # The README's main command, from the clone.
    env = {**os.environ, "NO_COLOR": "1", "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    main_job = subprocess.run(
        [tracerfix, "rewrite", "--diff", "examples/"], cwd=REPO, capture_output=True, text=True, env=env, timeout=600,
    )
    assert main_job.returncode == 1, main_job.stderr
    assert main_job.stdout.startswith("--- examples/") and "+    x = jnp.where(" in main_job.stdout
    assert "Would fix " in main_job.stderr.splitlines()[-1]

    # Without the extra, `tracerfix lsp` names a command; run exactly that command.
    lsp = subprocess.run([tracerfix, "lsp"], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert lsp.returncode == 1
    hint = lsp.stderr.strip().split("add the `lsp` extra: ", 1)[1]
    assert "'tracerfix[lsp]'" not in hint, "tracerfix is not on PyPI"
    words = shlex.split(hint)
    assert words[:4] == [str(python), "-m", "pip", "install"]
    subprocess.run([*words, "--quiet"], check=True, timeout=600, cwd=tmp_path)
    assert subprocess.run([python, "-c", "import pygls, lsprotocol"]).returncode == 0


def test_every_readme_link_to_a_section_finds_it():
    """GitHub's anchors: the heading in lower case, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#{1,6} (.+)$", README, re.M)
    anchors = {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}
    links = re.findall(r"\]\(#([^)]+)\)", README)
    assert "verification" in links and "installing" in links
    assert sorted(set(links) - anchors) == []
