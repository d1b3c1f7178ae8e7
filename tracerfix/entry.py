"""The `tracerfix` command. The editor's save hook is served without the command-line library.

`tracerfix rewrite -` (with `--stdin-filename`, `--quiet`, `--exit-zero`) is what editors run on
every save, and importing click costs about a tenth of such a run. Those few forms are recognised
here and run by `commands.rewrite_standard_input`; everything else, help and errors included,
goes to click (`tracerfix.cli`). tests/test_cli.py checks that click reads every form accepted
here the same way.
"""

from __future__ import annotations

import gc
import sys

_FLAGS = {"-q": "quiet", "--quiet": "quiet", "--exit-zero": "exit_zero"}


def save_hook_options(arguments: list[str]) -> dict | None:
    """The options of `rewrite -` when `arguments` hold nothing else, each at most once; else None."""
    if not arguments or arguments[0] != "rewrite":
        return None
    options: dict = {}
    rest = iter(arguments[1:])
    for argument in rest:
        if argument == "-" and "stdin" not in options:
            options["stdin"] = True
        elif argument in _FLAGS and _FLAGS[argument] not in options:
            options[_FLAGS[argument]] = True
        elif argument == "--stdin-filename" and "stdin_filename" not in options:
            value = next(rest, None)
            if value is None or value.startswith("-"):
                return None  # let click say what is missing
            options["stdin_filename"] = value
        elif argument.startswith("--stdin-filename=") and "stdin_filename" not in options:
            options["stdin_filename"] = argument.partition("=")[2]
        else:
            return None
    if "stdin" not in options:
        return None
    return {
        "stdin_filename": options.get("stdin_filename", "<stdin>"),
        "quiet": options.get("quiet", False),
        "exit_zero": options.get("exit_zero", False),
    }


def main() -> None:
    if sys.argv[1:] == ["lsp"]:
        # The language server answers `initialize` before the analysis (or click) is imported.
        from tracerfix.lsp import serve

        serve()
        return
    options = save_hook_options(sys.argv[1:])
    if options is not None:
        # One short-lived process per save: the garbage collector would scan the syntax trees and
        # the imported classes again and again to free almost nothing before the process exits.
        gc.disable()
    if options is None:
        from tracerfix.cli import main as command_line

        command_line()
        return
    from tracerfix.commands import prepare, rewrite_standard_input

    prepare()
    sys.exit(rewrite_standard_input(**options))


if __name__ == "__main__":
    main()
