"""Phrases that several rules' messages share."""

from __future__ import annotations


def under_tracing(context) -> str:
    """Why the code runs under a trace: "tracing (`f` is decorated with @jax.jit)"."""
    scope = context.scope
    if scope is None:
        return "tracing"
    return f"tracing (`{context.function_name}` is {scope.reason})"


def install_command(extra: str) -> str:
    """The pip command that adds `extra` to this tracerfix, from where it was installed: tracerfix
    is not on PyPI, so `pip install 'tracerfix[extra]'` would not find it."""
    import json
    import sys
    from importlib import metadata
    from pathlib import Path

    pip = f"{_shell_word(sys.executable)} -m pip install"
    source = Path(__file__).resolve().parent.parent
    if (source / "pyproject.toml").is_file() and (source / "tracerfix" / "__init__.py").is_file():
        return f"{pip} -e {_shell_word(f'{source}[{extra}]')}"  # a clone or a local copy, editable
    for distribution in metadata.distributions(name="tracerfix"):
        try:
            origin = json.loads(distribution.read_text("direct_url.json") or "{}")
        except ValueError:
            continue
        url, vcs = origin.get("url", ""), origin.get("vcs_info")
        if vcs and url:
            pinned = f"@{vcs['commit_id']}" if vcs.get("commit_id") else ""
            requirement = f"tracerfix[{extra}] @ {vcs.get('vcs', 'git')}+{url}{pinned}"
            return f"{pip} {_shell_word(requirement)}"
        if url.startswith("file://"):
            from urllib.parse import unquote, urlparse

            folder = unquote(urlparse(url).path)
            return f"{pip} {_shell_word(f'{folder}[{extra}]')}"
    return (
        f"{pip} -e '.[{extra}]' in a clone of tracerfix, or {pip} 'tracerfix[{extra}] @ git+URL' "
        "(tracerfix is not on PyPI)"
    )


def _shell_word(text: str) -> str:
    import shlex

    return shlex.quote(text)
