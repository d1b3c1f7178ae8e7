"""Forward taint analysis of one traced function, statement by statement.

Environments map local names to Values and are never mutated in place, so the environment in force
at each statement is recorded by reference (no copies). Branches are joined; loop bodies are
walked twice so that values carried around the loop reach their fixed point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import libcst as cst

from tracerfix.analysis.guards import (
    catches_tracer_errors,
    jax_namespace_test,
    suppresses_tracer_errors,
    tracer_test,
    under_trace_test,
)
from tracerfix.analysis.imports import ImportTable
from tracerfix.analysis import known
from tracerfix.analysis.syntax import descendants
from tracerfix.analysis.scopes import _argument
from tracerfix.analysis.values import (
    UNKNOWN,
    STATIC,
    COMPILE_TIME,
    STATIC_VALUE,
    TRACED,
    UNKNOWN_VALUE,
    Evaluator,
    Value,
    element_of,
    join,
    python_value_tested,
)

Env = dict[str, Value]


@dataclass
class CallRecord:
    """A call from traced code to a function defined in this module."""

    callee: cst.FunctionDef
    args: list[tuple[str | None, Value]]  # (keyword or None, value) in call order
    # The object a method is called on (`a.m()`, `A(x).m()`, a property read): its `self`.
    receiver: Value | None = None
    site: int = 0  # id of the call node; 0 for a call the code does not spell (a property read)


@dataclass
class FunctionFacts:
    node: cst.FunctionDef | cst.Lambda
    entry: Env
    env_at: dict[int, Env] = field(default_factory=dict)  # id(statement) -> env before it
    returns: list[Value] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    nested: list[tuple[cst.FunctionDef, Env]] = field(default_factory=list)
    # Functions that tree_map applies to traced leaves here, with the environment they close over.
    mapped: list[tuple[cst.FunctionDef | cst.Lambda, Env, Env]] = field(default_factory=list)
    globals_declared: set[str] = field(default_factory=set)
    # Blocks that never run under the trace (behind a tracer test, or a test decided by Python
    # constants): no leak there, no rewrite.
    eager_only: set[int] = field(default_factory=set)
    # (node, why) where a value could be traced or not and the analysis stays silent.
    unsure: list[tuple[cst.CSTNode, str]] = field(default_factory=list)

    @property
    def return_value(self) -> Value | None:
        if not self.returns:
            return None
        result = self.returns[0]
        for value in self.returns[1:]:
            result = join(result, value)
        return result


_NESTED_SCOPES = frozenset({cst.Lambda, cst.FunctionDef})
# Exceptions whose handler also catches tracer errors (they derive from TypeError).
_BROAD_HANDLERS = frozenset({"Exception", "BaseException", "TypeError"})


def _catches_tracer_errors_broadly(handler: cst.ExceptHandler, imports) -> bool:
    """A bare `except:`, `except Exception:` (or TypeError, a tuple holding one), or a handler
    naming a JAX tracer error."""
    if handler.type is None or catches_tracer_errors(handler, imports):
        return True
    kinds = [e.value for e in handler.type.elements] if isinstance(handler.type, cst.Tuple) else [handler.type]
    return any(isinstance(kind, cst.Name) and kind.value in _BROAD_HANDLERS for kind in kinds)


def merge_envs(a: Env, b: Env) -> Env:
    if a is b:
        return a
    merged = dict(a)
    for name, value in b.items():
        old = merged.get(name)
        merged[name] = value if old is None else join(old, value)
    return merged


def _passed_test(test: cst.BaseExpression, env: Env) -> tuple[str, bool] | None:
    """`x is not None` (True) or `x is None` (False) on a parameter defaulting to None that a
    caller may pass (`Value.if_passed`): the name, and whether the test holds where it was passed."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name)
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"
            and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot))):
        return None
    value = env.get(test.left.value)
    if value is None or value.if_passed is None:
        return None
    return test.left.value, isinstance(test.comparisons[0].operator, cst.IsNot)


class FunctionWalker:
    def __init__(
        self,
        imports: ImportTable,
        module_env: Env,
        resolve_call: Callable[[cst.Call], cst.FunctionDef | None],
        helper_result: Callable[[cst.FunctionDef], Value | None],
    ) -> None:
        self.imports = imports
        self.module_env = module_env
        self.resolve_call = resolve_call
        self.helper_result = helper_result
        # What a helper returns at a call passing only Python values (set by the propagation):
        # per calling context, not joined with its traced call sites.
        self.static_result: Callable[[cst.Call, cst.FunctionDef, list], Value | None] | None = None
        # The other functions a called parameter may be (`Analysis.alternatives_of`).
        self.alternatives: Callable[[cst.Call, Env], list] | None = None
        # The module's classes (`ModuleIndex`: properties, fields), set by the propagation.
        self.classes = None
        self.facts: FunctionFacts | None = None

    # -- entry -----------------------------------------------------------------------------------
    def walk(self, node: cst.FunctionDef | cst.Lambda, entry: Env) -> FunctionFacts:
        self.facts = FunctionFacts(node, entry)
        if isinstance(node, cst.Lambda):
            self.facts.returns.append(self.evaluator(entry).value(node.body))
            return self.facts
        body = node.body
        if isinstance(body, cst.IndentedBlock):
            self.block(body.body, entry)
        else:  # `def f(x): return x` on one line
            self.block(body.body, entry)
        return self.facts

    def evaluator(self, env: Env) -> Evaluator:
        self._env = env  # what `obj.method(...)` is resolved against
        evaluator = Evaluator(env, self.imports, self.module_env, self._helper_value)
        evaluator.on_mapped = lambda call, args: self._mapped(call, args, env)
        evaluator.on_carried = lambda call, args: self._carried(call, args, env)
        evaluator.on_lambda = lambda node: self._lambda(node, env)
        evaluator.on_property = self._property_value
        evaluator.on_getitem = self._getitem_value
        evaluator.on_constructed = self._constructed
        evaluator.classes = self.classes
        evaluator.inner = self.evaluator
        return evaluator

    def _constructed(self, instance: Value) -> None:
        """A dataclass built here runs its `__post_init__` (its own or a base class's) on the new
        object, and an Equinox module its `__check_init__`: both traced, with the object's fields."""
        if self.classes is None or self.facts is None or self.classes.class_method(instance.instance_of, "__init__") is not None:
            return  # an `__init__` of its own runs instead of the generated one (and calls what it calls)
        for hook in ("__post_init__", "__check_init__"):
            method = self.classes.class_method(instance.instance_of, hook)
            if method is not None and not any(r.callee is method and r.receiver == instance for r in self.facts.calls):
                self.facts.calls.append(CallRecord(method, [], receiver=instance))

    def _getitem_value(self, instance: Value, index: Value) -> Value | None:
        """`obj[i]` on an object of a class of this module: its `__getitem__` runs with `i`."""
        method = None if self.classes is None else self.classes.class_method(instance.instance_of, "__getitem__")
        if method is None:
            return None
        assert self.facts is not None
        self.facts.calls.append(CallRecord(method, [(None, index)], receiver=instance))
        result = self.helper_result(method)
        if result is not None:
            return result
        return UNKNOWN_VALUE if instance.trace == TRACED or index.trace == TRACED else None

    def _property_value(self, instance: Value, attribute: str) -> Value | None:
        """A `@property` of the instance's class read in traced code: its getter runs with the
        instance as `self` (a call to walk), and gives what the getter returns."""
        getter = None if self.classes is None else self.classes.property_getter(instance.instance_of, attribute)
        if getter is None:
            return None
        assert self.facts is not None
        self.facts.calls.append(CallRecord(getter, [], receiver=instance))
        result = self.helper_result(getter)
        if result is not None:
            return result
        return UNKNOWN_VALUE if instance.trace == TRACED else None

    def _mapped(self, call: cst.Call, args: list[Value], env: Env) -> None:
        """`tree_map(fn, t1, t2)`: fn's i-th parameter gets the leaves of the i-th tree, traced when
        that tree is (tree_reduce's two parameters both get leaves of its one tree)."""
        assert self.facts is not None
        function = call.args[0].value
        if isinstance(function, cst.Name):
            function = self.resolve_call(cst.Call(func=function))
        if not isinstance(function, (cst.Lambda, cst.FunctionDef)):
            return
        trees: list[Value] = []
        for arg, value in zip(call.args[1:], args[1:]):
            if arg.star:  # `*trees`: every later parameter may get any of them
                trees.extend([Value(max(v.trace for v in args[1 + len(trees):]))] * 8)
                break
            trees.append(value)
        if self.imports.qualify(call.func).endswith("reduce"):
            trees = trees[:1] * 2
        params = [*function.params.posonly_params, *function.params.params]
        values = {
            param.name.value: (Value(TRACED) if tree.trace == TRACED else Value(UNKNOWN))
            for param, tree in zip(params, trees)
        }
        self.facts.mapped.append((function, env, values))

    def _carried(self, call: cst.Call, args: list[Value], env: Env) -> None:
        """`lax.while_loop(cond, body, (key, action, mask))`: the bodies' carry parameter is a
        tuple of three tracers, the third a boolean mask when `mask` is one."""
        assert self.facts is not None
        init_position, init_keyword, bodies = known.CARRYING_LOOPS[self.imports.qualify(call.func)]
        init = _argument_value(call, args, init_position, init_keyword)
        if init is None:
            return
        carry = _as_traced(init)
        for position, keyword, carry_position in bodies:
            function = _argument(call, position, (keyword,))
            if isinstance(function, cst.Name):
                function = self.resolve_call(cst.Call(func=function))
            if not isinstance(function, (cst.Lambda, cst.FunctionDef)):
                continue
            params = [*function.params.posonly_params, *function.params.params]
            if carry_position < len(params):
                self.facts.mapped.append((function, env, {params[carry_position].name.value: carry}))

    def _helper_value(self, call: cst.Call, args: list[Value]) -> Value | None:
        if type(call.func) is cst.Attribute:
            # Against the object first: `self.m(...)` on an object of a subclass runs its override.
            callee = self._resolve_on_object(call) or self.resolve_call(call)
        else:
            callee = self.resolve_call(call) or self._resolve_on_object(call)
        if callee is None:
            return None
        assert self.facts is not None
        record = CallRecord(callee, self._with_partial_arguments(call, _bound_arguments(call, args)),
                            receiver=self._receiver(call), site=id(call))
        self.facts.calls.append(record)
        receiver_static = record.receiver is None or record.receiver.trace == STATIC
        if self.static_result is not None and receiver_static and all(v.trace == STATIC for v in args):
            result = self.static_result(call, callee, record.args)
            if result is not None:
                return result
        result = self.helper_result(callee)
        others = self.alternatives(call, self._env) if self.alternatives is not None else []
        for other in others:
            # A parameter that callers pass different functions to runs each of them here.
            self.facts.calls.append(CallRecord(other, record.args, receiver=record.receiver))
            other_result = self.helper_result(other)
            result = other_result if result is None else result if other_result is None else join(result, other_result)
        if result is not None:
            return result
        return None if receiver_static and all(v.trace != TRACED for v in args) else UNKNOWN_VALUE

    def _with_partial_arguments(self, call: cst.Call, bound: list) -> list:
        """The arguments `call` passes, after those a module-level `functools.partial` it calls
        binds: positional ones first, keywords the call does not give last."""
        partials = getattr(self.classes, "partials", None)
        if not partials or type(call.func) is not cst.Name or call.func.value in self._env \
                or call.func.value not in partials:
            return bound
        saved = self._env
        evaluate = self.evaluator({}).value  # module-level values
        extra = partials[call.func.value].args[1:]
        given = {keyword for keyword, _ in bound if keyword}
        leading = [(None, evaluate(arg.value)) for arg in extra if arg.keyword is None and not arg.star]
        trailing = [(arg.keyword.value, evaluate(arg.value)) for arg in extra
                    if arg.keyword is not None and arg.keyword.value not in given]
        self._env = saved  # what `self.method(...)` resolves against, as before
        return [*leading, *bound, *trailing]

    def _receiver(self, call: cst.Call) -> Value | None:
        """The value of the object a method is called on: `a` in `a.m()`, `A(x)` in `A(x).m()`."""
        func = call.func
        if self.classes is None or type(func) not in (cst.Attribute, cst.Call, cst.Name):
            return None
        receiver = func.value if type(func) is cst.Attribute else func  # `a.m()`, `Model(w)(x)`, `net(x)`
        if type(receiver) is cst.Name and receiver.value in ("self", "cls"):
            return self._env.get(receiver.value)
        value = self.evaluator(self._env).value(receiver) if type(receiver) in (cst.Name, cst.Attribute, cst.Call) else None
        return value if value is not None and value.instance_of is not None and value.container else None

    def _lambda(self, node: cst.Lambda, env: Env) -> None:
        """A lambda written in a traced function runs traced, reading `env` (its closure)."""
        assert self.facts is not None
        if not any(nested is node and seen == env for nested, seen in self.facts.nested):
            self.facts.nested.append((node, env))

    def _resolve_on_object(self, call: cst.Call) -> cst.FunctionDef | None:
        if type(call.func) in (cst.Name, cst.Attribute, cst.Call):
            try:
                return self.resolve_call(call, self._env)
            except TypeError:  # a resolver that knows no objects
                return None
        return None

    def value(self, node: cst.BaseExpression, env: Env) -> Value:
        return self.evaluator(env).value(node)

    # -- statements ------------------------------------------------------------------------------
    def block(self, statements, env: Env) -> Env:
        for position, statement in enumerate(statements):
            exits = self._leaves_when_traced(statement, env)
            env = self.statement(statement, env)
            if exits:
                # `if isinstance(x, Tracer): return`: what follows runs only eagerly.
                assert self.facts is not None
                self.facts.eager_only.update(id(rest) for rest in statements[position + 1:])
                break
        return env

    def _leaves_when_traced(self, node: cst.CSTNode, env: Env) -> bool:
        """`node` is `if <x is a tracer>: return` (or raise, with no `else`), `x` traced here; or a
        `try` whose body converts a traced value and whose handler for it returns (`try: width =
        float(np.max(b - a))` / `except Exception: return maxiter`): a tracer guard either way."""
        if isinstance(node, cst.Try):
            return self._converts_under_handler(node, env)
        if not isinstance(node, cst.If) or node.orelse is not None or not isinstance(node.body, cst.IndentedBlock):
            return False
        guard = tracer_test(node.test, self.imports, self.resolve_call)
        if guard is None or not guard[1] or self.value(guard[0], env).trace != TRACED:
            return False
        last = node.body.body[-1] if node.body.body else None
        return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], (cst.Return, cst.Raise))

    def _suppresses_tracer_errors(self, manager: cst.BaseExpression, env: Env) -> bool:
        instance = self.value(manager, env).instance_of if isinstance(manager, cst.Call) else None
        exit_method = None if instance is None or self.classes is None else self.classes.class_method(instance, "__exit__")
        return suppresses_tracer_errors(manager, exit_method, self.imports)

    def _converts_under_handler(self, node: cst.Try, env: Env) -> bool:
        handlers = [handler for handler in node.handlers if _catches_tracer_errors_broadly(handler, self.imports)]
        exits = [handler for handler in handlers if handler.body.body and isinstance(handler.body.body[-1], cst.SimpleStatementLine)
                 and isinstance(handler.body.body[-1].body[-1], (cst.Return, cst.Raise))]
        if not exits:
            return False
        for statement in node.body.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                break  # past a compound statement, the conversion may not run
            if any(self._converts_traced(call, env) for call in descendants(statement, _NESTED_SCOPES)
                   if type(call) is cst.Call):
                self.facts.eager_only.add(id(node.body))  # the handler takes over under a trace
                return True
        return False

    def _converts_traced(self, call: cst.Call, env: Env) -> bool:
        """`float(x)`, `int(x)`, `x.item()`, `np.f(x)` of a traced `x`: a tracer error here."""
        func = call.func
        if type(func) is cst.Name and func.value in ("float", "int", "bool", "complex") and func.value not in env:
            return bool(call.args) and self.value(call.args[0].value, env).trace == TRACED
        if type(func) is cst.Attribute and func.attr.value in ("item", "tolist") and not call.args:
            return self.value(func.value, env).trace == TRACED
        qualified = self.imports.qualify(func) or ""
        return qualified.startswith("numpy.") and any(self.value(arg.value, env).trace == TRACED for arg in call.args)

    def statement(self, node: cst.CSTNode, env: Env) -> Env:
        assert self.facts is not None
        self._record(node, env)
        if isinstance(node, cst.SimpleStatementLine):
            for small in node.body:
                self._record(small, env)
                env = self.small_statement(small, env)
            return env
        if isinstance(node, cst.If):
            self.value(node.test, env)  # records calls made in the test
            guard = tracer_test(node.test, self.imports, self.resolve_call)
            if guard is not None:
                return self._tracer_guard(node, guard, env)
            with_jax = jax_namespace_test(node.test, self.imports)
            if with_jax is None:
                with_jax = under_trace_test(node.test, self.imports, self.resolve_call)
            if with_jax is not None:
                numpy_branch = node.orelse if with_jax else node.body
                if numpy_branch is not None:
                    self.facts.eager_only.add(id(numpy_branch))
                jax_branch = node.body if with_jax else node.orelse
                return env if jax_branch is None else merge_envs(env, self._branch(jax_branch, env))
            decided = self.value(node.test, env)
            tested = node.test.expression if isinstance(node.test, cst.UnaryOperation) \
                and isinstance(node.test.operator, cst.Not) else node.test
            if decided.trace == UNKNOWN and isinstance(tested, cst.Name) and self.value(tested, env).truthy is not None:
                # `if debug_mode:` on a jitted function's flag that defaults to False: the other
                # branch runs only eagerly (see `scopes.parameter_values`).
                truth = self.value(tested, env).truthy != (tested is not node.test)
                live, dead = (node.body, node.orelse) if truth else (node.orelse, node.body)
                if dead is not None:
                    self.facts.eager_only.add(id(dead))
                return env if live is None else self._branch(live, env)
            if decided.trace == STATIC and decided.truthy is not None:
                # `if max_occupancy is None:` with a value bound by a partial: one branch is dead.
                live, dead = (node.body, node.orelse) if decided.truthy else (node.orelse, node.body)
                if dead is not None:
                    self.facts.eager_only.add(id(dead))
                return env if live is None else self._branch(live, env)
            passed = _passed_test(node.test, env)
            if passed is not None:
                # `if where is None: ... else: where = ...`: where a caller passed it, it is what
                # jit made of it (a tracer); the other branch sees None.
                name, when_passed = passed
                none = Value(STATIC, truthy=False, none=True)

                def branch(block, value: Value) -> Env:
                    entry = {**env, name: value}
                    if block is None:
                        return entry
                    if isinstance(block, cst.If):  # an `elif`
                        return self.statement(block, entry)
                    return self.block((block.body if isinstance(block, cst.Else) else block).body, entry)

                passed_block, none_block = (node.body, node.orelse) if when_passed else (node.orelse, node.body)
                none_env = branch(none_block, none)
                # Walked as before first (the parameter unknown): what holds after the `if`
                # whichever way it went. Then walked with it traced, which the findings inside
                # the branch see (it runs only where a caller passed the value).
                unknown_env = branch(passed_block, env[name])
                passed_env = branch(passed_block, env[name].if_passed)
                merged, cautious = merge_envs(passed_env, none_env), merge_envs(unknown_env, none_env)
                for key, value in merged.items():
                    # Traced after the `if` only where the other way makes it traced too: a
                    # default the function computes (`window_length = floor(sqrt(n))`) keeps
                    # the later code as silent as a parameter left at its default.
                    if value.trace == TRACED and cautious.get(key, value).trace != TRACED \
                            and none_env.get(key, STATIC_VALUE).trace != TRACED:
                        merged[key] = cautious[key]
                return merged
            guarded = python_value_tested(node.test)
            if guarded in env:
                # `if isinstance(g, int):` runs its body only for a Python value; after the `if`,
                # the name is what it was, unless the body assigned it.
                concrete = Value(STATIC)
                then_env = self.block(node.body.body, {**env, guarded: concrete})
                if then_env.get(guarded) is concrete:
                    then_env = {**then_env, guarded: env[guarded]}
            else:
                then_env = self.block(node.body.body, env)
            if node.orelse is None:
                else_env = env
            elif isinstance(node.orelse, cst.If):
                else_env = self.statement(node.orelse, env)
            else:
                else_env = self.block(node.orelse.body.body, env)
            return merge_envs(then_env, else_env)
        if isinstance(node, cst.For):
            return self._loop(node, env)
        if isinstance(node, cst.While):
            return self._loop(node, env)
        if isinstance(node, (cst.With,)):
            if any(self._suppresses_tracer_errors(item.item, env) for item in node.items):
                self.facts.eager_only.add(id(node.body))
            for item in node.items:
                if item.asname is not None:
                    env = self.bind(item.asname.name, self.value(item.item, env), env)
            if any(isinstance(item.item, cst.Call) and self.imports.qualify(item.item.func) in known.COMPILE_TIME_EVAL
                   for item in node.items) and COMPILE_TIME not in env:
                # `jnp` on Python values computes while tracing inside it: concrete, not staged.
                after = self.block(node.body.body, {**env, COMPILE_TIME: STATIC_VALUE})
                return {name: value for name, value in after.items() if name != COMPILE_TIME}
            return self.block(node.body.body, env)
        if isinstance(node, cst.Try) or isinstance(node, getattr(cst, "TryStar", cst.Try)):
            if any(catches_tracer_errors(handler, self.imports) for handler in node.handlers):
                # `try: if rate < 0: ... except jax.errors.ConcretizationTypeError: pass` is written
                # for both cases: the tracer error is expected and handled.
                self.facts.eager_only.add(id(node.body))
            after = self.block(node.body.body, env)
            merged = merge_envs(env, after)
            for handler in node.handlers:
                merged = merge_envs(merged, self.block(handler.body.body, merged))
            if node.orelse is not None:
                merged = merge_envs(merged, self.block(node.orelse.body.body, after))
            if node.finalbody is not None:
                merged = self.block(node.finalbody.body.body, merged)
            return merged
        if isinstance(node, cst.FunctionDef):
            self.facts.nested.append((node, env))
            return {**env, node.name.value: Value(STATIC, function=node)}
        if isinstance(node, cst.ClassDef):
            return {**env, node.name.value: STATIC_VALUE}
        if isinstance(node, cst.Match):
            merged = env
            for case in node.cases:
                merged = merge_envs(merged, self.block(case.body.body, env))
            return merged
        return env

    def _tracer_guard(self, node: cst.If, guard, env: Env) -> Env:
        """`if not isinstance(x, Tracer):` runs its body only when `x` is concrete: under the trace
        that is when `x` is a Python value here; otherwise the body is eager-only code."""
        assert self.facts is not None
        subject, when_traced = guard
        branches = [node.body, node.orelse]
        concrete, traced = (branches[1], branches[0]) if when_traced else (branches[0], branches[1])
        envs = []
        if concrete is not None:
            if self.value(subject, env).trace == STATIC:
                envs.append(self._branch(concrete, env))
            else:
                self.facts.eager_only.add(id(concrete))
                if self.value(subject, env).trace != TRACED:
                    self.facts.unsure.append((node, f"`{_code(subject)}` may or may not be a tracer here; the guarded block is taken to run only eagerly"))
        if traced is not None:
            envs.append(self._branch(traced, env))
        result = env
        for branch_env in envs:
            result = merge_envs(result, branch_env)
        return result

    def _branch(self, branch, env: Env) -> Env:
        if isinstance(branch, cst.If):
            return self.statement(branch, env)
        if isinstance(branch, cst.Else):
            branch = branch.body
        return self.block(branch.body, env)

    def _record(self, node: cst.CSTNode, env: Env) -> None:
        """Remember the env before `node`. On a loop's second pass, names that the first pass had
        not bound yet are left out: on the first iteration they are not defined at this point, and
        a rewrite that reads them (`t = jnp.where(c, v, t)`) would fail."""
        assert self.facts is not None
        first = self.facts.env_at.get(id(node))
        if first is not None and first is not env and not set(env) <= set(first):
            env = {name: value for name, value in env.items() if name in first}
        self.facts.env_at[id(node)] = env

    def _loop(self, node: cst.For | cst.While, env: Env) -> Env:
        assert self.facts is not None
        head = env
        body_env = env
        for _ in range(2):
            if isinstance(node, cst.For):
                element = self._loop_element(node.iter, head)
                body_env = self.bind(node.target, element, head)
            else:
                self.value(node.test, head)  # records the calls the test makes (`while not done(x):`)
                body_env = head
            after = self.block(node.body.body, body_env)
            head = merge_envs(head, after)
            self.facts.env_at[id(node)] = head
        if node.orelse is not None:
            head = self.block(node.orelse.body.body, head)
        return head

    def _loop_element(self, iterable: cst.BaseExpression, env: Env) -> Value:
        value = self.value(iterable, env)
        if value.host == "range":
            # range(n) needs a concrete n; a traced one is its own leak, reported where it stands.
            return STATIC_VALUE if value.trace != TRACED else UNKNOWN_VALUE
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name):
            builtin = iterable.func.value
            args = [self.value(a.value, env) for a in iterable.args if a.keyword is None and not a.star]
            if builtin == "enumerate" and args:
                return Value(args[0].trace, container=True, elements=(STATIC_VALUE, element_of(args[0])))
            if builtin == "zip":
                elements = tuple(element_of(a) for a in args)
                spread = [element_of(element_of(self.value(a.value, env))) for a in iterable.args if a.star == "*"]
                if spread:
                    # `for col in zip(*board)`: a column, one item of each row, as many as there are rows.
                    return Value(max(e.trace for e in (*elements, *spread)), container=True)
                return Value(max((e.trace for e in elements), default=0), container=True, elements=elements)
        return element_of(value)

    def small_statement(self, node: cst.BaseSmallStatement, env: Env) -> Env:
        assert self.facts is not None
        if isinstance(node, cst.Assign):
            value = self.value(node.value, env)
            for target in node.targets:
                env = self.bind(target.target, value, env)
            return env
        if isinstance(node, cst.AnnAssign):
            if node.value is None:
                return env
            return self.bind(node.target, self.value(node.value, env), env)
        if isinstance(node, cst.AugAssign):
            value = self.value(node.value, env)
            if isinstance(node.target, cst.Name):
                old = env.get(node.target.value, self.value(node.target, env))
                return {**env, node.target.value: Value(max(old.trace, value.trace), container=old.container)}
            if isinstance(node.target, cst.Attribute) and isinstance(node.target.value, cst.Name):
                # `self.v += dv`: later reads of `self.v` in this function see the sum.
                old = self.value(node.target, env)
                return self.bind(node.target, Value(max(old.trace, value.trace), container=old.container), env)
            return env
        if isinstance(node, cst.Return):
            # `return NotImplemented` in `__eq__` makes Python try the other operand: not a value.
            if node.value is not None and not (type(node.value) is cst.Name and node.value.value == "NotImplemented"):
                self.facts.returns.append(self.value(node.value, env))
            return env
        if isinstance(node, cst.Expr):
            self.value(node.value, env)
            return _grown(node.value, env, lambda n: self.value(n, env))
        if isinstance(node, (cst.Global, cst.Nonlocal)):
            self.facts.globals_declared.update(n.name.value for n in node.names)
            return env
        if isinstance(node, cst.Del):
            return env
        return env

    def bind(self, target: cst.BaseExpression, value: Value, env: Env) -> Env:
        if isinstance(target, cst.Name):
            return {**env, target.value: value}
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            # `self.m = m`: later reads of `self.m` in this function see the value.
            owner, attribute = target.value.value, target.attr.value
            env = {**env, owner + "." + attribute: value}
            instance = env.get(owner)
            if instance is not None and instance.instance_of is not None and instance.container:
                # `env = GridWorld(); env.x = x`: its methods, called later, see the new field.
                fields = tuple((name, old) for name, old in instance.fields or () if name != attribute)
                env[owner] = instance._replace(fields=(*fields, (attribute, value)),
                                               trace=max(instance.trace, value.trace))
            return env
        if isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            for position, element in enumerate(elements):
                if isinstance(element, cst.StarredElement):
                    env = self.bind(element.value, Value(value.trace, container=True), env)
                    continue
                if value.elements is not None and len(value.elements) == len(elements):
                    part = value.elements[position]
                elif value.container:
                    part = Value(value.trace)
                else:
                    part = Value(value.trace)  # unpacking an array along its first axis
                env = self.bind(element.value, part, env)
            return env
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
            # `data[(ell, m)] = ylm` on a local dict or list: it holds what was put in it.
            held = env.get(target.value.value)
            if held is not None and held.container and held.host is None and held.instance_of is None \
                    and value.trace > held.trace:
                return {**env, target.value.value: held._replace(trace=value.trace, elements=None)}
        return env  # other attribute or subscript targets do not bind local names


def _grown(expression: cst.BaseExpression, env: Env, value_of) -> Env:
    """`dist.append(d)` on a local list: the list holds what was put in it (a traced element
    makes `dist[i]` a tracer, and `dist` a list of arrays)."""
    call = expression
    if not (type(call) is cst.Call and type(call.func) is cst.Attribute and type(call.func.value) is cst.Name
            and call.func.attr.value in ("append", "extend", "insert") and call.args):
        return env
    name = call.func.value.value
    held = env.get(name)
    if held is None or not held.container or held.host is not None or held.instance_of is not None:
        return env
    added = value_of(call.args[-1].value)
    if added.trace <= held.trace:
        return env
    return {**env, name: held._replace(trace=added.trace, elements=None)}


def _code(node: cst.CSTNode) -> str:
    text = " ".join(cst.Module([]).code_for_node(node).split())
    return text if len(text) <= 40 else text[:37] + "..."


def comprehension_env(node, env: Env, imports: ImportTable, module_env: Env) -> Env:
    """`env` with the targets of a comprehension's `for` clauses bound, as a `for` loop binds them."""
    walker = FunctionWalker(imports, module_env, resolve_call=lambda call: None, helper_result=lambda f: None)
    walker.facts = FunctionFacts(node, env)
    for_in = node.for_in
    while for_in is not None:
        env = walker.bind(for_in.target, walker._loop_element(for_in.iter, env), env)
        for_in = for_in.inner_for_in
    return env


def _bound_arguments(call: cst.Call, args: list[Value]) -> list[tuple[str | None, Value]]:
    """(keyword or None, value) per argument a call passes; `*args` of a tuple whose elements are
    known passes each of them (`obj(c, *args)` with `args=(m, rho)`), else a `"*"` entry that
    stands for every positional parameter left."""
    bound: list[tuple[str | None, Value]] = []
    for arg, value in zip(call.args, args):
        if arg.star == "*":
            if value.elements is not None:
                bound.extend((None, element) for element in value.elements)
            else:
                bound.append(("*", Value(value.trace)))
        elif arg.star == "**":
            bound.append(("**", Value(value.trace)))
        else:
            bound.append((arg.keyword.value if arg.keyword else None, value))
    return bound


def _argument_value(call: cst.Call, args: list[Value], position: int, keyword: str) -> Value | None:
    node = _argument(call, position, (keyword,))
    return next((value for arg, value in zip(call.args, args) if arg.value is node), None) if node is not None else None


def _as_traced(value: Value) -> Value:
    """`value` as a traced loop carry: every leaf a tracer, booleans still booleans."""
    elements = tuple(_as_traced(element) for element in value.elements) if value.elements else value.elements
    fields = tuple((name, _as_traced(field)) for name, field in value.fields) if value.fields else value.fields
    return Value(TRACED, boolean=value.boolean, container=value.container, elements=elements,
                 instance_of=value.instance_of, fields=fields)
