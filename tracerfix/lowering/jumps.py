"""`break`, `continue` and `return` out of traced control flow, rewritten before lowering.

`lax` control flow has no jumps: a branch function returns once, a loop body runs to its end. So
the jumps become data first:

- the statements after an `if` that may jump move into the branches that do not jump
  (`if c: continue` then `rest` becomes `if not c: rest`), which needs no flag at all;
- `break` sets a stop flag the loop condition reads (`stop = True`);
- `return v` inside a loop sets `result = v` and `returned = True`, which also stops every loop
  around it; after the outermost loop, `if returned: return result` and the rest of the function
  in the other branch.

The flags are named after what they mean and only exist where a jump needs them.
"""

from __future__ import annotations

from tracerfix import pyast
from dataclasses import dataclass

from tracerfix.lowering.ir import (
    Break, Continue, For, If, Leaf, Return, While, analyse_leaf, has_jump, walk, writes_of,
)
from tracerfix.rewrite import Refused


@dataclass
class Flags:
    """The names a loop's jumps write: its own stop flag, and the function's return flags."""

    stop: str | None = None
    returned: str | None = None
    result: str | None = None
    # The literal every `return` inside the loops gives (`return False` in a search): then the
    # flag alone says what the function returns, and no `result` is carried.
    constant: str | None = None

    def returned_value(self) -> Return:
        if self.result is None:
            return Return(self.constant, set())
        return Return(self.result, {self.result})


def assign(name: str, value: str) -> Leaf:
    return analyse_leaf(f"{name} = {value}")


def loop_body(statements: list, flags: Flags) -> list:
    """The body of a loop with its `break`/`continue`/`return` turned into flags (`flags`)."""
    out: list = []
    for position, statement in enumerate(statements):
        rest = statements[position + 1 :]
        if isinstance(statement, Break):
            out.append(assign(flags.stop, "True"))
            return out
        if isinstance(statement, Continue):
            return out
        if isinstance(statement, Return):
            if flags.returned is None:
                raise Refused("a `return` inside the loop")  # the caller gives the flags
            if flags.result is not None:
                out.append(assign(flags.result, statement.value or "None"))
            out.append(assign(flags.returned, "True"))
            return out
        if isinstance(statement, If) and (
            has_jump([statement], (Break, Continue), into_loops=False) or has_jump([statement], (Return,), into_loops=True)
        ):
            body = loop_body(statement.body + rest, flags)
            orelse = loop_body(statement.orelse + rest, flags)
            out.append(If(statement.test, statement.reads, body, orelse, statement.node, statement.traced, statement.is_elif, statement.binds))
            return out
        if isinstance(statement, (While, For)) and has_jump([statement], (Return,), into_loops=True):
            out.append(statement)
            rest = loop_body(rest, flags)
            if rest:
                out.append(If(flags.returned, {flags.returned}, [], rest, None, traced=True))
            return out
        out.append(statement)
    return out


def constant_return(statements: list) -> str | None:
    """The literal number or boolean that every `return` inside the loops of `statements` gives
    (`for face in faces: if hit: return False`), else None."""
    values = {statement.value for statement in walk(statements) if isinstance(statement, (While, For))
              for statement in walk(statement.body) if isinstance(statement, Return)}
    if len(values) != 1 or None in values:
        return None
    value = next(iter(values))
    return value if is_literal_number(value) else None


def is_literal_number(text: str) -> bool:
    """`False`, `0`, `-1.5`: a Python number or boolean written out."""
    try:
        value = pyast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False
    return isinstance(value, (bool, int, float))


def function_tail(statements: list, flags: Flags, placeholder, bound: frozenset[str] = frozenset()) -> list:
    """The statements from the lowered one to the end of the function, with every `return` that
    sits inside a branch or loop made the last statement of its path.

    `placeholder(loop, rest)` gives the initial value of `flags.result` before a loop that
    returns; `bound`, the names bound before `statements`."""
    out: list = []
    for position, statement in enumerate(statements):
        rest = statements[position + 1 :]
        if isinstance(statement, Return):
            out.append(statement)
            return out
        if isinstance(statement, If) and has_jump([statement], (Return,), into_loops=True):
            known = bound | set(writes_of(out))
            body = function_tail(statement.body + rest, flags, placeholder, known)
            orelse = function_tail(statement.orelse + rest, flags, placeholder, known)
            out.append(If(statement.test, statement.reads, body, orelse, statement.node, statement.traced, statement.is_elif, statement.binds))
            return out
        left_by_return = _left_only_by_one_return(statement) if isinstance(statement, While) else None
        # Only where the value reads names bound before the loop: one the loop binds first would
        # need a made-up start, where the flags' placeholder can take the returned expression.
        if left_by_return is not None and left_by_return[1].reads <= bound | set(writes_of(out)):
            # `while True: ... if done: return v`: the `return` is a `break` with `return v` after
            # the loop, where every name it reads still holds the value it had at the `break`.
            out.extend(left_by_return)
            return out
        if isinstance(statement, (While, For)) and has_jump([statement], (Return,), into_loops=True):
            out.append(assign(flags.returned, "False"))
            if flags.result is not None:
                out.append(assign(flags.result, placeholder(statement, rest)))
            out.append(statement)
            if isinstance(statement, While) and statement.test.strip() in ("True", "1") and not has_jump(
                statement.body, (Break,), into_loops=False
            ):
                # `while True:` left only by `return`: after it, the function has returned.
                out.append(flags.returned_value())
                return out
            tail = function_tail(rest, flags, placeholder, bound | set(writes_of(out)))
            out.append(If(flags.returned, {flags.returned}, [flags.returned_value()], tail, None, traced=True))
            return out
        out.append(statement)
    return out


def _left_only_by_one_return(loop: While) -> list | None:
    """[the loop with its one `return` made a `break`, that `return`] for a `while True:` that
    only that `return` leaves (no `break`, no `else`, not from inside a nested loop); else None."""
    if loop.test.strip() not in ("True", "1") or loop.orelse or has_jump(loop.body, (Break,), into_loops=False):
        return None
    returns = [s for s in walk(loop.body) if isinstance(s, Return)]
    reachable = _returns_outside_loops(loop.body)
    if len(returns) != 1 or len(reachable) != 1 or returns[0] is not reachable[0]:
        return None
    found = returns[0]

    def broken(block: list) -> list:
        out = []
        for statement in block:
            if statement is found:
                out.append(Break())
            elif isinstance(statement, If):
                out.append(If(statement.test, statement.reads, broken(statement.body), broken(statement.orelse),
                              statement.node, statement.traced, statement.is_elif, statement.binds))
            else:
                out.append(statement)
        return out

    return [While(loop.test, loop.reads, broken(loop.body), loop.node, loop.traced), found]


def _returns_outside_loops(block: list) -> list:
    """The `return`s of `block` that are not inside a nested loop."""
    found = []
    for statement in block:
        if isinstance(statement, Return):
            found.append(statement)
        elif isinstance(statement, If):
            found += _returns_outside_loops(statement.body) + _returns_outside_loops(statement.orelse)
    return found
