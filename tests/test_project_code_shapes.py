"""Shapes of real project code found in the November 26 (c) batch of unseen cases: module-level
objects whose methods a jitted function calls, `xnp=np` module parameters, `*args` handed on, an
object's `__getitem__`, lists of arrays built by `append`, dataclass defaults, and fixes that must
not turn a loud failure into a silent one. Each test runs the real rules (and, for fixes, the
real CLI and JAX).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tracerfix.engine import Settings, fix, lint
from tracerfix.registry import all_rules


def findings(code: str):
    return lint(textwrap.dedent(code).lstrip("\n"), Settings(rules=all_rules())).findings


def codes(code: str) -> list[str]:
    return sorted(f.code for f in findings(code))


def fixed(code: str) -> str:
    return fix(textwrap.dedent(code).lstrip("\n"), Settings(rules=all_rules(), unsafe_fixes=True)).source


def run_jitted(source: str, call: str):
    """Run `call` in a fresh interpreter with `source` as a module: the rewrite under real JAX."""
    program = source + "\n\nimport numpy as _np\nprint(repr(_np.asarray(" + call + ").tolist()))\n"
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


# --- detection ------------------------------------------------------------------------------------


def test_a_method_of_a_module_level_object_runs_traced():
    assert codes("""
    import jax

    class Model:
        def go(self, x):
            if x > 0:
                return x
            return -x

    model = Model()

    @jax.jit
    def f(x):
        return model.go(x)
    """) == ["TFX101"]


def test_a_module_parameter_left_at_numpy_leaks_where_a_caller_passes_jnp_it_does_not():
    found = findings("""
    import functools
    import jax
    import jax.numpy as jnp
    import numpy as np

    def helper(x, xnp=np):
        return xnp.sin(x)

    def g(x, xnp=np):
        return helper(x) + xnp.cos(x)

    f = jax.jit(functools.partial(g, xnp=jnp))
    """)
    assert [(f.code, f.line) for f in findings_sorted(found)] == [("TFX401", 7)]
    assert "`xnp.sin`" in found[0].message and "`xnp` is NumPy here" in found[0].message
    assert found[0].fix is not None and found[0].fix.safety.name == "UNSAFE"


def findings_sorted(found):
    return sorted(found, key=lambda f: f.line)


def test_star_args_reach_the_parameters_they_fill():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def search(obj, a, args=()):
        y = obj(a, *args)
        if y < 0:
            return a
        return -a

    def loss(c, m, rho):
        return rho * (c - m) ** 2

    @jax.jit
    def f(m, rho):
        return search(loss, 0.5, args=(m, rho))
    """) == ["TFX101"]


def test_indexing_an_object_runs_its_getitem():
    found = findings("""
    import jax
    import numpy as np

    def rows(shape, index):
        return [x[index] for x in np.indices(shape)]

    class Table:
        def __init__(self, values):
            self.values = values

        def __getitem__(self, index):
            return Table(self.values[tuple(rows(self.values.shape, index))])

    @jax.jit
    def f(values, mask):
        return Table(values)[mask].values
    """)
    # The leak is where NumPy's array meets the traced index, not at `Table(values)[mask]`.
    assert [(f.code, f.line) for f in findings_sorted(found)] == [("TFX402", 5)]


def test_a_dataclass_field_left_at_its_default_is_static():
    assert codes("""
    from dataclasses import dataclass
    import jax

    @dataclass
    class Solver:
        tol: float
        verbose: bool = False

        def run(self, x):
            def cond(state):
                if self.verbose:
                    print(state)
                return state > self.tol
            return jax.lax.while_loop(cond, lambda s: s / 2, x)

    def solve(x):
        return Solver(tol=1e-3).run(x)

    f = jax.jit(solve)
    """) == []


# --- fixes ----------------------------------------------------------------------------------------


def test_a_list_of_arrays_indexed_by_a_tracer_becomes_one_array():
    source = fixed("""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x):
        dist = []
        for k in range(3):
            dist.append(jnp.sum((x - k) ** 2))
        return dist[jnp.argmin(jnp.asarray(dist))]
    """)
    assert "return jnp.asarray(dist)[jnp.argmin(jnp.asarray(dist))]" in source
    assert abs(float(run_jitted(source, "f(_np.array([1.9, 2.2], _np.float32))")) - 0.05) < 1e-6


def test_a_conversion_passed_to_a_helper_that_only_does_array_math_is_dropped():
    source = fixed("""
    import jax
    import jax.numpy as jnp

    def clipped(length, steps, step_size):
        cap = steps * step_size
        return jnp.minimum(length, cap)

    @jax.jit
    def f(length, log_step):
        return clipped(length, 20, float(jnp.exp(log_step)))
    """)
    assert "clipped(length, 20, jnp.exp(log_step).reshape(()))" in source
    assert abs(float(run_jitted(source, "f(_np.float32(5.0), _np.float32(-3.0))")) - 20 * 0.049787068) < 1e-5


def test_a_value_computed_with_jnp_from_python_values_is_computed_with_numpy():
    source = fixed("""
    from functools import partial
    import jax
    import jax.numpy as jnp

    def n_steps(T, dt):
        ratio = jnp.asarray(T / dt)
        padded = jnp.maximum(ratio * 1.2, 10.0)
        return int(jnp.ceil(padded))

    @partial(jax.jit, static_argnames=["n"])
    def grid(t, n):
        return t * jnp.arange(n)

    @jax.jit
    def f(t):
        return grid(t, n=n_steps(100.0, 15.0))
    """)
    assert "padded = np.maximum(ratio * 1.2, 10.0)" in source and "int(np.ceil(padded))" in source
    assert run_jitted(source, "f(_np.float32(2.0)).shape") == "[10]"


def test_a_mask_over_leading_axes_selects_whole_rows():
    source = fixed("""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(best, x, values, current):
        better = current < values
        return best.at[better].set(x[better])
    """)
    assert "jnp.where(jnp.expand_dims(better, range(better.ndim, best.ndim)), x, best)" in source
    result = run_jitted(source, "f(_np.zeros((3, 2)), _np.ones((3, 2)), _np.array([1., 0., 2.]), "
                                "_np.array([0., 1., 1.]))")
    assert result == repr([[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]])


def test_no_fix_inside_a_statement_that_stores_a_tracer_on_the_object():
    found = findings("""
    import jax
    import numpy as np

    class Model:
        def __init__(self):
            self.cache = {}

        def volume(self, z):
            self.cache[z.shape] = np.interp(z, np.linspace(0, 1, 5), np.arange(5.0))
            return z * self.cache[z.shape]

    model = Model()

    @jax.jit
    def f(z):
        return model.volume(z)
    """)
    by_code = {f.code: f for f in found}
    assert "TFX501" in by_code and "TFX401" in by_code
    assert by_code["TFX401"].fix is None and "stores the result outside the trace" in by_code["TFX401"].message


def test_state_stored_on_an_object_the_trace_built_is_not_an_escape():
    # A LIF neuron class (Rao-Sanaullah/...): `neuron = LIF(...)` inside the jitted function, whose
    # `update` does `self.v += ...`: the object lives and dies in the trace; the leak is the `if`.
    code = textwrap.dedent("""
        import jax
        import jax.numpy as jnp

        class LIF:
            def __init__(self, tau, v_th):
                self.tau = tau
                self.v_th = v_th
                self.v = 0.0

            def update(self, current):
                self.v += (current - self.v) / self.tau
                if self.v >= self.v_th:
                    return 1
                return 0

        @jax.jit
        def f(current, tau):
            neuron = LIF(tau, 1.0)
            return neuron.update(current)
        """)
    findings = lint(code, Settings(rules=all_rules(), unsafe_fixes=True)).findings
    assert [f.code for f in findings] == ["TFX101"], [f.message for f in findings]
    assert "self.v >= self.v_th" in findings[0].message


def test_operations_on_a_module_level_jax_array_are_staged_under_a_trace():
    # numpyro #821: `y = jnp.arange(10.)` is concrete, but `y <= 0` inside the jitted function is a
    # tracer (omnistaging), and `np.all` of it is tested by an `if`. The name itself stays concrete.
    code = textwrap.dedent("""
        import jax
        import jax.numpy as jnp
        import numpy as np

        y = jnp.arange(10.)

        @jax.jit
        def f(x):
            if np.all(y <= 0):
                x = x + 1
            return x[y.shape[0] - 1] + y
        """)
    findings = lint(code, Settings(rules=all_rules(), unsafe_fixes=True)).findings
    assert [f.code for f in findings] == ["TFX101"], [f.message for f in findings]
    assert "np.all(y <= 0)" in findings[0].message


def test_a_closure_stored_by_factories_in_a_module_level_object_runs_traced():
    # netket #908: `optimizer = sgd(schedule)`; `sgd` returns `scale_by_schedule(schedule)`, which
    # returns `GradientTransformation(init_fn, update_fn)`. `optimizer.update(...)` in the jitted
    # step runs `update_fn`, which calls the user's schedule (NumPy) on the traced step count.
    code = textwrap.dedent("""
        from typing import NamedTuple
        import numpy as np
        import jax
        import jax.numpy as jnp

        def schedule(n):
            return (1 + np.cos(np.pi * (n % 100) / 100)) * 0.01

        class GradientTransformation(NamedTuple):
            init: object
            update: object

        def scale_by_schedule(step_size_fn):
            def init_fn(params):
                return jnp.zeros([], jnp.int32)

            def update_fn(updates, count):
                return -step_size_fn(count) * updates, count + 1

            return GradientTransformation(init_fn, update_fn)

        def sgd(learning_rate):
            return scale_by_schedule(learning_rate)

        optimizer = sgd(schedule)

        @jax.jit
        def step(grads, count):
            return optimizer.update(grads, count)
        """)
    findings = lint(code, Settings(rules=all_rules(), unsafe_fixes=True)).findings
    assert [f.code for f in findings] == ["TFX401"], [f.message for f in findings]
    assert "update_fn" in findings[0].message
    fixed = fix(code, Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "jnp.cos" in fixed


def test_objects_built_from_comprehension_items_carry_the_items():
    # vmcnet: `[Dense(norb)(stream, k) for stream, norb, k in zip(streams, counts, keys)]`, the
    # counts staged by `jnp.diff` under jit: each object's `features` is a tracer used as a shape.
    code = textwrap.dedent("""
        import jax
        import jax.numpy as jnp

        class Dense:
            def __init__(self, features):
                self.features = features

            def __call__(self, x, key):
                return x @ jax.random.normal(key, (x.shape[-1], self.features))

        @jax.jit
        def f(x, key):
            counts = jnp.diff(jnp.array((2, 5, 9)))
            keys = jax.random.split(key, 2)
            return [Dense(m)(x, k) for m, k in zip(counts, keys)]
        """)
    findings = lint(code, Settings(rules=all_rules(), unsafe_fixes=True)).findings
    assert [f.code for f in findings] == ["TFX203"], [f.message for f in findings]
    assert "self.features" in findings[0].message


def test_items_of_a_list_built_from_traced_arrays_are_not_all_traced():
    # numpyro's promote_shapes: `shapes = [jnp.shape(a) for a in args]` holds static tuples made
    # from traced arrays; zipping it with `args` gives static shapes, and `jnp.reshape(x, shape)`
    # with them is fine under jit (a false alarm on the corpus, caught before it landed).
    code = textwrap.dedent("""
        import jax
        import jax.numpy as jnp

        def _reshape(x, shape):
            return jnp.reshape(x, shape)

        def promote_shapes(*args):
            shapes = [jnp.shape(arg) for arg in args]
            num_dims = max(len(s) for s in shapes)
            return [_reshape(arg, (1,) * (num_dims - len(s)) + s) for arg, s in zip(args, shapes)]

        @jax.jit
        def f(x, y):
            a, b = promote_shapes(x, y)
            return a + b
        """)
    assert lint(code, Settings(rules=all_rules(), unsafe_fixes=True)).findings == []
