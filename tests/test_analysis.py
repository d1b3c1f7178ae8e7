"""Which functions are traced and which values inside them are: the analysis on its own."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tracerfix.analysis import analyze
from tracerfix.analysis.values import STATIC, TRACED, UNKNOWN


def analysis_of(code: str, extra_jit=frozenset()):
    source = textwrap.dedent(code).lstrip("\n")
    return analyze(cst.parse_module(source), source, frozenset(extra_jit))


def traced_params(code: str, extra_jit=frozenset()) -> dict[str, dict[str, int]]:
    """function name -> {parameter: trace level} for every traced scope."""
    analysis = analysis_of(code, extra_jit)
    result = {}
    for scope in analysis.scopes.values():
        name = scope.node.name.value if isinstance(scope.node, cst.FunctionDef) else "<lambda>"
        result[name] = {param: value.trace for param, value in scope.params.items()}
    return result


@pytest.mark.parametrize(
    "code",
    [
        "import jax\n@jax.jit\ndef f(x, n): ...",
        "import jax as j\n@j.jit\ndef f(x, n): ...",
        "from jax import jit as J\n@J\ndef f(x, n): ...",
        "from jax import jit\n@jit\ndef f(x, n): ...",
        "import jax\ndef f(x, n): ...\ng = jax.jit(f)",
        "import jax\n@jax.vmap\ndef f(x, n): ...",
        "import jax\n@jax.checkpoint\ndef f(x, n): ...",
        "from jax.experimental.pjit import pjit\n@pjit\ndef f(x, n): ...",
        "import jax\n@jax.pmap\ndef f(x, n): ...",
        "import flax.linen as nn\n@nn.jit\ndef f(x, n): ...",
        "import jax\ndef f(x, n): ...\ny = jax.vmap(f)(1, 2)",
    ],
)
def test_every_spelling_of_a_transformation_traces_the_function(code):
    assert traced_params(code)["f"] == {"x": TRACED, "n": TRACED}


@pytest.mark.parametrize(
    "code",
    [
        "from functools import partial\nimport jax\n@partial(jax.jit, static_argnums=1)\ndef f(x, n): ...",
        "import functools, jax\n@functools.partial(jax.jit, static_argnums=(1,))\ndef f(x, n): ...",
        "from functools import partial\nimport jax\n@partial(jax.jit, static_argnums=-1)\ndef f(x, n): ...",
        "from functools import partial\nimport jax\n@partial(jax.jit, static_argnames='n')\ndef f(x, n): ...",
        "import jax\n@jax.jit(static_argnames=('n',))\ndef f(x, n): ...",
        "import jax\ndef f(x, n): ...\ng = jax.jit(f, static_argnums=1)",
        "import jax\nfrom functools import partial\ndef f(x, n): ...\ng = jax.jit(partial(f, n=3))",
    ],
)
def test_static_arguments_are_static(code):
    assert traced_params(code)["f"] == {"x": TRACED, "n": STATIC}


def test_a_projects_own_jit_is_not_jax():
    code = """
    def jit(f):
        return f

    @jit
    def f(x):
        return x
    """
    assert traced_params(code) == {}


def test_a_configured_wrapper_is_a_transformation():
    code = """
    from mylib.utils import jit

    @jit
    def f(x):
        return x
    """
    assert traced_params(code) == {}
    assert traced_params(code, {"mylib.utils.jit"})["f"] == {"x": TRACED}


def test_lax_bodies_are_traced_whatever_encloses_them():
    code = """
    from jax import lax

    def run(xs, n):
        def body(carry, x):
            return carry + x, x
        def step(i, acc):
            return acc + i
        def cond_fun(state):
            return state[0] < 10
        lax.scan(body, 0.0, xs)
        lax.fori_loop(0, n, step, 0.0)
        lax.while_loop(cond_fun, lambda s: s, (0, 1))
        return lax.cond(n > 0, lambda: 1.0, lambda: 2.0)
    """
    params = traced_params(code)
    assert params["body"] == {"carry": TRACED, "x": TRACED}
    assert params["step"] == {"i": TRACED, "acc": TRACED}
    assert params["cond_fun"] == {"state": TRACED}
    assert "run" not in params


def test_grad_traces_only_differentiated_arguments():
    code = """
    import jax

    def loss(params, batch, n):
        return params

    grads = jax.grad(loss)(1.0, 2.0, 3)
    both = jax.grad(loss, argnums=(0, 1))
    """
    assert traced_params(code)["loss"] == {"params": TRACED, "batch": TRACED, "n": UNKNOWN}


def test_filter_jit_keeps_non_array_arguments_static():
    code = """
    import equinox as eqx
    import jax

    @eqx.filter_jit
    def f(x: jax.Array, n: int, flag):
        return x
    """
    assert traced_params(code)["f"] == {"x": TRACED, "n": UNKNOWN, "flag": UNKNOWN}


def test_defaults_and_self_are_not_assumed_traced():
    code = """
    import jax

    class Model:
        @jax.jit
        def __call__(self, x, training=False):
            return x
    """
    assert traced_params(code)["__call__"] == {"self": UNKNOWN, "x": TRACED, "training": UNKNOWN}


def test_helpers_called_with_traced_arguments_are_traced():
    code = """
    import jax

    def helper(a, b):
        return a * b

    def unrelated(a):
        return a

    @jax.jit
    def f(x):
        return helper(x, 3)
    """
    params = traced_params(code)
    # b is bound to the literal 3 at the only call: a Python value under the trace.
    assert params["helper"] == {"a": TRACED, "b": STATIC}
    assert "unrelated" not in params


def test_nested_defs_and_methods_called_from_traced_code():
    code = """
    import jax

    class M:
        def helper(self, y):
            return y

        @jax.jit
        def run(self, x):
            def inner(z):
                return z
            return self.helper(inner(x))
    """
    params = traced_params(code)
    assert params["inner"] == {"z": TRACED}
    assert params["helper"]["y"] == TRACED


def values_at(code: str, function: str, statement_index: int) -> dict[str, int]:
    analysis = analysis_of(code)
    for key, facts in analysis.facts.items():
        node = facts.node
        if isinstance(node, cst.FunctionDef) and node.name.value == function:
            statement = node.body.body[statement_index]
            return {name: value.trace for name, value in facts.env_at[id(statement)].items()}
    raise AssertionError(f"{function} not analysed")


def test_taint_follows_array_math_and_stops_at_static_facts():
    code = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x, y):
        n = x.shape[0]
        m = len(y)
        total = jnp.sum(x) + y
        flag = x.ndim == 1
        is_missing = y is None
        k = n * 2
        z = x[0] > 0
        return total
    """
    env = values_at(code, "f", 7)
    assert env["n"] == STATIC and env["m"] == STATIC and env["k"] == STATIC
    assert env["flag"] == STATIC and env["is_missing"] == STATIC
    assert env["total"] == TRACED and env["z"] == TRACED


def test_taint_is_flow_sensitive_and_joins_branches():
    code = """
    import jax

    @jax.jit
    def f(x, flag_static=1):
        a = 1
        b = x
        b = 2
        if flag_static:
            a = x
        return a, b
    """
    env = values_at(code, "f", 4)
    assert env["a"] == TRACED  # traced on one path
    assert env["b"] == STATIC  # reassigned to a constant


def test_loop_carried_taint_reaches_a_fixed_point():
    code = """
    import jax

    @jax.jit
    def f(x):
        acc = 0
        prev = 0
        for i in range(3):
            prev = acc
            acc = x * i
        return prev
    """
    env = values_at(code, "f", 3)
    assert env["prev"] == TRACED and env["acc"] == TRACED and env["i"] == STATIC


def test_files_without_traced_scopes_have_no_roots():
    code = """
    import jax.numpy as jnp

    def f(x):
        if x[0] > 0:
            return x
        return -x
    """
    assert analysis_of(code).roots == []


def test_renamed_transformations_at_call_sites():
    code = """
    from jax import jit as jjit
    from jax.lax import scan as lax_scan

    def f(x, n):
        return x

    def body(carry, x):
        return carry, x

    g = jjit(f, static_argnums=1)
    lax_scan(body, 0, None)
    """
    params = traced_params(code)
    assert params["f"] == {"x": TRACED, "n": STATIC}
    assert params["body"] == {"carry": TRACED, "x": TRACED}


def test_static_argnums_of_a_bound_method_count_after_self():
    code = """
    import jax

    class Trainer:
        def step(self, state, n):
            return state

        def compile(self):
            return jax.jit(self.step, static_argnums=1)
    """
    assert traced_params(code)["step"] == {"self": UNKNOWN, "state": TRACED, "n": STATIC}


def test_comprehension_targets_take_the_value_of_what_they_iterate():
    from tracerfix.engine import Settings, lint
    from tracerfix.registry import all_rules

    source = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            dims = [d for d in x.shape if d > 1]
            firsts = [i for i in range(len(x)) if i > 0]
            return jnp.stack([v if v >= 0 else -v for v in x]), dims, firsts
        """
    ).lstrip("\n")
    findings = lint(source, Settings(rules=all_rules())).findings
    assert [(f.line, f.code) for f in findings] == [(8, "TFX103")]


def test_configured_wrappers_at_call_sites_and_through_relative_imports():
    code = """
    from mylib.compile import fast_compile
    from .utils import jit

    def f(x):
        return x

    @jit
    def g(y):
        return y

    h = fast_compile(f)
    """
    wrappers = {"mylib.compile.fast_compile", "mylib.utils.jit"}
    params = traced_params(code, wrappers)
    assert params["f"] == {"x": TRACED} and params["g"] == {"y": TRACED}
    assert traced_params(code) == {}


def test_names_first_bound_later_in_a_loop_are_not_defined_at_its_top():
    code = """
    import jax

    @jax.jit
    def f(x, y):
        for i in range(3):
            if x[i] > 0:
                t0 = y[i]
            y = y + 1
        return y
    """
    analysis = analysis_of(code)
    facts = next(f for f in analysis.facts.values() if f.node.name.value == "f")
    loop = facts.node.body.body[0]
    branch = loop.body.body[0]
    assert "t0" not in facts.env_at[id(branch)]
    assert facts.env_at[id(branch)]["y"].trace == TRACED


def test_functions_given_to_vjp_are_differentiated():
    code = """
    import jax

    def f(x):
        return x

    y, pullback = jax.vjp(f, 1.0)
    """
    analysis = analysis_of(code)
    (scope,) = analysis.scopes.values()
    assert scope.differentiated and scope.params == {"x": analysis.scopes[id(scope.node)].params["x"]}
    assert scope.params["x"].trace == TRACED
