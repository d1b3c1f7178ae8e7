"""Marking a parameter of a jitted function static: when that is the right fix, and the edit.

The edit keeps the form the code already uses:

- `@jax.jit` / `@jit` becomes `@partial(jax.jit, static_argnames=("axis",))`. We write `partial`
  rather than `@jax.jit(static_argnames=...)` because the decorator-call form needs JAX >= 0.8.1,
  while `partial` works with every JAX version we support and is the form JAX's own error pages
  show;
- `@partial(jax.jit, ...)`, `@jax.jit(...)` and `g = jax.jit(f, ...)` get the name added to the
  `static_argnames` they already have, or the position added to `static_argnums` when that is
  all they have (JAX stops inferring one from the other once both are given).

The fix is offered only when the value is the parameter itself (or a helper's parameter that
every call fills with a parameter of one jitted function, through closures too; not a value
computed from it), every way the function is transformed is `jax.jit`, nothing else in the
function uses the parameter as an array, no traced caller passes it a traced value, and no call in
the module passes it an array (`f(x, jnp.ceil(t / dt))`): JAX refuses unhashable static
arguments, so such a fix would break every existing call. `argument_kind` classifies what a call
passes; verification uses it too, to prove the fix on the calls the project shows.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.scopes import JitSite, _annotation_is_array, is_staticmethod, param_names
from tracerfix.analysis.imports import dotted_name
from tracerfix.analysis.syntax import descendants
from tracerfix.analysis.values import STATIC, TRACED
from tracerfix.bindings import is_rebound, positional_parameter_names, reads
from tracerfix.concrete_arguments import is_concrete_slot, slots_for_function
from tracerfix.rewrite import appended_keyword
from tracerfix.rule import Fix, Safety

JIT = "jax.jit"


def safety_note(names: Sequence[str]) -> str:
    listed = ", ".join(f"`{name}`" for name in names)
    return (
        f"JAX compiles the function again for every new value of {listed}, and the value must be "
        "hashable (a Python int, str or tuple, not an array)"
    )


def direct_parameter(context, expression: cst.BaseExpression) -> str | None:
    """The parameter `expression` names, when it still holds the caller's argument."""
    scope = context.scope
    if scope is None or not isinstance(expression, cst.Name):
        return None
    name = expression.value
    function = scope.node
    params = function.params
    if name not in {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}:
        return None
    if isinstance(function, cst.FunctionDef) and is_rebound(function, name):
        return None
    return name


def _unpacked_from_parameter(context, part: cst.BaseExpression) -> cst.BaseExpression:
    """`n_rows` of `n_rows, n_cols = shape` (bound there only), `shape` a parameter: the
    parameter, which is what would be made static; else `part`."""
    function = context.scope.node if context.scope is not None else None
    if not isinstance(part, cst.Name) or not isinstance(function, cst.FunctionDef):
        return part
    bindings = [node for node in descendants(function.body) if isinstance(node, (cst.AssignTarget, cst.AugAssign,
                                                                                 cst.AnnAssign, cst.For))
                and any(isinstance(n, cst.Name) and n.value == part.value for n in descendants(node.target))]
    if len(bindings) != 1 or not isinstance(bindings[0], cst.AssignTarget) \
            or not isinstance(bindings[0].target, (cst.Tuple, cst.List)):
        return part
    assign = next((node for node in descendants(function.body) if isinstance(node, cst.Assign)
                   and any(target is bindings[0] for target in node.targets)), None)
    if assign is None or not isinstance(assign.value, cst.Name) or direct_parameter(context, assign.value) is None:
        return part
    return assign.value


def _traced_operands(context, part: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`degree + 1`, `2 * n - 1`: Python arithmetic on traced names and constants is static
    when those names are; the traced names. Anything else: `[part]`."""
    if not isinstance(part, (cst.BinaryOperation, cst.UnaryOperation)):
        return [part]
    names = []
    for node in descendants(part):
        if isinstance(node, cst.Name):
            if context.value(node).trace == TRACED:
                names.append(node)
        elif not isinstance(node, (cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float,
                                   cst.BaseBinaryOp, cst.BaseUnaryOp)):
            return [part]
    return names or [part]


def unjitted_calls_fix(context, parts: Sequence[cst.BaseExpression]) -> Fix | None:
    """`jnp.arange(add1(k))` where `add1` is jitted and `k` static: `add1.__wrapped__(k)` calls
    the function itself, whose Python arithmetic on static values stays static, where the jitted
    one gives an array (a tracer, under the caller's trace). None unless every part is such a call."""
    analysis = context.analysis
    edits = []
    for part in parts:
        if not isinstance(part, cst.Call) or not isinstance(part.func, cst.Name):
            return None
        callee = analysis.resolve_call(part, context.function, context.env)
        facts = None if callee is None else analysis.facts.get(id(callee))
        if facts is None or not analysis.gives_arrays(callee) or facts.return_value.trace != STATIC:
            return None
        if any(context.value(arg.value).trace != STATIC for arg in part.args):
            return None
        edits.append((part.func, cst.Attribute(part.func, cst.Name("__wrapped__"))))
    listed = ", ".join(f"`{context.describe(part.func)}`" for part in parts)
    return context.fix(f"Call {listed} without its jit (`.__wrapped__`): on static values it stays static", edits)


def static_argument_fix(
    context, parts: Sequence[cst.BaseExpression], converted: bool = False
) -> tuple[Fix | None, str]:
    """A fix making the traced `parts` static, and what to tell the user when there is none.

    With `converted`, the parts are operands of `int()`/`float()`: a parameter that is read
    anywhere else as well is a value the function computes with, most likely an array, and is
    not made static. The advice is empty when some part is not a parameter of the function being
    walked: the rule knows better what to suggest for a computed value.
    """
    parts = [_unpacked_from_parameter(context, operand) for part in parts for operand in _traced_operands(context, part)]
    names = [direct_parameter(context, part) for part in parts]
    if not names or not all(names):
        fix = unjitted_calls_fix(context, parts)
        if fix is None:
            return None, ""
        return fix, ("a jitted function gives arrays, tracers under a trace, even for static arguments; "
                     "call it without its jit (`.__wrapped__`)")
    names = list(dict.fromkeys(names))
    listed = ", ".join(f"`{name}`" for name in names)
    scope = context.scope
    function = scope.node
    if not scope.jit_sites:
        # A helper's parameter: static where the jitted function it comes from takes it.
        origins = [_origin_parameter(context, function, name, ()) for name in names]
        roots = {id(origin[0]) for origin in origins if origin is not None}
        if None in origins or len(roots) != 1:
            return None, f"make {listed} static where the caller of `{context.function_name}` is jitted"
        function = origins[0][0]
        scope = context.analysis.scope_of(function)
        names = list(dict.fromkeys(origin[1] for origin in origins))
        listed = ", ".join(f"`{name}`" for name in names)
    plan: list[tuple] = []  # (function, scope, names): the reported one, then jitted callers passing them on
    pending = [(function, scope, names)]
    while pending:
        function, scope, names = pending.pop()
        here = ", ".join(f"`{name}`" for name in names)
        if len(plan) > 4:
            return None, f"traced code passes `{context.function_name}` a traced {listed}, so it cannot be made static"
        if scope.differentiated or any(site.transform != JIT for site in scope.jit_sites):
            return None, f"bind {here} with functools.partial before transforming `{_name(function)}`"
        for name in names:
            if _used_as_array(context, function, name):
                return None, f"`{name}` is also used as an array, so it cannot simply be made static"
            for caller, passed in _traced_callers(context, function, name):
                # `fast_polyfit(x, y, degree)` inside the jitted `fast_detrend(data, degree=1)`:
                # static there too, where the caller's caller passes a Python value.
                caller_scope = context.analysis.scope_of(caller)
                forwarded = passed.value if isinstance(passed, cst.Name) else None
                if caller_scope is None or not caller_scope.jit_sites or forwarded is None \
                        or forwarded not in param_names(caller) or is_rebound(caller, forwarded):
                    return None, f"traced code passes `{_name(function)}` a traced `{name}`, so it cannot be made static"
                if not any(entry[0] is caller for entry in plan) and not any(entry[0] is caller for entry in pending):
                    pending.append((caller, caller_scope, [forwarded]))
            if converted and not plan and _read_outside_conversions(function, name, parts):
                return None, ""
            passing = _call_passing_array(context, function, scope, name)
            if passing is not None:
                return None, (f"a call passes `{name}` an array (`{passing}`), and a static argument must be "
                              "hashable, so it cannot be made static")
        plan.append((function, scope, names))
    edits: list[tuple[cst.CSTNode, cst.CSTNode]] = []
    for function, scope, names in plan:
        decorators = []
        for site in scope.jit_sites:
            if site.form == "decorator":
                decorators.append(site.node)
                continue
            updated = _with_static(site, function, names, context)
            if updated is None:
                return None, f"add {listed} to the static arguments of `{_name(function)}`'s jit"
            edits.append((site.call, updated))
        if decorators:
            partial = context.spell("functools.partial")  # only now: spelling records the import
            for decorator in decorators:
                jit = context.code(decorator.decorator).strip()
                expression = context.parse_expression(f"{partial}({jit}, static_argnames={_names_literal(names)})")
                edits.append((decorator, decorator.with_changes(decorator=expression)))
    names = plan[0][2]
    fix = context.fix(f"Mark {listed} static", edits, Safety.UNSAFE, safety_note(names))
    fix.first = True  # other findings in the function may no longer hold once these are static
    return fix, f"mark {listed} static (JAX recompiles for each new value, which must be hashable)"


def _name(function) -> str:
    return function.name.value if isinstance(function, cst.FunctionDef) else "<lambda>"


def _names_literal(names: Sequence[str]) -> str:
    inner = ", ".join(f'"{name}"' for name in names)
    return f"({inner},)" if len(names) == 1 else f"({inner})"


def _with_static(site: JitSite, function, names: Sequence[str], context) -> cst.Call | None:
    call = site.call
    if call is None:
        return None
    positional = positional_parameter_names(function)
    if site.form == "call":
        target = call.args[0].value if call.args and call.args[0].keyword is None else None
        if not isinstance(target, (cst.Name, cst.Attribute, cst.Lambda)):
            return None  # jax.jit(partial(f, ...)): the names would have to be checked through it
        if isinstance(target, cst.Attribute):
            positional = positional[1:]  # jax.jit(self.step): a bound method, `self` is not counted
    keyword_args = {arg.keyword.value: arg for arg in call.args if arg.keyword is not None}
    names_arg = keyword_args.get("static_argnames")
    nums_arg = keyword_args.get("static_argnums")
    replacements: dict[str, cst.BaseExpression] = {}
    if names_arg is not None:
        extended = _extended(names_arg.value, [f'"{name}"' for name in names], cst.SimpleString, context)
        if extended is None:
            return None
        replacements["static_argnames"] = extended
    if nums_arg is not None:
        numbers = [str(positional.index(name)) for name in names if name in positional]
        if len(numbers) < len(names) and names_arg is None:
            return None  # adding names next to numbers would stop JAX inferring the numbers' names
        if numbers:
            extended = _extended(nums_arg.value, numbers, cst.Integer, context)
            if extended is None:
                return None
            replacements["static_argnums"] = extended
    args = [
        arg.with_changes(value=replacements[arg.keyword.value])
        if arg.keyword is not None and arg.keyword.value in replacements
        else arg
        for arg in call.args
    ]
    if names_arg is None and nums_arg is None:
        args = appended_keyword(args, "static_argnames", context.parse_expression(_names_literal(names)))
    return call.with_changes(args=args)


def _extended(value: cst.BaseExpression, additions: list[str], literal: type, context) -> cst.BaseExpression | None:
    """A literal (`1`, `"a"`, `(0, 1)`, `["a"]`) with `additions` appended, or None when the
    value is not a literal we can extend."""
    if isinstance(value, literal):
        items = [context.code(value).strip()]
        opening, closing = "(", ")"
    elif isinstance(value, (cst.Tuple, cst.List)) and all(isinstance(e.value, literal) for e in value.elements):
        items = [context.code(e.value).strip() for e in value.elements]
        opening, closing = ("[", "]") if isinstance(value, cst.List) else ("(", ")")
    else:
        return None
    items += [item for item in additions if item not in items]
    text = ", ".join(items)
    if opening == "(" and len(items) == 1:
        text += ","
    return context.parse_expression(f"{opening}{text}{closing}")


# -- when the fix would be wrong -----------------------------------------------------------------


def _used_as_array(context, function, name: str) -> bool:
    """Whether the function treats `name` as an array somewhere (`n.shape`, `n.sum()`,
    `jnp.sin(n)`, an array annotation): a static argument would then be given an unhashable
    array. `len(n)` and `for v in n` are not signs: static shapes are tuples."""
    params = function.params
    scalar = False  # `nx: int`: passed to `np.where(i < nx, i, nx)` it is a number, not an array
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value == name and _annotation_is_array(param, context.imports):
            return True
        if param.name.value == name and param.annotation is not None \
                and dotted_name(param.annotation.annotation) in known.SCALAR_ANNOTATION_NAMES:
            scalar = True
    for use in reads(function.body, name):
        parent = use.parent
        if isinstance(parent, cst.Attribute) and parent.value is use.node:
            return True
        if not scalar and isinstance(parent, cst.Arg) and len(use.ancestors) >= 2:
            call = use.ancestors[-2]
            if isinstance(call, cst.Call) and _is_array_data_argument(context, call, parent):
                return True
    return False


def _is_array_data_argument(context, call: cst.Call, arg: cst.Arg) -> bool:
    qualified = context.qualified_name(call.func)
    if qualified is None or not qualified.startswith(known.ARRAY_NAMESPACES + ("numpy.",)):
        return False
    return not is_concrete_slot(call, arg.value, slots_for_function(qualified))


def _traced_callers(context, function, name: str) -> list[tuple[cst.CSTNode, cst.BaseExpression | None]]:
    """Traced code of this module calling `function` with a traced value for `name`: each caller
    and the expression it passes (None where the call is not spelled out)."""
    positional = positional_parameter_names(function)
    chain = context.analysis.enclosing(function)
    if chain and isinstance(chain[-1], cst.ClassDef) and not is_staticmethod(function):
        positional = positional[1:]  # self.method(x): x binds the second parameter
    found = []
    for facts in context.analysis.facts.values():
        for record in facts.calls:
            if record.callee is not function:
                continue
            position = 0
            for index, (keyword, value) in enumerate(record.args):
                bound = keyword
                if keyword is None:
                    bound = positional[position] if position < len(positional) else None
                    position += 1
                if bound == name and value.trace != STATIC:
                    found.append((facts.node, _argument_at(facts.node, record.site, index)))
    return found


def _argument_at(caller: cst.CSTNode, site: int, index: int) -> cst.BaseExpression | None:
    call = next((node for node in descendants(caller) if id(node) == site), None) if site else None
    if not isinstance(call, cst.Call) or index >= len(call.args) or any(arg.star for arg in call.args[:index + 1]):
        return None
    return call.args[index].value


# -- what callers pass -----------------------------------------------------------------------------

HASHABLE, ARRAY, UNKNOWN = "hashable", "array", "unknown"
_ARRAY_MAKERS = ("jax.", "numpy.")
# Calls into those namespaces that return Python values, not arrays.
_PYTHON_VALUED = frozenset({"numpy.prod", "math.prod", "numpy.ndim", "numpy.shape", "jax.numpy.ndim",
                            "jax.numpy.shape", "numpy.iinfo", "jax.numpy.iinfo", "numpy.finfo", "jax.numpy.finfo"})
_PYTHON_BUILTINS = frozenset({"int", "float", "bool", "str", "len", "tuple", "round", "abs", "min", "max"})


def argument_kind(expression: cst.BaseExpression, qualify) -> str:
    """What a call passes, judged from its source: HASHABLE (literals, tuples of them, shapes,
    `len()`), ARRAY (a jnp/np/jax call, an operation on one) or UNKNOWN (a name, anything else).
    `qualify(node)` gives the qualified name a callee refers to, or None."""
    if isinstance(expression, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString)):
        return HASHABLE
    if isinstance(expression, cst.Name):
        return HASHABLE if expression.value in ("True", "False", "None") else UNKNOWN
    if isinstance(expression, cst.UnaryOperation):
        return argument_kind(expression.expression, qualify)
    if isinstance(expression, (cst.Tuple,)):
        kinds = {argument_kind(element.value, qualify) for element in expression.elements}
        return ARRAY if ARRAY in kinds else HASHABLE if kinds <= {HASHABLE} else UNKNOWN
    if isinstance(expression, (cst.List, cst.Dict, cst.Set)):
        return ARRAY  # unhashable: as fatal to a static argument as an array
    if isinstance(expression, cst.Attribute) and expression.attr.value in ("shape", "ndim", "size", "dtype"):
        return HASHABLE
    if isinstance(expression, cst.Subscript):
        value = expression.value
        if isinstance(value, cst.Attribute) and value.attr.value == "shape":
            return HASHABLE
        return ARRAY if argument_kind(value, qualify) == ARRAY else UNKNOWN
    if isinstance(expression, cst.BinaryOperation):
        kinds = {argument_kind(expression.left, qualify), argument_kind(expression.right, qualify)}
        return ARRAY if ARRAY in kinds else HASHABLE if kinds <= {HASHABLE} else UNKNOWN
    if isinstance(expression, cst.Call):
        qualified = qualify(expression.func)
        if qualified is None and isinstance(expression.func, cst.Name) and expression.func.value in _PYTHON_BUILTINS:
            return HASHABLE
        if qualified is not None and qualified not in _PYTHON_VALUED and qualified.startswith(_ARRAY_MAKERS):
            return ARRAY
        if isinstance(expression.func, cst.Attribute) and argument_kind(expression.func.value, qualify) == ARRAY:
            return ARRAY  # a method of an array: `x.sum()`
    return UNKNOWN


def call_arguments(module: cst.Module, names: set[str], positional: Sequence[str]) -> list[tuple[cst.Call, dict]]:
    """Calls of `names` anywhere in `module`, each with the argument expression bound to every
    parameter it passes (by position or keyword)."""
    return [(call, bound) for call, bound, _ in _calls_in_functions(module, names, positional)]


def _calls_in_functions(module: cst.Module, names: set[str], positional: Sequence[str]):
    """`call_arguments`, each call with the functions around it, outermost first."""
    found = []
    stack: list[tuple[cst.CSTNode, tuple]] = [(module, ())]
    while stack:
        node, around = stack.pop()
        inner = (*around, node) if isinstance(node, (cst.FunctionDef, cst.Lambda)) else around
        stack.extend((child, inner) for child in node.children)
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name) or node.func.value not in names:
            continue
        if any(arg.star for arg in node.args):
            continue
        bound: dict[str, cst.BaseExpression] = {}
        position = 0
        for arg in node.args:
            if arg.keyword is not None:
                bound[arg.keyword.value] = arg.value
            else:
                if position < len(positional):
                    bound[positional[position]] = arg.value
                position += 1
        found.append((node, bound, around))
    return found


def _origin_parameter(context, function, name: str, seen: tuple) -> tuple[cst.FunctionDef, str] | None:
    """The jitted function and its parameter whose value the parameter `name` of the helper
    `function` always holds: every call of the helper passes a parameter of its caller (or of a
    function the caller is nested in: `loss_model` reading `N_samples` of `single_step`), followed
    to a function that is jitted itself. None when the calls pass anything else or lead to
    different jitted functions."""
    scope = context.analysis.scope_of(function)
    if scope is not None and scope.jit_sites:
        return function, name
    if not isinstance(function, cst.FunctionDef) or function in seen or len(seen) > 4:
        return None
    calls = _calls_in_functions(context.module, {function.name.value}, positional_parameter_names(function))
    found = None
    for _, bound, around in calls:
        value = bound.get(name)
        if not isinstance(value, cst.Name):
            return None
        stack = [f for f in around if isinstance(f, cst.FunctionDef)]
        owner = next((f for f in reversed(stack) if value.value in positional_parameter_names(f)
                      or value.value in {p.name.value for p in f.params.kwonly_params}), None)
        if owner is None or is_rebound(owner, value.value) or any(
                value.value in positional_parameter_names(inner) or is_rebound(inner, value.value)
                for inner in stack[stack.index(owner) + 1:]):
            return None
        origin = _origin_parameter(context, owner, value.value, (*seen, function))
        if origin is None or found is not None and (origin[0] is not found[0] or origin[1] != found[1]):
            return None
        found = origin
    return found


def _call_passing_array(context, function, scope, name: str) -> str | None:
    """The source of an argument for `name` that is an array, at any call in the module."""
    names = {function.name.value} if isinstance(function, cst.FunctionDef) else set()
    for site in scope.jit_sites:
        if site.form == "call" and site.call is not None:
            names.update(_assigned_names(context.module, site.call))
    for _, bound in call_arguments(context.module, names, positional_parameter_names(function)):
        value = bound.get(name)
        if value is not None and argument_kind(value, context.qualified_name) == ARRAY:
            return " ".join(context.code(value).split())
    return None


def _assigned_names(module: cst.Module, call: cst.Call) -> set[str]:
    """`g` in `g = jax.jit(f, ...)`: the name callers use for the jitted function."""
    names = set()
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and small.value is call:
                    names.update(t.target.value for t in small.targets if isinstance(t.target, cst.Name))
    return names


def _read_outside_conversions(function, name: str, parts: Sequence[cst.BaseExpression]) -> bool:
    """Whether `name` is read anywhere but as the operand of the conversions being fixed (and
    other `int()`/`float()` calls of it)."""
    converted = {id(part) for part in parts}
    for use in reads(function.body, name):
        if id(use.node) in converted:
            continue
        parent = use.parent
        if isinstance(parent, cst.Arg) and len(use.ancestors) >= 2:
            call = use.ancestors[-2]
            if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value in ("int", "float"):
                continue
        return True
    return False
