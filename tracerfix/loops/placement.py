"""Where a loop stands in its function: the code that runs before and after it, the names it
finds bound and those read after it, and the analysis' environment at one of its statements."""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from tracerfix.analysis.dataflow import Env
from tracerfix.analysis.values import Evaluator
from tracerfix.loops.names import exposed_reads, simple_effect, statements_in, store_counts, target_names
from tracerfix.loops.outcome import CannotRewrite
from tracerfix.rewrite import names_read


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
            elif isinstance(node, (cst.For, cst.While)):
                if name in exposed_reads([node])[0]:
                    live.add(name)
                    break
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
    return context.env_at(statement)
