"""Leaving untraceable top-level functions unparsed (`tracerfix.lazy_module`) must change nothing a
user sees: the same findings at the same places, the same rewritten text, byte for byte."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from casekit import settings, source_of
from tracerfix import engine, lazy_module
from tracerfix.analysis import analyze
from tracerfix.lazy_module import UnparsedStatement, parse_lazily
from tracerfix.registry import all_rules

REPO = Path(__file__).resolve().parent.parent
CORPUS_SUBSET = sorted((REPO / "tests" / "data" / "corpus_subset").rglob("*.py"))
WHOLE_FILES = [
    *sorted((REPO / "examples").glob("*.py")),
    REPO / "bench" / "data" / "training_module.py",
    *CORPUS_SUBSET,
]

RULE_CASES = [
    pytest.param(source_of(case.code), id=f"{rule.code}-{kind}-{i}")
    for rule in all_rules()
    for kind, cases in (("invalid", rule.INVALID), ("valid", rule.VALID))
    for i, case in enumerate(cases)
]

# An untraced helper placed before, between and after the rule case's code, so that every case
# also runs with statements left as text around it.
_UNTRACED = '''

def _format_report(rows, width=10):
    """Host-side helper: no transformation reaches it."""
    lines = []
    for row in rows:
        if len(row) > width:
            lines.append(str(row)[:width])
    return "\\n".join(lines)
'''


@pytest.fixture(autouse=True)
def split_whenever_possible(monkeypatch):
    """Split every module that can be split, however little it would save: these tests compare
    the split with the whole-module parse, so they must not skip the split (see the last test)."""
    monkeypatch.setattr(lazy_module, "_WORTHWHILE_SHARE", 0.0)


def observable(result: engine.LintResult) -> tuple:
    """What a user sees of a run: the text, and each finding as it is printed or fixed."""
    return (
        result.source,
        [
            (f.code, f.line, f.column, f.end_line, f.end_column, f.message, f.function,
             None if f.fix is None else (f.fix.title, f.fix.safety))
            for f in result.findings
        ],
        sorted((f.code, f.message) for f in result.fixed),
    )


def assert_same_as_whole_module_parse(source: str) -> None:
    for chosen in (settings(), settings(unsafe=True)):
        assert observable(engine.lint(source, chosen)) == observable(engine.lint(source, chosen, lazily=False))
        assert observable(engine.fix(source, chosen)) == observable(engine.fix(source, chosen, lazily=False))


def with_untraced_code(source: str) -> str:
    """The case with untraced helpers before its first statement after the imports, and at the end."""
    lines = source.splitlines(keepends=True)
    cut = 0
    for position, line in enumerate(lines):
        if line.startswith(("import ", "from ")):
            cut = position + 1
    return "".join(lines[:cut]) + _UNTRACED + "\n" + "".join(lines[cut:]) + _UNTRACED.replace("_format", "_print")


@pytest.mark.parametrize("path", WHOLE_FILES, ids=lambda path: path.name)
def test_files_give_what_the_whole_module_parse_gives(path):
    assert_same_as_whole_module_parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("source", RULE_CASES)
def test_rule_cases_among_untraced_code_give_what_the_whole_module_parse_gives(source):
    assert_same_as_whole_module_parse(with_untraced_code(source))


def test_untraced_functions_stay_text_and_called_helpers_are_parsed():
    source = (REPO / "bench" / "data" / "training_module.py").read_text()
    module = parse_lazily(source)
    assert module is not None and module.code == source
    kept = {s.name for s in module.body if isinstance(s, UnparsedStatement)}
    assert {"save_checkpoint", "describe", "tokenize"} <= kept
    analysis = analyze(module, source)
    parsed = {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}
    # Helpers reached from jitted code only through calls were parsed when the analysis asked.
    assert {"forward", "block", "dropout"} <= parsed
    assert "save_checkpoint" not in parsed
    assert {"forward", "block", "dropout"} <= {scope.node.name.value for scope in analysis.scopes.values() if isinstance(scope.node, cst.FunctionDef)}
    assert module.code == source


def test_a_leak_in_a_helper_kept_as_text_is_found():
    source = textwrap.dedent(
        """\
        import jax


        def clip(x):
            if x < 0:
                return 0.0
            return x


        def unrelated(rows):
            return [row for row in rows if row]


        @jax.jit
        def step(x):
            return clip(x) * 2
        """
    )
    module = parse_lazily(source)
    assert [type(s).__name__ for s in module.body] == ["SimpleStatementLine", "UnparsedStatement", "UnparsedStatement", "FunctionDef"]
    findings = engine.lint(source, settings()).findings
    assert [(f.code, f.line, f.function) for f in findings] == [("TFX101", 5, "clip")]


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("import jax\n\ndef f(x):\n    return x\n    # in the block\n\n# before g\n@jax.jit\ndef g(y):\n    return f(y)\n", id="comment-after-a-block"),
        pytest.param("import jax\ndef f(x):\n    return x\n@jax.jit\ndef g(y):\n    return f(y) if y > 0 else y", id="no-final-newline"),
        pytest.param("import jax; import numpy as np\na = 1; b = 2\ndef f(x):\n    return x\nc = jax.jit(f)\n", id="semicolons"),
        pytest.param("import jax\r\n\r\ndef f(x):\r\n    return x\r\n\r\n@jax.jit\r\ndef g(y):\r\n    return f(y)\r\n", id="crlf"),
        pytest.param("import jax\n\ndef f(x):\n\treturn x\n\n@jax.jit\ndef g(y):\n\treturn f(y)\n", id="tabs"),
        pytest.param("# Copyright\n\n\"\"\"Doc.\"\"\"\nimport jax\n\n\ndef f(x):\n    return x\n\n\n@jax.jit\ndef g(y):\n    return f(y)\n\n# end\n", id="header-and-footer"),
        pytest.param("import jax\nimport functools\n\n@functools.lru_cache\n# between\ndef f(x):\n    return x\n\n@jax.jit\ndef g(y):\n    return f(y)\n", id="decorated"),
        pytest.param("import jax\ndef f(x):\n    s = '''\ndef fake():\n    pass\n'''\n    return x\n@jax.jit\ndef g(y):\n    return f(y)\n", id="def-in-a-string"),
        pytest.param("import jax\nclass A:\n    def m(self):\n        return 1\n\n@jax.jit\ndef g(y):\n    return y\n", id="class"),
        pytest.param("import jax\n\x0c\ndef f(x):\n    return x\n\x0c\n@jax.jit\ndef g(y):\n    return f(y)\n", id="form-feed"),
    ],
)
def test_the_module_prints_back_exactly(source):
    module = parse_lazily(source)
    assert module is not None
    assert any(isinstance(s, UnparsedStatement) for s in module.body)
    assert module.code == source
    analysis = analyze(module, source)
    analysis.index.statements()  # parse every statement kept as text
    assert not any(isinstance(s, UnparsedStatement) for s in module.body)
    assert module.code == source
    assert_same_as_whole_module_parse(source)


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("import jax\ndef f(x):\n  return x\n@jax.jit\ndef g(y):\n    return f(y)\n", id="indented-unlike-the-first-block"),
        pytest.param("import jax\ndef f(x):\n    return x\n@jax.jit\ndef g(y):\n    return f(y)\n".replace("\n", "\r\n", 2), id="mixed-line-endings"),
        pytest.param("import jax\n@jax.jit\ndef g(y):\n    return y\n", id="nothing-to-leave-out"),
    ],
)
def test_doubtful_splits_parse_the_whole_module(source):
    assert parse_lazily(source) is None
    assert_same_as_whole_module_parse(source)


def test_a_syntax_error_is_reported_by_the_whole_module_parse():
    source = "import jax\ndef f(x):\n    return x\n@jax.jit\ndef g(y:\n    return y\n"
    assert parse_lazily(source) is None
    with pytest.raises(engine.SourceError) as whole:
        engine.parse(source)
    with pytest.raises(engine.SourceError) as raised:
        engine.lint(source, settings())
    assert (raised.value.line, str(raised.value)) == (whole.value.line, str(whole.value))
    assert raised.value.line in (5, 6)


def test_a_function_naming_a_transformation_alias_is_parsed():
    source = "from jax import jit as compile_fast\n\ndef f(x):\n    return x\n\nstep = compile_fast(f)\n\ndef g(x):\n    return x\n"
    module = parse_lazily(source)
    assert [type(s).__name__ for s in module.body] == ["SimpleStatementLine", "UnparsedStatement", "SimpleStatementLine", "FunctionDef"]
    source = "from jax import jit as compile_fast\n\n@compile_fast\ndef f(x):\n    return x\n\ndef g(x):\n    return x\n\nz = 1\n"
    module = parse_lazily(source)
    assert [type(s).__name__ for s in module.body][:3] == ["SimpleStatementLine", "FunctionDef", "UnparsedStatement"]


def test_a_configured_jit_wrapper_and_its_alias_keep_their_functions_parsed():
    source = textwrap.dedent(
        """\
        import jax.numpy as jnp
        from mylib.utils import fast_jit as compiled


        def helper(rows):
            return sorted(rows)


        @compiled
        def step(x):
            if x.sum() > 0:
                x = x - 1
            return x


        def main():
            return helper([3, 1])
        """
    )
    wrapper = engine.Settings(rules=all_rules(), extra_jit=frozenset({"mylib.utils.fast_jit"}))
    module = parse_lazily(source, wrapper.extra_jit)
    assert [type(s).__name__ for s in module.body] == [
        "SimpleStatementLine", "SimpleStatementLine", "UnparsedStatement", "FunctionDef", "FunctionDef"
    ]
    lazy, whole = engine.lint(source, wrapper), engine.lint(source, wrapper, lazily=False)
    assert [f.code for f in lazy.findings] == ["TFX101"]
    assert observable(lazy) == observable(whole)


def test_async_functions_and_redefinitions_resolve_as_in_the_whole_module():
    source = textwrap.dedent(
        """\
        import jax


        def clip(x):
            return x


        async def fetch(url):
            return url


        def clip(x):
            if x < 0:
                return 0.0
            return x


        def unused():
            return 1


        @jax.jit
        def step(x):
            return clip(x)
        """
    )
    module = parse_lazily(source)
    assert sum(isinstance(s, UnparsedStatement) for s in module.body) == 4
    findings = engine.lint(source, settings()).findings
    assert [(f.code, f.line) for f in findings] == [("TFX101", 13)]  # the second `clip` is the one called
    assert_same_as_whole_module_parse(source)


def test_parsing_every_statement_keeps_the_last_definition_of_a_name():
    source = "import jax\n\ndef helper(x):\n    return x\n\ndef helper(x):\n    return -x\n\n@jax.jit\ndef f(x):\n    return x\n"
    module = parse_lazily(source)
    index = analyze(module, source).index
    second = index.defined_function(cst.Name("helper"), ())  # parses the later definition only
    assert isinstance(module.body[1], UnparsedStatement) and second is module.body[2]
    index.statements()  # now the earlier one too: the name still means the later one
    assert "-x" in module.code_for_node(second)
    assert index.defined_function(cst.Name("helper"), ()) is second


def test_splitting_is_skipped_where_it_would_save_little(monkeypatch):
    monkeypatch.setattr(lazy_module, "_WORTHWHILE_SHARE", 0.3)
    application = (REPO / "bench" / "data" / "training_module.py").read_text()
    assert parse_lazily(application) is not None  # most of it is host-side code
    library = "import jax\n\n" + "".join(
        f"@jax.jit\ndef f{i}(x):\n    return x + {i}\n\n\n" for i in range(8)
    ) + "def host(rows):\n    return sorted(rows)\n\n\n@jax.jit\ndef g(x):\n    return x\n"
    assert lazy_module._untraceable_share(library, lazy_module._marker_pattern(frozenset(), frozenset())) < 0.3
    assert parse_lazily(library) is None
    monkeypatch.setattr(lazy_module, "_WORTHWHILE_SHARE", 0.0)
    assert parse_lazily(library) is not None


@pytest.mark.slow
def test_the_whole_corpus_gives_what_the_whole_module_parse_gives():
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import corpus
    finally:
        sys.path.pop(0)
    for path in corpus.build():
        source = path.read_text(encoding="utf-8")
        try:
            assert_same_as_whole_module_parse(source)
        except engine.SourceError:
            continue
