"""TFX501 tracer-escapes-scope."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.syntax import FUNCTIONS, descendants
from tracerfix.analysis.values import TRACED
from tracerfix.bindings import assigned_values, binding_function, bindings, reads
from tracerfix.rule import Invalid, Rule, Safety, Valid

# Methods that store their arguments in the object they are called on.
MUTATING_METHODS = frozenset(
    {"append", "extend", "insert", "add", "update", "setdefault", "appendleft", "extendleft",
     "put", "put_nowait", "__setitem__"}
)
# Frameworks whose modules manage their own attribute state under their transformations.
_STATEFUL_FRAMEWORKS = ("flax.", "equinox.", "haiku.", "penzai.")
# Class decorators that make instances pytrees: a traced method then mutates a rebuilt copy.
_PYTREE_CLASS_DECORATORS = ("jax.tree_util.register", "jax.tree.register", "flax.struct.", "chex.")
# Namespaces whose functions return arrays: inside a trace, their results are tracers.
_ARRAY_MAKERS = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.")
_CONSTRUCTORS = frozenset({"__init__", "__post_init__", "__new__", "setup", "__setattr__"})

_RETURN_NOTE = (
    "the function now returns the value and every call stores it, where before only the first "
    "call (the one that traced the function) stored a tracer; callers must use the return value"
)


@dataclass
class _Outside:
    """An object that outlives the trace: how the message names where it lives."""

    base: str  # the name the code mutates through: `outs`, `self`
    described: str  # "the module-level `outs`", "`seen` of `f`", "the object `self`"
    module_global: bool


class TracerEscapesScope(Rule):
    """
    ## What it does
    Finds traced values stored outside the function that JAX traces: appended to (or put in) a
    list, dict or set that lives outside it, assigned to a `global` or `nonlocal` name, or to an
    attribute of `self` or of a module-level object. The message says where the value escapes and
    which transformation boundary it crosses.

    ## Why is this bad?
    The stored value is a tracer: an abstract placeholder that only means something inside the
    trace that made it. JAX notices only when the leaked value is used later, far from the leak,
    and raises `UnexpectedTracerError`; its leak checker (`jax.checking_leaks()`) can tell that a
    tracer escaped but not where. Side effects also run only while tracing: after the first call
    the compiled function no longer appends anything.

    ## Example
    ```python
    outs = []

    @jax.jit
    def side_effecting(x):
        y = x + 1
        outs.append(y)

    side_effecting(1)
    outs[0] + 1  # UnexpectedTracerError
    ```

    ## Use instead
    ```python
    outs = []

    @jax.jit
    def side_effecting(x):
        y = x + 1
        return y

    outs.append(side_effecting(1))
    outs[0] + 1
    ```
    Values needed outside a `lax.scan` or `lax.fori_loop` body belong in its carry or its
    stacked outputs; `jax.debug.callback` runs a host function with the values at run time.

    ## Fix safety
    Unsafe, and offered only for the simplest shape: the leak is the last statement of a function
    that is jitted by a decorator and returns nothing, the value goes into a module-level list (or
    a `global` name), and every call of the function is a plain statement after which all uses of
    the list come. The fix returns the value and moves the `append` (or the assignment) to each
    call site, which changes the function's signature: callers get a value where they got `None`,
    and every call now stores one, where only the tracing call used to.
    """

    code = "TFX501"
    name = "tracer-escapes-scope"
    summary = "Traced value stored outside the traced function"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def not_side_effecting(x):
    y = x + 1
    return y

def main(x):
    outs = []
    outs.append(not_side_effecting(x))
    return outs[0] + 1
""",
            note="the JAX error page's fix: the value is returned",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

HISTORY = []

@jax.jit
def f(x):
    parts = []
    for i in range(3):
        parts.append(x * i)
    cache = {"sum": x.sum()}
    jax.debug.callback(lambda v: HISTORY.append(v), x)
    HISTORY.append(x.shape)
    def inner(v):
        parts.append(v)
    inner(x)
    return jnp.stack(parts) + cache["sum"]
""",
            note="local containers, host callbacks and static values stay inside the trace",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

_SEEN_DTYPES = {}

@jax.jit
def f(x):
    _SEEN_DTYPES[x.ndim] = jnp.result_type(x)
    return x
""",
            note="dtypes and shapes are static: storing them leaks nothing",
        ),
        Valid(
            """
import jax

class Counter:
    def __init__(self):
        self.count = 0

    def step(self, x):
        self.count += 1
        return x * 2

@jax.jit
def g(x, acc):
    acc.append(x)
    return x
""",
            note="untraced methods; a mutated argument is the caller's copy, not a leak",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax

outs = []

@jax.jit
def side_effecting(x):
    y = x + 1
    outs.append(y)

def run(x):
    side_effecting(x)
    return outs[-1] + 1
""",
            expected="""
import jax

outs = []

@jax.jit
def side_effecting(x):
    y = x + 1
    return y

def run(x):
    outs.append(side_effecting(x))
    return outs[-1] + 1
""",
            unsafe=True,
            function="run",
            inputs=("1", "jnp.array([1.0, 2.0])", "jax.random.normal(jax.random.key(14), (3,))"),
            note="the JAX error page's UnexpectedTracerError example",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

latest = None

@jax.jit
def track(x):
    global latest
    latest = jnp.tanh(x)

def main(x):
    global latest
    track(x)
    return latest
""",
            expected="""
import jax
import jax.numpy as jnp

latest = None

@jax.jit
def track(x):
    return jnp.tanh(x)

def main(x):
    global latest
    latest = track(x)
    return latest
""",
            unsafe=True,
            function="main",
            inputs=("jnp.array([0.5, -2.0])", "jax.random.normal(jax.random.key(15), (4,))"),
            note="a global, read after the call by a function that declares it global too",
        ),
        Invalid(
            """
import jax
from jax import lax

class Model:
    def run(self, xs):
        def body(carry, x):
            self.last = carry
            return carry + x, None
        return lax.scan(body, 0.0, xs)[0]
""",
            note="a scan body storing its carry on `self`",
        ),
        Invalid(
            """
import jax
from jax import lax

@jax.jit
def f(xs):
    seen = []
    def body(carry, x):
        seen.append(x)
        return carry + x, None
    total, _ = lax.scan(body, 0.0, xs)
    return total, seen[0]
""",
            note="the scan body's tracer escapes into the enclosing jit trace",
        ),
        Invalid(
            """
import jax

def outer():
    count = 0
    @jax.jit
    def bump(x):
        nonlocal count
        count = count + x
        return x
    return bump
""",
            note="nonlocal",
        ),
        Invalid(
            """
import jax
from jax import random

key = random.PRNGKey(0)

@jax.jit
def init():
    global key
    key, subkey = random.split(key)
    return random.normal(subkey, ())
""",
            note="a global PRNG key: split inside the trace, even a constant becomes a tracer",
        ),
    )

    # -- detection -------------------------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in MUTATING_METHODS:
            return
        if not isinstance(self.context.parent(), cst.Expr):
            return  # a result that is used: `opt.update(grads, state)` computes, it does not store
        stored = [arg.value for arg in node.args if self._is_tracer(arg.value)]
        if not stored:
            return
        outside = self._outside(func.value)
        if outside is None:
            return
        how = f"`{self.context.describe(func)}(...)`"
        self._report(node, stored[0], how, outside)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._check_target(node, target.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check_target(node, node.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._check_target(node, node.target, node.value)

    def _check_target(self, statement, target, expression: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            # `key, sub = random.split(key)`: unpacking a tracer gives tracers.
            values = expression.elements if isinstance(expression, (cst.Tuple, cst.List)) else None
            for position, element in enumerate(target.elements):
                same_length = values is not None and len(values) == len(target.elements)
                part = values[position].value if same_length else expression
                self._check_target(statement, element.value, part)
            return
        if isinstance(target, cst.Name):
            # Most assignments bind a local: settle that before evaluating the value.
            outside = self._declared_outside(target.value)
            if outside is None or not self._is_tracer(expression):
                return
            self._report(statement, expression, None, outside)
        elif isinstance(target, (cst.Attribute, cst.Subscript)):
            if not self._is_tracer(expression):
                return
            outside = self._outside(target.value)
            if outside is not None:
                self._report(statement, expression, f"`{self.context.describe(target)}`", outside)

    def _is_tracer(self, expression: cst.BaseExpression) -> bool:
        """A traced value, or an array computed by JAX inside the trace: even from constants,
        `jnp.zeros(3)` or `random.split(key)` is a tracer there."""
        context = self.context
        if context.value(expression).trace == TRACED:
            return True
        for closure in _stored_lambdas(expression):
            # `[lambda: x]`: the function keeps the tracer `x` alive past the trace.
            own = {param.name.value for param in closure.params.params}
            if any(isinstance(read, cst.Name) and read.value not in own and context.value(read).trace == TRACED
                   for read in descendants(closure.body)):
                return True
        return any(
            (context.qualified_name(call.func) or "").startswith(_ARRAY_MAKERS)
            and context.qualified_name(call.func) not in known.STATIC_RESULT_CALLS
            for call in _calls_in(expression)
        )

    # -- where an object lives -------------------------------------------------------------------
    def _boundary(self):
        """The innermost enclosing function that a transformation traces, or None for a helper
        that is traced only through its callers."""
        analysis = self.context.analysis
        function = self.context.function
        for node in (function, *reversed(analysis.enclosing(function))):
            scope = analysis.scope_of(node) if isinstance(node, (cst.FunctionDef, cst.Lambda)) else None
            if scope is not None and scope.transformed:
                return node
        return None

    def _chain(self) -> tuple[cst.CSTNode, ...]:
        """The current function and the functions around it, outermost first."""
        function = self.context.function
        return (*self.context.analysis.enclosing(function), function)

    def _outside(self, receiver: cst.BaseExpression) -> _Outside | None:
        """Where the object `receiver` (`outs`, `self.history`, `cache["k"]`) lives, when that is
        outside the trace; None when it belongs to the trace."""
        base = receiver
        while isinstance(base, (cst.Attribute, cst.Subscript)):
            base = base.value
        if not isinstance(base, cst.Name):
            return None
        name = base.value
        chain = self._chain()
        binder = binding_function(name, chain)
        if binder is not None and self._is_self(name, binder):
            return self._self_outside(name, binder)
        # Other objects count only when they are Python containers made right there: a parameter
        # or a call result may be a Ref or a mutable array, which are meant to be written.
        module_object = binder is None and self.context.analysis.index.module_env.get(name) is not None \
            and self.context.analysis.index.module_env[name].instance_of is not None \
            and self.context.analysis.index.module_env[name].container
        if not module_object and (
                receiver is not base or not _creates_container(binder or _whole_module(self.context), name, self.context)):
            return None
        if binder is None:
            return _Outside(name, f"the module-level `{name}`", True)
        boundary = self._boundary()
        if boundary is None or binder is boundary or not _encloses(binder, boundary, chain):
            return None  # the trace's own object (or an argument's copy)
        return _Outside(name, f"`{name}` of `{_function_label(binder)}`", False)

    def _declared_outside(self, name: str) -> _Outside | None:
        function = self.context.function
        if not isinstance(function, cst.FunctionDef):
            return None
        declared = bindings(function)
        if name in declared.global_names:
            return _Outside(name, f"the global `{name}`", True)
        if name not in declared.nonlocal_names:
            return None
        chain = self._chain()
        binder = binding_function(name, chain[:-1])
        boundary = self._boundary()
        if binder is None or boundary is None or binder is boundary or not _encloses(binder, boundary, chain):
            return None  # the nonlocal belongs to the same trace
        return _Outside(name, f"the nonlocal `{name}` of `{_function_label(binder)}`", False)

    def _is_self(self, name: str, binder) -> bool:
        if not isinstance(binder, cst.FunctionDef):
            return False
        chain = self.context.analysis.enclosing(binder)
        positional = [p.name.value for p in (*binder.params.posonly_params, *binder.params.params)]
        return bool(chain) and isinstance(chain[-1], cst.ClassDef) and positional[:1] == [name]

    def _self_outside(self, name: str, method: cst.FunctionDef) -> _Outside | None:
        """`self` in a method: the object comes from the caller, outside the trace, unless the
        trace itself created it."""
        if method.name.value in _CONSTRUCTORS:
            return None
        owner = self.context.analysis.enclosing(method)[-1]
        if self._manages_its_state(owner, ()):
            return None
        scope = self.context.scope
        if scope is not None and scope.transform.startswith(_STATEFUL_FRAMEWORKS):
            return None
        boundary = self._boundary()
        if boundary is not None and boundary is not method and _encloses(boundary, method, self._chain()):
            return None  # a class defined inside the traced function
        if self._built_by_the_trace(owner, method.name.value):
            return None
        return _Outside(name, f"the object `{name}`", False)

    def _built_by_the_trace(self, owner: cst.ClassDef, method: str) -> bool:
        """Whether traced code calls `method` on an object it built itself (`neuron = LIF(...)`
        then `neuron.update(x)`): that object lives and dies inside the trace, so what its methods
        store on it escapes nothing."""
        analysis = self.context.analysis
        for function in _whole_module(self.context).body:
            for node in _functions_in(function):
                if analysis.scope_of(node) is None:
                    continue
                built = {target.target.value for statement in descendants(node) if isinstance(statement, cst.Assign)
                         and isinstance(statement.value, cst.Call) and self._builds(statement.value, owner)
                         for target in statement.targets if isinstance(target.target, cst.Name)}
                called = {call.func.attr.value for call in descendants(node) if isinstance(call, cst.Call)
                          and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
                          and call.func.value.value in built}
                # Building it runs `__init__`; `pid(x)` its `__call__`; `pid.limits = v` a setter.
                called |= {"__init__", "__post_init__"} if built else set()
                called |= {"__call__" for call in descendants(node) if isinstance(call, cst.Call)
                           and isinstance(call.func, cst.Name) and call.func.value in built}
                called |= {target.target.attr.value for statement in descendants(node) if isinstance(statement, cst.Assign)
                           for target in statement.targets if isinstance(target.target, cst.Attribute)
                           and isinstance(target.target.value, cst.Name) and target.target.value.value in built}
                if built and method in _methods_reached(owner, called):
                    return True
        return False

    def _builds(self, call: cst.Call, owner: cst.ClassDef) -> bool:
        """`LIF(...)`, or `copy.copy(es)` of a module-level object of the class: a new object."""
        if isinstance(call.func, cst.Name) and call.func.value == owner.name.value:
            return True
        if self.context.qualified_name(call.func) not in ("copy.copy", "copy.deepcopy") or len(call.args) != 1:
            return False
        copied = call.args[0].value
        value = self.context.analysis.index.module_env.get(copied.value) if isinstance(copied, cst.Name) else None
        return value is not None and value.instance_of == owner.name.value

    def _manages_its_state(self, owner: cst.ClassDef, seen: tuple[cst.ClassDef, ...]) -> bool:
        """A class (or a same-module base class) built on a framework module, or made a pytree."""
        context = self.context
        for decorator in owner.decorators:
            expression = decorator.decorator
            target = expression.func if isinstance(expression, cst.Call) else expression
            if (context.qualified_name(target) or "").startswith(_PYTREE_CLASS_DECORATORS):
                return True
        for base in owner.bases:
            if (context.qualified_name(base.value) or "").startswith(_STATEFUL_FRAMEWORKS):
                return True
            if isinstance(base.value, cst.Name):
                parent = _module_class(_whole_module(context), base.value.value)
                if parent is not None and parent not in seen and self._manages_its_state(parent, (*seen, owner)):
                    return True
        return False

    # -- reporting -------------------------------------------------------------------------------
    def _report(self, node, stored: cst.BaseExpression, how: str | None, outside: _Outside) -> None:
        context = self.context
        boundary = self._boundary()
        advice = "return the value instead"
        if boundary is not None:
            scope = context.analysis.scope_of(boundary)
            crossing = f"the trace of `{_function_label(boundary)}` ({scope.reason})"
            if not scope.jit_sites:
                advice = "pass the value out through the loop's carry or outputs instead"
        else:
            crossing = f"the trace of the code that calls `{context.function_name}`"
        through = f" through {how}" if how else ""
        message = (
            f"Traced `{context.describe(stored)}` escapes{through} into {outside.described}, "
            f"outside {crossing}: using it later raises UnexpectedTracerError; {advice}"
        )
        self.report(node, message, self._return_fix(node, stored, outside, boundary))

    def _return_fix(self, node, stored, outside: _Outside, boundary):
        """Return the value and store it at every call site (see Fix safety)."""
        context = self.context
        function = context.function
        if not outside.module_global or boundary is not function or not isinstance(function, cst.FunctionDef):
            return None
        scope = context.scope
        if not scope.jit_sites or any(site.form == "call" for site in scope.jit_sites):
            return None
        if context.analysis.enclosing(function):
            return None  # only module-level functions: their calls are found by name
        leak = _last_statement(function)
        if leak is None or _returns_or_yields(function):
            return None
        small = leak.body[0]
        if (small.value if isinstance(small, cst.Expr) else small) is not node:
            return None
        if isinstance(node, cst.Call):
            if len(node.args) != 1 or node.func.attr.value != "append" or not isinstance(node.func.value, cst.Name):
                return None
            before, after = f"{context.code(node.func).strip()}(", ")"  # outs.append(f(x))
        elif isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            before, after = f"{outside.base} = ", ""  # latest = f(x)
        else:
            return None
        module = _whole_module(context)
        calls = _call_statements(module, function)
        if calls is None or not _uses_follow_calls(module, outside.base, function, calls):
            return None
        if isinstance(node, cst.Assign) and not all(
            enclosing is None or outside.base in _declared_globals(enclosing) for enclosing, _ in calls
        ):
            return None  # `latest = track(x)` in a function without `global latest` binds a local
        edits = [(leak, leak.with_changes(body=[cst.Return(value=stored)]))]
        if isinstance(node, cst.Assign):
            declaration = _global_declaration(function, outside.base)
            if declaration is not None:
                edits.append((declaration, cst.RemovalSentinel.REMOVE))
        for _, statement in calls:
            call = context.code(statement.body[0].value).strip()
            edits.append((statement.body[0], context.parse_statement(f"{before}{call}{after}\n").body[0]))
        return context.fix("Return the value and store it at the call sites", edits, Safety.UNSAFE, _RETURN_NOTE)


# -- helpers -------------------------------------------------------------------------------------


_CONTAINER_TYPES = frozenset(
    {"list", "dict", "set", "collections.deque", "collections.defaultdict", "collections.OrderedDict",
     "collections.Counter"}
)


def _creates_container(scope: cst.CSTNode, name: str, context) -> bool:
    """Whether every assignment of `name` in `scope` makes a list, dict, set or deque."""
    values = assigned_values(scope, name)
    if not values:
        return False
    for value in values:
        if isinstance(value, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)):
            continue
        if isinstance(value, cst.Call):
            qualified = context.qualified_name(value.func)
            if qualified is None and isinstance(value.func, cst.Name):
                qualified = value.func.value
            if qualified in _CONTAINER_TYPES:
                continue
        return False
    return True


def _calls_in(expression: cst.BaseExpression) -> list[cst.Call]:
    # A lambda's body runs later, if at all.
    return [node for node in descendants(expression, _LAMBDA) if type(node) is cst.Call]


_LAMBDA = frozenset({cst.Lambda})


def _whole_module(context) -> cst.Module:
    """The module with every statement parsed: these questions are about all of its code."""
    context.analysis.index.statements()
    return context.module


def _module_class(module: cst.Module, name: str) -> cst.ClassDef | None:
    for statement in module.body:
        if isinstance(statement, cst.ClassDef) and statement.name.value == name:
            return statement
    return None


def _stored_lambdas(expression: cst.BaseExpression) -> list[cst.Lambda]:
    """The lambdas `expression` stores: itself, or the elements of the containers it builds (not
    a lambda handed to a call, which the call consumes)."""
    if isinstance(expression, cst.Lambda):
        return [expression]
    if isinstance(expression, (cst.List, cst.Tuple, cst.Set)):
        return [found for element in expression.elements for found in _stored_lambdas(element.value)]
    if isinstance(expression, cst.Dict):
        return [found for element in expression.elements if isinstance(element, cst.DictElement)
                for found in _stored_lambdas(element.value)]
    return []


def _methods_reached(owner: cst.ClassDef, called: set[str]) -> set[str]:
    """`called` and the methods of `owner` those call on `self` in turn (`fit` runs `_update`)."""
    methods = {statement.name.value: statement for statement in owner.body.body if isinstance(statement, cst.FunctionDef)} \
        if isinstance(owner.body, cst.IndentedBlock) else {}
    reached, pending = set(), list(called)
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        reached.add(name)
        method = methods.get(name)
        if method is None or not method.params.params:
            continue
        owner_name = method.params.params[0].name.value
        pending += [call.func.attr.value for call in descendants(method) if isinstance(call, cst.Call)
                    and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
                    and call.func.value.value == owner_name]
    return reached


def _encloses(outer, inner, chain: tuple[cst.CSTNode, ...]) -> bool:
    """Whether `outer` strictly encloses `inner` in `chain` (outermost first)."""
    nodes = list(chain)
    return outer in nodes and inner in nodes and nodes.index(outer) < nodes.index(inner)


def _function_label(function) -> str:
    return function.name.value if isinstance(function, cst.FunctionDef) else "<lambda>"


def _last_statement(function: cst.FunctionDef) -> cst.SimpleStatementLine | None:
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return None
    last = body.body[-1]
    if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1:
        return last
    return None


def _returns_or_yields(function: cst.FunctionDef) -> bool:
    return any(type(node) in _EXITS for node in descendants(function.body, FUNCTIONS))


_EXITS = frozenset({cst.Return, cst.Yield})


def _call_statements(module: cst.Module, function: cst.FunctionDef):
    """Every use of `function`'s name in the module, when each is a call statement `f(...)`
    outside traced code: [(enclosing function or None, statement)], in source order; else None."""
    name = function.name.value
    statements = []
    for use in reads(module, name):
        if any(node is function for node in use.ancestors):
            return None  # recursion
        ancestors = use.ancestors
        if len(ancestors) < 3:
            return None
        call, expr, line = ancestors[-1], ancestors[-2], ancestors[-3]
        if not (
            isinstance(call, cst.Call) and call.func is use.node and isinstance(expr, cst.Expr)
            and isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
        ):
            return None
        statements.append((_innermost_scope(ancestors), line))
    return statements or None


def _innermost_scope(ancestors) -> cst.CSTNode | None:
    """The function or class a node is in (None: the module)."""
    return next((n for n in reversed(ancestors) if isinstance(n, (cst.FunctionDef, cst.Lambda, cst.ClassDef))), None)


def _uses_follow_calls(module, name: str, function, calls) -> bool:
    """Whether every read of `name` outside `function` comes after a call, in the same scope."""
    order = _source_order(module)
    for use in reads(module, name):
        if any(node is function for node in use.ancestors):
            continue
        scope = _innermost_scope(use.ancestors)
        if not any(enclosing is scope and order[id(line)] < order[id(use.node)] for enclosing, line in calls):
            return False
    return True


def _source_order(module: cst.Module) -> dict[int, int]:
    return {id(node): position for position, node in enumerate(descendants(module))}


def _declared_globals(node: cst.CSTNode) -> frozenset[str]:
    return bindings(node).global_names if isinstance(node, cst.FunctionDef) else frozenset()


def _global_declaration(function: cst.FunctionDef, name: str) -> cst.SimpleStatementLine | None:
    for statement in function.body.body:
        if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
            small = statement.body[0]
            if isinstance(small, cst.Global) and [n.name.value for n in small.names] == [name]:
                return statement
    return None


def _functions_in(node: cst.CSTNode):
    """`node` and the functions defined in it, when it is a function or a class."""
    if isinstance(node, cst.FunctionDef):
        yield node
    if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        for child in descendants(node):
            if isinstance(child, cst.FunctionDef) and child is not node:
                yield child
