"""Re-parsing only the statements a fix changed must give exactly what re-parsing the whole
fixed module gives: the same text and the same tree."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from casekit import settings, source_of
from tracerfix import engine
from tracerfix.registry import all_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SOURCES = [
    pytest.param(source_of(case.code), id=f"{rule.code}-invalid-{i}")
    for rule in all_rules()
    for i, case in enumerate(rule.INVALID)
    if case.expected is not None
] + [pytest.param(path.read_text(encoding="utf-8"), id=path.name) for path in sorted(EXAMPLES.glob("*.py"))]


def first_pass(source: str):
    module = engine.parse(source)
    chosen = [f for f in engine._detect(module, source, settings(unsafe=True)) if f.fix is not None]
    return module, engine.apply_fixes(module, chosen)


def spliced_or_none(source: str):
    module, edited = first_pass(source)
    return edited, engine._splice(module, source, edited)


@pytest.mark.parametrize("source", SOURCES)
def test_reparsing_the_changed_statements_equals_reparsing_the_module(source):
    edited, spliced = spliced_or_none(source)
    if spliced is None:
        return  # the whole-module path; covered by every other test
    new_module, new_source = spliced
    assert new_source == edited.module.code
    assert new_module.code == new_source
    assert new_module.deep_equals(cst.parse_module(new_source))


@pytest.mark.parametrize("source", SOURCES[:40])
def test_crlf_and_tab_indented_sources_reparse_the_same(source):
    for variant in (source.replace("\n", "\r\n"), source.replace("    ", "\t")):
        edited, spliced = spliced_or_none(variant)
        if spliced is not None:
            new_module, new_source = spliced
            assert new_source == edited.module.code
            assert new_module.deep_equals(cst.parse_module(new_source))


def test_the_changed_statements_path_is_the_usual_one():
    taken = [spliced_or_none(param.values[0])[1] is not None for param in SOURCES]
    assert sum(taken) >= 0.9 * len(taken), f"{sum(taken)} of {len(taken)}"


def test_nodes_of_the_new_module_are_not_shared():
    """A fix may put one node in two places; the re-parsed statements must not."""
    source = source_of(
        """
        import jax

        @jax.jit
        def f(x):
            if x > 0:
                y = x
            else:
                y = -x
            return y
        """
    )
    _, (new_module, _) = spliced_or_none(source)
    seen: set[int] = set()
    stack = [new_module]
    while stack:
        node = stack.pop()
        assert id(node) not in seen
        seen.add(id(node))
        stack.extend(node.children)


def test_a_function_indented_unlike_the_module_falls_back_to_the_whole_module():
    # The module's default indent is two spaces; the fixed function uses four. Parsed alone, the
    # function would take four as the default and print with two inside the module.
    source = source_of(
        """
        import jax

        def g(a):
          return a

        @jax.jit
        def f(x):
            y = x if x > 0 else -x
            return y
        """
    )
    result = engine.fix(source, settings(unsafe=True))
    assert "jnp.where(x > 0, x, -x)" in result.source
    assert "    return y" in result.source and "  return a" in result.source


def test_a_statement_whose_text_occurs_twice_is_not_spliced():
    body = "@jax.jit\ndef f(x):\n    return x if x > 0 else -x\n"
    source = "import jax\n\n" + body + "\n" + body
    edited, spliced = spliced_or_none(source)
    assert spliced is None
    result = engine.fix(source, settings(unsafe=True))
    assert result.source.count("jnp.where(x > 0, x, -x)") == 2
