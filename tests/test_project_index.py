"""The project index on small generated projects: import resolution, which arguments a call
traces, and where it stays silent. In process (`analysis.project.seeds_for`), no subprocess."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tracerfix.analysis.project import find_root, seeds_for


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def seeds(root: Path, name: str) -> dict[str, tuple[tuple[str, ...], str]]:
    return {seed.function: (seed.traced, seed.reason) for seed in seeds_for(root / name)}


OPS = """\
    import jax.numpy as jnp

    def f(x, n):
        return x * n

    def shape_of(x):
        return x.shape[0]

    def double(x):
        return jnp.asarray(x) * 2

    def g(y):
        return y
"""


def test_imports_resolve_absolute_relative_and_through_reexports(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "from .sub.ops import f\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/ops.py": OPS,
        "pkg/sub/steps.py": """\
            import jax
            from .. import f as reexported
            from . import ops
            import pkg.sub.ops as absolute

            @jax.jit
            def step(x):
                return reexported(x, 2) + ops.g(x) + absolute.double(x)
        """,
    })
    assert find_root(tmp_path / "pkg" / "sub" / "ops.py") == tmp_path
    found = seeds(tmp_path, "pkg/sub/ops.py")
    assert found["f"][0] == ("x",), "the literal 2 is static"
    assert found["g"][0] == ("y",)
    assert found["double"][0] == ("x",)
    assert found["f"][1] == "called from traced `step` in pkg/sub/steps.py:8 with traced arguments"


def test_what_a_call_returns_follows_the_callee(tmp_path):
    write(tmp_path, {
        "ops.py": OPS,
        "main.py": """\
            import jax
            import ops

            @jax.jit
            def step(x):
                n = ops.shape_of(x)
                y = ops.double(x)
                return ops.f(n, 3) + ops.g(y)
        """,
    })
    found = seeds(tmp_path, "ops.py")
    assert "f" not in found, "f receives a shape and a literal: nothing traced"
    assert found["g"][0] == ("y",), "double returns array math on its traced argument"


def test_static_arguments_of_the_transformation_stay_static(tmp_path):
    write(tmp_path, {
        "ops.py": OPS,
        "main.py": """\
            from functools import partial
            import jax
            import ops

            @partial(jax.jit, static_argnums=1)
            def step(x, n):
                return ops.f(x, n)

            fast_f = jax.jit(ops.f, static_argnames="n")
        """,
    })
    assert seeds(tmp_path, "ops.py")["f"][0] == ("x",)


def test_untraced_callers_and_unreached_functions_are_silent(tmp_path):
    write(tmp_path, {
        "ops.py": OPS,
        "main.py": """\
            import jax
            import ops

            def report(x):
                return ops.f(x, 2)

            @jax.jit
            def step(x):
                return x + 1
        """,
    })
    assert seeds(tmp_path, "ops.py") == {}


def test_functions_handed_to_transformations_inside_untraced_code(tmp_path):
    write(tmp_path, {
        "ops.py": OPS,
        "main.py": """\
            import jax
            from jax import lax
            import ops

            def run(xs):
                def body(carry, x):
                    return ops.g(carry), x
                lax.scan(body, 0.0, xs)
                return jax.vmap(lambda row: ops.double(row))(xs)

            grads = jax.grad(ops.f)
        """,
    })
    found = seeds(tmp_path, "ops.py")
    assert found["g"][0] == ("y",)
    assert found["double"][0] == ("x",)
    assert found["f"] == (("x",), "differentiated in main.py:11"), "grad traces argument 0 only"


def test_a_script_folder_is_its_own_project(tmp_path):
    write(tmp_path, {"scripts/ops.py": OPS, "scripts/train.py": "import jax\nfrom ops import g\nstep = jax.jit(g)\n"})
    assert find_root(tmp_path / "scripts" / "ops.py") == tmp_path / "scripts"
    assert seeds(tmp_path, "scripts/ops.py")["g"] == (("y",), "jitted in train.py:3")


def test_a_plain_callable_object_is_not_followed_but_a_model_is(tmp_path):
    # flax's own ScanFn (a plain class) is handed to lax.scan with a carry of Python deques:
    # following it reported `assert not carry_deque` in the corpus. Model classes are followed.
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/bodies.py": """\
            import equinox as eqx

            class Body:
                def __call__(self, carry, x):
                    return carry, x

            class Cell(eqx.Module):
                def __call__(self, carry, x):
                    return carry, x
        """,
        "pkg/run.py": """\
            import jax
            from pkg.bodies import Body, Cell

            def run(xs):
                body = Body()
                cell = Cell()
                jax.lax.scan(body, 0.0, xs)
                return jax.lax.scan(cell, 0.0, xs)
        """,
    })
    assert set(seeds(tmp_path, "pkg/bodies.py")) == {"Cell.__call__"}


def test_a_new_process_reads_only_the_files_that_changed(tmp_path, monkeypatch):
    # The save hook is one process per save: in a project of thousands of files, learning who
    # imports whom read every file each time (a second per save in this repository).
    import builtins

    from tracerfix.analysis.project import Project
    from tracerfix.cache import Cache

    project_root = tmp_path / "proj"
    write(project_root, {
        "pkg/__init__.py": "",
        "pkg/ops.py": OPS,
        "pkg/steps.py": """\
            import jax
            from pkg.ops import f

            @jax.jit
            def step(x):
                return f(x, 2)
        """,
        **{f"pkg/other_{i}.py": f"import numpy as np\nVALUE_{i} = {i}\n" for i in range(20)},
    })
    cache = Cache(tmp_path / "cache", secret=b"s" * 64)
    target = (project_root / "pkg" / "ops.py").resolve()
    first = Project(project_root.resolve()).seeds_for(target, cache)

    opened = []
    real_open = builtins.open

    def counting_open(file, *args, **kwargs):
        if str(project_root) in str(file):
            opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting_open)
    assert Project(project_root.resolve()).seeds_for(target, cache) == first
    assert not any("other_" in path for path in opened), opened
    (project_root / "pkg" / "other_3.py").write_text("import numpy as np\nVALUE_3 = 'changed'\n")
    opened.clear()
    assert Project(project_root.resolve()).seeds_for(target, cache) == first
    assert [Path(path).name for path in opened if "other_" in path] == ["other_3.py"], opened
