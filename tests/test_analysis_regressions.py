"""False alarms the real-world corpus showed, and the analysis changes that removed them.

Each case is the shape of code found in a well-tested library (named in the test), reduced to a
few lines, next to the leaking variant the same analysis must still report: a fix that silenced
both would pass the first half and fail the second. Plus the pieces the corpus work added: the
`ast` prefilter that keeps LibCST away from files without traced code, and the cheap syntax walk.
"""

from __future__ import annotations

import gc
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from tracerfix.analysis import analyze
from tracerfix.analysis import prefilter
from tracerfix.analysis.prefilter import applies_transformation, paused_collector
from tracerfix.analysis.syntax import child_nodes
from tracerfix.engine import Settings, fix, lint, parse
from tracerfix.registry import all_rules

SETTINGS = Settings(rules=all_rules())


def findings(code: str) -> list[str]:
    """`line: CODE` of each finding; the templates below start with a blank line 1."""
    return [f"{f.line}: {f.code}" for f in lint(code, SETTINGS).findings]


# --- parameters that are not arrays ----------------------------------------------------------------

TUPLE_ANNOTATION = """
import jax
from typing import Tuple; import numpy as np; import numpy.typing as npt; from numpy.typing import NDArray

def update(x: jax.Array, limit: {annotation}):
    if limit:
        x = x - 1
    return x

def run(x, limit):
    return jax.vmap(update)(x, limit)
"""


@pytest.mark.parametrize("annotation", ["Tuple[jax.Array, jax.Array]", "tuple", "Optional[jax.Array]", "Transform"])
def test_a_parameter_annotated_as_a_container_or_class_is_not_an_array(annotation):
    # brax/positional/joints.py: `limit: Tuple[jax.Array, jax.Array]` under jax.vmap, `if limit:`.
    assert findings(TUPLE_ANNOTATION.format(annotation=annotation)) == []


@pytest.mark.parametrize("annotation", ["jax.Array", "float", "NDArray[np.float64]", "npt.NDArray"])
def test_a_parameter_annotated_as_an_array_or_scalar_is_still_traced(annotation):
    # `x_win: NDArray[np.float64]` of a jitted function is a tracer there (a chromatography
    # peak-prior module passed it on to a helper that called `np.isfinite` on it).
    assert findings(TUPLE_ANNOTATION.format(annotation=annotation)) == ["6: TFX101"]


DEFAULTED_BODY_PARAMETER = """
import jax
from jax import lax

def scan_all(xs):
    def body(carry, x, init_mode=False):
        if {test}:
            carry = carry + 1
        return carry, x
    return lax.scan(body, 0.0, xs)
"""


def test_a_body_parameter_with_a_default_keeps_its_python_value():
    # flax/core/axes_scan.py: `def body_fn(c, xs, init_mode=False)` given to lax.scan, which passes
    # two arguments; also Pallas' `kv_loop(kv_step, carry, causal: bool = False)`.
    assert findings(DEFAULTED_BODY_PARAMETER.format(test="init_mode")) == []
    assert findings(DEFAULTED_BODY_PARAMETER.format(test="x > 0")) == ["7: TFX101"]


PARTIAL_WITH_OPTIONS = """
import functools
import jax

def kernel(lhs, axis_name, flag):
    if {test}:
        lhs = lhs * 2
    return lhs

def build(**options):
    return jax.jit(functools.partial(kernel, {binding}))
"""


def test_partial_with_a_mapping_may_bind_any_parameter():
    # jax/experimental/pallas/ops/gpu/collective_matmul_mgpu.py: `partial(kernel, **kwargs)`.
    assert findings(PARTIAL_WITH_OPTIONS.format(test="flag > 0", binding="**options")) == []
    assert findings(PARTIAL_WITH_OPTIONS.format(test="flag > 0", binding="axis_name='x'")) == ["6: TFX101"]


TUPLE_PASSED_TO_A_HELPER = """
import jax
from jax import lax

def kernel(x, *, program_ids=()):
    if {test}:
        x = x + 1
    return x

def run(x):
    def body(i, carry):
        return kernel(carry, program_ids=(i, i + 1))
    return lax.fori_loop(0, 3, body, x)
"""


def test_a_traced_tuple_passed_to_a_helper_stays_a_tuple():
    # jax/experimental/pallas/ops/tpu/paged_attention/paged_attention_kernel.py: `if program_ids:`.
    assert findings(TUPLE_PASSED_TO_A_HELPER.format(test="program_ids")) == []
    assert findings(TUPLE_PASSED_TO_A_HELPER.format(test="program_ids[0] > 1")) == ["6: TFX101"]


STATIC_QUERY = """
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x):
    if {test}:
        x = x * 2
    return x
"""


@pytest.mark.parametrize("test", ["jnp.iscomplexobj(x)", "jnp.isrealobj(x)", "lax.axis_size('i') > 1"])
def test_dtype_and_axis_queries_are_static(test):
    # jax/experimental/ode.py (`if jnp.iscomplexobj(x)`), collective_matmul_mgpu.py (lax.axis_size).
    assert findings(STATIC_QUERY.format(test=test)) == []


def test_value_queries_are_still_traced():
    assert findings(STATIC_QUERY.format(test="jnp.iscomplex(x).any()")) == ["8: TFX101"]


ISINSTANCE_GUARD = """
import jax

@jax.jit
def f(x, n):
    y = x if {guard} else -x
    if {guard}:
        x = x * 2
    if isinstance(n, int):
        if n > 1:
            x = x + 1
    return x + y
"""


def test_isinstance_of_a_python_type_guards_what_follows_it():
    # jax/_src/pallas/mosaic/pipeline.py: `0 if isinstance(g, int) and g == 1 else i`, where `g`
    # may be an int or a tracer.
    assert findings(ISINSTANCE_GUARD.format(guard="isinstance(n, int) and n == 1")) == []


@pytest.mark.parametrize("guard", ["isinstance(n, int) and x.sum() > 0", "isinstance(n, tuple) and n[0] > 0"])
def test_isinstance_guards_only_its_own_name_and_only_python_scalars(guard):
    assert findings(ISINSTANCE_GUARD.format(guard=guard)) == ["6: TFX103", "7: TFX101"]


# --- the prefilter -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "import jax\n@jax.jit\ndef f(x): return x\n",
        "from jax import jit as compile_fast\n@compile_fast\ndef f(x): return x\n",
        "import jax.lax as L\ndef g(xs):\n    return L . scan(lambda c, x: (c, x), 0, xs)\n",
        "from functools import partial\nimport jax\n@partial(jax.jit, static_argnums=0)\ndef f(n, x): return x\n",
        "from jax.experimental.pjit import pjit\nf = pjit(lambda x: x)\n",
        "import equinox as eqx\n@eqx.filter_jit\ndef f(x): return x\n",
        "def outer():\n    from jax import vmap\n    return vmap(lambda x: x)\n",
    ],
)
def test_the_prefilter_passes_every_way_of_naming_a_transformation(source):
    assert applies_transformation(source) is True
    assert analyze(parse(source), source).scopes


@pytest.mark.parametrize(
    "source",
    [
        "import jax.numpy as jnp\ndef f(x):\n    return jnp.where(x > 0, x, 0)\n",
        "def jit(f):\n    return f\n@jit\ndef g(x): return x\n",  # the project's own jit
        "import numpy as np\nresult = map(np.sin, [1, 2])\n",
    ],
)
def test_the_prefilter_skips_files_without_a_transformation(source):
    assert applies_transformation(source) is False
    assert not analyze(parse(source), source).scopes


def test_the_prefilter_honours_configured_wrappers():
    source = "from mylib.utils import jit\n@jit\ndef f(x): return x\n"
    assert applies_transformation(source) is False
    assert applies_transformation(source, frozenset({"mylib.utils.jit"})) is True


@pytest.mark.parametrize(
    "source",
    [
        "import os; import jax as J\n@J.jit\ndef f(x): return x\n",
        "from jax import (\n    numpy as jnp,\n    jit as compiled,  # the fast one\n)\n@compiled\ndef f(x): return x\n",
        "try: import jax\nexcept ImportError: jax = None\nf = jax.vmap(abs)\n",
        "def outer():\n    from jax import lax\n    return lax.scan(lambda c, x: (c, x), 0, [])\n",
    ],
)
def test_import_lines_alone_settle_a_file_that_applies_a_transformation(source):
    """The fast path reads import statements off the text without parsing the module."""
    assert prefilter._names_transformation(source, prefilter.imports_from_lines(source), frozenset())
    assert applies_transformation(source) is True


def test_import_lines_that_do_not_settle_a_file_fall_back_to_parsing_it():
    # A backslash continuation hides the alias from the line scan; the parsed module does not.
    source = "import jax.numpy as jnp, \\\n    jax as J\n@J.jit\ndef f(x): return x\n"
    assert not prefilter._names_transformation(source, prefilter.imports_from_lines(source), frozenset())
    assert applies_transformation(source) is True


def test_the_prefilter_leaves_unparsable_files_to_libcst():
    assert applies_transformation("def f(:\n") is None


def test_the_prefilter_agrees_with_the_analysis_on_every_rule_case_and_example():
    sources = [case.code for rule in all_rules() for case in (*rule.VALID, *rule.INVALID)]
    sources += [p.read_text() for p in (Path(__file__).resolve().parent.parent / "examples").glob("*.py")]
    for source in (textwrap.dedent(s).lstrip() for s in sources):
        if analyze(parse(source), source).scopes:
            assert applies_transformation(source) is not False, source


def test_pausing_the_collector_restores_its_state():
    assert gc.isenabled()
    with paused_collector():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_collector():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


# --- the cheap syntax walk -----------------------------------------------------------------------

LAYOUT = (
    cst.BaseParenthesizableWhitespace, cst.TrailingWhitespace, cst.EmptyLine, cst.Newline, cst.Comment,
    cst.Comma, cst.Dot, cst.Colon, cst.Semicolon, cst.AssignEqual, cst.LeftParen, cst.RightParen,
    cst.LeftSquareBracket, cst.RightSquareBracket, cst.LeftCurlyBrace, cst.RightCurlyBrace,
    cst.Asynchronous, cst.ParamSlash, cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp,
    cst.BaseAugOp, cst.BaseUnaryOp,
)

EVERY_KIND_OF_SYNTAX = '''
"""Doc."""
from __future__ import annotations
import jax, jax.numpy as jnp
from jax import lax as L, numpy as np
from os.path import *

@jax.jit
@partial(jax.vmap, in_axes=(0, None))
async def f(x: jax.Array, /, y=1, *args: int, k: "T" = lambda q=2: q, **kw) -> int:
    global G
    a, *b = c = x[1:2, ::3, ...]
    d: int = (e := -x ** 2 @ y) if not x else {1: 2, **kw}
    d += await g(*args, k=k, **kw)
    del a
    async with open(f) as h, g():
        async for i, j in enumerate([z for z in y if z for w in z], start=1):
            yield f"{i!r:>{j}} {{}}" "more"
    try:
        raise ValueError("x") from None
    except* (TypeError, ValueError) as error:
        pass
    else:
        assert x, "message"
    finally:
        return
    while True:
        continue
    match x:
        case [1, *rest] if rest: pass
        case {"k": v, **others}: pass
        case Point(x=0, y=_) | None: pass
        case str() as s: pass

class C(Base, metaclass=Meta):
    attribute: int = 0
    def method(self): nonlocal_thing = lambda: (yield)
type Alias[T] = list[T]
def generic[T: int, *Ts, **P](x: T) -> T: ...
'''


def syntax_nodes_seen_by_libcst(module: cst.Module) -> set[int]:
    seen: set[int] = set()

    class Collector(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if not isinstance(node, LAYOUT):
                seen.add(id(node))
            return True

    module.visit(Collector())
    return seen


def syntax_nodes_seen_by_child_nodes(module: cst.Module) -> set[int]:
    seen, pending = set(), [module]
    while pending:
        node = pending.pop()
        seen.add(id(node))
        pending.extend(child_nodes(node))
    return seen


@pytest.mark.parametrize("name", ["every-kind-of-syntax", "corpus-subset"])
def test_child_nodes_reaches_every_syntax_node(name):
    if name == "every-kind-of-syntax":
        sources = [EVERY_KIND_OF_SYNTAX]
    else:
        subset = sorted((Path(__file__).parent / "data" / "corpus_subset").rglob("*.py"))
        sources = [p.read_text() for p in subset[::3]]
    for source in sources:
        module = cst.parse_module(source)
        assert syntax_nodes_seen_by_child_nodes(module) == syntax_nodes_seen_by_libcst(module)


def test_a_leak_deep_in_a_chain_of_helpers_is_found():
    """Helpers become traced one call level at a time; a chain deeper than a fixed number of
    passes over the module used to stay untraced at its far end."""
    depth = 9
    helpers = "".join(f"def helper{i}(x):\n    return helper{i + 1}(x) + 1\n\n" for i in range(depth))
    source = (
        "import jax\n\n"
        + helpers
        + f"def helper{depth}(x):\n    if x > 0:\n        return x\n    return -x\n\n"
        + "@jax.jit\ndef f(x):\n    return helper0(x)\n"
    )
    findings = lint(source, Settings(rules=all_rules())).findings
    assert [(f.code, f.function) for f in findings] == [("TFX101", f"helper{depth}")]


def test_syntax_children_come_in_source_order():
    """Rules see nodes in the order the code reads (a decorator before the body, `f(axis=x)`'s
    keyword before its value), as LibCST's own visitors present them."""
    sources = [case.code for rule in all_rules() for case in (*rule.VALID, *rule.INVALID)]
    sources += [p.read_text() for p in (Path(__file__).resolve().parent.parent / "examples").glob("*.py")]
    for source in sources:
        pending = [cst.parse_module(textwrap.dedent(source).lstrip())]
        while pending:
            node = pending.pop()
            ours = child_nodes(node)
            wanted = {id(child) for child in ours}
            theirs = [child for child in node.children if id(child) in wanted]
            assert [id(c) for c in ours] == [id(c) for c in theirs], type(node).__name__
            pending.extend(ours)


def test_a_test_that_calls_a_traced_helper_is_traced():
    """`if converged(x):` where `converged` is a helper of the module that returns a traced
    comparison: the rules see the helper's result, as the dataflow does for `c = converged(x)`."""
    source = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp


        def converged(x, tol):
            return jnp.abs(x).max() < tol


        @jax.jit
        def solve(x):
            for i in range(100):
                x = x / 2
                if converged(x, 1e-3):
                    break
            return x


        @jax.jit
        def pick(x):
            if converged(x, 1.0):
                x = x * 2
            return x
        """
    ).lstrip()
    findings = lint(source, Settings(rules=all_rules())).findings
    assert [(f.code, f.function) for f in findings] == [("TFX108", "solve"), ("TFX101", "pick")]
    assert all(f.fixable for f in findings)


def test_a_helper_that_returns_a_static_value_stays_static():
    source = textwrap.dedent(
        """
        import jax


        def wide(shape):
            return len(shape) > 1


        @jax.jit
        def f(x):
            if wide(x.shape):
                x = x.sum(axis=1)
            return x
        """
    ).lstrip()
    assert lint(source, Settings(rules=all_rules())).findings == []


REDEFINED_BRANCH = """
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def f(x, y):
    def _when_positive(b):
        return b.at[b > 0].set(0.0)

    x = lax.cond(y > 0, _when_positive, lambda b: b, x)

    def _when_positive(b):
        return b * 2

    return lax.cond(y > 1, _when_positive, lambda b: b, x)
"""


def test_a_name_a_function_defines_twice_names_the_definition_before_its_use():
    # Two `if`s on the same test lowered in one pass give two `_when_...` helpers of one name: the
    # first `lax.cond` runs the first one, whose leak was missed while the name meant the second.
    assert findings(REDEFINED_BRANCH) == ["9: TFX302"]


# --- functions handed over through functools.partial -------------------------------------------------

PARTIAL_BOUND_FUNCTION = """
from functools import partial
import jax
import jax.numpy as jnp

def update_centres(x, assignments):
    k = assignments.max() + 1
    return jax.ops.segment_sum(x, assignments, {segments})

def kmeans(x, assignments, update_centres):
    return update_centres(x, assignments)

run = partial(kmeans, update_centres=update_centres)
f = jax.jit(run)
"""


def test_a_function_a_module_level_partial_binds_runs_under_the_partials_transformation():
    # clustering k-means (`_pc_kmeans = partial(kmeans, update_centres=update_centres)`, jitted by
    # name): the helper the parameter names runs traced; with a static count it is silent.
    assert findings(PARTIAL_BOUND_FUNCTION.format(segments="k")) == ["8: TFX203"]
    assert findings(PARTIAL_BOUND_FUNCTION.format(segments="x.shape[0]")) == []


# --- imports with a fallback -------------------------------------------------------------------------

IMPORT_FALLBACK = """
import numpy as np
try:
    import jax
    from jax import numpy as jnp
    from jax import jit as JJ
except ImportError:
    jnp = np
    JJ = lambda x: x

@JJ
def spread(angles, estimate):
    return jnp.pi - jnp.abs({inner}).sum()
"""


def test_an_import_s_fallback_in_its_except_handler_does_not_rebind_it():
    # robstat: `jnp = np` in `except ImportError:` runs only where JAX is missing; traced code had
    # the import succeed, so `jnp.abs` is JAX's (silent) and `np.abs` still NumPy's (a leak).
    assert findings(IMPORT_FALLBACK.format(inner="angles - estimate")) == []
    assert findings(IMPORT_FALLBACK.format(inner="np.abs(angles - estimate)")) == ["13: TFX401"]


def test_a_closure_a_factory_returns_reaches_the_helper_it_is_passed_to():
    # pyQSC's Newton solver gets its residual from a factory: `f(x0)` is traced in `newton`.
    assert findings(textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp

        def newton(f, x0, tol=1e-13):
            residual = f(x0)
            norm = residual_norm(residual)
            if norm < tol:
                return x0
            return x0 - residual

        def residual_norm(r):
            return jnp.sqrt(jnp.sum(r ** 2))

        def make_residual(c):
            def residual(x):
                return x - c
            return residual

        @jax.jit
        def g(x0, c):
            residual = make_residual(c)
            return newton(residual, x0)
        """
    )) == ["8: TFX101"]


def test_an_object_built_with_its_own_class_keeps_its_methods_traced():
    # A geometry library's filter: `self * s` runs `__mul__`, which builds `self.__class__(...)`.
    code = """
        import jax
        import jax.numpy as jnp

        class Image:
            def __init__(self, data, k):
                self.data = data
                self.k = k

            def __mul__(self, other):
                return {build}(self.data * other, self.k)

            def rectify(self):
                if self.k == 0:
                    if jnp.sum(self.data) < 0:
                        return self * -1
                return self

        def g(data):
            image = Image(data, 0) * 2.0
            return image.rectify().data

        f = jax.jit(g)
        """
    for build in ("self.__class__", "type(self)"):
        assert findings(textwrap.dedent(code.replace("{build}", build))) == ["15: TFX101"], build


def test_membership_in_a_static_set_becomes_isin_and_the_int_before_it_is_dropped():
    # gym-cellular-automata's Move: `action = int(action)`, then `action in self.up_set and ...`.
    source = textwrap.dedent(
        """
        import jax
        import numpy as np

        class Move:
            def __init__(self, up):
                self.up_set = up

            def update(self, row, action):
                action = int(action)
                if action in self.up_set and row > 0:
                    row -= 1
                return row

        f = jax.jit(Move({0, 1, 2}).update)
        """
    ).lstrip()
    fixed = fix(source, Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "int(action)" not in fixed and "jnp.isin(action, jnp.array(list(self.up_set)))" in fixed, fixed


def test_a_field_kept_static_by_register_dataclass_metadata_is_not_traced():
    for metadata in ("dict(static=True)", '{"static": True}'):
        assert findings(textwrap.dedent(
            f"""
            from dataclasses import dataclass, field
            import jax
            import jax.numpy as jnp

            @jax.tree_util.register_dataclass
            @dataclass
            class Params:
                beta: jnp.ndarray
                n: int = field(default=0, metadata={metadata})

            @jax.jit
            def f(params):
                return jnp.ones((params.n,)) * params.beta
            """
        )) == [], metadata


def test_a_lax_body_also_called_directly_keeps_its_default_none():
    # jax_md's neighbor list: `neighbor_fn(R)` allocates (max_occupancy None, an `int()` of a
    # traced count); the update path passes `partial(neighbor_fn, max_occupancy=n)` to lax.cond.
    assert findings(textwrap.dedent(
        """
        from functools import partial
        import jax
        import jax.numpy as jnp
        from jax import lax

        @jax.jit
        def occupancy(x):
            return jnp.sum(x > 0)

        def neighbor_list_fn(R, nbrs=None):
            def neighbor_fn(R, max_occupancy=None):
                occupied = occupancy(R)
                if max_occupancy is None:
                    max_occupancy = int(occupied * 1.25)
                return R * max_occupancy
            if nbrs is None:
                return neighbor_fn(R)
            neighbor_fn = partial(neighbor_fn, max_occupancy=nbrs)
            return lax.cond(R.sum() > 0, neighbor_fn, lambda x: x, R)

        @jax.jit
        def f(R):
            return neighbor_list_fn(R)
        """
    )) == ["15: TFX201"]


def test_filter_over_a_traced_array_from_a_module_level_vmap_is_counted_with_count_nonzero():
    # A hard-disk Monte Carlo step counts overlaps with `len(list(filter(lambda x: x, overlaps)))`,
    # `overlaps` given by `batched = vmap(overlapping, ...)` made at module level.
    source = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp
        from jax import vmap

        def overlapping(x, y):
            return jnp.abs(x - y) < 1.0

        batched = vmap(overlapping, in_axes=(0, None))

        @jax.jit
        def step(positions, new):
            overlaps = batched(positions, new)
            n_overlaps = len(list(filter(lambda x: x, overlaps)))
            if n_overlaps < 2:
                return positions + 1
            return positions
        """
    )
    assert findings(source) == ["14: TFX106"]
    fixed = fix(source.lstrip(), Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "n_overlaps = jnp.count_nonzero(overlaps)" in fixed, fixed
    assert "return jnp.where(n_overlaps < 2, positions + 1, positions)" in fixed, fixed


def test_a_setter_method_built_on_setattr_replaces_the_attribute_it_names():
    # dLux/Zodiax objects are updated with `obj.set("name", value)`, a copy with `setattr`.
    assert findings(textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp

        class Jitter:
            def __init__(self, amplitude, kernel_size=11):
                self.amplitude = amplitude
                self.kernel_size = kernel_size

            def set(self, name, value):
                new = object.__new__(type(self))
                new.__dict__.update(self.__dict__)
                setattr(new, name, value)
                return new

            def kernel(self):
                return jnp.zeros((self.kernel_size, self.kernel_size))

        @jax.jit
        def f(amplitude, pixel_scale):
            jitter = Jitter(amplitude)
            jitter = jitter.set("kernel_size", jnp.ceil(amplitude / pixel_scale).astype(int))
            return jitter.kernel()
        """
    )) == ["17: TFX203"]


def test_a_parameter_is_recognised_as_an_object_whose_class_flattens_itself():
    # dLuxToliman's jitter: a pytree class with its own `tree_flatten` keeps `kernel_size` static,
    # `A` a leaf; `jitter.set(...)` (arrays have a `set` too) and `jitter.kernel()` name it.
    code = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp
        from jax.tree_util import register_pytree_node_class

        @register_pytree_node_class
        class Jitter:
            def __init__(self, A, kernel_size=11):
                self.A = A
                self.kernel_size = kernel_size

            def tree_flatten(self):
                return (self.A,), self.kernel_size

            @classmethod
            def tree_unflatten(cls, kernel_size, children):
                return cls(children[0], kernel_size)

            def set(self, name, value):
                new = object.__new__(type(self))
                new.__dict__.update(self.__dict__)
                setattr(new, name, value)
                return new

            def kernel(self):
                return jnp.zeros((self.kernel_size, self.kernel_size)) + self.A

        @jax.jit
        def f(jitter, pixel_scale):
            jitter = jitter.set("kernel_size", jnp.ceil(jitter.A / pixel_scale).astype(int))
            return jitter.kernel()
        """
    )
    assert findings(code) == ["26: TFX203"]
    # Without the setter the size stays the static field the flattening keeps.
    assert findings(code.replace('jitter = jitter.set("kernel_size", jnp.ceil(jitter.A / pixel_scale).astype(int))',
                                 "pass")) == []


def test_a_method_of_an_object_held_in_a_field_runs_traced():
    # PyAutoFit's CompoundAssertion calls `self.assertion_1.instance_for_arguments(arguments)`,
    # an object its module-level constructor call was given.
    code = textwrap.dedent(
        """
        import jax

        class Less:
            def __init__(self, lower, greater):
                self._lower = lower
                self._greater = greater

            def holds(self, arguments):
                return arguments[self._lower] < arguments[self._greater]

        class Both:
            def __init__(self, assertion_1, assertion_2):
                self.assertion_1 = assertion_1
                self.assertion_2 = assertion_2

            def holds(self, arguments):
                return self.assertion_1.holds(arguments) and self.assertion_2.holds(arguments)

        ordering = Both(Less("a", "b"), Less("b", "c"))

        @jax.jit
        def f(vector):
            return ordering.holds({"a": vector[0], "b": vector[1], "c": vector[2]})
        """
    )
    assert findings(code) == ["18: TFX104"]


def test_a_method_a_base_class_jits_through_self_runs_traced_in_its_overrides():
    # MalthusJAX: `jax.jit(self.tensor_fitness_function)` in the abstract base's `__init__`; the
    # subclass's override is what runs, with a `float()` of a `fori_loop` result.
    code = textwrap.dedent(
        """
        import jax

        class Evaluator:
            def __init__(self):
                self.fitness = jax.jit(self.fitness_function)

            def fitness_function(self, genome):
                pass

        class Tour(Evaluator):
            def __init__(self, distances):
                super().__init__()
                self.distances = distances

            def fitness_function(self, genome):
                total = jax.lax.fori_loop(1, genome.shape[0], lambda i, acc: acc + genome[i], 0.0)
                return float(total)

        class Unrelated:
            def fitness_function(self, genome):
                return float(genome.sum())
        """
    )
    assert findings(code) == ["18: TFX201"]


def test_a_jnp_array_an_object_holds_from_module_level_is_read_with_numpy_where_numpy_recomputes():
    # A quantum-control cost stores `self.freqs = jnp.fft.fftfreq(n, d=dt)` when built at module
    # level: concrete, but `self.freqs >= bandwidth` is staged under the trace, so NumPy's
    # `nonzero` must read it through `np.asarray` (or the mask stays traced).
    code = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Cost:
            def __init__(self, steps, time, bandwidth):
                self.bandwidth = bandwidth
                self.freqs = jnp.fft.fftfreq(steps, d=time / (steps - 1))

            def cost(self, controls):
                spectrum = jnp.abs(jnp.fft.fft(controls))
                return jnp.sum(spectrum[jnp.nonzero(self.freqs >= self.bandwidth)[0]])

        COST = Cost(64, 10.0, 0.4)

        @jax.jit
        def f(controls):
            return COST.cost(controls)
        """
    )
    fixed = fix(code, SETTINGS).source
    assert "spectrum[np.nonzero(np.asarray(self.freqs) >= self.bandwidth)[0]]" in fixed, fixed


def test_a_factory_that_returns_another_factorys_result_makes_its_closure():
    # optax-style schedules: `warmup_cosine_decay_schedule(...)` returns `join_schedules(...)`,
    # which returns its nested `schedule`; inside, a loop target named `schedule` is not a
    # recursive call, so the `if` lowers.
    code = textwrap.dedent(
        """
        import jax

        def join_schedules(schedules, boundaries):
            def schedule(step):
                output = schedules[0](step)
                for boundary, schedule in zip(boundaries, schedules[1:]):
                    if step >= boundary:
                        output = schedule(step - boundary)
                return output
            return schedule

        def constant(value):
            return lambda count: value

        def warmup_then_constant(peak, warmup_steps):
            return join_schedules([constant(0.0), constant(peak)], [warmup_steps])

        lr_schedule = warmup_then_constant(3e-4, 100)

        @jax.jit
        def f(count):
            return lr_schedule(count)
        """
    )
    assert findings(code) == ["8: TFX101"]
    fixed = fix(code, Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "lax.cond(" in fixed and "if step >= boundary" not in fixed, fixed


def test_a_list_grown_with_traced_values_is_not_recomputed_with_numpy():
    # ICE-NODE's lead loss: `weight_v = []`, appended `mask.sum()` in a loop, then
    # `if jnp.array(weight_v).sum() == 0`: the list is not the empty literal it started as.
    code = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(masks, losses):
            weight_v = []
            for i in range(3):
                weight_v.append(masks[i].sum())
            weight_v = jnp.array(weight_v)
            if weight_v.sum() == 0:
                return 0.0
            return jnp.sum(losses * weight_v / weight_v.sum())
        """
    )
    (finding,) = lint(code, Settings(rules=all_rules(), unsafe_fixes=True)).findings
    assert finding.fix is not None and "NumPy" not in finding.fix.title, finding.fix.title


def test_the_sum_of_two_traced_masks_is_a_mask():
    # A population likelihood: `index_update(output, (x < xmin) + (x > xmax), -jnp.inf)`, a
    # helper doing `x.at[idx].set(y)`; `+` of two boolean arrays is their `or`.
    code = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp

        def index_update(x, idx, y):
            return x.at[idx].set(y)

        @jax.jit
        def f(x, xmin, xmax):
            return index_update(x ** 2, (x < xmin) + (x > xmax), -jnp.inf)
        """
    )
    assert findings(code) == ["6: TFX302"]
    assert findings(code.replace("(x < xmin) + (x > xmax)", "jnp.int32(xmin) + 1")) == []
