"""`[tool.tracerfix.verify]`: trials, time limits, a seed and input specs for verification.

    [tool.tracerfix.verify]
    seed = 0              # fixed seed (the command line's --seed wins)
    trials = 16           # random trials per input signature, on top of the edge values
    timeout = 60          # seconds per function
    file-timeout = 600    # seconds per file, importing it included
    memory-limit = "4GiB" # address space of the worker that runs the code (see limits.py)
    cpu-limit = 300       # CPU seconds per function
    max-processes = 16    # processes the code under test may start, per function
    output-limit = "256MiB"  # bytes the worker may write to one file, its captured output included
    strict-dtypes = false  # fail on a dtype change that keeps values (the --strict-dtypes flag)

    [tool.tracerfix.verify.inputs]
    clip = "x=f32[8]"                                    # every function named `clip`
    "src/model.py::Model.step" = { x = "f32[4,4]", axis = 1 }
    smooth = ["x=f32[16], width=3", "x=f32[4,4], width=1"]  # several signatures

Keys name a function (`Class.method` for methods), optionally prefixed by its file's path relative
to the pyproject.toml folder and `::`. Table values that are strings are read as specs when they
look like one (`f32[8]`, `float`, `key`) and as string literals otherwise; other values are
literals. tracerfix.config finds the table (nearest pyproject.toml, or --config); this module
reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from tracerfix.config import ConfigError
from tracerfix.verify.limits import Limits, parse_size
from tracerfix.verify.specs import ClassSpec, DictSpec, LiteralSpec, SpecError, format_signature, parse_signature, parse_spec

KEYS = ("seed", "trials", "timeout", "file-timeout", "memory-limit", "cpu-limit", "max-processes", "output-limit",
        "strict-dtypes", "inputs")


@dataclass
class VerifyOptions:
    seed: int | None = None
    trials: int = 16
    function_timeout: float = 60.0
    file_timeout: float = 600.0
    # Function key -> signatures, each written `x=f32[8], axis=0`.
    inputs: dict[str, list[str]] = field(default_factory=dict)
    limits: Limits = field(default_factory=Limits)
    root: Path | None = None  # the folder of the configuration these came from
    strict_dtypes: bool = False  # a dtype change that keeps values fails instead of being a note

    def signatures_for(self, path: Path | None, unit: str) -> list[str]:
        found = list(self.inputs.get(unit, ()))
        if path is not None and self.root is not None:
            try:
                relative = path.resolve().relative_to(self.root.resolve()).as_posix()
            except ValueError:
                relative = None
            if relative is not None:
                found.extend(self.inputs.get(f"{relative}::{unit}", ()))
        return found


def parse_options(table: Mapping[str, Any], root: Path | None, label: str = "") -> VerifyOptions:
    """Validate a `[tool.tracerfix.verify]` table; errors name the key."""
    where = f"{label}: [tool.tracerfix.verify]" if label else "[tool.tracerfix.verify]"
    options = VerifyOptions(root=root)
    for key in table:
        if key not in KEYS:
            raise ConfigError(f"{where} unknown key {key!r}; known keys: {', '.join(KEYS)}")
    try:
        if "seed" in table:
            options.seed = _integer(table["seed"])
        options.trials = _integer(table.get("trials", options.trials))
        options.function_timeout = _number(table.get("timeout", options.function_timeout))
        options.file_timeout = _number(table.get("file-timeout", options.file_timeout))
        defaults = options.limits
        options.limits = Limits(
            memory=parse_size(table.get("memory-limit", defaults.memory)),
            cpu_seconds=_positive_integer(table.get("cpu-limit", defaults.cpu_seconds)),
            processes=_integer(table.get("max-processes", defaults.processes)),
            output=parse_size(table.get("output-limit", defaults.output)),
        )
        strict = table.get("strict-dtypes", False)
        if not isinstance(strict, bool):
            raise TypeError(f"strict-dtypes: expected true or false, got {strict!r}")
        options.strict_dtypes = strict
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{where}: {error}") from None
    inputs = table.get("inputs", {})
    if not isinstance(inputs, dict):
        raise ConfigError(f"{where} inputs: expected a table of function = signature")
    for key, value in inputs.items():
        entries = value if isinstance(value, list) else [value]
        try:
            options.inputs[key] = [_signature_text(entry) for entry in entries]
        except SpecError as error:
            raise ConfigError(f"{where} inputs.{key}: {error}") from None
    return options


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _positive_integer(value: Any) -> int:
    if _integer(value) <= 0:
        raise ValueError(f"expected a positive number of seconds, got {value!r}")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise TypeError(f"expected a positive number of seconds, got {value!r}")
    return float(value)


def _signature_text(entry: object) -> str:
    if isinstance(entry, str):
        parse_signature(entry)  # validate here, where the error can name the key
        return entry
    if isinstance(entry, dict):
        return format_signature({name: _table_spec(value) for name, value in entry.items()})
    raise SpecError(f"expected a signature string or a table, not {entry!r}")


def _table_spec(value: object):
    if isinstance(value, dict):  # a params dict: `params = { w = "f32[3,4]", b = "f32[4]" }`
        return DictSpec(tuple((str(key), _table_spec(item)) for key, item in value.items()))
    if isinstance(value, str):
        try:
            spec = parse_spec(value)
        except SpecError:
            return LiteralSpec(value)
        return LiteralSpec(value) if isinstance(spec, (LiteralSpec, ClassSpec)) and "(" not in value else spec
    return LiteralSpec(value)
