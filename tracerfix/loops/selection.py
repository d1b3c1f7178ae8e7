"""Selections: the `if`s of a block whose tests are traced become `jnp.where` assignments, and the
rest of a body after `if c: continue` (or `break`) keeps the old values where `c` holds."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import libcst as cst

from tracerfix.loops.branches import body_ifs
from tracerfix.loops.building import (
    assignment,
    binary,
    call_to,
    fit,
    keep_comments,
    precedence,
    separated,
    substitute,
    unary,
)
from tracerfix.loops.conditions import condition, conjunction, truth
from tracerfix.loops.names import assigned_pairs, exposed_reads, statements_in, store_counts
from tracerfix.loops.outcome import CannotRewrite
from tracerfix.rewrite import BINARY_OF_AUGMENTED, is_boolean, names_read, needs_squeeze


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
        one_element_tests: bool = False,
    ) -> None:
        self.context = context
        # The tests are Python truth tests of one value each (a lax loop's body), not a
        # vectorised loop's per-element tests: a test that is a one-element array is squeezed,
        # as `jnp.where` would otherwise give the selection its shape.
        self.one_element_tests = one_element_tests
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
        then = [s for s in statements_in(node.body) if not is_pass(s)]
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
        if self.one_element_tests and needs_squeeze(self.context, node.test):
            test = call_to(f"{self.jnp}.squeeze", [test])
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
        call = call_to(f"{self.jnp}.where", [test, then, otherwise])
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


def is_pass(statement: cst.BaseStatement) -> bool:
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
        if len(statements) > 1 and is_pass(statement):
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
    targets = cst.Tuple(separated([cst.Name(name) for name in names], cst.Element), lpar=[], rpar=[])
    parts = [fit(value, precedence(value) < 0) for value in values]
    elements = cst.Tuple(separated(parts, cst.Element), lpar=[], rpar=[])
    return cst.SimpleStatementLine(body=[cst.Assign(targets=[cst.AssignTarget(targets)], value=elements)])
