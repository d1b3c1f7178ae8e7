"""Skip what git ignores when walking a folder, by asking git itself.

One `git ls-files --cached --others --exclude-standard` per folder walked lists every file git
does not ignore below it: the exact semantics of .gitignore files at every level,
.git/info/exclude and the user's global excludes, with tracked files never ignored, all in one
call whose cost does not grow with the ignored trees (git does not enter an ignored folder).
Re-implementing those rules would be a long list of subtle differences; a folder outside a work
tree, or a machine without git, simply gets no filtering. Nested repositories and submodules
appear in the listing as folders and get their own call when the walk reaches them.

Files named on the command line are never filtered here: pre-commit and editors name the files
they mean. Nor is a folder named on the command line that git ignores as a whole (`tracerfix
check build/`): it is walked in full.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

_GIT_TIMEOUT_SECONDS = 60


class _Listing:
    def __init__(self, entries: list[str]) -> None:
        self.files: set[str] = set()
        self.folders: set[str] = set()  # every folder holding a listed entry
        for entry in entries:
            entry = entry.rstrip("/")
            self.files.add(entry)
            parent, _, _ = entry.rpartition("/")
            while parent and parent not in self.folders:
                self.folders.add(parent)
                parent, _, _ = parent.rpartition("/")


class GitFilter:
    """Answers "does git ignore this?" for paths met while walking below `top`."""

    def __init__(self, top: Path) -> None:
        self._listings: dict[Path, _Listing | None] = {}
        self._add_root(Path(os.path.abspath(top)))

    def allows_folder(self, folder: Path) -> bool:
        folder = Path(os.path.abspath(folder))
        root, listing = self._context(folder)
        if listing is None:
            return True
        relative = folder.relative_to(root).as_posix()
        if relative in listing.files:  # a nested repository or submodule: ask its own git
            self._add_root(folder)
            return True
        return relative in listing.folders

    def allows_file(self, file: Path) -> bool:
        file = Path(os.path.abspath(file))
        root, listing = self._context(file)
        return listing is None or file.relative_to(root).as_posix() in listing.files

    def _context(self, path: Path) -> tuple[Path, _Listing | None]:
        for folder in path.parents:
            if folder in self._listings:
                return folder, self._listings[folder]
        return path, None

    def _add_root(self, folder: Path) -> None:
        self._listings[folder] = _git_listing(folder)


def _git_listing(folder: Path) -> _Listing | None:
    listed = _git(folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    if listed is None or listed.returncode != 0:
        return None  # no git, git hung, or not inside a work tree: walk everything
    entries = [entry for entry in os.fsdecode(listed.stdout).split("\0") if entry]
    if not entries:
        ignored = _git(folder, "check-ignore", "-q", ".")
        if ignored is not None and ignored.returncode == 0:
            return None  # the folder itself is ignored, yet named on the command line: walk it
    return _Listing(entries)


def _git(folder: Path, *arguments: str) -> subprocess.CompletedProcess | None:
    command = [
        "git",
        "-c", "core.fsmonitor=false",  # never start a hook program configured by the repository
        "-C", str(folder),
        *arguments,
    ]
    try:
        return subprocess.run(
            command,
            capture_output=True,
            timeout=_GIT_TIMEOUT_SECONDS,
            env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"},
        )
    except (OSError, subprocess.SubprocessError):
        return None
