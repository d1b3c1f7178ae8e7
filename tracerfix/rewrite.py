"""Building blocks that the control-flow rewrites share.

- `report_condition`, `attempt`: report a construct with its fix, or with why it is not rewritten.
- `truth_test_is_traced`: whether evaluating a condition makes Python call `bool()` on a tracer.
- `chain_arms`, `assigned_values`, `returned_value`: an `if`/`elif`/`else` chain read as the
  values each branch assigns, or returns.
- `inspect_operand`, `where_safety`: what evaluating a branch on the side that `jnp.where` does
  not select costs: NaN in gradients, side effects, work.
- `Selection`: spells the choice between branch values as a JAX expert would: `jnp.where`,
  `jnp.select`, `lax.cond` for an expensive branch, `lax.switch` for a dispatch on an index.
- `runtime_check`: a raising `jax.debug.callback` (or `eqx.error_if`) for an `assert` or a `raise`.
- `statements_replacing`: the rewritten statements, keeping the comments of the replaced ones.

Whatever cannot be rewritten faithfully raises `Refused`, whose text completes the sentence
"not rewritten: ...": rules report the construct with that reason instead of guessing.
"""

from __future__ import annotations

import ast
import builtins
import json
import keyword
import re

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator, Mapping, NamedTuple, Sequence

import libcst as cst

from tracerfix import pyast
from tracerfix.analysis import known
from tracerfix.analysis.scopes import param_names
from tracerfix.analysis.syntax import child_nodes, target_names
from tracerfix.analysis.values import (
    DEVICE_CONSTANT, STATIC, TRACED, Value, is_none_literal, is_plain_data, python_value_tested,
)
from tracerfix.messages import under_tracing
from tracerfix.rule import Safety

if TYPE_CHECKING:
    from tracerfix.rule import Fix


class Refused(Exception):
    """A construct the rules report but do not rewrite; the text says why."""


def attempt(build: Callable[[], "Fix"]) -> tuple["Fix | None", str]:
    """The fix `build` returns, or None and the message's ending " (not rewritten: why)"."""
    try:
        return build(), ""
    except Refused as refusal:
        return None, f" (not rewritten: {refusal})"


def report_condition(rule, node: cst.CSTNode, test: cst.BaseExpression, construct: str, advice: str,
                     build: Callable[[], "Fix"]) -> None:
    """Report `construct` at `node` when its condition `test` is traced, with the fix `build`
    makes or the reason it refuses: "`assert` on traced value `x > 0` fails under ...; advice"."""
    context = rule.context
    if not truth_test_is_traced(context, test):
        return
    fix, reason = attempt(build)
    message = f"{construct} on traced value `{context.describe(test)}` fails under {under_tracing(context)}; {advice}"
    rule.report(node, message + reason, fix)


def check_identity_tests(context, names) -> None:
    """Refuse when a name a fix makes traced is tested by identity (`done is False`) in the
    function: a traced boolean is never the object `False`, so the test would silently change
    meaning instead of failing. Nor can it be None on some paths (`refuse_none_holders`)."""
    function = context.function
    if function is None:
        return
    refuse_none_holders(context, names)
    tested, against_none = _identity_tests(function)
    for name in names:
        # `mask is None` on a name already traced here (a traced argument, defaulted before):
        # a traced array is never None, before the fix as after (None itself is refused above).
        if name in tested or name in against_none and context.value(cst.Name(name)).trace != TRACED:
            raise Refused(f"`{name}` is tested by identity (`is`) elsewhere in the function; once rewritten it "
                          f"holds a traced array, which is never `True`/`False`/`None` by identity: test its "
                          f"value instead (`not {name}`)")


_per_function: dict[tuple[str, int], tuple[cst.CSTNode, object]] = {}


def _remembered(kind: str, function: cst.CSTNode, compute):
    """`compute(function)`, once per function node: the lowering asks the same questions of one
    function for each `if` it writes, pass after pass. (Entries hold their node, so an id is not
    reused while remembered; the table is emptied when it grows.)"""
    key = (kind, id(function))
    found = _per_function.get(key)
    if found is not None and found[0] is function:
        return found[1]
    if len(_per_function) > 512:
        _per_function.clear()
    value = compute(function)
    _per_function[key] = (function, value)
    return value


def _identity_tests(function: cst.CSTNode) -> tuple[frozenset[str], frozenset[str]]:
    """The names the function tests by identity (`done is False`), and those it tests against None."""
    def compute(function):
        tested, against_none = set(), set()
        for node in walk(function):
            if isinstance(node, cst.Comparison):
                operands = [node.left, *(target.comparator for target in node.comparisons)]
                for position, target in enumerate(node.comparisons):
                    if isinstance(target.operator, (cst.Is, cst.IsNot)):
                        pair = operands[position:position + 2]
                        found = {o.value for o in pair if isinstance(o, cst.Name) and o.value != "None"}
                        (against_none if any(_is_none(o) for o in pair) else tested).update(found)
        return frozenset(tested), frozenset(against_none)
    return _remembered("identity", function, compute)


# `x[i] += v` as `x = x.at[i].add(v)`: the `.at` method of each augmented assignment.
AUGMENTED_AT_METHODS = {cst.AddAssign: "add", cst.SubtractAssign: "subtract", cst.MultiplyAssign: "multiply",
                        cst.DivideAssign: "divide", cst.PowerAssign: "power"}


def subscript_chain(target: cst.BaseExpression) -> tuple[list[cst.Subscript], cst.BaseExpression]:
    """The subscripts of `m[i][j]`, innermost (`m[i]`) first, and what they index (`m`)."""
    chain = []
    while isinstance(target, cst.Subscript):
        chain.append(target)
        target = target.value
    chain.reverse()
    return chain, target


def subscripted_name(target: cst.BaseExpression) -> str | None:
    """`m` of `m[i]` and `m[i][j]`; None for anything else."""
    chain, base = subscript_chain(target)
    return base.value if chain and isinstance(base, cst.Name) else None


def at_indices(target: cst.Subscript, context) -> str | None:
    """`m[i][j]` and `m[i, j]` as `i, j` (what `m.at[...]` takes); None when a chained subscript
    holds a slice (`m[1:][0]` is not `m.at[1:, 0]`)."""
    chain, _ = subscript_chain(target)
    if len(chain) > 1 and any(not isinstance(e.slice, cst.Index) for s in chain for e in s.slice):
        return None
    return ", ".join(context.code(e.slice).strip() for s in chain for e in s.slice)


def names_in(code: str) -> set[str]:
    """Every name the code reads, binds, defines or takes as a parameter (empty if it does not parse)."""
    import textwrap

    try:
        tree = pyast.parse(textwrap.dedent(code))
    except SyntaxError:
        return set()
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    names |= {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    return names


def reverse_mode_refusal(function: str) -> str:
    """Why a loop with a data-dependent number of steps is not lowered in a function that is
    differentiated: `lax.while_loop` has no reverse mode, so the rewrite would break `jax.grad`."""
    return (f"`{function}` is differentiated, and the loop runs a number of steps its data decides: "
            "`lax.while_loop` supports forward-mode differentiation only, so `jax.grad` of the rewrite would "
            "raise; bound the loop (`for step in range(max_steps):` with `if converged: break`), which becomes "
            "a differentiable `lax.fori_loop`")


def refuse_none_holders(context, names) -> None:
    """Refuse when one of `names` (state a `lax` form carries, or a value `jnp.where` selects) is
    set to None somewhere in the function: a sentinel that is None on some paths and an array on
    others has no array form, and `jnp.where(prev != None, ...)` would compute with None."""
    for name in none_sentinels(context, names):
        raise Refused(f"`{name}` is None on some paths (`{name} = None`) and an array on others; a `lax` form "
                      f"carries arrays of one shape and dtype, so None has no place in it: keep a boolean beside "
                      f"it (`has_{name}`) and a placeholder array instead of None")


def none_sentinels(context, names) -> list[str]:
    """Those of `names` that the function sets to None on some paths and to a value on others
    (`best = None`, later `best = x`), and that may still be None where `context` stands."""
    function = context.function
    if function is None:
        return []
    set_to_none, set_otherwise = _none_assignments(function)
    body = list(function.body.body) if isinstance(function.body, cst.IndentedBlock) else []
    here = next((position for position, statement in enumerate(body) if statement in context.ancestors), None)
    found = []
    for name in dict.fromkeys(names):
        guard = _none_default(body, name)
        if guard is not None and here is not None and set_to_none.get(name, -1) < guard < here:
            continue  # `if x is None: x = jnp.zeros(n)` before: never None here
        if name in set_to_none and name in set_otherwise:
            found.append(name)
    return found


def _none_assignments(function: cst.CSTNode) -> tuple[dict[str, int], set[str]]:
    """The names the function sets to None (each with the last top-level statement that does)
    and those it binds to anything else."""
    return _remembered("none", function, _compute_none_assignments)


def _compute_none_assignments(function) -> tuple[dict[str, int], set[str]]:
    set_to_none: dict[str, int] = {}  # name -> the last top-level statement that sets it to None
    set_otherwise = {p.name.value for p in walk(function.params) if isinstance(p, cst.Param)}
    body = list(function.body.body) if isinstance(function.body, cst.IndentedBlock) else []
    for position, statement in enumerate(body):
        for node in walk(statement):
            if isinstance(node, cst.Assign):
                pairs = [(t.target.value, node.value) for t in node.targets if isinstance(t.target, cst.Name)]
                for target in node.targets:
                    # `best, best_score = None, -jnp.inf`: element by element.
                    if isinstance(target.target, (cst.Tuple, cst.List)) and isinstance(node.value, (cst.Tuple, cst.List)) \
                            and len(target.target.elements) == len(node.value.elements):
                        pairs += [(element.value.value, value.value) for element, value
                                  in zip(target.target.elements, node.value.elements) if isinstance(element.value, cst.Name)]
                for name, value in pairs:
                    if _is_none(value):
                        set_to_none[name] = position
                    else:
                        set_otherwise.add(name)
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign)) and isinstance(node.target, cst.Name):
                set_otherwise.add(node.target.value)
            elif isinstance(node, cst.For):
                set_otherwise.update(target_names(node.target))
            elif isinstance(node, cst.Param):
                set_otherwise.add(node.name.value)
    return set_to_none, set_otherwise


def _none_default(body: list, name: str) -> int | None:
    """The position of the last top-level `if name is None: name = <value>` (no `else`) in
    `body`: past it, `name` holds a value, whatever set it to None before."""
    found = None
    for position, statement in enumerate(body):
        if isinstance(statement, cst.If) and statement.orelse is None and isinstance(statement.test, cst.Comparison) \
                and isinstance(statement.test.left, cst.Name) and statement.test.left.value == name \
                and len(statement.test.comparisons) == 1 and isinstance(statement.test.comparisons[0].operator, cst.Is) \
                and _is_none(statement.test.comparisons[0].comparator):
            lines = statement.body.body if isinstance(statement.body, cst.IndentedBlock) else [statement.body]
            assigned = [small for line in lines if isinstance(line, cst.SimpleStatementLine) for small in line.body
                        if isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name]
            if assigned and not any(_is_none(small.value) for small in assigned):
                found = position
    return found


def refuse_static_none_guards(context, tests, branches: list[list[cst.CSTNode]] | None = None) -> None:
    """Refuse a traced test that also checks a name against None (`(upper is not None) and (value
    > upper)`): Python decides that part while tracing and skips the branch, where a selection or
    `lax.cond` computes every branch, with None in it. `branches`, where given, are the code that
    runs under the test and after it; a name none of them reads before giving it a value
    (`if window is None: window = self.window`) cannot fail as None there, and is let through."""
    for test in tests:
        pending = [test]
        while pending:
            current = pending.pop()
            if isinstance(current, cst.BooleanOperation):
                pending += [current.left, current.right]
            elif isinstance(current, cst.Comparison) and len(current.comparisons) == 1 \
                    and isinstance(current.comparisons[0].operator, (cst.Is, cst.IsNot)) \
                    and _is_none(current.comparisons[0].comparator) and isinstance(current.left, cst.Name) \
                    and context.value(current.left).trace != TRACED and current is not test:
                name, shown = current.left.value, context.describe(current.with_changes(lpar=[], rpar=[]))
                if branches is not None and not any(_reads_before_default(branch, name) for branch in branches):
                    continue
                raise Refused(f"the test also checks `{shown}`, which Python decides while tracing to skip the branch; "
                              f"a selection computes every branch, with `{name}` None in it: split the test into "
                              f"`if {shown}:` around a traced `if`")


def code_under_and_after(context, node: cst.If | cst.While) -> list[list[cst.CSTNode]]:
    """The branches of `node` (an `if`/`elif` chain or a `while`), then the statements after it
    in its block: the code whose reads `refuse_static_none_guards` looks at."""
    branches: list[list[cst.CSTNode]] = []
    current = node
    while isinstance(current, (cst.If, cst.While)):
        branches.append(list(current.body.body) if isinstance(current.body, cst.IndentedBlock) else [current.body])
        orelse = current.orelse
        if isinstance(orelse, cst.Else):
            branches.append(list(orelse.body.body) if isinstance(orelse.body, cst.IndentedBlock) else [orelse.body])
        current = orelse if isinstance(orelse, cst.If) else None
    # After the whole chain, in the innermost block that holds it (an `elif` sits in an `if`).
    lineage = {id(ancestor) for ancestor in context.ancestors} | {id(node)}
    for block in reversed(context.ancestors):
        if isinstance(block, cst.IndentedBlock):
            position = next((i for i, s in enumerate(block.body) if id(s) in lineage), None)
            if position is not None:
                branches.append(list(block.body[position + 1:]))
                break
    return branches


def _reads_before_default(statements: list[cst.CSTNode], name: str) -> bool:
    """`statements` read `name` before an `if name is None:` that gives it a value."""
    for statement in statements:
        if isinstance(statement, cst.If) and isinstance(statement.test, cst.Comparison) \
                and len(statement.test.comparisons) == 1 and _is_none(statement.test.comparisons[0].comparator) \
                and isinstance(statement.test.left, cst.Name) and statement.test.left.value == name:
            given = statement.body if isinstance(statement.test.comparisons[0].operator, cst.Is) else statement.orelse
            if given is not None and name in _bound_names(given):
                return False
        if name in names_read(statement):
            return True
    return False


_is_none = is_none_literal  # the one spelling of the test, from the analysis


# --- truth tests --------------------------------------------------------------------------------

_SCALAR_ANNOTATIONS = frozenset({"bool", "int", "float", "complex"})


def truth_test_is_traced(context, test: cst.BaseExpression) -> bool:
    """True when evaluating `test` as a condition certainly calls `bool()` on a traced array.

    `a and b` always tests `a`, and tests `b` when `a` is a Python value that lets it through.
    A bare, unannotated parameter is not trusted: a jitted function may receive a dict or a list
    there, and their truth value is static.
    """
    if isinstance(test, cst.BooleanOperation):
        if truth_test_is_traced(context, test.left):
            return True
        left = context.value(test.left)
        if left.trace != STATIC:
            return False
        if left.truthy is not None and left.truthy == isinstance(test.operator, cst.Or):
            return False  # `False and x`, `True or x`: Python never tests x
        guarded = python_value_tested(test.left) if isinstance(test.operator, cst.And) else None
        if guarded is None:
            return truth_test_is_traced(context, test.right)
        # `isinstance(g, int) and g == 1`: the right side runs only when `g` is a Python value.
        saved = context.env
        context.env = {**saved, guarded: Value(STATIC)}
        try:
            return truth_test_is_traced(context, test.right)
        finally:
            context.env = saved
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return truth_test_is_traced(context, test.expression)
    if isinstance(test, cst.Name) and _untyped_parameter(context, test.value) and not context.proven_traced(test):
        return False
    return context.is_traced(test) or context.proven_error(test, "TracerBoolConversionError")


def scalar_predicate(context, test: cst.BaseExpression, text: str) -> str:
    """`text` (the code of `test`) as a predicate `lax.cond`, `lax.switch` and `lax.while_loop`
    take: a 0-d boolean. `if action.captured != 0:` tests a shape-(1,) array (the function reads
    `action.captured[0]` elsewhere), which Python accepts and `lax.cond` refuses: squeezed."""
    if not needs_squeeze(context, test):
        return text
    return f"{context.spell('jax.numpy')}.squeeze({text})"


def needs_squeeze(context, test: cst.BaseExpression) -> bool:
    """Whether `test` may be a one-element array rather than 0-d: Python's `if` and `while`
    accept both, `lax` predicates only the latter (and `jnp.squeeze` leaves a 0-d one as it is).
    So: an operand known to hold one element, or the result of a function of the project whose
    shape the code does not show (`cdf(mid)` where `cdf` returns `w[None, :] @ p`)."""
    function = context.function
    if function is None:
        return False
    return _one_element_arrays(context, function, test) or (
        not scalar_test(test, context) and (_shape_unknown_call(test, context) or _transposed_product(test, context)))


_PRODUCTS = frozenset({"dot", "matmul", "inner", "vdot", "tensordot"})


def _transposed_product(test: cst.BaseExpression, context) -> bool:
    """A product of a transposed array (`res0.dot(dk.T)`, `g @ d.T`): the code multiplies
    matrices, and a row vector times a column gives a one-element array, not a 0-d one."""
    for node in walk(test):
        operands = []
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.MatrixMultiply):
            operands = [node.left, node.right]
        elif isinstance(node, cst.Call):
            name = node.func.attr.value if isinstance(node.func, cst.Attribute) else \
                (context.qualified_name(node.func) or "").rpartition(".")[2]
            if name in _PRODUCTS:
                operands = [arg.value for arg in node.args]
                if isinstance(node.func, cst.Attribute) and name == "dot":
                    operands.append(node.func.value)
        if any(isinstance(part, cst.Attribute) and part.attr.value in ("T", "mT")
               for operand in operands for part in walk(operand)):
            return True
    return False


def _shape_unknown_call(test: cst.BaseExpression, context) -> bool:
    """A call in `test` of a function that is not JAX's, NumPy's or a builtin (a helper, or a
    closure a factory made) whose returned values are not all certainly 0-d. (A function passed
    in as a parameter is the caller's: `while cond_fun(val)` is taken to test a 0-d value, as
    `lax.while_loop` itself requires of it.)"""
    chain = _scopes_around(context)
    passed = {name for scope in chain if isinstance(scope, (cst.FunctionDef, cst.Lambda)) for name in param_names(scope)}
    for node in walk(test):
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)):
            continue
        if context.qualified_name(node.func) is not None or node.func.value in _BUILTIN_RESULTS | passed:
            continue
        helper = context.analysis.index.defined_function(node.func, chain)
        returned = [n.value for n in walk(helper) if isinstance(n, cst.Return)] if helper is not None else [None]
        if not all(value is not None and certainly_0d(value, context) for value in returned):
            return True
    return False


def _scopes_around(context) -> tuple:
    """The current function and the scopes enclosing it, outermost first: where its calls resolve."""
    return (*context.analysis.index.enclosing.get(id(context.function), ()), context.function)


_BUILTIN_RESULTS = frozenset({"abs", "len", "float", "int", "bool", "min", "max", "sum", "round", "any", "all"})


def one_element_test(context, test: cst.BaseExpression) -> bool:
    """`test` is a one-element array, not known to be 0-d: to be squeezed where a number is due."""
    function = context.function
    return function is not None and _one_element_arrays(context, function, test) and not scalar_test(test, context)


def _one_element_arrays(context, function, test: cst.BaseExpression) -> bool:
    """Whether an operand of `test` is a one-element array: read as `x[0]` elsewhere in the
    function, or made with a shape of ones (`rand = random.uniform(key, shape=(1,))`)."""
    indexed_at_zero = context.analysis.memo(("indexed at [0]", id(function)), lambda: {
        context.code(node.value).strip() for node in walk(function)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)
        and isinstance(node.slice[0].slice.value, cst.Integer) and node.slice[0].slice.value.value == "0"
    })
    operands, pending = [], [test]
    while pending:
        current = pending.pop()
        if isinstance(current, cst.Comparison):
            operands += [current.left, *(c.comparator for c in current.comparisons)]
        elif isinstance(current, cst.BooleanOperation):
            pending += [current.left, current.right]
        elif isinstance(current, cst.UnaryOperation):
            pending.append(current.expression)
        else:
            operands.append(current)
    # `jnp.abs(_cdf2(mid) - x).squeeze()`: the function squeezes what `_cdf2` returns, so each
    # of its calls is taken for a one-element array.
    squeezed_calls = context.analysis.memo(("squeezed calls", id(function)), lambda: {
        context.code(call.func).strip() for node in walk(function) for squeezed in _squeezed(node, context)
        for call in walk(squeezed) if isinstance(call, cst.Call)
    })
    return any(
        isinstance(o, (cst.Name, cst.Attribute)) and context.code(o).strip() in indexed_at_zero
        or isinstance(o, cst.Call) and context.code(o.func).strip() in squeezed_calls
        or _made_with_one_element(o, context) for o in operands
    )


def _squeezed(node: cst.CSTNode, context) -> list[cst.BaseExpression]:
    """What `node` squeezes to a number: `e.squeeze()`, `jnp.squeeze(e)`, `e.item()`."""
    if not isinstance(node, cst.Call) or any(arg.keyword is not None for arg in node.args):
        return []
    if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("squeeze", "item") and not node.args:
        qualified = context.qualified_name(node.func)
        if qualified is None or not qualified.startswith(known.ARRAY_NAMESPACES):
            return [node.func.value]
    if len(node.args) == 1 and (context.qualified_name(node.func) or "") in ("jax.numpy.squeeze", "numpy.squeeze"):
        return [node.args[0].value]
    return []


def _single_assignments(function: cst.CSTNode) -> dict[str, list[cst.BaseExpression]]:
    """The values `name = value` assigns in `function`, by name."""
    assigned: dict[str, list[cst.BaseExpression]] = {}
    for node in walk(function):
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            assigned.setdefault(node.targets[0].target.value, []).append(node.value)
    return assigned


def _made_with_one_element(operand: cst.BaseExpression, context) -> bool:
    """`operand` is a call making a shape of ones, or a name every assignment of which is one."""
    return _one_element_made(operand, context, frozenset()) is True


def _one_element_made(operand: cst.BaseExpression, context, following: frozenset[str]) -> bool | None:
    """True: `operand` holds one element; None: it is a name whose assignments are being read
    (`following`), which neither shows it nor rules it out (`z = z * z + c` in a loop is one
    element when `z = jnp.array([0j])` is its other assignment)."""
    if isinstance(operand, cst.Name):
        function = context.function
        if operand.value in following:
            return None
        if function is None:
            return False
        # Each name's assignments are read once, and each (name, names being followed) answered
        # once: names assigned from one another (`a, b, t` in a loop) otherwise made the search
        # exponential in their number.
        answers = context.analysis.memo(("one element made", id(function)), dict)
        key = (operand.value, following)
        if key not in answers:
            assigned = context.analysis.memo(("single assignments", id(function)), lambda: _single_assignments(function))
            found = [_one_element_made(value, context, following | {operand.value})
                     for value in assigned.get(operand.value, ())]
            answers[key] = bool(found) and True in found and all(result is not False for result in found)
        return answers[key]
    if isinstance(operand, cst.BinaryOperation):
        sides = (_one_element_made(operand.left, context, following),
                 _one_element_made(operand.right, context, following))
        return True if True in sides else None if None in sides else False
    if not isinstance(operand, cst.Call):
        return False
    if _keeps_dimensions(operand, context):
        return True
    qualified = context.qualified_name(operand.func) or ""
    shape = literal_shape(operand, context)
    if shape is None and qualified.startswith("jax.numpy.") and qualified.rpartition(".")[2] not in _FULL_REDUCTIONS \
            and operand.args and operand.args[0].keyword is None:
        # `jnp.abs(scalar)` of a one-element array is one.
        return _one_element_made(operand.args[0].value, context, following)
    if shape is None:
        given = next((arg.value for arg in operand.args if arg.keyword is not None and arg.keyword.value == "shape"), None)
        if given is None and qualified.startswith("jax.random.") and len(operand.args) > 1 \
                and operand.args[1].keyword is None:
            given = operand.args[1].value  # `random.uniform(key, (1,))`: the shape follows the key
        if isinstance(given, (cst.Tuple, cst.List)) and all(isinstance(e.value, cst.Integer) for e in given.elements):
            shape = tuple(int(e.value.value) for e in given.elements)
    return bool(shape) and all(size == 1 for size in shape)


def _keeps_dimensions(call: cst.Call, context) -> bool:
    """A reduction with `keepdims=True` (a vector's norm is then shape (1,)), or a call of a
    helper of the module that makes one: its result may be a one-element array."""
    if any(arg.keyword is not None and arg.keyword.value == "keepdims" and _bool_literal(arg.value)
           for arg in call.args):
        return True
    if not isinstance(call.func, cst.Name) or context.function is None:
        return False
    helper = context.analysis.index.defined_function(call.func, _scopes_around(context))
    return helper is not None and context.analysis.memo(("keeps dimensions", id(helper)), lambda: any(
        isinstance(node, cst.Arg) and node.keyword is not None and node.keyword.value == "keepdims"
        and _bool_literal(node.value) for node in walk(helper)))


_FULL_REDUCTIONS = frozenset({"sum", "prod", "mean", "max", "min", "any", "all", "std", "var", "argmax", "argmin",
                              "ptp", "median", "norm", "count_nonzero", "nansum", "nanmean", "nanmax", "nanmin",
                              "trace", "dot", "vdot", "logsumexp"})


def certainly_0d(expression: cst.BaseExpression, context) -> bool:
    """Whether `expression` certainly has shape (): a number, a reduction over every axis
    (`x.sum()`, `jnp.max(x)`), `len()`, or arithmetic of those."""
    if isinstance(expression, (cst.Integer, cst.Float)):
        return True
    if isinstance(expression, cst.UnaryOperation):
        return certainly_0d(expression.expression, context)
    if isinstance(expression, cst.BinaryOperation):
        return certainly_0d(expression.left, context) and certainly_0d(expression.right, context)
    if isinstance(expression, cst.Call):
        func = expression.func
        keywords = {arg.keyword.value for arg in expression.args if arg.keyword is not None}
        if keywords & {"axis", "axes", "keepdims", "where"}:
            return False
        positional = [arg for arg in expression.args if arg.keyword is None]
        qualified = context.qualified_name(func)
        if qualified is not None:
            leaf = qualified.rpartition(".")[2]
            return qualified.startswith(known.ARRAY_NAMESPACES) and leaf in _FULL_REDUCTIONS and (
                len(positional) == 1 or leaf in ("dot", "vdot"))
        if isinstance(func, cst.Attribute):
            return func.attr.value in _FULL_REDUCTIONS and not positional and func.attr.value != "dot"
        return isinstance(func, cst.Name) and func.value == "len"
    return False


# Array constructors that take the same Python values in NumPy and JAX (the default dtypes differ).
_FROM_PYTHON_VALUES = frozenset({"array", "asarray", "arange", "linspace", "zeros", "ones", "full", "eye",
                                 "fft.fftfreq", "fft.rfftfreq"})
# NumPy functions that delegate to the value's own attribute (so are not NumPy-on-tracer leaks,
# and not in NUMPY_EQUIVALENTS) but compute what `jnp`'s do on Python numbers.
_DELEGATING_EQUIVALENTS = frozenset({"real", "imag", "conj", "conjugate", "angle"})


def numpy_recompute_fix(context, operand: cst.BaseExpression):
    """`int(26 + jnp.clip(turn, 0, 1))` with a static `turn`, `jnp.ones((count,))` after
    `count = jnp.add(arr.size, 1)`: `jnp` stages a tracer even for Python inputs, and the same
    NumPy functions compute the concrete value (pgx's `_off_idx`). The calls are rewritten where
    they are, in `operand` or in the one assignment of the name `operand` is, else along the
    chain of assignments it comes from; None unless every `jnp` call there has NumPy's
    equivalent and reads Python values only."""
    fix = _direct_recompute_fix(context, operand) or _host_chain_fix(context, operand)
    if fix is not None:
        fix.first = True  # the concrete value may settle other findings that read it
    return fix


def _direct_recompute_fix(context, operand: cst.BaseExpression):
    from tracerfix.analysis.numpy_equivalents import NUMPY_EQUIVALENTS
    from tracerfix.definitions import value_resolver

    expression = operand
    value_of = context.value
    if isinstance(operand, cst.Name):
        expression = value_resolver(context)(operand.value)
        if expression is None:
            return None
    elif isinstance(operand, cst.Attribute):
        stored = initialised_attribute(context, operand)
        if stored is None:
            return None
        expression, value_of = stored
    staged = [n for n in walk(expression) if isinstance(n, cst.Call)
              and (context.qualified_name(n.func) or "").startswith("jax.numpy.")]
    if not staged:
        return None
    edits, built = [], []
    for call in staged:
        leaf = (context.qualified_name(call.func) or "").rpartition(".")[2]
        if leaf in _FROM_PYTHON_VALUES:
            built.append(leaf)
        elif leaf not in NUMPY_EQUIVALENTS and leaf not in known.ARRAY_METHODS and leaf not in _DELEGATING_EQUIVALENTS:
            return None
        if any(not _host_readable(arg.value, value_of)
               and not any(inner is other for inner in walk(arg.value) for other in staged) for arg in call.args):
            return None  # (a `jnp` call inside, `jnp.prod(jnp.asarray(shape))`, is computed with NumPy too)
        edits.append((call.func, context.parse_expression(f"{context.spell('numpy')}.{leaf}")))
    # A JAX array made before the trace (`self.freqs = jnp.fft.fftfreq(n)` of a module-level
    # object) is concrete, but an operator on it is staged all the same: NumPy reads it first.
    handed = {id(arg.value) for call in staged for arg in call.args}
    for node in walk(expression):
        if isinstance(node, (cst.Name, cst.Attribute)) and id(node) not in handed \
                and value_of(node).host == DEVICE_CONSTANT and not value_of(node).container:
            edits.append((node, context.parse_expression(f"{context.spell('numpy')}.asarray({context.code(node)})")))
    shapes_of = {id(n.value) for n in walk(expression)
                 if isinstance(n, cst.Attribute) and n.attr.value in ("shape", "size", "ndim", "dtype")}
    shapes_of |= {id(arg.value) for n in walk(expression) if isinstance(n, cst.Call)
                  and (context.qualified_name(n.func) or context.code(n.func)) in known.STATIC_RESULT_CALLS
                  for arg in n.args}
    if any(value_of(n).trace != STATIC for n in walk(expression) if isinstance(n, cst.Name)
           and id(n) not in shapes_of and not context.qualified_name(n)):
        return None  # something else in it is traced (`arr` of `arr.size`, `xs` of `len(xs)` is not read)
    if built:
        return context.fix("Compute it with NumPy", edits, Safety.UNSAFE,
                           f"`np.{built[0]}` makes NumPy's float64/int64 where `jnp.{built[0]}` made float32/int32")
    return context.fix("Compute it with NumPy", edits, Safety.SAFE)


def _host_readable(node: cst.BaseExpression, value_of) -> bool:
    """A Python value, a JAX array made before the trace (`self.freqs` of a module-level object),
    or operators on them only: NumPy computes it on the host once those arrays are read with it."""
    value = value_of(node)
    if value.trace == STATIC and not value.loose or value.host == DEVICE_CONSTANT and not value.container:
        return True
    if isinstance(node, cst.Comparison):
        return _host_readable(node.left, value_of) and all(_host_readable(c.comparator, value_of) for c in node.comparisons)
    if isinstance(node, cst.BinaryOperation):
        return _host_readable(node.left, value_of) and _host_readable(node.right, value_of)
    if isinstance(node, cst.UnaryOperation):
        return _host_readable(node.expression, value_of)
    return False


def initialised_attribute(context, operand: cst.Attribute):
    """`self.dim` read in a method, which `__init__` sets once (`self.dim = jnp.prod(...)`) and no
    other method sets: that assignment's value, and the values of expressions where it runs."""
    function = context.function
    chain = context.analysis.index.enclosing.get(id(function), ())
    if not isinstance(function, cst.FunctionDef) or not chain or not isinstance(chain[-1], cst.ClassDef) \
            or not isinstance(operand.value, cst.Name):
        return None
    receiver = [*function.params.posonly_params, *function.params.params][:1]
    init = context.analysis.index.class_method(chain[-1].name.value, "__init__")
    if not receiver or receiver[0].name.value != operand.value.value or init is None \
            or not isinstance(init.body, cst.IndentedBlock):
        return None
    attribute = operand.attr.value

    def sets_it(node: cst.CSTNode) -> bool:
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else (
            [node.target] if isinstance(node, (cst.AugAssign, cst.AnnAssign)) else [])
        return any(isinstance(t, cst.Attribute) and t.attr.value == attribute and isinstance(t.value, cst.Name)
                   and t.value.value in ("self", receiver[0].name.value) for target in targets for t in walk(target))

    stores = [node for node in walk(chain[-1]) if sets_it(node)]
    if _set_from_outside(context, chain[-1], attribute):
        return None  # `es._mean = mean` in a jitted function: the attribute holds what it was given
    statement = next((line for line in init.body.body if isinstance(line, cst.SimpleStatementLine)
                      and len(line.body) == 1 and stores and line.body[0] is stores[0]), None)
    facts = context.analysis.facts.get(id(init))
    if len(stores) != 1 or not isinstance(stores[0], cst.Assign) or statement is None or facts is None \
            or id(statement) not in facts.env_at:
        return None
    return stores[0].value, context.evaluator(facts.env_at[id(statement)]).value


def _set_from_outside(context, owner: cst.ClassDef, attribute: str) -> bool:
    """Whether code outside the class `owner` stores `<object>.<attribute> = ...` anywhere in the
    module."""
    def compute() -> bool:
        inside = {id(node) for node in walk(owner)}
        return any(
            id(node) not in inside and any(isinstance(t, cst.Attribute) and t.attr.value == attribute
                                           for target in ([t.target for t in node.targets] if isinstance(node, cst.Assign)
                                                          else [node.target]) for t in walk(target))
            for node in walk(context.module) if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)))

    return context.analysis.memo(("set from outside", id(owner), attribute), compute)


def _host_chain_fix(context, operand: cst.BaseExpression):
    """`int(jnp.ceil(N * 1.2))` where `N` came from `jnp` calls on Python values through a chain
    of assignments in the function (phentax's step-count estimate): every `jnp` call of the
    chain computed with NumPy, so the value is concrete. The chain is read from the function's
    own top-level statements before the conversion; None unless it reads Python values only."""
    from tracerfix.analysis.numpy_equivalents import NUMPY_EQUIVALENTS

    function = context.function
    scope = context.scope
    if not isinstance(function, cst.FunctionDef) or scope is None or not isinstance(function.body, cst.IndentedBlock):
        return None
    statement = next((node for node in context.ancestors if any(node is s for s in function.body.body)), None)
    if statement is None:
        return None
    definitions: dict[str, tuple | None] = {}
    for earlier in function.body.body:
        if earlier is statement:
            break
        small = earlier.body[0] if isinstance(earlier, cst.SimpleStatementLine) and len(earlier.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            definitions[small.targets[0].target.value] = (small.value, dict(definitions), earlier)
        elif isinstance(small, cst.AnnAssign) and small.value is not None and isinstance(small.target, cst.Name):
            definitions[small.target.value] = (small.value, dict(definitions), earlier)  # `n: int = ...`
        elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Tuple) \
                and all(isinstance(element.value, cst.Name) for element in small.targets[0].target.elements):
            # `X, Y, Z = jnp.meshgrid(k, k, k)`: each name comes from the one computation.
            known_before = dict(definitions)
            for element in small.targets[0].target.elements:
                definitions[element.value.value] = (small.value, known_before, earlier)
        else:
            for name in _bound_names(earlier) | _grown_names(earlier):
                definitions[name] = None  # bound some other way, or grown (`weight_v.append(...)`): not followed
    in_if_test = isinstance(statement, cst.If) and any(node is operand for node in walk(statement.test))
    if isinstance(statement, cst.BaseCompoundStatement) and not in_if_test:
        # Rebound around the test (`al = a` in a `while`): not followed. An `if`'s own test runs
        # before its branches rebind anything.
        for name in _bound_names(statement):
            definitions[name] = None
    calls: list[cst.Call] = []
    followed: set[str] = set()  # the names whose values the chain computes, NumPy arrays once rewritten
    chain: list[cst.BaseStatement] = []  # the statements that compute them

    def host_only(expression: cst.BaseExpression, known: dict, depth: int) -> bool:
        if depth > 12:
            return False
        for node in _value_names(expression):
            if depth == 0 and context.value(node).trace == STATIC and not context.value(node).loose:
                continue  # `R` of `while R + dr <= max_rad`, a Python number where the test runs
            if node.value in known:
                definition = known[node.value]
                followed.add(node.value)
                if definition is not None:
                    chain.append(definition[2])
                if definition is None or not host_only(definition[0], definition[1], depth + 1):
                    return False
            elif node.value in scope.params:
                if scope.params[node.value].trace != STATIC or scope.params[node.value].loose:
                    return False
            elif node.value in bindings_of(function) or context.qualified_name(node) is None and \
                    context.analysis.index.module_env.get(node.value, STATIC_VALUE_FOR_HOST).trace != STATIC:
                return False
            elif node.value in context.env and (context.value(node).trace != STATIC or context.value(node).loose):
                return False  # read from the enclosing function (a branch function's closure): traced there
            elif node.value not in context.env and node.value not in context.analysis.index.module_env \
                    and not hasattr(builtins, node.value) and context.qualified_name(node) is None:
                return False  # a free variable of an enclosing function the analysis did not walk
        for node in walk(expression):
            if isinstance(node, cst.Call) and (context.qualified_name(node.func) or "").startswith("jax.numpy."):
                path = (context.qualified_name(node.func) or "").removeprefix("jax.numpy.")
                if path not in NUMPY_EQUIVALENTS and path not in _FROM_PYTHON_VALUES and path not in _FULL_REDUCTIONS:
                    return False
                calls.append(node)
        return True

    if not host_only(operand, definitions, 0) or not calls:
        return None
    # A name whose value becomes a NumPy array must not be used as a JAX array elsewhere
    # (`zw_orca.at[-1].set(0.)` in tunax's grid builder): NumPy arrays have no `.at`.
    if any(isinstance(node, cst.Attribute) and node.attr.value in _JAX_ONLY_ATTRIBUTES
           and isinstance(node.value, cst.Name) and node.value.value in followed for node in walk(function)):
        return _compile_time_fix(context, function, chain)
    numpy = context.spell("numpy")
    edits, seen = [], set()
    for call in calls:
        if id(call) not in seen:
            seen.add(id(call))
            path = (context.qualified_name(call.func) or "").removeprefix("jax.numpy.")
            edits.append((call.func, context.parse_expression(f"{numpy}.{path}")))
    return context.fix("Compute it with NumPy", edits, Safety.UNSAFE,
                       "NumPy computes in float64 and int64 where `jnp` computed in float32 and int32")


def _compile_time_fix(context, function: cst.FunctionDef, chain: list[cst.BaseStatement]):
    """The statements that compute a value from Python values with `jnp`, run under
    `jax.ensure_compile_time_eval()`: `jnp` then computes them while tracing, into concrete JAX
    arrays, which keep `.at` and JAX's dtypes (tunax's grid levels)."""
    body = list(function.body.body)
    staged = [i for i, statement in enumerate(body) for link in chain if statement is link
              and any(isinstance(node, cst.Call) and (context.qualified_name(node.func) or "").startswith(
                  known.STAGED_NAMESPACES) for node in walk(statement))]
    if not staged:
        return None
    # From the first statement that calls `jnp` (the Python constants before it need no help),
    # through every later statement that reads what the block computes: outside the block even
    # `ibot == 0` of a concrete `ibot` is staged again. (Traced values stay traced inside it.)
    first, last = min(staged), max(i for i, statement in enumerate(body) for link in chain if statement is link)
    computed = {name for statement in body[first:last + 1] for name in _bound_names(statement)}
    for position in range(last + 1, len(body)):
        if computed & set(names_read(body[position])):
            last = position
            computed |= _bound_names(body[position])
    block = body[first:last + 1]
    jax = context.spell("jax")
    inner = [block[0].with_changes(leading_lines=[]), *block[1:]]
    wrapped = cst.With(items=[cst.WithItem(item=context.parse_expression(f"{jax}.ensure_compile_time_eval()"))],
                       body=cst.IndentedBlock(body=inner), leading_lines=block[0].leading_lines)
    edits = [(block[0], wrapped), *((statement, cst.RemovalSentinel.REMOVE) for statement in block[1:])]
    return context.fix("Compute it while tracing with `jax.ensure_compile_time_eval()`", edits, Safety.SAFE)


STATIC_VALUE_FOR_HOST = Value(STATIC)
# What a JAX array has and a NumPy array does not.
_JAX_ONLY_ATTRIBUTES = frozenset({"at", "block_until_ready", "device", "devices", "sharding", "addressable_shards"})


def _value_names(expression: cst.BaseExpression) -> Iterator[cst.Name]:
    """The names `expression` reads the values of: not attribute names, nor the keywords of
    calls, nor arrays read only for their shape (`coeffs.shape[-1]`, `x.ndim`: static)."""
    if isinstance(expression, cst.Name):
        yield expression
        return
    if isinstance(expression, cst.Attribute):
        if expression.attr.value not in ("shape", "ndim", "size", "dtype"):
            yield from _value_names(expression.value)
        return
    for child in child_nodes(expression):
        if isinstance(child, cst.Arg):
            yield from _value_names(child.value)
        elif isinstance(child, cst.BaseExpression) or not isinstance(child, cst.Name):
            yield from _value_names(child)


def _bound_names(statement: cst.CSTNode) -> set[str]:
    found = set()
    for node in walk(statement):
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For)):
            target = node.target
            found |= {n.value for n in walk(target) if isinstance(n, cst.Name)}
    return found


def _grown_names(statement: cst.CSTNode) -> set[str]:
    """The lists and dicts `statement` changes in place (`weight_v.append(mask.sum())`)."""
    return {node.func.value.value for node in walk(statement) if isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name)
            and node.func.attr.value in known.GROWING_METHODS}


def bindings_of(function: cst.FunctionDef) -> frozenset[str]:
    from tracerfix.bindings import bindings

    return frozenset(bindings(function).local)


def scalar_test(test: cst.BaseExpression, context, depth: int = 0) -> bool:
    """Known to be 0-d: numbers, Python values, whole-array reductions (`x.sum()`, `jnp.all(m)`),
    names assigned one of those, and comparisons or arithmetic of those."""
    if depth > 4:
        return False
    if isinstance(test, (cst.Integer, cst.Float)) or (isinstance(test, cst.Name) and test.value in ("True", "False")):
        return True
    if context.value(test).trace != TRACED or certainly_0d(test, context):
        return True
    if isinstance(test, cst.Comparison):
        return scalar_test(test.left, context, depth + 1) and all(
            scalar_test(t.comparator, context, depth + 1) for t in test.comparisons)
    if isinstance(test, (cst.BinaryOperation, cst.BooleanOperation)):
        return scalar_test(test.left, context, depth + 1) and scalar_test(test.right, context, depth + 1)
    if isinstance(test, cst.UnaryOperation):
        return scalar_test(test.expression, context, depth + 1)
    if isinstance(test, cst.Name):
        from tracerfix.definitions import value_resolver

        # An annotation is not trusted here: pgx annotates its one-element state arrays `int`.
        assigned = value_resolver(context)(test.value)
        return assigned is not None and scalar_test(assigned, context, depth + 1)
    return False


def is_condition(node: cst.CSTNode, parent: cst.CSTNode | None) -> bool:
    """`node` is the condition of an `if`, `while`, conditional expression or `assert`, whose own
    rule reports it."""
    return isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)) and parent.test is node


def is_boolean(expression: cst.BaseExpression, context) -> bool:
    """A comparison, predicate or logical combination: its truth value is its value."""
    if isinstance(expression, cst.Comparison):
        return True
    if isinstance(expression, cst.UnaryOperation) and isinstance(expression.operator, cst.Not):
        return True
    if isinstance(expression, cst.BooleanOperation):
        return is_boolean(expression.left, context) and is_boolean(expression.right, context)
    # `&`, `|`, `^` and `~` of booleans are booleans (the conditions the rewrites build).
    if isinstance(expression, cst.BinaryOperation) and isinstance(
        expression.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
    ):
        return is_boolean(expression.left, context) and is_boolean(expression.right, context)
    if isinstance(expression, cst.UnaryOperation) and isinstance(expression.operator, cst.BitInvert):
        return is_boolean(expression.expression, context)
    if isinstance(expression, cst.Name) and expression.value in ("True", "False"):
        return True
    if isinstance(expression, cst.Call) and isinstance(expression.func, cst.Name):
        if expression.func.value in ("isinstance", "issubclass", "callable", "hasattr", "bool"):
            return True
    return context.value(expression).boolean


def builtin_called(call: cst.Call, context) -> str | None:
    """The name of the Python builtin `call` calls (`bool`, `max`...), unless the name is rebound."""
    if not isinstance(call.func, cst.Name):
        return None
    name = call.func.value
    index = context.analysis.index
    if name in context.env or name in index.module_env or name in context.imports.aliases:
        return None
    if name in index.defs_in_scope.get(id(index.module), {}):
        return None
    return name


def _untyped_parameter(context, name: str) -> bool:
    scope = context.scope
    if scope is None or name not in scope.params or context.env.get(name) != scope.params[name]:
        return False
    function = scope.node
    if scope.params[name].boolean:
        return False  # every caller passed a comparison or a predicate: an array
    # The transformation traces it (at its boundary, or in a helper its traced callers hand a
    # traced value to), and nothing says it is a container.
    if (scope.transformed or scope.params[name].trace == TRACED) and context.analysis.parameter_is_leaf(function, name):
        return False
    params = function.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value == name:
            return not _annotation_is_scalar_or_array(param, context)
    return True


def _annotation_is_scalar_or_array(param: cst.Param, context) -> bool:
    if param.annotation is None:
        return False
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    qualified = context.qualified_name(annotation)
    if qualified in known.ARRAY_ANNOTATION_NAMES:
        return True
    leaf = (qualified or context.code(annotation)).rpartition(".")[2]
    return leaf in _SCALAR_ANNOTATIONS or leaf in ("Array", "ndarray", "NDArray", "ArrayLike")


# --- reading branches ---------------------------------------------------------------------------

# `x += v` is `x = x + v`: the binary operator of each augmented assignment (loops use it too).
BINARY_OF_AUGMENTED = {
    cst.AddAssign: cst.Add, cst.SubtractAssign: cst.Subtract, cst.MultiplyAssign: cst.Multiply,
    cst.DivideAssign: cst.Divide, cst.FloorDivideAssign: cst.FloorDivide, cst.ModuloAssign: cst.Modulo,
    cst.PowerAssign: cst.Power, cst.BitAndAssign: cst.BitAnd, cst.BitOrAssign: cst.BitOr,
    cst.BitXorAssign: cst.BitXor, cst.LeftShiftAssign: cst.LeftShift,
    cst.RightShiftAssign: cst.RightShift, cst.MatrixMultiplyAssign: cst.MatrixMultiply,
}
_COMPOUND = {
    cst.If: "an `if` statement", cst.For: "a `for` loop", cst.While: "a `while` loop",
    cst.With: "a `with` block", cst.Try: "a `try` block", cst.FunctionDef: "a function definition",
    cst.ClassDef: "a class definition", cst.Match: "a `match` statement",
}
_SIMPLE = {
    cst.Raise: "raises an exception", cst.Assert: "asserts", cst.Break: "uses `break`",
    cst.Continue: "uses `continue`", cst.Del: "deletes a name", cst.Global: "declares a global",
    cst.Nonlocal: "declares a nonlocal", cst.Import: "imports", cst.ImportFrom: "imports",
}


# Immutable records here are NamedTuples, not dataclasses: this module loads at every start-up,
# and a NamedTuple costs a third as much to define.
class Arm(NamedTuple):
    """One branch of an if/elif/else chain: its test (None for `else`) and its block."""

    test: cst.BaseExpression | None
    body: cst.BaseSuite


def chain_arms(node: cst.If) -> list[Arm]:
    arms = []
    current: cst.If = node
    while True:
        arms.append(Arm(current.test, current.body))
        if isinstance(current.orelse, cst.If):
            current = current.orelse
            continue
        if isinstance(current.orelse, cst.Else):
            arms.append(Arm(None, current.orelse.body))
        return arms


def _small_statements(block: cst.BaseSuite) -> Iterator[cst.BaseSmallStatement]:
    if isinstance(block, cst.SimpleStatementSuite):
        yield from block.body
        return
    for statement in block.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            kind = next((text for t, text in _COMPOUND.items() if isinstance(statement, t)), "a compound statement")
            raise Refused(f"a branch holds {kind}")
        yield from statement.body


class Assigned(NamedTuple):
    value: cst.BaseExpression
    step: int  # which statement of the branch assigns it: `a, b = b, a` assigns both at once


def assigned_values(block: cst.BaseSuite, context) -> dict[str, Assigned]:
    """What each name is assigned in a branch that only assigns names (`x += 1` assigns `x + 1`);
    raises Refused when the branch does anything else or assigns a name twice.
    """
    values: dict[str, Assigned] = {}
    for step, small in enumerate(_small_statements(block)):
        if isinstance(small, cst.Pass):
            continue
        for name, value in _assignment_pairs(small, context):
            if name in values:
                raise Refused(f"`{name}` is assigned twice in one branch")
            values[name] = Assigned(value, step)
    return values


def assignments_of(statement: cst.CSTNode, context) -> list[tuple[str, cst.BaseExpression]] | None:
    """The (name, value) pairs of a line that only assigns names, else None."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return None
    pairs = []
    try:
        for small in statement.body:
            if not isinstance(small, cst.Pass):
                pairs.extend(_assignment_pairs(small, context))
    except Refused:
        return None
    return pairs


def _assignment_pairs(small: cst.BaseSmallStatement, context) -> list[tuple[str, cst.BaseExpression]]:
    if isinstance(small, cst.Assign):
        if len(small.targets) != 1:
            raise Refused("a branch chains assignments")
        return _target_pairs(small.targets[0].target, small.value, context)
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        return _target_pairs(small.target, small.value, context)
    if isinstance(small, cst.AugAssign):
        if not isinstance(small.target, cst.Name):
            raise Refused(f"a branch updates `{context.describe(small.target)}` in place")
        name = small.target.value
        if context.value(small.target).container:
            raise Refused(f"`{name}` is a Python container that a branch extends")
        operator = BINARY_OF_AUGMENTED[type(small.operator)]()
        return [(name, cst.BinaryOperation(cst.Name(name), operator, right_operand(operator, small.value)))]
    if isinstance(small, cst.Expr):
        return _refuse_expression(small.value, context)
    if isinstance(small, cst.Return):
        raise Refused("a branch returns while another assigns")
    verb = next((text for t, text in _SIMPLE.items() if isinstance(small, t)), "holds a statement other than an assignment")
    raise Refused(f"a branch {verb}")


def _refuse_expression(expression: cst.BaseExpression, context):
    if isinstance(expression, cst.Call):
        raise Refused(f"a branch calls `{context.describe(expression)}`")
    raise Refused(f"a branch evaluates `{context.describe(expression)}` for its effect")


def _target_pairs(target, value, context) -> list[tuple[str, cst.BaseExpression]]:
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
        # `self.v = v_reset`: the attribute is selected like a name (`self.v = jnp.where(...)`); it
        # had a value before the `if`, the object's.
        return [(f"{target.value.value}.{target.attr.value}", value)]
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
        names = [e.value for e in target.elements]
        values = [e.value for e in value.elements]
        starred = any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
        if not starred and len(names) == len(values) and all(isinstance(n, cst.Name) for n in names):
            return [(n.value, v) for n, v in zip(names, values)]
    if isinstance(target, (cst.Tuple, cst.List)):
        raise Refused(f"a branch unpacks `{context.describe(value)}` into several names")
    raise Refused(f"a branch assigns to `{context.describe(target)}`")


def sole_statement(block: cst.BaseSuite) -> cst.BaseSmallStatement | None:
    """The statement of a branch that holds just one simple statement, else None."""
    if isinstance(block, cst.SimpleStatementSuite):
        smalls = list(block.body)
    elif len(block.body) == 1 and isinstance(block.body[0], cst.SimpleStatementLine):
        smalls = list(block.body[0].body)
    else:
        return None
    return smalls[0] if len(smalls) == 1 else None


def returned_value(block: cst.BaseSuite) -> cst.BaseExpression | None:
    """The value of a branch that is a single `return value`, else None."""
    statement = sole_statement(block)
    return statement.value if isinstance(statement, cst.Return) else None


def names_read(node: cst.CSTNode) -> Iterator[str]:
    if isinstance(node, cst.Name):
        yield node.value
        return
    if isinstance(node, cst.Attribute):
        yield from names_read(node.value)
        return
    for child in child_nodes(node):
        yield from names_read(child)


def parenthesized(expression: cst.BaseExpression) -> cst.BaseExpression:
    """`expression` wrapped in parentheses unless it is an atom (a name, call, literal...)."""
    atoms = (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.Float, cst.Imaginary,
             cst.SimpleString, cst.List, cst.Dict, cst.Set)
    if isinstance(expression, atoms) or expression.lpar:
        return expression
    return expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


_PRECEDENCE = {
    cst.BitOr: 1, cst.BitXor: 2, cst.BitAnd: 3, cst.LeftShift: 4, cst.RightShift: 4, cst.Add: 5,
    cst.Subtract: 5, cst.Multiply: 6, cst.MatrixMultiply: 6, cst.Divide: 6, cst.FloorDivide: 6,
    cst.Modulo: 6, cst.Power: 8,
}
_LOOSE = (cst.BooleanOperation, cst.Comparison, cst.IfExp, cst.Lambda, cst.NamedExpr)


def right_operand(operator: cst.BaseBinaryOp, expression: cst.BaseExpression) -> cst.BaseExpression:
    """`expression` as the right operand of `operator`, parenthesized only where Python needs it
    (`x -= a - b` reads `x - (a - b)`, `x -= a * b` reads `x - a * b`)."""
    loose = isinstance(expression, _LOOSE) or (
        isinstance(expression, cst.UnaryOperation) and isinstance(expression.operator, cst.Not)
    )
    if isinstance(expression, cst.BinaryOperation):
        loose = _PRECEDENCE[type(expression.operator)] <= _PRECEDENCE[type(operator)]
    if not loose or expression.lpar:
        return expression
    return expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


# --- what evaluating a branch involves ----------------------------------------------------------

# Operations that are inf/NaN somewhere finite, the argument that makes them so and a value of it
# where they are finite with a finite derivative: the placeholder of the double-where trick.
NAN_PRONE = {
    "sqrt": (0, "1"), "rsqrt": (0, "1"), "cbrt": (0, "1"), "log": (0, "1"), "log2": (0, "1"),
    "log10": (0, "1"), "log1p": (0, "0"), "reciprocal": (0, "1"), "arcsin": (0, "0"),
    "arccos": (0, "0"), "arctanh": (0, "0"), "arccosh": (0, "2"), "exp": (0, "0"), "exp2": (0, "0"),
    "expm1": (0, "0"), "sinh": (0, "0"), "cosh": (0, "0"), "tan": (0, "0"), "power": (0, "1"),
    "float_power": (0, "1"), "divide": (1, "1"), "true_divide": (1, "1"), "floor_divide": (1, "1"),
    "remainder": (1, "1"), "mod": (1, "1"), "fmod": (1, "1"),
}
# Work worth skipping with lax.cond rather than computing and discarding with jnp.where.
EXPENSIVE_CALLS = frozenset(
    {
        "dot", "matmul", "vdot", "einsum", "tensordot", "inner", "outer", "kron", "convolve",
        "correlate", "conv", "conv_general_dilated", "dot_general", "solve", "inv", "pinv",
        "cholesky", "svd", "eig", "eigh", "eigvals", "eigvalsh", "qr", "lstsq", "det", "slogdet",
        "expm", "matrix_power", "fft", "ifft", "rfft", "irfft", "fftn", "ifftn",
    }
)
_EXPENSIVE_NAMESPACES = ("jax.numpy.linalg.", "jax.numpy.fft.", "jax.scipy.linalg.", "jax.lax.linalg.")
_LOOPS = frozenset(f"jax.lax.{name}" for name in ("scan", "fori_loop", "while_loop", "map", "associative_scan", "cond", "switch"))
_PURE_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.", "jax.tree.", "jax.tree_util.")
_CHEAP_BUILTINS = frozenset({"abs", "round", "min", "max", "float", "int", "bool", "len", "pow"})
_INT32_MAX = 2**31 - 1


class Guard(NamedTuple):
    """An inf/NaN-prone operation and the argument the double-where trick replaces."""

    operation: cst.CSTNode
    argument: cst.BaseExpression
    placeholder: str


@dataclass
class OperandFacts:
    """What evaluating a branch value involves, for choosing and judging a selection."""

    guards: list[Guard] = field(default_factory=list)
    unknown_calls: list[cst.Call] = field(default_factory=list)  # code the tool cannot see
    expensive: list[cst.CSTNode] = field(default_factory=list)
    large_ints: list[cst.Integer] = field(default_factory=list)


def inspect_operand(expression: cst.BaseExpression, context) -> OperandFacts:
    facts = OperandFacts()
    _inspect(expression, context, facts)
    return facts


def _inspect(node: cst.CSTNode, context, facts: OperandFacts) -> None:
    if isinstance(node, cst.Lambda):
        return
    if isinstance(node, cst.Integer) and int(node.evaluated_value) > _INT32_MAX:
        facts.large_ints.append(node)
    elif isinstance(node, cst.BinaryOperation):
        _inspect_operator(node, facts)
    elif isinstance(node, cst.Call):
        _inspect_call(node, context, facts)
    for child in child_nodes(node):
        _inspect(child, context, facts)


def _inspect_operator(node: cst.BinaryOperation, facts: OperandFacts) -> None:
    operator = node.operator
    if isinstance(operator, cst.MatrixMultiply):
        facts.expensive.append(node)
    elif isinstance(operator, (cst.Divide, cst.FloorDivide, cst.Modulo)):
        number = _literal_number(node.right)
        if number is None or number == 0:
            facts.guards.append(Guard(node, node.right, "1"))
    elif isinstance(operator, cst.Power):
        exponent = _literal_number(node.right)
        if exponent is None or exponent < 0 or exponent != int(exponent):
            facts.guards.append(Guard(node, node.left, "1"))


def _inspect_call(node: cst.Call, context, facts: OperandFacts) -> None:
    qualified = context.qualified_name(node.func)
    if qualified is not None and qualified.startswith(_PURE_NAMESPACES):
        leaf = qualified.rpartition(".")[2]
        if leaf in EXPENSIVE_CALLS or qualified in _LOOPS or qualified.startswith(_EXPENSIVE_NAMESPACES):
            facts.expensive.append(node)
        guarded = NAN_PRONE.get(leaf)
        if guarded is not None:
            position, placeholder = guarded
            positional = [a for a in node.args if a.keyword is None and not a.star]
            if position < len(positional) and _literal_number(positional[position].value) is None:
                facts.guards.append(Guard(node, positional[position].value, placeholder))
        return
    if isinstance(node.func, cst.Attribute) and qualified is None:
        receiver = context.value(node.func.value)
        if receiver.traced and node.func.attr.value in known.ARRAY_METHODS:
            if node.func.attr.value == "dot":
                facts.expensive.append(node)
            return
    if builtin_called(node, context) in _CHEAP_BUILTINS:
        return
    facts.unknown_calls.append(node)
    facts.expensive.append(node)


def _literal_number(node: cst.BaseExpression) -> float | None:
    if isinstance(node, (cst.Integer, cst.Float)):
        return float(node.evaluated_value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _literal_number(node.expression)
        return None if inner is None else -inner
    return None


def is_literal_number(node: cst.BaseExpression) -> bool:
    """A number written in the source: `0`, `-1.5`."""
    return _literal_number(node) is not None


def _is_literal(node: cst.BaseExpression) -> bool:
    """A Python number or bool written in the source (`0`, `-1.5`, `True`, `2 * 3`)."""
    if is_literal_number(node):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False")
    if isinstance(node, cst.BinaryOperation):
        return _is_literal(node.left) and _is_literal(node.right)
    return False


def _is_number(node: cst.BaseExpression, context) -> bool:
    """A Python number held by an attribute (`self.reward_for_invalid_action`, a static value
    that is no container, array or unknown) or an array made 0-d (`x.item()`, `x.reshape(())`):
    a branch Python's `if` gave as a number."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        method, args = node.func.attr.value, node.args
        if method == "item" and not args or method == "reshape" and len(args) == 1 \
                and isinstance(args[0].value, cst.Tuple) and not args[0].value.elements:
            return True
    if not isinstance(node, cst.Attribute):
        return False
    value = context.value(node)
    return value.trace == STATIC and not value.loose and not value.container and value.host is None \
        and value.instance_of is None and value.function is None and value.module is None and not value.boolean


def first_hazard(expressions, context) -> tuple[str, cst.CSTNode] | None:
    """What makes evaluating `expressions` where their value is not used unsafe, if anything:
    ("nan", an inf/NaN-prone operation) or ("call", a call into code the tool cannot see)."""
    for expression in expressions:
        facts = inspect_operand(expression, context)
        if facts.guards:
            return "nan", facts.guards[0].operation
        if facts.unknown_calls:
            return "call", facts.unknown_calls[0]
    return None


def where_safety(expressions, context) -> tuple[Safety, str]:
    """SAFE when evaluating every expression on the unselected side of `jnp.where` is harmless
    (no inf/NaN-prone operation, no call into code the tool cannot see); else UNSAFE and why."""
    hazard = first_hazard(expressions, context)
    if hazard is None:
        return Safety.SAFE, ""
    kind, culprit = hazard
    if kind == "nan":
        return Safety.UNSAFE, (
            f"`{context.describe(culprit)}` is evaluated on both sides of jnp.where; where it is not "
            "selected it may be inf/NaN and its gradient leaks through as NaN"
        )
    return Safety.UNSAFE, (
        f"`{context.describe(culprit)}` runs on both sides of jnp.where; if it is costly, has side "
        "effects or can produce NaN, prefer lax.cond"
    )


def _differentiated(context) -> bool:
    scope = context.scope
    return scope is not None and scope.differentiated


def differentiated_note(context) -> str:
    """How the function's differentiation makes a NaN on the unselected side matter."""
    if _differentiated(context):
        return f" `{context.function_name}` is differentiated, so the NaN reaches its gradient."
    return ""


# --- spelling the selection ---------------------------------------------------------------------

_LITERAL, _ARRAY, _ASSUMED, _TREE = "literal", "array", "assumed", "tree"
_TREE_BUILDERS = frozenset({"jax.tree.map", "jax.tree_util.tree_map", "jax.tree.unflatten", "jax.tree_util.tree_unflatten"})


_FROM_LITERALS = frozenset({"array", "asarray"})  # array constructors whose shape a literal list spells


def literal_shape(expression: cst.BaseExpression, context) -> tuple[int, ...] | None:
    """The shape of an array built from literals: `jnp.array([a, b])` is (2,), `jnp.zeros((3, 4))`
    is (3, 4); None when the code does not say."""
    if not isinstance(expression, cst.Call) or not expression.args:
        return None
    qualified = context.qualified_name(expression.func) or ""
    module, _, leaf = qualified.rpartition(".")
    if module not in ("jax.numpy", "numpy"):
        return None
    first = expression.args[0].value
    if leaf in _FROM_LITERALS:
        shape: list[int] = []
        while isinstance(first, (cst.List, cst.Tuple)):
            if any(isinstance(e, cst.StarredElement) for e in first.elements):
                return None
            shape.append(len(first.elements))
            first = first.elements[0].value if first.elements else None
        return tuple(shape) if shape else None
    if leaf in known.SHAPE_CONSTRUCTORS:
        sizes = first.elements if isinstance(first, (cst.Tuple, cst.List)) else None
        values = [e.value for e in sizes] if sizes is not None else [first]
        if all(isinstance(v, cst.Integer) for v in values):
            return tuple(int(v.value) for v in values)
    return None


_GROWING = frozenset({"append", "concatenate", "hstack", "vstack", "stack", "insert", "column_stack", "row_stack"})


def refuse_growing(operands: Sequence[cst.BaseExpression], context) -> None:
    """Refuse branches where one gives `jnp.append(out, i)` (or a concatenation, a stack, an
    insertion into `out`) and another `out` itself: the array grows in one branch only, so its
    shape is the data's choice."""
    code = cst.Module([]).code_for_node
    given = {code(operand) for operand in operands}
    for operand in operands:
        if not (isinstance(operand, cst.Call) and operand.args):
            continue
        qualified = context.qualified_name(operand.func) or ""
        module, _, leaf = qualified.rpartition(".")
        if module not in ("jax.numpy", "numpy") or leaf not in _GROWING:
            continue
        first = operand.args[0].value
        grown = [e.value for e in first.elements] if isinstance(first, (cst.List, cst.Tuple)) else [first]
        if any(code(part) in given for part in grown):
            raise Refused(f"one branch grows an array (`{context.describe(operand)}`) and another keeps it: under "
                          "`jax.jit` one shape is needed whatever the data; fill a fixed-size array (with "
                          "`jnp.where` over the whole range, or `jnp.nonzero(..., size=n, fill_value=...)`) and keep "
                          "a count of the valid entries")


def refuse_different_shapes(shapes: Sequence[tuple[int, ...] | None]) -> None:
    """Refuse branches whose values have shapes the code spells differently (None: not spelled;
    -1: a size `reshape` infers); an empty array literal (`jnp.array([])`) against a value of
    unknown shape counts too: "no elements" is a shape the data chose."""
    known = {shape for shape in shapes if shape is not None}
    listed = sorted(known)
    conflict = any(len(a) != len(b) or any(x != y and -1 not in (x, y) for x, y in zip(a, b))
                   for i, a in enumerate(listed) for b in listed[i + 1:])
    empty = any(0 in shape for shape in known) and None in shapes
    if conflict or empty:
        shown = ", ".join(str(tuple("?" if d == -1 else d for d in shape)) for shape in listed)
        what = f"arrays of different shapes ({shown})" if conflict else f"an empty array (shape {shown}) in one branch only"
        raise Refused(f"the branches give {what}: under `jax.jit` one shape is needed whatever the data; pad "
                      "them to one shape and keep a mask or a count of the valid entries")


def _bool_literal(node: cst.BaseExpression) -> bool | None:
    return {"True": True, "False": False}.get(node.value) if isinstance(node, cst.Name) else None


def refuse_recursion(function: cst.FunctionDef, node: cst.CSTNode) -> None:
    """`lax.cond` and `lax` loops trace every branch and body once: a call of the function itself
    inside (`self._build_tree(..., j - 1)` under `if j == 0`) would recurse while tracing without
    end, as the test that stopped it is no longer a Python value. `jnp.where` evaluates both too."""
    if not isinstance(function, cst.FunctionDef):
        return
    name = function.name.value
    # `for boundary, schedule in zip(boundaries, schedules)` in a function named `schedule`:
    # the name called there is the loop's, not the function itself.
    shadowed = name in bindings_of(function) or name in param_names(function)
    for call in walk(node):
        if isinstance(call, cst.Call) and (
                isinstance(call.func, cst.Name) and call.func.value == name and not shadowed
                or isinstance(call.func, cst.Attribute) and call.func.attr.value == name
                and isinstance(call.func.value, cst.Name) and (call.func.value.value in ("self", "cls")
                                                               or call.func.value.value[:1].isupper())):
            # (`ObjectBase.__calc_dx(...)` in a static method of `ObjectBase`: a class, by its name.)
            if _counts_down_a_tested_depth(function, call):
                continue
            raise Refused(f"`{name}` calls itself inside: `lax` control flow traces every branch, so a "
                          "recursion that a traced test ends would not end while tracing; make the depth a "
                          "static argument or write the recursion as a loop")


def _counts_down_a_tested_depth(function: cst.FunctionDef, call: cst.Call) -> bool:
    """`return _inner(a, c - b, c, z_new, depth - 1, ...)` under `elif depth > 0:`: the call passes
    a parameter less a number, and an `if` around the call (in its body or its `else`) tests that
    parameter alone. A depth
    like this is a Python number (a traced one would make that test a leak of its own), so the
    recursion ends while tracing, whatever the traced tests around it become."""
    params = [p.name.value for p in function.params.params]
    if params[:1] in (["self"], ["cls"]):
        params = params[1:]  # `self._inner(...)` passes the rest
    counted = set()
    for position, argument in enumerate(call.args):
        value = argument.value
        parameter = argument.keyword.value if argument.keyword is not None else \
            params[position] if position < len(params) else None
        if parameter is not None and isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Subtract) \
                and isinstance(value.left, cst.Name) and value.left.value == parameter \
                and isinstance(value.right, cst.Integer) and int(value.right.value, 0) > 0:
            counted.add(parameter)
    if not counted:
        return False
    found = []

    def visit(node: cst.CSTNode, tests: list[cst.BaseExpression]) -> None:
        if node is call:
            found.append(list(tests))
            return
        for child in node.children:
            if isinstance(node, cst.If) and (child is node.body or child is node.orelse):
                visit(child, [*tests, node.test])  # `if j == 0: ... else: self.build_tree(..., j - 1)`
            elif not isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                visit(child, tests)

    visit(function.body, [])
    return bool(found) and any(
        {n.value for n in walk(test) if isinstance(n, cst.Name)} == {parameter}
        for tests in found for test in tests for parameter in counted)


def refuse_mixed_sequences(function, values: Sequence[cst.BaseExpression]) -> None:
    """Returned values that give a list at a place where another gives a tuple (`return args_nu,
    lam` with `args_nu = []` grown by `append`, and `return args, lam` with `*args`): a `lax`
    branch and a `jnp.where` over a tree need one structure, and making them alike would change
    what callers receive."""
    if not isinstance(function, cst.FunctionDef):
        return
    _refuse_mixed_arities(values)
    kinds = _sequence_kinds(function)
    places: dict[int, set[str]] = {}
    for value in values:
        elements = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
        for position, element in enumerate(elements):
            kind = kinds.get(element.value) if isinstance(element, cst.Name) else \
                "list" if isinstance(element, cst.List) else None
            if kind is not None:
                places.setdefault(position, set()).add(kind)
    if any(len(found) > 1 for found in places.values()):
        raise Refused("one `return` gives a list where another gives a tuple: `lax` control flow needs one "
                      "structure on every path; return `tuple(...)` of the list where the tuple is meant")


def appended_keyword(args: Sequence[cst.Arg], keyword: str, value: cst.BaseExpression) -> list[cst.Arg]:
    """`args` with `keyword=value` after them, laid out as they are (one line, or one argument per
    line with a trailing comma)."""
    no_space = cst.SimpleWhitespace("")
    new = cst.Arg(
        value=value,
        keyword=cst.Name(keyword),
        equal=cst.AssignEqual(whitespace_before=no_space, whitespace_after=no_space),
    )
    if not args:
        return [new]
    last = args[-1]
    if last.comma is cst.MaybeSentinel.DEFAULT:
        # One line: `jax.jit(f)` -> `jax.jit(f, static_argnames=...)`.
        return [*args[:-1], last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))), new]
    # A trailing comma (often one argument per line): the new argument takes the last line.
    between = args[-2].comma if len(args) > 1 else cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [*args[:-1], last.with_changes(comma=between), new.with_changes(comma=last.comma)]


def _refuse_mixed_arities(values: Sequence[cst.BaseExpression]) -> None:
    """`return 1.` on one path and `return w, i` on another: one branch of the `lax` form would
    give a number and the other a pair, which `lax.cond` refuses (in the original, the caller
    unpacking the number raised)."""
    shown: dict[int, cst.BaseExpression] = {}
    for value in values:
        if isinstance(value, cst.Tuple) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
            shown.setdefault(len(value.elements), value)
        elif isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or (
                isinstance(value, cst.UnaryOperation) and isinstance(value.expression, (cst.Integer, cst.Float))):
            shown.setdefault(0, value)
    if len(shown) > 1:
        kinds = [f"a tuple of {arity}" if arity else f"`{cst.Module([]).code_for_node(value)}`"
                 for arity, value in sorted(shown.items())]
        raise Refused(f"one `return` gives {kinds[0]} where another gives {kinds[1]}: `lax` control flow needs "
                      "one structure on every path; return the same kind of value from each")


def _sequence_kinds(function: cst.FunctionDef) -> dict[str, str]:
    """Names of `function` that are surely a list (every binding a list display) or a tuple
    (`*args`, never rebound)."""
    kinds: dict[str, str] = {}
    star = function.params.star_arg
    if isinstance(star, cst.Param):
        kinds[star.name.value] = "tuple"
    bindings: dict[str, list[cst.BaseExpression | None]] = {}
    for node in walk(function.body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                for name in target_names(target.target):
                    bindings.setdefault(name, []).append(node.value if isinstance(target.target, cst.Name) else None)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)) and node.target is not None:
            for name in target_names(node.target):
                bindings.setdefault(name, []).append(None)
    for name, values in bindings.items():
        if name in kinds:
            kinds.pop(name)
        elif values and all(isinstance(value, cst.List) for value in values):
            kinds[name] = "list"
    return kinds


class Selection:
    """The choice among branch values for a chain of traced tests.

    `slots` holds one list of operands per selected value (a name, or the returned value): the
    operand of each test's branch, then the operand when no test holds. For assignments, `names`
    names the slots and `steps` says, per branch, which statement assigns each name, so that the
    `name = jnp.where(...)` statements can be ordered to read what each branch read.

    The form: `lax.switch` when an expensive chain dispatches on `index == 0, 1, ...`;
    `lax.cond` when a branch is expensive and the predicate a scalar outside vmap; otherwise
    `jnp.where` (nested for two tests, `jnp.select` for more).
    """

    def __init__(self, context, tests: Sequence[cst.BaseExpression], slots: Sequence[Sequence[cst.BaseExpression]],
                 names: Sequence[str] | None = None, steps: Sequence[Mapping[str, int]] = ()) -> None:
        self.context = context
        self.tests = list(tests)
        self.slots = [list(operands) for operands in slots]
        self.notes: list[str] = []
        self._test_names: dict[int, str] = {}
        for test in self.tests:
            if any(isinstance(n, cst.NamedExpr) for n in walk(test)):
                raise Refused("a condition assigns with `:=`")
        for operands in self.slots:
            for operand in operands:
                refuse_recursion(context.function, operand)
            refuse_mixed_sequences(context.function, operands)
        self.kinds = [[self._kind(operand) for operand in operands] for operands in self.slots]
        # The values selected one by one: each element of tuples written out in every branch.
        self.leaves = [
            [[o.elements[i].value for o in operands] for i in range(width)] if width is not None else [operands]
            for operands in self.slots
            for width in [self._tuple_width(operands)]
        ]
        self.leaf_kinds = [[self._kind(operand) for operand in leaf] for slot in self.leaves for leaf in slot]
        for slot in self.leaves:
            for leaf in slot:
                refuse_different_shapes([literal_shape(operand, context) for operand in leaf])
                refuse_growing(leaf, context)
        self.facts = [[inspect_operand(operand, context) for operand in operands] for operands in self.slots]
        self.form = self._choose_form()
        self.order: list[int] | None = list(range(len(self.slots)))
        if self.form == "where" and names is not None and len(self.slots) > 1:
            self.order = self._assignment_order(list(names), steps)
        elif names is not None and len(self.slots) > 1:
            self._refuse_reads_of_earlier_assignments(list(names), steps)
        self._judge()

    def _refuse_reads_of_earlier_assignments(self, names: list[str], steps: Sequence[Mapping[str, int]]) -> None:
        """In the `lax.cond`/`lax.switch` form each branch is one expression per name, evaluated
        together: a value that reads a name its branch assigned before (`ep_n = ep_i + d`, then
        `sigma_n = E * (e_n - ep_n)`) would read the value from before the `if`. Branch functions
        that keep the statements in order (the lowering) are the form for it."""
        for arm, order in enumerate(steps):
            assigned = sorted((step, names.index(name)) for name, step in order.items() if name in names)
            earlier: set[str] = set()
            for _, slot in assigned:
                read = set(names_read(self.slots[slot][arm])) & earlier
                if read:
                    raise Refused(f"a branch reads `{sorted(read)[0]}` after assigning it, which one expression "
                                  "per name cannot keep")
                earlier.add(names[slot])

    # -- planning --------------------------------------------------------------------------------
    def _kind(self, operand: cst.BaseExpression) -> str:
        if _is_literal(operand):
            return _LITERAL
        if never_an_array(operand, self.context):
            raise Refused(f"`{self.context.describe(operand)}` is not an array")
        if isinstance(operand, (cst.Tuple, cst.Dict)) or self.context.qualified_name(
            operand.func if isinstance(operand, cst.Call) else operand
        ) in _TREE_BUILDERS:
            return _TREE
        value: Value = self.context.value(operand)
        if value.container or used_as_pytree(operand, self.context):
            return _TREE
        if value.trace == TRACED:
            return _ARRAY
        return self._static_kind(operand) if value.trace == STATIC else _ASSUMED

    def _static_kind(self, operand: cst.BaseExpression, follow: bool = True) -> str:
        """Python numbers, `jnp` constants, or values the tool cannot vouch for."""
        if _is_literal(operand):
            return _LITERAL
        if isinstance(operand, cst.Name) and follow:
            earlier = value_before(self.context, operand.value)
            if earlier is None:
                return _ASSUMED
            if never_an_array(earlier, self.context):
                raise Refused(f"`{operand.value}` is `{self.context.describe(earlier)}` before the `if`, not an array")
            return self._static_kind(earlier, follow=False)
        if isinstance(operand, cst.Call):
            qualified = self.context.qualified_name(operand.func)
            return _ARRAY if qualified is not None and qualified.startswith(_PURE_NAMESPACES) else _ASSUMED
        if isinstance(operand, cst.UnaryOperation):
            return self._static_kind(operand.expression, follow)
        if isinstance(operand, cst.BinaryOperation):
            kinds = {self._static_kind(operand.left, follow), self._static_kind(operand.right, follow)}
            return _ARRAY if _ARRAY in kinds else (_LITERAL if kinds == {_LITERAL} else _ASSUMED)
        return _ASSUMED

    def _choose_form(self) -> str:
        scope = self.context.scope
        vmapped = scope is not None and scope.transform in known.VMAP_TRANSFORMS
        expensive = any(f.expensive for facts in self.facts for f in facts)
        literal = any(_LITERAL in kinds for kinds in self.kinds)
        if expensive and not vmapped and not literal:
            if len(self.tests) == 1:
                return "cond"
            if self._dispatch_index() is not None:
                return "switch"
        if any(_TREE in kinds for kinds in self.kinds):
            if len(self.tests) > 1 and not self._elementwise_trees():
                raise Refused("a branch value is a pytree, which only two-way selections support")
        return "where"

    def _elementwise_trees(self) -> bool:
        return all(self._tuple_width(operands) is not None for operands, kinds in zip(self.slots, self.kinds) if _TREE in kinds)

    @staticmethod
    def _tuple_width(operands) -> int | None:
        """The common length of operands that are all tuple literals, else None."""
        widths = {
            len(o.elements) if isinstance(o, cst.Tuple) and not any(isinstance(e, cst.StarredElement) for e in o.elements) else -1
            for o in operands
        }
        return widths.pop() if len(widths) == 1 and -1 not in widths else None

    def _dispatch_index(self) -> str | None:
        """`i` when the tests are `i == 0`, `i == 1`, ... in order."""
        index = None
        for position, test in enumerate(self.tests):
            if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
                return None
            target = test.comparisons[0]
            if not isinstance(target.operator, cst.Equal):
                return None
            sides = (test.left, target.comparator)
            literal = [s for s in sides if isinstance(s, cst.Integer)]
            other = [s for s in sides if not isinstance(s, cst.Integer)]
            if len(literal) != 1 or len(other) != 1 or int(literal[0].evaluated_value) != position:
                return None
            text = self.context.code(other[0]).strip()
            if index not in (None, text) or not self.context.is_traced(other[0]):
                return None
            index = text
        return index

    def _assignment_order(self, names: list[str], steps: Sequence[Mapping[str, int]]) -> list[int] | None:
        """An order of `name = jnp.where(...)` statements in which every branch value reads what
        it read in its branch: names assigned before it there, the old value of the others.

        None when only one tuple assignment can select them (`a, b = b, a`); Refused when
        neither works.
        """
        slot_of = {name: slot for slot, name in enumerate(names)}
        before: dict[int, set[int]] = {slot: set() for slot in slot_of.values()}
        sequential = False
        for arm, position in enumerate(steps):
            for slot, name in enumerate(names):
                if name not in position:
                    continue  # the branch keeps `name`: its operand reads only `name` itself
                for read in set(names_read(self.slots[slot][arm])) & slot_of.keys() - {name}:
                    if read in position and position[read] < position[name]:
                        before[slot].add(slot_of[read])  # reads the value this branch assigned
                        sequential = True
                    elif read in position:
                        before[slot_of[read]].add(slot)  # reads the value from before the `if`
        for name in {n for test in self.tests for n in names_read(test)} & slot_of.keys():
            before[slot_of[name]].update(s for s in before if s != slot_of[name])
        order = _topological(before)
        if order is None and sequential:
            raise Refused("the branches read and reassign the same names in orders no sequence of selections keeps")
        return order

    def _judge(self) -> None:
        context = self.context
        facts = [f for fs in self.facts for f in fs]
        leaves = [leaf for slot in self.leaves for leaf in slot]
        assumed = [o for leaf, kinds in zip(leaves, self.leaf_kinds) for o, k in zip(leaf, kinds) if k == _ASSUMED]
        if assumed:
            self.notes.append(f"assumes `{context.describe(assumed[0])}` is an array")
        mixed = [
            o for leaf, kinds in zip(leaves, self.leaf_kinds) if _ARRAY in kinds or _ASSUMED in kinds
            for o, k in zip(leaf, kinds) if k == _LITERAL
        ]
        if mixed:
            self.notes.append(
                f"`{context.describe(mixed[0])}` takes the shape and dtype of the other branch, where the "
                "original produced a Python scalar"
            )
        nan_test = next((t for t in self.tests if _tests_for_nan(t, context)), None)
        if nan_test is not None and self.form == "where":
            self.notes.append(
                f"where `{context.describe(nan_test)}` decides, the branch it rules out is inf/NaN: "
                "jnp.where keeps that out of the value but not out of the gradient"
                + (f" (`{context.function_name}` is differentiated)" if _differentiated(context) else "")
            )
        large = [n for f in facts for n in f.large_ints]
        if large:
            self.notes.append(f"`{context.describe(large[0])}` overflows a 32-bit integer once it is an array")
        if self.form == "where":
            guards = [g for f in facts for g in f.guards]
            unknown = [c for f in facts for c in f.unknown_calls]
            if guards and self._guarded():
                self.notes.append(
                    f"`{context.describe(guards[0].operation)}` is also evaluated where it is not selected; "
                    "the rewrite masks its argument with a second jnp.where (the double-where trick) so "
                    "that side cannot send NaN into gradients: check the mask covers every such operation"
                    + (f" (`{context.function_name}` is differentiated)" if _differentiated(context) else "")
                )
            elif guards:
                self.notes.append(
                    f"`{context.describe(guards[0].operation)}` is evaluated for every branch and may be "
                    "inf/NaN where it is not selected; its gradient then leaks through as NaN."
                    + differentiated_note(context)
                )
            if unknown:
                self.notes.append(
                    f"`{context.describe(unknown[0])}` now runs for every branch: its cost and any "
                    "side effects are no longer conditional"
                )
        if self.form == "switch":
            self.notes.append(
                f"lax.switch needs an integer `{self._dispatch_index()}` and clamps it into range: a "
                "negative index selects the first branch where the original fell through to the last"
            )

    def _guarded(self) -> bool:
        """The double-where trick applies to two-way selections of arrays (not whole pytrees)."""
        return len(self.tests) == 1 and not any(
            _TREE in kinds and self._tuple_width(operands) is None for operands, kinds in zip(self.slots, self.kinds)
        )

    @property
    def safety(self) -> Safety:
        return Safety.UNSAFE if self.notes else Safety.SAFE

    @property
    def note(self) -> str:
        return "; ".join(self.notes)

    # -- emitting ------------------------------------------------------------------------------
    def callee(self) -> str:
        """The function the rewrite calls, as the module spells it: `jnp.where`, `lax.cond`."""
        if self.form in ("cond", "switch"):
            return f"{self.context.spell('jax.lax')}.{self.form}"
        if len(self.tests) > 2 and self._select_applies():
            return f"{self.context.spell('jax.numpy')}.select"
        return f"{self.context.spell('jax.numpy')}.where"

    def expression(self, slot: int = 0, bare_tuple: bool = False) -> str:
        """The selected value of one slot (for `where`), or of all slots at once (cond, switch)."""
        if self.form in ("cond", "switch"):
            return self._branching()
        operands = self.slots[slot]
        width = self._tuple_width(operands)
        if width is not None:
            parts = [self._where([o.elements[i].value for o in operands]) for i in range(width)]
            text = ", ".join(parts)
            return text if bare_tuple else f"({text})"
        if _TREE in self.kinds[slot]:
            return self._tree_where(operands)
        return self._where(operands)

    def assignments(self, names: Sequence[str]) -> list[str]:
        if self.form in ("cond", "switch"):
            return [f"{', '.join(names)} = {self._branching()}"]
        if self.order is None:
            values = ", ".join(self.expression(slot) for slot in range(len(names)))
            return [f"{', '.join(names)} = {values}"]
        return [f"{names[slot]} = {self.expression(slot)}" for slot in self.order]

    def _test(self, position: int) -> str:
        return self._test_names.get(position) or self.test_text(position)

    def test_text(self, position: int) -> str:
        return one_line_test(self.tests[position], self.context)

    def selecting_statements(self) -> int:
        """How many of the values differ from branch to branch (each a `jnp.where` reading the tests)."""
        return sum(len({self.context.code(o).strip() for o in operands}) > 1 for operands in self.slots)

    def reads_tests_per_leaf(self) -> bool:
        """A selection of whole trees (`jax.tree.map(lambda a, b: jnp.where(c, a, b), ...)`) reads
        its tests once per leaf."""
        return any(_TREE in kinds and self._tuple_width(operands) is None
                   for operands, kinds in zip(self.slots, self.kinds))

    def name_test(self, position: int, name: str) -> None:
        """The selections read test `position` from `name`, computed before them."""
        self._test_names[position] = name

    def _where(self, operands: Sequence[cst.BaseExpression]) -> str:
        texts = {self.context.code(operand).strip() for operand in operands}
        if len(texts) == 1:
            return _argument(operands[0], self.context)  # every branch gives the same value
        jnp = self.context.spell("jax.numpy")
        numbers = all(_is_literal(operand) or _is_number(operand, self.context) for operand in operands)
        tests = [self._selecting_test(position, numbers) for position in range(len(self.tests))]
        if len(self.tests) == 1 and (self.context.value(self.tests[0]).boolean or _is_comparison(self.tests[0])) \
                and [_bool_literal(operand) for operand in operands] in ([True, False], [False, True]):
            # `if c: return True else: return False`: the boolean test is the value.
            return tests[0] if _bool_literal(operands[0]) else f"{jnp}.logical_not({tests[0]})"
        if len(self.tests) == 1:
            then_text = self._masked(operands[0], self._test(0), selected_first=True)
            else_text = self._masked(operands[1], self._test(0), selected_first=False)
            return f"{jnp}.where({tests[0]}, {then_text}, {else_text})"
        if len(self.tests) > 2 and self._select_applies():
            choices = ", ".join(_argument(o, self.context) for o in operands[:-1])
            return f"{jnp}.select([{', '.join(tests)}], [{choices}], {_argument(operands[-1], self.context)})"
        text = _argument(operands[-1], self.context)
        for position in range(len(self.tests) - 1, -1, -1):
            text = f"{jnp}.where({tests[position]}, {_argument(operands[position], self.context)}, {text})"
        return text

    def _selecting_test(self, position: int, numbers: bool) -> str:
        """The test as `jnp.where` reads it. Selecting between numbers, the result takes the
        test's shape; Python's `if` accepted any one-element test (pgx's shape-(1,) `turn`) and
        gave a number, so a test not known to be 0-d is squeezed: the same number, as a 0-d array."""
        text = self._test(position)
        test = self.tests[position]
        if numbers and not scalar_test(test, self.context) or one_element_test(self.context, test):
            return f"{self.context.spell('jax.numpy')}.squeeze({text})"
        return text

    def _select_applies(self) -> bool:
        return all(self.context.value(test).boolean for test in self.tests)

    def _tree_where(self, operands: Sequence[cst.BaseExpression]) -> str:
        jax = self.context.spell("jax")
        jnp = self.context.spell("jax.numpy")
        read = set(names_read(self.tests[0]))
        first, second = next(pair for pair in (("a", "b"), ("new", "old"), ("lhs", "rhs")) if not read & set(pair))
        then_text, else_text = (_argument(o, self.context) for o in operands)
        return (
            f"{jax}.tree.map(lambda {first}, {second}: {jnp}.where({self._test(0)}, {first}, {second}), "
            f"{then_text}, {else_text})"
        )

    def _masked(self, operand: cst.BaseExpression, test: str, selected_first: bool) -> str:
        """The operand with the arguments of its inf/NaN-prone operations masked (double where)."""
        guards = inspect_operand(operand, self.context).guards
        if not guards:
            return _argument(operand, self.context)
        jnp = self.context.spell("jax.numpy")
        code = self.context.code

        def mask(argument: cst.BaseExpression, placeholder: str) -> cst.BaseExpression:
            inner = code(argument).strip()
            pair = f"{inner}, {placeholder}" if selected_first else f"{placeholder}, {inner}"
            return self.context.parse_expression(f"{jnp}.where({test}, {pair})")

        masked = operand.visit(_Masker({id(g.argument): g.placeholder for g in guards}, mask))
        return _argument(masked, self.context)

    def _branching(self) -> str:
        lax = self.context.spell("jax.lax")
        branches = []
        for arm in range(len(self.tests) + 1):
            values = [_argument(self.slots[slot][arm], self.context) for slot in range(len(self.slots))]
            body = values[0] if len(values) == 1 else f"({', '.join(values)})"
            branches.append(f"lambda: {body}")
        if self.form == "cond":
            predicate = scalar_predicate(self.context, self.tests[0], self._test(0))
            return f"{lax}.cond({predicate}, {branches[0]}, {branches[1]})"
        return f"{lax}.switch({self._dispatch_index()}, [{', '.join(branches)}])"


class _LayoutParentheses(cst.CSTTransformer):
    """Drops parentheses that only laid an expression out over lines or wrapped a single atom
    (`if (\n    a < (limit)\n):`), which read oddly once the test is an argument on one line."""

    def leave_Name(self, original, updated):
        return updated.with_changes(lpar=[], rpar=[])

    leave_Subscript = leave_Call = leave_Integer = leave_Float = leave_Name

    def leave_Attribute(self, original, updated):
        if isinstance(updated.value, (cst.Integer, cst.Float)):  # `(1).real` needs them
            updated = updated.with_changes(value=updated.value.with_changes(lpar=[cst.LeftParen()],
                                                                            rpar=[cst.RightParen()]))
        return self.leave_Name(original, updated)

    def on_leave(self, original, updated):
        updated = super().on_leave(original, updated)
        if isinstance(updated, cst.BaseExpression) and getattr(updated, "lpar", None):
            if any(isinstance(p.whitespace_after, cst.ParenthesizedWhitespace) for p in updated.lpar):
                return updated.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return updated


def one_line_test(test: cst.BaseExpression, context) -> str:
    """The code of `test` on one line, without the parentheses that only laid it out."""
    tidied = test.visit(_LayoutParentheses())
    if isinstance(tidied, cst.BaseExpression) and getattr(tidied, "lpar", None):
        tidied = tidied.with_changes(lpar=[], rpar=[])
    text = context.code(tidied).strip()
    return " ".join(text.split()) if "\n" in text and "#" not in text else text


class _Masker(cst.CSTTransformer):
    def __init__(self, placeholders: dict[int, str], mask) -> None:
        super().__init__()
        self.placeholders = placeholders
        self.mask = mask

    def on_leave(self, original_node, updated_node):
        placeholder = self.placeholders.get(id(original_node))
        if placeholder is None:
            return updated_node
        return self.mask(updated_node, placeholder)


_NAN_TESTS = frozenset({"isnan", "isinf", "isfinite", "isposinf", "isneginf", "nan_to_num"})


def _tests_for_nan(test: cst.BaseExpression, context) -> bool:
    """Whether the condition checks for inf/NaN (`jnp.isnan(loss)`, `jnp.isfinite(g).all()`)."""
    for node in walk(test):
        if isinstance(node, cst.Call):
            qualified = context.qualified_name(node.func) or ""
            if qualified.startswith(_PURE_NAMESPACES) and qualified.rpartition(".")[2] in _NAN_TESTS:
                return True
    return False


def never_an_array(node: cst.BaseExpression, context) -> bool:
    """`None`, a string, a function or a member of an enum of the module (`MotionType.ROT`):
    what neither `jnp.where` nor a `lax` branch can give."""
    if isinstance(node, cst.Name):
        return node.value == "None"
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        return context.analysis.index.is_enum(node.value.value)
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Lambda))


_TREE_READERS = {"jax.tree.map": 1, "jax.tree_util.tree_map": 1, "jax.tree.leaves": 0, "jax.tree_util.tree_leaves": 0,
                 "jax.tree.flatten": 0, "jax.tree_util.tree_flatten": 0, "jax.tree.reduce": 1,
                 "jax.tree_util.tree_reduce": 1}
_COPIES = frozenset({"copy.deepcopy", "copy.copy"})


def used_as_pytree(operand: cst.BaseExpression, context) -> bool:
    """`q` that the function hands to `jax.tree_util.tree_map(f, q, ...)` (or `tree_leaves`...) as
    a tree or binds to what `tree_map` returns, or a copy of one (`old_q = deepcopy(q)`): a list or
    dict of arrays, most likely, which `jnp.where` would try to stack into one array."""
    function = context.function
    if not isinstance(operand, cst.Name) or function is None:
        return False
    names = {operand.value}
    earlier = value_before(context, operand.value)
    if isinstance(earlier, cst.Call) and context.qualified_name(earlier.func) in _COPIES and earlier.args:
        earlier = earlier.args[0].value
    if isinstance(earlier, cst.Name):
        names.add(earlier.value)
    for node in walk(function):
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Call) and any(
                isinstance(t.target, cst.Name) and t.target.value in names for t in node.targets) \
                and context.qualified_name(node.value.func) in _TREE_BUILDERS:
            return True  # `p = jax.tree_util.tree_map(...)`: a tree like the one mapped
        if isinstance(node, cst.Call):
            first_tree = _TREE_READERS.get(context.qualified_name(node.func) or "")
            if first_tree is not None and any(isinstance(arg.value, cst.Name) and arg.value.value in names
                                              for arg in node.args[first_tree:] if not arg.keyword):
                return True
    return False


def _is_comparison(test: cst.BaseExpression) -> bool:
    """`a > b`, `x == 0`: a boolean, whatever the operands (not `is`/`in`, which give Python bools)."""
    return isinstance(test, cst.Comparison) and not any(
        isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in test.comparisons)


def value_before(context, name: str) -> cst.BaseExpression | None:
    """The value of the last `name = value` before the statement being visited, in its block."""
    ancestors = context.ancestors
    for position in range(len(ancestors) - 1, 0, -1):
        block, statement = ancestors[position - 1], ancestors[position]
        if isinstance(block, cst.IndentedBlock) and isinstance(statement, cst.BaseStatement):
            break
    else:
        return None
    earlier = list(block.body)[: next(i for i, s in enumerate(block.body) if s is statement)]
    for statement in reversed(earlier):
        if not isinstance(statement, cst.SimpleStatementLine):
            if name in set(names_read(statement)):
                return None  # bound or used in a compound statement: too far to follow
            continue
        for small in reversed(statement.body):
            if isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets
            ):
                return small.value
            if isinstance(small, (cst.AugAssign, cst.AnnAssign)) and name in set(names_read(small.target)):
                return None
    return None


def _topological(before: dict[int, set[int]]) -> list[int] | None:
    """The keys ordered so that each comes after those in its set (ties: smallest first)."""
    order: list[int] = []
    waiting = dict(before)
    while waiting:
        ready = [key for key, needs in waiting.items() if not needs - set(order)]
        if not ready:
            return None
        order.append(min(ready))
        del waiting[order[-1]]
    return order


def _argument(expression: cst.BaseExpression, context) -> str:
    text = context.code(expression).strip()
    if isinstance(expression, cst.Tuple) and not expression.lpar:
        return f"({text})"
    return text


def walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`node` and everything under it."""
    yield node
    for child in node.children:
        yield from walk(child)


def loses_comments(node: cst.CSTNode, kept: Sequence[cst.CSTNode]) -> bool:
    """Whether `node` holds comments outside the parts of it (`kept`) that a rewrite copies."""
    inside = {id(comment) for part in kept for comment in walk(part) if isinstance(comment, cst.Comment)}
    return any(isinstance(part, cst.Comment) and id(part) not in inside for part in walk(node))


# --- runtime checks -----------------------------------------------------------------------------


class RuntimeCheck(NamedTuple):
    """Statements that raise at run time, under tracing, where Python raised while tracing."""

    lines: tuple[str, ...]  # each one statement (a `def` spans several lines)
    title: str
    note: str


def runtime_check(context, condition: cst.BaseExpression, fails_when: bool, message: cst.BaseExpression | None,
                  replaces: str, replaced: cst.CSTNode | None) -> RuntimeCheck:
    """A check that fails when `condition` is `fails_when` (`assert c`: False; `if c: raise`:
    True), callable as before under plain `jax.jit`: a `jax.debug.callback` that raises on the
    host, or `x = eqx.error_if(x, ...)` in a module that imports Equinox.

    `message` is the original message (None: the condition's source); `replaces` names what the
    check stands for in the note ("`assert`", "`raise`"); `replaced` is the statement the check
    takes the place of (its host function's name is reserved for it). Raises Refused for a
    computed message.
    """
    from tracerfix.loops.conditions import condition as array_condition

    # `a != 0 and a != 1`: the host receives one boolean array, so `and`/`or`/`not` become `&`...
    condition = array_condition(condition, context, context.spell("jax.numpy"))
    text = " ".join(context.code(condition).split())
    formatted = _formatted_message(message, context)
    if "equinox" in context.imports.aliases.values() and formatted is None:
        carrier = _carrier(condition, context)
        if carrier is not None:
            failing = text if fails_when else _negation(condition, text, context)
            return RuntimeCheck(
                (f"{carrier} = {context.spell('equinox')}.error_if({carrier}, {failing}, {_message(message, text)})",),
                "Replace with `eqx.error_if(...)`",
                f"eqx.error_if raises only where the returned `{carrier}` is used afterwards; unlike "
                f"{replaces}, it raises Equinox's own error" + _optimized_note(replaces),
            )
    callback = context.spell("jax.debug.callback")
    # An f-string message is formatted on the host, from the values it names, passed along.
    literal, shown = formatted if formatted is not None else (_message(message, text), [])
    extra = "".join(f", {name}" for name in shown)
    if fails_when:
        name = context.helper_name("raise_if", replaced)
        host = f"def {name}(failed{extra}):\n    if failed:\n        raise RuntimeError({literal})"
    else:
        name = context.helper_name("assert_holds", replaced)
        host = f"def {name}(holds{extra}):\n    assert holds, {literal}"
    return RuntimeCheck(
        (host, f"{callback}({name}, {text}{extra})"),
        "Replace with a `jax.debug.callback` that raises",
        "the check runs on the host when the compiled function runs (callers keep calling it as "
        "before); under jax.jit its error reaches the caller as a JaxRuntimeError that quotes the "
        "message, and the check is not differentiated",
    )


def _optimized_note(replaces: str) -> str:
    return ", and it also runs under `python -O`" if replaces == "`assert`" else ""


def _negation(condition: cst.BaseExpression, text: str, context) -> str:
    if is_boolean(condition, context):
        return f"~{text}" if isinstance(condition, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) else f"~({text})"
    return f"{context.spell('jax.numpy')}.logical_not({text})"


def _carrier(condition: cst.BaseExpression, context) -> str | None:
    """A traced local the error can ride on: the first one the condition reads."""
    for name in names_read(condition):
        value = context.env.get(name)
        if value is not None and value.trace == TRACED and not value.container:
            return name
    return None


def _formatted_message(message: cst.BaseExpression | None, context) -> tuple[str, list[str]] | None:
    """A message built from values (`f"got {x}"`, `"iter %s" % cnt`, `"x={}".format(x)`): its
    text, computed on the host by the check's function, and the local names it reads there, which
    the host function receives as arguments (a lowered loop may carry any number as a tracer; a
    string, function or object the closure gives as it is). None for a plain string."""
    if message is None or _plain_string(message):
        return None
    if any(isinstance(n, (cst.Lambda, cst.NamedExpr, cst.Await, cst.Yield)) for n in walk(message)):
        raise Refused("its message defines or binds values, which the check's host function cannot repeat")
    if any(isinstance(n, cst.Call) and (context.qualified_name(n.func) or "").startswith(known.ARRAY_NAMESPACES)
           and not (context.qualified_name(n.func) or "").startswith("numpy.") for n in walk(message)):
        # A JAX computation inside a host callback may deadlock the runtime; NumPy would do there.
        raise Refused("its message computes values with JAX, which a check running on the host should not "
                      "call: compute them with NumPy or format the message from names only (`f\"got {x}\"`)")
    names: list[str] = []
    for name in names_read(message):
        value = context.env.get(name)
        if value is not None and name not in names and (value.trace != STATIC or is_plain_data(value)):
            names.append(name)
    return cst.Module([]).code_for_node(message).strip(), names


def _one_literal(node: cst.BaseExpression) -> str | None:
    """Adjacent literals of one kind of quote as the one literal they make; None otherwise."""
    parts = []
    while isinstance(node, cst.ConcatenatedString):
        parts.append(node.right)
        node = node.left
    parts.append(node)
    parts.reverse()
    if len(parts) < 2 or len({(p.prefix.lower(), p.quote) for p in parts}) != 1 or len(parts[0].quote) != 1:
        return None
    return f"{parts[0].prefix}{parts[0].quote}{''.join(p.raw_value for p in parts)}{parts[0].quote}"


def _plain_string(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.ConcatenatedString):
        return _plain_string(node.left) and _plain_string(node.right)
    return isinstance(node, cst.SimpleString) and "b" not in node.prefix.lower()


def _message(message: cst.BaseExpression | None, condition_text: str) -> str:
    """The message as a string literal."""
    if message is None:
        escaped = condition_text.replace("\\", "\\\\").replace('"', '\\"')
        literal = f'"{escaped}"'
    elif _plain_string(message):
        # `"should be < 0 " "if increasing"`: adjacent literals are one string, written as it was.
        literal = _one_literal(message) or cst.Module([]).code_for_node(message).strip()
    else:
        raise Refused("its message is computed, and a check's message must be a plain string")
    return literal


# --- statements ---------------------------------------------------------------------------------


def header_comment(node: cst.BaseStatement) -> cst.TrailingWhitespace | None:
    """The comment after `if test:`, which stays on the first rewritten line."""
    body = getattr(node, "body", None)
    if isinstance(body, cst.IndentedBlock) and body.header.comment is not None:
        return body.header
    return None


def statements_replacing(
    node: cst.BaseStatement, lines: Sequence[str], context, removed: Sequence[cst.CSTNode] = (), in_place: bool = True
) -> list[cst.BaseStatement]:
    """`lines` parsed as statements that take the place of `node` and of the `removed` statements.

    The comments of the replaced code move above the new statements. With `in_place` the blank
    lines and comments before `node` stay before the first new line and the comment of the `if`
    line stays at its end; otherwise (an `elif` becoming an `else:` block) the caller keeps them.
    """
    header = header_comment(node)
    skip = {id(line) for line in node.leading_lines}
    if header is not None:
        skip.add(id(header))
    comments = _comments(node, skip) + [c for statement in removed for c in _comments(statement, set())]
    # The same comment on several lines of the replaced code (a marker on each `elif`) is kept once.
    seen = {header.comment.value} if in_place and header is not None and header.comment else set()
    distinct = []
    for comment in comments:
        if comment.value not in seen:
            seen.add(comment.value)
            distinct.append(comment)
    comments = distinct
    depth = sum(isinstance(ancestor, cst.IndentedBlock) for ancestor in context.ancestors) + (not in_place)
    statements = [_fitted(context.parse_statement(line + "\n"), context, depth) for line in lines]
    moved = [cst.EmptyLine(comment=comment) for comment in comments]
    leading = [*(node.leading_lines if in_place else ()), *moved]
    if isinstance(statements[0], cst.FunctionDef) and not leading and in_place and not opens_block(node, context):
        leading = [cst.EmptyLine(indent=False)]  # a helper defined mid-block stands apart, as PEP 8 has it
    first = statements[0].with_changes(leading_lines=leading)
    if in_place and header is not None and isinstance(first, cst.SimpleStatementLine):
        first = first.with_changes(trailing_whitespace=header)
    statements[0] = first
    for position in range(1, len(statements)):
        if isinstance(statements[position - 1], cst.FunctionDef) and not statements[position].leading_lines:
            statements[position] = statements[position].with_changes(leading_lines=[cst.EmptyLine(indent=False)])
    return statements


def opens_block(node: cst.CSTNode, context) -> bool:
    """`node` is the first statement of its block: a helper defined there needs no blank line
    above it (`def f(x):` right above `def _when_...`)."""
    ancestors = context.ancestors
    position = ancestors.index(node) if node in ancestors else len(ancestors)
    block = next((a for a in reversed(ancestors[:position]) if isinstance(a, cst.IndentedBlock)), None)
    return block is not None and bool(block.body) and block.body[0] is node


LINE_LENGTH = 88  # black's default: where a generated call breaks its arguments over lines


def _fitted(statement: cst.BaseStatement, context, depth: int) -> cst.BaseStatement:
    """`statement`, with the arguments of its call one per line when it is too long for one; in
    a compound statement (a branch function, a loop), each statement of its body so."""
    if isinstance(statement, cst.BaseCompoundStatement):
        return _fitted_blocks(statement, context, depth)
    indent = context.module.default_indent
    if len(indent) * depth + len(context.code(statement.with_changes(leading_lines=())).rstrip()) <= LINE_LENGTH:
        return statement
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return statement
    small = statement.body[0]
    call = getattr(small, "value", None)
    if not isinstance(call, cst.Call) or not call.args or isinstance(call.whitespace_before_args, cst.ParenthesizedWhitespace) \
            or "\n" in context.code(call.args[0].value):
        # Not a call, or one laid out over lines already (`warn(\n    "..."\n)`, a multi-line
        # `lambda: logger.info(...)` first): one argument per line would break that layout.
        return statement

    def line_break(extra: str) -> cst.ParenthesizedWhitespace:
        return cst.ParenthesizedWhitespace(indent=True, last_line=cst.SimpleWhitespace(extra))

    last = len(call.args) - 1
    texts = [context.code(arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)).strip() for arg in call.args]
    if len(indent) * (depth + 1) + len(", ".join(texts)) <= LINE_LENGTH:
        # black's first choice: the arguments together on one line of their own.
        args = [arg.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                if i < last else arg.with_changes(comma=cst.MaybeSentinel.DEFAULT, whitespace_after_arg=line_break(""))
                for i, arg in enumerate(call.args)]
    else:
        args = [
            arg.with_changes(comma=cst.Comma(whitespace_after=line_break(indent if i < last else "")))
            for i, arg in enumerate(call.args)
        ]
    wrapped = call.with_changes(whitespace_before_args=line_break(indent), args=args)
    return statement.with_changes(body=[small.with_changes(value=wrapped)])


def _fitted_blocks(statement: cst.BaseCompoundStatement, context, depth: int) -> cst.BaseCompoundStatement:
    changes = {}
    body = statement.body
    if isinstance(body, cst.IndentedBlock):
        changes["body"] = body.with_changes(body=[_fitted(inner, context, depth + 1) for inner in body.body])
    orelse = getattr(statement, "orelse", None)
    if isinstance(orelse, cst.If):  # an `elif`: at the `if`'s depth
        changes["orelse"] = _fitted_blocks(orelse, context, depth)
    elif isinstance(orelse, cst.Else) and isinstance(orelse.body, cst.IndentedBlock):
        changes["orelse"] = orelse.with_changes(body=orelse.body.with_changes(
            body=[_fitted(inner, context, depth + 1) for inner in orelse.body.body]))
    return statement.with_changes(**changes) if changes else statement


def _comments(node: cst.CSTNode, skip: set[int]) -> list[cst.Comment]:
    """Comments of statements under `node`; those inside expressions travel with the code."""
    if isinstance(node, cst.Comment):
        return [node]
    if isinstance(node, cst.BaseExpression):
        return []
    found = []
    for child in node.children:
        if id(child) not in skip:
            found.extend(_comments(child, skip))
    return found


# --- print -> jax.debug.print ------------------------------------------------------------------


def debug_print_text(node: cst.Call, context) -> str | None:
    """`print(...)` as the `jax.debug.print(...)` call that prints the same text when the compiled
    function runs; None when it cannot (`file=`, `end=""`, `*args`, a value that is neither an
    array nor a Python value). Shared by TFX502 and the lowering of print-only branches."""
    separator = " "
    for arg in node.args:
        if arg.star:
            return None
        if arg.keyword is None:
            continue
        text = _string_value(arg.value)
        if arg.keyword.value == "sep" and text is not None:
            separator = text
        elif not (arg.keyword.value == "end" and text == "\n"):
            return None  # file=, flush=, end="": jax.debug.print cannot do these
    printed = [arg.value for arg in node.args if arg.keyword is None]
    labelled = not any(is_text(value) or _printf(value) is not None for value in printed)
    pieces: list[str] = []
    values: list[str] = []
    for value in printed:
        piece = _print_piece(value, labelled, values, context)
        if piece is None:
            return None
        pieces.append(piece)
    arguments = ", ".join([json.dumps(_escape(separator).join(pieces), ensure_ascii=False), *values])
    return f"{context.spell('jax')}.debug.print({arguments})"


def _print_piece(value: cst.BaseExpression, labelled: bool, values: list[str], context) -> str | None:
    """The format-string text for one printed value (appending the arguments it needs)."""
    text = _string_value(value)
    if text is not None:
        return _escape(text)
    if isinstance(value, cst.FormattedString):
        return _formatted_piece(value, values, context)
    if isinstance(value, cst.ConcatenatedString):  # f"..." f"...", one string written on two lines
        left = _print_piece(value.left, False, values, context)
        right = _print_piece(value.right, False, values, context) if left is not None else None
        return None if right is None else left + right
    printf = _printf(value)
    if printf is not None:
        return _printf_piece(*printf, values, context)
    if _builds_text(value):
        return None  # `f"{cnt:3d}" % lapsed`, `"x={}".format(x)`: formatting a tracer needs its value
    if not _printable(value, context):
        return None
    values.append(context.code(value).strip())
    return f"{_escape(context.describe(value))} = {{}}" if labelled else "{}"


def _formatted_piece(value: cst.FormattedString, values: list[str], context) -> str | None:
    plain_start = value.start.replace("f", "").replace("F", "")
    text = ""
    for part in value.parts:
        if isinstance(part, cst.FormattedStringText):
            # Braces in f-string text are already doubled, as a format string wants them.
            text += pyast.literal_eval(plain_start + part.value + value.end)
            continue
        if not _printable(part.expression, context):
            return None
        spec = ""
        if part.format_spec is not None:
            if not all(isinstance(p, cst.FormattedStringText) for p in part.format_spec):
                return None
            spec = ":" + "".join(p.value for p in part.format_spec)
        conversion = f"!{part.conversion}" if part.conversion else ""
        if part.equal is not None:  # f"{x = }" shows its own source before the value
            label = (
                part.whitespace_before_expression.value + context.code(part.expression)
                + part.whitespace_after_expression.value + context.code(part.equal)
            )
            text += _escape(label)
            conversion = conversion or ("" if spec else "!r")
        text += "{" + conversion + spec + "}"
        values.append(context.code(part.expression).strip())
    return text


def _builds_text(value: cst.BaseExpression) -> bool:
    """A string computed by formatting: `template % values`, `"...".format(...)`, `str(x)`."""
    if isinstance(value, cst.BinaryOperation):
        return isinstance(value.operator, (cst.Modulo, cst.Add)) and (is_text(value.left) or _builds_text(value.left))
    return isinstance(value, cst.Call) and (
        isinstance(value.func, cst.Attribute) and value.func.attr.value == "format" and is_text(value.func.value)
        or isinstance(value.func, cst.Name) and value.func.value in ("str", "repr", "format"))


def _printf(value: cst.BaseExpression) -> tuple[str, list[cst.BaseExpression]] | None:
    """`"alpha = %f" % alpha`, `"[%f, %f]" % (lo, hi)`: the format and the values it formats."""
    if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Modulo)):
        return None
    template = _string_value(value.left)
    if template is None:
        return None
    right = value.right.with_changes(lpar=(), rpar=()) if not isinstance(value.right, cst.Tuple) else value.right
    if isinstance(right, cst.Tuple):
        return template, [element.value for element in right.elements]
    return template, [right]


_PRINTF_FIELD = re.compile(r"%(?P<flags>[-+ 0#]*)(?P<width>\d*)(?:\.(?P<precision>\d+))?[hlL]?(?P<kind>[diouxXeEfFgGcrsa%])")


def _printf_piece(template: str, operands: list[cst.BaseExpression], values: list[str], context) -> str | None:
    """A printf-style format as a `str.format` one: `%5.2f` is `{:5.2f}`, `%s` and `%d` `{}`
    (a traced value prints as its array), `%r` `{!r}`."""
    text, position, used = "", 0, 0
    for field in _PRINTF_FIELD.finditer(template):
        text += _escape(template[position:field.start()])
        position = field.end()
        kind = field["kind"]
        if kind == "%":
            text += "%"
            continue
        if used >= len(operands) or not _printable(operands[used], context):
            return None
        values.append(context.code(operands[used]).strip())
        used += 1
        if kind in "eEfFgGxXo":
            flags = field["flags"].replace("-", "<")
            precision = f".{field['precision']}" if field["precision"] else ""
            text += "{:" + flags + field["width"] + precision + kind + "}"
        else:
            text += "{!r}" if kind == "r" else "{}"
    if "%" in template[position:] or used != len(operands):
        return None  # `%(name)s`, `%*d`, or operands left over: not a format this reads
    return text + _escape(template[position:])


def _printable(expression: cst.BaseExpression, context) -> bool:
    """Values jax.debug.print can take: arrays and static Python values (not unknown objects),
    and parameters whose default is a number (`max_iter=10_000`: a number or an array)."""
    if context.value(expression).trace in (TRACED, STATIC):
        return True
    function = context.function
    if not isinstance(expression, cst.Name) or not isinstance(function, cst.FunctionDef):
        return False
    params = function.params
    return any(param.name.value == expression.value and param.default is not None and is_literal_number(param.default)
               for param in (*params.posonly_params, *params.params, *params.kwonly_params))


def is_text(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.FormattedString, cst.SimpleString, cst.ConcatenatedString))


def _string_value(value: cst.BaseExpression) -> str | None:
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
        evaluated = value.evaluated_value
        return evaluated if isinstance(evaluated, str) else None
    return None


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def fresh_name(base: str, context, given: set[str]) -> str:
    """`base`, or `base_2`...: a name the function does not use yet (nor a fix handed out in it)."""
    taken = set(names_read(context.function)) | given
    name, number = base, 1
    while name in taken:
        number += 1
        name = f"{base}_{number}"
    given.add(name)
    return name


_OPERATORS = {">=": "ge", "<=": "le", "==": "eq", "!=": "ne", ">": "gt", "<": "lt"}
_NOISE = {"jnp", "np", "jax", "lax", "numpy", "self", "astype"}


def slug(test: str) -> str:
    """A few words of identifier naming what the test `test` says (`x_i_negative`)."""
    tokens = re.findall(r"[A-Za-z_][A-Za-z0-9_]*|\d+|>=|<=|==|!=|>|<", test)
    words = []
    for token in tokens:
        word = _OPERATORS.get(token, token)
        if word in _NOISE or word in ("not", "and", "or", "is", "None", "True", "False") and word != "not":
            if word == "not":
                words.append(word)
            continue
        words.append(word.lower().strip("_"))
    text = "_".join(w for w in words if w)
    text = re.sub(r"_gt_0$", "_positive", text)
    text = re.sub(r"_lt_0$", "_negative", text)
    parts = text.split("_")
    return "_".join(parts[:6]) or "condition"


def name_for_test(test: str) -> str:
    """A variable name for the value of the test `test`."""
    words = [word for word in slug(re.sub(r"\b(\d+)\.0*\b", r"\1", test)).split("_") if word not in ("random", "linalg")]
    name = "_".join(words[:5])
    return name if name.isidentifier() and not keyword.iskeyword(name) else "condition"


# --- a `lax` loop's starting state ----------------------------------------------------------------

_NUMBER = re.compile(r"-?(?:\d[\d_]*\.?\d*(?:[eE][-+]?\d+)?|\.\d+|(?:jnp|np|math)\.inf)")
_ELEMENTWISE_CALLS = frozenset({"abs", "absolute", "square", "sqrt", "exp", "log", "log1p", "expm1", "negative",
                                "maximum", "minimum", "where", "sign", "tanh", "sin", "cos", "fabs"})


def shaped_start(name: str, function, loop, assignments: list[tuple[str, str]], carried: list[str],
                 jnp: str, module=None) -> tuple[str, str]:
    """What a `lax` loop starts the carried `name` with, and a note when that is not `name`.

    Where `name` starts as a number (`error = 100`) that the body (`assignments`: its top-level
    `target = value` statements, in order) replaces by an elementwise function of arrays the loop
    carries (`error = jnp.abs(beta_new - beta)`), it starts as that number in their shape,
    `jnp.full_like(beta, 100)`: a `lax` loop carries one shape, which Python's number did not have."""
    start = assigned_before(function, loop, name)
    if start is None:
        return name, ""
    made_float = integer_start_made_float(name, function, loop, module)
    if _NUMBER.fullmatch(start) is None:
        # `theta = jnp.array([1, 1])` made float by the loop; an argument is left as it is given.
        return made_float if made_float and _integer_array(start) else (name, "")
    # `beta = beta_new` in the body: `beta_new` has the carried `beta`'s shape.
    like = {other: other for other in carried if other != name}
    for target, value in assignments:
        if target in like and value.isidentifier() and value != name:
            like.setdefault(value, target)
    updates = [value for target, value in assignments if target == name]
    operands = _elementwise_operands(updates[0]) if len(updates) == 1 else None
    if not operands or name in operands or any(operand not in like for operand in operands):
        return made_float or (name, "")
    shape_of = like[sorted(operands)[0]]
    replacement = f"{jnp}.full_like({shape_of}, {start})"
    return replacement, (f"`{name}` starts as the number {start} and becomes an array of `{shape_of}`'s shape in "
                         f"the loop, which carries one shape: it starts as `{replacement}` (where the loop never "
                         "runs, it is that array, not the number)")


def refuse_numbers_made_unknown_arrays(context, function, loop, carried: list[str],
                                       assignments: list[tuple[str, str]]) -> None:
    """Refuse where a carried name starts as a number (`beta_min = -jnp.inf`) and the loop body
    (`assignments`: the target and value texts of each of its assignments) gives it what a
    helper returns (`beta, beta_min, beta_max = update_beta(...)`) of a shape the code does not
    show: the `lax` loop carries one shape, and a shape-(1,) result is refused where Python took
    the number, then the array."""
    for target, value in assignments:
        try:
            targets = pyast.parse(target, mode="eval").body
            expression = context.parse_expression(value)
        except Exception:  # noqa: BLE001 - text the analysis could not read
            continue
        names = [targets] if isinstance(targets, ast.Name) else list(targets.elts) \
            if isinstance(targets, (ast.Tuple, ast.List)) else []
        for position, element in enumerate(names):
            if not isinstance(element, ast.Name) or element.id not in carried:
                continue
            start = assigned_before(function, loop, element.id)
            if start is None or _NUMBER.fullmatch(start) is None:
                continue
            if _returns_unknown_shape(expression, position if len(names) > 1 else None, context):
                raise Refused(f"`{element.id}` starts as the number {start} and the loop gives it what `{value}` "
                              "returns, whose shape tracerfix cannot see (a `lax` loop carries one shape and "
                              f"dtype); start it as an array of that shape (`{element.id} = jnp.full(shape, {start})`)")


def _returns_unknown_shape(value: cst.BaseExpression, position: int | None, context) -> bool:
    """Whether `value`, a call of a helper of the project unpacked at `position` (None: not
    unpacked), may give a value that is not 0-d there; other expressions: whether they call such
    a helper (`_shape_unknown_call`)."""
    if position is None or not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
        return _shape_unknown_call(value, context)
    helper = context.analysis.index.defined_function(value.func, _scopes_around(context))
    if helper is None:
        return False  # not the project's: JAX's or a parameter's, whose results `lax` checks alike
    for returned in (n.value for n in walk(helper) if isinstance(n, cst.Return)):
        if not isinstance(returned, cst.Tuple) or position >= len(returned.elements) \
                or not certainly_0d(returned.elements[position].value, context):
            return True
    return False


def integer_start_made_float(name: str, function, node, module=None) -> tuple[str, str] | None:
    """`name * 1.0` and a note, when `name` starts as an integer literal before `node` (`t_rest = 0`)
    and the function computes floats into it (`t_rest = t + tau_ref`, `t` a step of a float
    range): a `lax` form carries one dtype, which Python's int-then-float did not have."""
    start = assigned_before(function, node, name)
    if start is None or name not in float_names(function, module):
        return None
    if _INTEGER.fullmatch(start):
        how = f"starts as the integer {start}"
    elif _integer_array(start):
        how = f"starts as an array of integers (`{start}`)"
    elif start.isidentifier() and start in param_names(function) and start not in float_names(function, module):
        how = f"starts as the argument `{start}`, which may be an integer,"  # `old_vol = sig`, called with 1
    else:
        return None
    return f"{name} * 1.0", (f"`{name}` {how} and becomes a float: `lax` carries one dtype, "
                             f"so it enters as `{name} * 1.0`")


_INTEGER = re.compile(r"-?\d+")


def _integer_array(text: str) -> bool:
    """`jnp.array([1, 1]).reshape(2, 1)`, `np.asarray((0, 2))`, `jnp.arange(4)`: an array that
    integer literals make, with no dtype given (an integer dtype, whatever the default)."""
    try:
        node = pyast.parse(text, mode="eval").body
    except SyntaxError:
        return False
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("reshape", "T") \
            and isinstance(node.func.value, ast.Call):
        node = node.func.value  # `.reshape(...)` keeps the dtype
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.keywords
            and isinstance(node.func.value, ast.Name) and node.func.value.id in ("np", "jnp", "numpy", "onp")
            and node.func.attr in ("array", "asarray", "arange") and node.args):
        return False
    leaves = [n for n in ast.walk(node.args[0] if node.func.attr != "arange" else ast.Tuple(node.args))
              if not isinstance(n, (ast.List, ast.Tuple, ast.Load, ast.UnaryOp, ast.USub))]
    return bool(leaves) and all(isinstance(n, ast.Constant) and type(n.value) is int for n in leaves)
# Text that computes a float: a float literal, a true division, a transcendental function...
FLOAT_TEXT = re.compile(
    r"\d\.\d*|\.\d|\d[eE]-?\d|(?<![/])/(?![/])|\b(?:sqrt|exp|expm1|log|log1p|log2|log10|sin|cos|tan|tanh|sinh|"
    r"cosh|arctan2?|arcsin|arccos|mean|std|var|norm|sigmoid|softmax|logsumexp|erf|erfc|linspace|power|float|"
    r"float32|float64|inf|nan|pi)\b"
)
_float_names_cache: dict[tuple[int, int], tuple[object, frozenset[str]]] = {}


def float_names(function, module=None) -> frozenset[str]:
    """The names of `function` that some assignment makes a float, as far as the text tells: a
    float literal, a true division, `sqrt`/`norm`/`exp`..., or a name already known to be one,
    through tuple unpacking, loop targets (`for t in time`) and the returns of helpers local to
    it or defined at the top of `module`."""
    key = (id(function), id(module))
    cached = _float_names_cache.get(key)
    if cached is not None and cached[0] is function:
        return cached[1]
    try:
        tree = pyast.parse(cst.Module([]).code_for_node(function).strip())
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    sources: dict[str, list[ast.AST]] = {}
    returns: dict[str, list[ast.AST]] = {
        name: values for name, values in _module_helper_returns(module).items() if name != getattr(function.name, "value", None)
    } if module is not None else {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            returns[node.name] = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
        targets, value = [], None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets, value = [node.target], node.value
        elif isinstance(node, (ast.For, ast.comprehension)):
            targets, value = [node.target], node.iter
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Name):
                    sources.setdefault(leaf.id, []).append(value)
    floats: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, values in sources.items():
            if name not in floats and any(_is_float_text(v, floats, returns) for v in values):
                floats.add(name)
                changed = True
    result = frozenset(floats)
    _float_names_cache.clear()  # one function at a time is being rewritten
    _float_names_cache[key] = (function, result)
    return result


_helper_returns_cache: dict[int, tuple[object, dict[str, list[ast.AST]]]] = {}


def _module_helper_returns(module) -> dict[str, list[ast.AST]]:
    """{name: returned expressions} of the module's top-level functions, parsed once per module
    (every function the fix path asks `float_names` about reads them)."""
    cached = _helper_returns_cache.get(id(module))
    if cached is not None and cached[0] is module:
        return cached[1]
    returns: dict[str, list[ast.AST]] = {}
    for helper in module.body:
        if isinstance(helper, cst.FunctionDef):
            try:
                parsed = pyast.parse(cst.Module([]).code_for_node(helper).strip()).body[0]
            except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError):
                continue
            returns[parsed.name] = [r.value for r in ast.walk(parsed) if isinstance(r, ast.Return) and r.value]
    _helper_returns_cache.clear()  # one module at a time is being rewritten
    _helper_returns_cache[id(module)] = (module, returns)
    return returns


def _is_float_text(value: ast.AST, floats: set[str], returns: dict[str, list[ast.AST]]) -> bool:
    if FLOAT_TEXT.search(ast.unparse(value)):
        return True
    for node in ast.walk(value):
        if isinstance(node, ast.Name) and node.id in floats:
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in returns:
            if any(FLOAT_TEXT.search(ast.unparse(r)) for r in returns[node.func.id]):
                return True
    return False


def number_start(function, loop, name: str) -> str | None:
    """The number `name` is last set to before `loop` (`cif = 0.0`), else None."""
    start = assigned_before(function, loop, name)
    return start if start is not None and _NUMBER.fullmatch(start) else None


def assigned_before(function, loop, name: str) -> str | None:
    """The text of the value of the last `name = value` written before `loop` in `function`."""
    if loop is None or not isinstance(function, cst.FunctionDef):
        return None
    return _assignments_before(function, loop).get(name)


def _assignments_before(function, loop) -> dict[str, str]:
    """Each name's last `name = value` text written before `loop` in `function`, found in one walk
    and kept with the function (the lowering asks for each carried name of each loop)."""
    known = _remembered("before", function, lambda function: {})
    found = known.get(id(loop))
    if found is not None and found[0] is loop:
        return found[1]
    values: dict[str, str] = {}
    pending = list(reversed(function.body.children))
    reached = False
    while pending:
        node = pending.pop()
        if node is loop:
            reached = True
            break
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.BaseExpression)):
            continue
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            values[node.targets[0].target.value] = cst.Module([]).code_for_node(node.value).strip()
        pending.extend(reversed(node.children))
    result = values if reached else {}
    known[id(loop)] = (loop, result)
    return result


def _elementwise_operands(expression: str) -> set[str] | None:
    """The names `expression` computes on, when it applies elementwise operations only
    (arithmetic and `jnp.abs`-like calls); None otherwise."""
    try:
        tree = pyast.parse(expression, mode="eval")
    except SyntaxError:
        return None
    functions: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            leaf = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            if leaf not in _ELEMENTWISE_CALLS or node.keywords:
                return None
            functions |= {id(inner) for inner in ast.walk(func)}
        elif isinstance(node, (ast.Subscript, ast.Compare, ast.BoolOp, ast.IfExp, ast.Lambda, ast.Starred,
                               ast.Attribute)) and id(node) not in functions:
            return None
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and id(node) not in functions}


def passed_functions(condition: str, body: list[str], state: list[str]) -> tuple[str, str] | None:
    """(f, g) when a loop over the one name `state` tests `f(state)` and its body (the lines of
    its statements) is only `state = g(state)`: `lax.while_loop(f, g, state)` needs no wrappers."""
    name = state[0] if len(state) == 1 else None
    lines = [line.strip() for text in body for line in text.splitlines() if line.strip()]
    if name is None or len(lines) != 1:
        return None
    test = re.fullmatch(rf"(\w+)\({re.escape(name)}\)", condition)
    update = re.fullmatch(rf"{re.escape(name)}\s*=\s*(\w+)\({re.escape(name)}\)", lines[0])
    if test is None or update is None or name in (test.group(1), update.group(1)):
        return None
    return test.group(1), update.group(1)
