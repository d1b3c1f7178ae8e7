"""Properties every rewrite must have, on code nobody wrote by hand.

Two sources of programs: hypothesmith's random valid Python (anything the grammar allows, placed
at module level and inside a jitted function), and a generator of JAX functions built from the
leak idioms every rule knows, mixed with correct code. For each program, `fix` (safe fixes, and
unsafe ones) must either leave it unchanged or produce code that compiles; a second pass must
change nothing; code outside traced functions must come out byte-identical. The default suite runs
a few examples of each (well under a minute); `-m slow` runs many more.
"""

from __future__ import annotations

import textwrap
import warnings

import hypothesmith
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings, strategies as st

from tracerfix.engine import Settings, SourceError, fix, lint
from tracerfix.registry import all_rules

SAFE = Settings(rules=all_rules())
UNSAFE = Settings(rules=all_rules(), unsafe_fixes=True)

QUICK = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
DEEP = settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))


def compiles(source: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # `1()` compiles, with a warning
        try:
            compile(source, "<generated>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            return False
    return True


def assert_rewrite_is_sound(source: str, settings: Settings) -> str:
    """The properties of one rewrite; returns its output."""
    try:
        result = fix(source, settings)
    except SourceError:
        return source  # reported to the user as a file error, never a crash
    output = result.source
    if output != source:
        assert compiles(output), f"the rewrite does not compile:\n{output}"
    assert fix(output, settings).source == output, f"a second pass changed:\n{output}"
    return output


# --- random valid Python -------------------------------------------------------------------------


def inside_jitted_function(code: str) -> str:
    return "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef traced(x, y):\n" + textwrap.indent(code, "    ") + "\n    return x\n"


def check_random_python(code: str) -> None:
    for source in (code, "import jax\n" + code, inside_jitted_function(code)):
        if not compiles(source):
            continue
        for settings_ in (SAFE, UNSAFE):
            assert_rewrite_is_sound(source, settings_)


@QUICK
@given(hypothesmith.from_grammar())
def test_random_python_from_the_grammar(code):
    check_random_python(code)


@settings(QUICK, max_examples=5)  # generating from LibCST nodes is the slow part
@given(hypothesmith.from_node())
def test_random_python_from_libcst_nodes(code):
    check_random_python(code)


# --- random JAX code built from the leak idioms -------------------------------------------------

ARRAYS = ("x", "y", "z")
SCALAR_READS = ("x[0]", "x.sum()", "x.min()", "y.max()", "jnp.mean(x)", "x[i]", "z[0] * 2")
ARRAY_EXPRESSIONS = ("x", "y", "x * 2.0", "x + y", "jnp.sin(x)", "jnp.abs(y)", "-x", "x.at[0].set(0.0)")
CONDITIONS = (
    "{a} < 0", "{a} > {b}", "{a} == 0", "x.any()", "jnp.isnan({a}).any()", "({a} > 0) & ({b} < 1)",
    # Correct code mixed in: static tests the rules must leave alone.
    "x.shape[0] > 2", "x.ndim == 1", "len(y) > 3", "mode == 'fast'", "scale is not None",
)


@st.composite
def scalar(draw):
    return draw(st.sampled_from(SCALAR_READS))


@st.composite
def condition(draw):
    template = draw(st.sampled_from(CONDITIONS))
    return template.format(a=draw(scalar()), b=draw(scalar()))


@st.composite
def statement(draw, depth: int):
    kind = draw(
        st.sampled_from(
            (
                "assign", "augment", "ternary", "bool", "min", "convert", "mask", "mask_update",
                "numpy", "print", "assert", "tolist", "range", "loop", "if", "if_else", "while",
                "static_if", "nonzero", "append",
            )
        )
    )
    target, source = draw(st.sampled_from(ARRAYS)), draw(st.sampled_from(ARRAYS))
    a, b = draw(st.sampled_from(ARRAY_EXPRESSIONS)), draw(st.sampled_from(ARRAY_EXPRESSIONS))
    cond = draw(condition())
    simple = {
        "assign": f"{target} = {a}",
        "augment": f"{target} += {b}",
        "ternary": f"{target} = {a} if {cond} else {b}",
        "bool": f"flag = bool({cond})",
        "min": f"low = min({draw(scalar())}, {draw(scalar())})",
        "convert": f"count = int({draw(scalar())})",
        "mask": f"{target} = {source}[{source} > 0]",
        "mask_update": f"{target} = {target}.at[{target} < 0].set(0.0)",
        "numpy": f"{target} = np.sin({a})",
        "print": f"print({a})",
        "assert": f"assert {cond}",
        "tolist": f"values = {a}.tolist()",
        "range": f"for k in range(int(x[0])):\n    {target} = {target} + k",
        "nonzero": f"where_positive = jnp.nonzero({a} > 0)",
        "append": f"seen.append({a})",
    }
    if kind in simple or depth >= 2:
        return simple.get(kind, f"{target} = {a}")
    body = draw(block(depth + 1))
    if kind == "loop":
        return f"for i in range(len(x)):\n    if x[i] < 0:\n        x = x.at[i].set(0.0)\n{body}"
    if kind == "if":
        return f"if {cond}:\n{body}"
    if kind == "if_else":
        return f"if {cond}:\n{body}\nelse:\n{draw(block(depth + 1))}"
    if kind == "while":
        return f"while {cond}:\n{body}"
    return f"if x.shape[0] > 2:\n{body}"


@st.composite
def block(draw, depth: int):
    statements = draw(st.lists(statement(depth), min_size=1, max_size=3))
    return textwrap.indent("\n".join(statements), "    ")


@st.composite
def jax_module(draw):
    """A jitted function from the idioms, and the same body in a function nothing traces."""
    body = draw(block(0))
    decorator = draw(
        st.sampled_from(
            ("@jax.jit", "@partial(jax.jit, static_argnames=('mode',))", "@jax.vmap", "@jax.grad")
        )
    )
    header = "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom functools import partial\n\nseen = []\n\n\n"
    signature = "(x, y, z, mode='fast', scale=None):\n    i = 0\n"
    traced = f"{decorator}\ndef traced{signature}{body}\n    return x.sum()\n"
    untraced = f"def untraced{signature}{body}\n    return x.sum()\n"
    return header + traced + "\n\n" + untraced


def check_jax_module(source: str) -> None:
    assert compiles(source), source
    findings = lint(source, SAFE).findings
    untraced = source[source.index("def untraced") :]
    for settings_ in (SAFE, UNSAFE):
        output = assert_rewrite_is_sound(source, settings_)
        assert output.endswith(untraced), "code outside traced functions must be byte-identical"
    assert all(f.line > 0 for f in findings)


@QUICK
@given(jax_module())
def test_rewrites_of_generated_jax_code(source):
    check_jax_module(source)


@pytest.mark.slow
@DEEP
@given(jax_module())
def test_rewrites_of_generated_jax_code_deep(source):
    check_jax_module(source)


@pytest.mark.slow
@DEEP
@given(hypothesmith.from_grammar())
def test_random_python_from_the_grammar_deep(code):
    check_random_python(code)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(hypothesmith.from_node())
def test_random_python_from_libcst_nodes_deep(code):
    check_random_python(code)


def test_the_generator_exercises_the_rules():
    """The generated programs are not all clean: the properties above hold on real fixes."""
    first_match = settings(QUICK, phases=[Phase.generate], database=None)  # no shrinking: any will do
    several_leaks = find(jax_module(), lambda source: len(lint(source, SAFE).findings) >= 3, settings=first_match)
    assert compiles(several_leaks)
    rewritten = find(jax_module(), lambda source: fix(source, SAFE).source != source, settings=first_match)
    assert fix(rewritten, SAFE).source != rewritten
