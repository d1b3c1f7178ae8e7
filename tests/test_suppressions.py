"""Suppression comments: which findings each form covers, and that `rewrite` leaves them alone."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tracerfix.engine import Settings, fix, lint
from tracerfix.registry import all_rules
from tracerfix.suppressions import Suppressions, parse_comment

HEADER = "import jax\nimport jax.numpy as jnp\n\n\n"


def reported_lines(body: str, code: str = "TFX101") -> list[int]:
    """Lines (counted from the first line of `body`) of the `code` findings in HEADER + body."""
    source = HEADER + textwrap.dedent(body).lstrip("\n")
    offset = HEADER.count("\n")
    return [f.line - offset for f in lint(source, Settings(rules=all_rules())).findings if f.code == code]


LINE_FORMS = [
    ("# tracerfix: ignore", True),
    ("# tracerfix: ignore[TFX101]", True),
    ("# tracerfix: ignore[TFX105, TFX101]", True),
    ("# tracerfix: ignore [TFX101]", True),
    ("# TRACERFIX: IGNORE[tfx101]", True),
    ("# tracerfix: ignore[python-if-on-tracer]", True),
    ("# tracerfix: ignore[TFX102]", False),
    ("# tracerfix: ignore-file", False),
    ("# noqa", True),
    ("# NOQA", True),
    ("# noqa: TFX101", True),
    ("# noqa:TFX101,E501", True),
    ("# noqa: E501", False),
    ("# noqa: TFX1", False),  # like ruff, noqa takes whole codes, not prefixes
    ("# type: ignore  # noqa: TFX101", True),
    ("# not a noqa comment: nonoqa", False),
]


@pytest.mark.parametrize("comment, suppressed", LINE_FORMS, ids=[c for c, _ in LINE_FORMS])
def test_line_comment_forms(comment, suppressed):
    lines = reported_lines(
        f"""
        @jax.jit
        def f(x):
            if x[0] < 0:  {comment}
                x = x.at[0].set(0)
            return x
        """
    )
    assert lines == ([] if suppressed else [3])


# Each scenario: a module body, and the lines (from its first line) still reported by TFX101.
SCENARIOS = [
    pytest.param(
        """
        @jax.jit
        def f(x):
            if x[0] < 0:  # tracerfix: ignore
                x = x + 1
            if x[1] < 0:
                x = x + 1
            return x
        """,
        [5],
        id="a-line-comment-covers-only-its-own-line",
    ),
    pytest.param(
        """
        @jax.jit
        def f(x):
            if x[0] < len("# noqa"):
                x = x + 1
            return x
        """,
        [3],
        id="text-inside-a-string-is-not-a-comment",
    ),
    pytest.param(
        """
        @jax.jit
        def f(x):
            if (x[0] <  # noqa: TFX101
                    0):
                x = x + 1
            if (x[1] <
                    0):  # tracerfix: ignore[TFX101]
                x = x + 1
            if (x[2] <
                    0 +
                    1):
                x = x + 1
            return x
        """,
        [9],
        id="a-statement-spanning-lines-takes-the-comment-on-its-first-or-last-line",
    ),
    pytest.param(
        """
        @jax.jit
        def f(x):
            if (x[0] <
                    0 +  # tracerfix: ignore
                    1):
                x = x + 1
            return x
        """,
        [3],
        id="an-inner-line-of-a-long-statement-covers-only-itself",
    ),
    pytest.param(
        """
        @jax.jit
        def f(x):  # tracerfix: ignore[TFX101]
            if x[0] < 0:
                x = x + 1

            def inner(y):
                return y

            if x[1] < 0:
                x = inner(x)
            return x


        @jax.jit
        def g(x):
            if x[0] < 0:
                x = x + 1
            return x
        """,
        [16],
        id="a-def-level-ignore-covers-the-whole-function-and-nothing-else",
    ),
    pytest.param(
        """
        @jax.jit  # tracerfix: ignore
        def f(x):
            if x[0] < 0:
                x = x + 1
            return x


        @jax.jit
        def g(
            x,
            y,
        ):  # tracerfix: ignore
            if x[0] < 0:
                x = x + 1
            return x
        """,
        [],
        id="a-def-level-ignore-on-a-decorator-or-a-multiline-header",
    ),
    pytest.param(
        """
        @jax.jit
        def f(x):  # tracerfix: ignore[TFX502]
            if x[0] < 0:
                x = x + 1
            return x
        """,
        [3],
        id="a-def-level-ignore-with-other-codes-keeps-reporting",
    ),
    pytest.param(
        """
        @jax.jit
        def f(x):  # noqa
            if x[0] < 0:
                x = x + 1
            return x
        """,
        [3],
        id="noqa-on-a-def-line-does-not-cover-the-body",
    ),
    pytest.param(
        """
        class Model:  # tracerfix: ignore
            @jax.jit
            def f(self, x):
                if x[0] < 0:
                    x = x + 1
                return x


        class Other:
            @jax.jit
            def f(self, x):
                if x[0] < 0:
                    x = x + 1
                return x
        """,
        [12],
        id="a-class-level-ignore-covers-its-methods",
    ),
]


@pytest.mark.parametrize("body, expected", SCENARIOS)
def test_what_each_comment_covers(body, expected):
    assert reported_lines(body) == expected


def test_parse_comment_reads_every_directive_in_one_comment():
    directives = parse_comment("# type: ignore[attr]  # noqa: TFX101 TFX102  # tracerfix: ignore")
    assert [(d.codes, d.covers_definition) for d in directives] == [
        (None, True),
        (frozenset({"tfx101", "tfx102"}), False),
    ]


def test_untokenizable_source_falls_back_to_line_comments():
    suppressions = Suppressions.of("x = 1  # noqa: TFX101\ny = '''never closed\n")
    assert 1 in suppressions.by_line


SOURCE_WITHOUT_JNP = '''\
import jax


@jax.jit
def f(x):
    y = x
    if x[0] < 0:  # tracerfix: ignore[TFX101] -- the caller never jits this path
        y = x + 1
    if x[1] < 0:
        y = x - 1
    return y
'''


def test_fix_leaves_suppressed_findings_alone_even_when_lines_shift():
    # The fix of the second `if` adds `import jax.numpy as jnp`, moving every line down: the
    # suppression must follow its comment on every pass.
    result = fix(SOURCE_WITHOUT_JNP, Settings(rules=all_rules()))
    assert "import jax.numpy as jnp" in result.source
    assert "if x[0] < 0:  # tracerfix: ignore[TFX101]" in result.source
    assert "if x[1] < 0" not in result.source
    assert [f for f in result.findings if f.code == "TFX101"] == []
    assert fix(result.source, Settings(rules=all_rules())).source == result.source


def test_rewrite_command_does_not_fix_a_suppressed_leak(tmp_path):
    target = tmp_path / "model.py"
    target.write_text(SOURCE_WITHOUT_JNP)
    done = subprocess.run(
        [sys.executable, "-m", "tracerfix", "rewrite", "--no-cache", str(target)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    text = target.read_text()
    assert "if x[0] < 0:  # tracerfix: ignore[TFX101]" in text
    assert "if x[1] < 0" not in text
    check = subprocess.run(
        [sys.executable, "-m", "tracerfix", "check", "--no-cache", "--select", "TFX101", str(target)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert check.returncode == 0, check.stdout + check.stderr


UNUSED = '''\
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    if x.sum() > 0:  # noqa: TFX101, TFX103
        x = x - 1
    y = jnp.where(x < 0, 0, x)  # tracerfix: ignore
    z = y * 2  # noqa: E501
    w = z + 1  # noqa
    v = w  # noqa: TFX103, TFX601 -- kept on purpose
    u = v  # tracerfix: ignore[TFX502]
    return u
'''


def test_unused_suppressions_are_reported_by_the_cli(tmp_path):
    (tmp_path / "model.py").write_text(UNUSED)

    def check(*flags: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "tracerfix", "check", "--no-cache", *flags, "model.py"],
            capture_output=True, text=True, cwd=tmp_path, env={**__import__("os").environ, "NO_COLOR": "1"},
        )

    every_rule = check()
    assert every_rule.returncode == 1
    assert [line for line in every_rule.stdout.splitlines() if ": TFX" in line] == [
        "model.py:7:22: TFX601 `TFX103` in `# noqa: TFX101, TFX103` suppresses nothing: no such finding on the "
        "lines it covers; delete the code",
        "model.py:9:33: TFX601 `# tracerfix: ignore` suppresses nothing: no finding on the lines it covers; delete it",
        "model.py:13:12: TFX601 `TFX502` in `# tracerfix: ignore[TFX502]` suppresses nothing: no such finding on "
        "the lines it covers; delete the comment",
    ]
    # A code of a rule that did not run cannot be judged; TFX101's own finding stays suppressed.
    narrow = check("--select", "TFX101,TFX601")
    assert [line.split(" TFX601 ")[0] for line in narrow.stdout.splitlines() if " TFX601 " in line] == [
        "model.py:9:33:"
    ]
    assert check("--ignore", "TFX601").stdout == "All checks passed!\n"
