"""Every rule's own VALID and INVALID cases, collected automatically: adding a rule adds tests."""

from __future__ import annotations

import pytest

from casekit import findings_of, rewrite, run_side_by_side, settings, source_of
from tracerfix.engine import fix
from tracerfix.registry import all_rules
from tracerfix.rule import DOC_SECTIONS

VALID = [
    pytest.param(rule, case, id=f"{rule.code}-valid-{i}")
    for rule in all_rules()
    for i, case in enumerate(rule.VALID)
]
INVALID = [
    pytest.param(rule, case, id=f"{rule.code}-invalid-{i}")
    for rule in all_rules()
    for i, case in enumerate(rule.INVALID)
]
FIXED = [p for p in INVALID if p.values[1].expected is not None]
VERIFIED = [p for p in FIXED if p.values[1].verify and p.values[1].function and p.values[1].inputs]


@pytest.mark.parametrize("rule, case", VALID)
def test_valid_code_is_not_reported(rule, case):
    assert findings_of(rule, case.code) == []


@pytest.mark.parametrize("rule, case", VALID)
def test_valid_code_is_left_byte_identical_by_every_rule(rule, case):
    source = source_of(case.code)
    assert fix(source, settings(unsafe=True)).source == source


@pytest.mark.parametrize("rule, case", INVALID)
def test_invalid_code_is_reported(rule, case):
    found = findings_of(rule, case.code)
    assert len(found) == case.count, [f.message for f in found]
    for finding in found:
        assert finding.line > 0 and finding.message


@pytest.mark.parametrize("rule, case", INVALID)
def test_fix_matches_expected(rule, case):
    source = source_of(case.code)
    if case.expected is None:
        assert rewrite(rule, case.code, unsafe=True) == source, "a case without `expected` must not be rewritten"
        return
    expected = source_of(case.expected)
    assert rewrite(rule, case.code, unsafe=True) == expected
    if case.unsafe:
        assert rewrite(rule, case.code, unsafe=False) == source, "an unsafe fix must need --unsafe-fixes"
    else:
        assert rewrite(rule, case.code, unsafe=False) == expected, "a safe fix must apply by default"


@pytest.mark.parametrize("rule, case", FIXED)
def test_fix_is_idempotent_and_removes_the_finding(rule, case):
    expected = source_of(case.expected)
    assert rewrite(rule, expected, unsafe=True) == expected
    assert not [f for f in findings_of(rule, expected) if f.fixable]


@pytest.mark.parametrize("rule, case", VERIFIED)
def test_rewrite_runs_under_jit_and_matches_eager_original(rule, case):
    pytest.importorskip("jax")
    run_side_by_side(source_of(case.code), source_of(case.expected), case.function, case.inputs)


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_documents_itself(rule):
    doc = rule.documentation()
    for section in DOC_SECTIONS:
        assert f"## {section}" in doc, f"{rule.code} lacks a '{section}' section"
    assert rule.code.startswith("TFX") and rule.name and rule.summary
    assert rule.INVALID, "a rule needs at least one case it reports"
    assert rule.VALID, "a rule needs at least one case it leaves alone"
