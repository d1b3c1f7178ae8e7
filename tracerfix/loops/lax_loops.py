"""The `lax` loops: a loop whose iterations depend on each other becomes `lax.fori_loop`,
`lax.scan` (when it collects one result per iteration) or `lax.while_loop`, with the names it
carries as the state, its traced `if`s as selections and a traced `break` as a stop flag."""

from __future__ import annotations

from typing import Iterable, Iterator, NamedTuple, Sequence

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.dataflow import Env
from tracerfix.analysis.values import STATIC, TRACED_VALUE, literal_int
from tracerfix.definitions import latest_assignment
from tracerfix.loops.bodies import LoopBody, RangeHeader, always_true, plain_body, range_header
from tracerfix.loops.branches import body_ifs
from tracerfix.loops.building import (
    binary,
    call_to,
    comments_in,
    fit,
    fresh_name,
    keep_comments,
    precedence,
    separated,
    unary,
)
from tracerfix.loops.conditions import condition, reduced_in, truth
from tracerfix.loops.names import assigned_pairs, statements_in, store_counts, walk
from tracerfix.loops.outcome import CannotRewrite, LoopRewrite
from tracerfix.loops.placement import code_after, code_before, env_at, evaluator, read_after
from tracerfix.loops.selection import Selection, is_pass
from tracerfix.loops.state import body_traced_tests, carried_names, check_fixed_shapes, check_index_uses
from tracerfix.rewrite import (
    Refused,
    builtin_called,
    names_read,
    needs_squeeze,
    passed_functions,
    reverse_mode_refusal,
    refuse_numbers_made_unknown_arrays,
    shaped_start,
    where_safety,
)
from tracerfix.rule import Safety


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
        read = {name for node in [*body, result] for name in names_read(node)}
        state = self.carried[0] if len(self.carried) == 1 else (_state_name(read, context) if self.carried else "_")
        parameters = ", ".join([*self.leading, state, *self.trailing])
        statements: list[cst.BaseStatement] = []
        if len(self.carried) > 1:
            used = read - set(assigned_first)
            unpacked = ", ".join(name if name in used else "_" for name in self.carried)
            statements.append(context.parse_statement(f"{unpacked} = {state}\n"))
        statements.extend(body)
        statements.append(cst.SimpleStatementLine(body=[result]))
        header = context.parse_statement(f"def {self.name}({parameters}):\n    pass\n")
        return header.with_changes(body=cst.IndentedBlock(body=statements))


def _state_name(read: set[str], context) -> str:
    """`state`, unless the body reads a name `state` of its own (pgx's `state` argument)."""
    taken = read | set(context.env) | set(names_read(context.function) if context.function is not None else ())
    name, number = "state", 2
    while name in taken:
        name, number = f"state_{number}", number + 1
    return name


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
    for node in walk(cst.IndentedBlock(body=list(body))):
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
        for node in walk(statement)
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


def _body_selection(
    loop_body: LoopBody, selected: set[int], flag: str | None, context, jnp: str, names_given: set[str]
) -> Selection:
    """The `jnp.where` selections of a `lax` loop's body: its `if`s on traced values (`selected`),
    the steps a `continue` skips, and the `break` that sets `flag`."""
    return Selection(
        context,
        jnp,
        lambda node: id(node.test) in selected,
        loop_body.skips,
        lambda base: fresh_name(base, context, names_given),
        {id(loop_body.exit): flag} if flag else None,
        one_element_tests=True,
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
    selection = _body_selection(loop_body, selected, flag, context, jnp, names_given)
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
    statements = keep_comments(loop, spaced([definition, call]), header_at=1, context=context)
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
    for name in sorted(reduced_in(context.code(loop.test))):
        start = latest_assignment(name, context)
        if isinstance(start, (cst.Name, cst.Integer, cst.Float)) and (
                not isinstance(start, cst.Name) or start.value in ("True", "False")):
            # `abort = False`; `while not jnp.all(abort)`: an array the loop makes, of another
            # shape than its start; the general lowering runs the body once first.
            raise CannotRewrite(f"`{name}` starts as `{context.code(start)}` and the test reduces it")
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
        and all(is_pass(statement) for statement in statements_in(exit.body))
        and not index_after  # the index after a completed loop is `stop - 1`: leaving counts it
    )
    body = [s for s in statements_in(exit.orelse.body) if not is_pass(s)] if folded else original
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
    selection = _body_selection(loop_body, selected, flag, context, jnp, names_given)
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
        tested = [*([loop.test] if isinstance(loop, cst.While) and not endless else []),
                  *([exit.test] if folded else [])]
        if any(needs_squeeze(context, test) for test in tested):
            going = call_to(f"{jnp}.squeeze", [going])  # `lax.while_loop` needs a 0-d condition
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
    assignments = [(target.value, context.code(small.value).strip()) for statement in body
                   if isinstance(statement, cst.SimpleStatementLine) for small in statement.body
                   if isinstance(small, cst.Assign) and len(small.targets) == 1
                   for target in [small.targets[0].target] if isinstance(target, cst.Name)]
    bound = [(context.code(small.targets[0].target).strip(), context.code(small.value).strip())
             for small in walk(cst.IndentedBlock(body=list(body))) if isinstance(small, cst.Assign) and len(small.targets) == 1]
    try:
        refuse_numbers_made_unknown_arrays(context, context.function, loop, carried, bound)
    except Refused as reason:
        raise CannotRewrite(str(reason)) from None
    starts = [shaped_start(name, context.function, loop, assignments, carried, jnp, context.module)
              for name in carried]
    initial = [*start, *(text for text, _ in starts), *(["False"] if flag else [])]
    targets = [*(["_"] * len(counter)), *carried, *(["_"] if flag else [])]
    if index_after:
        targets[0] = counter[0]
    initial_state = initial[0] if len(initial) == 1 else f"({', '.join(initial)})"
    passed = passed_functions(context.code(going).strip(), [context.code(s) for s in new_body], state)
    if passed is not None:
        # `while cond_fun(val): val = body_fun(val)` (a hand-written while_loop helper): the
        # functions themselves are the loop's, with no wrappers around them.
        definitions = []
    names = passed or (keep_going.name, update.name)
    call = f"{lax}.while_loop({names[0]}, {names[1]}, {initial_state})"
    statements = spaced([*definitions, context.parse_statement(f"{', '.join(targets)} = {call}\n")])
    if index_after:  # the counter stops one step past the last iteration that ran
        operator = "-" if header.step > 0 else "+"
        statements.append(context.parse_statement(f"{counter[0]} = {counter[0]} {operator} {abs(header.step)}\n"))
    statements = keep_comments(loop, statements, header_at=2, context=context)
    rewrite = LoopRewrite(statements, selection.converted, {"jax.lax"} | _numpy_if_used(statements, jnp))
    rewrite.add_concern(*where_safety(selection.branch_values, context))
    concerns = static_carried_concerns([*counter, *carried] if index_after else carried, loop, context)
    if header is None or not _runs_at_least_once(header):
        concerns += empty_array_concerns(original, [*counter, *carried], context, f"{lax}.while_loop")
    scope = context.scope
    if scope is not None and scope.differentiated:
        raise CannotRewrite(reverse_mode_refusal(context.function_name))
    concerns += [note for _, note in starts if note]
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
    stop = fit(header.stop, precedence(header.stop) <= 5)
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
    return cst.Tuple(separated([fit(v, precedence(v) < 0) for v in values], cst.Element), lpar=[], rpar=[])


def _numpy_if_used(statements: Sequence[cst.BaseStatement], jnp: str) -> set[str]:
    head = jnp.partition(".")[0]
    return {"jax.numpy"} if any(head in set(names_read(s)) for s in statements) else set()
