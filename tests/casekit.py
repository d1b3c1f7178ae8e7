"""Running a rule's own cases: the original eagerly, the rewrite under jax.jit, side by side."""

from __future__ import annotations

import textwrap
import types

from tracerfix.engine import Settings, fix, lint
from tracerfix.registry import all_rules


def source_of(code: str) -> str:
    return textwrap.dedent(code).lstrip("\n")


def settings(rule=None, unsafe: bool = False) -> Settings:
    return Settings(rules=(rule,) if rule else all_rules(), unsafe_fixes=unsafe)


def findings_of(rule, code: str):
    return [f for f in lint(source_of(code), settings(rule)).findings if f.code == rule.code]


def rewrite(rule, code: str, unsafe: bool) -> str:
    return fix(source_of(code), settings(rule, unsafe)).source


def load(source: str, name: str):
    module = types.ModuleType(f"tracerfix_case_{name}")
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


def arguments(expression: str):
    import jax
    import jax.numpy as jnp
    import numpy as np

    value = eval(expression, {"jax": jax, "jnp": jnp, "np": np})
    return value if isinstance(value, tuple) else (value,)


def run_side_by_side(original_source: str, rewritten_source: str, function: str, inputs):
    """Assert the eager original and the jitted rewrite agree on every input."""
    import jax
    import numpy as np

    original = getattr(load(original_source, "original"), function)
    rewritten = getattr(load(rewritten_source, "rewritten"), function)
    if not hasattr(rewritten, "lower"):
        rewritten = jax.jit(rewritten)
    for expression in inputs:
        args = arguments(expression)
        with jax.disable_jit():
            expected = original(*args)
        actual = rewritten(*args)
        jax.tree_util.tree_map(
            lambda e, a: np.testing.assert_allclose(np.asarray(a), np.asarray(e), rtol=1e-6, atol=1e-6),
            expected,
            actual,
        )
