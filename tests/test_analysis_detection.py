"""Detection on the shapes real project code takes: the transformation's boundary, pytree leaves,
objects, helpers' results, truth tests outside an `if`, tracer guards, and `check --show-unsure`.

Each test runs every rule on a small module, as `tracerfix check` does, and asserts which rules
report (or that none does): a class of leak the analysis must see, or correct code it must leave
alone.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tracerfix.engine import Settings, lint
from tracerfix.registry import all_rules


def codes(code: str) -> list[str]:
    source = textwrap.dedent(code).lstrip("\n")
    return sorted(f.code for f in lint(source, Settings(rules=all_rules())).findings)


# --- the transformation's boundary --------------------------------------------------------------


def test_a_python_bool_passed_to_a_jitted_function_is_traced():
    assert codes("""
    import jax

    @jax.jit
    def f(flag, x):
        if True and flag:
            return x
        return -x
    """) == ["TFX101"]


def test_or_default_on_a_jitted_parameter_is_reported():
    assert codes("""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x, scale):
        scale = scale or jnp.std(x)
        return x / scale
    """) == ["TFX104"]


@pytest.mark.parametrize(
    "use",
    [
        'return params["w"] * x',
        "return x * len(params)",
        "a, b = params\n    return a * x",
        "return [p for p in params]",
        "return x if params is None else x * params.scale",
        "extras = params or {}\n    return x",
    ],
)
def test_a_parameter_read_as_a_container_keeps_a_static_truth_value(use):
    code = f"""
import jax

@jax.jit
def f(params, x):
    if params:
        x = x + 1
    {use}
"""
    assert codes(code) == []


def test_a_helper_parameter_bound_to_a_literal_stays_static():
    assert codes("""
    import jax

    def step(x, training):
        if training:
            return x * 0.5
        return x

    @jax.jit
    def f(x):
        return step(x, True) + step(x, False)
    """) == []


def test_a_static_argname_is_not_traced():
    assert codes("""
    from functools import partial
    import jax

    @partial(jax.jit, static_argnames="max_steps")
    def f(y, max_steps):
        if max_steps == 1:
            return y
        return y * 2
    """) == []


# --- pytree leaves and objects ------------------------------------------------------------------


def test_a_field_of_a_namedtuple_argument_is_traced():
    assert codes("""
    from typing import NamedTuple
    import jax

    class State(NamedTuple):
        count: int
        done: bool

    @jax.jit
    def f(state, x):
        if state.done:
            return x
        return x + state.count
    """) == ["TFX101"]


def test_a_field_declared_static_is_not_traced():
    assert codes("""
    import jax
    from flax import struct

    @struct.dataclass
    class State:
        params: dict
        use_bias: bool = struct.field(pytree_node=False)

    @jax.jit
    def f(state, x):
        if state.use_bias:
            return x + 1
        return x
    """) == []


def test_an_object_built_from_traced_values_runs_its_init_traced():
    assert codes("""
    import jax
    import jax.numpy as jnp

    class Potential:
        def __init__(self, m, r):
            self.m = m
            self.r = r
            if (self.m < 0) or (self.r <= 0):
                raise ValueError("must be positive")

        def energy(self, x):
            return -self.m / (x + self.r)

    @jax.jit
    def f(m, r, x):
        return Potential(m, r).energy(x)
    """) == ["TFX101"]


def test_a_method_called_on_an_instance_runs_traced():
    assert codes("""
    import jax
    import jax.numpy as jnp

    class Layer:
        def __init__(self, thickness):
            self.thickness = thickness

        def profile(self, resolution):
            sigma = 3.0 / (self.thickness * resolution)
            return jnp.linspace(0.0, 1.0, 8) * float(sigma)

    @jax.jit
    def f(resolution):
        return Layer(10).profile(resolution)
    """) == ["TFX201"]


def test_a_closure_reads_a_traced_value_of_its_enclosing_function():
    assert codes("""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(obs):
        limit = jnp.max(obs)

        def clip(r):
            if r > limit:
                return limit
            return r

        return clip(jnp.sum(obs))
    """) == ["TFX101"]


def test_tree_map_gives_its_function_traced_leaves():
    assert codes("""
    import jax
    import numpy as np

    @jax.jit
    def f(tree):
        return jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), tree)
    """) == ["TFX401"]


def test_tree_map_outside_a_trace_is_eager():
    assert codes("""
    import jax
    import numpy as np

    def f(tree):
        return jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), tree)
    """) == []


# --- helpers' results and jnp on static values --------------------------------------------------


def test_jnp_on_static_values_is_a_tracer_under_jit():
    assert codes("""
    import jax
    import jax.numpy as jnp

    SIZES = [2, 3, 1]

    @jax.jit
    def f(x):
        return jnp.split(x, jnp.cumsum(jnp.array(SIZES))[:-1])
    """) == ["TFX203"]


def test_numpy_on_static_values_is_static_under_jit():
    assert codes("""
    import jax
    import jax.numpy as jnp
    import numpy as np

    SIZES = [2, 3, 1]

    @jax.jit
    def f(x):
        return jnp.split(x, np.cumsum(np.array(SIZES))[:-1])
    """) == []


def test_a_helper_called_with_static_arguments_still_runs_under_the_trace():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def steps(T, dt):
        return int(jnp.ceil(T / dt))

    @jax.jit
    def f(x):
        return x * steps(4.0, 0.5)
    """) == ["TFX201"]


def test_a_helper_returning_bool_of_a_tracer_is_reported_in_the_helper():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def finished(board):
        return bool(jnp.sum(board) > 3)

    @jax.jit
    def f(board):
        return board * finished(board)
    """) == ["TFX106"]


def test_a_literal_false_flag_keeps_its_and_from_testing_the_right_side():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def checked(a, check_finite=False):
        if check_finite and not jnp.all(jnp.isfinite(a)):
            raise ValueError("infs or NaNs")
        return a

    @jax.jit
    def f(x):
        return checked(x).sum()
    """) == []


def test_a_literal_true_flag_lets_the_right_side_be_tested():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def checked(a, check_finite=False):
        if check_finite and not jnp.all(jnp.isfinite(a)):
            raise ValueError("infs or NaNs")
        return a

    @jax.jit
    def f(x):
        return checked(x, check_finite=True).sum()
    """) == ["TFX101"]


# --- truth tests outside an `if` ----------------------------------------------------------------


def test_a_chained_comparison_passed_as_an_argument_is_reported():
    assert codes("""
    import jax

    @jax.jit
    def f(x, a, b):
        return jax.lax.cond(a < x <= b, lambda: 1.0, lambda: 2.0)
    """) == ["TFX104"]


def test_a_chained_comparison_of_shapes_is_static():
    assert codes("""
    import jax

    @jax.jit
    def f(x):
        return x * (0 < x.shape[0] <= 8)
    """) == []


def test_builtin_max_in_tree_reduce_over_traced_leaves_is_reported():
    assert codes("""
    import jax

    @jax.jit
    def f(tree):
        return jax.tree_util.tree_reduce(lambda a, b: max(a, b), tree)
    """) == ["TFX107"]


# --- tracer guards ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "guard",
    [
        "if not isinstance(x, jax.core.Tracer):",
        "if jax.core.is_concrete(x):",
        "if not_tracer(x):",
    ],
)
def test_code_behind_a_tracer_guard_runs_only_eagerly(guard):
    code = f"""
import jax
import jax.numpy as jnp

def not_tracer(v):
    return not isinstance(v, jax.core.Tracer)

@jax.jit
def f(x):
    {guard}
        assert jnp.all(x > 0), "must be positive"
        if x.sum() > 10:
            print("large")
    return x * 2
"""
    assert codes(code) == []


def test_a_guarded_block_runs_traced_when_its_subject_is_a_python_value():
    assert codes("""
    import jax
    import jax.numpy as jnp
    import numpy as np

    OBSERVED = np.array([0.5, 1.5])

    @jax.jit
    def f(loc):
        mask = OBSERVED > 0
        if not isinstance(mask, jax.core.Tracer):
            if not jnp.all(mask):
                loc = loc * 0
        return loc
    """) == ["TFX101"]


def test_rewrite_leaves_a_guarded_block_alone():
    from tracerfix.engine import fix

    source = textwrap.dedent("""
    import jax

    @jax.jit
    def f(x):
        if not isinstance(x, jax.core.Tracer):
            if x > 0:
                x = x + 1
        return x
    """).lstrip("\n")
    assert fix(source, Settings(rules=all_rules(), unsafe_fixes=True)).source == source


# --- check --show-unsure ------------------------------------------------------------------------


def test_show_unsure_lists_the_places_left_silent_with_why(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent("""
    import jax

    @jax.jit
    def f(x, config):
        assert config, "needs a config"
        if x.sum() > 0:
            x = -x
        return x
    """).lstrip("\n"))
    run = subprocess.run(
        [sys.executable, "-m", "tracerfix", "check", "--show-unsure", "--no-cache", str(path)],
        capture_output=True, text=True,
    )
    assert run.returncode == 1  # the `if` is a leak
    assert "TFX101" in run.stdout
    unsure = [line for line in run.stderr.splitlines() if ": unsure: " in line]
    assert len(unsure) == 1
    assert unsure[0].startswith(f"{path}:5:5: unsure: parameter `config`")
    assert "static if it holds a container" in unsure[0]
    quiet = subprocess.run(
        [sys.executable, "-m", "tracerfix", "check", "--no-cache", str(path)], capture_output=True, text=True
    )
    assert ": unsure: " not in quiet.stderr


# --- what the transformation applies to ---------------------------------------------------------


def test_vmap_of_a_staticmethod_reads_in_axes_from_its_first_parameter():
    assert codes("""
    import jax

    class Model:
        @staticmethod
        def score(w, x):
            if w > 0:
                print("positive weight")
            if x.sum() > 0:
                x = -x
            return w * x

        def run(self, w, xs):
            return jax.vmap(self.score, in_axes=(None, 0))(w, xs)
    """) == ["TFX101"]


def test_partial_binding_a_static_keyword_as_a_cond_branch():
    assert codes("""
    import functools
    import jax

    partial = functools.partial

    def branch(x, k):
        if k > 1:
            return x * k
        return x

    @jax.jit
    def f(x, p):
        return jax.lax.cond(p, partial(branch, k=2), partial(branch, k=0), x)
    """) == []


def test_a_redefined_helper_resolves_to_the_definition_live_at_the_call_site():
    early = """
    import jax
    import jax.numpy as jnp

    def helper(x):
        if x > 0:
            return x
        return -x

    g = jax.jit(helper)

    def helper(x):
        return jnp.abs(x)
    """
    late = """
    import jax
    import jax.numpy as jnp

    def helper(x):
        if x > 0:
            return x
        return -x

    def helper(x):
        return jnp.abs(x)

    g = jax.jit(helper)
    """
    assert codes(early) == ["TFX101"]
    assert codes(late) == []


def test_shard_map_outside_jit_runs_eagerly_and_inside_jit_traces():
    eager = """
    import jax
    from jax.sharding import PartitionSpec as P

    def body(x):
        print("shard", x)
        if x.sum() > 0:
            x = -x
        return x

    run = jax.shard_map(body, mesh=None, in_specs=P("i"), out_specs=P("i"))
    """
    jitted = eager.replace("run = jax.shard_map(", "run = jax.jit(jax.shard_map(").replace(
        'out_specs=P("i"))', 'out_specs=P("i")))'
    )
    assert codes(eager) == []
    assert codes(jitted) == ["TFX101", "TFX502"]  # under jit, print shows a tracer


@pytest.mark.parametrize(
    "apply",
    [
        "@jnp.vectorize\ndef f(a):",
        "def f(a):",
    ],
)
def test_vectorize_and_haiku_control_flow_trace_their_functions(apply):
    code = f"""
import haiku as hk
import jax.numpy as jnp

{apply}
    if a > 0:
        return a
    return -a

def forward(xs):
    return hk.scan(lambda c, x: (c + f(x), x), 0.0, xs)
"""
    assert codes(code) == ["TFX101"]


# --- silence on correct library code (classes found on the extra corpus) ------------------------


def test_static_argnums_count_after_the_arguments_a_partial_binds():
    assert codes("""
    from functools import partial
    import jax

    def search(fun, unroll, goldstein, maxls, x):
        if goldstein:
            x = fun(x)
        for _ in range(maxls):
            x = fun(x)
        return x

    class Solver:
        def init(self):
            bound = partial(search, self.fun, True)
            self.run = jax.jit(bound, static_argnums=(0, 1))
    """) == []


def test_a_field_named_like_a_bundle_is_a_subtree_with_a_static_truth_value():
    assert codes("""
    import jax

    @jax.jit
    def loss(data, x):
        metrics = {"x": x}
        if data.extras:
            metrics.update(data.extras)
        extras = data.timestep.extras
        if extras:
            metrics.update(extras)
        return metrics
    """) == []


def test_membership_in_a_named_traced_value_may_be_a_dict():
    assert codes("""
    import jax

    def fill(a, b):
        out = {}
        for k1 in b:
            if k1 in a:
                out[k1] = a[k1]
        return out

    @jax.jit
    def f(before, after):
        return fill(before, after)
    """) == []


def test_free_variables_of_eager_code_do_not_make_jnp_a_tracer_on_dead_paths():
    assert codes("""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def neighbor_list(box, cutoff):
        def update(position, neighbors=None):
            if neighbors is None:
                if jnp.all(cutoff < box / 3.0):
                    position = position * 2
            return position

        def run(position, neighbors):
            return lax.cond(jnp.any(position > 0), lambda p: update(p, neighbors), lambda p: p, position)

        return run
    """) == []


def test_an_object_built_with_keywords_keeps_each_field():
    assert codes("""
    from typing import NamedTuple
    import jax
    import jax.numpy as jnp

    class State(NamedTuple):
        board: jax.Array
        turn: int

    def finished(state):
        if state.turn > 3:
            return jnp.zeros(())
        return bool(jnp.sum(state.board) > 2)

    @jax.jit
    def f(board):
        return finished(State(board=board, turn=0))
    """) == ["TFX106"]


# --- false alarms seen on the corpus of correct code ----------------------------------------------


def test_a_comparison_with_a_string_is_static():
    assert codes("""
    import jax

    @jax.jit
    def f(x, kinds):
        for i, t in enumerate(kinds):
            x = x * 2 if t == "f" else x
        return x
    """) == []


def test_code_that_catches_the_tracer_error_is_not_reported():
    # dm-haiku's dropout: the checks are meant for Python rates and skipped for traced ones.
    assert codes("""
    import jax

    @jax.jit
    def dropout(rng, rate, x):
        try:
            if rate < 0 or rate >= 1:
                raise ValueError("rate must be in [0, 1).")
            if rate == 0.0:
                return x
        except jax.errors.ConcretizationTypeError:
            pass
        keep = jax.random.bernoulli(rng, 1.0 - rate, x.shape)
        return x * keep / (1.0 - rate)
    """) == []


def test_static_fields_of_a_dataclass_in_another_module_of_the_project(tmp_path):
    # brax: `System.enable_fluid = struct.field(pytree_node=False)` in base.py, tested in a step
    # of another module; a leaf field of the same class is still traced.
    package = tmp_path / "sim"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'sim'\n")
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(textwrap.dedent("""
        from flax import struct
        import jax

        @struct.dataclass
        class System:
            gravity: jax.Array
            enable_fluid: bool = struct.field(pytree_node=False)
            link_types: str = struct.field(pytree_node=False)
    """))
    (package / "step.py").write_text(textwrap.dedent("""
        import jax
        from sim import base

        @jax.jit
        def step(sys, x):
            if sys.enable_fluid:
                x = x * 0.5
            for t in sys.link_types:
                x = x + 1
            if sys.gravity[2] < 0:
                x = -x
            return x
    """))
    result = subprocess.run([sys.executable, "-m", "tracerfix", "check", "--no-cache", "sim/step.py"],
                            cwd=tmp_path, capture_output=True, text=True)
    reported = [line.split(": ")[1].split()[0] + "@" + line.split(":")[1] for line in result.stdout.splitlines()
                if ": TFX" in line]
    assert reported == ["TFX101@11"], result.stdout


def test_the_numpy_side_of_a_backend_dispatch_runs_only_eagerly():
    # brax v1 jumpy: `_which_np` picks jax.numpy for JAX inputs, NumPy for NumPy ones.
    assert codes("""
    import jax
    import jax.numpy as jnp
    import numpy as onp

    def _which_np(*args):
        return jnp if any(isinstance(a, jax.Array) for a in args) else onp

    @jax.jit
    def safe_norm(x):
        np = _which_np(x)
        if np is jnp:
            n = jnp.linalg.norm(x)
        else:
            n = onp.linalg.norm(x)
        return n
    """) == []
    # The JAX side is still checked.
    assert codes("""
    import jax
    import jax.numpy as jnp
    import numpy as onp

    @jax.jit
    def safe_norm(x, np):
        if np is not jnp:
            n = onp.linalg.norm(x)
        else:
            n = onp.sin(x)
        return n
    """) == ["TFX401"]


def test_a_jitted_functions_bool_passed_on_to_a_helper_is_traced_there():
    # flax issue 4085: `deterministic=not training` in a helper of the jitted loss.
    assert codes("""
    import jax

    def helper(x, training):
        scale = not training
        return x * scale

    @jax.jit
    def f(x, training):
        return helper(x, training)
    """) == ["TFX104"]
    # A helper that reads the value as a container keeps it static.
    assert codes("""
    import jax

    def helper(x, options):
        if options:
            return x * options["scale"]
        return x

    @jax.jit
    def f(x, options):
        return helper(x, options)
    """) == []


def test_fields_of_a_namedtuple_or_dataclass_annotated_parameter_are_traced_leaves():
    # pgx: `state: ShogiState` handed to a jitted step; `state.turn` reaches a helper's `if`.
    assert codes("""
    from typing import NamedTuple
    import jax
    from flax import struct

    class State(NamedTuple):
        turn: jax.Array
        name: str

    @struct.dataclass
    class Config:
        scale: float
        mode: str = struct.field(pytree_node=False)

    def reward(turn):
        if turn == 0:
            return 1
        return -1

    @jax.jit
    def step(state: State, config: Config, x):
        if state.name == "shogi" and config.mode:
            x = x * config.scale
        return x * reward(state.turn)
    """) == ["TFX101"]


def test_a_property_of_a_traced_namedtuple_is_what_its_expression_gives():
    # waymax: `range(state.remaining_timesteps)` in a jitted step.
    assert codes("""
    from typing import NamedTuple
    import jax

    class Episode(NamedTuple):
        rewards: jax.Array
        step: jax.Array

        @property
        def steps_left(self):
            return self.rewards.shape[0] - self.step

        @property
        def length(self):
            return self.rewards.shape[0]

    @jax.jit
    def discounted(ep: Episode, gamma):
        total = 0.0
        for k in range(ep.length):
            total = total * gamma
        for k in range(ep.steps_left):
            total = total + gamma ** k * ep.rewards[ep.step + k]
        return total
    """) == ["TFX202"]


def test_a_transformation_configured_then_applied_traces_its_function():
    # pgx: `partial(jax.jit, static_argnums=1)(_decompose_action)`.
    for application in ("partial(jax.jit, static_argnums=1)(step)", "jax.jit(static_argnums=1)(step)"):
        assert codes(f"""
        from functools import partial
        import jax

        def step(action, turn):
            if turn == 0:
                action = action + 1
            if action == 1:
                return turn
            return action

        f = {application}
        """) == ["TFX101"], application


def test_helpers_called_for_each_item_of_a_comprehension_run_traced():
    # cpflow: `jnp.array([project(a) for a in angles])` in a jitted function.
    assert codes("""
    import jax
    import jax.numpy as jnp

    def project(a):
        if a > 0:
            return a
        return -a

    @jax.jit
    def f(angles):
        return jnp.array([project(a) for a in angles])
    """) == ["TFX101"]


def test_a_lambda_reads_the_traced_values_of_its_enclosing_function():
    # The lambda is a lax.cond branch, and a callback a helper calls (`bisec(lambda x: x ** 3 - p, a, b)`).
    assert codes("""
    import jax
    import numpy as np
    from jax import lax

    def bisect(fn, a, b):
        if fn(a) > fn(b):
            a, b = b, a
        return a

    @jax.jit
    def f(x, flag, p):
        y = x * 2
        z = lax.cond(flag, lambda: y, lambda: np.asarray(y))
        return z + bisect(lambda t: t ** 3 - p, 0.0, 1.0)
    """) == ["TFX101", "TFX401"]


def test_a_module_level_object_called_in_a_jitted_function_runs_its_methods_traced():
    # `model(x)` runs Model.__call__, whose `self.linear(x)` runs Linear.__call__ (set in setup).
    assert codes("""
    import jax
    import jax.numpy as jnp
    import numpy as np

    class Linear:
        def __init__(self, size):
            self.kernel = np.eye(size, dtype=np.float32)

        def __call__(self, x):
            x = np.asarray(x)
            return x @ self.kernel

    class Model:
        def __init__(self, size):
            self.setup(size)

        def setup(self, size):
            self.linear = Linear(size)

        def __call__(self, x):
            return jnp.tanh(self.linear(x))

    model = Model(3)

    @jax.jit
    def f(x):
        return model(x)
    """) == ["TFX401"]


def test_the_closure_a_factory_returns_runs_traced_where_a_jitted_function_calls_it():
    assert codes("""
    import jax

    def make_schedule(low, high, period):
        top = (period + 1) // 2

        def schedule(step):
            position = step % period
            if position < top:
                return low + position / top * (high - low)
            return high

        return schedule

    schedule = make_schedule(1e-3, 1e-2, 10)

    @jax.jit
    def f(params, grad, step):
        return params - schedule(step) * grad
    """) == ["TFX101"]


def test_a_module_level_object_used_only_eagerly_stays_silent():
    assert codes("""
    import jax
    import numpy as np

    class Stats:
        def __call__(self, x):
            return float(np.asarray(x).mean())

    stats = Stats()

    @jax.jit
    def f(x):
        return x * 2

    print(stats(f(np.ones(3))))
    """) == []


def test_a_bound_method_of_a_module_level_object_jitted_stores_its_tracer_on_the_object():
    assert codes("""
    import jax

    class Something:
        def set_x(self, x):
            self.x = x

    something = Something()
    f = jax.jit(something.set_x)
    """) == ["TFX501"]


def test_a_function_jitted_on_the_spot_gives_a_tracer_under_the_trace():
    assert codes("""
    import jax
    from jax import lax

    def g(x):
        if jax.jit(lax.gt)(x, 0.):
            return lax.sin(x)
        return lax.cos(x)

    f = jax.jit(g)
    """) == ["TFX101"]


def test_an_unannotated_parameter_read_through_a_pytree_classs_fields_is_that_object():
    # `c.x`, `c.y` are exactly the fields of the registered dataclass `D`: `c.y` is a leaf, traced.
    assert codes("""
    import dataclasses
    import jax
    from jax.lax import scan

    def body(carry, _):
        return carry + 1.0, None

    @jax.jit
    def do_scan(c):
        final, _ = scan(body, c.x, None, c.y)
        return final

    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class D:
        x: float
        y: int
    """) == ["TFX203"]


def test_a_class_with_its_own_flattening_keeps_its_fields_unknown():
    # `shape` is aux data of COO's own flattening: static under jit, so nothing is reported.
    assert codes("""
    from typing import NamedTuple, Sequence
    import jax
    import jax.numpy as jnp
    from jax.tree_util import register_pytree_node

    class COO(NamedTuple):
        rows: jnp.ndarray
        cols: jnp.ndarray
        vals: jnp.ndarray
        shape: Sequence[int]

    register_pytree_node(COO, lambda a: (a[:3], a[3]), lambda aux, children: COO(*children, aux))

    @jax.jit
    def spmv(sparse_mat, vec):
        prod = jnp.take(vec, sparse_mat.cols, axis=0) * sparse_mat.vals[:, None]
        return jax.ops.segment_sum(prod, sparse_mat.rows, sparse_mat.shape[0])
    """) == []


# --- objects built in traced code ---------------------------------------------------------------

_ACTION = """
import jax
import jax.numpy as jnp


class Action:
    def __init__(self, from_, to, scale=1):
        self.from_ = from_
        self.to = to
        self.scale = scale

    def label(self):
        if self.to - self.from_ == 1:
            return 0
        return 1

    def scaled(self, x):
        if self.scale > 1:
            return x * self.scale
        return x

    @property
    def direction(self):
        if self.to > self.from_:
            return 1
        return -1

{use}
"""


@pytest.mark.parametrize(
    "use, expected",
    [
        ("@jax.jit\ndef f(a, b):\n    return Action(a, b).label()", ["TFX101"]),
        ("@jax.jit\ndef f(a, b):\n    action = Action(a, b)\n    return action.label()", ["TFX101"]),
        ("@jax.jit\ndef f(a, b):\n    return Action(a, b).direction", ["TFX101"]),
        ("def helper(action):\n    return action.label()\n\n@jax.jit\ndef f(a, b):\n    return helper(Action(a, b))",
         ["TFX101"]),
        # `scale` is the Python default: the branch on it is decided while tracing.
        ("@jax.jit\ndef f(a, b, x):\n    return Action(a, b).scaled(x)", []),
        # Built from Python values only: nothing traced reaches the methods.
        ("@jax.jit\ndef f(x):\n    return x * Action(0, 1).label()", []),
    ],
)
def test_methods_and_properties_of_an_object_built_from_traced_values_run_traced(use, expected):
    assert codes(_ACTION.format(use=use)) == expected


def test_a_numpy_array_written_at_a_traced_index_is_reported():
    assert codes("""
    import jax
    import numpy as np

    @jax.jit
    def f(x):
        board = np.full(25, 2)
        board[x != -1] = 0
        return board
    """) == ["TFX401"]


def test_the_closure_a_factory_returns_is_traced_where_a_module_level_jit_applies_to_it():
    assert codes("""
    import jax

    def make_loss(scale):
        def loss(params, x):
            y = params["w"] * x
            if y.sum() > scale:
                return y.sum()
            return -y.sum()
        return loss

    loss_fn = make_loss(2.0)
    step = jax.jit(loss_fn)
    """) == ["TFX101"]


def test_calling_an_object_built_on_the_spot_runs_its_call_method():
    assert codes("""
    import jax

    class Model:
        def __init__(self, w):
            self.w = w

        def __call__(self, x):
            out = x @ self.w
            if out.sum() > 0:
                return out
            return -out

    @jax.jit
    def apply(w, x):
        return Model(w)(x)
    """) == ["TFX101"]


def test_a_while_test_that_calls_a_function_passed_in_runs_it_traced():
    """llama-2-jax's own `while_loop(cond_fun, body_fun, init_val)` helper: `cond_fun(val)` is the
    lambda the traced caller passed, reading a NamedTuple state's field."""
    assert codes("""
    from typing import NamedTuple
    import jax
    import jax.numpy as jnp
    from jax import Array

    def while_loop(cond_fun, body_fun, init_val):
        val = init_val
        while cond_fun(val):
            val = body_fun(val)
        return val

    class State(NamedTuple):
        x: Array
        finished: Array

    def body(state):
        return State(state.x + 1, state.x > 3)

    @jax.jit
    def f(x):
        state = State(x, x > 3)
        state = while_loop(lambda s: ~jnp.all(s.finished), body, state)
        return state.x
    """) == ["TFX102"]


def test_an_object_of_the_module_called_in_traced_code_runs_its_call_method():
    assert codes("""
    import jax
    import jax.numpy as jnp

    class MLP:
        def __init__(self, w):
            self.w = w

        def __call__(self, x):
            x = x @ self.w
            while jnp.abs(x).sum() > 1:
                x /= 2
            return x.sum()

    @jax.jit
    def f(w, x):
        net = MLP(w)
        return net(x)
    """) == ["TFX102"]


def test_the_else_of_an_under_a_jit_test_runs_only_eagerly():
    """brax's jumpy: `if _in_jit(): lax.while_loop(...) else: <a Python loop>`."""
    assert codes("""
    import jax

    def _in_jit() -> bool:
        if jax.config.jax_disable_jit:
            return True
        return jax.core.unsafe_am_i_under_a_jit_DO_NOT_USE()

    def while_loop(cond_fun, body_fun, init_val):
        if _in_jit():
            return jax.lax.while_loop(cond_fun, body_fun, init_val)
        else:
            val = init_val
            while cond_fun(val):
                val = body_fun(val)
            return val

    @jax.jit
    def f(x):
        return while_loop(lambda v: v < 10, lambda v: v * 2, x)
    """) == []


def test_a_helper_passed_different_functions_by_different_callers_runs_each():
    """QuantEcon's `successive_approx(T, x_0)`-style helpers serve several jitted functions, each
    with its own operator: the parameter may be either, and each runs traced."""
    assert codes("""
    import jax
    import jax.numpy as jnp

    def iterate(step, stop, x):
        while stop(x):
            x = step(x)
        return x

    @jax.jit
    def halve(x):
        return iterate(lambda v: v / 2, lambda v: jnp.max(v) > 1.0, x)

    @jax.jit
    def double(x):
        return iterate(lambda v: v * 2, lambda v: jnp.max(v) < 100.0, x)
    """) == ["TFX102"]


def test_a_property_with_statements_gives_what_its_getter_returns_to_the_rules():
    """jax_cosmo's `cosmo.k` once its own `if` is a `jnp.where`: the caller's `if cosmo.k < 0` is
    the next leak."""
    assert codes("""
    import jax
    import jax.numpy as jnp

    class Cosmology:
        def __init__(self, omega_k):
            self._omega_k = omega_k

        @property
        def k(self):
            k = jnp.where(self._omega_k > 0, 1.0, -1.0)
            return k

    def distance(cosmo, chi):
        if cosmo.k < 0:
            return jnp.sinh(chi)
        return chi

    @jax.jit
    def f(omega_k, chi):
        return distance(Cosmology(omega_k), chi)
    """) == ["TFX101"]


def test_the_gradient_of_a_function_held_by_a_parameter_is_traced():
    # `jax.grad(f)` of a parameter `f` is a function, never a tracer itself: its result on a
    # traced `x` is traced.
    assert codes("""
    import jax
    import jax.numpy as jnp
    from functools import partial

    @partial(jax.jit, static_argnums=0)
    def solve(f, x):
        gradient = jax.grad(f)(x)
        grad_f = jax.grad(f)
        if jnp.linalg.norm(grad_f(x)) < 1e-3:
            return x
        return x - gradient
    """) == ["TFX101"]


def test_a_jitted_partial_of_a_module_instance_method_binds_after_self():
    # `jax.jit(partial(gd.solve, loss))`: the instance fills `self`, `loss` fills `f`, and `x` is
    # traced (GradDescent's solver).
    assert codes("""
    from functools import partial
    import jax
    import jax.numpy as jnp

    class GradDescent:
        def __init__(self, lr, tol=1e-3):
            self.lr = lr
            self.tol = tol

        def solve(self, f, x):
            grad_f = jax.grad(f)
            for i in range(30):
                gradient = grad_f(x)
                if jnp.linalg.norm(gradient) < self.tol:
                    return x
                x = x - self.lr * gradient
            return x

    def loss(x):
        return jnp.sum((x - 2.0) ** 2)

    gd = GradDescent(lr=0.1)
    f = jax.jit(partial(gd.solve, loss))
    """) == ["TFX108"]


def test_a_factory_called_and_its_result_called_at_once_runs_traced():
    # ott-jax's exact 1-D Gaussian-mixture map: `get_exact_map(gm1, gm2)(x)` inside a jitted
    # function runs the factory with traced objects; the closure it returns bisects on them.
    assert codes("""
    import jax
    import jax.numpy as jnp

    class GM:
        def __init__(self, loc):
            self.loc = loc

    def get_exact_map(gm):
        lb = jnp.min(gm.loc)

        def inv_cdf(x):
            mid = lb
            while jnp.abs(mid - x) > 1e-3:
                mid = mid / 2
            return mid
        return inv_cdf

    @jax.jit
    def f(x, loc):
        return get_exact_map(GM(loc))(x)
    """) == ["TFX102"]


def test_an_object_a_classmethod_builds_from_a_dict_filled_with_tracers_carries_them():
    # jaxoplanet's `Ylm.from_dense`: `data[(ell, m)] = ylm` fills a local dict from a traced
    # array, `cls(data)` builds the object (`cls` is the class), and `normalize` asserts on a
    # coefficient; a second caller building the object directly does not hide the first.
    assert codes("""
    import jax
    import jax.numpy as jnp

    class Ylm:
        def __init__(self, data):
            self.data = dict(data)

        def normalize(self):
            assert self.data[(0, 0)] != 0.0, "zero"
            return self

        @classmethod
        def from_dense(cls, y):
            data = {}
            for i, ylm in enumerate(y):
                data[(i, 0)] = ylm
            return cls(data).normalize()

    @jax.jit
    def direct(y):
        return Ylm({(0, 0): 1.0}).normalize()

    @jax.jit
    def f(y):
        return Ylm.from_dense(y)
    """) == ["TFX105"]


def test_a_jitted_method_of_an_object_a_factory_classmethod_builds_is_traced():
    # Apollo14's glass block: `block = GlassBlock.create_chassis(...)`, `f = jax.jit(block.is_point_inside)`.
    assert codes("""
    import jax
    import jax.numpy as jnp

    class Block:
        def __init__(self, normals):
            self.normals = normals

        def is_inside(self, point):
            for normal in self.normals:
                if jnp.dot(point, normal) > 1e-6:
                    return False
            return True

        @classmethod
        def cube(cls):
            return cls([jnp.eye(3)[i] for i in range(3)])

        @classmethod
        def describe(cls):
            return "cube"

    block = Block.cube()
    f = jax.jit(block.is_inside)
    """) == ["TFX101"]


def test_a_method_of_an_object_held_in_an_attribute_gives_its_traced_result():
    # A DQN agent: `self.q_network.apply(self.params, state)` is traced, and `.item()` of it leaks.
    assert codes("""
    import jax
    import jax.numpy as jnp

    class QNetwork:
        def apply(self, params, x):
            return x @ params["w"]

    class Agent:
        def __init__(self):
            self.q_network = QNetwork()
            self.params = {"w": jnp.ones((4, 3))}

        def get_action(self, state):
            q_values = self.q_network.apply(self.params, state)
            return jnp.argmax(q_values).item()

    agent = Agent()

    @jax.jit
    def f(state):
        return agent.get_action(state)
    """) == ["TFX201"]


def test_an_operator_on_objects_of_a_module_class_gives_what_its_method_returns():
    # FrozenLake's `Position.__eq__` compares fields and returns a traced array: `if a == b:` leaks,
    # and `a + b` (its `__add__`) is still a Position.
    assert codes("""
    from typing import NamedTuple

    import jax

    class Position(NamedTuple):
        row: jax.Array
        col: jax.Array

        def __eq__(self, other):
            if not isinstance(other, Position):
                return NotImplemented
            return (self.row == other.row) & (self.col == other.col)

        def __add__(self, other):
            if not isinstance(other, Position):
                return NotImplemented
            return Position(self.row + other.row, self.col + other.col)

    def step(elf, move):
        return Position(*elf) + Position(*move)

    @jax.jit
    def reward(elf, move, goal):
        moved = step(elf, move)
        if moved == Position(*goal):
            return 1
        return 0
    """) == ["TFX101"]


@pytest.mark.parametrize("handler", ["except Exception:", "except:", "except (TypeError, ValueError):"])
def test_a_conversion_under_a_broad_handler_that_returns_is_a_tracer_guard(handler):
    # galpy's bisection: `try: width = float(...)` / `except Exception: return maxiter` then a count
    # computed from `width` with `math`: under a trace the handler returns, and what follows the
    # `try` runs only on concrete values.
    code = f"""
    import math

    import jax
    import jax.numpy as jnp
    import numpy

    def n_steps(a, b, maxiter):
        try:
            width = float(numpy.max(numpy.abs(numpy.asarray(b) - numpy.asarray(a))))
        {handler}
            return maxiter
        if not width > 0.0:
            return maxiter
        return max(1, min(int(math.ceil(math.log2(width / 1e-12))) + 1, maxiter))

    @jax.jit
    def f(a, b):
        lo, hi = a, b
        for _ in range(n_steps(a, b, 50)):
            mid = 0.5 * (lo + hi)
            lo, hi = jnp.where(mid ** 3 > 2.0, lo, mid), jnp.where(mid ** 3 > 2.0, mid, hi)
        return lo
    """
    assert codes(code) == []
    # A handler that does not leave: what follows still runs traced, and leaks.
    assert codes(code.replace("            return maxiter\n        if not", "            width = 1.0\n        if not")) != []


# --- seen on batches p to r (November 27, third session) ---------------------------------------


def test_a_function_picked_from_a_dict_by_a_static_key_runs_traced():
    assert codes("""
    import functools
    import jax
    import jax.numpy as jnp

    def _ebrahimi(x, m):
        cond = jnp.arange(x.shape[-1]) >= m
        return x.at[cond].set(0.0)

    def entropy(x, m=2, method="ebrahimi"):
        methods = {"ebrahimi": _ebrahimi, "auto": _ebrahimi}
        return methods[method](x, m)

    f = jax.jit(functools.partial(entropy, method="ebrahimi"))
    """) == ["TFX302"]


def test_isinstance_of_jax_array_is_true_for_a_tracer_and_guards_what_follows():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def is_lazy_array(x):
        return isinstance(x, jax.Array)

    @jax.jit
    def f(order):
        if order.ndim > 1 or (not is_lazy_array(order) and jnp.any(order <= 0)):
            raise ValueError("bad order")
        return order * 2
    """) == []


def test_a_mask_passed_through_asarray_and_returned_by_a_helper_is_still_a_mask():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def largest(a, xp):
        mask = a == xp.max(a, axis=-1, keepdims=True)
        return xp.asarray(mask)

    @jax.jit
    def f(a):
        i_max = largest(a, jnp)
        return a.at[i_max].set(-jnp.inf)
    """) == ["TFX302"]


def test_numpy_constants_of_a_class_and_what_init_stores_through_its_methods_are_host_arrays():
    assert codes("""
    import jax
    import numpy as np

    class Atmosphere:
        _HEIGHTS = np.array([0.0, 1000.0, 2000.0])

        def __init__(self, scale):
            self.reset(scale)

        def reset(self, scale):
            self._levels = scale * self._HEIGHTS
            self._names = ["low", "mid", "high"]

        def at(self, i):
            return self._levels[i] + self._HEIGHTS[i]

    atmosphere = Atmosphere(2.0)

    @jax.jit
    def f(i):
        return atmosphere.at(i)
    """) == ["TFX402", "TFX402"]


def test_a_jitted_method_of_a_module_level_object_reads_its_static_configuration():
    assert codes("""
    import dataclasses
    import jax
    import jax.numpy as jnp

    @dataclasses.dataclass
    class Config:
        sample_rate: int = 1000

        @property
        def dt(self):
            return 1.0 / self.sample_rate

    class Noise:
        def __init__(self, config):
            self.config = config

        def spectrum(self, length):
            frequencies = jnp.fft.fftfreq(length, self.config.dt)
            mask = frequencies > 0
            return jnp.ones(length).at[mask].set(0.0)

    noise = Noise(Config())
    f = jax.jit(noise.spectrum, static_argnums=0)
    """) == ["TFX302"]


@pytest.mark.parametrize("annotation", ["", ": Self", ": \"Solution\""])
def test_a_jitted_method_of_a_pytree_class_sees_its_leaves_traced(annotation):
    # jitkasi's `Solution.__matmul__`: `tree_flatten` names its children through a variable, and
    # `other: Self` is another object of the class; `float(...)` of their product leaks.
    assert codes(f"""
from dataclasses import dataclass
import jax.numpy as jnp
from jax import Array, jit
from jax.tree_util import register_pytree_node_class
from typing_extensions import Self


@register_pytree_node_class
@dataclass
class Solution:
    params: Array

    @jit
    def __matmul__(self, other{annotation}) -> float:
        return float(jnp.sum(self.params * other.params, axis=None))

    def tree_flatten(self):
        children = (self.params,)
        aux_data = None
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)
""") == ["TFX201"]


def test_a_function_an_object_holds_from_a_factory_is_traced_where_its_method_calls_it():
    # xaj's step controller: `__init__` stores the function a factory returns (`scale =
    # Scale(...)`, then `self.scale = scale`); the jitted method calls it with traced errors.
    assert codes("""
    import jax
    import jax.numpy as jnp

    def Scale(safe=0.9):
        def scale(r, R):
            if R == 0.0:
                return 10.0
            return safe * R ** -0.2
        return scale

    class Pace:
        def __init__(self, h):
            scale = Scale()
            self.scale = scale
            self.h = h

        def __call__(self, err):
            return self.h * self.scale(0.1, err)

    @jax.jit
    def f(h, err):
        return Pace(h)(err)
    """) == ["TFX101"]


def test_a_function_an_object_holds_from_a_factory_with_static_arguments_stays_silent():
    assert codes("""
    import jax
    import jax.numpy as jnp

    def Scale(safe=0.9):
        def scale(order):
            if order > 3:
                return safe
            return 1.0
        return scale

    class Pace:
        def __init__(self, h):
            self.scale = Scale()
            self.h = h

        def __call__(self):
            return self.h * self.scale(5)

    @jax.jit
    def f(h):
        return Pace(h)()
    """) == []


def test_a_property_of_an_annotated_pytree_parameter_reads_its_static_shape():
    # BARK's sampler step: `m = bark_model.num_trees`, a property returning a shape, on a model
    # whose origin (a scan's carry) the analysis lost; the annotation names the NamedTuple.
    assert codes("""
    from typing import NamedTuple
    import jax
    import jax.numpy as jnp

    class Model(NamedTuple):
        threshold: jax.Array
        noise: jax.Array

        @property
        def num_trees(self):
            return self.threshold.shape[0]

    def step(model: Model, key):
        m = model.num_trees
        keys = jax.random.split(key, num=m)
        return jnp.arange(m) * model.noise, keys

    def body(carry, _):
        model, key = carry
        out, keys = step(model, key)
        return (model, keys[0]), out

    @jax.jit
    def f(model, key):
        return jax.lax.scan(body, (model, key), None, length=3)
    """) == []


def test_a_parameter_named_as_a_boolean_that_indexes_an_array_is_a_mask():
    assert codes("""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(displacement, is_surface_atom):
        surface = displacement[is_surface_atom, 0]
        return jnp.max(surface)
    """) == ["TFX301"]


def test_a_base_class_method_calling_an_override_runs_the_subclass_method():
    # safe-autonomy's dynamics: `step` and `_step` live in base classes; `_step` calls
    # `self._compute_state_dot`, which only the subclass of the module-level object defines,
    # and which calls `np.cos` on the traced heading.
    assert codes("""
    import jax
    import jax.numpy as jnp
    import numpy as np

    class Dynamics:
        def step(self, state):
            return self._step(state)

        def _step(self, state):
            return state + self._compute_state_dot(state)

        def _compute_state_dot(self, state):
            raise NotImplementedError

    class Rotation(Dynamics):
        def _compute_state_dot(self, state):
            return jnp.array([np.cos(state[0]), np.sin(state[0])])

    dynamics = Rotation()

    @jax.jit
    def f(state):
        return dynamics.step(state)
    """) == ["TFX401", "TFX401"]


@pytest.mark.parametrize("method, expected", [("euler", []), ("rk45", ["TFX401"])])
def test_a_string_setting_stored_by_a_base_init_decides_which_branch_runs(method, expected):
    # safe-autonomy's dynamics: `integration_method` reaches the object through
    # `super().__init__(integration_method=...)`; the SciPy branch only runs for "rk45".
    assert codes(f"""
    import jax
    import jax.numpy as jnp
    import scipy.integrate

    class ODEDynamics:
        def __init__(self, integration_method="rk45"):
            self.integration_method = integration_method

        def step(self, state):
            if self.integration_method == "rk45":
                return scipy.integrate.solve_ivp(lambda t, y: -y, (0, 1), state).y[:, -1]
            return state - 0.1 * state

    class Decay(ODEDynamics):
        def __init__(self, integration_method="rk45", rate=0.1):
            super().__init__(integration_method=integration_method)
            self.rate = rate

    dynamics = Decay(integration_method="{method}")

    @jax.jit
    def f(state):
        return dynamics.step(state)
    """) == expected


_BACKEND = """
import jax
import jax.numpy as jnp
from jax.core import Tracer


class Backend:
    def is_available(self, tensor):
        return not isinstance(tensor, Tracer)

    def loop_until(self, loop, values):
        if {test}:
            while jnp.any(values[0]):
                values = loop(*values)
            return values
        return jax.lax.while_loop(lambda v: jnp.any(v[0]), lambda v: loop(*v), values)


BACKEND = Backend()


@jax.jit
def f(x):
    return BACKEND.loop_until(lambda a, b: (a - 1, b + 1), (x, x))
"""


@pytest.mark.parametrize("test", ["all(self.is_available(t) for t in values)",
                                  "not any(isinstance(t, Tracer) for t in values)",
                                  "all([self.is_available(v) for v in values])"])
def test_a_python_loop_run_only_when_every_value_is_concrete_is_left_alone(test):
    # PhiFlow's backend `while_loop`: a Python `while` where no value is a tracer, `lax` otherwise.
    assert codes(_BACKEND.format(test=test)) == []


@pytest.mark.parametrize("test", ["any(self.is_available(t) for t in values)",
                                  "all(isinstance(t, Tracer) for t in values)"])
def test_a_test_on_some_values_only_does_not_guard_the_python_loop(test):
    # One concrete value (or every value traced) says nothing about the loop's own test.
    assert codes(_BACKEND.format(test=test)) == ["TFX102"]


def test_an_object_a_jitted_function_returns_runs_its_methods_traced():
    # CBOED's `quasi_optimality` is jitted and returns a registered dataclass: called inside another
    # jitted function, its fields are tracers and its property converts one with `float()`.
    code = """
        from dataclasses import dataclass
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_dataclass
        @dataclass(frozen=True)
        class Spectrum:
            alpha: jax.Array

            @property
            def total(self):
                return float(jnp.sum(self.alpha))

        @jax.jit
        def spectrum(a):
            return Spectrum(alpha=jnp.linalg.eigvalsh(a))

        @jax.jit
        def report(a):
            return spectrum(a).total
        """
    assert codes(code) == ["TFX201"]
    eager = code.replace("@jax.jit\n        def report", "def report")
    assert codes(eager) == []


def test_jnp_on_python_values_under_ensure_compile_time_eval_is_concrete():
    code = """
        from functools import partial
        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnums=0)
        def levels(n, x):
            with jax.ensure_compile_time_eval():
                edges = jnp.arange(n) * 2
                first = jnp.argmax(edges > 3)
                if first == 0:
                    first = 1
            if x.sum() > 0:
                x = -x
            return x[:first], edges
        """
    assert codes(code) == ["TFX101"]  # only the test of the traced `x`
    staged = code.replace("with jax.ensure_compile_time_eval():", "if True:")
    assert "TFX101" in codes(staged) and len(codes(staged)) > 1


def test_static_argnums_of_a_class_method_looked_up_on_its_class_count_after_cls():
    code = """
        import jax
        import jax.numpy as jnp

        class Grid:
            def __init__(self, z):
                self.z = z

            @classmethod
            def make(cls, depth, scale):
                if depth > 100.0:
                    depth = 100.0
                return cls(jnp.arange(10) * depth * scale)

        f = jax.jit(Grid.make, static_argnums=0)
        """
    assert codes(code) == []
    assert codes(code.replace("static_argnums=0", "static_argnums=1")) == ["TFX101"]


def test_code_under_a_jitted_flag_that_defaults_to_false_runs_only_eagerly():
    # A hypergeometric function's `debug_mode=False` swaps in Python loops: left out, the flag is
    # False; passed to the jitted function, it is a tracer that `if debug_mode:` rejects. Either
    # way the Python loop never runs traced.
    code = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x, debug_mode=False):
            def cond_fun(v):
                return jnp.all(v > 1)

            if debug_mode:
                def loop(cond, body, init):
                    val = init
                    while cond(val):
                        val = body(val)
                    return val
            else:
                loop = jax.lax.while_loop
            return loop(cond_fun, lambda v: v / 2, x)
        """
    assert codes(code) == []
    # With the default True the Python loop is the one that runs under the trace.
    assert codes(code.replace("debug_mode=False", "debug_mode=True")) == ["TFX102"]


def test_a_method_jitted_through_its_class_is_traced_and_device_get_gives_the_tracer_back():
    # tunax's `Case.set_lat`: `jax.jit(Case.set_lat)` takes the instance as its first argument
    # and traces the latitude; `device_get` of a tracer is the tracer, `float()` of it leaks.
    code = """
        import jax
        import jax.numpy as jnp
        from jax import device_get

        class Case:
            def __init__(self, fcor=0.0):
                self.fcor = fcor

            def set_lat(self, lat: float):
                return Case(float(device_get(2.0 * jnp.sin(lat))))

        f = jax.jit(Case.set_lat)
        """
    assert codes(code) == ["TFX201"]


def test_a_method_jitted_on_an_object_made_by_new_is_traced():
    code = """
        import jax
        import jax.numpy as jnp

        class Trader:
            def phase(self, prices):
                if prices[-1] > prices[-2]:
                    return 1
                return 0

        _trader = Trader.__new__(Trader)
        f = jax.jit(_trader.phase)
        """
    assert codes(code) == ["TFX101"]
    # The same object made by `object.__new__` (an event-generator tuner's objective).
    assert codes(code.replace("Trader.__new__(Trader)", "object.__new__(Trader)")) == ["TFX101"]


def test_device_get_behind_numpyros_concreteness_test_is_eager_only():
    # numpyro's `_find_valid_params`: `if not_jax_tracer(is_valid): if device_get(is_valid):`, the
    # helper imported from `numpyro.util`, runs the host transfer only for concrete values.
    code = """
        import jax
        import jax.numpy as jnp
        from jax import device_get
        from numpyro.util import not_jax_tracer

        @jax.jit
        def f(x):
            is_valid = jnp.isfinite(x).all()
            if not_jax_tracer(is_valid):
                if device_get(is_valid):
                    return x
            return -x
        """
    assert codes(code) == []
    assert codes(code.replace("if not_jax_tracer(is_valid):", "if True:")) == ["TFX101"]


def test_a_function_numpys_apply_along_axis_maps_is_traced_through_a_fallback_alias():
    # xr_fresh: a C++ run-length counter when it imports, the Python loop otherwise.
    assert codes("""
    import jax
    import jax.numpy as jnp

    def count_run(values):
        run = 0
        for value in values:
            if value:
                run += 1
        return run

    try:
        from fast_rle import longest_true_run
    except ImportError:
        longest_true_run = count_run

    @jax.jit
    def longest(x):
        return jnp.apply_along_axis(longest_true_run, 0, x > 0)
    """) == ["TFX108"]


def test_each_function_a_factory_returns_in_a_tuple_is_the_one_jitted():
    # glp's neighbour list: `allocate, update = quadratic_neighbor_list(...)`, `jax.jit(allocate)`.
    assert codes("""
    import jax
    import jax.numpy as jnp

    def neighbor_list(cutoff):
        def allocate(positions):
            hits = jnp.sum(positions < cutoff)
            return int(hits.item())
        def update(positions, size):
            return positions[:size]
        return allocate, update

    allocate, update = neighbor_list(1.5)
    f = jax.jit(allocate)
    """) == ["TFX201", "TFX201"]


def test_a_method_of_an_object_made_in_the_jit_call_is_traced():
    assert codes("""
    import jax
    import numpy as np

    class Feature:
        def __init__(self, mean=None):
            self.mean = mean

        def calculate(self, array):
            if self.mean is None:
                return np.sort(array < array.mean())
            return array < self.mean

    f = jax.jit(Feature().calculate)
    """) == ["TFX401"]


def test_a_list_a_factory_closes_over_is_indexed_by_a_traced_position():
    # trax's piecewise-constant schedule: `values[pos]` with `pos` from a traced search.
    assert codes("""
    import jax
    import numpy as onp

    def piecewise_constant(boundaries, values):
        def learning_rate(step):
            pos = onp.searchsorted(boundaries, step)
            return values[pos]
        return learning_rate

    schedule = piecewise_constant([1000, 3000], [1.0, 0.5, 0.1])
    f = jax.jit(schedule)
    """) == ["TFX401", "TFX402"]


def test_a_static_selection_of_a_numpy_array_is_a_numpy_array_a_tracer_cannot_index():
    code = """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def f(d):
            widths = np.arange(5) * 0.5
            widths = widths[widths <= 1.0]
            duties = widths[1:] / 2.0
            i = jnp.argmin(jnp.abs(duties - d))
            return duties[i]
        """
    assert codes(code) == ["TFX402"]
