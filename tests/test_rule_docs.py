"""docs/rules.md is generated from the rule modules; the committed copy must match them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tracerfix.registry import all_rules

REPO = Path(__file__).resolve().parent.parent


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_rule_docs", REPO / "scripts" / "gen_rule_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_rule_table_is_current():
    generator = load_generator()
    committed = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == generator.render(), "docs/rules.md is out of date: run python scripts/gen_rule_docs.py"


def test_rule_table_links_every_rule_to_its_section():
    generator = load_generator()
    text = generator.render()
    for rule in all_rules():
        heading = generator.heading(rule)
        assert f"\n## {heading}\n" in text
        assert f"| [{rule.code}](#{generator.anchor(heading)}) | `{rule.name}` |" in text
    assert text.count("\n### What it does\n") == len(all_rules())


def test_readme_links_the_rule_table():
    assert "(docs/rules.md)" in (REPO / "README.md").read_text(encoding="utf-8")
