"""`[tool.tracerfix]` in pyproject.toml: found by walking up from each file, turned into Settings.

The nearest pyproject.toml with a `[tool.tracerfix]` table governs a file (pyproject.toml files
without one are passed over, as ruff does). `--config FILE` names one file for every path instead:
a pyproject.toml (its `[tool.tracerfix]` table) or any other TOML file (its top level).

Rule selection is layered like ruff's: start from every rule; the file's `select` replaces the set
and its `ignore` removes from it; then the command line's `--select` replaces the set again and its
`--ignore` removes from it; `per-file-ignores` remove last. Patterns in `exclude` and
`per-file-ignores` are relative to the folder holding the configuration (see `PathPatterns`).
"""

from __future__ import annotations

import os
import re
from fnmatch import fnmatchcase
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from tracerfix.engine import Settings
from tracerfix.registry import all_rules, select_rules
from tracerfix.rule import Rule

PYPROJECT = "pyproject.toml"
TABLE = "[tool.tracerfix]"


class ConfigError(Exception):
    """A configuration we refuse to guess about; the message names the file and the key."""


# --- path patterns ------------------------------------------------------------------------------


class PathPatterns:
    """Glob patterns with .gitignore's meaning, relative to `root`.

    A pattern without a slash matches a file or folder name at any depth (`legacy`, `*_pb2.py`);
    a pattern with a slash matches the path from `root` (`experiments/*.py`, `src/**/gen_*.py`).
    `*` stays within one folder name, `**` spans folders, and a matching folder excludes
    everything below it.
    """

    def __init__(self, patterns: Iterable[str], root: Path) -> None:
        self.root = root
        self.names: list[str] = []
        self.anchored: list[re.Pattern[str]] = []
        for pattern in patterns:
            pattern = pattern.strip().removeprefix("./").rstrip("/")
            if not pattern:
                continue
            if "/" in pattern:
                self.anchored.append(_glob_regex(pattern.lstrip("/")))
            else:
                self.names.append(pattern)

    def __bool__(self) -> bool:
        return bool(self.names or self.anchored)

    def match(self, path: Path) -> bool:
        relative = Path(os.path.relpath(_absolute(path), self.root)).as_posix()
        parts = [part for part in relative.split("/") if part != ".."]
        if any(fnmatchcase(part, name) for part in parts for name in self.names):
            return True
        return any(regex.match(relative) for regex in self.anchored)


def _glob_regex(pattern: str) -> re.Pattern[str]:
    parts = pattern.split("/")
    regex = ""
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            regex += ".*" if last else "(?:[^/]+/)*"
            continue
        regex += "".join({"*": "[^/]*", "?": "[^/]"}.get(char, re.escape(char)) for char in part)
        regex += "" if last else "/"
    # A pattern naming a folder covers everything below it.
    return re.compile(f"^{regex}(?:/.*)?$")


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))


# --- one configuration file ---------------------------------------------------------------------


# Config and Overrides are immutable records made at every start-up: a NamedTuple costs a
# fraction of a frozen dataclass to define.
class Config(NamedTuple):
    """One `[tool.tracerfix]` table, validated. `source` is None for the built-in defaults."""

    root: Path
    source: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    unsafe_fixes: bool = False
    exclude: tuple[str, ...] = ()
    extend_jit_decorators: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    respect_gitignore: bool = True
    cache_dir: Path | None = None
    extend_safe_fixes: tuple[str, ...] = ()
    extend_unsafe_fixes: tuple[str, ...] = ()
    # `[tool.tracerfix.verify]`: inputs for `--verify`, read by tracerfix.verify, passed through.
    verify: Mapping[str, Any] = MappingProxyType({})

    @property
    def label(self) -> str:
        return _display(self.source) if self.source else "defaults"


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _string_list(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ConfigError(f"{where}: expected a list of strings, e.g. [{value!r}]")
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: expected a list of strings, got {_toml_type(value)}")
    return tuple(value)


def _rule_selectors(value: Any, where: str) -> tuple[str, ...]:
    selectors = _string_list(value, where)
    check_selectors(selectors, where)
    return selectors


def check_selectors(selectors: Iterable[str], where: str) -> None:
    """Each selector must name a rule: a code, a code prefix (`TFX1`) or a rule name."""
    for selector in selectors:
        if not select_rules([selector]):
            import difflib  # error path only: kept out of start-up

            codes = [rule.code for rule in all_rules()] + [rule.name for rule in all_rules()]
            hint = difflib.get_close_matches(selector.upper(), codes, n=1, cutoff=0.7) or difflib.get_close_matches(selector, codes, n=1, cutoff=0.7)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else " (`tracerfix rules` lists them)"
            raise ConfigError(f"{where}: unknown rule code {selector!r}{suggestion}")


def _boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: expected true or false, got {_toml_type(value)}")
    return value


_DOTTED_NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$")


def _dotted_names(value: Any, where: str) -> tuple[str, ...]:
    names = _string_list(value, where)
    for name in names:
        if not _DOTTED_NAME.match(name):
            raise ConfigError(
                f"{where}: {name!r} is not an importable dotted name; write where it is defined, "
                "e.g. 'mylib.utils.jit'"
            )
    return names


def _per_file_ignores(value: Any, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f'{where}: expected a table of pattern = [codes], e.g. {{ "tests/*" = ["TFX502"] }}')
    return tuple((pattern, _rule_selectors(codes, f"{where}.{pattern!r}")) for pattern, codes in value.items())


def _folder(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{where}: expected a folder path, got {_toml_type(value)}")
    return value


def _table(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: expected a table, got {_toml_type(value)}")
    return value


def _toml_type(value: Any) -> str:
    names = {bool: "a boolean", str: "a string", int: "an integer", float: "a number", list: "an array", dict: "a table"}
    return names.get(type(value), type(value).__name__)


# TOML key -> (Config field, validator).
KEYS: dict[str, tuple[str, Callable[[Any, str], Any]]] = {
    "select": ("select", _rule_selectors),
    "ignore": ("ignore", _rule_selectors),
    "unsafe-fixes": ("unsafe_fixes", _boolean),
    "exclude": ("exclude", _string_list),
    "extend-jit-decorators": ("extend_jit_decorators", _dotted_names),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "respect-gitignore": ("respect_gitignore", _boolean),
    "cache-dir": ("cache_dir", _folder),
    "extend-safe-fixes": ("extend_safe_fixes", _rule_selectors),
    "extend-unsafe-fixes": ("extend_unsafe_fixes", _rule_selectors),
    "verify": ("verify", _table),
}


def parse(table: Mapping[str, Any], source: Path, heading: str = TABLE) -> Config:
    """Validate one tracerfix table; every error names the file and the key."""
    label = _display(source)
    values: dict[str, Any] = {}
    for key, value in table.items():
        known = KEYS.get(key) or KEYS.get(key.replace("_", "-"))
        if known is None:
            import difflib  # error path only: kept out of start-up

            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f"; known keys: {', '.join(KEYS)}"
            raise ConfigError(f"{label}: {heading} unknown key {key!r}{hint}")
        name, validate = known
        values[name] = validate(value, f"{label}: {heading} {key}")
    root = source.parent
    if "cache_dir" in values:
        values["cache_dir"] = root / Path(values["cache_dir"]).expanduser()
    return Config(root=root, source=source, **values)


_loaded: dict[Path, tuple[tuple[int, int], Config | None]] = {}


def load(path: Path) -> Config | None:
    """The tracerfix table of `path`, or None for a pyproject.toml without one.

    Re-read when the file changes, so a long-running language server sees edits.
    """
    path = _absolute(path)
    try:
        status = path.stat()
        stamp = (status.st_mtime_ns, status.st_size)
        cached = _loaded.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(f"{_display(path)}: cannot read: {error.strerror or error}") from None
    config = _parse_file(path, data)
    _loaded[path] = (stamp, config)
    return config


# A line that can define `tool.tracerfix` in a pyproject.toml, outside a comment:
# `[tool.tracerfix]` (spaces and quotes allowed), `tool.tracerfix.select = ...`, `[tool]`, `tool = {`.
_MAY_DEFINE_TABLE = re.compile(rb"""^[^#\n]*?tool["']?\s*(?:\.\s*["']?tracerfix|[\]=])""", re.MULTILINE)


def _parse_file(path: Path, data: bytes) -> Config | None:
    is_pyproject = path.name == PYPROJECT
    if is_pyproject and not (b"tracerfix" in data and _MAY_DEFINE_TABLE.search(data)):
        # Another project's pyproject.toml (or one naming tracerfix only as a dependency or a
        # script): not even parsed, so its errors are not ours and the save action skips tomllib.
        return None
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{_display(path)}: invalid TOML: {error}") from None
    if not is_pyproject:
        return parse(document, path, heading="")
    tool = document.get("tool", {})
    if not isinstance(tool, dict) or "tracerfix" not in tool:
        return None
    return parse(_table(tool["tracerfix"], f"{_display(path)}: {TABLE}"), path)


def find_config_file(directory: Path) -> Path | None:
    """The nearest pyproject.toml at or above `directory` that has a `[tool.tracerfix]` table."""
    for folder in (directory, *directory.parents):
        candidate = folder / PYPROJECT
        if candidate.is_file() and load(candidate) is not None:
            return candidate
    return None


# --- from files to Settings ---------------------------------------------------------------------


class Overrides(NamedTuple):
    """What the command line says; None or empty means "as configured"."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    unsafe_fixes: bool | None = None
    exclude: tuple[str, ...] = ()
    respect_gitignore: bool | None = None


class Resolver:
    """Configuration and Settings for each file of one run (lookups cached per folder)."""

    def __init__(self, overrides: Overrides = Overrides(), config_file: Path | None = None) -> None:
        self.overrides = overrides
        check_selectors(overrides.select, "--select")
        check_selectors(overrides.ignore, "--ignore")
        self.cli_exclude = PathPatterns(overrides.exclude, _absolute(Path.cwd()))
        self.fixed_config: Config | None = None
        if config_file is not None:
            self.fixed_config = load(config_file) or Config(root=_absolute(config_file).parent, source=_absolute(config_file))
        self._by_folder: dict[Path, Config] = {}
        self._settings: dict[tuple, Settings] = {}
        self._patterns: dict[int, tuple[Config, tuple[PathPatterns, list]]] = {}

    def config_for(self, path: Path | None) -> Config:
        """The configuration governing `path` (a file or folder; None: the current folder)."""
        if self.fixed_config is not None:
            return self.fixed_config
        target = _absolute(path) if path is not None else _absolute(Path.cwd()) / "-"
        folder = target if target.is_dir() else target.parent
        config = self._by_folder.get(folder)
        if config is None:
            found = find_config_file(folder)
            config = (load(found) if found else None) or Config(root=_absolute(Path.cwd()))
            self._by_folder[folder] = config
        return config

    def settings_for(self, path: Path | None) -> Settings:
        config = self.config_for(path)
        rules = self._rules(config, path)
        unsafe = config.unsafe_fixes if self.overrides.unsafe_fixes is None else self.overrides.unsafe_fixes
        extra_jit = frozenset(config.extend_jit_decorators)
        safe, unsafe_codes = _codes_of(config.extend_safe_fixes), _codes_of(config.extend_unsafe_fixes)
        key = (tuple(rule.code for rule in rules), unsafe, extra_jit, safe, unsafe_codes)
        settings = self._settings.get(key)
        if settings is None:
            settings = self._settings[key] = Settings(
                rules=rules, unsafe_fixes=unsafe, extra_jit=extra_jit,
                extend_safe_fixes=safe, extend_unsafe_fixes=unsafe_codes,
            )
        return settings

    def is_excluded(self, path: Path) -> bool:
        if self.cli_exclude and self.cli_exclude.match(path):
            return True
        exclude, _ = self._compiled(self.config_for(path))
        return bool(exclude) and exclude.match(path)

    def respect_gitignore(self, path: Path) -> bool:
        if self.overrides.respect_gitignore is not None:
            return self.overrides.respect_gitignore
        return self.config_for(path).respect_gitignore

    def cache_dir(self) -> Path:
        """Where the cache lives: $TRACERFIX_CACHE_DIR, `cache-dir`, or .tracerfix_cache/ at the
        project root (the folder of the configuration found from the current folder, like ruff)."""
        from_environment = os.environ.get("TRACERFIX_CACHE_DIR")
        if from_environment:
            return Path(from_environment)
        config = self.config_for(None)
        if config.cache_dir is not None:
            return config.cache_dir
        return config.root / ".tracerfix_cache"

    def _rules(self, config: Config, path: Path | None) -> tuple[type[Rule], ...]:
        chosen = set(select_rules(list(config.select) or None, list(config.ignore) or None))
        if self.overrides.select:
            chosen = set(select_rules(list(self.overrides.select), list(self.overrides.ignore) or None))
        elif self.overrides.ignore:
            chosen -= set(select_rules(list(self.overrides.ignore)))
        if path is not None:
            _, per_file = self._compiled(config)
            for patterns, codes in per_file:
                if patterns.match(path):
                    chosen -= set(select_rules(list(codes)))
        return tuple(rule for rule in all_rules() if rule in chosen)

    def _compiled(self, config: Config) -> tuple[PathPatterns, list[tuple[PathPatterns, tuple[str, ...]]]]:
        entry = self._patterns.get(id(config))
        if entry is None or entry[0] is not config:
            compiled = (
                PathPatterns(config.exclude, config.root),
                [(PathPatterns([pattern], config.root), codes) for pattern, codes in config.per_file_ignores],
            )
            entry = self._patterns[id(config)] = (config, compiled)
        return entry[1]


def _codes_of(selectors: tuple[str, ...]) -> frozenset[str]:
    return frozenset(rule.code for rule in select_rules(list(selectors))) if selectors else frozenset()


def settings_for(path: Path | None, overrides: Overrides = Overrides(), config_file: Path | None = None) -> Settings:
    """Settings for one file as the project configures it (for the language server and scripts)."""
    return Resolver(overrides, config_file).settings_for(path)


def selectors(values: Sequence[str]) -> tuple[str, ...]:
    """`--select TFX1,TFX3 --select TFX5` -> ('TFX1', 'TFX3', 'TFX5'), as ruff accepts both."""
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())
