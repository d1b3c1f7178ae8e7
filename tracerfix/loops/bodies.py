"""Loop bodies as the rewrites read them: the `range(...)` header, each `if c: ...; continue` (and
the one `if c: ...; break`) as `if c: ... else: <the rest>`, and the refusal, with its reason, of
any statement a `lax` loop body or a vectorised body cannot hold."""

from __future__ import annotations

from typing import NamedTuple, Sequence

import libcst as cst

from tracerfix.analysis.syntax import SCOPES, descendants, own_nodes
from tracerfix.analysis.values import literal_int
from tracerfix.loops.names import statements_in, target_names
from tracerfix.loops.outcome import CannotRewrite
from tracerfix.loops.placement import check_not_inside_try, env_at
from tracerfix.rewrite import truth_test_is_traced


# Immutable records of the loop modules are NamedTuples, not dataclasses: a NamedTuple costs a
# third as much to define, and they load whenever traced code has a loop.
class RangeHeader(NamedTuple):
    """`for index in range(start, stop, step)`."""

    index: str
    start: cst.BaseExpression | None
    stop: cst.BaseExpression
    step: int = 1


def range_header(loop: cst.For, context, any_step: bool = False) -> RangeHeader:
    """The loop's `range`; with `any_step`, a step that is a literal integer other than 1 too."""
    call = loop.iter
    if not (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Name)
        and call.func.value == "range"
        and "range" not in context.env
        and "range" not in context.analysis.index.module_env
    ):
        raise CannotRewrite("only `for i in range(...)` loops are rewritten")
    if not isinstance(loop.target, cst.Name):
        raise CannotRewrite(f"the loop target `{context.code(loop.target)}` is not a single name")
    args = call.args
    if not 1 <= len(args) <= 3 or any(arg.keyword is not None or arg.star for arg in args):
        raise CannotRewrite(f"`{context.describe(call)}` is not a plain `range(start, stop)`")
    step = literal_int(args[2].value) if len(args) == 3 else 1
    if step != 1 and not (any_step and step):
        text = context.code(args[2].value)
        if any_step:  # the sign of the step decides whether the loop runs while `i < stop` or `i > stop`
            raise CannotRewrite(f"the loop steps by `{text}`, which is not a literal integer")
        raise CannotRewrite(f"the loop steps by `{text}`; `lax.fori_loop` counts up by one")
    if len(args) == 1:
        return RangeHeader(loop.target.value, None, args[0].value)
    return RangeHeader(loop.target.value, args[0].value, args[1].value, step)


class LoopBody(NamedTuple):
    """A loop body as the rewrites read it: `statements`, where each `if c: ...; continue` (and
    the `if c: ...; break`, `exit`) has become `if c: ... else: <the rest of the body>`, whose
    ids are in `skips`."""

    statements: list[cst.BaseStatement]
    skips: set[int]
    exit: cst.If | None = None


def plain_body(loop: cst.For | cst.While, context, exits: bool = False) -> LoopBody:
    """The loop body without `continue` (and, with `exits`, without its `break`); refuses what
    a `lax` loop or a vectorised body cannot express."""
    if loop.orelse is not None:
        raise CannotRewrite("the loop has an `else` clause")
    check_not_inside_try(loop, context)
    if any(isinstance(node, cst.NamedExpr) for node in descendants(loop.body)):
        # The templates move tests into the loop condition, away from what reads the name.
        raise CannotRewrite("a `:=` binds a name inside the loop")
    skips: set[int] = set()
    statements = [_in_blocks(statement) for statement in statements_in(loop.body)]
    exit = None
    if exits:
        position = _exit_position(statements)
        if position is not None:
            rest = _without_continue(statements[position + 1 :], skips)
            exit = _as_skip(statements[position], rest, "break")
            skips.add(id(exit))
            statements = [*statements[:position], exit]
    statements = _without_continue(statements, skips)
    _check_body(statements, context)
    return LoopBody(statements, skips, exit)


def _own(statements: Sequence[cst.CSTNode], kind: type, opaque: tuple[type, ...]) -> list[cst.CSTNode]:
    """The `kind` nodes under `statements`, not looking inside `opaque` nodes."""
    return [node for node in own_nodes(statements, opaque) if isinstance(node, kind)]


def loop_breaks(statements: Sequence[cst.CSTNode]) -> list[cst.Break]:
    """The `break`s that end this loop, not those of loops or functions nested in it."""
    return _own(statements, cst.Break, (cst.For, cst.While, *SCOPES))


def always_true(test: cst.BaseExpression) -> bool:
    """`True` or a nonzero integer literal: the test of a `while` that only a `break` (or a
    `return`) ends."""
    if isinstance(test, cst.Name):
        return test.value == "True"
    value = literal_int(test)
    return value is not None and value != 0


def traced_exit(loop: cst.While, context) -> cst.If | None:
    """For `while True:`, the `if c: ...; break` at the top level of its body when that is the
    loop's only way out (one `break`, no `return`) and `c` is traced: the leak of the loop."""
    statements = statements_in(loop.body)
    if _own(statements, cst.Return, SCOPES):
        return None
    try:
        position = _exit_position([_in_blocks(statement) for statement in statements])
    except CannotRewrite:
        return None
    if position is None:
        return None
    exit = statements[position]
    # The test is judged where it stands, as the `if` rule judges it: a name the body assigns
    # before it may be traced there and unknown at the `while`.
    saved = context.env
    context.env = env_at(exit, context)
    try:
        return exit if truth_test_is_traced(context, exit.test) else None
    finally:
        context.env = saved


def _exit_position(statements: Sequence[cst.BaseStatement]) -> int | None:
    """Where the body's one `if c: ...; break` stands: a top-level `if` whose own branch ends
    with the loop's only `break`."""
    breaks = loop_breaks(statements)
    if not breaks:
        return None
    if len(breaks) > 1:
        raise CannotRewrite(
            f"the body has {len(breaks)} `break` statements; only one `if c: ...; break` at the top "
            "level of the body is rewritten"
        )
    for position, statement in enumerate(statements):
        if isinstance(statement, cst.If) and _ends_with(statement.body, cst.Break):
            return position
    raise CannotRewrite(
        "the `break` does not end an `if` at the top level of the body (it stands deeper, or in "
        "an `elif`/`else` branch)"
    )


def _in_blocks(statement: cst.BaseStatement) -> cst.BaseStatement:
    """An `if` whose branches are written on one line (`if c: x = 1`) with indented blocks, so
    that every branch below is a list of statements; the tests stay the same nodes."""
    if not (isinstance(statement, cst.If) and _contains(statement, (cst.SimpleStatementSuite,))):
        return statement
    orelse = statement.orelse
    if isinstance(orelse, cst.If):
        orelse = _in_blocks(orelse)
    elif orelse is not None:
        orelse = orelse.with_changes(body=_block(orelse.body))
    return statement.with_changes(body=_block(statement.body), orelse=orelse)


def _block(suite: cst.BaseSuite) -> cst.IndentedBlock:
    if isinstance(suite, cst.SimpleStatementSuite):
        line = cst.SimpleStatementLine(body=suite.body)
        return cst.IndentedBlock(body=[line], header=suite.trailing_whitespace)
    return suite.with_changes(body=[_in_blocks(statement) for statement in suite.body])


def _ends_with(block: cst.IndentedBlock, kind: type) -> bool:
    last = block.body[-1] if block.body else None
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], kind)


def _without_continue(statements: list[cst.BaseStatement], skips: set[int]) -> list[cst.BaseStatement]:
    for position, statement in enumerate(statements):
        if not (isinstance(statement, cst.If) and _ends_with(statement.body, cst.Continue)):
            continue
        rest = _without_continue(statements[position + 1 :], skips)
        rewritten = _as_skip(statement, rest, "continue")
        skips.add(id(rewritten))
        return [*statements[:position], rewritten]
    return statements


def _as_skip(statement: cst.If, rest: list[cst.BaseStatement], keyword: str) -> cst.If:
    """`if c: ...; continue` (or `break`) followed by `rest` as `if c: ... else: <rest>`."""
    if isinstance(statement.orelse, cst.If):
        raise CannotRewrite(f"a `{keyword}` inside an `if`/`elif` chain")
    last = statement.body.body[-1]
    kept_small = list(last.body[:-1])
    then = list(statement.body.body[:-1]) + ([last.with_changes(body=kept_small)] if kept_small else [])
    if not then:
        then = [cst.SimpleStatementLine(body=[cst.Pass()])]
    otherwise = (statements_in(statement.orelse.body) if statement.orelse else []) + rest
    if not otherwise:
        otherwise = [cst.SimpleStatementLine(body=[cst.Pass()])]
    return statement.with_changes(
        body=statement.body.with_changes(body=then),
        orelse=cst.Else(body=cst.IndentedBlock(body=otherwise)),
    )


def _check_body(statements: Sequence[cst.BaseStatement], context) -> None:
    """Only assignments and `if`s: anything else changes meaning inside a `lax` loop body."""
    for statement in statements:
        if isinstance(statement, cst.If):
            _check_body(statements_in(statement.body), context)
            if isinstance(statement.orelse, cst.If):
                _check_body([statement.orelse], context)
            elif statement.orelse is not None:
                _check_body(statements_in(statement.orelse.body), context)
            continue
        if not isinstance(statement, cst.SimpleStatementLine):
            raise CannotRewrite(_compound_reason(statement))
        for small in statement.body:
            if isinstance(small, (cst.Assign, cst.AugAssign, cst.Pass)) or (
                isinstance(small, cst.AnnAssign) and small.value is not None
            ):
                _check_targets(small, context)
                if _contains(small, (cst.Yield, cst.Await, cst.Lambda, cst.NamedExpr)):
                    raise CannotRewrite(f"`{context.describe(small)}` cannot move into a loop body function")
                continue
            raise CannotRewrite(_simple_reason(small, context))


def _check_targets(small: cst.BaseSmallStatement, context) -> None:
    if isinstance(small, cst.Assign):
        targets = [t.target for t in small.targets]
    else:
        targets = [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) else []
    for target in targets:
        if isinstance(target, cst.Subscript):
            raise CannotRewrite(
                f"the body assigns into `{context.describe(target)}` in place; JAX arrays are "
                f"immutable: write `{context.describe(target.value)} = "
                f"{context.describe(target.value)}.at[...].set(...)`"
            )
        if not target_names(target):
            raise CannotRewrite(f"the body assigns to `{context.describe(target)}`, outside the loop's state")


def _compound_reason(statement: cst.BaseStatement) -> str:
    if isinstance(statement, (cst.For, cst.While)):
        return "the body holds a nested loop"
    if isinstance(statement, (cst.Try, getattr(cst, "TryStar", cst.Try))):
        return "the body holds a `try`: exceptions cannot be caught per iteration of a `lax` loop"
    if isinstance(statement, cst.With):
        return "the body holds a `with` block"
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return "the body defines a function or class"
    return f"the body holds a `{type(statement).__name__.lower()}` statement"


def _simple_reason(small: cst.BaseSmallStatement, context) -> str:
    if isinstance(small, cst.Break):
        return (
            "`break` on a traced condition ends the loop after a data-dependent number of steps; "
            "write a `lax.while_loop` whose state carries the stop flag"
        )
    if isinstance(small, cst.Continue):
        return "a `continue` that does not end a top-level `if` of the body"
    if isinstance(small, cst.Return):
        return "the body returns from the function"
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        call = small.value
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("append", "extend"):
            return (
                f"the body collects results with `{context.describe(call)}`; write the loop as "
                "`lax.scan` returning them"
            )
        if isinstance(call.func, cst.Name) and call.func.value == "print":
            return "the body prints; inside a `lax` loop use `jax.debug.print`"
        return f"the body calls `{context.describe(call)}` for its side effects"
    if isinstance(small, (cst.Global, cst.Nonlocal)):
        return "the body declares `global`/`nonlocal` names"
    return f"the body holds `{context.describe(small)}`"


def _contains(node: cst.CSTNode, kinds: tuple[type, ...]) -> bool:
    if isinstance(node, kinds):
        return True
    return any(_contains(child, kinds) for child in node.children)
