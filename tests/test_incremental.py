"""The language server's incremental analysis (`tracerfix.incremental`) gives exactly what a cold run
gives: the same findings at the same places and the same fixed text, after any sequence of edits.

Every rule case (with untraced code around it) is edited at random and back; real modules (the
examples, the bundled corpus subset and, in the slow suite, the editor benchmark's modules) take a
sequence of random edits: a line inserted, deleted or changed, inside and outside traced functions,
and top-level statements added. After each edit the document's findings are compared with
`engine.lint` of the same text, and its fixes with `engine.fix`.
"""

from __future__ import annotations

import ast
import random
import re
import sys
import textwrap
from pathlib import Path

import pytest

from casekit import settings, source_of
from test_lazy_module import RULE_CASES, with_untraced_code
from tracerfix import engine, incremental
from tracerfix.engine import SourceError

REPO = Path(__file__).resolve().parent.parent
CORPUS_SUBSET = sorted((REPO / "tests" / "data" / "corpus_subset").rglob("*.py"))
REAL_MODULES = [*sorted((REPO / "examples").glob("*.py")), REPO / "bench" / "data" / "training_module.py", *CORPUS_SUBSET]


def seen(findings) -> list[tuple]:
    """Each finding as a user sees it: printed, underlined, fixed."""
    return [
        (f.code, f.line, f.column, f.end_line, f.end_column, f.message, f.function, f.top,
         None if f.fix is None else (f.fix.title, f.fix.safety))
        for f in findings
    ]


def assert_same_as_cold(document: incremental.Document, fixes: bool) -> None:
    source, chosen = document.source, document.settings
    try:
        expected = engine.lint(source, chosen)
    except SourceError:
        assert document.error is not None, "a cold run cannot read this text"
        return
    assert document.error is None, document.error
    assert seen(document.findings) == seen(expected.findings)
    if fixes:
        result, after = document.fix()
        cold = engine.fix(source, chosen)
        assert result.source == cold.source
        assert seen(result.findings) == seen(cold.findings)
        assert sorted((f.code, f.message) for f in result.fixed) == sorted((f.code, f.message) for f in cold.fixed)
        assert seen(after.findings) == seen(cold.findings)


# -- random edits ----------------------------------------------------------------------------------


def random_edit(source: str, rng: random.Random) -> str:
    """`source` with one line inserted, deleted or changed, or a top-level statement added."""
    lines = source.splitlines(keepends=True)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = None
    # One-line statements, inside functions or not: where an edit keeps the text valid, mostly.
    simple = sorted(
        {
            node.lineno - 1
            for node in (ast.walk(tree) if tree else ())
            if isinstance(node, ast.stmt) and not hasattr(node, "body") and node.lineno == node.end_lineno
        }
    )
    tops = [node.lineno - 1 for node in tree.body] if tree else []
    kind = rng.choice(("insert", "delete", "change", "change", "top-level"))
    if not simple or not lines:
        kind = "top-level"
    if kind == "top-level":
        index = rng.choice(tops) if tops else len(lines)
        return "".join([*lines[:index], f"EDITED_{rng.randrange(100)} = {rng.randrange(10)}\n", *lines[index:]])
    index = rng.choice(simple)
    line = lines[index]
    if kind == "insert":  # the statement twice
        return "".join([*lines[: index + 1], line if line.endswith("\n") else "\n" + line, *lines[index + 1 :]])
    if kind == "delete":
        return "".join([*lines[:index], *lines[index + 1 :]])
    body = line.rstrip("\r\n")
    ending = line[len(body) :]
    number = re.search(r"\b\d+\b", body)
    if number and rng.random() < 0.6:
        body = body[: number.start()] + str(int(number.group()) + 1) + body[number.end() :]
    elif "#" not in body and not body.rstrip().endswith(("\\", ",", "(", "[", "{")):
        body += "  # edited"
    else:
        body = re.sub(r"\bx\b", "y", body, count=1)
    return "".join([*lines[:index], body + ending, *lines[index + 1 :]])


def edit_and_compare(source: str, steps: int, seed: int, fix_every: int, fix_first: bool = True) -> int:
    """Edit a document `steps` times at random, comparing with a cold run after each edit (and its
    fixes every `fix_every` edits); then go back to the first text. Returns how many updates
    analysed only part of the module."""
    rng = random.Random(seed)
    document = incremental.Document(settings(unsafe=True))
    document.update(source)
    assert_same_as_cold(document, fixes=fix_first)
    partial = 0
    text = source
    for step in range(steps):
        edited = random_edit(text, rng)
        document.update(edited)
        assert_same_as_cold(document, fixes=(step + 1) % fix_every == 0)
        if document.module is not None and document.analysed < len(document.module.body):
            partial += 1
        if document.error is None:
            text = edited
        else:  # the user repairs what they broke
            document.update(text)
            assert_same_as_cold(document, fixes=False)
    document.update(source)
    assert_same_as_cold(document, fixes=fix_first)
    return partial


@pytest.mark.parametrize("source", RULE_CASES)
def test_rule_cases_edited_give_what_a_cold_run_gives(source, request):
    # The fixes are compared after the edit: what the editor offers once the text has changed.
    seed = sum(map(ord, request.node.name))
    edit_and_compare(with_untraced_code(source), steps=1, seed=seed, fix_every=1, fix_first=False)


@pytest.mark.parametrize("path", REAL_MODULES[:-len(CORPUS_SUBSET)], ids=lambda path: path.name)
def test_real_modules_edited_at_random_give_what_a_cold_run_gives(path):
    edit_and_compare(path.read_text(encoding="utf-8"), steps=8, seed=len(path.name), fix_every=4)


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS_SUBSET, ids=lambda path: path.name)
def test_corpus_files_edited_at_random_give_what_a_cold_run_gives(path):
    edit_and_compare(path.read_text(encoding="utf-8"), steps=16, seed=len(path.name), fix_every=4)


def test_most_edits_of_a_real_module_are_analysed_in_part():
    """The point of it all: a line changed in one function of the bundled 537-line training
    module is analysed with what it touches, not with the whole module."""
    source = (REPO / "bench" / "data" / "training_module.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    document = incremental.Document(settings())
    document.update(source)
    shares = []
    for function in tree.body:
        if not isinstance(function, ast.FunctionDef):
            continue
        last = function.body[-1].end_lineno - 1
        edited = "".join([*lines[:last], lines[last].rstrip("\n") + "  # edited\n", *lines[last + 1 :]])
        document.update(edited)
        assert_same_as_cold(document, fixes=False)
        shares.append(document.analysed / len(document.module.body))
        document.update(source)
    assert len(shares) >= 10
    assert sorted(shares)[len(shares) // 2] < 0.9, shares  # helpers, their callers: most of a training loop


@pytest.mark.slow
def test_editor_benchmark_modules_edited_at_random_give_what_a_cold_run_gives():
    sys.path.insert(0, str(REPO / "bench"))
    import editor_modules

    for path in editor_modules.write_modules():
        edit_and_compare(path.read_text(encoding="utf-8"), steps=30, seed=7, fix_every=5)


# -- specific edits --------------------------------------------------------------------------------

CLIP = source_of(
    """
    import jax
    import jax.numpy as jnp


    def helper(v):
        return v * 2


    @jax.jit
    def clip(x):
        result = x
        if x[0] < 0:
            result = result.at[0].set(0)
        return result


    @jax.jit
    def step(x):
        y = helper(x)
        if y.sum() > 0:
            y = -y
        return y
    """
)


def test_an_edit_inside_one_function_analyses_only_what_it_can_affect():
    document = incremental.Document(settings())
    document.update(CLIP)
    assert [f.function for f in document.findings] == ["clip", "step"]
    edited = CLIP.replace("result = x\n", "result = x + 0\n")
    document.update(edited)
    assert document.analysed == 2  # `clip` and the import it reads; not `step` nor `helper`
    assert_same_as_cold(document, fixes=True)
    # A helper changes: its callers are analysed again with it.
    document.update(edited.replace("return v * 2", "return v * 3"))
    assert document.analysed == 3
    assert_same_as_cold(document, fixes=True)


def test_lines_inserted_above_move_the_kept_findings():
    document = incremental.Document(settings())
    document.update(CLIP)
    lines = [f.line for f in document.findings]
    document.update("# a comment\n\nLIMIT = 3\n" + CLIP)
    assert document.analysed == 1
    assert [f.line for f in document.findings] == [line + 3 for line in lines]
    assert_same_as_cold(document, fixes=True)


def test_a_statement_written_twice_keeps_a_node_at_each_place():
    twice = CLIP + "\n\nimport jax\n"
    document = incremental.Document(settings())
    document.update(twice)
    document.update(twice.replace("if y.sum() > 0", "if y.sum() > 1"))
    assert len({id(node) for node in document.module.body}) == len(document.module.body)
    assert_same_as_cold(document, fixes=True)


def test_a_syntax_error_keeps_the_leaks_of_the_statements_that_parse():
    document = incremental.Document(settings())
    broken = CLIP.replace("return v * 2", "return v *")
    document.update(broken)
    assert document.error is not None and document.error.line == 6
    assert "syntax error" in str(document.error)
    # `step` calls the broken helper: what it returns is unknown until it parses, so it is silent.
    assert [(f.code, f.function, f.line) for f in document.findings] == [("TFX101", "clip", 12)]
    with pytest.raises(SourceError):
        document.fix()
    # Fixed again: the whole module, with nothing left over from the broken text.
    document.update(CLIP)
    assert document.error is None
    assert_same_as_cold(document, fixes=True)


def test_unclosed_bracket_and_a_docstring_at_column_zero():
    source = CLIP.replace("    result = x\n", '    """Clip.\nAt column 0.\n    """\n    result = x\n')
    broken = source.replace("def helper(v):\n    return v * 2", "def helper(v):\n    return (v * 2")
    document = incremental.Document(settings())
    document.update(broken)
    assert document.error is not None and document.error.line == 6
    # `clip` is read whole although a line of its docstring starts at column 0.
    assert [f.function for f in document.findings] == ["clip"]


def test_an_edit_reanalyses_the_functions_that_reach_a_class_through_a_module_level_object():
    # `_es = Optimizer(4)` only binds a name, but `converged` calls `_es.should_stop()`, which makes
    # the method traced: an edit the class's statement depends on (its import) must bring
    # `converged` along, or the method's leak disappears from the editor's diagnostics.
    source = textwrap.dedent('''
        import jax
        import jax.numpy as jnp

        class Optimizer:
            def __init__(self, n):
                self._mean = jnp.zeros(n)

            def should_stop(self):
                if jnp.all(self._mean > 1):
                    return True
                return False

        _es = Optimizer(4)

        @jax.jit
        def converged(mean):
            _es._mean = mean
            return _es.should_stop()
        ''')
    document = incremental.Document(settings(unsafe=True))
    document.update(source)
    assert any(f.code == "TFX101" for f in document.findings)
    document.update(source.replace("import jax.numpy as jnp", "import jax.numpy as jnp  # edited"))
    assert_same_as_cold(document, fixes=True)
    assert any(f.code == "TFX101" for f in document.findings)
