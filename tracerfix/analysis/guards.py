"""Tests that tell a tracer from a concrete value: code behind them runs only eagerly.

`if not isinstance(x, jax.core.Tracer):`, `if jax.core.is_concrete(x):` and a helper that returns
such a test (`not_jax_tracer(x)` in NumPyro) guard code written for concrete values: under a trace
it runs only when `x` itself is a Python value, and is skipped when `x` is traced.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from tracerfix.analysis.imports import ImportTable
from tracerfix.analysis.syntax import child_nodes, own_nodes

# Tests true exactly for concrete values, from JAX and from libraries whose helpers other modules
# import (numpyro's `not_jax_tracer(x)` is `not isinstance(x, Tracer)`).
_CONCRETE_TESTS = frozenset({"jax.core.is_concrete", "numpyro.util.not_jax_tracer"})
# The errors JAX raises where a traced value needs to be concrete.
_TRACER_ERRORS = frozenset({
    "ConcretizationTypeError", "TracerBoolConversionError", "TracerIntegerConversionError",
    "TracerArrayConversionError", "NonConcreteBooleanIndexError",
})


def catches_tracer_errors(handler: cst.ExceptHandler, imports: ImportTable) -> bool:
    """`except jax.errors.ConcretizationTypeError:` (or a tuple naming one): the code in the `try`
    expects to meet tracers and handles them."""
    kinds = handler.type
    if kinds is None:
        return False
    names = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
    return any(_names_tracer_error(name, imports) for name in names)


def _names_tracer_error(node: cst.BaseExpression, imports: ImportTable) -> bool:
    qualified = imports.qualify(node) or ""
    return qualified.startswith("jax") and qualified.rpartition(".")[2] in _TRACER_ERRORS


def suppresses_tracer_errors(manager: cst.BaseExpression, exit_method: cst.FunctionDef | None,
                             imports: ImportTable) -> bool:
    """`with contextlib.suppress(jax.errors.ConcretizationTypeError):`, or a context manager whose
    `__exit__` (`exit_method`, of a class of the module) names a tracer error and can return True
    (lsqfitgp's `skipifabstract`): its body is written to be skipped where it meets a tracer."""
    if isinstance(manager, cst.Call) and imports.qualify(manager.func) == "contextlib.suppress":
        kinds = [e.value for arg in manager.args for e in (arg.value.elements if isinstance(arg.value, cst.Tuple)
                                                            else [arg])]
        return any(_names_tracer_error(kind, imports) for kind in kinds)
    if exit_method is None:
        return False
    nodes = list(own_nodes(exit_method.body.children))
    names_one = any(isinstance(n, (cst.Name, cst.Attribute)) and _names_tracer_error(n, imports) for n in nodes)
    returns_true = any(isinstance(n, cst.Return) and isinstance(n.value, cst.Name) and n.value.value == "True"
                       for n in nodes)
    return names_one and returns_true


def tracer_test(
    test: cst.BaseExpression,
    imports: ImportTable,
    resolve: Callable[[cst.Call], cst.FunctionDef | None],
    depth: int = 0,
) -> tuple[cst.BaseExpression, bool] | None:
    """(subject, when_traced) when `test` is true exactly when `subject` is a tracer
    (when_traced True) or exactly when it is concrete (False); None for any other test."""
    test, negated = _unwrapped(test)
    if not isinstance(test, cst.Call) or not test.args:
        return None
    over_all = _over_elements(test, imports, resolve, depth)
    if over_all is not None:
        return over_all[0], over_all[1] != negated
    subject = test.args[0].value
    found: bool | None = None
    if isinstance(test.func, cst.Name) and test.func.value == "isinstance" and len(test.args) == 2:
        if any(_is_tracer_class(name, imports) for name in _alternatives(test.args[1].value)):
            found = True
    elif imports.qualify(test.func) in _CONCRETE_TESTS:
        found = False
    elif depth < 3:  # `not_tracing(x)` returning `not tracing(x)` returning `isinstance(x, Tracer)`
        helper = resolve(test)
        returned = single_return(helper) if helper is not None else None
        positional = _positional(test, helper)
        if returned is not None and positional:
            inner = tracer_test(returned, imports, resolve, depth + 1)
            if inner is not None and isinstance(inner[0], cst.Name) and inner[0].value == positional[0].name.value:
                found = inner[1]
    if found is None:
        return None
    return subject, found != negated


def _over_elements(test: cst.Call, imports: ImportTable, resolve, depth: int) -> tuple[cst.BaseExpression, bool] | None:
    """`all(is_available(t) for t in values)` (PhiFlow's backend): true exactly when every element
    of `values` is concrete; `any(isinstance(t, Tracer) for t in values)`, exactly when one is
    traced. (subject, when_traced) as `tracer_test` gives it, for the collection."""
    if not isinstance(test.func, cst.Name) or test.func.value not in ("all", "any") or len(test.args) != 1:
        return None
    generator = test.args[0].value
    if not isinstance(generator, (cst.GeneratorExp, cst.ListComp)):
        return None
    loop = generator.for_in
    if loop.inner_for_in is not None or loop.ifs or not isinstance(loop.target, cst.Name):
        return None
    inner = tracer_test(generator.elt, imports, resolve, depth + 1)
    if inner is None or not isinstance(inner[0], cst.Name) or inner[0].value != loop.target.value:
        return None
    # `all` of "concrete" and `any` of "traced" are exact for the collection; the other two are not.
    if (test.func.value == "all") != (inner[1] is False):
        return None
    return loop.iter, inner[1]


def array_test(
    test: cst.BaseExpression,
    imports: ImportTable,
    resolve: Callable[[cst.Call], cst.FunctionDef | None],
) -> tuple[cst.BaseExpression, bool] | None:
    """(subject, negated) for `isinstance(x, jax.Array)` or a helper returning it (scipy's
    `is_lazy_array(x)`), under `not`s: true whenever `x` is a tracer (and for concrete JAX arrays
    too, so it decides nothing about a value that is not traced)."""
    test, negated = _unwrapped(test)
    if not isinstance(test, cst.Call) or not test.args:
        return None
    if isinstance(test.func, cst.Name) and test.func.value == "isinstance" and len(test.args) == 2:
        if any(imports.qualify(name) in ("jax.Array", "jax.numpy.ndarray") for name in _alternatives(test.args[1].value)):
            return test.args[0].value, negated
        return None
    helper = resolve(test)
    returned = single_return(helper) if helper is not None else None
    positional = _positional(test, helper)
    inner = array_test(returned, imports, lambda call: None) if returned is not None and positional else None
    if inner is not None and isinstance(inner[0], cst.Name) and inner[0].value == positional[0].name.value:
        return test.args[0].value, negated != inner[1]
    return None


def _positional(call: cst.Call, helper: cst.FunctionDef | None) -> list[cst.Param]:
    """The parameters that `call`'s positional arguments fill: a method called on its object
    (`self.is_available(t)`) skips its `self`."""
    if helper is None:
        return []
    positional = [*helper.params.posonly_params, *helper.params.params]
    if isinstance(call.func, cst.Attribute) and positional and positional[0].name.value in ("self", "cls"):
        return positional[1:]
    return positional


def _unwrapped(test: cst.BaseExpression) -> tuple[cst.BaseExpression, bool]:
    """The test under `not`, `t is False`, `t == True`, `True if t else False`; and whether those
    negate it."""
    negated = False
    while True:
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, negated = test.expression, not negated
        elif isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
                and isinstance(test.comparisons[0].operator, (cst.Is, cst.Equal, cst.IsNot, cst.NotEqual)) \
                and _boolean_literal(test.comparisons[0].comparator) is not None:
            same = isinstance(test.comparisons[0].operator, (cst.Is, cst.Equal))
            flips = same != _boolean_literal(test.comparisons[0].comparator)
            test, negated = test.left, negated != flips
        elif isinstance(test, cst.IfExp) and {_boolean_literal(test.body), _boolean_literal(test.orelse)} == {True, False}:
            test, negated = test.test, negated != (_boolean_literal(test.body) is False)
        else:
            return test, negated


def _boolean_literal(node: cst.BaseExpression) -> bool | None:
    return {"True": True, "False": False}.get(node.value) if isinstance(node, cst.Name) else None


def _alternatives(kinds: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The classes of `isinstance`'s second argument: `(A, B)` or `A | B`."""
    if isinstance(kinds, cst.Tuple):
        return [found for element in kinds.elements for found in _alternatives(element.value)]
    if isinstance(kinds, cst.BinaryOperation) and isinstance(kinds.operator, cst.BitOr):
        return [*_alternatives(kinds.left), *_alternatives(kinds.right)]
    return [kinds]


def _is_tracer_class(node: cst.BaseExpression, imports: ImportTable) -> bool:
    qualified = imports.qualify(node)
    return qualified is not None and qualified.startswith("jax") and qualified.rpartition(".")[2].endswith("Tracer")


def single_return(function: cst.FunctionDef) -> cst.BaseExpression | None:
    """The expression a function made of one `return` statement (after a docstring) returns."""
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else function.body.body
    statements = [s for s in body if not _is_docstring(s)] if isinstance(function.body, cst.IndentedBlock) else list(body)
    if len(statements) != 1:
        return None
    statement = statements[0]
    small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else statement
    if isinstance(small, cst.Return) and small.value is not None:
        return small.value
    return None


def _is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def jax_namespace_test(test: cst.BaseExpression, imports: ImportTable) -> bool | None:
    """`np is jnp` (True: the body runs with JAX), `xp is not jnp` (False); None for other tests.

    Backend dispatch (brax's `_which_np`, array-API `xp = array_namespace(x)`) picks NumPy only for
    NumPy inputs: under a trace the inputs are tracers, so the NumPy branch runs only eagerly."""
    negated = False
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, negated = test.expression, not negated
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    if not isinstance(target.operator, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)):
        return None
    sides = [test.left, target.comparator]
    if not any(imports.qualify(side) == "jax.numpy" for side in sides):
        return None
    if not all(isinstance(side, (cst.Name, cst.Attribute)) for side in sides):
        return None
    same = isinstance(target.operator, (cst.Is, cst.Equal))
    return same != negated


def under_trace_test(test: cst.BaseExpression, imports: ImportTable,
                     resolve: Callable[[cst.Call], cst.FunctionDef | None]) -> bool | None:
    """`jax.core.unsafe_am_i_under_a_jit_DO_NOT_USE()`, or a helper of the module that returns it
    (brax's `_in_jit()`): True when the body runs under the trace (so the `else` only eagerly),
    False for `not _in_jit()`; None for other tests."""
    negated = False
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, negated = test.expression, not negated
    if not isinstance(test, cst.Call) or test.args:
        return None
    if _asks_for_a_trace(test, imports):
        return not negated
    helper = resolve(test)
    if isinstance(helper, cst.FunctionDef) and not helper.params.params and not helper.params.posonly_params:
        returns = [node for node in own_nodes(child_nodes(helper.body))
                   if isinstance(node, cst.Return) and node.value is not None]
        if any(isinstance(r.value, cst.Call) and _asks_for_a_trace(r.value, imports) for r in returns):
            return not negated
    return None


def _asks_for_a_trace(call: cst.Call, imports: ImportTable) -> bool:
    qualified = imports.qualify(call.func) or ""
    return qualified.startswith("jax") and qualified.rpartition(".")[2].startswith("unsafe_am_i_under_a_jit")

