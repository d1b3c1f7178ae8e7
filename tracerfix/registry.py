"""Every rule shipped in `tracerfix.transforms`, found by walking the package."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from functools import lru_cache

from tracerfix.rule import Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    import tracerfix.transforms as package

    rules: list[type[Rule]] = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Rule) and value is not Rule and value.__module__ == module.__name__:
                rules.append(value)
    codes = [rule.code for rule in rules]
    duplicates = {code for code in codes if codes.count(code) > 1}
    if duplicates:
        raise RuntimeError(f"rule codes used twice: {sorted(duplicates)}")
    return tuple(sorted(rules, key=lambda rule: rule.code))


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
