"""What the loop rewrites need to know about a loop, and the code they build from it.

A Python loop in traced code is unrolled while tracing; a Python `if` or `while` on a traced value
inside it is the leak. Three rewrites remove it, each refusing (`CannotRewrite`, with a reason the
user can act on) rather than guessing:

- `vectorise`: a `for i in range(len(x))` loop whose iterations each read and write only element
  `i` of its arrays becomes whole-array statements (`x = jnp.where(x < 0, 0, x)`);
- `fori_loop_rewrite` / `while_loop_rewrite`: a loop whose iterations depend on each other becomes
  `lax.fori_loop` / `lax.while_loop`, with the names it carries as the state; a `break` on a
  traced value (the only way out of `while True:`) becomes a stop flag in that state;
- both turn the `if`s on traced values of the body into `jnp.where` selections (`Selection`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.dataflow import Env, FunctionFacts, FunctionWalker
from tracerfix.analysis.values import STATIC, TRACED_VALUE, Evaluator, literal_int
from tracerfix.rewrite import (
    BINARY_OF_AUGMENTED,
    builtin_called,
    is_boolean,
    names_read,
    truth_test_is_traced,
    where_safety,
)
from tracerfix.rule import Safety


class CannotRewrite(Exception):
    """Why a loop is reported but left as it is; the text completes "cannot rewrite it: ..."."""


@dataclass
class LoopRewrite:
    """The statements replacing a loop, the `if` tests they turn into selections, the modules they
    name (qualified: "jax.numpy", "jax.lax") and how far the replacement can be trusted."""

    statements: list[cst.BaseStatement]
    converted_tests: set[int]
    modules: set[str]
    safety: Safety = Safety.SAFE
    notes: list[str] = field(default_factory=list)
    # Edits outside the loop: `ys = []` removed, `jnp.stack(ys)` read as `ys` (lax.scan).
    other_edits: list[tuple[cst.CSTNode, object]] = field(default_factory=list)

    @property
    def note(self) -> str:
        return "; ".join(dict.fromkeys(self.notes))

    def add_concern(self, safety: Safety, note: str) -> None:
        if safety is Safety.UNSAFE:
            self.safety = Safety.UNSAFE
            self.notes.append(note)


# --- names --------------------------------------------------------------------------------------


def statements_in(suite: cst.BaseSuite) -> list[cst.BaseStatement]:
    if isinstance(suite, cst.IndentedBlock):
        return list(suite.body)
    return [cst.SimpleStatementLine(body=list(suite.body))]  # `while c: x = x / 2` on one line


def target_names(target: cst.BaseExpression) -> list[str]:
    """Names an assignment target binds: `a`, `a, (b, *c)`; a subscript or attribute binds none."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return []


def _target_reads(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return set()
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_target_reads(element.value) for element in target.elements))
    if isinstance(target, cst.StarredElement):
        return _target_reads(target.value)
    return set(names_read(target))  # `x[0] = v` reads (and mutates) x


def assigned_pairs(small: cst.BaseSmallStatement) -> list[tuple[str, cst.BaseExpression]] | None:
    """`a = v` and `a, b = v, w` as [(name, value)...]; None for any other statement."""
    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.value is not None:
        return [(small.target.value, small.value)]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target, value = small.targets[0].target, small.value
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    if (
        isinstance(target, (cst.Tuple, cst.List))
        and isinstance(value, (cst.Tuple, cst.List))
        and len(target.elements) == len(value.elements)
        and all(isinstance(e.value, cst.Name) for e in target.elements)
        and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
    ):
        return [(t.value.value, v.value) for t, v in zip(target.elements, value.elements)]
    return None


def simple_effect(small: cst.BaseSmallStatement) -> tuple[set[str], set[str]]:
    """(names read, names bound) by one small statement."""
    if isinstance(small, cst.Assign):
        reads = set(names_read(small.value))
        bound: set[str] = set()
        for target in small.targets:
            reads |= _target_reads(target.target)
            bound.update(target_names(target.target))
        return reads, bound
    if isinstance(small, cst.AnnAssign):
        if small.value is None:
            return set(), set()
        return set(names_read(small.value)) | _target_reads(small.target), set(target_names(small.target))
    if isinstance(small, cst.AugAssign):
        return set(names_read(small.value)) | set(names_read(small.target)), set(target_names(small.target))
    return set(names_read(small)), set()


class _Stores(cst.CSTVisitor):
    """Every name a subtree binds, counted (nested functions and classes bind only their name)."""

    def __init__(self, skip: cst.CSTNode | None = None) -> None:
        self.skip = skip
        self.counts: Counter[str] = Counter()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is self.skip:
            return False
        return super().on_visit(node)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.counts.update(target_names(node.target))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.counts.update(target_names(node.target))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.counts.update(target_names(node.target))

    def visit_For(self, node: cst.For) -> None:
        self.counts.update(target_names(node.target))

    def visit_AsName(self, node: cst.AsName) -> None:
        self.counts.update(target_names(node.name))

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.counts.update(target_names(node.target))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.counts[node.name.value] += 1
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.counts[node.name.value] += 1
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def store_counts(nodes: Iterable[cst.CSTNode], skip: cst.CSTNode | None = None) -> Counter[str]:
    stores = _Stores(skip)
    for node in nodes:
        node.visit(stores)
    return stores.counts


def exposed_reads(
    statements: Sequence[cst.BaseStatement], assigned: Iterable[str] = ()
) -> tuple[set[str], set[str]]:
    """Names a block may read before assigning them, and the names it assigns on every path."""
    exposed: set[str] = set()
    assigned = set(assigned)
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                reads, bound = simple_effect(small)
                exposed |= reads - assigned
                assigned |= bound
        elif isinstance(statement, cst.If):
            exposed |= set(names_read(statement.test)) - assigned
            then_exposed, then_assigned = exposed_reads(statements_in(statement.body), assigned)
            if isinstance(statement.orelse, cst.If):
                else_exposed, else_assigned = exposed_reads([statement.orelse], assigned)
            elif isinstance(statement.orelse, cst.Else):
                else_exposed, else_assigned = exposed_reads(statements_in(statement.orelse.body), assigned)
            else:
                else_exposed, else_assigned = set(), assigned
            exposed |= then_exposed | else_exposed
            assigned = then_assigned & else_assigned
        else:
            exposed |= set(names_read(statement)) - assigned
    return exposed, assigned


# --- where a loop stands in its function ----------------------------------------------------------


def _surroundings(loop: cst.CSTNode, context) -> Iterator[tuple[cst.CSTNode, cst.CSTNode]]:
    """(parent, child) pairs from the loop up to the traced function's body."""
    child = loop
    for parent in reversed(context.ancestors[:-1]):
        if isinstance(parent, (cst.FunctionDef, cst.Lambda)):
            return
        yield parent, child
        child = parent


def code_after(loop: cst.CSTNode, context) -> list[cst.CSTNode]:
    """Statements (and loop tests) that may run after `loop`, in order; an enclosing loop runs its
    whole body again."""
    after: list[cst.CSTNode] = []
    for parent, child in _surroundings(loop, context):
        if isinstance(parent, cst.IndentedBlock):
            position = next(i for i, statement in enumerate(parent.body) if statement is child)
            after.extend(parent.body[position + 1 :])
        elif isinstance(parent, (cst.For, cst.While)) and child is parent.body:
            if isinstance(parent, cst.While):
                after.append(parent.test)
            after.extend(statements_in(parent.body))
    return after


def code_before(loop: cst.CSTNode, context) -> list[cst.CSTNode]:
    """Statements that run before `loop` in its function (enclosing loop targets included)."""
    before: list[cst.CSTNode] = []
    for parent, child in _surroundings(loop, context):
        if isinstance(parent, cst.IndentedBlock):
            position = next(i for i, statement in enumerate(parent.body) if statement is child)
            before[:0] = parent.body[:position]
        elif isinstance(parent, cst.For):
            before.append(parent.target)
    return before


def read_after(names: Iterable[str], loop: cst.CSTNode, context) -> set[str]:
    """Which of `names` the code after `loop` (or a nested function) may read before rebinding."""
    after = code_after(loop, context)
    live = set()
    for name in names:
        for node in after:
            if isinstance(node, cst.SimpleStatementLine):
                effects = [simple_effect(small) for small in node.body]
                if any(name in reads for reads, _ in effects):
                    live.add(name)
                    break
                if any(name in bound for _, bound in effects):
                    break
            elif isinstance(node, cst.For) and name in target_names(node.target):
                if name in set(names_read(node.iter)):
                    live.add(name)
                break  # otherwise `for name in ...` rebinds it before its body can read it
            elif name in set(names_read(node)):
                live.add(name)
                break
    function = context.function
    if function is not None:
        nested = _NestedReads()
        function.body.visit(nested)
        live |= nested.names & set(names)
    return live


class _NestedReads(cst.CSTVisitor):
    """Names read inside nested functions and lambdas: closures may read them at any time."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.names.update(names_read(node.body))
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self.names.update(names_read(node.body))
        return False


def bound_before(loop: cst.CSTNode, context) -> set[str]:
    """Names that have a value when `loop` starts: parameters and earlier assignments."""
    names = set(context.scope.params) if context.scope is not None else set()
    for node in code_before(loop, context):
        if isinstance(node, cst.BaseExpression):
            names.update(target_names(node))
        else:
            names.update(store_counts([node]))
    return names


def check_not_inside_try(loop: cst.CSTNode, context) -> None:
    for parent, _ in _surroundings(loop, context):
        if isinstance(parent, (cst.Try, getattr(cst, "TryStar", cst.Try))):
            raise CannotRewrite(
                "it stands inside a `try`: an error raised in a `lax` loop body surfaces while "
                "tracing, not where the `except` expects it"
            )


def evaluator(context, env: Env) -> Evaluator:
    return context.evaluator(env)


def env_at(statement: cst.CSTNode, context) -> Env:
    """The analysis' environment before `statement` (the current one when not recorded)."""
    facts = context.analysis.facts.get(id(context.scope.node)) if context.scope is not None else None
    if facts is None:
        return context.env
    return facts.env_at.get(id(statement), context.env)


# --- the branches a loop takes per iteration --------------------------------------------------------


class _BodyIfs(cst.CSTVisitor):
    """The `if`/`elif` statements of a loop body, not those of nested loops or functions."""

    def __init__(self) -> None:
        self.found: list[cst.If] = []

    def visit_If(self, node: cst.If) -> None:
        self.found.append(node)

    def visit_For(self, node: cst.For) -> bool:
        return False

    def visit_While(self, node: cst.While) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False


def body_ifs(statements: Sequence[cst.BaseStatement]) -> list[cst.If]:
    visitor = _BodyIfs()
    for statement in statements:
        statement.visit(visitor)
    return visitor.found


def per_iteration_branches(loop: cst.For, context) -> list[cst.If]:
    """For a loop over indices or array elements, the `if`s of its body whose test is traced and
    changes from one iteration to the next (it reads the loop target or a name the body assigns)."""
    if not _steps_through_elements(loop.iter, context):
        return []
    body = statements_in(loop.body)
    varying = set(target_names(loop.target)) | set(store_counts(body))
    branches = []
    for node in body_ifs(body):
        if not varying & set(names_read(node.test)):
            continue
        if evaluator(context, env_at(node, context)).value(node.test).traced:
            branches.append(node)
    return branches


def _steps_through_elements(iterable: cst.BaseExpression, context) -> bool:
    """`range(...)`, a traced array, or `enumerate`/`zip` of traced arrays (not a list of layers)."""
    builtin = iterable.func.value if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) else None
    if builtin is not None and builtin not in context.env:
        if builtin == "range":
            return True
        if builtin in ("enumerate", "zip"):
            return any(context.is_traced(arg.value) for arg in iterable.args)
    return context.is_traced(iterable)


# --- loop bodies --------------------------------------------------------------------------------


# Immutable records here are NamedTuples, not dataclasses: a NamedTuple costs a third as much to
# define, and this module loads whenever traced code has a loop.
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


_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def _own(statements: Sequence[cst.CSTNode], kind: type, opaque: tuple[type, ...]) -> list[cst.CSTNode]:
    """The `kind` nodes under `statements`, not looking inside `opaque` nodes."""
    found = []
    pending = list(statements)
    while pending:
        node = pending.pop()
        if isinstance(node, kind):
            found.append(node)
        elif not isinstance(node, opaque):
            pending.extend(node.children)
    return found


def loop_breaks(statements: Sequence[cst.CSTNode]) -> list[cst.Break]:
    """The `break`s that end this loop, not those of loops or functions nested in it."""
    return _own(statements, cst.Break, (cst.For, cst.While, *_SCOPES))


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
    if _own(statements, cst.Return, _SCOPES):
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


# --- carried state ------------------------------------------------------------------------------


def carried_names(
    loop: cst.For | cst.While, body: Sequence[cst.BaseStatement], context, also_read: Iterable[str] = ()
) -> list[str]:
    """The names an iteration hands to the next one or to the code after the loop, in the order
    the function first mentions them; each must have a value before the loop (it may run zero
    times)."""
    assigned = set(store_counts(body))
    exposed, _ = exposed_reads(body)
    live = read_after(assigned, loop, context)
    carried = assigned & (exposed | set(also_read) | live)
    before = bound_before(loop, context)
    for name in sorted(carried):
        if name not in before:
            raise CannotRewrite(
                f"`{name}` is first assigned inside the loop and read after it; it has no value "
                "if the loop runs zero times"
            )
        value = context.env.get(name)
        if value is not None and (value.container or value.host):
            raise CannotRewrite(f"`{name}` is a Python container; a `lax` loop carries arrays")
    order = _first_appearance(context.function or loop)  # parameters first: `a, b` as written
    return sorted(carried, key=lambda name: order.get(name, len(order)))


def _first_appearance(node: cst.CSTNode) -> dict[str, int]:
    order: dict[str, int] = {}
    for name in names_read(node):
        order.setdefault(name, len(order))
    return order


_SHAPE_CHANGING = frozenset(
    {"concatenate", "stack", "hstack", "vstack", "dstack", "column_stack", "append", "insert",
     "delete", "pad", "reshape", "expand_dims", "squeeze", "ravel", "flatten", "repeat", "tile",
     "resize", "atleast_1d", "atleast_2d", "atleast_3d", "outer", "kron"}
)


def check_fixed_shapes(body: Sequence[cst.BaseStatement], carried: Iterable[str], context) -> None:
    """Refuse a carried value whose shape visibly changes between iterations (`lax` loops need a
    fixed shape and dtype for their state)."""
    carried = set(carried)
    for statement in _all_simple(body):
        for small in statement.body:
            pairs = assigned_pairs(small)
            if pairs is None and isinstance(small, (cst.Assign, cst.AugAssign)):
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                pairs = [(name, small.value) for target in targets for name in target_names(target)]
            for name, value in pairs or ():
                if name in carried and _changes_shape(value, {name}):
                    raise CannotRewrite(
                        f"`{name}` changes shape from one iteration to the next "
                        f"(`{context.describe(small)}`); a `lax` loop state keeps one shape"
                    )


def _all_simple(statements: Sequence[cst.BaseStatement]) -> Iterator[cst.SimpleStatementLine]:
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            yield statement
        elif isinstance(statement, cst.If):
            yield from _all_simple(statements_in(statement.body))
            if isinstance(statement.orelse, cst.If):
                yield from _all_simple([statement.orelse])
            elif statement.orelse is not None:
                yield from _all_simple(statements_in(statement.orelse.body))


def _changes_shape(value: cst.BaseExpression, names: set[str]) -> bool:
    if isinstance(value, (cst.List, cst.Tuple, cst.Dict, cst.ListComp, cst.DictComp)):
        return True
    if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) and value.value.value in names:
        return any(isinstance(element.slice, cst.Slice) for element in value.slice) or len(value.slice) > 1
    if isinstance(value, cst.Call):
        leaf = value.func.attr.value if isinstance(value.func, cst.Attribute) else (
            value.func.value if isinstance(value.func, cst.Name) else ""
        )
        return leaf in _SHAPE_CHANGING and bool(names & set(names_read(value)))
    return False


def body_traced_tests(body: Sequence[cst.BaseStatement], entry: Env, context) -> set[int]:
    """Ids of the `if` tests of `body` that are traced when the names in `entry` have those values
    (a loop body function receives its state and index as tracers)."""
    walker = FunctionWalker(
        context.imports,
        context.analysis.index.module_env,
        resolve_call=lambda call: None,
        helper_result=lambda callee: None,
    )
    walker.facts = FunctionFacts(context.function, entry)
    walker.block(body, entry)
    traced = set()
    for node in body_ifs(body):
        env = walker.facts.env_at.get(id(node), entry)
        if evaluator(context, env).value(node.test).traced:
            traced.add(id(node.test))
    return traced


def check_index_uses(body: Sequence[cst.BaseStatement], index: str, entry: Env, context) -> None:
    """A `lax` loop passes the index as a tracer: it may only index arrays (`x[i]`, `x.at[i - 1]`),
    be compared in an `if` test, or be assigned (`first = i`), and so may what it is assigned to."""
    names = {index}
    while True:
        uses = _IndexUses(names)
        for statement in body:
            statement.visit(uses)
        if uses.elsewhere is not None or uses.derived <= names:
            break
        names |= uses.derived
    if uses.elsewhere is not None:
        used = uses.elsewhere_name
        what = f"the loop index `{index}`" if used == index else f"`{used}`, set from the loop index `{index}`,"
        raise CannotRewrite(
            f"`{context.describe(uses.elsewhere)}` uses {what} as a Python value; a `lax` loop passes "
            "the index as a traced integer"
        )
    for base in uses.indexed:  # `x.at` counts as the traced array `x`
        if not evaluator(context, entry).value(base).traced:
            raise CannotRewrite(
                f"`{context.describe(base)}` is indexed by the loop index `{index}` but is not a JAX array"
            )


class _IndexUses(cst.CSTVisitor):
    """Where the loop index (or a name assigned from it, `names`) is used: indexing (`x[i - 1]`,
    `x.at[i]`), array math in an `if` test (`if i >= n`, which becomes a selection) or assigned to
    a name (`derived`, whose uses count too) is fine; anything else needs a Python int."""

    _MATH = (
        cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.ComparisonTarget, cst.BooleanOperation,
        cst.Index,
    )

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.stack: list[cst.CSTNode] = []
        self.indexed: list[cst.BaseExpression] = []
        self.derived: set[str] = set()
        self.elsewhere: cst.CSTNode | None = None
        self.elsewhere_name = ""

    def on_visit(self, node: cst.CSTNode) -> bool:
        parent = self.stack[-1] if self.stack else None
        self.stack.append(node)
        if isinstance(parent, cst.Attribute) and parent.attr is node:
            return False
        if isinstance(node, cst.Name) and node.value in self.names and self.elsewhere is None:
            if not self._allowed():
                self.elsewhere, self.elsewhere_name = self._where_used(), node.value
        if isinstance(node, cst.Subscript) and any(self.names & set(names_read(e.slice)) for e in node.slice):
            self.indexed.append(node.value)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()

    def _where_used(self) -> cst.CSTNode:
        """The statement (or `if` test) using the index, for the message."""
        for position in range(len(self.stack) - 2, -1, -1):
            node = self.stack[position]
            if isinstance(node, cst.BaseSmallStatement):
                return node
            if isinstance(node, cst.If) and self.stack[position + 1] is node.test:
                return node.test
        return self.stack[-1]

    def _allowed(self) -> bool:
        for position in range(len(self.stack) - 2, -1, -1):
            parent, child = self.stack[position], self.stack[position + 1]
            if isinstance(parent, cst.SubscriptElement):
                return isinstance(parent.slice, cst.Index)
            if isinstance(parent, cst.If):
                return child is parent.test
            if isinstance(parent, cst.AssignTarget) or (
                isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and child is parent.target
            ):
                return True  # bound (or updated with `+=`), not used as a Python value
            if isinstance(parent, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and child is parent.value:
                targets = [t.target for t in parent.targets] if isinstance(parent, cst.Assign) else [parent.target]
                if not all(isinstance(target, cst.Name) for target in targets):
                    return False
                self.derived.update(target.value for target in targets)
                return True
            if not isinstance(parent, self._MATH):
                return False
        return False


# --- vectorisation ------------------------------------------------------------------------------

# jax.numpy functions that act element by element (scalar parameters aside).
ELEMENTWISE_FUNCTIONS = frozenset(
    {
        "abs", "absolute", "add", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2",
        "arctanh", "cbrt", "ceil", "clip", "conj", "conjugate", "copysign", "cos", "cosh",
        "deg2rad", "degrees", "divide", "equal", "exp", "exp2", "expm1", "fabs", "float_power",
        "floor", "floor_divide", "fmax", "fmin", "fmod", "greater", "greater_equal", "heaviside",
        "hypot", "imag", "isfinite", "isinf", "isnan", "isneginf", "isposinf", "less", "less_equal",
        "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not",
        "logical_or", "logical_xor", "maximum", "minimum", "mod", "multiply", "nan_to_num",
        "negative", "not_equal", "positive", "power", "rad2deg", "radians", "real", "reciprocal",
        "remainder", "rint", "round", "sign", "signbit", "sin", "sinc", "sinh", "sqrt", "square",
        "subtract", "tan", "tanh", "true_divide", "trunc", "where",
    }
)
ELEMENTWISE_NN = frozenset(
    {"relu", "relu6", "sigmoid", "softplus", "silu", "swish", "gelu", "elu", "celu", "selu",
     "leaky_relu", "log_sigmoid", "hard_tanh", "hard_sigmoid", "soft_sign", "sparse_plus"}
)
ELEMENTWISE_METHODS = frozenset({"astype", "clip", "round", "conj", "conjugate"})

# `x.at[i].<method>(v)` as an operation on whole arrays (None: a jax.numpy function).
_AT_UPDATES = {
    "set": None, "add": cst.Add, "subtract": cst.Subtract, "multiply": cst.Multiply,
    "divide": cst.Divide, "power": cst.Power, "min": "minimum", "max": "maximum",
}

# How the dtype of an expression relates to the arrays it is computed from.
_WEAK = "a Python integer"  # takes the dtype of whatever it meets
_KEEPS_DTYPE_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply)
_KEEPS_DTYPE_CALLS = frozenset(
    {"abs", "absolute", "negative", "positive", "square", "sign", "maximum", "minimum", "fmax",
     "fmin", "clip", "where"}
)


def _covered_array(header: RangeHeader, context) -> tuple[str, bool]:
    """The array whose whole first axis `range(...)` runs over, and whether it is `x.size`."""
    if header.start is not None and literal_int(header.start) != 0:
        raise CannotRewrite(f"the loop starts at `{context.code(header.start)}`, not at 0")
    stop = header.stop
    array, by_size = None, False
    if (
        isinstance(stop, cst.Call)
        and isinstance(stop.func, cst.Name)
        and stop.func.value == "len"
        and len(stop.args) == 1
        and isinstance(stop.args[0].value, cst.Name)
    ):
        array = stop.args[0].value
    elif (
        isinstance(stop, cst.Subscript)
        and isinstance(stop.value, cst.Attribute)
        and stop.value.attr.value == "shape"
        and isinstance(stop.value.value, cst.Name)
        and len(stop.slice) == 1
        and isinstance(stop.slice[0].slice, cst.Index)
        and literal_int(stop.slice[0].slice.value) == 0
    ):
        array = stop.value.value
    elif isinstance(stop, cst.Attribute) and stop.attr.value == "size" and isinstance(stop.value, cst.Name):
        array, by_size = stop.value, True
    if array is None or not context.is_traced(array):
        raise CannotRewrite(
            f"`range({context.code(stop)})` is not known to cover the first axis of an array"
        )
    return array.value, by_size


@dataclass
class _LikeArrays:
    """Arrays known to share a shape (and a dtype) with another: `out = jnp.zeros_like(x)`."""

    shape_of: dict[str, str] = field(default_factory=dict)
    dtype_of: dict[str, str] = field(default_factory=dict)

    def shape_root(self, name: str) -> str:
        while name in self.shape_of:
            name = self.shape_of[name]
        return name

    def dtype_root(self, name: str) -> str:
        while name in self.dtype_of:
            name = self.dtype_of[name]
        return name


_LIKE_CONSTRUCTORS = frozenset(
    {"jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.empty_like", "jax.numpy.full_like",
     "jax.numpy.copy", "jax.numpy.array", "jax.numpy.asarray"}
)


def _like_arrays(loop: cst.For, context) -> _LikeArrays:
    """Read `b = jnp.zeros_like(a)` (or `a.copy()`) before the loop, when neither `a` nor `b` is
    rebound anywhere else in the function (the loop only updates elements)."""
    like = _LikeArrays()
    function = context.function
    if function is None:
        return like
    counts = store_counts([function.body], skip=loop)
    params = set(context.scope.params)
    for statement in code_before(loop, context):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                continue
            target, value = small.targets[0].target, small.value
            if not (isinstance(target, cst.Name) and isinstance(value, cst.Call)):
                continue
            source, keeps_dtype = _like_source(value, context)
            if source is None or counts[target.value] != 1:
                continue
            if counts[source] != 0 or source not in params:
                continue
            like.shape_of[target.value] = source
            if keeps_dtype:
                like.dtype_of[target.value] = source
    return like


def _like_source(call: cst.Call, context) -> tuple[str | None, bool]:
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == "copy" and not call.args:
        return (func.value.value, True) if isinstance(func.value, cst.Name) else (None, False)
    if context.qualified_name(func) not in _LIKE_CONSTRUCTORS:
        return None, False
    positional = [arg for arg in call.args if arg.keyword is None]
    if not positional or not isinstance(positional[0].value, cst.Name):
        return None, False
    keeps_dtype = not any(arg.keyword is not None and arg.keyword.value == "dtype" for arg in call.args)
    if len(positional) > (2 if context.qualified_name(func) == "jax.numpy.full_like" else 1):
        keeps_dtype = False  # a positional dtype
    return positional[0].value.value, keeps_dtype


class _Vectoriser:
    """Rewrites a loop body that touches only element `index` of its arrays into whole-array
    statements: `x[i]` reads `x`, `x = x.at[i].set(v)` assigns `v`."""

    def __init__(
        self,
        index: str,
        body: Sequence[cst.BaseStatement],
        context,
        jnp: str,
        traced_tests: set[int],
        skips: set[int],
    ) -> None:
        self.index = index
        self.context = context
        self.traced_tests = traced_tests
        self.skips = set(skips)  # the `if`s made from `continue`, and what they become here
        self.jnp = jnp
        self.updated: list[str] = []
        self.temporaries: set[str] = set()
        self.arrays: set[str] = set()  # arrays read or written at element `index`
        self.tested: set[str] = set()  # arrays whose element an `if` test reads
        for statement in _all_simple(body):
            for small in statement.body:
                self._classify(small)
        both = set(self.updated) & self.temporaries
        if both:
            raise CannotRewrite(f"`{sorted(both)[0]}` is both updated element by element and reassigned")
        if index in self.temporaries or index in self.updated:
            raise CannotRewrite(f"the body reassigns the loop index `{index}`")

    def _classify(self, small: cst.BaseSmallStatement) -> None:
        pairs = assigned_pairs(small)
        if pairs is None:
            if isinstance(small, (cst.Assign, cst.AugAssign)):
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                self.temporaries.update(name for target in targets for name in target_names(target))
            return
        for name, value in pairs:
            if self._element_update(name, value) is None:
                self.temporaries.add(name)
            elif name not in self.updated:
                self.updated.append(name)

    def _element_update(self, name: str, call: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
        """`name.at[i].set(v)` as ("set", v)."""
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
            return None
        method = call.func.attr.value
        at = call.func.value
        if not (
            method in _AT_UPDATES
            and isinstance(at, cst.Subscript)
            and isinstance(at.value, cst.Attribute)
            and at.value.attr.value == "at"
            and isinstance(at.value.value, cst.Name)
            and at.value.value.value == name
            and self._is_index(at)
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        return method, call.args[0].value

    def _is_index(self, subscript: cst.Subscript) -> bool:
        return (
            len(subscript.slice) == 1
            and isinstance(subscript.slice[0].slice, cst.Index)
            and isinstance(subscript.slice[0].slice.value, cst.Name)
            and subscript.slice[0].slice.value.value == self.index
        )

    # -- statements ------------------------------------------------------------------------------
    def block(self, statements: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
        return [self.statement(statement) for statement in statements]

    def statement(self, statement: cst.BaseStatement) -> cst.BaseStatement:
        if isinstance(statement, cst.If):
            if id(statement.test) not in self.traced_tests:
                raise CannotRewrite(
                    f"`if {self.context.describe(statement.test)}` tests a value that is not traced"
                )
            test = self.truth_test(statement.test)
            self.tested |= _element_arrays(statement.test, self.index)
            orelse = statement.orelse
            if isinstance(orelse, cst.If):
                orelse = self.statement(orelse)
            elif orelse is not None:
                orelse = orelse.with_changes(body=orelse.body.with_changes(body=self.block(orelse.body.body)))
            whole = statement.with_changes(
                test=test, body=statement.body.with_changes(body=self.block(statement.body.body)), orelse=orelse
            )
            if id(statement) in self.skips:
                self.skips.add(id(whole))
            return whole
        assert isinstance(statement, cst.SimpleStatementLine)
        return statement.with_changes(body=[self.small(small) for small in statement.body])

    def small(self, small: cst.BaseSmallStatement) -> cst.BaseSmallStatement:
        if isinstance(small, cst.Pass):
            return small
        pairs = assigned_pairs(small)
        if pairs is not None:
            values = [self._whole_array_value(name, value) for name, value in pairs]
            return _with_values(small, values)
        if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            return small.with_changes(value=self.expression(small.value))
        raise CannotRewrite(f"`{self.context.describe(small)}` is not an element-by-element update")

    def _whole_array_value(self, name: str, value: cst.BaseExpression) -> cst.BaseExpression:
        update = self._element_update(name, value)
        if update is None:
            return self.expression(value)
        method, argument = update
        self.arrays.add(name)
        return self._whole_array_update(name, method, self.expression(argument))

    def _whole_array_update(self, name: str, method: str, value: cst.BaseExpression) -> cst.BaseExpression:
        operation = _AT_UPDATES[method]
        current = cst.Name(name)
        if operation is None:
            return value
        if isinstance(operation, str):
            return _call(f"{self.jnp}.{operation}", [current, value])
        negated = isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus)
        if operation is cst.Add and negated:
            return binary(current, cst.Subtract(), value.expression)  # `.add(-1)` reads `x - 1`
        return binary(current, operation(), value)

    # -- expressions -----------------------------------------------------------------------------
    def truth_test(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """An `if` test for every element: `and`/`or`/`not` stay (the selection turns them into
        array logic); elsewhere they would ask for the truth of an array."""
        if isinstance(node, cst.BooleanOperation):
            return node.with_changes(left=self.truth_test(node.left), right=self.truth_test(node.right))
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return node.with_changes(expression=self.truth_test(node.expression))
        return self.expression(node)

    def _depends(self, node: cst.CSTNode) -> bool:
        names = set(names_read(node))
        return bool(names & ({self.index} | self.temporaries | set(self.updated)))

    def expression(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """`node` computed for every element at once; loop-invariant parts are kept as written."""
        context = self.context
        if not self._depends(node):
            return node
        if isinstance(node, cst.Subscript):
            if isinstance(node.value, cst.Name) and self._is_index(node):
                name = node.value.value
                if name in self.temporaries or not context.is_traced(node.value):
                    raise CannotRewrite(f"`{context.describe(node)}` does not index a JAX array")
                self.arrays.add(name)
                return cst.Name(name, lpar=node.lpar, rpar=node.rpar)
            raise CannotRewrite(
                f"`{context.describe(node)}` reads another element than the one the iteration updates"
            )
        if isinstance(node, cst.Name):
            if node.value == self.index:
                raise CannotRewrite(f"the body uses the loop index `{self.index}` as a value")
            if node.value in self.updated:
                raise CannotRewrite(
                    f"the body reads all of `{node.value}` while updating it element by element"
                )
            return node
        if isinstance(node, cst.BinaryOperation) and not isinstance(node.operator, cst.MatrixMultiply):
            return node.with_changes(left=self.expression(node.left), right=self.expression(node.right))
        if isinstance(node, cst.UnaryOperation) and not isinstance(node.operator, cst.Not):
            return node.with_changes(expression=self.expression(node.expression))
        if isinstance(node, cst.Comparison) and not any(
            isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in node.comparisons
        ):
            if len(node.comparisons) > 1:
                raise CannotRewrite(f"`{context.describe(node)}` chains comparisons")
            return node.with_changes(
                left=self.expression(node.left),
                comparisons=[
                    target.with_changes(comparator=self.expression(target.comparator))
                    for target in node.comparisons
                ],
            )
        if isinstance(node, cst.Call) and self._elementwise_call(node):
            func = node.func
            if isinstance(func, cst.Attribute) and context.qualified_name(func) is None:
                func = func.with_changes(value=self.expression(func.value))
            return node.with_changes(
                func=func, args=[arg.with_changes(value=self.expression(arg.value)) for arg in node.args]
            )
        if isinstance(node, cst.Attribute) and node.attr.value in ("real", "imag"):
            return node.with_changes(value=self.expression(node.value))
        raise CannotRewrite(f"`{context.describe(node)}` may combine different elements")

    def _elementwise_call(self, call: cst.Call) -> bool:
        qualified = self.context.qualified_name(call.func)
        if qualified is not None:
            module, _, leaf = qualified.rpartition(".")
            if module == "jax.numpy" and leaf in ELEMENTWISE_FUNCTIONS:
                return leaf != "where" or len(call.args) == 3
            return module == "jax.nn" and leaf in ELEMENTWISE_NN
        if isinstance(call.func, cst.Name):
            return call.func.value == "abs" and call.func.value not in self.context.env
        return isinstance(call.func, cst.Attribute) and call.func.attr.value in ELEMENTWISE_METHODS

    # -- what the whole-array form may change --------------------------------------------------------
    def dtype_owners(self, statements: Sequence[cst.BaseStatement], like: _LikeArrays) -> dict[str, str | None]:
        """For each temporary, the array whose dtype it has (`_WEAK` for Python integers)."""
        owners: dict[str, str | None] = {}
        for statement in _all_simple(statements):
            for small in statement.body:
                if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
                    name = small.target.value
                    kinds = [(name, _combine(owners.get(name), self.dtype_kind(small.value, owners, like)))]
                else:
                    kinds = [(n, self.dtype_kind(v, owners, like)) for n, v in assigned_pairs(small) or ()]
                for name, kind in kinds:
                    if name in self.temporaries:
                        owners[name] = kind if name not in owners else _combine(owners[name], kind)
        return owners

    def dtype_kind(
        self, node: cst.BaseExpression, owners: dict[str, str | None], like: _LikeArrays
    ) -> str | None:
        """The array whose dtype `node` has, `_WEAK`, or None when it may be promoted."""
        if isinstance(node, cst.Integer):
            return _WEAK
        if isinstance(node, cst.Name):
            if node.value in self.arrays or node.value in self.updated:
                return like.dtype_root(node.value)
            return owners.get(node.value)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
            return self.dtype_kind(node.expression, owners, like)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _KEEPS_DTYPE_OPERATORS):
            left, right = self.dtype_kind(node.left, owners, like), self.dtype_kind(node.right, owners, like)
            return _combine(left, right)
        if isinstance(node, cst.Call):
            qualified = self.context.qualified_name(node.func) or (
                node.func.value if isinstance(node.func, cst.Name) else ""
            )
            leaf = qualified.rpartition(".")[2]
            if leaf not in _KEEPS_DTYPE_CALLS or any(arg.keyword is not None for arg in node.args):
                return None
            values = [arg.value for arg in node.args]
            if leaf == "where":
                values = values[1:]
            kind: str | None = _WEAK
            for value in values:
                kind = _combine(kind, self.dtype_kind(value, owners, like))
            return kind
        return None


def _element_arrays(test: cst.BaseExpression, index: str) -> set[str]:
    found = set()
    for node in _walk(test):
        if (
            isinstance(node, cst.Subscript)
            and isinstance(node.value, cst.Name)
            and len(node.slice) == 1
            and isinstance(node.slice[0].slice, cst.Index)
            and isinstance(node.slice[0].slice.value, cst.Name)
            and node.slice[0].slice.value.value == index
        ):
            found.add(node.value.value)
    return found


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _combine(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return None
    if a == _WEAK:
        return b
    if b == _WEAK or a == b:
        return a
    return None


def vectorise(loop: cst.For, context, jnp: str, names_given: set[str]) -> LoopRewrite:
    """The loop as whole-array statements, when every iteration reads and writes only element
    `i` of its arrays and `range(...)` covers their whole first axis."""
    header = range_header(loop, context)
    covered, by_size = _covered_array(header, context)
    loop_body = plain_body(loop, context)
    body = loop_body.statements
    traced_tests = {
        id(node.test)
        for node in body_ifs(statements_in(loop.body))
        if evaluator(context, env_at(node, context)).value(node.test).traced
    }
    vectoriser = _Vectoriser(header.index, body, context, jnp, traced_tests, loop_body.skips)
    if not vectoriser.updated:
        raise CannotRewrite("the body updates no array element by element")
    carried = vectoriser.temporaries & exposed_reads(body)[0]
    if carried:
        raise CannotRewrite(f"`{sorted(carried)[0]}` carries a value from one iteration to the next")
    live = read_after(vectoriser.temporaries | {header.index}, loop, context)
    if live:
        raise CannotRewrite(f"`{sorted(live)[0]}` is read after the loop")
    whole = vectoriser.block(body)
    if by_size and covered not in vectoriser.tested:
        raise CannotRewrite(f"`{covered}.size` covers the first axis only when `{covered}` is one-dimensional")

    selection = Selection(
        context, jnp, lambda node: True, vectoriser.skips, lambda base: fresh_name(base, context, names_given)
    )
    defined = bound_before(loop, context) | set(vectoriser.updated)
    statements = selection.block(whole, defined, needed_after=set(vectoriser.updated))
    rewrite = LoopRewrite([], {id(node.test) for node in body_ifs(statements_in(loop.body))}, {"jax.numpy"})
    rewrite.statements = keep_comments(loop, _shaped(statements, vectoriser, jnp))

    like = _like_arrays(loop, context)
    arrays = sorted(vectoriser.arrays | {covered})
    if len({like.shape_root(name) for name in arrays}) > 1:
        listed = ", ".join(f"`{name}`" for name in arrays)
        rewrite.add_concern(
            Safety.UNSAFE,
            f"assumes {listed} have the same shape: the loop paired their elements one by one, "
            "whole-array operations broadcast them",
        )
    owners = vectoriser.dtype_owners(whole, like)
    for name, value in _updates(whole, vectoriser.updated):
        if _combine(vectoriser.dtype_kind(value, owners, like), like.dtype_root(name)) is None:
            rewrite.add_concern(
                Safety.UNSAFE,
                f"`{name}` may change dtype: whole-array operations promote `{context.describe(value)}` "
                f"and `{name}` to a common dtype, where `{name}.at[{header.index}]` kept `{name}`'s",
            )
            break
    rewrite.add_concern(*where_safety(selection.branch_values, context))
    return rewrite


def _updates(
    statements: Sequence[cst.BaseStatement], names: Iterable[str]
) -> Iterator[tuple[str, cst.BaseExpression]]:
    names = set(names)
    for statement in _all_simple(statements):
        for small in statement.body:
            for name, value in assigned_pairs(small) or ():
                if name in names:
                    yield name, value


def _shaped(statements: list[cst.BaseStatement], vectoriser: _Vectoriser, jnp: str) -> list[cst.BaseStatement]:
    """An updated array assigned a loop-invariant value (`x = 0` from `x = x.at[i].set(0)`) gets
    it in every element: `x = jnp.full_like(x, 0)`."""
    shaped = set(vectoriser.arrays) | set(vectoriser.updated)
    result = []
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            body = [_shaped_small(small, shaped, vectoriser, jnp) for small in statement.body]
            statement = statement.with_changes(body=body)
        result.append(statement)
    return result


def _shaped_small(small: cst.BaseSmallStatement, shaped: set[str], vectoriser: _Vectoriser, jnp: str):
    pairs = assigned_pairs(small)
    if pairs is None:
        return small
    values = []
    for name, value in pairs:
        reads = set(names_read(value))
        if name in vectoriser.updated and not reads & shaped:
            value = _call(f"{jnp}.full_like", [cst.Name(name), value])
        values.append(value)
    for name, value in pairs:
        if name not in vectoriser.updated:
            (shaped.add if set(names_read(value)) & shaped else shaped.discard)(name)
    return _with_values(small, values)


def _with_values(small: cst.BaseSmallStatement, values: Sequence[cst.BaseExpression]) -> cst.BaseSmallStatement:
    """An assignment read by `assigned_pairs` with new values (`a, b = v, w` keeps its layout)."""
    if len(values) == 1:
        return small.with_changes(value=values[0])
    elements = [element.with_changes(value=value) for element, value in zip(small.value.elements, values)]
    return small.with_changes(value=small.value.with_changes(elements=elements))


# --- selections: `if`s on traced values become `jnp.where` ----------------------------------------


class _Unset:
    """The value of a name assigned on one side of an `if` only."""


UNSET = _Unset()


# A rewritten statement longer than this is not what a person writes: refuse rather than emit it.
LONGEST_STATEMENT = 150


class Selection:
    """Turns the `if`s of a block whose tests are selected (traced) into `jnp.where` assignments.

    Each branch is read as assignments; a name's value on each side is an expression of the names
    as they were before the `if` (so `t = x * 2; y = t + 1` gives `y = x * 2 + 1`). The results are
    assigned in an order where no assignment reads a name already reassigned.

    The rest of a body after `if c: continue` (the `skips`) runs only where `c` fails: each of its
    statements keeps the old value there, `y = jnp.where(skip, y, ...)`, with `c` first assigned to
    a name (`fresh("skip")`) when the rest changes what it reads. An `if c: ...; break` is read the
    same way, with `c` always assigned to the name `exits` gives it: the loop state carries it.
    """

    def __init__(
        self,
        context,
        jnp: str,
        is_selected: Callable[[cst.If], bool],
        skips: Iterable[int] = (),
        fresh: Callable[[str], str] | None = None,
        exits: dict[int, str] | None = None,
    ) -> None:
        self.context = context
        self.jnp = jnp
        self.is_selected = is_selected
        self.skips = set(skips)
        self.fresh = fresh
        self.exits = exits or {}
        self.branch_values: list[cst.BaseExpression] = []
        self.converted: set[int] = set()  # ids of the tests of the `if`s turned into selections
        self._wheres: set[int] = set()  # ids of the `jnp.where` calls built here

    def block(
        self,
        statements: Sequence[cst.BaseStatement],
        defined: set[str],
        needed_after: set[str],
        skip: cst.BaseExpression | None = None,
    ) -> list[cst.BaseStatement]:
        """The block as straight-line statements; with `skip`, they change nothing where it holds."""
        out: list[cst.BaseStatement] = []
        defined = set(defined)
        for position, statement in enumerate(statements):
            later = needed_after | {n for s in statements[position + 1 :] for n in names_read(s)}
            if isinstance(statement, cst.If) and id(statement) in self.skips:
                out.extend(self._skip(statement, defined, later, skip))
            elif isinstance(statement, cst.If) and self.is_selected(statement):
                out.extend(self._select(statement, defined, later, skip))
            elif isinstance(statement, cst.If):
                if skip is not None or any(self.is_selected(inner) for inner in body_ifs([statement])):
                    raise CannotRewrite(
                        f"a Python `if {self.context.describe(statement.test)}` on a static value "
                        "holds or follows a branch on a traced value"
                    )
                out.append(statement)
            elif skip is None:
                out.append(statement)
            else:
                out.extend(self._skipped_line(statement, skip, defined))
            defined = exposed_reads([statement], defined)[1]  # assigned on every path
        return _without_stray_pass(out)

    def _skip(
        self, node: cst.If, defined: set[str], later: set[str], outer: cst.BaseExpression | None
    ) -> list[cst.BaseStatement]:
        """`if c: ...; continue` (or `break`) followed by the rest of the body."""
        self.converted.add(id(node.test))
        skip = truth(condition(node.test, self.context, self.jnp), self.context)
        exit_flag = self.exits.get(id(node))
        then = [s for s in statements_in(node.body) if not _is_pass(s)]
        rest = statements_in(node.orelse.body)
        statements: list[cst.BaseStatement] = []
        if exit_flag is not None and isinstance(outer, cst.Name) and outer.value == exit_flag:
            # A loop that runs every step carries its flag: once set it stays set, and the
            # branch of the `break` runs only in the step that sets it.
            if then:
                if self.fresh is None:
                    raise CannotRewrite("a `break` after other statements of its branch")
                stopping = self.fresh("stopping")
                statements.append(assignment(stopping, conjunction(unary(cst.BitInvert(), outer), skip)))
                defined = defined | {stopping}
                runs_then, skip = cst.Name(stopping), cst.Name(stopping)
            statements.append(assignment(exit_flag, binary(outer, cst.BitOr(), skip)))
            skip = outer
        elif exit_flag is not None:
            # The loop stops where the test holds and an earlier `continue` did not skip it.
            stop = skip if outer is None else conjunction(unary(cst.BitInvert(), outer), skip)
            statements.append(assignment(exit_flag, stop))
            defined = defined | {exit_flag}
            runs_then = cst.Name(exit_flag)
            skip = runs_then if outer is None else binary(outer, cst.BitOr(), runs_then)
        else:
            if outer is not None:
                skip = binary(outer, cst.BitOr(), skip)
            changed = set(store_counts([*then, *rest]))
            if then or len(rest) > 2 or set(names_read(skip)) & changed:
                if self.fresh is None or (then and outer is not None):
                    raise CannotRewrite("a `continue` after other statements of its branch")
                name = self.fresh("skip")
                statements.append(assignment(name, skip))
                skip, defined = cst.Name(name), defined | {name}
            runs_then = skip
        if then:
            selected = self._select(cst.If(test=runs_then, body=cst.IndentedBlock(body=then)), defined, later)
            statements += selected
            # A temporary of the branch (not selected: nothing after it reads it) has no value.
            defined = defined | set(store_counts(selected))
        statements += self.block(rest, defined, later, skip)
        return keep_comments(node, statements or [cst.SimpleStatementLine(body=[cst.Pass()])])

    def _skipped_line(
        self, line: cst.SimpleStatementLine, skip: cst.BaseExpression, defined: set[str]
    ) -> list[cst.BaseStatement]:
        """`y = v` as `y = jnp.where(skip, y, v)`; a name without a value yet is assigned `v`."""
        out = []
        for small in line.body:
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
                name = small.target.value
                pairs = [(name, binary(cst.Name(name), BINARY_OF_AUGMENTED[type(small.operator)](), small.value))]
            else:
                pairs = assigned_pairs(small)
                if pairs is None:
                    statement = self.context.describe(small)
                    raise CannotRewrite(f"`{statement}` after a `continue` or `break` on a traced value")
            values = []
            for name, value in pairs:
                if name in defined:
                    self.branch_values.append(value)
                    value = self.where(skip, cst.Name(name), value)
                values.append(value)
            defined |= {name for name, _ in pairs}
            names = [name for name, _ in pairs]
            out.append(assignment(names[0], values[0]) if len(pairs) == 1 else _tuple_assignment(names, values))
        if not out:
            return []
        out[0] = out[0].with_changes(leading_lines=line.leading_lines)
        out[-1] = out[-1].with_changes(trailing_whitespace=line.trailing_whitespace)
        return self._compact(out)

    def _compact(self, statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        for statement in statements:
            text = self.context.module.code_for_node(statement.with_changes(leading_lines=[])).strip()
            if len(text) > LONGEST_STATEMENT:
                raise CannotRewrite(
                    f"the selections would not read as written by hand ({len(text)} characters on "
                    "one line); simplify the loop body"
                )
        return statements

    def _select(
        self, node: cst.If, defined: set[str], later: set[str], skip: cst.BaseExpression | None = None
    ) -> list[cst.BaseStatement]:
        values = self._merge(node, {}, defined)
        assigned = []
        for name, value in values.items():
            if value is UNSET:
                if name in later:
                    raise CannotRewrite(
                        f"`{name}` is assigned only when `{self.context.describe(node.test)}` "
                        "holds (or only when it does not) and is read afterwards"
                    )
                continue  # a temporary of one branch
            assigned.append(name)
        if skip is not None:
            values = {name: self._unless(skip, name, values[name]) for name in assigned}
        order = _assignment_order(assigned, values)
        if order is None:  # the branches exchange values: one tuple assignment reads them all first
            statements = [_tuple_assignment(assigned, [values[name] for name in assigned])]
        else:
            statements = [assignment(name, values[name]) for name in order]
        if not statements:
            statements = [cst.SimpleStatementLine(body=[cst.Pass()])]
        return keep_comments(node, self._compact(statements))

    def _unless(self, skip: cst.BaseExpression, name: str, value: cst.BaseExpression) -> cst.BaseExpression:
        """`value` where `skip` fails, `name` where it holds: `jnp.where(c, v, y)` becomes
        `jnp.where(~skip & c, v, y)`."""
        if id(value) in self._wheres:
            test, then, otherwise = (arg.value for arg in value.args)
            # `&` is bitwise: with an integer `c`, `~skip & c` would test one bit of `c`.
            if isinstance(otherwise, cst.Name) and otherwise.value == name and is_boolean(test, self.context):
                return self._where_call(conjunction(unary(cst.BitInvert(), skip), test), then, otherwise)
        return self.where(skip, cst.Name(name), value)

    def _current(self, name: str, values: dict, defined: set[str]):
        if name in values:
            return values[name]
        return cst.Name(name) if name in defined else UNSET

    def _merge(self, node: cst.If, values: dict, defined: set[str]) -> dict:
        self.converted.add(id(node.test))
        test = condition(self._substituted(node.test, values), self.context, self.jnp)
        then_values = self._branch(statements_in(node.body), dict(values), defined)
        if isinstance(node.orelse, cst.If):
            if not self.is_selected(node.orelse):
                raise CannotRewrite(f"`elif {self.context.describe(node.orelse.test)}` tests a static value")
            else_values = self._merge(node.orelse, dict(values), defined)
        elif isinstance(node.orelse, cst.Else):
            else_values = self._branch(statements_in(node.orelse.body), dict(values), defined)
        else:
            else_values = dict(values)
        merged = dict(values)
        for name in dict.fromkeys([*then_values, *else_values]):
            then = then_values.get(name, self._current(name, values, defined))
            otherwise = else_values.get(name, self._current(name, values, defined))
            if then is otherwise:
                continue
            if then is UNSET or otherwise is UNSET:
                merged[name] = UNSET
                continue
            # A selection built here was judged by its own operands when it was built.
            self.branch_values.extend(
                v for v in (then, otherwise) if v is not values.get(name) and id(v) not in self._wheres
            )
            merged[name] = self.where(test, then, otherwise)
        return merged

    def _branch(self, statements: Sequence[cst.BaseStatement], values: dict, defined: set[str]) -> dict:
        for statement in statements:
            if isinstance(statement, cst.If):
                if not self.is_selected(statement):
                    raise CannotRewrite(
                        f"a Python `if {self.context.describe(statement.test)}` on a static value "
                        "inside a branch on a traced value"
                    )
                values = self._merge(statement, values, defined)
                continue
            for small in statement.body:
                self._assign(small, values, defined)
        return values

    def _assign(self, small: cst.BaseSmallStatement, values: dict, defined: set[str]) -> None:
        if isinstance(small, cst.Pass):
            return
        if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            name = small.target.value
            current = self._current(name, values, defined)
            if current is UNSET:
                raise CannotRewrite(f"`{self.context.describe(small)}` updates `{name}` before it has a value")
            operator = BINARY_OF_AUGMENTED[type(small.operator)]()
            values[name] = binary(current, operator, self._substituted(small.value, values))
            return
        pairs = assigned_pairs(small)
        if pairs is not None:
            new = [(name, self._substituted(value, values)) for name, value in pairs]
            values.update(new)  # all read before any is assigned, as Python does
            return
        raise CannotRewrite(f"`{self.context.describe(small)}` inside a branch on a traced value")

    def _substituted(self, node: cst.BaseExpression, values: dict) -> cst.BaseExpression:
        used = {name: values[name] for name in set(names_read(node)) if name in values}
        unset = sorted(name for name, value in used.items() if value is UNSET)
        if unset:
            raise CannotRewrite(f"`{unset[0]}` may be read before it has a value")
        return substitute(node, used) if used else node

    def where(
        self, test: cst.BaseExpression, then: cst.BaseExpression, otherwise: cst.BaseExpression
    ) -> cst.BaseExpression:
        """`jnp.where(test, then, otherwise)`; an update of one element selects just that element:
        `x.at[i].set(jnp.where(test, v, x[i]))`."""
        if then.deep_equals(otherwise):
            return then
        then_update, else_update = _element_set(then), _element_set(otherwise)
        if then_update and isinstance(otherwise, cst.Name) and _updated_name(then_update[0]) == otherwise.value:
            at, value = then_update
            return _with_set_value(then, self._where_call(test, value, _element_of(at)))
        if else_update and isinstance(then, cst.Name) and _updated_name(else_update[0]) == then.value:
            at, value = else_update
            return _with_set_value(otherwise, self._where_call(test, _element_of(at), value))
        if then_update and else_update and then_update[0].deep_equals(else_update[0]):
            return _with_set_value(then, self._where_call(test, then_update[1], else_update[1]))
        return self._where_call(test, then, otherwise)

    def _where_call(self, test, then, otherwise) -> cst.Call:
        call = _call(f"{self.jnp}.where", [test, then, otherwise])
        self._wheres.add(id(call))
        return call


def _element_set(node: cst.BaseExpression) -> tuple[cst.Subscript, cst.BaseExpression] | None:
    """`x.at[i].set(v)` as (the `x.at[i]` subscript, v)."""
    if not (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "set"
        and len(node.args) == 1
        and node.args[0].keyword is None
        and not node.args[0].star
    ):
        return None
    at = node.func.value
    if (
        isinstance(at, cst.Subscript)
        and isinstance(at.value, cst.Attribute)
        and at.value.attr.value == "at"
        and isinstance(at.value.value, cst.Name)
    ):
        return at, node.args[0].value
    return None


def _is_pass(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(small, cst.Pass) for small in statement.body
    )


def _without_stray_pass(statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """Drop the `pass` an `if` whose branches only assigned temporaries leaves among other
    statements; its comments move to the statement after it (a last one with comments stays)."""
    out: list[cst.BaseStatement] = []
    moved: list[cst.EmptyLine] = []
    for position, statement in enumerate(statements):
        last = position == len(statements) - 1
        if len(statements) > 1 and _is_pass(statement):
            lines = list(statement.leading_lines)
            comment = statement.trailing_whitespace.comment
            if comment is not None:
                lines.append(cst.EmptyLine(indent=True, comment=comment))
            if not last:
                moved += lines
                continue
            if not any(line.comment for line in [*moved, *lines]):
                continue
        if moved:
            statement = statement.with_changes(leading_lines=[*moved, *statement.leading_lines])
            moved = []
        out.append(statement)
    return out or statements[:1]


def truth(test: cst.BaseExpression, context) -> cst.BaseExpression:
    """`test` as a boolean array: Python's truth of a number is "nonzero", and `~`, `&` and a
    loop state need booleans."""
    if is_boolean(test, context):
        return test
    return cst.Call(
        func=cst.Attribute(value=_fit(test, precedence(test) < _ATOM), attr=cst.Name("astype")),
        args=[cst.Arg(cst.Name("bool"))],
    )


def conjunction(left: cst.BaseExpression, right: cst.BaseExpression) -> cst.BaseExpression:
    """`left & right`, flat: `~skip & (x > 3) & (x < 8)` rather than `~skip & ((x > 3) & (x < 8))`."""
    if isinstance(right, cst.BinaryOperation) and isinstance(right.operator, cst.BitAnd) and not right.lpar:
        return binary(conjunction(left, right.left), cst.BitAnd(), right.right)
    return binary(left, cst.BitAnd(), right)


def _updated_name(at: cst.Subscript) -> str:
    return at.value.value.value


def _element_of(at: cst.Subscript) -> cst.Subscript:
    """`x.at[i]` -> `x[i]`."""
    return at.with_changes(value=at.value.value)


def _with_set_value(update: cst.Call, value: cst.BaseExpression) -> cst.Call:
    return update.with_changes(args=[update.args[0].with_changes(value=value)])


def _assignment_order(names: list[str], values: dict) -> list[str] | None:
    """An order in which assigning each name never clobbers a name a later assignment still
    reads; None when the values read each other in a cycle (a swap)."""
    reads = {name: set(names_read(values[name])) - {name} for name in names}
    remaining = list(names)
    order = []
    while remaining:
        for name in remaining:
            if not any(name in reads[other] for other in remaining if other != name):
                order.append(name)
                remaining.remove(name)
                break
        else:
            return None
    return order


def _tuple_assignment(names: Sequence[str], values: Sequence[cst.BaseExpression]) -> cst.SimpleStatementLine:
    targets = cst.Tuple(_separated([cst.Name(name) for name in names], cst.Element), lpar=[], rpar=[])
    parts = [_fit(value, precedence(value) < 0) for value in values]
    elements = cst.Tuple(_separated(parts, cst.Element), lpar=[], rpar=[])
    return cst.SimpleStatementLine(body=[cst.Assign(targets=[cst.AssignTarget(targets)], value=elements)])


# --- conditions ---------------------------------------------------------------------------------


def condition(test: cst.BaseExpression, context, jnp: str) -> cst.BaseExpression:
    """A Python truth test as an array condition: `a and b` -> `(a) & (b)`, `not a` -> `~(a)` on
    booleans (comparisons, predicates), `jnp.logical_and(a, b)` / `jnp.logical_not(a)` on values
    whose truth is "nonzero"."""
    if isinstance(test, cst.BooleanOperation):
        left, right = condition(test.left, context, jnp), condition(test.right, context, jnp)
        if is_boolean(left, context) and is_boolean(right, context):
            operator = cst.BitAnd() if isinstance(test.operator, cst.And) else cst.BitOr()
            return binary(left, operator, right).with_changes(lpar=test.lpar, rpar=test.rpar)
        function = "logical_and" if isinstance(test.operator, cst.And) else "logical_or"
        return _call(f"{jnp}.{function}", [left, right])
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        operand = condition(test.expression, context, jnp)
        if is_boolean(operand, context):
            return unary(cst.BitInvert(), operand).with_changes(lpar=test.lpar, rpar=test.rpar)
        return _call(f"{jnp}.logical_not", [operand])
    return test


# --- building code ------------------------------------------------------------------------------

_BINARY_PRECEDENCE = {
    cst.BitOr: 6, cst.BitXor: 7, cst.BitAnd: 8, cst.LeftShift: 9, cst.RightShift: 9, cst.Add: 10,
    cst.Subtract: 10, cst.Multiply: 11, cst.Divide: 11, cst.FloorDivide: 11, cst.Modulo: 11,
    cst.MatrixMultiply: 11, cst.Power: 13,
}
_ATOM = 100


def precedence(node: cst.BaseExpression) -> int:
    """Python's binding strength of an expression (higher binds tighter; parenthesized: atom)."""
    if getattr(node, "lpar", None):
        return _ATOM
    if isinstance(node, cst.NamedExpr):
        return -1
    if isinstance(node, cst.Tuple):
        return -1  # a bare tuple: parenthesize anywhere but a statement
    if isinstance(node, cst.Lambda):
        return 0
    if isinstance(node, cst.IfExp):
        return 1
    if isinstance(node, cst.BooleanOperation):
        return 2 if isinstance(node.operator, cst.Or) else 3
    if isinstance(node, cst.UnaryOperation):
        return 4 if isinstance(node.operator, cst.Not) else 12
    if isinstance(node, cst.Comparison):
        return 5
    if isinstance(node, cst.BinaryOperation):
        return _BINARY_PRECEDENCE[type(node.operator)]
    if isinstance(node, cst.Await):
        return 14
    return _ATOM


def _fit(node: cst.BaseExpression, needs: bool) -> cst.BaseExpression:
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) if needs else node


def binary(
    left: cst.BaseExpression, operator: cst.BaseBinaryOp, right: cst.BaseExpression
) -> cst.BinaryOperation:
    strength = _BINARY_PRECEDENCE[type(operator)]
    power = isinstance(operator, cst.Power)
    left = _fit(left, precedence(left) < strength or (power and precedence(left) == strength))
    right = _fit(right, precedence(right) < strength or (not power and precedence(right) == strength))
    return cst.BinaryOperation(left=left, operator=operator, right=right)


def unary(operator: cst.BaseUnaryOp, operand: cst.BaseExpression) -> cst.UnaryOperation:
    strength = 4 if isinstance(operator, cst.Not) else 12
    return cst.UnaryOperation(operator=operator, expression=_fit(operand, precedence(operand) < strength))


def _call(function: str, args: Sequence[cst.BaseExpression]) -> cst.Call:
    arguments = _separated([_fit(value, precedence(value) < 0) for value in args], cst.Arg)
    return cst.Call(func=cst.parse_expression(function), args=arguments)


def _separated(values: Sequence[cst.BaseExpression], kind: type) -> list:
    """`values` as call arguments or tuple elements (`kind`), with `, ` between them."""
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    last = len(values) - 1
    return [
        kind(value, comma=comma if position < last else cst.MaybeSentinel.DEFAULT)
        for position, value in enumerate(values)
    ]


class _Substitution(cst.CSTTransformer):
    """Replaces names by expressions, parenthesizing a replacement where the operator around it
    binds tighter."""

    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        super().__init__()
        self.values = values
        self.inserted: set[int] = set()

    def _scoped(self, node: cst.CSTNode) -> bool:
        if set(names_read(node)) & set(self.values):
            raise CannotRewrite("a lambda or comprehension reads a name the branch reassigns")
        return False

    visit_Lambda = visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _scoped

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        replacement = self.values.get(original_node.value)
        if replacement is None:
            return updated_node
        if original_node.lpar:
            replacement = replacement.with_changes(lpar=original_node.lpar, rpar=original_node.rpar)
        self.inserted.add(id(replacement))
        return replacement

    def _fitted(self, node: cst.BaseExpression, needs: Callable[[int], bool]) -> cst.BaseExpression:
        return _fit(node, id(node) in self.inserted and needs(precedence(node)))

    def leave_Attribute(self, original_node, updated_node):
        return updated_node.with_changes(
            value=self._fitted(updated_node.value, lambda p: p < _ATOM), attr=original_node.attr
        )

    def leave_Arg(self, original_node, updated_node):
        return updated_node.with_changes(
            keyword=original_node.keyword, value=self._fitted(updated_node.value, lambda p: p < 0)
        )

    def leave_Subscript(self, original_node, updated_node):
        return updated_node.with_changes(value=self._fitted(updated_node.value, lambda p: p < _ATOM))

    def leave_Call(self, original_node, updated_node):
        return updated_node.with_changes(func=self._fitted(updated_node.func, lambda p: p < _ATOM))

    def leave_BinaryOperation(self, original_node, updated_node):
        strength = _BINARY_PRECEDENCE[type(updated_node.operator)]
        power = isinstance(updated_node.operator, cst.Power)
        return updated_node.with_changes(
            left=self._fitted(updated_node.left, lambda p: p < strength or (power and p == strength)),
            right=self._fitted(updated_node.right, lambda p: p < strength or (not power and p == strength)),
        )

    def leave_UnaryOperation(self, original_node, updated_node):
        strength = precedence(updated_node.with_changes(lpar=[], rpar=[]))
        operand = self._fitted(updated_node.expression, lambda p: p < strength)
        return updated_node.with_changes(expression=operand)

    def leave_Comparison(self, original_node, updated_node):
        return updated_node.with_changes(
            left=self._fitted(updated_node.left, lambda p: p <= 5),
            comparisons=[
                t.with_changes(comparator=self._fitted(t.comparator, lambda p: p <= 5))
                for t in updated_node.comparisons
            ],
        )

    def leave_BooleanOperation(self, original_node, updated_node):
        strength = precedence(updated_node.with_changes(lpar=[], rpar=[]))
        return updated_node.with_changes(
            left=self._fitted(updated_node.left, lambda p: p < strength),
            right=self._fitted(updated_node.right, lambda p: p <= strength),
        )

    def leave_IfExp(self, original_node, updated_node):
        return updated_node.with_changes(
            test=self._fitted(updated_node.test, lambda p: p <= 1),
            body=self._fitted(updated_node.body, lambda p: p <= 1),
            orelse=self._fitted(updated_node.orelse, lambda p: p < 1),
        )


def substitute(node: cst.BaseExpression, values: dict[str, cst.BaseExpression]) -> cst.BaseExpression:
    substitution = _Substitution(values)
    result = node.visit(substitution)
    return _fit(result, id(result) in substitution.inserted and precedence(result) < 0)


def assignment(name: str, value: cst.BaseExpression) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(name))], value=value)])


class _Comments(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: list[cst.Comment] = []

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found.append(node)


def comments_in(nodes: Iterable[cst.CSTNode]) -> list[cst.Comment]:
    visitor = _Comments()
    for node in nodes:
        node.visit(visitor)
    return visitor.found


def keep_comments(
    original: cst.If | cst.For | cst.While, statements: list[cst.BaseStatement], header_at: int = 0
) -> list[cst.BaseStatement]:
    """Give the replacement of `original` its blank lines and every comment it would drop: the
    header's comment (`if c:  # why`) ends statement `header_at`, the others go above the first."""
    kept = Counter(c.value for c in comments_in(statements))
    header = original.body.header if isinstance(original.body, cst.IndentedBlock) else None
    missing = []
    for comment in comments_in([original.with_changes(leading_lines=[])]):
        if kept[comment.value]:
            kept[comment.value] -= 1
        else:
            missing.append(comment)
    statements = list(statements)
    if header is not None and header.comment is not None and header.comment in missing:
        target = statements[header_at]
        if isinstance(target, cst.SimpleStatementLine) and target.trailing_whitespace.comment is None:
            statements[header_at] = target.with_changes(trailing_whitespace=header)
            missing.remove(header.comment)
    above = [cst.EmptyLine(indent=True, comment=comment) for comment in missing]
    first = statements[0]
    statements[0] = first.with_changes(leading_lines=[*original.leading_lines, *above, *first.leading_lines])
    return statements


# --- `lax` loops --------------------------------------------------------------------------------


def fresh_name(base: str, context, given: set[str]) -> str:
    """`base`, or `base_2`...: a name the function does not use yet (nor a fix handed out in it)."""
    taken = set(names_read(context.function)) | given
    name, number = base, 1
    while name in taken:
        number += 1
        name = f"{base}_{number}"
    given.add(name)
    return name


def function_stem(carried: Sequence[str]) -> str:
    """What the loop updates, for naming its functions: `x`, `x_and_n`, or `state`."""
    names = [name.strip("_") or "value" for name in carried]
    if len(names) <= 2:
        return "_and_".join(names)
    return "state"


class StateFunction(NamedTuple):
    """A nested `def` taking the loop state: `def update_x(i, x): ...; return x`."""

    name: str
    leading: Sequence[str]  # parameters before the state (`i` for fori_loop)
    carried: Sequence[str]
    trailing: Sequence[str] = ()  # parameters after it (`i` for lax.scan)

    def build(
        self,
        body: Sequence[cst.BaseStatement],
        result: cst.BaseSmallStatement,
        context,
        assigned_first: Iterable[str] = (),
    ) -> cst.FunctionDef:
        """The function; state names it reads (except those in `assigned_first`, which the body
        assigns before reading) are unpacked by name, the others as `_`."""
        state = self.carried[0] if len(self.carried) == 1 else ("state" if self.carried else "_")
        parameters = ", ".join([*self.leading, state, *self.trailing])
        statements: list[cst.BaseStatement] = []
        if len(self.carried) > 1:
            used = {name for node in [*body, result] for name in names_read(node)} - set(assigned_first)
            unpacked = ", ".join(name if name in used else "_" for name in self.carried)
            statements.append(context.parse_statement(f"{unpacked} = state\n"))
        statements.extend(body)
        statements.append(cst.SimpleStatementLine(body=[result]))
        header = context.parse_statement(f"def {self.name}({parameters}):\n    pass\n")
        return header.with_changes(body=cst.IndentedBlock(body=statements))


def state_return(carried: Sequence[str], context) -> cst.Return:
    return context.parse_statement(f"return {', '.join(carried)}\n").body[0]


def state_text(carried: Sequence[str]) -> str:
    """The state as an initial value: `x` or `(x, n)`."""
    return carried[0] if len(carried) == 1 else f"({', '.join(carried)})"


def loop_call(carried: Sequence[str], call: str, context) -> cst.SimpleStatementLine:
    return context.parse_statement(f"{', '.join(carried)} = {call}\n")


def spaced(statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """One blank line between the nested defs and the call, as a person would write them."""
    return [
        statement if position == 0 else statement.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
        for position, statement in enumerate(statements)
    ]


def static_carried_concerns(carried: Sequence[str], loop: cst.CSTNode, context) -> list[str]:
    """Carried names that were Python values (a counter) become tracers after the loop: a concern
    when code after it may need a Python number (anything but array math and `return`)."""
    concerns = []
    live = read_after(carried, loop, context)
    after = code_after(loop, context)
    for name in carried:
        if name not in live or evaluator(context, context.env).value(cst.Name(name)).traced:
            continue
        uses = _TracerFriendlyUses(name, context)
        for node in after:
            node.visit(uses)
        if uses.other:
            concerns.append(
                f"`{name}` is a Python number in the loop but a traced array after the rewrite; "
                f"`{context.describe(uses.other[0])}` may need it as a Python number"
            )
    return concerns


class _TracerFriendlyUses(cst.CSTVisitor):
    """Statements reading `name` other than in array math or a returned value."""

    _FRIENDLY = (cst.Tuple, cst.List, cst.Element, cst.BinaryOperation, cst.Arg)

    def __init__(self, name: str, context) -> None:
        self.name = name
        self.context = context
        self.stack: list[cst.CSTNode] = []
        self.other: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        parent = self.stack[-1] if self.stack else None
        self.stack.append(node)
        read = isinstance(node, cst.Name) and node.value == self.name and not (
            (isinstance(parent, cst.Attribute) and parent.attr is node)
            or (isinstance(parent, cst.Arg) and parent.keyword is node)
        )
        if read and not self._friendly():
            self.other.append(parent or node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()

    def _friendly(self) -> bool:
        for parent in reversed(self.stack[:-1]):
            if isinstance(parent, cst.Return):
                return True
            if isinstance(parent, cst.UnaryOperation) and not isinstance(parent.operator, cst.Not):
                continue
            if isinstance(parent, cst.Call) and _array_function(parent, self.context):
                continue
            if not isinstance(parent, self._FRIENDLY):
                return False
        return False


def _array_function(call: cst.Call, context) -> bool:
    qualified = context.qualified_name(call.func)
    return qualified is not None and qualified.startswith(known.ARRAY_NAMESPACES)


def empty_array_concerns(
    body: Sequence[cst.BaseStatement], traced: Iterable[str], context, loop: str
) -> list[str]:
    """A `lax` loop traces its body even when it runs zero times; indexing with a traced index
    then raises for an empty array, where the Python loop did nothing."""
    traced = set(traced)
    for node in _walk(cst.IndentedBlock(body=list(body))):
        if isinstance(node, cst.Subscript) and any(traced & set(names_read(e.slice)) for e in node.slice):
            at = isinstance(node.value, cst.Attribute) and node.value.attr.value == "at"
            array = node.value.value if at else node.value
            return [
                f"`{loop}` traces its body even when it runs zero times: `{context.describe(node)}` "
                f"then raises IndexError while tracing if `{context.describe(array)}` is empty, "
                "where the Python loop did nothing"
            ]
    return []


def _runs_at_least_once(header: RangeHeader) -> bool:
    start = 0 if header.start is None else literal_int(header.start)
    stop = literal_int(header.stop)
    if start is None or stop is None:
        return False
    return stop > start if header.step > 0 else stop < start


def traced_entry(context, names: Iterable[str]) -> Env:
    return {**context.env, **{name: TRACED_VALUE for name in names}}


def fori_loop_rewrite(loop: cst.For, context, jnp: str, lax: str, names_given: set[str]) -> LoopRewrite:
    """`for i in range(a, b)` with dependent iterations as `lax.fori_loop(a, b, update, state)`.
    A body that stops the loop with `if c: ...; break` carries a `stop` flag through every step,
    and a step after it changes nothing: reverse-mode differentiable, unlike `lax.while_loop`
    (`early_exit_rewrite`), at the cost of always running `b - a` steps."""
    header = range_header(loop, context)
    body = plain_body(loop, context, exits=True)
    if header.index in read_after([header.index], loop, context):
        raise CannotRewrite(f"the loop index `{header.index}` is read after the loop")
    carried = carried_names(loop, body.statements, context)
    if not carried:
        raise CannotRewrite("the loop assigns nothing that is used after it")
    return _fori_loop(loop, header, body, carried, context, jnp, lax, names_given)


class Collected(NamedTuple):
    """`ys = []` before a loop, `ys.append(value)` as the last statement of each iteration, and
    `jnp.stack(ys)` (or `jnp.array(ys)`) as the only use of `ys` after it."""

    name: str
    value: cst.BaseExpression
    line: cst.SimpleStatementLine
    start: cst.SimpleStatementLine
    use: cst.Call


_STACKING = frozenset({"jax.numpy.stack", "jax.numpy.array", "jax.numpy.asarray"})


def collected_outputs(loop: cst.For, context) -> Collected | None:
    """The list the loop appends one result per iteration to, when `lax.scan` can return it."""
    body = statements_in(loop.body)
    last = body[-1] if body else None
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1):
        return None
    if not isinstance(last.body[0], cst.Expr):
        return None
    call = last.body[0].value
    if not (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "append"
        and isinstance(call.func.value, cst.Name)
        and len(call.args) == 1
        and call.args[0].keyword is None
        and not call.args[0].star
    ):
        return None
    name = call.func.value.value
    start = next(
        (
            statement
            for statement in reversed(code_before(loop, context))
            if isinstance(statement, cst.SimpleStatementLine)
            and name in store_counts([statement])
        ),
        None,
    )
    if not (
        start is not None
        and len(start.body) == 1
        and assigned_pairs(start.body[0]) == [(name, start.body[0].value)]
        and isinstance(start.body[0].value, cst.List)
        and not start.body[0].value.elements
        and not comments_in([start])
    ):
        return None
    uses = [
        node
        for statement in code_after(loop, context)
        for node in _walk(statement)
        if isinstance(node, cst.Call)
        and context.qualified_name(node.func) in _STACKING
        and len(node.args) == 1
        and isinstance(node.args[0].value, cst.Name)
        and node.args[0].value.value == name
    ]
    mentions = sum(1 for read in names_read(context.function) if read == name)
    if len(uses) != 1 or mentions != 3:  # `ys = []`, `ys.append(...)`, `jnp.stack(ys)` and nothing else
        return None
    return Collected(name, call.args[0].value, last, start, uses[0])


def scan_rewrite(loop: cst.For, context, jnp: str, lax: str, names_given: set[str]) -> LoopRewrite:
    """`for i in range(a, b)` collecting one result per iteration into `ys` as
    `state, ys = lax.scan(ys_step, state, jnp.arange(a, b))`."""
    header = range_header(loop, context)
    collected = collected_outputs(loop, context)
    if collected is None:
        raise CannotRewrite(
            "the body collects results other than with one `ys.append(...)` at the end of each "
            "iteration into `ys = []` stacked after the loop"
        )
    rest = [s for s in statements_in(loop.body) if s is not collected.line]
    body = plain_body(loop.with_changes(body=loop.body.with_changes(body=rest)), context)
    if header.index in read_after([header.index], loop, context):
        raise CannotRewrite(f"the loop index `{header.index}` is read after the loop")
    carried = [name for name in carried_names(loop, body.statements, context) if name != collected.name]
    return _fori_loop(loop, header, body, carried, context, jnp, lax, names_given, collected)


def bounded_while_rewrite(
    loop: cst.While, context, jnp: str, lax: str, names_given: set[str]
) -> LoopRewrite:
    """`while A and k < n:` whose body ends each step with `k += 1` as `lax.fori_loop(k, n, ...)`
    running the body where `A` holds: reverse-mode differentiable, unlike `lax.while_loop`, at the
    cost of always running `n - k` steps. Exact because once `A` fails the state stops changing,
    so `A` keeps failing."""
    counter, stop, guard = _counted_condition(loop.test, context)
    loop_body = plain_body(loop, context)
    body = loop_body.statements
    steps = [position for position, statement in enumerate(body) if _counts(statement, counter)]
    if len(steps) != 1 or store_counts(body)[counter] != 1:
        raise CannotRewrite(f"`{counter}` is not counted up by one once per iteration")
    if any(counter in set(names_read(statement)) for statement in body[steps[0] + 1 :]):
        raise CannotRewrite(f"the body reads `{counter}` after counting it up")
    if counter in read_after([counter], loop, context):
        raise CannotRewrite(f"the number of steps `{counter}` is read after the loop")
    rest = [statement for position, statement in enumerate(body) if position != steps[0]]
    rest = rest or [cst.SimpleStatementLine([cst.Pass()])]
    guarded = [cst.If(test=guard, body=cst.IndentedBlock(body=rest))]
    carried = carried_names(loop, guarded, context, also_read=names_read(guard))
    if not set(names_read(guard)) & set(carried):
        raise CannotRewrite(f"the body changes nothing that `{context.describe(guard)}` reads")
    header = RangeHeader(counter, cst.Name(counter), stop)
    return _fori_loop(loop, header, LoopBody(guarded, loop_body.skips), carried, context, jnp, lax, names_given)


def _counted_condition(
    test: cst.BaseExpression, context
) -> tuple[str, cst.BaseExpression, cst.BaseExpression]:
    """`A and k < n` as (k, n, A): `k` a Python counter, `n` a Python bound."""
    operands = list(_and_operands(test))
    counts = [
        (position, operand)
        for position, operand in enumerate(operands)
        if isinstance(operand, cst.Comparison)
        and len(operand.comparisons) == 1
        and isinstance(operand.comparisons[0].operator, (cst.LessThan, cst.LessThanEqual))
        and isinstance(operand.left, cst.Name)
        and context.value(operand.left).trace == STATIC
        and context.value(operand.comparisons[0].comparator).trace == STATIC
    ]
    if len(counts) != 1 or len(operands) < 2:
        raise CannotRewrite(f"`{context.describe(test)}` has no Python bound such as `and step < 100`")
    position, bound = counts[0]
    stop = bound.comparisons[0].comparator
    if isinstance(bound.comparisons[0].operator, cst.LessThanEqual):
        stop = binary(stop, cst.Add(), cst.Integer("1"))
    rest = [operand for i, operand in enumerate(operands) if i != position]
    guard = rest[0]
    for operand in rest[1:]:
        guard = cst.BooleanOperation(left=guard, operator=cst.And(), right=operand)
    return bound.left.value, stop, guard


def _and_operands(test: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) and not test.lpar:
        yield from _and_operands(test.left)
        yield from _and_operands(test.right)
    else:
        yield test


def _counts(statement: cst.BaseStatement, counter: str) -> bool:
    """`counter += 1` or `counter = counter + 1` on a line of its own."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.AugAssign):
        return (
            isinstance(small.target, cst.Name)
            and small.target.value == counter
            and isinstance(small.operator, cst.AddAssign)
            and literal_int(small.value) == 1
        )
    pairs = assigned_pairs(small)
    if pairs is None or len(pairs) != 1 or pairs[0][0] != counter:
        return False
    value = pairs[0][1]
    return (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Add)
        and isinstance(value.left, cst.Name)
        and value.left.value == counter
        and literal_int(value.right) == 1
    )


def _fori_loop(
    loop: cst.For | cst.While,
    header: RangeHeader,
    loop_body: LoopBody,
    carried: Sequence[str],
    context,
    jnp: str,
    lax: str,
    names_given: set[str],
    collected: Collected | None = None,
) -> LoopRewrite:
    """`def update(i, state): <body>` and `state = lax.fori_loop(start, stop, update, state)`; with
    `collected`, `def ys_step(state, i): ...; return state, y` and
    `state, ys = lax.scan(ys_step, state, jnp.arange(start, stop))`."""
    body = loop_body.statements
    exit = loop_body.exit
    traced_code = [*body, collected.line] if collected is not None else body
    check_fixed_shapes(body, carried, context)
    entry = traced_entry(context, [header.index, *carried])
    check_index_uses(traced_code, header.index, entry, context)
    selected = body_traced_tests(body, entry, context)
    flag = None
    if exit is not None:
        check_exit_traced(exit, selected, loop, context)
        if exit is not body[-1]:  # `if c: continue` before it: a stopped step could restart
            raise CannotRewrite("a `continue` comes before the `break`")
        flag = fresh_name("stop", context, set(names_given))
    selection = Selection(
        context,
        jnp,
        lambda node: id(node.test) in selected,
        loop_body.skips,
        lambda base: fresh_name(base, context, names_given),
        {id(exit): flag} if flag else None,
    )
    # With a `break`, every step runs; once the flag is set, steps keep the state as it is.
    state = [*carried, *([flag] if flag else [])]
    skip = cst.Name(flag) if flag else None
    new_body = selection.block(body, {header.index, *state}, needed_after=set(state), skip=skip)

    start = context.code(header.start) if header.start is not None else "0"
    stop = context.code(header.stop)
    if collected is None:
        name = fresh_name(f"update_{function_stem(carried)}", context, names_given)
        update = StateFunction(name, [header.index], state)
        definition = update.build(new_body, state_return(state, context), context)
        initial = state_text([*carried, *(["False"] if flag else [])])
        targets = [*carried, *(["_"] if flag else [])]
        call = loop_call(targets, f"{lax}.fori_loop({start}, {stop}, {update.name}, {initial})", context)
    else:
        name = fresh_name(f"{collected.name}_step", context, names_given)
        update = StateFunction(name, [], carried, [header.index])
        state = state_text(carried) if carried else "None"
        result = context.parse_statement(f"return {state}, {context.code(collected.value)}\n").body[0]
        definition = update.build(new_body, result, context)
        indices = f"{jnp}.arange({stop})" if header.start is None else f"{jnp}.arange({start}, {stop})"
        targets = f"{state if carried else '_'}, {collected.name}"
        call = context.parse_statement(f"{targets} = {lax}.scan({update.name}, {state}, {indices})\n")
    statements = keep_comments(loop, spaced([definition, call]), header_at=1)
    rewrite = LoopRewrite(statements, selection.converted, {"jax.lax"} | _numpy_if_used(statements, jnp))
    if collected is not None:
        rewrite.other_edits = [
            (collected.start, cst.RemovalSentinel.REMOVE),
            (collected.use, cst.Name(collected.name)),
        ]
    rewrite.add_concern(*where_safety(selection.branch_values, context))
    concerns = static_carried_concerns(carried, loop, context)
    stacked = collected is not None and context.qualified_name(collected.use.func) == "jax.numpy.stack"
    if not _runs_at_least_once(header) and not stacked:  # `jnp.stack([])` fails in the original too
        loop_function = f"{lax}.scan" if collected is not None else f"{lax}.fori_loop"
        concerns += empty_array_concerns(traced_code, [header.index, *carried], context, loop_function)
    for concern in concerns:
        rewrite.add_concern(Safety.UNSAFE, concern)
    return rewrite


def while_loop_rewrite(loop: cst.While, context, jnp: str, lax: str, names_given: set[str]) -> LoopRewrite:
    """`while <traced>:` as `lax.while_loop(keep_going, update, state)`; `while True:` too, when
    its body leaves it with `if c: ...; break`."""
    loop_body = plain_body(loop, context, exits=True)
    if loop_body.exit is None and always_true(loop.test):
        raise CannotRewrite("the loop has no `break`")
    return _while_loop(loop, loop_body, None, context, jnp, lax, names_given)


def early_exit_rewrite(loop: cst.For, context, jnp: str, lax: str, names_given: set[str]) -> LoopRewrite:
    """`for i in range(start, stop, step)` whose body ends it with `if c: ...; break` as a
    `lax.while_loop` whose state counts `i` (a `lax.fori_loop` always runs every step)."""
    header = range_header(loop, context, any_step=True)
    loop_body = plain_body(loop, context, exits=True)
    if loop_body.exit is None:
        raise CannotRewrite("the loop has no `break`")
    return _while_loop(loop, loop_body, header, context, jnp, lax, names_given)


def _while_loop(
    loop: cst.For | cst.While,
    loop_body: LoopBody,
    header: RangeHeader | None,
    context,
    jnp: str,
    lax: str,
    names_given: set[str],
) -> LoopRewrite:
    """`lax.while_loop(keep_updating, update, state)`. The state is the carried names, after the
    loop index when the loop counts through `range(...)` (`header`) and before the flag that
    `if c: ...; break` sets (`stop`). An exit test that opens the body and leaves at once joins the
    loop condition instead: `(i < n) & ~(c)`. Python's semantics, eagerly, are kept: the statements
    before the exit test run in the iteration that leaves, those after it do not."""
    original = loop_body.statements
    exit = loop_body.exit
    index_after = header is not None and header.index in read_after([header.index], loop, context)
    folded = (
        exit is not None
        and original[0] is exit
        and all(_is_pass(statement) for statement in statements_in(exit.body))
        and not index_after  # the index after a completed loop is `stop - 1`: leaving counts it
    )
    body = [s for s in statements_in(exit.orelse.body) if not _is_pass(s)] if folded else original
    test_reads = set(names_read(loop.test)) if isinstance(loop, cst.While) else set()
    before_body = test_reads | (set(names_read(exit.test)) if folded else set())
    carried = carried_names(loop, body, context, also_read=before_body)
    if header is not None:
        assigned = store_counts(original)
        if header.index in assigned:
            raise CannotRewrite(f"the body reassigns the loop index `{header.index}`")
        # `range` reads its stop once; the loop condition reads it every step (shapes, which
        # the state keeps, excepted).
        changed = sorted(_value_reads(header.stop, context) & set(assigned))
        if changed:
            raise CannotRewrite(f"the body reassigns `{changed[0]}`, which the range's stop reads")
        if index_after and not _runs_at_least_once(header):
            raise CannotRewrite(
                f"the loop index `{header.index}` is read after the loop, and keeps its earlier value "
                f"(or has none) when `{context.describe(loop.iter)}` is empty"
            )
        if not carried and not index_after:
            raise CannotRewrite("the loop assigns nothing that is used after it")
    elif not test_reads & set(carried) and exit is None:
        raise CannotRewrite(f"the body changes nothing that `{context.describe(loop.test)}` reads")
    elif not carried:
        raise CannotRewrite("the loop assigns nothing that is used after it")
    check_fixed_shapes(original, carried, context)
    counter: list[str] = []
    if header is not None:
        counter = [header.index if header.index != "_" else fresh_name("i", context, names_given)]
    entry = traced_entry(context, [*counter, *carried])
    if header is not None:
        check_index_uses(original, header.index, entry, context)
    selected = body_traced_tests(original, entry, context)
    if exit is not None:
        check_exit_traced(exit, selected, loop, context)
    # The flag lives only in this loop's functions (outside it is unpacked as `_`): another loop
    # of the function may use the same name.
    flag = fresh_name("stop", context, set(names_given)) if exit is not None and not folded else None
    selection = Selection(
        context,
        jnp,
        lambda node: id(node.test) in selected,
        loop_body.skips,
        lambda base: fresh_name(base, context, names_given),
        {id(exit): flag} if flag else None,
    )
    state = [*counter, *carried, *([flag] if flag else [])]
    new_body = selection.block(body, {*counter, *carried}, needed_after=set(state))

    endless = header is None and always_true(loop.test)  # `while True:` tests nothing
    going = None if endless else loop.test if header is None else _counted_bound(counter[0], header)
    if folded:
        selection.converted.add(id(exit.test))
        test = exit.test
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            staying = test.expression  # `if not ok: break` keeps going while `ok`
        else:
            staying = cst.UnaryOperation(cst.Not(), test)
        going = staying if going is None else cst.BooleanOperation(left=going, operator=cst.And(), right=staying)
    if going is not None:
        going = condition(going, context, jnp)
    if flag:
        stopped = unary(cst.BitInvert(), cst.Name(flag))
        going = stopped if going is None else binary(truth(going, context), cst.BitAnd(), stopped)
    elif endless:
        going = truth(going, context)  # `if not n: break` keeps going while `n` is nonzero
    returned: list[cst.BaseExpression] = [cst.Name(name) for name in state]
    if header is not None:
        operator = cst.Add() if header.step > 0 else cst.Subtract()
        returned[0] = binary(cst.Name(counter[0]), operator, cst.Integer(str(abs(header.step))))
    if flag and _assigns_only(new_body[-1:], flag):  # the exit test ends the body: return it
        returned[-1] = new_body.pop().body[0].value

    stem = function_stem(carried or counter)
    keep_going = StateFunction(fresh_name(f"keep_updating_{stem}", context, names_given), [], state)
    update = StateFunction(fresh_name(f"update_{stem}", context, names_given), [], state)
    result = cst.Return(value=_bare_tuple(returned))
    definitions = [
        keep_going.build([], cst.Return(value=going), context),
        update.build(new_body, result, context, assigned_first=[flag] if flag else []),
    ]
    start = [] if header is None else [context.code(header.start) if header.start is not None else "0"]
    initial = [*start, *carried, *(["False"] if flag else [])]
    targets = [*(["_"] * len(counter)), *carried, *(["_"] if flag else [])]
    if index_after:
        targets[0] = counter[0]
    initial_state = initial[0] if len(initial) == 1 else f"({', '.join(initial)})"
    call = f"{lax}.while_loop({keep_going.name}, {update.name}, {initial_state})"
    statements = spaced([*definitions, context.parse_statement(f"{', '.join(targets)} = {call}\n")])
    if index_after:  # the counter stops one step past the last iteration that ran
        operator = "-" if header.step > 0 else "+"
        statements.append(context.parse_statement(f"{counter[0]} = {counter[0]} {operator} {abs(header.step)}\n"))
    statements = keep_comments(loop, statements, header_at=2)
    rewrite = LoopRewrite(statements, selection.converted, {"jax.lax"} | _numpy_if_used(statements, jnp))
    rewrite.add_concern(*where_safety(selection.branch_values, context))
    concerns = static_carried_concerns([*counter, *carried] if index_after else carried, loop, context)
    if header is None or not _runs_at_least_once(header):
        concerns += empty_array_concerns(original, [*counter, *carried], context, f"{lax}.while_loop")
    scope = context.scope
    if scope is not None and scope.differentiated:
        concerns.append(
            f"`{context.function_name}` is differentiated: `lax.while_loop` supports forward-mode "
            "differentiation only, so reverse mode (`jax.grad`) of the rewrite raises"
        )
    for concern in concerns:
        rewrite.add_concern(Safety.UNSAFE, concern)
    return rewrite


def check_exit_traced(exit: cst.If, selected: set[int], loop: cst.For | cst.While, context) -> None:
    """Refuse a `break` on a Python value: the loop is unrolled, and that is fine."""
    if id(exit.test) not in selected and not _traced_in_loop(exit.test, loop, context):
        raise CannotRewrite(
            f"the `break` tests `{context.describe(exit.test)}`, a Python value: decide it before the loop"
        )


def _traced_in_loop(test: cst.BaseExpression, loop: cst.For | cst.While, context) -> bool:
    """Whether the analysis of the whole function (which follows calls into helpers, unlike
    `body_traced_tests`) finds the `if` test `test` of the loop body traced."""
    return any(
        node.test is test and evaluator(context, env_at(node, context)).value(test).traced
        for node in body_ifs(statements_in(loop.body))
    )


def _value_reads(expression: cst.BaseExpression, context) -> set[str]:
    """Names whose value `expression` reads: `len(x)`, `x.shape`, `x.size` and `x.ndim` read
    only the shape of `x`."""
    if (
        isinstance(expression, cst.Call)
        and builtin_called(expression, context) == "len"
        and len(expression.args) == 1
        and isinstance(expression.args[0].value, cst.Name)
    ) or (
        isinstance(expression, cst.Attribute)
        and expression.attr.value in ("shape", "size", "ndim")
        and isinstance(expression.value, cst.Name)
    ):
        return set()
    if isinstance(expression, cst.Name):
        return {expression.value}
    return set().union(*(_value_reads(child, context) for child in expression.children))


def _counted_bound(index: str, header: RangeHeader) -> cst.Comparison:
    """`i < stop` (`i > stop` counting down): whether `range` has a next value."""
    operator = cst.LessThan() if header.step > 0 else cst.GreaterThan()
    stop = _fit(header.stop, precedence(header.stop) <= 5)
    return cst.Comparison(left=cst.Name(index), comparisons=[cst.ComparisonTarget(operator, stop)])


def _assigns_only(statements: Sequence[cst.BaseStatement], name: str) -> bool:
    """One line `name = value` and no comment."""
    if len(statements) != 1 or comments_in(statements):
        return False
    line = statements[0]
    return (
        isinstance(line, cst.SimpleStatementLine)
        and len(line.body) == 1
        and assigned_pairs(line.body[0]) == [(name, getattr(line.body[0], "value", None))]
    )


def _bare_tuple(values: Sequence[cst.BaseExpression]) -> cst.BaseExpression:
    """`a, b + 1, c` as a `return` writes it (a single value as itself)."""
    if len(values) == 1:
        return values[0]
    return cst.Tuple(_separated([_fit(v, precedence(v) < 0) for v in values], cst.Element), lpar=[], rpar=[])


def _numpy_if_used(statements: Sequence[cst.BaseStatement], jnp: str) -> set[str]:
    head = jnp.partition(".")[0]
    return {"jax.numpy"} if any(head in set(names_read(s)) for s in statements) else set()
