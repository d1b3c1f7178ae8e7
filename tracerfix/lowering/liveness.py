"""Which names are live where: computed once per function and shared by every lowering.

Backward over the statement tree: a name is live before a statement when the statement may read it
before binding it, or does not bind it outright and it is live after. A container changed in place
(`d["k"] = v`, `xs.append(v)`) is read and written, so its old value stays live. Loops iterate to a
fixed point; `break` hands on what is live after the loop, `continue` what is live at its head,
`return` only what its value reads.
"""

from __future__ import annotations

from tracerfix.lowering.ir import Break, Continue, For, If, Leaf, Return, While


class Liveness:
    def __init__(self, loops_run: bool = False) -> None:
        # id of a statement -> names live just after it / just before it.
        self.after: dict[int, set[str]] = {}
        self.before: dict[int, set[str]] = {}
        # Take every `for` to run at least once (its index bound after it), as the question "does
        # this read see a value from before the statements?" needs for a loop over a range.
        self.loops_run = loops_run

    def block(self, statements: list, live: set[str], jumps: tuple[set[str], set[str]] | None = None) -> set[str]:
        for statement in reversed(statements):
            self.after[id(statement)] = set(live)
            live = self.statement(statement, live, jumps)
            self.before[id(statement)] = set(live)
        return live

    def statement(self, statement, live: set[str], jumps) -> set[str]:
        if isinstance(statement, Leaf):
            return (live - statement.kills) | statement.reads
        if isinstance(statement, If):
            arms = self.block(statement.body, live, jumps) | self.block(statement.orelse, live, jumps)
            return statement.reads | (arms - statement.binds)
        if isinstance(statement, Return):
            return set(statement.reads)
        if isinstance(statement, Break):
            return set(jumps[0]) if jumps else set(live)
        if isinstance(statement, Continue):
            return set(jumps[1]) if jumps else set(live)
        if isinstance(statement, (While, For)) and statement.orelse:
            # A `break` skips the `else`; the loop's own end runs it. Right after the loop (once
            # the `else` stands after it, behind the stop flag) both are live.
            ended = self.block(statement.orelse, live, jumps)
            self.after[id(statement)] = live | ended
        else:
            ended = live
        if isinstance(statement, While):
            head = ended | statement.reads
            while True:
                new = ended | statement.reads | self.block(statement.body, head, (live, head))
                if new == head:
                    return head
                head = new
        if isinstance(statement, For):
            head = set(ended)
            while True:
                body = self.block(statement.body, head, (live, head)) - statement.targets
                new = ended | body
                if new == head:
                    return (body if self.loops_run else head) | statement.reads
                head = new
        raise TypeError(statement)


def live_before(statements: list, live_after: set[str], loops_run: bool = False) -> set[str]:
    return Liveness(loops_run).block(statements, set(live_after))
