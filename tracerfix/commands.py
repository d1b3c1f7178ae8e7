"""What the commands do with standard input and configuration, without the command-line library.

Shared by `tracerfix.cli` (every command, parsed by click) and `tracerfix.entry` (the editor's
save hook `rewrite -`, served without importing click: about a tenth of a save's own cost).
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from tracerfix import api, config, engine, output
from tracerfix.registry import all_rules


def prepare() -> None:
    """Load the rules. What the imports made (LibCST's classes, the analysis tables, the rules)
    then lives until the process exits: frozen, the garbage collector stops scanning it again at
    each full collection and at exit (a few percent of a save)."""
    all_rules()
    gc.freeze()


def resolver(config_file, select, ignore, unsafe_fixes, exclude, respect_gitignore) -> config.Resolver:
    """Command-line flags over the configuration files (see tracerfix/config.py for the layering)."""
    overrides = config.Overrides(
        select=config.selectors(select),
        ignore=config.selectors(ignore),
        unsafe_fixes=unsafe_fixes,
        exclude=tuple(exclude),
        respect_gitignore=respect_gitignore,
    )
    return config.Resolver(overrides, Path(config_file) if config_file else None)


def stdin_report(resolver: config.Resolver, stdin_filename: str, *, fix: bool, verifier=None) -> api.FileReport:
    """Standard input, configured as if it were the file `--stdin-filename` names."""
    source = sys.stdin.read()
    path = None if stdin_filename == "<stdin>" else Path(stdin_filename)
    if path is not None and resolver.is_excluded(path):
        return api.FileReport(stdin_filename, before=source, after=source)
    rewrite = verifier.rewriter(path) if verifier is not None else engine.fix
    return api.process_text(source, stdin_filename, resolver.settings_for(path), fix=fix, rewrite=rewrite)


def write_rewritten(report: api.FileReport) -> None:
    sys.stdout.write(report.after if report.after is not None else report.before or "")


def report_rewrite(summary: output.Summary, quiet: bool) -> None:
    """The findings left and the one-line summary, on standard error."""
    lines = [output.finding_line(path, finding) for path, finding in summary.findings]
    lines += output.error_lines(summary.reports)
    fixed = summary.fixed_count
    remaining = len(summary.findings)
    if not quiet and (fixed or remaining):
        files = sum(1 for r in summary.reports if r.written)
        message = f"Fixed {fixed} tracer leak{'s' if fixed != 1 else ''}"
        if files:
            message += f" in {files} file{'s' if files != 1 else ''}"
        message += f"; {remaining} left to fix by hand." if remaining else "."
        lines.append(message)
    _to_stderr(lines)


def rewrite_standard_input(stdin_filename: str, quiet: bool, exit_zero: bool) -> int:
    """`tracerfix rewrite -` with no other option but these: the save hook. Returns the exit code."""
    try:
        report = stdin_report(resolver(None, (), (), None, (), None), stdin_filename, fix=True)
    except config.ConfigError as error:
        _to_stderr([f"error: {error}"])
        return output.EXIT_ERROR
    write_rewritten(report)
    summary = output.Summary()
    summary.reports.append(report)
    report_rewrite(summary, quiet)
    return summary.exit_code(fail_on_change=False, exit_zero=exit_zero)


def _to_stderr(lines: list[str]) -> None:
    if lines:
        sys.stdout.flush()  # what was written to standard output comes first
        sys.stderr.write("".join(f"{line}\n" for line in lines))
        sys.stderr.flush()
