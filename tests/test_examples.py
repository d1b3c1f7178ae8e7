"""The shipped examples: every leak marked `# expect: CODE` is found at that line, nothing else is.

An example file marks each line where a finding is expected with a trailing comment
`# expect: TFX101` (several codes: `# expect: TFX101, TFX103`). Fixed versions carry no marker
and must stay silent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracerfix.engine import Settings, lint
from tracerfix.registry import all_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MARKER = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def expected_findings(source: str) -> set[tuple[int, str]]:
    expected = set()
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARKER.search(line)
        if match:
            expected.update((number, code.strip()) for code in match.group(1).split(",") if code.strip())
    return expected


FILES = sorted(EXAMPLES.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_findings_match_markers(path):
    source = path.read_text()
    found = {(f.line, f.code) for f in lint(source, Settings(rules=all_rules())).findings}
    assert found == expected_findings(source)


def test_examples_exist():
    assert FILES, "examples/ must ship example programs"
