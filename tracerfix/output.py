"""How findings are printed: one function per output format, one exit-code policy."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, NamedTuple
from urllib.parse import quote

from tracerfix.api import FileReport
from tracerfix.rule import Finding, Safety

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def fix_marker(finding: Finding) -> str:
    if finding.fix is None or finding.fix.safety is Safety.DISPLAY_ONLY:
        return ""
    return " [*]" if finding.fix.safety is Safety.SAFE else " [unsafe fix]"


def finding_line(path: str, finding: Finding) -> str:
    return f"{path}:{finding.line}:{finding.column + 1}: {finding.code} {finding.message}{fix_marker(finding)}"


def unsafe_fix_line(finding: Finding) -> str | None:
    """Why an unsafe fix is unsafe, under its finding: what it would do and how behaviour could
    change (the reason `rewrite` asks for `--unsafe-fixes` first)."""
    fix = finding.fix
    if fix is None or fix.safety is not Safety.UNSAFE:
        return None
    return f"    unsafe fix: {fix.title}" + (f"; {fix.safety_note}" if fix.safety_note else "")


def finding_lines(path: str, finding: Finding) -> list[str]:
    """A finding as text: its line, then for an unsafe fix the reason it is unsafe."""
    note = unsafe_fix_line(finding)
    return [finding_line(path, finding)] + ([note] if note else [])


def error_line(report: FileReport) -> str:
    where = f"{report.path}:{report.error_line}:{report.error_column + 1}" if report.error_line else report.path
    return f"{where}: error: {report.error}"


def error_lines(reports: Iterable[FileReport]) -> list[str]:
    return [error_line(r) for r in reports if r.error]


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


class Edit(NamedTuple):
    """Replace the text from (line, column) up to (end_line, end_column) with `content`; lines
    and columns count from 1, the end is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int
    content: str


def text_edits(before: str, after: str) -> list[Edit]:
    """The line ranges that differ between two texts, as edits on `before`."""
    import difflib

    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)

    def position(index: int) -> tuple[int, int]:
        if index < len(old) or not old or old[-1].endswith(("\n", "\r")):
            return index + 1, 1
        return len(old), len(old[-1]) + 1  # after a last line without a line break

    edits = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            edits.append(Edit(*position(i1), *position(i2), "".join(new[j1:j2])))
    return edits


@dataclass
class Summary:
    """Everything a run produced, and the exit code it implies."""

    reports: list[FileReport] = field(default_factory=list)
    # Paths whose configuration already applies unsafe fixes (`unsafe-fixes = true`, or
    # `--verify`): hints do not tell the user to ask for them again.
    unsafe_fixes_on: set[str] = field(default_factory=set)
    # id(finding) -> its fix as text edits, for the JSON and SARIF reports (see commands.attach_fix_edits)
    fix_edits: dict[int, list["Edit"]] = field(default_factory=dict)

    def fix_counts(self, findings: Iterable[tuple[str, Finding]] | None = None) -> tuple[int, int]:
        """(fixable by `rewrite` as configured, fixable only with `--unsafe-fixes`)."""
        fixable = unsafe = 0
        for path, finding in self.findings if findings is None else findings:
            if finding.fix is None or finding.fix.safety is Safety.DISPLAY_ONLY:
                continue
            if finding.fix.safety is Safety.SAFE or path in self.unsafe_fixes_on:
                fixable += 1
            else:
                unsafe += 1
        return fixable, unsafe

    @property
    def errors(self) -> list[FileReport]:
        return [r for r in self.reports if r.error]

    @property
    def findings(self) -> list[tuple[str, Finding]]:
        return [(r.path, f) for r in self.reports for f in r.findings]

    @property
    def fixed_count(self) -> int:
        return sum(len(r.fixed) for r in self.reports)

    def exit_code(self, *, fail_on_change: bool = False, exit_zero: bool = False) -> int:
        """2 when a file could not be processed (even with `exit_zero`), 1 for leaks (or, with
        `fail_on_change`, for a change that would be made), else 0."""
        if self.errors:
            return EXIT_ERROR
        if exit_zero:
            return EXIT_CLEAN
        if self.findings:
            return EXIT_FINDINGS
        if fail_on_change and any(r.changed for r in self.reports):
            return EXIT_FINDINGS
        return EXIT_CLEAN


SUCCESS = "All checks passed!"


def format_text(summary: Summary, quiet: bool = False) -> str:
    lines = [line for path, finding in summary.findings for line in finding_lines(path, finding)]
    count = len(summary.findings)
    if count and not quiet:
        fixable, unsafe = summary.fix_counts()
        tail = f"Found {count} tracer leak{'s' if count != 1 else ''}."
        if fixable:
            tail += f" [*] {fixable} fixable with `tracerfix rewrite`."
        if unsafe:
            tail += f" {unsafe} more with `tracerfix rewrite --unsafe-fixes`."
        lines.append(tail)
        codes = sorted({f.code for _, f in summary.findings})
        lines.append(f"Run `tracerfix explain {codes[0]}` to read about a rule.")
    elif not count and not quiet and not summary.errors:
        lines.append(SUCCESS)
    return "\n".join(lines) + ("\n" if lines else "")


def format_json(summary: Summary, quiet: bool = False) -> str:
    records = []
    for path, finding in summary.findings:
        record = finding_record(path, finding)
        if finding.fixable:
            assert finding.fix is not None
            record["fix"] = {  # ruff's shape: what the fix does, how safe, the text it changes
                "message": finding.fix.title,
                "applicability": str(finding.fix.safety),
                "edits": [
                    {
                        "content": edit.content,
                        "location": {"row": edit.line, "column": edit.column},
                        "end_location": {"row": edit.end_line, "column": edit.end_column},
                    }
                    for edit in summary.fix_edits.get(id(finding), [])
                ],
            }
        else:
            record["fix"] = None
        records.append(record)
    return json.dumps(records, indent=2) + "\n"


# --- GitHub Actions -----------------------------------------------------------------------------


def format_github(summary: Summary, quiet: bool = False) -> str:
    """Workflow commands that GitHub Actions turns into annotations on the pull request's diff."""
    lines = []
    for path, finding in summary.findings:
        properties = {
            "file": path,
            "line": finding.line,
            "col": finding.column + 1,
            "endLine": finding.end_line,
            "endColumn": finding.end_column + 1,
            "title": f"tracerfix ({finding.code})",
        }
        lines.append(_workflow_command("error", properties, finding_line(path, finding)))
    for report in summary.errors:
        properties = {"file": report.path, "title": "tracerfix"}
        if report.error_line:
            properties.update(line=report.error_line, col=report.error_column + 1)
        lines.append(_workflow_command("error", properties, error_line(report)))
    return "".join(line + "\n" for line in lines)


def _workflow_command(command: str, properties: dict, message: str) -> str:
    # GitHub's escaping: the message loses `%` and line breaks, property values also `:` and `,`.
    def escape_data(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    def escape_property(value) -> str:
        return escape_data(str(value)).replace(":", "%3A").replace(",", "%2C")

    listed = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items())
    return f"::{command} {listed}::{escape_data(message)}"


# --- SARIF 2.1.0 (GitHub code scanning and other viewers) ---------------------------------------

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def format_sarif(summary: Summary, quiet: bool = False) -> str:
    from tracerfix import __version__
    from tracerfix.registry import all_rules

    rules = list(all_rules())
    index = {rule.code: position for position, rule in enumerate(rules)}
    results = []
    for path, finding in summary.findings:
        result = {
            "ruleId": finding.code,
            "level": "error",
            "message": {"text": f"{finding.message}{fix_marker(finding)}"},
            "locations": [_sarif_location(path, finding.line, finding.column, finding.end_line, finding.end_column)],
            "properties": {
                "function": finding.function,
                "fixSafety": None if finding.fix is None else str(finding.fix.safety),
            },
        }
        if finding.code in index:
            result["ruleIndex"] = index[finding.code]
        edits = summary.fix_edits.get(id(finding))
        if finding.fixable and edits:
            assert finding.fix is not None
            result["fixes"] = [_sarif_fix(path, finding.fix, edits)]
        results.append(result)
    notifications = []
    for report in summary.errors:
        notification: dict = {"level": "error", "message": {"text": report.error or ""}}
        line = report.error_line or 1
        notification["locations"] = [_sarif_location(report.path, line, report.error_column)]
        notifications.append(notification)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "tracerfix",
                        "version": __version__,
                        "rules": [_sarif_rule(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
                # Python string offsets are code points; SARIF's default would be UTF-16 units.
                "columnKind": "unicodeCodePoints",
                "results": results,
                "invocations": [
                    {"executionSuccessful": not summary.errors, "toolExecutionNotifications": notifications}
                ],
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"


def _sarif_fix(path: str, fix, edits: list[Edit]) -> dict:
    safety = "" if fix.safety is Safety.SAFE else f" ({fix.safety} fix: {fix.safety_note})" if fix.safety_note else f" ({fix.safety} fix)"
    return {
        "description": {"text": f"{fix.title}{safety}"},
        "artifactChanges": [
            {
                "artifactLocation": _sarif_artifact(path),
                "replacements": [
                    {
                        "deletedRegion": {
                            "startLine": edit.line, "startColumn": edit.column,
                            "endLine": edit.end_line, "endColumn": edit.end_column,
                        },
                        "insertedContent": {"text": edit.content},
                    }
                    for edit in edits
                ],
            }
        ],
    }


def _sarif_rule(rule) -> dict:
    documentation = rule.documentation()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": _section(documentation, "What it does") or rule.summary},
        "help": {"text": documentation, "markdown": documentation},
        "defaultConfiguration": {"level": "error"},
        "properties": {"fix": rule.fix_kind(), "tags": ["jax", "tracer-leak"]},
    }


def _section(documentation: str, title: str) -> str:
    """The text of one `## title` section of a rule's documentation."""
    _, found, rest = documentation.partition(f"## {title}\n")
    return rest.split("\n## ", 1)[0].strip() if found else ""


def _sarif_location(path: str, line: int, column: int, end_line: int = 0, end_column: int = 0) -> dict:
    region = {"startLine": max(line, 1), "startColumn": column + 1}
    if end_line:
        region.update(endLine=end_line, endColumn=end_column + 1)
    return {"physicalLocation": {"artifactLocation": _sarif_artifact(path), "region": region}}


def _sarif_artifact(path: str) -> dict:
    location = Path(path)
    if location.is_absolute():
        try:
            location = location.relative_to(Path.cwd())
        except ValueError:
            return {"uri": location.as_uri()}
    return {"uri": quote(location.as_posix()), "uriBaseId": "%SRCROOT%"}


FORMATS: dict[str, Callable[..., str]] = {
    "text": format_text,
    "json": format_json,
    "github": format_github,
    "sarif": format_sarif,
}
STATISTICS_FORMATS = ("text", "json")


# --- statistics ---------------------------------------------------------------------------------


class CodeCount(NamedTuple):  # not a frozen dataclass: this module loads at every start-up
    code: str
    rule: str
    count: int
    fixable: int  # how many of them `tracerfix rewrite` fixes without --unsafe-fixes


def code_counts(summary: Summary) -> list[CodeCount]:
    """Findings per rule code, most frequent first."""
    by_code: dict[str, list[Finding]] = {}
    for _, finding in summary.findings:
        by_code.setdefault(finding.code, []).append(finding)
    counts = [
        CodeCount(code, found[0].rule, len(found), sum(1 for f in found if f.fix and f.fix.safety is Safety.SAFE))
        for code, found in by_code.items()
    ]
    return sorted(counts, key=lambda c: (-c.count, c.code))


def format_statistics(summary: Summary, output_format: str) -> str:
    counts = code_counts(summary)
    if output_format == "json":
        return json.dumps([count._asdict() for count in counts], indent=2) + "\n"
    count_width = max((len(str(c.count)) for c in counts), default=1)
    rule_width = max((len(c.rule) for c in counts), default=1)
    lines = [
        f"{c.count:>{count_width}}  {c.code}  {c.rule:<{rule_width}}" + (f"  [*] {c.fixable} fixable" if c.fixable else "")
        for c in counts
    ]
    return "".join(line.rstrip() + "\n" for line in lines)


def render(summary: Summary, output_format: str = "text", *, quiet: bool = False, statistics: bool = False) -> str:
    """What `check` prints on standard output."""
    if statistics:
        return format_statistics(summary, output_format)
    return FORMATS[output_format](summary, quiet=quiet)


# --- colour -------------------------------------------------------------------------------------

_FINDING = re.compile(r"^(?P<where>[^\s:][^\n]*?:\d+:\d+:) (?P<code>[A-Z]+\d+) ", re.MULTILINE)


def colour_findings(text: str) -> str:
    """ANSI colours for the text report (place in bold, code in red, as ruff); click strips them
    when colour is off."""
    import click

    return _FINDING.sub(lambda m: f"{click.style(m['where'], bold=True)} {click.style(m['code'], fg='red', bold=True)} ", text)


# --- diffs --------------------------------------------------------------------------------------

_HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")


def colour_diff(diff: str) -> str:
    """ANSI colours for a unified diff; click strips them again when the output is not a terminal.

    Hunk line counts tell a removed line that starts with `--` from a `---` file header.
    """
    import click

    out = []
    old_left = new_left = 0
    for line in diff.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        style: dict = {}
        hunk = _HUNK.match(body)
        if old_left or new_left:
            if body.startswith("-"):
                style, old_left = {"fg": "red"}, old_left - 1
            elif body.startswith("+"):
                style, new_left = {"fg": "green"}, new_left - 1
            elif body.startswith(" "):
                old_left, new_left = old_left - 1, new_left - 1
        elif hunk:
            style = {"fg": "cyan"}
            old_left, new_left = int(hunk.group(1) or 1), int(hunk.group(2) or 1)
        elif body.startswith(("---", "+++")):
            style = {"bold": True}
        out.append(click.style(body, **style) + line[len(body):] if style else line)
    return "".join(out)
