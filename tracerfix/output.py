"""How findings are printed: one function per output format, one exit-code policy."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

from tracerfix.api import FileReport
from tracerfix.rule import Finding, Safety

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def fix_marker(finding: Finding) -> str:
    if finding.fix is None or finding.fix.safety is Safety.DISPLAY_ONLY:
        return ""
    return " [*]" if finding.fix.safety is Safety.SAFE else " [unsafe fix]"


def finding_line(path: str, finding: Finding) -> str:
    return f"{path}:{finding.line}:{finding.column + 1}: {finding.code} {finding.message}{fix_marker(finding)}"


def error_line(report: FileReport) -> str:
    where = f"{report.path}:{report.error_line}:{report.error_column + 1}" if report.error_line else report.path
    return f"{where}: error: {report.error}"


def finding_record(path: str, finding: Finding) -> dict:
    return {
        "path": path,
        "line": finding.line,
        "column": finding.column + 1,
        "end_line": finding.end_line,
        "end_column": finding.end_column + 1,
        "code": finding.code,
        "rule": finding.rule,
        "message": finding.message,
        "fixable": finding.fixable,
        "fix_safety": None if finding.fix is None else str(finding.fix.safety),
        "fix_title": None if finding.fix is None else finding.fix.title,
        "safety_note": None if finding.fix is None else (finding.fix.safety_note or None),
    }


@dataclass
class Summary:
    """Everything a run produced, and the exit code it implies."""

    reports: list[FileReport] = field(default_factory=list)

    @property
    def errors(self) -> list[FileReport]:
        return [r for r in self.reports if r.error]

    @property
    def findings(self) -> list[tuple[str, Finding]]:
        return [(r.path, f) for r in self.reports for f in r.findings]

    @property
    def fixed_count(self) -> int:
        return sum(len(r.fixed) for r in self.reports)

    def exit_code(self, *, fail_on_change: bool = False) -> int:
        if self.errors:
            return EXIT_ERROR
        if self.findings:
            return EXIT_FINDINGS
        if fail_on_change and any(r.changed for r in self.reports):
            return EXIT_FINDINGS
        return EXIT_CLEAN


def format_text(summary: Summary) -> str:
    lines = [finding_line(path, finding) for path, finding in summary.findings]
    count = len(summary.findings)
    if count:
        fixable = sum(1 for _, f in summary.findings if f.fix and f.fix.safety is Safety.SAFE)
        unsafe = sum(1 for _, f in summary.findings if f.fix and f.fix.safety is Safety.UNSAFE)
        tail = f"Found {count} tracer leak{'s' if count != 1 else ''}."
        if fixable:
            tail += f" [*] {fixable} fixable with `tracerfix rewrite`."
        if unsafe:
            tail += f" {unsafe} more with `tracerfix rewrite --unsafe-fixes`."
        lines.append(tail)
        codes = sorted({f.code for _, f in summary.findings})
        lines.append(f"Run `tracerfix explain {codes[0]}` to read about a rule.")
    return "\n".join(lines) + ("\n" if lines else "")


def format_json(summary: Summary) -> str:
    return json.dumps([finding_record(path, finding) for path, finding in summary.findings], indent=2) + "\n"


FORMATS: dict[str, Callable[[Summary], str]] = {
    "text": format_text,
    "json": format_json,
}


def error_lines(reports: Iterable[FileReport]) -> list[str]:
    return [error_line(r) for r in reports if r.error]
