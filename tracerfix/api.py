"""The pure core and the path walking behind the CLI.

`check_source` and `fix_source` are `source -> result` functions; `process_path` applies them to a
file on disk. Nothing here imports JAX or runs user code.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from tracerfix import engine, fileio
from tracerfix.engine import LintResult, Settings, SourceError
from tracerfix.rule import Finding

SKIPPED_DIRECTORIES = frozenset(
    {"__pycache__", "node_modules", "site-packages", "build", "dist", "venv", "env", ".venv"}
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
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=path,
        tofile=path,
    )
    out = []
    for line in lines:
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def iter_python_files(paths: Iterable[Path], exclude: Iterable[str] = ()) -> Iterator[Path]:
    """Files named on the command line, and `.py` files below named folders.

    Hidden folders, virtual environments (any folder with a pyvenv.cfg) and build output are
    skipped when walking; a file named explicitly is always processed.
    """
    excluded = tuple(exclude)
    for path in paths:
        if path.is_dir():
            for root, directories, files in os.walk(path):
                root_path = Path(root)
                directories[:] = sorted(
                    d
                    for d in directories
                    if not d.startswith(".")
                    and d not in SKIPPED_DIRECTORIES
                    and not (root_path / d / "pyvenv.cfg").exists()
                    and not _excluded(root_path / d, excluded)
                )
                for name in sorted(files):
                    candidate = root_path / name
                    if name.endswith(".py") and not _excluded(candidate, excluded):
                        if candidate.is_dir():
                            continue
                        yield candidate
        else:
            yield path


def _excluded(path: Path, patterns: tuple[str, ...]) -> bool:
    if not patterns:
        return False
    text = path.as_posix()
    return any(path.match(p) or Path(text).match(p) or p in path.parts for p in patterns)


def process_text(source: str, display: str, settings: Settings, fix: bool) -> FileReport:
    """Check or fix one source text; errors become part of the report, never exceptions."""
    report = FileReport(display, before=source)
    try:
        result = engine.fix(source, settings) if fix else engine.lint(source, settings)
    except SourceError as error:
        report.error = str(error)
        report.error_line, report.error_column = error.line, error.column
        report.after = source
        return report
    except RecursionError:
        report.error = "the file is nested too deeply to analyse"
        report.after = source
        return report
    report.findings = result.findings
    report.fixed = result.fixed
    report.after = result.source
    return report


def process_path(path: Path, settings: Settings, *, fix: bool, write: bool) -> FileReport:
    display = str(path)
    try:
        source_file = fileio.read(path)
    except fileio.FileError as error:
        return FileReport(display, error=str(error))
    report = process_text(source_file.text, display, settings, fix)
    if write and report.error is None and report.changed:
        try:
            fileio.write(source_file, report.after or "")
            report.written = True
        except fileio.FileError as error:
            report.error = str(error)
    return report
