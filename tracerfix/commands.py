"""What the commands do with standard input and configuration, without the command-line library.

Shared by `tracerfix.cli` (every command, parsed by click) and `tracerfix.entry` (the editor's
save hook `rewrite -`, served without importing click: about a tenth of a save's own cost).
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from tracerfix import api, config, engine, fileio, output
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


class StdinReport(api.FileReport):
    """The report on standard input, with the bytes it came as: the save hook prints back exactly
    those bytes when nothing changes or the text cannot be processed, else the rewrite in the same
    encoding, BOM and line endings. (Not a dataclass of its own: building one at import would
    cost every save a little more start-up.)"""

    raw: bytes = b""
    source_file: fileio.SourceFile | None = None

    @classmethod
    def of(cls, report: api.FileReport, raw: bytes, source_file: fileio.SourceFile | None) -> "StdinReport":
        made = cls(**vars(report))
        made.raw, made.source_file = raw, source_file
        return made


def stdin_report(
    resolver: config.Resolver, stdin_filename: str, *, fix: bool, verifier=None, use_cache: bool = True,
) -> StdinReport:
    """Standard input, configured as if it were the file `--stdin-filename` names.

    Read as bytes and decoded as Python decodes a file (PEP 263 cookie, BOM, else UTF-8), so
    Latin-1 source, CRLF line endings and a BOM survive; bytes that are not valid text become an
    error on the report, never an exception. With `use_cache`, what other modules of the file's
    project trace in it is kept in the result cache (keyed by the texts on disk it depends on):
    the save hook runs once per save, and those files rarely change between saves."""
    raw = sys.stdin.buffer.read()
    path = None if stdin_filename == "<stdin>" else Path(stdin_filename)
    try:
        source_file = fileio.decode(raw, path or Path(stdin_filename))
    except fileio.FileError as error:
        return StdinReport.of(api.FileReport(stdin_filename, error=str(error)), raw, None)
    source = source_file.text
    if path is not None and resolver.is_excluded(path):
        return StdinReport.of(api.FileReport(stdin_filename, before=source, after=source), raw, source_file)
    rewrite = verifier.rewriter(path) if verifier is not None else engine.fix
    settings = resolver.settings_for(path)
    if path is not None:
        from tracerfix.cache import Cache

        settings = api.with_project(settings, path, Cache(resolver.cache_dir()) if use_cache else None)
    report = api.process_text(source, stdin_filename, settings, fix=fix, rewrite=rewrite)
    return StdinReport.of(report, raw, source_file)


def write_rewritten(report: StdinReport) -> None:
    """The rewritten text on standard output, encoded as it came; the input unchanged, byte for
    byte, when nothing changed or it could not be processed."""
    data = report.raw
    if report.source_file is not None and report.error is None and report.changed:
        try:
            data = report.source_file.encode(report.after or "")
        except UnicodeEncodeError as error:
            text = report.after or ""
            report.error = f"the rewrite holds {text[error.start]!r}, which {report.source_file.encoding} cannot encode; printed unchanged"
            report.fixed = []
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
    report.written = data is not report.raw  # printed rewritten: what the summary counts as fixed


def note_unsafe_fixes(summary: output.Summary, resolver: config.Resolver, *, verifying: bool = False) -> None:
    """Mark the files whose configuration (or `--verify`) already applies unsafe fixes, among
    those with a finding that has one: for them, `--unsafe-fixes` is no hint."""
    for report in summary.reports:
        if any(f.fix is not None and f.fix.safety is output.Safety.UNSAFE for f in report.findings):
            path = None if report.path == "<stdin>" else Path(report.path)
            if verifying or resolver.settings_for(path).unsafe_fixes:
                summary.unsafe_fixes_on.add(report.path)


def report_rewrite(summary: output.Summary, quiet: bool, *, diff: bool = False) -> None:
    """The findings left and the one-line summary, on standard error."""
    lines = [line for path, finding in summary.findings for line in output.finding_lines(path, finding)]
    lines += output.error_lines(summary.reports)
    message = rewrite_summary(summary, diff=diff)
    if message and not quiet:
        lines.append(message)
    _to_stderr(lines)


def rewrite_summary(summary: output.Summary, *, diff: bool) -> str:
    """What `rewrite` did, as it happened: fixes counted only once written (or printed, for
    standard input); with --diff, what it would fix; what is left, and what would fix it."""
    parts = []
    if diff:
        fixed, files = summary.fixed_count, [r for r in summary.reports if r.changed]
        verb = "Would fix"
    else:
        files = [r for r in summary.reports if r.written]
        fixed, verb = sum(len(r.fixed) for r in files), "Fixed"
    if fixed:
        named = [r for r in files if not isinstance(r, StdinReport)]
        where = f" in {_plural(len(named), 'file')}" if named else ""
        parts.append(f"{verb} {_plural(fixed, 'tracer leak')}{where}")
    if not diff:
        unwritten = sum(len(r.fixed) for r in summary.reports if r.error and not r.written)
        if unwritten:
            parts.append(f"{_plural(unwritten, 'fix', 'fixes')} not written (see the errors above)")
    remaining = len(summary.findings)
    if remaining:
        _, unsafe = summary.fix_counts()
        by_hand = remaining - unsafe
        hint = "`--unsafe-fixes` applies " + ("it" if unsafe == 1 else "them")
        if not unsafe:
            parts.append(f"{remaining} left to fix by hand")
        elif not by_hand:
            parts.append(f"{remaining} left, with an unsafe fix ({hint})")
        else:
            parts.append(f"{remaining} left: {unsafe} with an unsafe fix ({hint}), {by_hand} to fix by hand")
    if not parts:
        return ""
    return "; ".join(parts) + "."


def _plural(count: int, singular: str, plural: str = "") -> str:
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def rewrite_standard_input(stdin_filename: str, quiet: bool, exit_zero: bool) -> int:
    """`tracerfix rewrite -` with no other option but these: the save hook. Returns the exit code."""
    try:
        settings_resolver = resolver(None, (), (), None, (), None)
        report = stdin_report(settings_resolver, stdin_filename, fix=True)
    except config.ConfigError as error:
        _to_stderr([f"error: {error}"])
        return output.EXIT_ERROR
    write_rewritten(report)
    summary = output.Summary()
    summary.reports.append(report)
    note_unsafe_fixes(summary, settings_resolver)
    report_rewrite(summary, quiet)
    return summary.exit_code(fail_on_change=False, exit_zero=exit_zero)


def _to_stderr(lines: list[str]) -> None:
    if lines:
        sys.stdout.flush()  # what was written to standard output comes first
        sys.stderr.write("".join(f"{line}\n" for line in lines))
        sys.stderr.flush()


# --- conventions shared with ruff: colour, settings and files shown, noqa added, fixes as edits, watch


def colour_choice(when: str) -> bool | None:
    """click's `color=`: None lets click colour a terminal only; NO_COLOR (no-color.org) turns
    `auto` off; `always` colours pipes too (CI logs that render ANSI)."""
    import os

    if when == "always":
        return True
    if when == "never" or os.environ.get("NO_COLOR"):
        return False
    return None


def show_settings(resolver: config.Resolver, paths: list[Path]) -> list[str]:
    """The settings for the first path (or the current folder), each with where it comes from."""
    path = paths[0] if paths else None
    settings = resolver.settings_for(path if path is None or not path.is_dir() else path / "-")
    chosen = resolver.config_for(path)
    overrides = resolver.overrides

    def origin(name: str, overridden: bool = False) -> str:
        return "command line" if overridden else (chosen.label if getattr(chosen, name) != getattr(config.Config(chosen.root), name) else "default")

    lines = [
        f"Settings for {path if path is not None else Path.cwd()}:",
        f"  configuration: {resolver.fixed_config.label if resolver.fixed_config else chosen.label}",
        f"  rules ({len(settings.rules)}): {', '.join(rule.code for rule in settings.rules)}",
        f"  select: {list(overrides.select or chosen.select) or 'every rule'} ({origin('select', bool(overrides.select))})",
        f"  ignore: {list(chosen.ignore) + list(overrides.ignore)} ({origin('ignore', bool(overrides.ignore))})",
        f"  unsafe-fixes: {str(settings.unsafe_fixes).lower()} ({origin('unsafe_fixes', overrides.unsafe_fixes is not None)})",
        f"  extend-safe-fixes: {sorted(settings.extend_safe_fixes)} ({origin('extend_safe_fixes')})",
        f"  extend-unsafe-fixes: {sorted(settings.extend_unsafe_fixes)} ({origin('extend_unsafe_fixes')})",
        f"  extend-jit-decorators: {sorted(settings.extra_jit)} ({origin('extend_jit_decorators')})",
        f"  exclude: {list(chosen.exclude) + list(overrides.exclude)} ({origin('exclude', bool(overrides.exclude))})",
        f"  per-file-ignores: {dict((p, list(c)) for p, c in chosen.per_file_ignores)} ({origin('per_file_ignores')})",
        f"  respect-gitignore: {str(resolver.respect_gitignore(path or Path.cwd())).lower()} "
        f"({origin('respect_gitignore', overrides.respect_gitignore is not None)})",
        f"  cache-dir: {resolver.cache_dir()}",
    ]
    return lines


def show_files(resolver: config.Resolver, paths: list[Path]) -> list[str]:
    """Every file `check` would read, in the order it reads them."""
    return [
        str(file)
        for path in paths
        for file in api.iter_python_files([path], resolver.is_excluded, resolver.respect_gitignore(path))
    ]


def add_noqa(summary: output.Summary) -> int:
    """`# noqa: CODE` on the line of each finding (added to a `# noqa` already there), so that a
    project can adopt tracerfix now and see only new leaks. Prints how many were added."""
    from tracerfix import suppressions

    added = 0
    for report in summary.reports:
        if not report.findings or report.error or isinstance(report, StdinReport):
            continue
        path = Path(report.path)
        try:
            source_file = fileio.read(path)
            text, count = suppressions.with_noqa(source_file.text, report.findings)
            if count:
                fileio.write(source_file, text)
                added += count
        except fileio.FileError as error:
            report.error = str(error)
    lines = output.error_lines(summary.reports)
    lines.append(f"Added {_plural(added, 'noqa directive')}.")
    _to_stderr(lines)
    return output.EXIT_ERROR if summary.errors else output.EXIT_CLEAN


def attach_fix_edits(summary: output.Summary, resolver: config.Resolver) -> None:
    """Each fixable finding's fix as text edits (for JSON `fix.edits` and SARIF `fixes`): its fix
    applied alone to the file's text, compared with the original line by line."""
    for report in summary.reports:
        fixable = [f for f in report.findings if f.fixable]
        if report.error or not fixable:
            continue
        source = report.before
        if source is None:  # worker processes send back findings, not the text
            try:
                source = fileio.read(Path(report.path)).text
            except fileio.FileError:
                continue
        settings = resolver.settings_for(None if report.path == "<stdin>" else Path(report.path))
        for finding in fixable:
            summary.fix_edits[id(finding)] = _edits_of(source, finding, settings)


def _edits_of(source: str, wanted, settings) -> list[output.Edit]:
    taken = []

    def only_this_one(finding) -> bool:
        if taken or (finding.code, finding.line, finding.column) != (wanted.code, wanted.line, wanted.column):
            return False
        taken.append(finding)
        return True

    try:
        after = engine.fix(source, settings, select=only_this_one).source
    except (engine.SourceError, RecursionError):
        return []
    return output.text_edits(source, after)


def watch(paths: list[Path], resolver: config.Resolver, run_once, interval: float = 0.5) -> int:
    """Run `run_once`, then again whenever a Python file under `paths` is added, removed or
    changed (size or modification time), until interrupted. Polling: no dependency, and it works
    on every file system, network ones included."""
    import time

    def snapshot() -> dict:
        # Without asking git what it ignores: no subprocess per poll. A change to an ignored
        # file only runs the check again, with the same result.
        stamps = {}
        for file in api.iter_python_files(paths, resolver.is_excluded):
            try:
                status = file.stat()
            except OSError:
                continue
            stamps[str(file)] = (status.st_mtime_ns, status.st_size)
        return stamps

    try:
        seen = snapshot()
        while True:
            run_once()
            sys.stdout.flush()
            _to_stderr(["Watching for changes (Ctrl-C stops)..."])
            while True:
                time.sleep(interval)
                now = snapshot()
                if now != seen:
                    seen = now
                    break
            _to_stderr(["File change detected; checking again."])
    except KeyboardInterrupt:
        return output.EXIT_CLEAN
