"""Real JAX code from flax, optax, equinox, diffrax, brax and jax: well-tested libraries, so the
tool must stay silent on their jitted code and must never change a byte of it.

The default suite runs on `tests/data/corpus_subset/`: real files from those releases (license
headers intact, each package's LICENSE beside them), picked where the analysis once raised false
alarms and where traced code is dense. The slow test runs on the whole corpus that
`bench/corpus.py` downloads, and checks every finding against the review in
`bench/corpus-findings.md`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tracerfix.analysis import analyze
from tracerfix.analysis.prefilter import applies_transformation
from tracerfix.engine import Settings, SourceError, fix, lint, parse
from tracerfix.registry import all_rules

REPO = Path(__file__).resolve().parent.parent
SUBSET = Path(__file__).resolve().parent / "data" / "corpus_subset"
SUBSET_FILES = sorted(SUBSET.rglob("*.py"))
FINDINGS_REVIEW = REPO / "bench" / "corpus-findings.md"

SAFE = Settings(rules=all_rules())
UNSAFE = Settings(rules=all_rules(), unsafe_fixes=True)


def test_the_subset_is_real_code_with_traced_scopes():
    assert len(SUBSET_FILES) >= 10
    for package in {path.relative_to(SUBSET).parts[0] for path in SUBSET_FILES}:
        assert (SUBSET / package / "LICENSE").read_text().lstrip().startswith(("Apache License", "Version 2.0"))
    traced = [path for path in SUBSET_FILES if analyze(parse(path.read_text()), path.read_text()).scopes]
    assert len(traced) == len(SUBSET_FILES), "every subset file must hold traced code, or it tests nothing"


@pytest.mark.parametrize("path", SUBSET_FILES, ids=lambda path: str(path.relative_to(SUBSET)))
def test_correct_library_code_is_left_alone(path):
    source = path.read_text(encoding="utf-8")
    findings = lint(source, SAFE).findings
    assert not findings, [f"{f.line}: {f.code} {f.message}" for f in findings]
    assert fix(source, UNSAFE).source == source


# --- the whole corpus (slow: about two LibCST parses of 450,000 lines) ------------------------------


def reviewed_findings() -> dict[str, str]:
    """`path:line CODE` -> verdict, from the review table of bench/corpus-findings.md."""
    rows = re.findall(r"^\|\s*`([^`]+:\d+ TFX\d+)`\s*\|\s*([^|]+?)\s*\|", FINDINGS_REVIEW.read_text(), re.MULTILINE)
    return {finding: verdict.lower() for finding, verdict in rows}


@pytest.fixture(scope="module")
def corpus_files():
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import corpus
    finally:
        sys.path.pop(0)
    return corpus.build()


@pytest.mark.slow
def test_whole_corpus(corpus_files):
    assert len(corpus_files) > 1000
    review = reviewed_findings()
    unreviewed, errors = [], []
    for path in corpus_files:
        name = path.relative_to(REPO / "bench" / "corpus").as_posix()
        source = path.read_text(encoding="utf-8")
        try:
            findings = lint(source, SAFE).findings
        except SourceError as error:
            errors.append(f"{name}: {error}")
            continue
        keys = [f"{name}:{finding.line} {finding.code}" for finding in findings]
        unreviewed.extend(key for key in keys if key not in review)
        true_leak = any(review.get(key, "").startswith("true leak") for key in keys)
        output = fix(source, SAFE).source
        if not true_leak:
            assert output == source, f"{name}: a file without a true leak was changed"
        else:
            compile(output, name, "exec", dont_inherit=True)
            assert fix(output, SAFE).source == output, f"{name}: a second pass changed the file"
        if applies_transformation(source) is False:
            assert not analyze(parse(source), source).scopes, f"{name}: the prefilter skipped traced code"
    assert not errors
    assert not unreviewed, "findings not reviewed in bench/corpus-findings.md:\n" + "\n".join(unreviewed)
