"""Verification inputs that match real use, and agreement the way JAX defines it.

Inputs come from the calls, the annotations, then the code (einsum subscripts, matmul, indexing,
`params["w"]`, `state.count`, jax.random keys); static arguments are proven on the calls; Python
scalars from the eager original promote with JAX's weak-type rules. The end-to-end tests run real
JAX in the verification worker, on a hand-written rewrite of each original.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from tracerfix.verify.infer import infer_inputs
from tracerfix.verify.options import VerifyOptions, parse_options
from tracerfix.verify.plan import _module_imports
from tracerfix.verify.report import result_lines
from tracerfix.verify.runner import Worker
from tracerfix.verify.specs import ArraySpec, ClassSpec, DictSpec, SpecError, parse_signature, parse_spec
from tracerfix.verify.stage import Verifier

SEED = 7


def inferred(code: str) -> dict[str, list[str]]:
    module = cst.parse_module(textwrap.dedent(code))
    function = next(s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == "f")
    names = [p.name.value for p in function.params.params]
    return infer_inputs(function, names, _module_imports(module), module)


# --- what the code says ---------------------------------------------------------------------------


def test_einsum_subscripts_give_ranks_and_shared_sizes():
    specs = inferred("""
        import jax.numpy as jnp
        def f(chi, zeta, q):
            return jnp.einsum("Pp,Pr,Qq,Qs,PQ->prqs", chi, chi, chi, chi, zeta) + jnp.einsum("ij,jk->ik", q, q)
    """)
    # chi is both `Pp` and `Qq`: P and Q are one size, as zeta's `PQ` then is square.
    assert specs["chi"] == ["f32[EP,ep]"] and specs["zeta"] == ["f32[EP,EP]"]
    assert specs["q"] == ["f32[ei,ei]"]


def test_a_seed_handed_to_prngkey_is_an_integer_and_a_key_handed_to_split_is_a_key():
    # A VMC sampler's `jax.random.PRNGKey(seed)`: a seed, not a key (verification had built a key
    # for it, and PRNGKey refused it on every input).
    specs = inferred("""
        import jax
        def f(seed, key):
            first = jax.random.PRNGKey(seed)
            key, sub = jax.random.split(key)
            return jax.random.normal(first) + jax.random.normal(sub)
    """)
    assert specs["seed"][0] in ("i32[]", "f32[]") and "key" not in specs["seed"], specs
    assert "i32[]" in specs["seed"] and specs["key"] == ["key"], specs


def test_what_follows_a_reshape_of_a_parameter_no_longer_describes_it():
    # DiT's `unpatchify`: `x = x.reshape(n, h, w, p, p, c)` then `jnp.einsum("nhwpqc->nchpwq", x)`;
    # the einsum's six letters are the reshaped array's, not the parameter's. A shape-keeping
    # rebinding (`y = jnp.asarray(y)`) still describes it.
    specs = inferred("""
        import jax.numpy as jnp
        def f(x, y):
            x = x.reshape(x.shape[0], 2, 2, 4)
            y = jnp.asarray(y)
            return jnp.einsum("nhwc->nchw", x), jnp.einsum("ij,jk->ik", y, y)
    """)
    assert not any(spec.count(",") >= 3 for spec in specs.get("x", [])), specs
    assert specs["y"] == ["f32[ei,ei]"]


def test_a_static_method_called_on_its_class_with_keywords_counts():
    # jaxsim's `PlaneTerrain.build(height=h, normal=n)` checks `normal.shape != (3,)`.
    specs = inferred("""
        import jax.numpy as jnp
        class PlaneTerrain:
            @staticmethod
            def build(height=0.0, *, normal):
                normal = jnp.array(normal, dtype=float)
                if normal.shape != (3,):
                    raise ValueError("Expected a 3D vector")
                return normal * height
        def f(n, h):
            return PlaneTerrain.build(height=h, normal=n)
    """)
    assert specs["n"][0] == "f32[3]", specs


def test_a_module_level_object_called_passes_its_arguments_to_call_and_slice_bounds_are_integers():
    # scico's `PositionalCrop`: `crop(x, top, left)` runs `__call__`, which unpacks two dimensions
    # and slices from `top` and `left`.
    specs = inferred("""
        class PositionalCrop:
            def __init__(self, output_size):
                self.output_size = output_size
            def __call__(self, image, top, left):
                h, w = image.shape[:2]
                new_h, new_w = self.output_size
                return image[top : top + new_h, left : left + new_w]
        crop = PositionalCrop((3, 2))
        def f(x, top, left):
            return crop(x, top, left)
    """)
    assert specs["top"][0].startswith("i32") and specs["left"][0].startswith("i32"), specs
    assert "," in specs["x"][0], specs


def test_matmul_indexing_axis_transpose_index_and_keys():
    specs = inferred("""
        import jax
        import jax.numpy as jnp
        def f(x, w, table, i, m, v, key, label):
            h = x @ w
            noise = jax.random.normal(key, (3,))
            return h + table[i] + m.T.sum() + jnp.sum(v, axis=2) + noise + (label > 0)
    """)
    # The left operand's rows are the data's rows (`n`, shared with other vectors); the right
    # operand is a matrix first, then a vector (`X @ beta`).
    assert specs["x"] == ["f32[n,d1]"] and specs["w"] == ["f32[d1,d2]", "f32[d1]"]
    assert specs["table"] == ["f32[n]"] and specs["i"] == ["i32[]"]
    assert specs["m"] == ["f32[n,n]"] and specs["v"] == ["f32[n,n,n]"] and specs["key"] == ["key"]
    assert specs["label"] == ["f32[]", "i32[]"], "compared with an integer: a float first, then an int"


def test_pytrees_from_string_keys_and_attributes():
    specs = inferred("""
        from typing import NamedTuple
        import jax

        class AdamState(NamedTuple):
            count: jax.Array
            mu: jax.Array

        class Config:
            threshold: float = 0.5
            steps: int = 3

        def f(params, state, config: Config, x):
            y = x @ params["w"] + params["b"]
            return y * state.mu / state.count if config.steps else y
    """)
    assert specs["params"][0] == "{'w': f32[d1,d2], 'b': f32[]}"
    assert specs["params"][1] == "{'w': f32[d1,d2], 'b': f32[n]}", "then unconstrained leaves as vectors"
    assert specs["state"] == ["AdamState(count=f32[], mu=f32[])", "AdamState(count=f32[n], mu=f32[n])"]
    assert specs["config"] == ["Config"], "a class of Python defaults is built by calling it"
    for texts in specs.values():
        for text in texts:
            parse_spec(text)  # every inferred spec is a valid spec


def test_nested_pytrees_dicts_of_dicts_and_namedtuples_of_namedtuples():
    specs = inferred("""
        from typing import NamedTuple
        import jax

        class Body(NamedTuple):
            pos: jax.Array
            vel: jax.Array

        class World(NamedTuple):
            ball: Body
            paddle: Body
            score: jax.Array

        def f(world: World, params, x):
            layer = params["encoder"]
            h = x @ layer["w"] + params["decoder"]["b"]
            return world.ball.pos[0] + world.score + h
    """)
    assert specs["world"][0] == ("World(ball=Body(pos=f32[n], vel=f32[]), paddle=Body(pos=f32[], vel=f32[]), "
                                 "score=f32[])"), "a field never read is built from its class too"
    assert specs["params"][0] == "{'encoder': {'w': f32[d1,d2]}, 'decoder': {'b': f32[]}}"
    for texts in specs.values():
        for text in texts:
            parse_spec(text)
    # A class that holds itself is not built (it would never end), and says so by giving no spec.
    assert "tree" not in inferred("""
        from typing import NamedTuple
        import jax

        class Tree(NamedTuple):
            value: jax.Array
            left: Tree

        def f(tree):
            return tree.left.value
    """)


def test_fields_read_through_local_names_rows_and_slice_arithmetic_count():
    # Game steps (gymnax Asterix, pgx Seaquest): `entities = state.entities`, `x = entities[i]`,
    # `x[4]`; `for sub in state.e_subs: sub[0]`; a slice bound `0:state.oxygen * 10 // 64`; and
    # `lax.select(c, state.move_speed, state.move_timer)` where the timer is compared with 0.
    specs = inferred("""
        from typing import NamedTuple
        import jax

        class State(NamedTuple):
            entities: jax.Array
            e_subs: jax.Array
            oxygen: jax.Array
            move_speed: jax.Array
            move_timer: jax.Array

        def f(state, obs):
            entities = state.entities
            total = 0
            for i in range(3):
                x = entities[i]
                total = total + x[4]
            for sub in state.e_subs:
                total = total + sub[0]
            obs = obs.at[0:state.oxygen * 10 // 64].set(1)
            timer = jax.lax.select(state.move_timer == 0, state.move_speed, state.move_timer)
            return total, obs, timer
    """)
    state = specs["state"][0]
    assert "entities=f32[n,n]" in state, state
    assert "e_subs=f32[n,n]" in state, state
    assert "oxygen=i32[]" in state and "move_speed=i32[]" in state and "move_timer=i32[]" in state, state


def test_what_helpers_and_aliases_do_with_a_parameter_counts():
    specs = inferred("""
        import jax.numpy as jnp
        def norm(v):
            return jnp.einsum("ij,ij->", v, v)
        def f(x, w):
            y = x
            return norm(y) + jnp.sum(w, axis=1)
    """)
    # `x` reaches the helper through the alias `y`: the helper's einsum makes it a matrix.
    assert specs["x"] == ["f32[ei,ej]"] and specs["w"] == ["f32[n,n]"]


def test_namedtuple_declarations_and_transformed_helpers_count():
    specs = inferred("""
        from collections import namedtuple
        import jax
        import jax.numpy as jnp

        Model = namedtuple("Model", ["X", "y"])

        def loss(beta, model):
            return jnp.sum(model.y * (model.X @ beta))

        grad_loss = jax.jit(jax.grad(loss))

        def f(model, beta):
            return beta - grad_loss(beta, model)
    """)
    # `model` is read by attribute only inside `loss`, reached through `jax.grad`: the module's
    # namedtuple has those fields; `y` is as long as `X` has rows.
    assert specs["model"] == ["Model(X=f32[n,d1], y=f32[])", "Model(X=f32[n,d1], y=f32[n])"]
    assert specs["beta"] == ["f32[d1,d2]", "f32[d1]"]


def test_unpacking_a_parameter_and_a_function_passed_to_a_helper_count():
    specs = inferred("""
        import jax.numpy as jnp
        def residual(x):
            return jnp.array([x[0] ** 2 - 4.0, x[1]])
        def solve(func, x0):
            return x0 - func(x0)
        def f(x, y):
            nu, omega = x
            return solve(residual, y) * nu / omega
    """)
    # `nu, omega = x`: exactly two elements. `y` reaches `residual` as `func(x0)` inside `solve`,
    # which reads its elements 0 and 1.
    assert specs["x"] == ["(f32[], f32[])", "f32[2]"]
    assert "f32[2]" in specs["y"]


def test_cross_products_take_three_component_vectors():
    specs = inferred("""
        import jax.numpy as jnp
        def f(p, l):
            m = jnp.cross(l, p)
            return jnp.dot(l, m)
    """)
    # The cross product comes first, so `dot` reads vectors of three, not a matrix.
    assert specs["p"][0] == "f32[3]" and specs["l"][0] == "f32[3]"


def test_literal_indices_offer_their_length():
    specs = inferred("""
        def f(p, q):
            return p[0] ** 2 + p[1] ** 2 + q[0] * q.sum()
    """)
    # Read only through `p[0]` and `p[1]`: a vector of exactly two components first. `q` is also
    # used whole: any length first.
    assert specs["p"] == ["f32[2]", "f32[n]"]
    assert specs["q"] == ["f32[n]", "f32[1]"] or specs["q"][0] == "f32[n]"


def test_shrinking_keeps_sizes_the_code_fixed_and_shrinks_free_ones_all_the_way():
    import numpy as np

    from tracerfix.verify.inputs import fixed_axes, shrink

    # Fails while `x` has at least 2 elements and `p` is untouched (`p` has the fixed size 3).
    arguments = {"x": np.arange(6, dtype=np.float32), "p": np.ones(3, dtype=np.float32)}
    fixed = fixed_axes({"x": parse_spec("f32[n]"), "p": parse_spec("f32[3]")})
    smallest = shrink(arguments, lambda a: a["x"].shape[0] >= 2 and a["p"].shape == (3,), fixed=fixed)
    assert smallest["x"].shape == (2,) and smallest["p"].shape == (3,)


def test_dict_and_class_specs_parse_and_print():
    signature = parse_signature("params={w: f32[3,4], 'b-1': f32[4]}, state=State(count=i32[], mu=f32[n]), cfg=cfg.Config")
    assert signature["params"] == DictSpec((("w", ArraySpec("float32", (3, 4))), ("b-1", ArraySpec("float32", (4,)))))
    assert signature["state"] == ClassSpec("State", (("count", ArraySpec("int32", ())), ("mu", ArraySpec("float32", ("n",)))))
    assert signature["cfg"] == ClassSpec("cfg.Config")
    assert str(signature["params"]) == "{w: f32[3,4], 'b-1': f32[4]}"
    with pytest.raises(SpecError):
        parse_signature("x=banana")  # a lowercase bare word is a string that lost its quotes
    options = parse_options({"inputs": {"step": {"params": {"w": "f32[3]", "b": "f32[]"}, "mode": "mean"}}}, None)
    assert options.inputs["step"] == ["params={w: f32[3], b: f32[]}, mode='mean'"]


def test_weak_types_and_int_to_float_are_notes_unless_strict():
    jnp = pytest.importorskip("jax.numpy")
    from tracerfix.verify.compare import compare

    difference, warnings = compare(0, jnp.float32(0.0))  # a Python int on one path
    assert difference is None and warnings == ["output was a Python number and is now an array (int)",
                                               "output was weakly typed int32, now float32, with the same values "
                                               "(--strict-dtypes fails on this)"]
    assert compare(0, jnp.float32(0.0), strict_dtypes=True)[0].what == "dtype"
    assert compare(jnp.int32(3), jnp.float32(3.0))[0] is None
    assert compare(jnp.int32(3), jnp.float32(3.5))[0].what == "values"
    assert compare(jnp.float32(3.0), jnp.int32(3))[0].what == "dtype", "a float that became an int is not a promotion"


# --- end to end, real JAX ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def worker():
    with Worker() as shared:
        yield shared


def verify(worker, folder: Path, original: str, rewritten: str, unit: str = "f", **options):
    path = folder / "module.py"
    path.write_text(original)
    settings = VerifyOptions(**{"trials": 6, **options})
    with Verifier(worker=worker, seed=SEED) as verifier:
        (result,) = verifier.verify_units(original, rewritten, path, str(path), [unit], settings, SEED)
    return result


def code(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def test_params_dict_and_namedtuple_state_are_built_and_verified(worker, tmp_path):
    original = code("""
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class State(NamedTuple):
            count: jax.Array
            mu: jax.Array

        @jax.jit
        def f(params, state, x):
            y = x * params["w"] + params["b"]
            mu = state.mu + y
            count = state.count + 1 if state.count < 100 else state.count
            return State(count, mu)
    """)
    rewritten = original.replace("state.count + 1 if state.count < 100 else state.count",
                                 "jnp.where(state.count < 100, state.count + 1, state.count)")
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    signature = result.details["signatures"][0]
    assert "params={w: f32[" in signature and "state=State(count=" in signature
    wrong = original.replace("state.count + 1 if state.count < 100 else state.count",
                             "jnp.where(state.count < 100, state.count, state.count + 1)")
    failed = verify(worker, tmp_path, original, wrong)
    assert failed.status == "failed" and "count" in failed.details["original"]
    # Floats that differ are first checked for an ill-conditioned input, by nudging the float
    # arguments: the pytrees among them stay as they are (fields of several shapes made
    # `np.shape` fail, and verification "itself failed").
    walker = code("""
        from typing import NamedTuple
        import jax

        class Walker(NamedTuple):
            step: jax.Array
            path: jax.Array

        @jax.jit
        def f(walker, x):
            return (walker.path[walker.step] + x) * 2.0
    """)
    failed = verify(worker, tmp_path, walker, walker.replace("* 2.0", "* 3.0"))
    assert failed.status == "failed" and "itself failed" not in failed.reason, result_lines(failed)


def test_nested_pytrees_are_built_and_verified(worker, tmp_path):
    original = code("""
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class Body(NamedTuple):
            pos: jax.Array
            vel: jax.Array

        class World(NamedTuple):
            ball: Body
            paddle: Body
            score: jax.Array

        @jax.jit
        def f(world: World, params, dt):
            pos = world.ball.pos + world.ball.vel * dt
            h = params["layer"]["w"] * pos + params["layer"]["b"]
            if pos[0] > world.paddle.pos[0]:
                score = world.score + h.sum()
            else:
                score = world.score
            return World(Body(pos, world.ball.vel), world.paddle, score)
    """)
    branches = ("if pos[0] > world.paddle.pos[0]:\n        score = world.score + h.sum()\n"
                "    else:\n        score = world.score")
    assert branches in original
    rewritten = original.replace(
        branches, "score = jnp.where(pos[0] > world.paddle.pos[0], world.score + h.sum(), world.score)")
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    signature = result.details["signatures"][0]
    assert "world=World(ball=Body(pos=" in signature and "params={layer: {w: f32[" in signature
    wrong = rewritten.replace("world.score + h.sum(), world.score", "world.score, world.score + h.sum()")
    assert verify(worker, tmp_path, original, wrong).status == "failed"


def test_a_class_built_by_its_constructor_is_built_and_verified(worker, tmp_path):
    original = code("""
        import jax
        import jax.numpy as jnp
        from jax.tree_util import register_pytree_node_class

        @register_pytree_node_class
        class Particles:
            def __init__(self, pos, vel):
                self.pos = pos
                self.vel = vel

            def tree_flatten(self):
                return (self.pos, self.vel), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

        @jax.jit
        def f(p: Particles, mass):
            e = 0.5 * mass * jnp.sum(p.vel ** 2)
            if e > 1.0:
                e = e / 2
            return e
    """)
    branch = "if e > 1.0:\n        e = e / 2"
    assert branch in original
    result = verify(worker, tmp_path, original, original.replace(branch, "e = jnp.where(e > 1.0, e / 2, e)"))
    assert result.verified, result_lines(result)
    assert "p=Particles(pos=" in result.details["signatures"][0]
    wrong = original.replace(branch, "e = jnp.where(e > 1.0, e / 3, e)")
    assert verify(worker, tmp_path, original, wrong).status == "failed"


def test_einsum_with_two_letter_subscripts_is_verified(worker, tmp_path):
    original = code("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(q, k):
            scores = jnp.einsum("qd,kd->qk", q, k)
            if scores.sum() > 0:
                scores = scores / 2
            return scores
    """)
    rewritten = original.replace("    if scores.sum() > 0:\n        scores = scores / 2\n",
                                 "    scores = jnp.where(scores.sum() > 0, scores / 2, scores)\n")
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    assert result.details["signatures"][0].startswith("q=f32[")


def test_an_index_is_drawn_as_an_integer(worker, tmp_path):
    original = code("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(table, i):
            if i < 0:
                i = i + table.shape[0]
            return table[i]
    """)
    rewritten = original.replace("    if i < 0:\n        i = i + table.shape[0]\n",
                                 "    i = jnp.where(i < 0, i + table.shape[0], i)\n")
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    assert "i=i32[]" in result.details["signatures"][0]


def test_a_static_argument_some_call_passes_an_array_is_refused(worker, tmp_path):
    original = code("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x, n):
            return x[: int(n)].sum()

        def energy(x, duration):
            return f(x, jnp.ceil(duration))
    """)
    rewritten = original.replace("@jax.jit", "from functools import partial\n@partial(jax.jit, static_argnames=(\"n\",))")
    result = verify(worker, tmp_path, original, rewritten)
    assert result.status == "failed" and result.details["check"] == "static arguments"
    assert "passes it an array" in result.reason and "jnp.ceil(duration)" in result.details["inputs"]["n"]
    text = "\n".join(result_lines(result))
    assert "original:" in text and "Non-hashable static arguments" in text


def test_a_python_int_branch_promotes_as_jax_does(worker, tmp_path):
    original = code("""
        import jax

        @jax.jit
        def f(score, label):
            margin = label * score
            if margin >= 1:
                return 0
            return 1 - margin
    """)
    rewritten = code("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(score, label):
            margin = label * score
            return jnp.where(margin >= 1, 0, 1 - margin)
    """)
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    assert any("weakly typed int32, now float32" in warning for warning in result.details["warnings"])
    strict = verify(worker, tmp_path, original, rewritten, strict_dtypes=True)
    assert strict.status == "failed" and "dtype differ" in strict.reason


def test_outputs_that_vary_in_shape_by_branch_compare_broadcast(worker, tmp_path):
    original = code("""
        import jax

        @jax.jit
        def f(x):
            if x.sum() < 0:
                return 0.0
            return x * 2
    """)
    rewritten = code("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            return jnp.where(x.sum() < 0, 0.0, x * 2)
    """)
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    assert any("varies by branch" in note for note in result.details["notes"])
    wrong = rewritten.replace("0.0, x * 2", "1.0, x * 2")
    assert verify(worker, tmp_path, original, wrong).status == "failed"


def test_unverifiable_names_the_argument_and_the_spec_line(worker, tmp_path):
    original = code("""
        import jax

        @jax.jit
        def f(blob):
            if blob.payload.sum() > 0:
                return blob.payload
            return -blob.payload
    """)
    rewritten = code("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(blob):
            return jnp.where(blob.payload.sum() > 0, blob.payload, -blob.payload)
    """)
    result = verify(worker, tmp_path, original, rewritten)
    assert result.status == "unverifiable"
    assert "`blob`" in result.reason and "the original raised" in result.reason
    assert "# tracerfix-verify: blob=" in result.reason


def test_the_readme_spec_examples_parse():
    import re
    import tomllib

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = readme[readme.index("## Verification"):readme.index("## Rules")]
    comments = re.findall(r"^# tracerfix-verify: (.+)$", section, re.M)
    assert len(comments) >= 3
    for text in comments:
        parse_signature(text)
    tables = [tomllib.loads(table) for table in re.findall(r"```toml\n(.*?)```", section, re.S)]
    for table in tables:
        parse_options(table["tool"]["tracerfix"]["verify"], None)
    assert any("predict" in t["tool"]["tracerfix"]["verify"].get("inputs", {}) for t in tables)


def test_arguments_alike_are_probed_right_after_the_simplest_guess():
    # An implied-volatility solver (AnuragChaudhari7/optionsPricing) takes six scalars: varying one
    # parameter at a time, the probes ran out before trying all of them as scalars.
    from tracerfix.verify.inputs import probe_candidates

    params = [{"name": name, "role": "array", "has_default": False, "annotation": [], "inferred": []}
              for name in ("S", "K", "T", "r", "sig", "P")]
    described = [signature.describe() for signature in probe_candidates(params)][:3]
    assert any(all(f"{name}=f32[]" in text for name in ("S", "K", "T", "r", "sig", "P")) for text in described), described


def test_an_array_argument_the_code_says_nothing_about_is_probed_with_a_shape_another_has():
    # A cosmology metric (`compute_rk_metrics(recon_field, gt_field)`) unpacks the first field's
    # shape into three sizes and multiplies the two fields' FFTs: the second takes the first's shape.
    from tracerfix.verify.inputs import probe_candidates

    params = [{"name": "recon_field", "role": "array", "has_default": False, "annotation": [], "inferred": ["f32[d1,d2,d3]"]},
              {"name": "gt_field", "role": "array", "has_default": False, "annotation": [], "inferred": []}]
    described = [signature.describe() for signature in probe_candidates(params)]
    assert described[0] == "recon_field=f32[5,4,3], gt_field=f32[5,4,3]", described[:3]


def test_a_state_dict_takes_the_dtypes_the_module_builds_it_with():
    # gymnax #86: `reset` builds the state with `"time": jnp.int32(0)`; a float probe for it made
    # `lax.cond`'s branches disagree in dtype, and the right rewrite was rejected.
    specs = inferred("""
        import jax
        import jax.numpy as jnp

        def reset(key):
            return {"ball_x": jax.random.randint(key, (), 0, 5), "time": jnp.int32(0), "level": 0.5}

        def f(state, action):
            return state["ball_x"] + action, state["time"] + 1, state["level"] * 2
        """)
    assert specs["state"][0] == "{'ball_x': i32[], 'time': i32[], 'level': f32[]}", specs


def test_past_an_overflow_inf_and_nan_are_alike_but_finite_values_are_not():
    import numpy as np

    from tracerfix.verify.compare import overflowed_alike

    inf, nan = np.float32(np.inf), np.float32(np.nan)
    original = np.array([1.0, inf, inf], np.float32)
    assert overflowed_alike(original, np.array([1.0, nan, inf], np.float32))
    # Where the original is finite the rewrite must agree: NaN there is a real difference.
    assert not overflowed_alike(original, np.array([nan, inf, inf], np.float32))
    assert not overflowed_alike(original, np.array([2.0, nan, nan], np.float32))
    # Nothing overflowed: not this excuse's business.
    assert not overflowed_alike(np.ones(3, np.float32), np.ones(3, np.float32))


def test_a_python_int_argument_is_never_probed_with_a_huge_value():
    """A Python int is often a size (`model_order`): a module constant like 386, or a "large"
    edge, would build arrays of gigabytes; arrays still get them."""
    import numpy as np

    from tracerfix.verify.inputs import MAX_PYTHON_INT_PROBE, Values
    from tracerfix.verify.specs import ArraySpec, ScalarSpec

    values = Values(np.random.default_rng(0), constants=[386.0, 3.0])
    ints = [values.random(ScalarSpec("int"), {}, style) for style in ("normal", "uniform", "constants")
            for _ in range(50)]
    ints += [value for _, value in values.edges(ScalarSpec("int"), {})]
    assert all(abs(v) <= MAX_PYTHON_INT_PROBE for v in ints) and 3 in ints
    array_edges = dict(values.edges(ArraySpec("int32", (2,)), {}))
    assert "all 386" in array_edges and "large" in array_edges


def test_outputs_whose_shapes_only_broadcast_to_a_third_shape_are_not_compared_broadcast():
    from tracerfix.verify.compare import common_shapes

    scalar_or_array = {("tree", (((), "weak"),)), ("tree", (((3,), "float32"),))}
    assert common_shapes(scalar_or_array) == [(3,)]
    data_chosen = {("tree", (((386,), "float32"),)), ("tree", (((386, 1), "float32"),))}
    assert common_shapes(data_chosen) is None


def test_a_concatenation_error_resizes_the_probe_to_the_other_operand():
    # bifurcationjax's corrector: `jnp.concatenate([J, v[None]])` with the Jacobian (3, 4) and a
    # probed `v` of 5: the probe's size becomes 4. A size past 64 is never asked for.
    from tracerfix.verify.check import _resized
    from tracerfix.verify.inputs import Signature

    signature = Signature({"v": ArraySpec("float32", ("n",))}, "probing", {"n": 5})
    error = TypeError("Cannot concatenate arrays with shapes that differ in dimensions other than the one "
                      "being concatenated: concatenating along dimension 0 for shapes (3, 4), (1, 5).")
    assert _resized(signature, error).sizes == {"n": 4}
    huge = TypeError("concatenating along dimension 0 for shapes (3, 400), (1, 5).")
    assert _resized(signature, huge) is None


def test_a_python_if_on_a_vector_argument_gets_one_element_probes(worker, tmp_path):
    # MARL_CTP's environment step: `jax.vmap` over the agents' positions and actions (so not
    # scalars), then `if edge == n_edge:` on the result, as the agents are one. Vector probes make
    # the original's `if` raise ("truth value ... ambiguous"); the probe's size becomes 1.
    original = code("""
        import jax
        import jax.numpy as jnp

        def _distance(p, a):
            return jnp.abs(p - a)

        @jax.jit
        def f(pos, action):
            edge = jax.vmap(_distance)(pos, action)
            if edge > 1.0:
                reward = edge * 2.0
            else:
                reward = -edge
            return reward
    """)
    rewritten = original.replace(
        "    if edge > 1.0:\n        reward = edge * 2.0\n    else:\n        reward = -edge\n",
        "    reward = jnp.where(edge > 1.0, edge * 2.0, -edge)\n")
    assert rewritten != original
    result = verify(worker, tmp_path, original, rewritten)
    assert result.verified, result_lines(result)
    assert any("pos=f32[1]" in signature for signature in result.details["signatures"]), \
        result.details["signatures"]


def test_a_parameter_compared_in_a_python_test_is_one_value():
    # A walker warm-up: `if jnp.max(loglikes) > max_loglike:` runs eagerly only on one value.
    specs = inferred("""
        import jax.numpy as jnp
        def f(loglikes, max_loglike):
            if jnp.max(loglikes) > max_loglike:
                max_loglike = jnp.max(loglikes)
            return max_loglike
    """)
    assert specs["max_loglike"] == ["f32[]"], specs


def test_a_field_declared_static_is_built_as_a_python_value():
    # A trade model's `ModelParams.N` (`field(metadata=dict(static=True))`) is a size: built as an
    # array it made `jnp.zeros((params.N, params.J))` fail on every input.
    specs = inferred("""
        from dataclasses import dataclass, field
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_dataclass
        @dataclass
        class ModelParams:
            beta: jnp.ndarray
            N: int = field(default=0, metadata=dict(static=True))

        def f(params: ModelParams):
            return jnp.zeros((params.N,)) + params.beta
    """)
    assert any("N=int" in spec for spec in specs["params"]), specs
