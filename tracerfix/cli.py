"""The command line: flags in, one Settings value, one Summary out, one exit code.

`check` and `rewrite` never import JAX and never run user code.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from tracerfix import api, commands, config, output
from tracerfix.commands import note_unsafe_fixes, prepare, report_rewrite, write_rewritten
from tracerfix.commands import resolver as _resolver
from tracerfix.commands import stdin_report as _stdin_report
from tracerfix.registry import all_rules, rule_by_code

STDIN = "-"


def _paths(paths: tuple[str, ...]) -> list[Path]:
    missing = [p for p in paths if p != STDIN and not Path(p).exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {', '.join(missing)}")
    return [Path(p) for p in paths]


_select = click.option(
    "--select", multiple=True, metavar="CODE",
    help="Only these rule codes or prefixes (e.g. TFX1,TFX3); replaces the configured `select`.",
)
_ignore = click.option("--ignore", multiple=True, metavar="CODE", help="Skip these rule codes or prefixes (on top of the configuration).")
_stdin_filename = click.option("--stdin-filename", default="<stdin>", help="Name used in messages when reading standard input.")
_config = click.option(
    "--config", "config_file", type=click.Path(exists=True, dir_okay=False),
    help="Use this configuration file (a pyproject.toml, or a TOML file holding the [tool.tracerfix] keys) for every file.",
)
_jobs = click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Files processed in parallel (default: every core).")
_no_cache = click.option("--no-cache", is_flag=True, help="Analyse every file again instead of reusing cached results.")
_exclude = click.option("--exclude", multiple=True, metavar="PATTERN", help="Also skip files and folders matching this glob (adds to `exclude`).")
_respect_gitignore = click.option(
    "--respect-gitignore/--no-respect-gitignore", default=None, help="Skip files git ignores when walking folders (default: on).",
)


def _configured(command):
    """The options of every command that reads files: rule selection, configuration, walking."""
    for option in reversed((_select, _ignore, _stdin_filename, _config, _exclude, _respect_gitignore)):
        command = option(command)
    return command


_quiet = click.option("-q", "--quiet", is_flag=True, help="Print the findings and nothing else (no summary lines).")
_exit_zero = click.option("--exit-zero", is_flag=True, help="Exit 0 even when leaks are found (2 still means a file could not be processed).")
_color = click.option(
    "--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
    help="Colour the output: auto colours a terminal unless NO_COLOR is set.",
)
_seed = click.option("--seed", type=int, default=None, help="Replay the inputs of an earlier verification (its report prints the seed).")
_strict_dtypes = click.option(
    "--strict-dtypes", is_flag=True, default=None,
    help="Verification fails on any dtype change, even a weak-type promotion that keeps the values.",
)


class _Commands(click.Group):
    """Turns a configuration error into a one-line message and exit status 2, for every command."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except config.ConfigError as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(output.EXIT_ERROR)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tracerfix")
def main() -> None:
    """Find JAX tracer leaks and rewrite them into jit-safe code."""
    prepare()


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--output-format", type=click.Choice(sorted(output.FORMATS)), default="text", show_default=True)
@click.option("--statistics", is_flag=True, help="Print how many leaks of each rule were found, instead of each leak.")
@click.option(
    "--show-unsure", is_flag=True,
    help="Also list, on stderr, the places left silent because a value could be traced or not, with why.",
)
@click.option("-o", "--output-file", type=click.Path(dir_okay=False, writable=True), help="Write the report to this file instead of standard output.")
@_quiet
@_exit_zero
@_configured
@_jobs
@_no_cache
@_color
@click.option("--show-settings", is_flag=True, help="Print the settings that apply to the first of PATHS, and where they come from; check nothing.")
@click.option("--show-files", is_flag=True, help="Print the files that would be checked; check nothing.")
@click.option("--add-noqa", is_flag=True, help="Append `# noqa: CODE` to every line with a leak, so that new leaks stand out; exit 0.")
@click.option("--watch", is_flag=True, help="Check again whenever a file under PATHS changes (polling, until interrupted).")
def check(
    paths, output_format, statistics, show_unsure, output_file, quiet, exit_zero, select, ignore, stdin_filename,
    config_file, exclude, respect_gitignore, jobs, no_cache, color, show_settings, show_files, add_noqa, watch,
) -> None:
    """Report tracer leaks in PATHS (files or folders; '-' reads standard input).

    Exit status: 0 no leaks, 1 leaks found, 2 a file could not be processed.
    """
    if statistics and output_format not in output.STATISTICS_FORMATS:
        raise click.UsageError(f"--statistics prints {' or '.join(output.STATISTICS_FORMATS)}, not {output_format}")
    if watch and (STDIN in paths or add_noqa):
        raise click.UsageError("--watch re-reads files: it takes neither '-' nor --add-noqa")
    if add_noqa and STDIN in paths:
        raise click.UsageError("--add-noqa edits files in place: name files or folders, not '-'")
    resolver = _resolver(config_file, select, ignore, None, exclude, respect_gitignore)
    files = [path for path in _paths(paths) if str(path) != STDIN]
    if show_settings or show_files:
        shown = commands.show_settings(resolver, [*files, *([Path(stdin_filename)] if STDIN in paths else [])]) if show_settings else []
        shown += commands.show_files(resolver, files) if show_files else []
        click.echo("".join(f"{line}\n" for line in shown), nl=False)
        sys.exit(output.EXIT_CLEAN)
    colour = commands.colour_choice(color)

    def check_once() -> int:
        summary = output.Summary()
        if STDIN in paths:
            summary.reports.append(_stdin_report(resolver, stdin_filename, fix=False, use_cache=not no_cache))
        summary.reports += api.process_paths(files, resolver, fix=False, write=False, jobs=jobs, use_cache=not no_cache)
        if add_noqa:
            return commands.add_noqa(summary)
        note_unsafe_fixes(summary, resolver)
        if output_format in ("json", "sarif") and not statistics:
            commands.attach_fix_edits(summary, resolver)
        report = output.render(summary, output_format, quiet=quiet, statistics=statistics)
        if output_file:
            Path(output_file).write_text(report, encoding="utf-8")
        else:
            click.echo(output.colour_findings(report) if output_format == "text" else report, nl=False, color=colour)
        for line in output.error_lines(summary.reports):
            click.echo(line, err=True)
        if show_unsure:
            for line in api.unsure_lines(files, resolver):
                click.echo(line, err=True)
        return summary.exit_code(exit_zero=exit_zero)

    if watch:
        sys.exit(commands.watch(files, resolver, check_once))
    sys.exit(check_once())


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--diff", is_flag=True, help="Print a unified diff and write nothing (exit 1 if anything would change).")
@click.option(
    "--unsafe-fixes/--no-unsafe-fixes", default=None,
    help="Also apply fixes that may change behaviour (see `tracerfix explain`); overrides `unsafe-fixes`.",
)
@_quiet
@_exit_zero
@_configured
@_jobs
@_no_cache
@_color
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit 1 when anything was fixed, even if no leak is left.")
@click.option(
    "--verify", is_flag=True,
    help="Run each rewritten function against its original first (executes your code in a "
    "subprocess); keep only the fixes that agree, unsafe ones included.",
)
@_seed
@_strict_dtypes
def rewrite(
    paths, diff, unsafe_fixes, quiet, exit_zero, select, ignore, stdin_filename,
    config_file, exclude, respect_gitignore, jobs, no_cache, color, exit_non_zero_on_fix, verify, seed, strict_dtypes,
) -> None:
    """Rewrite tracer leaks in PATHS in place ('-': standard input to standard output).

    Exit status: 0 nothing left to fix, 1 leaks remain that could not be fixed (or, with --diff,
    something would change, or with --verify, a rewrite failed verification), 2 a file could not
    be processed.
    """
    if seed is not None and not verify:
        raise click.UsageError("--seed replays a verification: use it with --verify")
    resolver = _resolver(config_file, select, ignore, unsafe_fixes, exclude, respect_gitignore)
    files = [path for path in _paths(paths) if str(path) != STDIN]
    summary = output.Summary()
    colour = commands.colour_choice(color)
    with _verifying(resolver, verify, seed, no_cache=no_cache, jobs=jobs, strict_dtypes=strict_dtypes) as verifier:
        if STDIN in paths:
            report = _stdin_report(resolver, stdin_filename, fix=True, verifier=verifier, use_cache=not no_cache)
            summary.reports.append(report)
            if diff:
                click.echo(output.colour_diff(report.diff()), nl=False, color=colour)
            else:
                write_rewritten(report)
        if verifier is not None:
            reports = verifier.process_paths(files, write=not diff)
        else:
            reports = api.process_paths(files, resolver, fix=True, write=not diff, jobs=jobs, use_cache=not no_cache)
        for report in reports:
            summary.reports.append(report)
            if diff:
                click.echo(output.colour_diff(report.diff()), nl=False, color=colour)
    code = summary.exit_code(fail_on_change=diff, exit_zero=exit_zero)
    if exit_non_zero_on_fix and not exit_zero and not diff and any(report.written and report.fixed for report in summary.reports):
        code = max(code, output.EXIT_FINDINGS)
    if verifier is not None:  # the verdicts first: the last line sums up the whole run
        verdict = _report_verification(verifier, everything=False, quiet=quiet, err=True)
        code = max(code, 0 if exit_zero else verdict)
    note_unsafe_fixes(summary, resolver, verifying=verifier is not None)
    report_rewrite(summary, quiet, diff=diff)
    sys.exit(code)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@_seed
@click.option("--trials", type=click.IntRange(min=1), default=None, help="Random inputs per input signature (default: 16).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, help="Seconds allowed per function (default: 60).")
@_configured
@_jobs
@_no_cache
@_strict_dtypes
def verify(
    paths, seed, trials, timeout, select, ignore, stdin_filename, config_file, exclude,
    respect_gitignore, jobs, no_cache, strict_dtypes,
) -> None:
    """Check every rewrite of PATHS against its original, and write nothing.

    Each rewritten function and its original are run in a subprocess on generated inputs (this
    executes your code); one verdict per function is printed. Exit status: 0 every rewrite
    verified, 1 a rewrite disagreed or could not be verified, 2 a file could not be processed.
    """
    resolver = _resolver(config_file, select, ignore, None, exclude, respect_gitignore)
    files = [path for path in _paths(paths) if str(path) != STDIN]
    summary = output.Summary()
    with _verifying(resolver, True, seed, trials, timeout, no_cache, jobs, strict_dtypes) as verifier:
        if STDIN in paths:
            summary.reports.append(_stdin_report(resolver, stdin_filename, fix=True, verifier=verifier, use_cache=not no_cache))
        summary.reports += verifier.process_paths(files, write=False)
    for line in output.error_lines(summary.reports):
        click.echo(line, err=True)
    code = _report_verification(verifier, everything=True, quiet=False, err=False)
    sys.exit(output.EXIT_ERROR if summary.errors else code)


@contextlib.contextmanager
def _verifying(resolver: config.Resolver, enabled: bool, seed, trials=None, timeout=None, no_cache=False, jobs=None,
               strict_dtypes=None):
    """A Verifier when `enabled`; imported only then, so plain check/rewrite never load it."""
    if not enabled:
        yield None
        return
    from tracerfix.parallel import default_jobs
    from tracerfix.verify.runner import WorkerError
    from tracerfix.verify.stage import Verifier

    # Each worker is a process holding JAX: a few keep the cores busy.
    workers = jobs or min(default_jobs(), 4)
    verifier = Verifier(
        resolver, seed=seed, trials=trials, function_timeout=timeout, compile_cache=not no_cache, jobs=workers,
        strict_dtypes=strict_dtypes,
    )
    try:
        yield verifier
    except WorkerError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(output.EXIT_ERROR)
    finally:
        verifier.close()


def _report_verification(verifier, *, everything: bool, quiet: bool, err: bool) -> int:
    from tracerfix.verify import report

    for result in verifier.results:
        if everything or not result.verified:
            for line in report.result_lines(result):
                click.echo(line, err=err)
    if not quiet:
        click.echo(report.summary_line(verifier.results, verifier.seeds), err=err)
    return report.exit_code(verifier.results)


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


@main.command()
def lsp() -> None:
    """Run the language server over standard input and output (started by your editor)."""
    try:
        from tracerfix.lsp import serve
    except ModuleNotFoundError as error:
        if error.name not in ("pygls", "lsprotocol"):
            raise
        from tracerfix.messages import install_command

        raise click.ClickException(
            f"the language server needs pygls and lsprotocol ({error.name} is not installed here); add the `lsp` extra: "
            f"{install_command('lsp')}"
        ) from None
    serve()


@main.command(name="from-traceback")
@click.argument("logs", nargs=-1)
@click.option("--fix", is_flag=True, help="Apply the fixes at the lines the tracebacks point at.")
@click.option("--diff", is_flag=True, help="Print the fixes as a diff and write nothing.")
@click.option(
    "--unsafe-fixes/--no-unsafe-fixes", default=None,
    help="Also apply fixes that may change behaviour (see `tracerfix explain`); overrides `unsafe-fixes`.",
)
@click.option(
    "--verify", is_flag=True,
    help="Run each rewritten function against its original first (executes your code in a "
    "subprocess); keep only the fixes that agree, unsafe ones included. Implies --fix unless --diff.",
)
@click.option("--root", type=click.Path(exists=True, file_okay=False), default=".", show_default=True,
              help="The project folder: paths from another machine are matched to its files by their end.")
@click.option("--output-format", type=click.Choice(sorted(output.FORMATS)), default="text", show_default=True)
@_quiet
@_seed
@click.option("--config", "config_file", type=click.Path(exists=True, dir_okay=False),
              help="Use this configuration file for every file.")
def from_traceback(logs, fix, diff, unsafe_fixes, verify, root, output_format, quiet, seed, config_file) -> None:
    """Fix the tracer leaks that JAX errors in LOGS point at ('-' or nothing: standard input).

    Paste or pipe a terminal's output, a pytest or CI log, or a notebook's error: each JAX tracer
    error's traceback says which statement needed a concrete value, which function JAX traced and
    which arguments the value depends on. tracerfix takes that as fact, reports the leak at that
    line with the fix `rewrite` would make there, and applies it with --fix.

    Exit status: 0 nothing left to fix, 1 a leak is reported or left, 2 no tracer error was found
    in the input or a file could not be processed.
    """
    from tracerfix import from_traceback as core
    from tracerfix.tracebacks import parse, shows_frames

    if seed is not None and not verify:
        raise click.UsageError("--seed replays a verification: use it with --verify")
    texts = []
    for log in logs or (STDIN,):
        if log == STDIN:
            texts.append(sys.stdin.read())
        else:
            try:
                texts.append(Path(log).read_text(encoding="utf-8", errors="replace"))
            except OSError as error:
                raise click.UsageError(f"cannot read {log}: {error.strerror or error}") from None
    errors = parse("\n".join(texts))
    if not errors and shows_frames("\n".join(texts)):
        click.echo(
            "error: the traceback ends before a JAX tracer error's name and message (it looks cut): "
            "pass it through the line naming the error, e.g. `jax.errors.TracerBoolConversionError: ...`",
            err=True,
        )
        sys.exit(output.EXIT_ERROR)
    if not errors:
        click.echo("error: no JAX tracer error found in the input (pass the whole traceback)", err=True)
        sys.exit(output.EXIT_ERROR)
    fix = fix or (verify and not diff)
    resolver = _resolver(config_file, (), (), unsafe_fixes, (), None)
    summary = output.Summary()
    with _verifying(resolver, verify, seed) as verifier:
        summary.reports, notes = core.analyse(
            errors, core.ProjectFiles(Path(root)), resolver, fix=fix or diff, write=fix and not diff, verifier=verifier,
        )
    if diff:
        for report in summary.reports:
            click.echo(output.colour_diff(report.diff()), nl=False)
    if fix or diff:
        report_rewrite(summary, quiet, diff=diff)
    else:
        text = output_format == "text"
        click.echo(output.render(summary, output_format, quiet=quiet or text), nl=False)
        if text and not quiet and summary.findings:
            click.echo(core.summary_line(summary))
        for line in output.error_lines(summary.reports):
            click.echo(line, err=True)
    for note in notes:
        click.echo(note.line(), err=True)
    code = summary.exit_code(fail_on_change=diff)
    if notes and code == output.EXIT_CLEAN:
        code = output.EXIT_FINDINGS  # a tracer error is still there, with nothing to fix it
    if verifier is not None:
        code = max(code, _report_verification(verifier, everything=False, quiet=quiet, err=True))
    sys.exit(code)
