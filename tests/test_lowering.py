"""The general lowering of traced control flow (tracerfix/lowering): liveness, refusals that name
the construct, one finding per leak, and a second run that changes nothing."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tracerfix.engine import Settings, fix, lint
from tracerfix.lowering.ir import Builder
from tracerfix.lowering.liveness import Liveness
from tracerfix.registry import all_rules
from tracerfix.rule import Safety


def _source(code: str) -> str:
    return textwrap.dedent(code).lstrip("\n")


def _lint(code: str):
    return lint(_source(code), Settings(rules=all_rules(), unsafe_fixes=True)).findings


def _fix(code: str) -> str:
    return fix(_source(code), Settings(rules=all_rules(), unsafe_fixes=True)).source


def _body(code: str):
    module = cst.parse_module(_source(code))
    function = module.body[0]
    builder = Builder(module, "    ", 1)
    return [s for statement in function.body.body for s in builder.statement(statement, 1)]


def test_liveness_follows_loops_jumps_and_containers():
    body = _body(
        """
        def f(x, d):
            total = 0
            unused = x * 2
            for c in x:
                if c < 0:
                    continue
                total = total + c
                d["k"] = total
            return total
        """
    )
    liveness = Liveness()
    live_in = liveness.block(body, set())
    assert live_in == {"x", "d"}
    loop = body[2]
    # `unused` is dead after its statement; the loop hands on `total` and the dict it changes.
    assert "unused" not in liveness.after[id(body[1])]
    assert {"total", "d"} <= liveness.before[id(loop)]
    assert liveness.after[id(loop)] == {"total"}


ONE_LEAK_EACH = """
import jax
import jax.numpy as jnp


@jax.jit
def positives(x):
    out = []
    for i in range(x.shape[0]):
        if x[i] > 0:
            out.append(x[i])
    return jnp.stack(out)


@jax.jit
def noisy(x):
    while x.sum() > 1:
        x = x / 2
        if x.max() > 3:
            print("big")
            x = x - 1
    return x
"""


def test_a_loop_and_the_if_inside_it_are_one_finding():
    """Issue 16, item 6: the loop rule reports the loop (with its fix, or why there is none); the
    `if` inside it is the same leak and is not reported again by TFX101."""
    findings = _lint(ONE_LEAK_EACH)
    assert [(f.code, f.line) for f in findings] == [("TFX108", 8), ("TFX102", 16)], [f.message for f in findings]
    positives, noisy = findings
    assert positives.fix is None and "`out` changes length" in positives.message
    assert noisy.fix is not None and "print" in noisy.fix.safety_note


@pytest.mark.parametrize(
    "code, reason",
    [
        (
            """
            import jax

            @jax.jit
            def f(x):
                try:
                    while x.sum() > 1:
                        x = x / 2
                except ValueError:
                    pass
                return x
            """,
            "`try`",
        ),
        (
            """
            import jax

            @jax.jit
            def f(x):
                for i in range(3):
                    while x.sum() > 1:
                        x = x / 2
                    else:
                        break
                return x
            """,
            "`while ... else` whose `else` has a `break`",
        ),
        (
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def f(x):
                while x.sum() < 10:
                    x = jnp.concatenate([x, x])
                return x
            """,
            "changes shape",
        ),
        (
            """
            import jax

            @jax.jit
            def f(x):
                if x.sum() > 0:
                    y = x * 2
                    z = y + 1
                    y = z * y
                return y
            """,
            "`y` is first bound in one branch only",
        ),
        (
            """
            import jax
            import jax.numpy as jnp

            @jax.vmap
            def f(x):
                for i in range(len(x)):
                    if x[i] < 0:
                        x = x.at[i].set(0.0)
                    while jnp.mean(x) == 0:
                        low = x[i] * 2
                return x.sum()
            """,
            "`while jnp.mean(x) == 0:` changes nothing",  # found by test_properties: it crashed
        ),
        (
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def f(x):
                s = jnp.sum(x)
                if not jnp.allclose(s, 1.0):
                    raise ValueError(f"bad sum {jnp.min(s):.3f}")
                return x
            """,
            "its message computes values",  # the check was deleted as a safe fix (optax dice_loss)
        ),
        (
            """
            import jax
            import jax.numpy as jnp

            def depth_sum(x, j):
                if j == 0:
                    return x.sum()
                return depth_sum(x * 0.5, j - 1) + 1.0

            @jax.jit
            def f(x, j):
                return depth_sum(x, j)
            """,
            # A naive NUTS's `_build_tree`: `lax.cond` traced the recursive branch without end.
            "`depth_sum` calls itself inside",
        ),
        (
            """
            import jax
            import jax.numpy as jnp

            def step(*args, lam):
                moved = [args[0] - lam, args[1] - lam]
                if jnp.sum(moved[0]) < 0:
                    return moved, lam
                return args, lam * 2

            @jax.jit
            def f(x, y, lam):
                return step(x, y, lam=lam)
            """,
            # An LM iteration returning `args_nu` (a list it appends to) or `*args` (a tuple):
            # the branches of `lax.switch` differed in pytree structure.
            "one `return` gives a list where another gives a tuple",
        ),
        (
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def solve(x, tol):
                while True:
                    x = x / 2
                    if jnp.abs(x).max() < tol:
                        message = "converged"
                        break
                return x, message
            """,
            # A status string chosen inside the loop (a Levenberg-Marquardt's `message`).
            "`message` is first bound inside the loop to `\"converged\"`, which is not an array",
        ),
        (
            """
            import jax

            @jax.jit
            def f(x, y):
                if x.sum() > 0:
                    y[0] = 1
                    z = y + 1
                else:
                    z = y - 1
                return z
            """,
            # A `lax.cond` branch receives the array as a tracer, which takes no item assignment.
            "`y[...] = ...` writes into the array `y` in place inside a traced branch",
        ),
    ],
)
def test_refusals_name_the_construct(code, reason):
    findings = _lint(code)
    refused = [f for f in findings if reason in f.message]
    assert refused and all(f.fix is None for f in refused), [f.message for f in findings]


LOWERED = [
    """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def first_crossing(x, limit):
        total = 0.0
        for i in range(x.shape[0]):
            total = total + x[i]
            if total > limit:
                return i
        return -1
    """,
    """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def settle(x, limit):
        while x.max() > limit:
            x = x * 0.5
            if x.min() < 0:
                break
            if x.sum() < 1:
                break
        return x
    """,
    """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def bump(x):
        d = {"a": x, "b": x * 2}
        if x.sum() > 0:
            d["a"] = d["a"] + 1
            d["b"] = d["a"] * 3
        return d["a"] + d["b"]
    """,
]


@pytest.mark.parametrize("code", LOWERED)
def test_lowered_code_reads_as_written_by_hand_and_is_stable(code):
    once = _fix(code)
    assert once != _source(code)
    assert "lax." in once and "ag__" not in once
    assert not _lint(once), "the rewrite still leaks"
    assert _fix(once) == once, "a second run changed the rewrite"
    for line in once.splitlines():
        assert line == line.rstrip(), f"trailing whitespace: {line!r}"


def test_check_and_rewrite_of_lowered_code_do_not_import_jax(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "flow.py"
    path.write_text(_source(LOWERED[0]))
    script = (
        "import sys\n"
        "from tracerfix.cli import main\n"
        "try:\n"
        f"    main(['rewrite', '--unsafe-fixes', {str(path)!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
        "assert 'jax' not in sys.modules, 'rewrite imported jax'\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "lax.while_loop" in path.read_text()


def test_identity_tests_are_read_from_the_code_not_from_strings_or_comments():
    # "is x" in a message is no `x is ...` test: the `if` on `y` is rewritten.
    fixed = _fix(
        """
        import jax

        @jax.jit
        def f(x, y):
            message = "the solution is x = 0"  # x is reset below when y is positive
            if y > 0:
                x = x * 0
            return x, message
        """
    )
    assert "if y > 0" not in fixed and "jnp.where(y > 0" in fixed
    refused = _lint(
        """
        import jax

        @jax.jit
        def f(x, y, done):
            if y > 0:
                done = True
            if done is True:
                x = x + 1
            return x
        """
    )
    assert any("tested by identity" in finding.message for finding in refused)


def test_a_predicate_made_with_a_shape_of_ones_is_squeezed_for_lax_cond():
    # `random.uniform(key, shape=(1,))` is a one-element array: Python's `if` takes it, `lax.cond`
    # wants a 0-d predicate (jax issue 575's sampler).
    fixed = _fix(
        """
        import jax
        import jax.numpy as jnp
        from jax import random

        @jax.jit
        def sweep(state, key, energy):
            for i in range(3):
                flipped = state.at[i].set(1 - state[i])
                key, subkey = random.split(key)
                rand = random.uniform(subkey, shape=(1,))
                if rand < jnp.exp(-energy[i]):
                    state = flipped
                else:
                    key, subkey = random.split(key)
            return state
        """
    )
    assert "lax.cond(" in fixed
    assert "squeeze(rand < jnp.exp(-energy[i]))" in fixed, fixed


def test_branch_values_that_keep_an_integer_dtype_are_made_floats_beside_float_branches():
    # lsmr's Givens rotation: with an integer `a`, `jnp.sign(a)` is an integer where the last
    # branch computes floats; `lax.switch` needs one dtype per value.
    source = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def sym_ortho(a, b):
            if b == 0:
                return jnp.sign(a), 0, jnp.abs(a)
            elif a == 0:
                return 0, jnp.sign(b), jnp.abs(b)
            elif jnp.abs(b) > jnp.abs(a):
                tau = a / b
                s = jnp.sign(b) / jnp.sqrt(1 + tau * tau)
                return s * tau, s, b / s
            else:
                tau = b / a
                c = jnp.sign(a) / jnp.sqrt(1 + tau * tau)
                return c, c * tau, a / c
        """
    fixed = _fix(source)
    assert "jnp.sign(a) * 1.0" in fixed, fixed
    jax = pytest.importorskip("jax")
    namespace: dict = {}
    exec(compile(fixed, "<fixed>", "exec"), namespace)
    original: dict = {}
    exec(compile(_source(source).replace("@jax.jit\n", ""), "<original>", "exec"), original)
    for a, b in [(3, 0), (0, 2.0), (1.0, 2.0), (2.0, 1.0), (-4, 0.0)]:
        expected = [float(v) for v in original["sym_ortho"](jax.numpy.asarray(a), jax.numpy.asarray(b))]
        got = [float(v) for v in namespace["sym_ortho"](a, b)]
        assert got == pytest.approx(expected, rel=1e-6), (a, b)


def test_a_hand_written_while_loop_helper_becomes_lax_while_loop_of_its_own_functions():
    """llama-2-jax's `while_loop(cond_fun, body_fun, init_val)`: no wrappers around the functions."""
    code = """
    import jax
    import jax.numpy as jnp

    def while_loop(cond_fun, body_fun, init_val):
        val = init_val
        while cond_fun(val):
            val = body_fun(val)
        return val

    @jax.jit
    def f(x):
        return while_loop(lambda v: jnp.sum(v) < 100.0, lambda v: v * 2.0, x)
    """
    fixed = _fix(code)
    assert "    val = lax.while_loop(cond_fun, body_fun, val)\n" in fixed, fixed
    assert "def keep_updating" not in fixed and _fix(fixed) == fixed


def test_a_helper_defined_under_a_comment_inside_a_lowered_branch_keeps_its_shape():
    """linox's LSMR: `# Iteration state` above `def lsmr_step(...)` in the code an early return
    skips; the comment stays a comment above the def, not part of its text."""
    code = """
    import jax
    import jax.numpy as jnp
    from jax import lax

    @jax.jit
    def solve(b):
        beta = jnp.linalg.norm(b)
        if beta == 0:
            return b
        u = b / beta

        # Iteration state
        def step(carry, _):
            return carry * 0.5, None

        u, _ = lax.scan(step, u, None, length=3)
        return u
    """
    fixed = _fix(code)
    assert "    # Iteration state\n        def step(carry, _):\n" in fixed or "# Iteration state\n" in fixed, fixed
    compile(fixed, "<fixed>", "exec")
    assert _fix(fixed) == fixed and not _lint(fixed)


def _agree(source: str, original: str, function: str, arguments: str) -> None:
    """The rewrite under jax.jit agrees with the original run eagerly (real JAX, in a subprocess)."""
    import subprocess
    import sys

    program = textwrap.dedent(f"""
        import jax, numpy as np
        namespace_before, namespace_after = {{}}, {{}}
        exec(compile({original!r}, "original", "exec"), namespace_before)
        exec(compile({source!r}, "rewrite", "exec"), namespace_after)
        arguments = {arguments}
        with jax.disable_jit():
            expected = namespace_before[{function!r}](*arguments)
        actual = namespace_after[{function!r}](*arguments)
        for e, a in zip(jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(actual)):
            np.testing.assert_allclose(np.asarray(e), np.asarray(a), rtol=1e-5)
    """)
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_a_return_inside_a_loop_that_reads_the_index_starts_from_the_first_index():
    # A conjugate gradient that returns `x, k` on convergence (bogdantoader/simplecryoem).
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def solve(A, b, x):
            r = b - A @ x
            p = r
            for k in range(8):
                rr = jnp.sum(r * r)
                Ap = A @ p
                alpha = rr / jnp.sum(p * Ap)
                x = x + alpha * p
                r = r - alpha * Ap
                if jnp.linalg.norm(r) < 1e-4:
                    return x, k
                p = r + jnp.sum(r * r) / rr * p
            return x, k
        """
    )
    fixed = _fix(original)
    assert "lax.while_loop(" in fixed and "k = 0" in fixed
    _agree(fixed, original, "solve", "(np.array([[4., 1.], [1., 3.]], np.float32), np.array([1., 2.], np.float32), "
                                     "np.zeros(2, np.float32))")


def test_a_value_returned_from_names_bound_just_before_takes_their_values_as_placeholder():
    # A line-search bracket that returns two names it has just computed (quant-sci/optymus).
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def bracket(x0, d):
            alpha = jnp.asarray(0.0)
            while True:
                alpha = alpha + 0.05
                if jnp.sum((x0 + alpha * d - 1.0) ** 2) > jnp.sum((x0 + (alpha - 1e-3) * d - 1.0) ** 2):
                    lower = alpha - 0.05
                    upper = alpha
                    return lower, upper
        """
    )
    fixed = _fix(original)
    assert "result = (alpha - 0.05), alpha" in fixed, fixed
    _agree(fixed, original, "bracket", "(np.zeros(2, np.float32), np.ones(2, np.float32))")


def test_a_name_first_bound_deep_inside_a_loop_starts_as_zeros_of_its_shape():
    # A damped Newton whose `loss` is first bound by the step inside an inner `for` and returned
    # after the outer `while` with the inner index (a trust-region Newton-CG prints both): no
    # statement before the loops computes them, so `loss` starts as zeros of the shape
    # `jax.eval_shape` finds and the index as the first of its range.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        def step(p, lr):
            g = 2 * (p - 3.0)
            p = p - lr * g
            return p, jnp.sum((p - 3.0) ** 2), g

        @jax.jit
        def optimise(p, lr):
            converged = False
            rounds = 0
            while not converged and rounds < 4:
                for it in range(5):
                    p, loss, g = step(p, lr)
                    if jnp.linalg.norm(g) < 1e-2:
                        converged = True
                        break
                lr = lr * 0.5
                rounds += 1
            return p, loss, converged, it
        """
    )
    fixed = _fix(original)
    assert "_, loss, _ = jax.tree.map(" in fixed and "jax.eval_shape(lambda: step(p, lr))" in fixed, fixed
    assert "    it = 0\n" in fixed, fixed  # the inner loop's index, read after both loops
    assert fixed.count("jax.eval_shape(") == 1 or fixed.count("jax.eval_shape(lambda: jax.") == 0, fixed
    for arguments in ("(np.array([0.0, 1.0], np.float32), np.float32(0.4))",
                      "(np.array([2.9, 3.1], np.float32), np.float32(1.0))",
                      "(np.array([-5.0, 9.0], np.float32), np.float32(0.01))"):
        _agree(fixed, original, "optimise", arguments)


def test_a_name_first_bound_from_the_loop_element_starts_as_zeros_of_its_shape_at_the_first_element():
    # An iLQR's check of its initial controls: `x, u, cost` are first bound from the loop's
    # element `alpha` (xfads iLQR); `jax.eval_shape` takes the first element as its argument.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        def rollout(x0, u):
            x = jnp.cumsum(u, axis=0) + x0
            return x, u, jnp.sum(x ** 2, axis=-1)

        @jax.jit
        def initial(x0, u, alphas):
            for alpha in alphas:
                x, u, cost = rollout(x0, alpha * u)
                if jnp.all(jnp.abs(x) < 4.0):
                    break
            return x, u, cost
        """
    )
    fixed = _fix(original)
    assert "jax.eval_shape(lambda alpha: rollout(x0, alpha * u), alphas[0])" in fixed, fixed
    for arguments in ("(np.float32(0.5), np.ones((3, 2), np.float32), np.array([1.0, 0.5, 0.1], np.float32))",
                      "(np.float32(9.0), np.ones((3, 2), np.float32), np.array([1.0, 0.5], np.float32))"):
        _agree(fixed, original, "initial", arguments)


def test_a_loop_else_that_raises_after_a_lowered_loop_is_kept_as_a_check_at_run_time():
    # `for ... else: raise` was dropped as dead code once the loop was lowered: nothing it
    # computes is read afterwards, but the `raise` is what it is for.
    original = _source(
        """
        import jax

        @jax.jit
        def grow(xs, y):
            for a in xs:
                y = y * a
                if y > 10:
                    break
            else:
                raise RuntimeError("never big")
            return y
        """
    )
    findings = _lint(original)
    assert findings and all(f.fix is None or f.fix.safety != Safety.SAFE for f in findings), findings
    fixed = _fix(original)
    assert 'raise RuntimeError("never big")' in fixed and "jax.debug.callback(raise_if, ~stop)" in fixed, fixed
    _agree(fixed, original, "grow", "(np.array([2.0, 3.0, 4.0], np.float32), np.float32(1.0))")


def test_a_python_loop_kept_for_its_break_does_not_carry_names_its_body_binds_first():
    # A proximal gradient descent with a backtracking `while True` inside a loop over a Python
    # collection (a progress bar): the loop stays Python, and `new_params`, first bound inside it,
    # was passed to the guard's `lax.cond` before the first iteration had bound it.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def descend(params):
            curr = jnp.inf
            for step in (1.0, 0.5, 0.25, 0.125):
                while True:
                    new_params = params - step * 2 * (params - 1.0)
                    new_obj = jnp.sum((new_params - 1.0) ** 2)
                    if new_obj > jnp.sum((params - 1.0) ** 2):
                        step = step * 0.5
                    else:
                        break
                params = new_params
                if abs(new_obj - curr) < 1e-6:
                    break
                curr = new_obj
            return params
        """
    )
    fixed = _fix(original)
    assert "for step in (1.0, 0.5, 0.25, 0.125):" in fixed and "lax.while_loop(" in fixed, fixed
    for arguments in ("(np.array([0.0, 3.0], np.float32),)", "(np.array([1.0, 1.0], np.float32),)",
                      "(np.array([-2.0, 0.5], np.float32),)"):
        _agree(fixed, original, "descend", arguments)


def test_a_test_the_function_squeezes_elsewhere_is_squeezed_in_a_loop_body():
    # A bisection whose `_cdf(mid)` is a shape-(1,) array: the `while` test squeezes it, and the
    # `if` inside must too, or `jnp.where` gives the bounds its shape (poloincognito/ot_ssn).
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def invert(x, weights):
            def _cdf(v):
                return jnp.dot(weights[jnp.newaxis, :], jax.nn.sigmoid(v - jnp.arange(3.0)))
            low, high = -10.0, 10.0
            mid = (low + high) / 2
            while jnp.abs(_cdf(mid) - x).squeeze() > 1e-4:
                if _cdf(mid) < x:
                    low = mid
                else:
                    high = mid
                mid = (low + high) / 2
            return mid
        """
    )
    fixed = _fix(original)
    assert "jnp.where(jnp.squeeze(_cdf(mid) < x), mid, low)" in fixed, fixed
    _agree(fixed, original, "invert", "(np.float32(0.4), np.array([0.2, 0.3, 0.5], np.float32))")


def test_a_statement_over_several_lines_keeps_its_shape_inside_a_lowered_loop():
    # LibCST writes continuation lines relative to their statement: a call's arguments stay one
    # level in and its closing bracket under the statement, at any depth of the new code.
    fixed = _fix(
        """
        import jax
        import jax.numpy as jnp

        class Solver:
            def run(self, x, tol):
                done = False
                while not done:
                    x = jnp.where(
                        x > 1.0,
                        x / 2,
                        x,
                    )
                    if jnp.max(x) <= 1.0:
                        done = True
                return x

        @jax.jit
        def f(x, tol):
            return Solver().run(x, tol)
        """
    )
    assert "\n            x = jnp.where(\n                x > 1.0,\n" in fixed, fixed
    assert "\n                x,\n            )\n" in fixed, fixed


def test_a_sentinel_that_is_none_on_some_paths_is_refused_not_carried():
    # A 2048 merge (davidnge/MV-2048): `prev = None` marks "no tile yet"; carried through
    # `lax.fori_loop` or selected by `jnp.where` it broke the program ("None is not a valid value").
    code = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def merge(col):
            out = jnp.zeros(4)
            j = 0
            prev = None
            for i in range(col.size):
                if col[i] != 0:
                    if prev == None:
                        prev = col[i]
                    else:
                        out = out.at[j].set(prev)
                        prev = None
                        j += 1
            if prev != None:
                out = out.at[j].set(prev)
            return out
        """
    assert _fix(code) == _source(code)
    assert any("is None on some paths" in f.message for f in _lint(code))


def test_a_fix_whose_lax_form_would_leak_again_is_withdrawn_for_the_ifs_alone():
    # Game of Life (bernal9913/SimulacionesFinales): lowering `for j in range(N)` to a fori_loop made
    # `j` traced, and `grid[i-1:i+2, j-1:j+2]` needs it concrete.
    code = """
        import jax
        import jax.numpy as jnp

        N = 5

        @jax.jit
        def life(grid):
            new = jnp.zeros_like(grid)
            for i in range(N):
                for j in range(N):
                    alive = jnp.sum(grid[i-1:i+2, j-1:j+2]) - grid[i, j]
                    if grid[i, j] == 1 and alive == 2:
                        new = new.at[i, j].set(1)
            return new
        """
    # The loop's fix is withdrawn and its `if` is lowered alone, inside the Python loops.
    rewritten = _fix(code)
    assert "fori_loop" not in rewritten and "for j in range(N):" in rewritten, rewritten
    assert "if grid[i, j] == 1" not in rewritten
    _agree(rewritten, _source(code), "life", "(np.eye(5, dtype=np.float32) + np.eye(5, k=1, dtype=np.float32),)")


def test_an_integer_start_that_a_branch_makes_a_float_enters_lax_as_a_float():
    # A LIF neuron (bgalbraith/pycone): `t_rest = 0` becomes `t + tau_ref`; `lax.cond` needs one dtype.
    code = _source("""
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def lif(current, tau_ref):
            time = np.arange(0, 2.0, 0.125)
            t_rest = 0
            v = jnp.zeros(len(time))
            for i, t in enumerate(time):
                if t > t_rest:
                    v = v.at[i].set(v[i - 1] + (-v[i - 1] + current) * 0.125)
                    if v[i] >= 1:
                        v = v.at[i].add(0.5)
                        t_rest = t + tau_ref
            return v
        """)
    rewritten = _fix(code)
    assert "t_rest * 1.0" in rewritten, rewritten
    _agree(rewritten, code, "lif", "(np.float32(3.0), np.float32(0.3))")


def test_attributes_a_branch_sets_are_carried_as_local_names():
    # An accumulator object built inside the jitted function: `self.total = ...` in a branch
    # that needs `lax.cond` is carried as `self_total` and set on the object after it.
    code = _source("""
        import jax
        import jax.numpy as jnp

        class Acc:
            def __init__(self):
                self.count = 0
                self.total = jnp.zeros(())

            def add(self, x):
                if x.sum() > 0:
                    for i in range(3):
                        x = x * 0.5
                    self.total = self.total + x.sum()
                    self.count = self.count + 1
                return self.total, self.count

        @jax.jit
        def f(x):
            a = Acc()
            return a.add(x)
        """)
    rewritten = _fix(code)
    assert "self_total = self.total" in rewritten and "self.total = self_total" in rewritten, rewritten
    _agree(rewritten, code, "f", "(np.ones(3, np.float32),)")
    _agree(rewritten, code, "f", "(-np.ones(3, np.float32),)")


def test_a_method_that_returns_early_after_setting_an_attribute_carries_no_result():
    # A quasi-Newton update that resets its matrix and returns early when the curvature is not
    # positive: every path returns None, so the bare `return` only ends its branch.
    code = _source("""
        import jax
        import jax.numpy as jnp

        class Solver:
            def __init__(self, n):
                self.H = jnp.eye(n)

            def update(self, s, y):
                a = s @ y
                if a < 1e-14:
                    self.H = jnp.eye(s.shape[0])
                    return
                B = jnp.outer(self.H @ y, s)
                self.H = self.H + (a + y @ self.H @ y) * jnp.outer(s, s) / a**2 - (B + B.T) / a

        @jax.jit
        def f(s, y):
            solver = Solver(s.shape[0])
            solver.H = solver.H * 2.0
            solver.update(s, y)
            return solver.H
        """)
    rewritten = _fix(code)
    assert "lax.cond(" in rewritten and "result" not in rewritten, rewritten
    _agree(rewritten, code, "f", "(np.array([1.0, 0.5], np.float32), np.array([0.3, 0.2], np.float32))")
    _agree(rewritten, code, "f", "(np.array([1.0, 0.5], np.float32), np.array([-0.3, 0.2], np.float32))")


def test_an_object_used_whole_in_the_branch_keeps_its_attribute_refused():
    code = """
        import jax
        import jax.numpy as jnp

        class Acc:
            def __init__(self):
                self.total = jnp.zeros(())

            def bump(self):
                return self.total + 1

            def add(self, x):
                if x.sum() > 0:
                    for i in range(3):
                        x = x * 0.5
                    self.total = self.bump() + x.sum()
                return self.total

        @jax.jit
        def f(x):
            return Acc().add(x)
        """
    assert _fix(code) == _source(code)
    assert any("is used whole" in f.message for f in _lint(code))


def test_attributes_set_in_a_branch_that_returns_are_carried_to_the_one_return():
    # bsuite's Catch: the branch that ends the episode sets two attributes and returns; the rest
    # of the method returns another step. Both returns give `result`, the attributes are stored
    # back where the branches meet, and `self._observe()`, which reads neither of them, is
    # called in both branches as before.
    code = _source("""
        import jax
        import jax.numpy as jnp

        class Catch:
            def __init__(self, ball, paddle):
                self._ball = ball
                self._paddle = paddle
                self._done = False
                self._regret = 0.0

            def _observe(self):
                return jnp.stack([self._ball, self._paddle])

            def step(self):
                self._ball += 1
                if self._ball == self._paddle:
                    reward = 1.0
                    self._done = True
                    self._regret += 1.0 - reward
                    return reward, self._observe()
                return 0.0, self._observe()

        @jax.jit
        def f(ball, paddle):
            env = Catch(ball, paddle)
            step = env.step()
            return step, env._done, env._regret
        """)
    rewritten = _fix(code)
    assert "self._done = self__done" in rewritten or "self._done = self_done" in rewritten, rewritten
    assert "        return result\n" in rewritten, rewritten
    _agree(rewritten, code, "f", "(np.int32(2), np.int32(3))")
    _agree(rewritten, code, "f", "(np.int32(5), np.int32(3))")


def test_a_method_that_reads_a_carried_attribute_keeps_the_branch_refused():
    code = """
        import jax
        import jax.numpy as jnp

        class Catch:
            def __init__(self, ball):
                self._ball = ball
                self._done = False

            def _observe(self):
                return jnp.stack([self._ball, self._done])

            def step(self):
                if self._ball > 3:
                    self._done = True
                    return self._observe()
                return self._observe()

        @jax.jit
        def f(ball):
            return Catch(ball).step()
        """
    assert _fix(code) == _source(code)
    assert any("is used whole" in f.message for f in _lint(code))


def test_array_math_through_a_handed_in_array_module_is_traced():
    # The sampler is given its array module (`self.np`, NumPy or jax.numpy): `self.np.sum` of a
    # traced momentum is traced, and so is the acceptance test on it.
    findings = _lint("""
        import jax
        import jax.numpy as jnp

        class Sampler:
            def __init__(self, np, h):
                self.np = np
                self.h = h

            def accept(self, p, u):
                energy = -self.np.sum(p * p * self.h) / 2
                if u < energy:
                    return p
                return -p

        @jax.jit
        def f(p, u, h):
            return Sampler(jnp, h).accept(p, u)
        """)
    assert [f.code for f in findings] == ["TFX101"], findings


def test_a_name_that_is_always_none_is_a_static_value_not_a_sentinel():
    # gymnax #86: `env_params = None` is passed along unchanged; the `if done:` still lowers.
    code = """
        import jax
        import jax.numpy as jnp

        def reset(key, params):
            return jnp.zeros(3) if params is None else params

        @jax.jit
        def f(key, obs, done):
            env_params = None
            if done:
                obs = reset(key, env_params) + jnp.sin(obs)
            else:
                obs = obs * 2
            return obs
        """
    assert "lax.cond" in _fix(code) or "jnp.where" in _fix(code)


def test_a_carried_value_that_starts_as_an_argument_and_becomes_a_float_enters_as_a_float():
    # Implied volatility by Newton steps: `old_vol = sig`; called with an integer `sig`, the loop's
    # carry was int32 in and float32 out.
    code = _source("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def implied(price, sig, tol=1e-5):
            old_vol = sig
            for i in range(50):
                new_vol = old_vol - (old_vol * old_vol - price) / (2.0 * old_vol)
                if abs(old_vol - new_vol) < tol:
                    break
                old_vol = new_vol
            return new_vol
        """)
    rewritten = _fix(code)
    assert "old_vol * 1.0" in rewritten, rewritten
    _agree(rewritten, code, "implied", "(np.float32(2.0), 1)")


def test_nested_ifs_with_guarded_branches_lower_outside_in_with_their_comments():
    # Three nested traced `if`s whose branches each call functions that a `jnp.where` would have
    # to mask: nested selections would mask every one of them under every test, so the chain is
    # one nest of `lax.cond`s, each branch keeping the comment of its `if`/`else` line. (Each
    # inner fix used to be withdrawn as "would itself leak": the outer `if`, unchanged but for
    # its body, looked like a new leak.)
    code = """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x, y):
            if x.sum() > 0:
                z = jnp.sin(x) * jnp.cos(y)
            else:
                if y.sum() > 0:  # second
                    z = jnp.cos(x) * jnp.exp(y)
                else:
                    # the last choice
                    if (x * y).sum() > 1:  # third
                        z = jnp.tanh(x) * jnp.log1p(y)
                    else:  # last
                        z = jnp.sinh(x) * jnp.cosh(y)
            return z
        """
    rewritten = _fix(code)
    assert rewritten.count("lax.cond(") == 3 and "jnp.where" not in rewritten, rewritten
    assert "def _when_y_sum_positive():\n            # second\n" in rewritten, rewritten
    assert "def _unless_x_y_sum_gt_1():\n                # last\n" in rewritten, rewritten
    assert "        def _unless_y_sum_positive():\n            # the last choice\n" in rewritten, rewritten
    import jax.numpy as jnp
    import numpy as np

    namespace: dict = {}
    exec(compile(_source(code).replace("@jax.jit\n", ""), "original", "exec"), namespace)
    rewritten_namespace: dict = {}
    exec(compile(rewritten, "rewritten", "exec"), rewritten_namespace)
    for x, y in [([1.0, 2.0], [0.5, 0.1]), ([-1.0, -2.0], [0.5, 0.1]), ([-1.0, -2.0], [-0.5, -0.9]),
                 ([-0.1, -0.2], [-0.5, -0.1])]:
        x, y = jnp.array(x), jnp.array(y)
        np.testing.assert_allclose(rewritten_namespace["f"](x, y), namespace["f"](x, y), rtol=1e-6)


def test_a_test_on_a_one_element_array_from_a_helper_is_squeezed_for_lax_cond():
    # cat-ind-fg's `clean_twist`: `pitch` comes from a helper reducing with `keepdims=True`, so
    # `1 / pitch < limit` is shape (1,): Python accepts it, `lax.cond` needs a 0-d predicate.
    code = """
        import jax
        import jax.numpy as jnp


        def get_pitch(twist):
            norm_trans = jnp.linalg.norm(twist[..., :3], axis=-1, keepdims=True)
            norm_rot = jnp.linalg.norm(twist[..., 3:], axis=-1, keepdims=True)
            return norm_trans / norm_rot


        @jax.jit
        def clean(twist):
            pitch = get_pitch(twist)
            if 1 / pitch < (
                0.1
            ):
                twist = jnp.concatenate((jnp.cross(twist[:3], twist[3:]), jnp.zeros(3)))
            else:
                twist = twist / jnp.linalg.norm(twist[3:])
            return twist
        """
    rewritten = _fix(code)
    assert "jnp.squeeze(1 / pitch < 0.1)" in rewritten, rewritten
    import jax.numpy as jnp
    import numpy as np

    namespace: dict = {}
    exec(compile(rewritten, "rewritten", "exec"), namespace)
    for twist in ([1.0, 2.0, 3.0, 0.01, 0.02, 0.0], [0.1, 0.0, 0.0, 1.0, 2.0, 3.0]):
        twist = jnp.array(twist)
        pitch = jnp.linalg.norm(twist[:3]) / jnp.linalg.norm(twist[3:])
        expected = (jnp.concatenate((jnp.cross(twist[:3], twist[3:]), jnp.zeros(3))) if 1 / pitch < 0.1
                    else twist / jnp.linalg.norm(twist[3:]))
        np.testing.assert_allclose(namespace["clean"](twist), expected, rtol=1e-6)


def test_a_search_that_returns_one_constant_carries_only_its_flag():
    # Apollo14's `is_point_inside`: `for face in faces: if outside: return False` then `return True`.
    # Every `return` in the loop gives the same literal: the flag says it all, and raising a flag
    # again changes nothing, so the Python loop needs no `lax.cond` guard.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        NORMALS = [(1.0, 0.0), (0.0, 1.0), (-1.0, -1.0)]

        @jax.jit
        def inside(point):
            for normal in NORMALS:
                if jnp.dot(point, jnp.array(normal)) > 1.0:
                    return False
            return True

        @jax.jit
        def any_negative(x):
            for i in range(x.shape[0]):
                if x[i] < 0:
                    return 1
            return 0
        """
    )
    fixed = _fix(original)
    assert "returned = returned | (jnp.dot(point, jnp.array(normal)) > 1.0)" in fixed
    assert "return jnp.logical_not(returned)" in fixed and "return jnp.where(returned, 1, 0)" in fixed
    assert "result" not in fixed and "lax.cond" not in fixed
    for point in ("np.array([0.5, 0.5], np.float32)", "np.array([2.0, 0.0], np.float32)",
                  "np.array([-2.0, 0.5], np.float32)"):
        _agree(fixed, original, "inside", f"({point},)")
    for x in ("np.array([1., 2., 3.], np.float32)", "np.array([1., -2., 3.], np.float32)"):
        _agree(fixed, original, "any_negative", f"({x},)")


def test_a_static_loop_whose_index_must_stay_python_keeps_the_loop_and_lowers_its_body():
    # A quadrature over spikes (the Poisson GLM of batch h): the loop index picks a Python dict
    # entry, so `lax.fori_loop` would make it traced and leak; the loop stays (unrolled while
    # tracing) and the `if ...: continue` inside it becomes `lax.cond`.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        TABLE = {0: 1.0, 1: 2.0, 2: 3.0}
        KEYS = (0, 2, 1)

        @jax.jit
        def weighted(x):
            total = jnp.zeros(())
            for k in range(3):
                scale = TABLE[KEYS[k]]
                if x[k] < 0:
                    continue
                for j in range(1, 3):
                    total = total + scale * x[k] * j
            return total
        """
    )
    fixed = _fix(original)
    assert "    for k in range(3):\n        scale = TABLE[KEYS[k]]\n" in fixed
    assert "lax.cond(x[k] < 0, lambda total: total, _unless_x_k_negative, total)" in fixed
    assert "fori_loop" not in fixed and not _lint(fixed)
    for x in ("np.array([1., 2., 3.], np.float32)", "np.array([1., -2., 3.], np.float32)"):
        _agree(fixed, original, "weighted", f"({x},)")
    # Started as a number, the sum would meet the first `lax.cond` as a scalar beside an array of a
    # shape the code does not show (the Poisson GLM's bias was (1,)): reported, not guessed.
    number_start = original.replace("total = jnp.zeros(())", "total = 0.0")
    assert number_start != original
    assert _fix(number_start) == number_start
    assert [f.code for f in _lint(number_start)] == ["TFX108"]


# Adaptive quadrature: the number of points doubles in a Python loop and picks a rule by value.
_ADAPTIVE_QUADRATURE = """
import jax
import jax.numpy as jnp

def rule(n):
    if n == 4:
        return jnp.array([0.1, 0.2, 0.3, 0.4])
    return jnp.linspace(0.0, 1.0, n)

@jax.jit
def adaptive(x):
    prev = jnp.sum(rule(2) * x)
    n = 4
    while n <= 16:
        curr = jnp.sum(rule(n) * x)
        if jnp.abs(curr - prev) < 0.5:
            return curr
        prev = curr
        n *= 2
    return prev
"""


def test_a_loop_on_python_values_that_returns_stays_python_so_its_count_stays_static():
    # Adaptive quadrature (a NumPyro Beta-Poisson model): the number of points doubles in a
    # Python `while` and picks a rule by value (`if n == 10`), so a `lax.while_loop` would make it
    # traced and leak; the loop stays, and `if converged: return r` sets the function's flags.
    original = _source(_ADAPTIVE_QUADRATURE)
    fixed = _fix(original)
    assert "    while n <= 16:\n" in fixed and "while_loop" not in fixed and not _lint(fixed), fixed
    for x in ("np.float32(0.1)", "np.float32(3.0)", "np.float32(100.0)"):
        _agree(fixed, original, "adaptive", f"({x},)")


def test_a_loop_on_python_values_that_returns_and_prints_is_not_kept_python():
    # Kept Python, the loop runs on after it returns: a `print` in it would show those runs.
    original = _source(_ADAPTIVE_QUADRATURE.replace("rule(n) * x)\n", "rule(n) * x)\n        print(n)\n"))
    assert "print(n)" in original
    assert "while n <= 16:" in _fix(original)
    assert "lax.cond(" not in _fix(original)


def test_a_name_given_a_default_after_being_none_is_carried():
    # A Newton-Raphson taking `x_or_n` (an array or a size): `x = None`, then `if x is None: x =
    # jnp.zeros(n)` before the loop, so the loop only ever carries an array.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def newton(x_or_n, a):
            x = None
            if isinstance(x_or_n, jax.Array):
                x = x_or_n
            if x is None:
                x = jnp.zeros(3)
            for i in range(10):
                step = (jnp.exp(x) - a) / jnp.exp(x)
                x = x - step
                if jnp.linalg.norm(step) < 1e-6:
                    return x, True
            return x, False
        """
    )
    fixed = _fix(original)
    assert "lax.while_loop(" in fixed and not _lint(fixed)
    _agree(fixed, original, "newton", "(np.array([0.5, 1.0, 2.0], np.float32), np.float32(2.0))")
    # Set to None again after the default: still refused.
    again = original.replace("    for i in range(10):", "    if a.ndim > 5:\n        x = None\n    for i in range(10):")
    assert again != original
    assert "`x` is None on some paths" in " ".join(f.message for f in _lint(again))


GUARDED_MASKED_UPDATE_IN_A_LOOP = """
import jax
import jax.numpy as jnp


@jax.jit
def f(x, y):
    a = y * 1.0
    b = x + 0.0
    for c in x:
        m = b > a
        if jnp.any(m):
            b = b.at[m].set(b[m] * 0.5 - c)
        if a > 0.3:
            return -1.0
    return a + b.sum()
"""

def _indices_looped_over_by_their_count() -> str:
    """TFX303's case of a loop over the indices of a mask (MARL_CTP's observation)."""
    from casekit import source_of
    from transforms.data_dependent_shape import DataDependentShape

    return source_of(next(case.code for case in DataDependentShape.INVALID if "gather_flags" in case.code))


def test_a_guard_that_only_shortcuts_masked_updates_is_dropped_inside_a_lowered_loop():
    from casekit import run_side_by_side

    rewritten = fix(GUARDED_MASKED_UPDATE_IN_A_LOOP, Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "jnp.any" not in rewritten and "b = jnp.where(m, b * 0.5 - c, b)" in rewritten
    run_side_by_side(GUARDED_MASKED_UPDATE_IN_A_LOOP, rewritten, "f",
                     ["jnp.array([0.1, 0.9, -0.4, 2.0]), 0.2", "jnp.array([1.0, 2.0, 3.0, 4.0]), 0.5",
                      "jnp.zeros(4), -1.0"])


def test_a_loop_over_the_indices_of_a_mask_runs_over_every_element_below_the_count():
    from casekit import run_side_by_side

    original = _indices_looped_over_by_their_count()
    rewritten = fix(original, Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "size=idx_mask.size, fill_value=0" in rewritten and "i < idx_count" in rewritten
    assert not lint(rewritten, Settings(rules=all_rules())).findings
    run_side_by_side(original, rewritten, "gather_flags", [
        "jnp.array([0, 1, 2, 3, 1]), jnp.array([1, 2, 3, 0, 0]), jnp.array([5, 6, 7, 8, 9]), 1",
        "jnp.array([0, 0, 0]), jnp.array([0, 0, 0]), jnp.array([1, 2, 3]), 0",
        "jnp.array([0, 1]), jnp.array([1, 0]), jnp.array([4, 4]), 3",
    ])


def test_a_lambda_hides_only_its_own_parameter_from_the_statement_around_it():
    # `l = lax.cond(c, f, lambda l: l, l)` reads and binds the function's `l`: the lambda's `l`
    # is another name (generated programs 1375: an outer `if` around an inner lowered one lost
    # `l` from its state, and the rewrite raised UnboundLocalError).
    from tracerfix.lowering.ir import analyse_leaf, expression_reads

    leaf = analyse_leaf("l = lax.cond(l[1] < 0.0, when, lambda l: l, l)")
    assert "l" in leaf.reads and "l" in leaf.kills
    assert expression_reads("[v * k for v in xs] + [lambda k: k]") == {"k", "xs"}
    assert expression_reads("sum(a for a in range(n))") == {"sum", "range", "n"}


NESTED_IF_OVER_A_CONTAINER = """
import jax
import jax.numpy as jnp


@jax.jit
def f(x, y):
    a = y * 1.0
    b = x + 0.0
    l = [x * 0.5, y + 1.0]
    if b[0] > b[1]:
        if l[1] < 0.0:
            l[0] = l[0] + b * 0.1
        a = a - 0.5
    elif a > 0.3:
        b = b + 0.1
    return a + b.sum() + l[0].sum()
"""


def test_an_if_around_a_lowered_if_that_changes_a_list_carries_the_list():
    from casekit import run_side_by_side

    rewritten = fix(NESTED_IF_OVER_A_CONTAINER, Settings(rules=all_rules(), unsafe_fixes=True)).source
    run_side_by_side(NESTED_IF_OVER_A_CONTAINER, rewritten, "f", [
        "jnp.array([0.5, -1.0, 2.0, 0.1]), 0.3", "jnp.array([1.53, 0.21, -0.31, 0.83]), -1.7",
        "jnp.array([-0.4, -0.6, 0.9, 3.0]), 1.2",
    ])


GUARDED_MASKED_UPDATE_IN_A_WHILE = """
import jax
import jax.numpy as jnp


@jax.jit
def f(x, y):
    a = y * 1.0
    b = jnp.sin(x) + 0.1
    n = 0
    while n < 3 and a < -0.5:
        n = n + 1
        m = b > a
        if jnp.any(m):
            b = b.at[m].set(b[m] * 0.5 - a)
    return a + b.sum()
"""


def test_a_guard_of_masked_updates_inside_a_while_goes_before_the_loop_is_lowered():
    from casekit import run_side_by_side

    rewritten = fix(GUARDED_MASKED_UPDATE_IN_A_WHILE, Settings(rules=all_rules(), unsafe_fixes=True)).source
    assert "jnp.any" not in rewritten and "b = jnp.where(m, b * 0.5 - a, b)" in rewritten, rewritten
    run_side_by_side(GUARDED_MASKED_UPDATE_IN_A_WHILE, rewritten, "f", [
        "jnp.array([0.5, -1.0, 2.0, 0.1]), -0.8", "jnp.array([1.53, 0.21, -0.31, 0.83]), 0.4",
    ])


def test_a_window_around_a_traced_index_is_a_dynamic_slice_where_a_test_keeps_it_inside():
    # lenstronomy's `estimate_amp`: `data[y - 2:y + 3, x - 2:x + 3]` under `if x > 2 and ...`.
    code = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def around_peak(data, position):
            rows, cols = data.shape
            x, y = position[0], position[1]
            if x > 2 and x < cols - 2 and y > 2 and y < rows - 2:
                total = jnp.sum(data[y - 2:y + 3, x - 2:x + 3])
            else:
                total = 0.0
            return total
        """
    rewritten = _fix(code)
    assert "lax.dynamic_slice(data, (y - 2, x - 2), (5, 5))" in rewritten, rewritten
    for x, y in ((4, 4), (0, 4), (3, 7), (9, 5), (7, 3)):
        _agree(rewritten, _source(code), "around_peak",
               f"(np.arange(100, dtype=np.float32).reshape(10, 10), np.array([{x}, {y}]))")


def test_a_window_that_may_start_below_zero_is_not_moved_inside():
    code = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def neighbourhood(data, position):
            x = position[0]
            return jnp.sum(data[x - 1:x + 2])
        """
    assert "dynamic_slice" not in _fix(code)


def test_branches_that_only_warn_or_log_run_on_the_host_each_time():
    # FastRenderer's `if not jnp.isclose(jnp.sum(psf), 1.0, 0.1): warnings.warn(...)` under jit.
    code = """
        import logging
        import warnings

        import jax
        import jax.numpy as jnp

        logger = logging.getLogger(__name__)

        @jax.jit
        def normalise(psf, tol):
            total = jnp.sum(psf)
            if not jnp.isclose(total, 1.0, tol):
                warnings.warn("the PSF is not normalised")
            elif total < 0:
                logger.warning("negative total %s", total)
            return psf / total
        """
    rewritten = _fix(code)
    assert "def warn_if(condition_1, condition_2, total):" in rewritten, rewritten
    assert "jax.debug.callback(warn_if, ~jnp.isclose(total, 1.0, tol), total < 0, total)" in rewritten, rewritten
    _agree(rewritten, _source(code), "normalise", "(np.array([0.5, 0.7], dtype=np.float32), 0.1)")


def test_a_log_call_in_a_lowered_loop_runs_on_the_host_with_the_values_it_reads():
    # Exclosure/anomaly's newton_raphson: `logger.info(f"... {i+1} ... {best_gap}")` before a `break`,
    # and a `for ... else:` that logs where no `break` left the loop.
    code = """
        import logging

        import jax
        import jax.numpy as jnp

        logger = logging.getLogger(__name__)

        @jax.jit
        def halve(x):
            best = jnp.inf
            for i in range(20):
                gap = jnp.abs(x).max()
                best = jnp.minimum(best, gap)
                if gap < 1e-3:
                    logger.info(
                        f"converged after {i + 1} steps; "
                        f"gap {best}"
                    )
                    break
                x = x / 2
            else:
                logger.warning(f"no convergence; gap {best}")
            return x
        """
    rewritten = _fix(code)
    assert "lax.while_loop" in rewritten and "logger.info(" in rewritten, rewritten
    assert "jax.debug.callback(lambda best, i: logger.info(" in rewritten, rewritten
    assert "if not condition:" in rewritten, rewritten
    _agree(rewritten, _source(code), "halve", "(np.array([3.0, -1.0], dtype=np.float32),)")
    _agree(rewritten, _source(code), "halve", "(np.array([3e9, -1.0], dtype=np.float32),)")


def test_a_callable_the_object_holds_does_not_see_its_carried_attributes():
    # `self.step(x, self.h)` with `self.step = make_step(...)`: the callable was made without
    # the object, so carrying `self.h` as a local name hides nothing from it.
    code = _source("""
        import jax
        import jax.numpy as jnp

        def make_step(rate):
            def step(x, h):
                return x - rate * h * x
            return step

        class Solver:
            def __init__(self, h):
                self.step = make_step(0.5)
                self.h = h

            def run(self, x):
                for _ in range(4):
                    x = self.step(x, self.h)
                    if jnp.abs(x).max() < 1.0:
                        break
                    self.h = self.h * 0.5
                return x

        @jax.jit
        def f(x, h):
            solver = Solver(h)
            return solver.run(x), solver.h
        """)
    rewritten = _fix(code)
    assert "lax.while_loop(" in rewritten and "self.h = self_h" in rewritten, rewritten
    _agree(rewritten, code, "f", "(np.full(3, 8.0, np.float32), np.float32(1.0))")
    _agree(rewritten, code, "f", "(np.full(3, 0.5, np.float32), np.float32(1.0))")


def test_a_none_test_in_a_traced_condition_whose_branches_never_read_the_name_is_kept_as_python():
    # jim's `Data.fft`: `if self.has_fd and (window is None or ...): return self.fd`. Python
    # decides `window is None` while tracing; no branch reads `window` before `if window is None:
    # window = self.window` gives it a value, so `lax.cond` may compute both. The branches' log
    # calls read the object's name, which stays in the callback's closure (a callback is given
    # arrays).
    code = _source("""
        import logging

        import jax
        import jax.numpy as jnp

        class Data:
            def __init__(self, td, name):
                self.name = name
                self.td = td
                self.fd = jnp.zeros(td.shape[0] // 2 + 1, dtype=jnp.complex64)
                self.window = jnp.ones(td.shape[0])

            def fft(self, window=None):
                if jnp.any(self.fd) and (window is None or window is self.window):
                    logging.debug(f"{self.name} has FD data, skipping FFT.")
                    return self.fd
                if window is None:
                    window = self.window
                self.fd = jnp.fft.rfft(self.td * window)
                return self.fd

        @jax.jit
        def f(td, fd):
            data = Data(td, "H1")
            data.fd = fd
            return data.fft()
        """)
    rewritten = _fix(code)
    assert "lax.cond(" in rewritten and "lambda: logging.debug(" in rewritten, rewritten
    _agree(rewritten, code, "f", "(np.arange(8, dtype=np.float32), np.zeros(5, np.complex64))")
    _agree(rewritten, code, "f", "(np.arange(8, dtype=np.float32), np.ones(5, np.complex64))")


def test_a_none_test_guarding_a_name_the_branch_reads_stays_refused():
    code = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(value, upper=None):
            if value > 0 and (upper is None or value < upper):
                return value
            return value - upper
        """
    assert _fix(code) == _source(code)
    assert any("which Python decides while tracing" in f.message for f in _lint(code))


def test_a_fix_needing_import_jax_and_from_jax_import_lax_adds_both():
    # NLSQ's conjugate gradient: `from jax import jit` only; the early return inside the loop
    # needs `jax.tree.map` and `lax.while_loop`, two imports of one module (sorting them once
    # compared a missing name with a present one and crashed).
    code = _source("""
        import jax.numpy as jnp
        from jax import jit

        @jit
        def solve(A, b, tol, max_iter=5):
            x = jnp.zeros_like(b)
            r = b - A @ x
            for i in range(max_iter):
                x = x + 0.5 * r
                r = b - A @ x
                if jnp.linalg.norm(r) < tol:
                    return x, i + 1
            return x, max_iter
        """)
    rewritten = _fix(code)
    assert "import jax\n" in rewritten and "from jax import lax\n" in rewritten, rewritten
    _agree(rewritten, code, "solve", "(np.eye(2, dtype=np.float32), np.ones(2, np.float32), np.float32(1e-3))")
    _agree(rewritten, code, "solve", "(np.eye(2, dtype=np.float32), np.ones(2, np.float32), np.float32(10.0))")


def test_a_flag_the_loop_test_reduces_runs_the_body_once_before_the_loop():
    # The lap-time simulator: `abort = False`, then `while not jnp.all(abort)` with `abort` the
    # per-car flags the step gives. The Python False is not the shape the loop carries; the test
    # holds on entry, so the body runs once before the loop, as Python ran it first.
    code = _source("""
        import jax
        import jax.numpy as jnp

        def step(x):
            x = x + 1.0
            return x, x > 3.0

        @jax.jit
        def f(x):
            abort = False
            while not jnp.all(abort):
                x, abort = step(x)
            return x
        """)
    rewritten = _fix(code)
    assert "    x, abort = step(x)\n\n    def " in rewritten and "lax.while_loop(" in rewritten, rewritten
    _agree(rewritten, code, "f", "(np.array([0.0, 2.5, 5.0], np.float32),)")


def test_a_reduced_flag_whose_test_may_fail_on_entry_is_refused():
    code = """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            done = True
            while not jnp.all(done):
                x = x + 1.0
                done = x > 3.0
            return x
        """
    assert _fix(code) == _source(code)
    assert any("starts as the Python value `True`" in f.message for f in _lint(code))


def test_a_while_true_left_only_by_a_return_breaks_and_returns_after_the_loop():
    # A bisection-style halving whose only exit is `if small: return x, n`: the values returned
    # are those the loop carries, so the `return` is a `break` with the `return` after the loop.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def halve_until_small(x, tol):
            n = 0
            while True:
                small = jnp.abs(x) < tol
                if small:
                    return x, n
                x = x / 2
                n = n + 1
        """
    )
    fixed = _fix(original)
    assert fixed.rstrip().endswith("return x, n") and "returned" not in fixed and "result" not in fixed, fixed
    for arguments in ("(np.float32(5.0), np.float32(0.1))", "(np.float32(0.01), np.float32(0.1))"):
        _agree(fixed, original, "halve_until_small", arguments)


def test_a_branch_that_reads_what_it_assigned_keeps_its_statements_in_order():
    # anabel's bilinear return map: the plastic branch computes `ep_n`, then `sigma_n` from it. One
    # expression per name (`lambda: (E * (e_n - ep_n), ...)`) would read the `ep_n` of before the
    # `if` (unbound there: NameError); branch functions keep the statements in order.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(De, e_i, ep_i, sigma_i, q_i, Y_i):
            E, H = 29000.0, 500.0
            e_n = e_i + De
            sigma_trial = sigma_i + E * De
            xi_trial = sigma_trial - q_i
            if abs(xi_trial) - Y_i < 0.0:
                sigma_n = sigma_trial
                ep_n = ep_i
            else:
                ep_n = ep_i + jnp.linalg.solve(jnp.eye(2) * (E + H), jnp.ones(2)).sum() * jnp.sign(xi_trial)
                sigma_n = E * (e_n - ep_n)
            return ep_n, sigma_n
        """
    )
    fixed = _fix(original)
    assert "lax.cond(" in fixed and fixed.count("jnp.linalg.solve(") == 1, fixed
    for de in ("np.float32(1e-4)", "np.float32(0.01)", "np.float32(-0.01)"):
        _agree(fixed, original, "step", f"({de}, np.float32(0.0), np.float32(0.0), np.float32(0.0), "
                                        "np.float32(0.0), np.float32(36.0))")


def test_a_none_sentinel_of_a_traced_flag_becomes_the_flag_and_the_if_a_selection():
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def tag(occ, a, bmat):
            has = bool(jnp.any(occ > 0))
            low = int(jnp.argmax(occ)) if has else None
            if (low is not None) and (a == low):
                bmat = bmat.at[a].set(True)
            return bmat
        """
    )
    fixed = _fix(original)
    assert "None" not in fixed and not _lint(fixed), fixed
    for occ in ("np.array([0, 1, 1], np.int32)", "np.zeros(3, np.int32)"):
        _agree(fixed, original, "tag", f"(jax.numpy.asarray({occ}), np.int32(1), jax.numpy.zeros(3, bool))")


def test_a_while_true_that_only_returns_is_never_kept_as_a_python_loop():
    # Kept Python, `while True:` left only by a traced `return` would spin forever while tracing:
    # even where the `lax` form leaks (the count picks a rule by value), no such form is written.
    original = _source(_ADAPTIVE_QUADRATURE.replace("while n <= 16:", "while True:").replace("    return prev\n", ""))
    assert "while True:" in original and "return prev" not in original
    fixed = _fix(original)
    assert "while True:" not in fixed or "lax.while_loop" in fixed or fixed == original, fixed


HISTORY = """
import jax
import jax.numpy as jnp


def descend(x, steps):
    path = [x]
    for _ in range(steps):
        g = 2 * x
        x = x - 0.1 * g
        path.append(x)
        if jnp.linalg.norm(g) < 1.0:
            break
    return x, path


@jax.jit
def minimise(x):
    x, _ = descend(x, 40)
    return x
"""


def test_a_list_a_lowered_loop_appends_to_becomes_an_array_with_a_row_per_step():
    # Optimisers record their iterates (`path.append(x)`) and the jitted caller discards them.
    original = _source(HISTORY)
    fixed = _fix(original)
    assert "path = jnp.stack(path + path[-1:] * steps)" in fixed, fixed
    assert "path = path.at[path_length].set(x)" in fixed and "lax.while_loop(" in fixed, fixed
    assert "path = path[jnp.minimum(jnp.arange(len(path)), path_length - 1)]" in fixed, fixed
    _agree(fixed, original, "minimise", "(np.array([3.0, -2.0], np.float32),)")
    # Run eagerly, the array holds the list's rows, then its last row again up to one per step.
    _agree(fixed.replace("x, _ = descend(x, 40)\n    return x", "return descend(x, 40)[1][-1]"),
           original.replace("x, _ = descend(x, 40)\n    return x", "return descend(x, 40)[1][-1]"),
           "minimise", "(np.array([3.0, -2.0], np.float32),)")


@pytest.mark.parametrize("change", [
    # the jitted function gives the list to its caller: the extra rows would show
    ("x, _ = descend(x, 40)\n    return x", "return descend(x, 40)"),
    # reduced after the loop: the repeated rows would count
    ("    return x, path\n", "    return x, jnp.stack(path).sum()\n"),
    # used as a list after the loop
    ("    return x, path\n", "    return x, path + [x]\n"),
    # a row of two values
    ("path.append(x)", "path.append((x, g))"),
])
def test_a_list_whose_extra_rows_would_be_seen_is_still_refused(change):
    code = _source(HISTORY).replace(*change)
    findings = [f for f in _lint(code) if f.code in ("TFX101", "TFX108")]
    assert findings and all(f.fix is None for f in findings), [f.message for f in findings]
    assert any("`path` changes length" in f.message for f in findings), [f.message for f in findings]


def test_an_attribute_a_while_loop_carries_is_renamed_in_its_test_too():
    # A gradient-descent class that stores its iterate on `self.x` and tests it in the `while`.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        class Descent:
            def __init__(self, grad, x0):
                self.grad = grad
                self.x0 = x0
                self.x = 10

            def run(self):
                steps = 0
                self.x = self.x0
                while jnp.max(jnp.abs(self.grad(self.x))) > 0.01 and steps < 60:
                    self.x = self.x - 0.1 * self.grad(self.x)
                    steps += 1

        @jax.jit
        def minimise(x0):
            descent = Descent(lambda x: 2 * x, x0)
            descent.run()
            return descent.x
        """
    )
    fixed = _fix(original)
    assert "jnp.max(jnp.abs(self.grad(self_x))) > 0.01" in fixed, fixed
    _agree(fixed, original, "minimise", "(np.array([3.0, -2.0], np.float32),)")


def test_a_numpy_buffer_written_inside_a_traced_if_becomes_a_jax_array_before_the_if_is_lowered():
    # An epidemic model's vaccination rate (the flu model of batch jj): a NumPy buffer built in
    # one branch and written per element. Lowered first, the `if` would hand the NumPy array to a
    # `lax.cond` branch, where it arrives as a tracer that takes no item assignment.
    original = _source(
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def vaccination_rate(v, v_next):
            if jnp.any(v >= 1):
                rate = np.zeros(len(v))
                for i in range(len(v)):
                    if v[i] >= 1:
                        rate[i] = 0
                    else:
                        rate[i] = (v_next[i] - v[i]) / (1 - v[i])
            else:
                rate = (v_next - v) / (1 - v)
            return jnp.maximum(0, rate)
        """
    )
    fixed = _fix(original)
    assert "rate = jnp.zeros(len(v))" in fixed and "rate[i] =" not in fixed, fixed
    assert _fix(fixed) == fixed and not _lint(fixed)
    for arguments in ("(np.array([0.2, 0.5], np.float32), np.array([0.3, 0.4], np.float32))",
                      "(np.array([1.0, 0.5], np.float32), np.array([0.3, 0.6], np.float32))"):
        _agree(fixed, original, "vaccination_rate", arguments)


def test_an_in_place_write_into_an_array_the_function_made_is_fixed_before_the_if_around_it():
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            y = x * 2
            if x.sum() > 0:
                y[0] = 1
                z = y + 1
            else:
                z = y - 1
            return z
        """
    )
    fixed = _fix(original)
    assert "y.at[0].set(1)" in fixed and "y[0] = 1" not in fixed, fixed
    assert not _lint(fixed)
    for arguments in ("(np.array([1.0, 2.0], np.float32),)", "(np.array([-1.0, 0.5], np.float32),)"):
        _agree(fixed, original, "f", arguments)


def test_appends_to_a_list_nothing_reads_afterwards_are_left_out_of_a_lowered_loop():
    # An expected-calibration-error metric (a pytorch-ensembles port) that collects per-bin values
    # in a list it never returns, `None` for empty bins.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def ece(confidences, accuracies, lowers, uppers):
            total = 0.0
            per_bin = []
            for lower, upper in zip(lowers, uppers):
                in_bin = (confidences > lower) & (confidences <= upper)
                share = jnp.mean(in_bin)
                if share > 0:
                    delta = jnp.sum(jnp.where(in_bin, confidences - accuracies, 0)) / jnp.sum(in_bin)
                    per_bin.append(delta)
                    total += jnp.abs(delta) * share
                else:
                    per_bin.append(None)
            return total
        """
    )
    fixed = _fix(original)
    assert "lax.scan(" in fixed and "per_bin.append" not in fixed, fixed
    assert not _lint(fixed)
    _agree(fixed, original, "ece", "(np.array([0.9, 0.55, 0.3, 0.95], np.float32), np.array([1., 0., 1., 1.], "
                                   "np.float32), np.array([0., 0.5], np.float32), np.array([0.5, 1.], np.float32))")


def test_a_traced_if_that_logs_inside_a_loop_over_a_stepped_range_is_lowered_in_each_iteration():
    # Replica exchange (instadeepai/mlip): swaps of adjacent replicas decided by a traced draw,
    # over `range(offset, n - 1, 2)`. The loop stays a Python loop, the `if` becomes a `lax.cond`.
    original = _source(
        """
        import functools
        import logging

        import jax
        import jax.numpy as jnp

        logger = logging.getLogger("swaps")

        @functools.partial(jax.jit, static_argnums=1)
        def swaps(x, offset, key):
            for i in range(offset, x.shape[0] - 1, 2):
                key, sub = jax.random.split(key)
                accept = jax.random.bernoulli(sub, 0.5)
                if accept:
                    x = x.at[i].set(x[i + 1])
                    logger.info("swapped")
                else:
                    logger.info("kept")
            return x
        """
    )
    fixed = _fix(original)
    assert "for i in range(offset, x.shape[0] - 1, 2):" in fixed and "lax.cond(" in fixed, fixed
    assert not _lint(fixed)
    for arguments in ("(jax.numpy.arange(6.0), 0, jax.random.PRNGKey(0))",
                      "(jax.numpy.arange(7.0), 1, jax.random.PRNGKey(5))"):
        _agree(fixed, original, "swaps", arguments)


def test_a_recursion_that_counts_down_a_tested_depth_is_lowered_around_its_traced_test():
    # A hypergeometric function's Pfaff transformations (a JAX port of hyp2f1): the recursion
    # ends at a static depth, so it ends while tracing too, whatever `abs_z < 1` becomes.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        def transformed(z, depth, prefactor=1.0):
            if jnp.abs(z) < 0.5:
                return prefactor * (1 + z)
            elif depth > 0:
                return transformed(z / (z - 1), depth - 1, prefactor * (1 - z))
            else:
                return prefactor * z

        @jax.jit
        def f(z):
            return transformed(z, 3)
        """
    )
    fixed = _fix(original)
    assert "lax.cond(" in fixed and "if depth > 0:" in fixed, fixed
    assert not _lint(fixed)
    for arguments in ("(np.float32(0.2),)", "(np.float32(-3.0),)", "(np.float32(0.9),)"):
        _agree(fixed, original, "f", arguments)
    # Without the count down, the recursion is still refused.
    refused = _lint(original.replace("depth - 1", "depth"))
    assert any("calls itself inside" in finding.message for finding in refused), [f.message for f in refused]



def test_a_branch_that_appends_like_every_other_branch_gives_the_value_and_the_append_follows():
    # Each branch appends one value to `out` (a Metropolis step's `accepts.append(1)` /
    # `accepts.append(0)`): the list's length does not depend on the test, only the value does.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def halve(x):
            out = []
            for i in range(3):
                if x[i] > 0:
                    y = x[i]
                    while y > 1.0:
                        y = y / 2
                    out.append(y)
                else:
                    out.append(-x[i])
            return jnp.stack(out)
        """
    )
    fixed = _fix(original)
    assert "out_item = lax.cond(x[i] > 0," in fixed and "out.append(out_item)" in fixed, fixed
    assert "for i in range(3):" in fixed, fixed  # the loop stays Python, unrolled while tracing
    _agree(fixed, original, "halve", "(np.array([5.0, -2.0, 0.5], np.float32),)")


def test_an_integer_array_start_that_the_loop_makes_float_enters_as_a_float():
    # A linear-regression gradient descent ported to jax.numpy: `theta` starts as
    # `jnp.array([1, 1])` and the loop subtracts a float gradient a module-level helper returns.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        def gradient_function(theta, x, y):
            m = x.shape[0]
            return (1. / m) * jnp.dot(jnp.transpose(x), jnp.dot(x, theta) - y)

        @jax.jit
        def descend(x, y, alpha):
            theta = jnp.array([1, 1]).reshape(2, 1)
            gradient = gradient_function(theta, x, y)
            while not jnp.all(jnp.absolute(gradient) <= 1e-3):
                theta = theta - alpha * gradient
                gradient = gradient_function(theta, x, y)
            return theta
        """
    )
    fixed = _fix(original)
    assert "(theta * 1.0, gradient)" in fixed, fixed
    _agree(fixed, original, "descend", "(np.array([[1., 0.], [1., 1.], [1., 2.]], np.float32), "
                                       "np.array([[1.], [3.], [5.]], np.float32), np.float32(0.3))")


def test_a_number_start_that_a_helper_of_unseen_shape_replaces_is_refused_not_broken():
    # t-SNE's beta search: `beta_min = -jnp.inf`, then `beta, beta_min, beta_max = update_beta(...)`
    # on a shape-(1,) row; a `lax.while_loop` starting from the number raised a carry-type error.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        def update_beta(beta, diff, beta_min, beta_max):
            beta_min = jnp.where(diff > 0, beta, beta_min)
            beta_max = jnp.where(diff > 0, beta_max, beta)
            return (beta_min + beta_max) / 2, beta_min, beta_max

        def step(x):
            g = 2 * x
            return x - 0.1 * g, jnp.linalg.norm(g)

        @jax.jit
        def search(betas, target):
            beta_min = -jnp.inf
            beta_max = jnp.inf
            beta = betas[0]
            diff = beta - target
            while jnp.abs(diff) > 1e-3:
                beta, beta_min, beta_max = update_beta(beta, diff, beta_min, beta_max)
                diff = beta - target
            return beta

        @jax.jit
        def solve(x):
            err = 1.0
            while err > 1e-3:
                x, err = step(x)
            return x
        """
    )
    findings = {f.line: f for f in _lint(original)}
    search = next(f for f in findings.values() if "`jnp.abs(diff) > 1e-3`" in f.message)
    assert search.fix is None and "`beta_min` starts as the number -jnp.inf" in search.message, search.message
    solve = next(f for f in findings.values() if "`err > 1e-3`" in f.message)
    assert solve.fix is not None, solve.message  # a helper's 0-d norm, unpacked: carried as it is


def test_an_integer_start_given_an_element_of_an_array_enters_in_its_dtype():
    # A density-ratio grid search: `sigma_new = 0`, then `sigma_new = sig` for `sig` in an array
    # of unknown dtype; `lax.cond` refused the int branch beside the float one.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def best_sigma(sigmas, x):
            score_new = jnp.inf
            sigma_new = 0
            for sig in sigmas:
                score = jnp.sum((x - sig) ** 2)
                if score < score_new:
                    score_new = score
                    sigma_new = sig
            return sigma_new, score_new
        """
    )
    fixed = _fix(original)
    assert "jnp.asarray(sigma_new, jnp.result_type(sig))" in fixed, fixed
    _agree(fixed, original, "best_sigma", "(np.array([0.5, 2.0, 1.0], np.float32), np.array([1.9, 2.2], np.float32))")


def test_an_if_that_only_prints_in_a_loop_over_an_array_is_lowered_in_place():
    # The loop is kept Python (unrolled while tracing); each `if` becomes a `lax.cond` whose branch
    # prints when the compiled code runs. (It was reported without a fix as a loop with an effect.)
    original = _source(
        """
        import jax

        @jax.jit
        def signs(x):
            for v in x:
                if v < 0:
                    print("negative")
            return x
        """
    )
    findings = _lint(original)
    assert [f.code for f in findings] == ["TFX101"], [f.message for f in findings]
    fixed = _fix(original)
    assert "for v in x:" in fixed and 'jax.debug.print("negative")' in fixed, fixed
    assert "lax.cond(v < 0, _when_v_negative, lambda: None)" in fixed, fixed
    _agree(fixed, original, "signs", "(np.array([1.0, -2.0, 3.0], np.float32),)")


def test_a_none_sentinel_set_in_a_traced_branch_of_an_unrolled_loop_holds_a_stand_in():
    # `best = None` until a traced test picks a candidate: the loop runs while tracing, so
    # `best is None` is decided then, and the selection keeps NaN (a float) or -1 (otherwise)
    # where the original kept None. (It was refused as "None on some paths".)
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def pick(xs):
            best, best_score, best_at = None, None, None
            for i in range(xs.shape[0]):
                s = jnp.sum(xs[i] ** 2)
                if best_score is None or s > best_score:
                    best = xs[i] / 2.0
                    best_score = s
                    best_at = i
            return best, best_score, best_at
        """
    )
    fixed = _fix(original)
    assert "jnp.nan if best is None else best" in fixed, fixed
    assert "-1 if best_at is None else best_at" in fixed, fixed
    assert not [f for f in _lint(fixed) if f.code.startswith("TFX1")], fixed
    _agree(fixed, original, "pick", "(np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]], np.float32),)")


def test_a_none_sentinel_read_by_a_branch_value_is_still_refused():
    # `total + x` is computed for both sides of a selection, with `total` None on the first pass.
    findings = _lint(
        """
        import jax

        @jax.jit
        def grow(xs):
            total = None
            for i in range(3):
                if xs[i] > 0:
                    total = xs[i] if total is None else total + xs[i]
            return total
        """
    )
    assert [f.code for f in findings] == ["TFX101"] and findings[0].fix is None, [f.message for f in findings]
    assert "None on some paths" in findings[0].message


def test_positions_padded_by_hand_to_a_static_size_take_size_and_fill_value():
    # larnd-sim: `jnp.nonzero(mask)[0]` padded right after with `jnp.pad` to a static length: the
    # padding is what `size=`/`fill_value=` give, and the pad goes (its comment stays).
    original = _source(
        """
        import jax
        import jax.numpy as jnp
        from functools import partial

        @partial(jax.jit, static_argnums=(1,))
        def active(x, padded):
            indices = jnp.nonzero(x > 0)[0]
            # pad to a static size
            indices = jnp.pad(indices, (0, padded - indices.shape[0]), mode="constant", constant_values=-1)
            return indices
        """
    )
    fixed = _fix(original)
    assert "indices = jnp.nonzero(x > 0, size=padded, fill_value=-1)[0]\n    # pad to a static size\n    return" in fixed, fixed
    _agree(fixed, original, "active", "(np.array([1.0, -2.0, 3.0, 0.0], np.float32), 6)")


def test_a_log_line_that_formats_a_traced_value_logs_from_a_callback():
    # SALTShaker: `log.debug(f"... {loss:.2g}")` raises TypeError while tracing (a tracer has no
    # value to format); the line runs on the host with the values instead. Without a format spec
    # the line logs the tracer and is left alone.
    original = _source(
        """
        import logging
        import jax
        import jax.numpy as jnp

        log = logging.getLogger(__name__)

        @jax.jit
        def step(x, scale):
            loss = jnp.sum(x ** 2)
            log.debug(f"loss {loss:.2g}, diff {loss - scale:.3f}")
            log.info(f"shape {x.shape} {loss}")
            return loss * scale
        """
    )
    findings = _lint(original)
    assert [(f.code, f.line) for f in findings] == [("TFX502", 10)], [f.message for f in findings]
    fixed = _fix(original)
    assert ('jax.debug.callback(lambda loss, scale: log.debug(f"loss {loss:.2g}, diff {loss - scale:.3f}"), '
            "loss, scale)") in fixed, fixed
    _agree(fixed, original, "step", "(np.array([1.0, 2.0], np.float32), np.float32(0.5))")


def test_a_branch_that_calls_its_static_method_through_the_class_name_is_not_lowered():
    # A pedestrian model splits a step at the speed limit by calling `ObjectBase.__calc_dx` again:
    # every `lax` branch is traced, so the recursion would not end while tracing.
    findings = _lint(
        """
        import jax
        import jax.numpy as jnp

        class ObjectBase:
            @staticmethod
            def step(v, a, dt, v_max):
                if v + a * dt > v_max:
                    dt_m = (v_max - v) / a
                    dx = ObjectBase.step(v, a, dt_m, v_max) + ObjectBase.step(v_max, 0.0, dt - dt_m, v_max)
                else:
                    dx = (v + 0.5 * a * dt) * dt
                return dx

        f = jax.jit(ObjectBase.step)
        """
    )
    assert [f.code for f in findings] == ["TFX101"] and findings[0].fix is None, [f.message for f in findings]
    assert "`step` calls itself inside" in findings[0].message


def test_a_raise_whose_message_formats_loop_values_is_checked_on_the_host():
    # A Newton solver that raises on NaN with the iteration number in its message (grgrlib).
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def solve(x, tol):
            cnt = 0
            while True:
                cnt += 1
                x = x / 2
                eps = jnp.abs(x).max()
                if cnt == 30:
                    break
                if eps < tol:
                    break
                if jnp.isnan(eps):
                    raise ValueError('returned NaN in iteration %s' % cnt)
            return x
        """
    )
    fixed = _fix(original)
    assert "raise RuntimeError('returned NaN in iteration %s' % cnt)" in fixed, fixed
    assert "jax.debug.callback(raise_if, jnp.isnan(eps), cnt)" in fixed, fixed
    _agree(fixed, original, "solve", "(np.array([4.0, -2.0], np.float32), np.float32(1e-3))")
    failing = "import numpy as np\n" + fixed + "\nsolve(np.array([np.nan], np.float32), np.float32(1e-3)).block_until_ready()\n"
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", failing], capture_output=True, text=True, timeout=300)
    assert result.returncode != 0 and "returned NaN in iteration 1" in result.stderr, result.stderr


def test_a_string_stored_in_a_carried_dict_is_refused_not_carried():
    findings = _lint(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def solve(x, tol):
            res = {}
            while True:
                x = x / 2
                if jnp.abs(x).max() < tol:
                    res["message"] = "converged"
                    break
            res["x"] = x
            return res["x"]
        """
    )
    assert [f.code for f in findings] == ["TFX102"] and findings[0].fix is None, [f.message for f in findings]
    assert "stores a string in `res`" in findings[0].message


def test_a_value_returned_on_one_path_only_gets_a_stand_in_of_its_shape():
    # AlphaZero policy normalisation: `return ones / size` when the counts sum to zero, else the
    # method updates `self.policy` and falls off its end (None). The stand-in must have the shape
    # of the returned array for `lax.cond` to accept the two branches.
    original = _source(
        """
        import jax
        import jax.numpy as jnp

        class Policy:
            def __init__(self, policy):
                self.policy = policy

            def normalize(self, tau):
                if jnp.sum(self.policy) == 0:
                    return jnp.ones_like(self.policy) / self.policy.size
                powered = self.policy ** (1.0 / tau)
                self.policy = powered / jnp.sum(powered)

        @jax.jit
        def run(counts, tau):
            p = Policy(counts)
            p.normalize(tau)
            return p.policy
        """
    )
    fixed = _fix(original)
    assert "jnp.full_like(jnp.ones_like(self_policy) / self_policy.size, jnp.nan)" in fixed, fixed
    _agree(fixed, original, "run", "(np.array([1.0, 3.0, 0.0], np.float32), np.float32(0.5))")
    _agree(fixed, original, "run", "(np.zeros(3, np.float32), np.float32(0.5))")


def test_an_int_of_a_traced_trip_count_is_dropped_for_a_fori_loop():
    # gym-cellular-automata's RepeatCA: `math.modf` of the traced time, then `range(int(repeats))`.
    original = _source(
        """
        import math
        import jax
        import jax.numpy as jnp

        def step(grid):
            return jnp.roll(grid, 1) + 1

        @jax.jit
        def update(grid, time):
            time, repeats = math.modf(time)
            for _ in range(int(repeats)):
                grid = step(grid)
            return grid, time
        """
    )
    fixed = _fix(original)
    assert "jnp.modf(time)" in fixed and "lax.fori_loop(" in fixed and "int(" not in fixed, fixed
    _agree(fixed, original, "update", "(np.arange(4.0, dtype=np.float32), np.float32(3.25))")


def test_a_none_sentinel_that_takes_an_object_gets_no_stand_in():
    # A quantum-state engine keeps the closest state object (`closest_state = state`): NaN cannot
    # stand in for an object, and `jnp.where` cannot select one.
    fixed = _fix(
        """
        import jax
        import jax.numpy as jnp

        class State:
            def __init__(self, amplitudes):
                self.amplitudes = amplitudes

        @jax.jit
        def closest(target, a, b):
            closest_state = None
            max_fidelity = -1.0
            for state in [State(a), State(b)]:
                fidelity = jnp.abs(jnp.vdot(target, state.amplitudes)) ** 2
                if fidelity > max_fidelity:
                    max_fidelity = fidelity
                    closest_state = state
            return max_fidelity
        """
    )
    assert "closest_state is None else closest_state" not in fixed, fixed


def test_a_numpy_buffer_sized_by_a_parameter_made_static_becomes_a_jax_array():
    # A semi-Lagrangian interpolation (sl_python) fills `np.zeros((2, nx, ny))` with traced values:
    # `range(nx)` makes `nx` static, so the buffer is a NumPy array, and its writes need it in JAX.
    original = textwrap.dedent(
        """
        import jax
        import numpy as np

        def lookup(psi, idx, nx, ny):
            out = np.zeros((2, nx, ny))
            for i in range(nx):
                for j in range(ny):
                    out[0, i, j] = psi[idx[i, j], j]
                    out[1, i, j] = psi[i, idx[i, j]]
            return out[0] + out[1]

        f = jax.jit(lookup)
        """
    )
    fixed = _fix(original)
    assert "jnp.zeros((2, nx, ny))" in fixed and "out = out.at[0, i, j].set(" in fixed, fixed
    _agree(fixed, original, "f",
           "(np.arange(9.0).reshape(3, 3), np.array([[0, 2, 1], [1, 1, 0], [2, 0, 2]]), 3, 3)")


def test_comments_above_a_loop_kept_around_a_lowered_branch_are_written_once():
    # A quantum-control cost's bandwidth loop stays a Python loop (its mask is NumPy's); the `if`
    # inside becomes `lax.cond`, and the two comment lines above the loop stay once.
    fixed = _fix(
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        BANDS = np.array((0.4, 1.0))
        FREQS = np.linspace(0, 1, 8)

        @jax.jit
        def f(controls):
            cost = 0
            # Iterate over the controls, penalize each control that has
            # frequencies greater than its maximum frequency.
            for i, band in enumerate(BANDS):
                idx = np.nonzero(FREQS >= band)[0]
                penalty = jnp.sum(controls[idx, i])
                if penalty < 1e-4:
                    normalized = 0
                else:
                    normalized = penalty - 1e-4 / penalty
                cost = cost + normalized
            return cost
        """
    )
    assert fixed.count("# Iterate over the controls") == 1, fixed
    assert fixed.count("# frequencies greater than") == 1, fixed


def test_a_branch_that_only_picks_a_computed_value_inside_a_lowered_branch_is_a_where():
    # jaxnuts' tree builder: inside the `if s_f == 1` that becomes `lax.cond`, the accept step
    # `if random.uniform(subkey) < p: theta_f = theta_ff` picks one of two arrays; a nested
    # `lax.cond` with a branch function for it would say the same at length.
    original = _source(
        """
        import jax
        import jax.numpy as jnp
        import jax.random as random

        @jax.jit
        def extend(theta, theta_new, s_f, key):
            theta_f = theta
            if s_f == 1:
                key, subkey = random.split(key)
                if random.uniform(subkey) < 0.5:
                    theta_f = theta_new
                theta_f = theta_f * 2.0
            return theta_f, key
        """
    )
    fixed = _fix(original)
    assert "theta_f = jnp.where(random.uniform(subkey) < 0.5, theta_new, theta_f)" in fixed, fixed
    assert fixed.count("lax.cond(") == 1, fixed
    for s_f in (0, 1):
        for seed in (0, 1, 2, 3):
            _agree(fixed, original, "extend",
                   f"(np.ones(3, np.float32), np.full(3, 5.0, np.float32), np.int32({s_f}), jax.random.PRNGKey({seed}))")
