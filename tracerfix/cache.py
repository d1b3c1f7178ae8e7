"""A content-addressed cache of results, so an unchanged file is not analysed twice.

The key is a hash of everything a result depends on: the file's bytes, the mode (check or fix),
the settings (rules, unsafe fixes, jit wrappers) and the code of tracerfix itself (its version plus
the size and modification time of its sources, so an edited rule never serves stale results).
Suppression comments are part of the file's bytes; the file's path is not part of a result, and
neither are other files: the analysis reads one module at a time (cross-module analysis would have
to add what it reads to the key).

Each entry is one small JSON file written atomically (temporary file, then rename), so concurrent
runs at worst compute the same entry twice. The folder holds a `.gitignore` of `*` and a
CACHEDIR.TAG, as ruff's does, and can be deleted at any time.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from tracerfix.api import FileReport
from tracerfix.engine import Settings
from tracerfix.rule import Finding, Fix, Safety

_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by tracerfix.\n"


def detached(finding: Finding) -> Finding:
    """A copy without syntax-tree nodes: what a report needs, small enough to store or send."""
    fix = finding.fix
    if fix is not None:
        fix = Fix(fix.title, [], fix.safety, frozenset(), fix.safety_note)
    return replace(finding, node=None, fix=fix)


def finding_record(finding: Finding) -> dict[str, Any]:
    fix = finding.fix
    return {
        "code": finding.code,
        "rule": finding.rule,
        "message": finding.message,
        "line": finding.line,
        "column": finding.column,
        "end_line": finding.end_line,
        "end_column": finding.end_column,
        "function": finding.function,
        "fix": None if fix is None else {"title": fix.title, "safety": fix.safety.value, "note": fix.safety_note},
    }


def finding_from_record(record: dict[str, Any]) -> Finding:
    fix = record["fix"]
    return Finding(
        record["code"],
        record["rule"],
        record["message"],
        None,  # type: ignore[arg-type]  # no tree: a cached finding is only ever displayed
        None if fix is None else Fix(fix["title"], [], Safety(fix["safety"]), frozenset(), fix["note"]),
        record["line"],
        record["column"],
        record["end_line"],
        record["end_column"],
        record["function"],
    )


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Changes whenever tracerfix's own code does (an editable install included). Computed once
    per process: the code a process runs is the code it imported, whatever happens on disk later."""
    import tracerfix
    import tracerfix.transforms

    return sources_fingerprint([*tracerfix.__path__, *tracerfix.transforms.__path__])


def sources_fingerprint(folders: list[str]) -> str:
    """A hash of the version and of the name, size and modification time of every .py file."""
    import hashlib

    import tracerfix

    digest = hashlib.sha256(f"{tracerfix.__version__} {sys.version_info[:2]}".encode())
    for folder in folders:
        for root, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if name.endswith(".py"):
                    status = os.stat(os.path.join(root, name))
                    digest.update(f"{root}/{name} {status.st_size} {status.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def settings_fingerprint(settings: Settings) -> str:
    """Every field of the settings, so a field added later is part of the key without a change here."""
    parts = []
    for setting in fields(settings):
        value = getattr(settings, setting.name)
        if setting.name == "rules":
            value = [rule.code for rule in value]
        elif isinstance(value, (set, frozenset)):
            value = sorted(value)
        parts.append(f"{setting.name}={value!r}")
    return "|".join(parts)


class Cache:
    """Results by content hash under `folder/<code fingerprint>/`."""

    def __init__(self, folder: Path, fingerprint: str | None = None) -> None:
        self.root = folder
        self.folder = folder / (fingerprint or code_fingerprint())
        self._ready = False

    def key(self, raw: bytes, settings: Settings, fix: bool) -> str:
        import hashlib

        digest = hashlib.sha256(raw)
        digest.update(f"\0{'fix' if fix else 'check'}|{settings_fingerprint(settings)}".encode())
        return digest.hexdigest()

    def report(self, key: str, display: str, text: str) -> FileReport | None:
        """The stored result for `key` as a report on `display`, or None."""
        entry = self.get(key)
        if entry is None:
            return None
        try:
            after = entry["after"]
            return FileReport(
                display,
                findings=[finding_from_record(record) for record in entry["findings"]],
                fixed=[finding_from_record(record) for record in entry["fixed"]],
                error=entry["error"],
                error_line=entry["error_line"],
                error_column=entry["error_column"],
                before=text,
                after=text if after is None else after,
            )
        except (KeyError, TypeError, ValueError):
            return None

    def store(self, key: str, report: FileReport) -> None:
        self.put(
            key,
            {
                "findings": [finding_record(finding) for finding in report.findings],
                "fixed": [finding_record(finding) for finding in report.fixed],
                "after": report.after if report.changed else None,
                "error": report.error,
                "error_line": report.error_line,
                "error_column": report.error_column,
            },
        )

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            with open(self.folder / f"{key}.json", encoding="utf-8") as handle:
                entry = json.load(handle)
        except (OSError, ValueError):
            return None  # missing, unreadable or damaged: compute again
        return entry if isinstance(entry, dict) else None

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store `entry`; a cache that cannot be written is skipped silently, never an error."""
        try:
            self._prepare()
            handle, temporary = tempfile.mkstemp(prefix=f".{key[:16]}.", suffix=".tmp", dir=self.folder)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(entry, out, separators=(",", ":"))
                os.replace(temporary, self.folder / f"{key}.json")
            except BaseException:
                try:
                    os.unlink(temporary)
                except OSError:
                    pass
                raise
        except OSError:
            pass

    def _prepare(self) -> None:
        if self._ready:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "*\n"), ("CACHEDIR.TAG", _TAG)):
            marker = self.root / name
            if not marker.exists():
                marker.write_text(text, encoding="utf-8")
        self._ready = True
