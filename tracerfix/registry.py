"""Every rule shipped in `tracerfix.transforms`, found by walking the package."""

from __future__ import annotations

import importlib
import os
from functools import lru_cache

from tracerfix.rule import Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    import tracerfix.transforms as package

    rules: list[type[Rule]] = []
    for name in _module_names(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Rule) and value is not Rule and value.__module__ == module.__name__:
                rules.append(value)
    codes = [rule.code for rule in rules]
    duplicates = {code for code in codes if codes.count(code) > 1}
    if duplicates:
        raise RuntimeError(f"rule codes used twice: {sorted(duplicates)}")
    return tuple(sorted(rules, key=lambda rule: rule.code))


def _module_names(folders) -> list[str]:
    """The public modules in the package's folders. Listed directly: this runs at every start-up,
    and importing pkgutil alone costs more than the listing. A package imported from a zip archive
    (a zipapp, a zipped pex) has no folder to list: pkgutil asks its importer instead."""
    names = set()
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                names.update(entry.name[:-3] for entry in entries if entry.name.endswith(".py") and not entry.name.startswith("_"))
        except (NotADirectoryError, FileNotFoundError):
            import pkgutil

            names.update(module.name for module in pkgutil.iter_modules([folder]) if not module.name.startswith("_"))
    return sorted(names)


def rule_by_code(code: str) -> type[Rule] | None:
    wanted = code.upper()
    for rule in all_rules():
        if rule.code == wanted or rule.name == code:
            return rule
    return None


def select_rules(select: list[str] | None = None, ignore: list[str] | None = None) -> tuple[type[Rule], ...]:
    """Rules whose code starts with a selected prefix and with no ignored prefix (ruff's model)."""
    chosen = []
    for rule in all_rules():
        if select and not any(rule.code.startswith(p.upper()) or rule.name == p for p in select):
            continue
        if ignore and any(rule.code.startswith(p.upper()) or rule.name == p for p in ignore):
            continue
        chosen.append(rule)
    return tuple(chosen)
