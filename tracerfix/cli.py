"""The command line: flags in, one Settings value, one Summary out, one exit code.

`check` and `rewrite` never import JAX and never run user code.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tracerfix import api, output
from tracerfix.engine import Settings
from tracerfix.registry import all_rules, rule_by_code, select_rules

STDIN = "-"


def _settings(select: tuple[str, ...], ignore: tuple[str, ...], unsafe_fixes: bool) -> Settings:
    rules = select_rules(list(select) or None, list(ignore) or None)
    return Settings(rules=rules, unsafe_fixes=unsafe_fixes)


def _paths(paths: tuple[str, ...]) -> list[Path]:
    missing = [p for p in paths if p != STDIN and not Path(p).exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {', '.join(missing)}")
    return [Path(p) for p in paths]


_select = click.option("--select", multiple=True, metavar="CODE", help="Only these rule codes or prefixes (e.g. TFX1).")
_ignore = click.option("--ignore", multiple=True, metavar="CODE", help="Skip these rule codes or prefixes.")
_stdin_filename = click.option("--stdin-filename", default="<stdin>", help="Name used in messages when reading standard input.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tracerfix")
def main() -> None:
    """Find JAX tracer leaks and rewrite them into jit-safe code."""


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--output-format", type=click.Choice(sorted(output.FORMATS)), default="text", show_default=True)
@_select
@_ignore
@_stdin_filename
def check(paths, output_format, select, ignore, stdin_filename) -> None:
    """Report tracer leaks in PATHS (files or folders; '-' reads standard input).

    Exit status: 0 no leaks, 1 leaks found, 2 a file could not be processed.
    """
    settings = _settings(select, ignore, unsafe_fixes=False)
    summary = output.Summary()
    for path in _paths(paths):
        if str(path) == STDIN:
            summary.reports.append(api.process_text(sys.stdin.read(), stdin_filename, settings, fix=False))
            continue
        for file in api.iter_python_files([path]):
            summary.reports.append(api.process_path(file, settings, fix=False, write=False))
    click.echo(output.FORMATS[output_format](summary), nl=False)
    for line in output.error_lines(summary.reports):
        click.echo(line, err=True)
    sys.exit(summary.exit_code())


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--diff", is_flag=True, help="Print a unified diff and write nothing (exit 1 if anything would change).")
@click.option("--unsafe-fixes", is_flag=True, help="Also apply fixes that may change behaviour (see `tracerfix explain`).")
@_select
@_ignore
@_stdin_filename
def rewrite(paths, diff, unsafe_fixes, select, ignore, stdin_filename) -> None:
    """Rewrite tracer leaks in PATHS in place ('-': standard input to standard output).

    Exit status: 0 nothing left to fix, 1 leaks remain that could not be fixed (or, with --diff,
    something would change), 2 a file could not be processed.
    """
    settings = _settings(select, ignore, unsafe_fixes)
    summary = output.Summary()
    for path in _paths(paths):
        if str(path) == STDIN:
            source = sys.stdin.read()
            report = api.process_text(source, stdin_filename, settings, fix=True)
            summary.reports.append(report)
            if diff:
                click.echo(report.diff(), nl=False)
            else:
                sys.stdout.write(report.after if report.after is not None else source)
            continue
        for file in api.iter_python_files([path]):
            report = api.process_path(file, settings, fix=True, write=not diff)
            summary.reports.append(report)
            if diff:
                click.echo(report.diff(), nl=False)
    _report_rewrite(summary, to_stderr=STDIN in paths and not diff)
    sys.exit(summary.exit_code(fail_on_change=diff))


def _report_rewrite(summary: output.Summary, to_stderr: bool) -> None:
    for path, finding in summary.findings:
        click.echo(output.finding_line(path, finding), err=True)
    for line in output.error_lines(summary.reports):
        click.echo(line, err=True)
    fixed = summary.fixed_count
    remaining = len(summary.findings)
    if fixed or remaining:
        files = sum(1 for r in summary.reports if r.written)
        message = f"Fixed {fixed} tracer leak{'s' if fixed != 1 else ''}"
        if files:
            message += f" in {files} file{'s' if files != 1 else ''}"
        message += f"; {remaining} left to fix by hand." if remaining else "."
        click.echo(message, err=True)


@main.command(name="rules")
def list_rules() -> None:
    """List every rule: code, name, fix, summary."""
    for rule in all_rules():
        click.echo(f"{rule.code}  {rule.name:<40} {rule.fix_kind():<7} {rule.summary}")


@main.command()
@click.argument("code")
def explain(code) -> None:
    """Print the documentation of rule CODE (e.g. TFX101)."""
    rule = rule_by_code(code)
    if rule is None:
        raise click.UsageError(f"unknown rule {code!r}; `tracerfix rules` lists them")
    click.echo(f"{rule.code} ({rule.name})\n")
    click.echo(rule.documentation())
