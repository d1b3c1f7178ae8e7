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

The cache is not a channel into the user's files. Anyone who can write to the folder (a committed
`.tracerfix_cache/`, a CI cache restored from another branch, a shared folder) could otherwise make
`rewrite` write their text under the cover of a fix, so:
- no entry holds source text: a file that a fix changes is analysed again, and what `rewrite`
  writes is always text this process computed in this run;
- every entry is signed (HMAC-SHA256) with a per-user secret kept outside the project, in the
  user's cache folder with mode 0600; an entry whose signature does not match is ignored;
- a folder owned by another user, or one that tracerfix did not create (no tracerfix
  CACHEDIR.TAG) and that is not empty, is neither read nor written.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
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

    def __init__(self, folder: Path, fingerprint: str | None = None, secret: bytes | None = None) -> None:
        self.root = folder
        self.folder = folder / (fingerprint or code_fingerprint())
        self._ready = False
        self._secret = secret
        self._trusted: bool | None = None

    def key(self, raw: bytes, settings: Settings, fix: bool) -> str:
        digest = hashlib.sha256(raw)
        digest.update(f"\0{'fix' if fix else 'check'}|{settings_fingerprint(settings)}".encode())
        return digest.hexdigest()

    def report(self, key: str, display: str, text: str) -> FileReport | None:
        """The stored result for `key` as a report on `display`, or None."""
        entry = self.get(key)
        if entry is None:
            return None
        try:
            return FileReport(
                display,
                findings=[finding_from_record(record) for record in entry["findings"]],
                fixed=[finding_from_record(record) for record in entry["fixed"]],
                error=entry["error"],
                error_line=entry["error_line"],
                error_column=entry["error_column"],
                before=text,
                after=text,
            )
        except (KeyError, TypeError, ValueError):
            return None

    def store(self, key: str, report: FileReport) -> None:
        """Remember `report` unless it changes the file: the new text is never stored, so that
        nothing read from the cache can end up in the user's sources."""
        if report.changed:
            return
        self.put(
            key,
            {
                "findings": [finding_record(finding) for finding in report.findings],
                "fixed": [finding_record(finding) for finding in report.fixed],
                "error": report.error,
                "error_line": report.error_line,
                "error_column": report.error_column,
            },
        )

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry stored under `key` by this user's tracerfix, or None: missing, unreadable,
        damaged, unsigned or signed with another secret all mean "compute again"."""
        secret = self._secret_key()
        if secret is None or not self._root_is_trusted():
            return None
        try:
            with open(self.folder / f"{key}.json", encoding="utf-8") as handle:
                stored = json.load(handle)
        except (OSError, ValueError):
            return None
        if not isinstance(stored, dict) or not isinstance(stored.get("entry"), dict):
            return None
        expected = _signature(secret, key, stored["entry"])
        if not isinstance(stored.get("mac"), str) or not hmac.compare_digest(stored["mac"], expected):
            return None
        return stored["entry"]

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store `entry`; a cache that cannot be written is skipped silently, never an error."""
        secret = self._secret_key()
        if secret is None:
            return
        signed = {"mac": _signature(secret, key, entry), "entry": entry}
        try:
            if not self._prepare():
                return
            import tempfile  # writing only: a run that only reads the cache (the save hook) spares it

            handle, temporary = tempfile.mkstemp(prefix=f".{key[:16]}.", suffix=".tmp", dir=self.folder)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(signed, out, separators=(",", ":"))
                os.replace(temporary, self.folder / f"{key}.json")
            except BaseException:
                try:
                    os.unlink(temporary)
                except OSError:
                    pass
                raise
        except OSError:
            pass

    def _prepare(self) -> bool:
        """Create the folder with its markers; False when it is not ours to write into."""
        if self._ready:
            return True
        if self.root.exists() and not self._root_is_trusted():
            adoptable = self.root.is_dir() and _owned_by_us(self.root) and not any(self.root.iterdir())
            if not adoptable:
                return False
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "*\n"), ("CACHEDIR.TAG", _TAG)):
            marker = self.root / name
            if not marker.exists():
                marker.write_text(text, encoding="utf-8")
        self._trusted = None
        self._ready = self._root_is_trusted()
        return self._ready

    def _root_is_trusted(self) -> bool:
        """The folder is this user's and was created by tracerfix (it holds our CACHEDIR.TAG)."""
        if self._trusted is None:
            tag = self.root / "CACHEDIR.TAG"
            try:
                self._trusted = (
                    self.root.is_dir() and not self.root.is_symlink() and _owned_by_us(self.root)
                    and _owned_by_us(tag) and tag.read_text(encoding="utf-8") == _TAG
                )
            except (OSError, UnicodeDecodeError):
                self._trusted = False
        return self._trusted

    def _secret_key(self) -> bytes | None:
        if self._secret is None:
            self._secret = user_secret(secret_path())
        return self._secret or None


def _signature(secret: bytes, key: str, entry: dict[str, Any]) -> str:
    message = key.encode() + b"\0" + json.dumps(entry, sort_keys=True, separators=(",", ":")).encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _owned_by_us(path: Path) -> bool:
    if not hasattr(os, "getuid"):
        return True  # Windows: folders under the user's profile are private by default
    return path.lstat().st_uid == os.getuid()


def secret_path() -> Path:
    """The per-user secret that signs cache entries: in the user's cache folder, never in a project."""
    base = os.environ.get("XDG_CACHE_HOME") or (
        os.environ.get("LOCALAPPDATA") if sys.platform == "win32" else None
    ) or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tracerfix" / "secret"


@lru_cache(maxsize=None)
def user_secret(path: Path) -> bytes:
    """This user's signing secret, created (mode 0600) on first use; empty when it cannot be read
    or created safely, which turns the cache off rather than trusting unsigned entries."""
    for _ in range(2):
        try:
            status = path.lstat()
        except FileNotFoundError:
            try:
                path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue  # another process created it first: read theirs
            except OSError:
                return b""
            with os.fdopen(descriptor, "w", encoding="ascii") as out:
                out.write(os.urandom(32).hex())
            continue
        except OSError:
            return b""
        if hasattr(os, "getuid") and (status.st_uid != os.getuid() or status.st_mode & 0o077):
            return b""  # readable by others, or not ours: not a secret
        try:
            text = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return b""
        return text.encode() if len(text) >= 32 else b""
    return b""
