"""How the engine applies the fixes rules propose: overlapping edits, and fixes with several edits."""

from __future__ import annotations

import libcst as cst

from tracerfix import engine
from tracerfix.rule import Finding, Fix

SOURCE = """import jax


@jax.jit
def f(x):
    if x > 0:
        y = g(x)
    else:
        y = x
    return y


h = 1
"""


def parts(module: cst.Module):
    function = module.body[1]
    branch = function.body.body[0]
    call = branch.body.body[0].body[0].value
    assignment = module.body[2]
    return branch, call, assignment


def finding(node, edits, top: int) -> Finding:
    found = Finding("TFX000", "test", "test", node, Fix("test", edits))
    found.top = top
    return found


def test_a_fix_is_applied_whole_or_not_at_all():
    module = cst.parse_module(SOURCE)
    branch, call, assignment = parts(module)
    # The outer edit replaces the whole `if`; the other fix edits the call inside it and, in
    # another statement, `h = 1`. The call's edit is swallowed, so `h = 1` must stay too.
    outer = finding(branch, [(branch, cst.parse_statement("y = x\n"))], top=1)
    spread = finding(
        call,
        [(call, cst.parse_expression("g2(x)")), (assignment, cst.parse_statement("h = 2\n"))],
        top=1,
    )
    code = engine.apply_fixes(module, [outer, spread]).module.code
    assert "    y = x\n    return y" in code
    assert "h = 1" in code and "h = 2" not in code and "g2" not in code


def test_a_fix_whose_edits_all_land_is_applied():
    module = cst.parse_module(SOURCE)
    _, call, assignment = parts(module)
    spread = finding(
        call,
        [(call, cst.parse_expression("g2(x)")), (assignment, cst.parse_statement("h = 2\n"))],
        top=1,
    )
    code = engine.apply_fixes(module, [spread]).module.code
    assert "y = g2(x)" in code and "h = 2" in code


def test_two_fixes_editing_the_same_node_apply_the_first():
    module = cst.parse_module(SOURCE)
    _, call, assignment = parts(module)
    first = finding(call, [(call, cst.parse_expression("first(x)"))], top=1)
    second = finding(
        call,
        [(call, cst.parse_expression("second(x)")), (assignment, cst.parse_statement("h = 2\n"))],
        top=1,
    )
    code = engine.apply_fixes(module, [first, second]).module.code
    assert "y = first(x)" in code and "second" not in code and "h = 1" in code


def test_rules_leave_methods_run_after_the_nodes_below():
    """Rules may define leave_<Node> as well as visit_<Node>, as LibCST visitors do."""
    from tracerfix.engine import Settings, lint
    from tracerfix.rule import Rule

    order: list[str] = []

    class Recorder(Rule):
        code = "TFX999"
        name = "recorder"
        summary = "records the walk"

        def visit_If(self, node) -> None:
            order.append(f"visit If, traced scope {self.context.function_name}")

        def visit_Call(self, node) -> None:
            order.append("visit Call")

        def leave_If(self, node) -> None:
            order.append(f"leave If, traced scope {self.context.function_name}")

    source = "import jax\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        x = g(x)\n    return x\n"
    lint(source, Settings(rules=(Recorder,)))
    assert order == ["visit If, traced scope f", "visit Call", "leave If, traced scope f"]


def test_an_import_a_fix_added_and_a_later_pass_made_unused_is_removed():
    # A first pass recomputed a test with NumPy (adding `import numpy as np`); a later pass
    # lowered the whole loop around it, and nothing reads `np` any more. An unused import the
    # user wrote stays, as does one that the final code reads.
    from tracerfix.engine import _without_unused_added_imports

    original = "import jax\nimport os\n\n\ndef f(x):\n    return x\n"
    source = ("import jax\nimport os\nimport numpy as np\nfrom jax import lax\n\n\n"
              "def f(x):\n    return lax.neg(x)\n")
    assert _without_unused_added_imports(original, source) == (
        "import jax\nimport os\nfrom jax import lax\n\n\ndef f(x):\n    return lax.neg(x)\n")
    used = source.replace("lax.neg(x)", "np.negative(x)")
    assert _without_unused_added_imports(original, used) == used.replace("from jax import lax\n", "")
