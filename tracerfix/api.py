"""The pure core and the path walking behind the CLI.

`check_source` and `fix_source` are `source -> result` functions; `process_path` applies them to a
file on disk. Nothing here imports JAX or runs user code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from tracerfix import engine
from tracerfix.engine import LintResult, Settings, SourceError
from tracerfix.rule import Finding

if TYPE_CHECKING:
    from tracerfix.cache import Cache
    from tracerfix.config import Resolver

SKIPPED_DIRECTORIES = frozenset(
    {"__pycache__", "node_modules", "site-packages", "build", "dist", "venv", "env", ".venv"}
)


def with_project(settings: Settings, path: Path | str | None, cache=None) -> Settings:
    """`settings` for the file at `path`, knowing which of its functions other modules of its
    project trace (`analysis.project`): the command line, the save hook and the language server
    all come through here. The project's index is built once per process and cached by content
    hash, so an editor pays for the files that changed only; with `cache` (the result cache) the
    file's seeds are kept on disk too, and so is what each file's text says (its imports, whether
    it may apply a transformation), by its modification time and size, so a new process (the save
    hook) reads only the files that changed. (The result cache's key holds the seeds: a change
    in a caller's file is a change in the callee's result.)"""
    if settings.project_seeds is not None or path is None or str(path) in ("", "-"):
        return settings
    from tracerfix.analysis.project import seeds_for, static_fields_for

    return replace(
        settings, project_seeds=seeds_for(Path(path), cache), project_static_fields=static_fields_for(Path(path))
    )


def check_source(source: str, settings: Settings) -> LintResult:
    return engine.lint(source, settings)


def fix_source(source: str, settings: Settings) -> LintResult:
    return engine.fix(source, settings)


@dataclass
class FileReport:
    path: str
    findings: list[Finding] = field(default_factory=list)  # what remains (or was found, for check)
    fixed: list[Finding] = field(default_factory=list)
    error: str | None = None
    error_line: int = 0
    error_column: int = 0
    before: str | None = None
    after: str | None = None
    written: bool = False

    @property
    def changed(self) -> bool:
        return self.before is not None and self.after is not None and self.before != self.after

    def diff(self) -> str:
        if not self.changed:
            return ""
        assert self.before is not None and self.after is not None
        return unified_diff(self.before, self.after, self.path)


def unified_diff(before: str, after: str, path: str) -> str:
    import difflib  # only --diff needs it: keeps it out of the save action's start-up

    lines = difflib.unified_diff(_patch_lines(before), _patch_lines(after), fromfile=path, tofile=path)
    out = []
    for line in lines:
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def _patch_lines(text: str) -> list[str]:
    """Lines as patch and git apply see them: ended by "\\n" only. (str.splitlines also breaks at
    form feeds and other separators inside a line, which makes a diff that does not apply.)"""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def iter_python_files(
    paths: Iterable[Path],
    excluded: Callable[[Path], bool] | None = None,
    respect_gitignore: bool = False,
) -> Iterator[Path]:
    """Files named on the command line, and `.py` files below named folders.

    Hidden folders, virtual environments (any folder with a pyvenv.cfg) and build output are
    skipped when walking, and so is what git ignores when `respect_gitignore`. `excluded` (the
    configured `exclude` patterns) applies to named files too, so pre-commit, which names files,
    honours it.
    """
    from tracerfix.gitignore import GitFilter

    skip = excluded or (lambda path: False)
    for path in paths:
        if not path.is_dir():
            if not skip(path):
                yield path
            continue
        ignored = GitFilter(path) if respect_gitignore else None
        for root, directories, files in os.walk(path):
            root_path = Path(root)
            directories[:] = sorted(
                d
                for d in directories
                if not d.startswith(".")
                and d not in SKIPPED_DIRECTORIES
                and not (root_path / d / "pyvenv.cfg").exists()
                and not skip(root_path / d)
                and (ignored is None or ignored.allows_folder(root_path / d))
            )
            for name in sorted(files):
                candidate = root_path / name
                if (
                    name.endswith(".py")
                    and not skip(candidate)
                    and (ignored is None or ignored.allows_file(candidate))
                    and not candidate.is_dir()
                ):
                    yield candidate


def process_paths(
    paths: Iterable[Path],
    resolver: "Resolver",
    *,
    fix: bool,
    write: bool,
    jobs: int | None = None,
    use_cache: bool = True,
) -> list[FileReport]:
    """Every Python file below `paths`, each with its own configuration, in parallel; the
    reports come in walking order. Configuration errors surface before any file is touched."""
    paths = list(paths)
    if not paths:
        return []  # `rewrite -`, the editor's save action, pays for no pool and no cache
    from tracerfix import parallel
    from tracerfix.cache import Cache

    files = [
        file
        for path in paths
        for file in iter_python_files([path], resolver.is_excluded, resolver.respect_gitignore(path))
    ]
    cache = Cache(resolver.cache_dir()) if use_cache else None
    from tracerfix.analysis import project

    from tracerfix.analysis.prefilter import paused_collector

    unique_files = _each_real_file_once(files)
    # The collector is paused for the whole run (a quarter of its CPU time on a large project) and
    # runs every `parallel.COLLECT_EVERY_FILES` files instead.
    with paused_collector():
        project.prepare(unique_files, cache)  # one pass per project for all the files named
        tasks = [
            parallel.Task(file, _settings_in_project(resolver.settings_for(file), file))
            for file in unique_files
        ]
        project.forget()  # the seeds are in the tasks' settings; the workers need no summaries
        return parallel.run(tasks, fix=fix, write=write, jobs=jobs, cache=cache)


def unsure_lines(paths: Iterable[Path], resolver) -> Iterator[str]:
    """`path:line:col: unsure: why` for each place where `check` stays silent because a value
    could be traced or not (files that cannot be read or parsed are skipped: `check` reports them)."""
    files = [
        file
        for path in paths
        for file in iter_python_files([path], resolver.is_excluded, resolver.respect_gitignore(path))
    ]
    for file in _each_real_file_once(files):
        try:
            source = file.read_text(encoding="utf-8")
            places = engine.unsure(source, resolver.settings_for(file))
        except (OSError, UnicodeDecodeError, SourceError, Exception):  # noqa: BLE001 - check reports it
            continue
        for line, column, why in places:
            yield f"{file}:{line}:{column + 1}: unsure: {why}"


_NO_SEEDS: dict[int, tuple[Settings, Settings]] = {}


def _settings_in_project(settings: Settings, file: Path) -> Settings:
    """The project is looked up once, here, not in each worker; files that no other module
    traces share one settings object (the pool sends each distinct one to every worker)."""
    seeded = with_project(settings, file)
    if seeded.project_seeds or seeded.project_static_fields:
        return seeded
    entry = _NO_SEEDS.get(id(settings))
    if entry is None or entry[0] is not settings:
        entry = _NO_SEEDS[id(settings)] = (settings, seeded)
    return entry[1]


def _each_real_file_once(files: list[Path]) -> list[Path]:
    """One path per real file (a symlink next to its target, a folder named twice): two workers
    rewriting one file would race, and its findings would count twice. The file's own name is
    preferred over a symlink's."""
    pairs = []
    for file in files:
        try:
            pairs.append((file, file.resolve()))
        except (OSError, RuntimeError):  # a symlink loop: reading it reports the error
            pairs.append((file, file))
    chosen: dict[Path, Path] = {}
    for file, real in pairs:
        if real not in chosen or (chosen[real].is_symlink() and not file.is_symlink()):
            chosen[real] = file
    unique = []
    for file, real in pairs:
        if chosen.get(real) == file:
            unique.append(file)
            del chosen[real]
    return unique


def process_text(
    source: str, display: str, settings: Settings, fix: bool,
    rewrite: Callable[[str, Settings], LintResult] = engine.fix,
) -> FileReport:
    """Check or fix one source text; errors become part of the report, never exceptions.

    `rewrite` replaces `engine.fix` (verification keeps only the fixes that run correctly).
    `settings` already know the project (`with_project`): `display` is only a name to show, and
    `<stdin>` names no file whose project could be searched."""
    report = FileReport(display, before=source)
    try:
        result = rewrite(source, settings) if fix else engine.lint(source, settings)
    except SourceError as error:
        report.error = str(error)
        report.error_line, report.error_column = error.line, error.column
        report.after = source
        return report
    except RecursionError:
        report.error = "the file is nested too deeply to analyse"
        report.after = source
        return report
    except Exception as error:  # noqa: BLE001 - one file's internal error must not end the run
        import traceback

        where = traceback.extract_tb(error.__traceback__)[-1]
        report.error = (f"internal error while checking this file ({type(error).__name__}: {error}, at "
                        f"{Path(where.filename).name}:{where.lineno}); the file is left as it was; please report it")
        report.after = source
        return report
    report.findings = result.findings
    report.fixed = result.fixed
    report.after = result.source
    return report


def process_path(
    path: Path, settings: Settings, *, fix: bool, write: bool, cache: "Cache | None" = None,
    rewrite: Callable[[str, Settings], LintResult] = engine.fix,
) -> FileReport:
    from tracerfix import fileio  # files on disk only: `rewrite -`, the editor's save action, never loads it

    display = str(path)
    try:
        source_file = fileio.read(path)
    except fileio.FileError as error:
        return FileReport(display, error=str(error))
    settings = with_project(settings, path)
    if rewrite is not engine.fix:
        cache = None  # a verified rewrite depends on more than the key describes
    # A file that no other module traces has the key it had before project-wide analysis.
    unseeded = settings if settings.project_seeds else replace(settings, project_seeds=None)
    key = cache.key(source_file.raw, unseeded, fix) if cache is not None else ""
    report = cache.report(key, display, source_file.text) if cache is not None else None
    if report is None:
        report = process_text(source_file.text, display, settings, fix, rewrite)
        if cache is not None:
            cache.store(key, report)
    if write and report.error is None and report.changed:
        try:
            fileio.write(source_file, report.after or "")
            report.written = True
        except fileio.FileError as error:
            report.error = str(error)
    return report
