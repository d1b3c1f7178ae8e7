"""The state a loop carries from one iteration to the next, and what a `lax` loop asks of it: a
fixed shape, the `if` tests that become traced in a body function, and a loop index used only as
a traced integer."""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

import libcst as cst

from tracerfix.analysis.dataflow import Env, FunctionFacts, FunctionWalker
from tracerfix.loops.branches import body_ifs
from tracerfix.loops.names import assigned_pairs, exposed_reads, statements_in, store_counts, target_names
from tracerfix.loops.outcome import CannotRewrite
from tracerfix.loops.placement import bound_before, evaluator, read_after
from tracerfix.rewrite import Refused, names_read, refuse_none_holders


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
    fixed shape and dtype for their state), or one that is None on some paths."""
    carried = set(carried)
    try:
        refuse_none_holders(context, sorted(carried))
    except Refused as refusal:
        raise CannotRewrite(str(refusal)) from None
    for statement in all_simple(body):
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


def all_simple(statements: Sequence[cst.BaseStatement]) -> Iterator[cst.SimpleStatementLine]:
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            yield statement
        elif isinstance(statement, cst.If):
            yield from all_simple(statements_in(statement.body))
            if isinstance(statement.orelse, cst.If):
                yield from all_simple([statement.orelse])
            elif statement.orelse is not None:
                yield from all_simple(statements_in(statement.orelse.body))


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
