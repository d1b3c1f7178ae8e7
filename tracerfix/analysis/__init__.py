"""Which functions of a module are traced, and what is traced inside them.

`analyze(module, source)` runs three cheap steps: an index of the module (imports, definitions,
transformation call sites), the discovery of traced scopes, and a dataflow pass over each traced
scope. Helpers called from traced code with traced arguments become traced scopes themselves; a
scope is walked again when its parameters, closure or helpers' results change, until none does.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.dataflow import Env, FunctionFacts, FunctionWalker
from tracerfix.analysis.imports import ImportTable
from tracerfix.analysis.scopes import (
    FunctionNode,
    ModuleIndex,
    ScopeFinder,
    TracedScope,
    build_index,
    host_kind,
    param_names,
    traced_as_annotated,
    is_classmethod,
    is_staticmethod,
    used_only_as_leaf,
)
from tracerfix.analysis.values import (
    own_class_of,
    join_all,
    STATIC,
    STATIC_VALUE,
    TRACED,
    TRACED_VALUE,
    UNKNOWN,
    UNKNOWN_VALUE,
    Evaluator,
    MODULES_PASSED_AROUND,
    Alternatives,
    Value,
    is_python_literal,
    join,
)

# A scope's facts only grow more traced, so this bound is never reached in practice; it keeps a
# pathological module from looping.
_MAX_WALKS = 8


@dataclass
class Analysis:
    module: cst.Module
    index: ModuleIndex
    scopes: dict[int, TracedScope] = field(default_factory=dict)
    facts: dict[int, FunctionFacts] = field(default_factory=dict)
    closures: dict[int, Env] = field(default_factory=dict)
    roots: list[FunctionNode] = field(default_factory=list)
    evidence: object = None  # what a traceback proved (tracerfix.evidence), bound to this module
    _leaf_params: dict[tuple[int, str], bool] = field(default_factory=dict)
    _memo: dict = field(default_factory=dict)
    # What a helper returns at a call that passes only Python values (id of the call -> value).
    static_results: dict[int, Value | None] = field(default_factory=dict)

    @property
    def imports(self) -> ImportTable:
        return self.index.imports

    def enclosing(self, node: cst.CSTNode) -> tuple[cst.CSTNode, ...]:
        return self.index.enclosing.get(id(node), ())

    def scope_of(self, function: FunctionNode) -> TracedScope | None:
        return self.scopes.get(id(function))

    def _closure_of_factory_call(self, name: str, nested: cst.FunctionDef) -> None:
        """`apply = wrap_module(MLPDynamics, shape)` at module level: the closure the factory returns
        reads the factory's parameters as that call bound them, a class of this module as that
        class (`module(*args)` in the closure builds an `MLPDynamics`)."""
        call = self.index.made_calls.get(name)
        chain = self.index.enclosing.get(id(nested), ())
        if id(nested) in self.closures or call is None or not chain or not isinstance(chain[-1], cst.FunctionDef):
            return
        factory = chain[-1]
        positional = [p.name.value for p in (*factory.params.posonly_params, *factory.params.params)]
        closure: Env = {}
        rest: list[Value] = []  # what the factory's `*args` collects
        module_level = Evaluator({}, self.imports, self.index.module_env)
        for position, argument in enumerate(call.args):
            if argument.star:
                break
            value = argument.value
            if isinstance(value, cst.Name) and value.value in self.index.classes:
                held = Value(STATIC, instance_of=value.value)
            else:
                held = module_level.value(value)
                host = host_kind(value, self.imports)
                if held.host is None and host in ("list", "tuple", "numpy"):
                    held = held._replace(host=host)  # `make_schedule([1.0, 0.5])`: a list a tracer cannot index
            if argument.keyword is not None:
                closure[argument.keyword.value] = held
            elif position < len(positional):
                closure[positional[position]] = held
            else:
                rest.append(held)
        star = factory.params.star_arg
        if isinstance(star, cst.Param) and rest and all(value.trace == STATIC for value in rest):
            closure[star.name.value] = Value(STATIC, container=True)  # `wrap_module(Model, shape)`
        # An object of a class, or a Python list or tuple (`make_schedule(boundaries, [1.0, 0.5])`,
        # which the closure may index with a traced position).
        if any(value.instance_of is not None or value.container for value in closure.values()):
            self.closures[id(nested)] = closure

    def resolve_call(self, call: cst.Call, caller: FunctionNode, env: Env | None = None) -> cst.FunctionDef | None:
        """The function of this module that `call`, made inside `caller`, runs: a name defined in
        an enclosing scope or the module, `self.method` / `cls.method`, and given the caller's
        environment `env`, the `__init__` a class call runs or the method of an object of a
        class of this module; None otherwise."""
        chain = (*self.index.enclosing.get(id(caller), ()), caller)
        if env is not None and type(call.func) is cst.Attribute and type(call.func.value) is cst.Name:
            # `self._compute_state_dot(...)` in a base class's method, on an object of a subclass
            # that overrides it: the subclass's method runs.
            receiver = env.get(call.func.value.value)
            if receiver is not None and receiver.instance_of is not None and receiver.container:
                dispatched = self.index.class_method(receiver.instance_of, call.func.attr.value)
                if dispatched is not None:
                    return dispatched
        found = self.index.defined_function(call.func, chain, self.index.top_of.get(id(chain[0])))
        if found is None and type(call.func) is cst.Subscript:
            # `methods[method](x)`: the first function the dict may give; `alternatives_of`, the others.
            return next(iter(self._function_table(call, caller)), None)
        if found is not None or env is None:
            return found
        func = call.func
        if type(func) is cst.Name:
            if func.value not in env:
                made_class, made_function = self.index.made_object_or_function(func.value)
                if made_class is not None:
                    return self.index.class_method(made_class, "__call__")  # `model(x)`
                if made_function is not None:
                    self._closure_of_factory_call(func.value, made_function)
                    return made_function  # the closure a factory returned: `schedule(step)`
                partial = self.index.partials.get(func.value)
                if partial is not None:
                    # `log_density(z)`, `log_density = partial(model, DATA)`: `model(DATA, z)`.
                    return self.index.defined_function(partial.args[0].value, (), self.index.top_of.get(id(partial)))
            held = self.index.closure_function(chain, func.value)
            if held is not None:
                return held  # `step_size_fn(count)`: the function a module-level factory call gave
            value = env.get(func.value) or self.index.module_env.get(func.value)
            if value is not None and value.instance_of is not None:
                # `Model(w)` runs `__init__`; `net(x)`, `net` an object of the class, `__call__`.
                return self.index.class_method(value.instance_of, "__call__" if value.container else "__init__")
            if value is not None and value.function is not None:
                # A function handed over as an argument (`f(middle)` in `bisect(f, a, b)`); of
                # several that callers pass, the first (`alternatives_of` gives the others).
                return self.function_of(value.function[0] if isinstance(value.function, Alternatives) else value.function)
        elif (instance := own_class_of(func)) is not None and type(instance) is cst.Name:
            # `self.__class__(data, ...)`: the `__init__` of the object's own class.
            value = env.get(instance.value)
            if value is not None and value.instance_of is not None and value.container:
                return self.index.class_method(value.instance_of, "__init__")
        elif type(func) is cst.Call and type(func.func) is cst.Name:
            # `Model(w)(x)`: the `__call__` of an object built on the spot.
            value = env.get(func.func.value) or self.index.module_env.get(func.func.value)
            if value is not None and value.instance_of is not None and not value.container:
                return self.index.class_method(value.instance_of, "__call__")
        elif type(func) is cst.Attribute:
            receiver = func.value
            if type(receiver) is cst.Name:
                value = env.get(receiver.value)
                if value is not None and value.instance_of is not None and value.container:
                    method = self.index.class_method(value.instance_of, func.attr.value)
                    held = self.index.attribute_classes(value.instance_of).get(func.attr.value)
                    if method is None and held is not None:
                        return self.index.class_method(held, "__call__")  # `self.linear(x)`
                    stored = dict(value.fields or ()).get(func.attr.value)
                    if method is None and stored is not None and stored.function is not None \
                            and not isinstance(stored.function, Alternatives):
                        return self.function_of(stored.function)  # `self._fun(x)`, a function it was given
                    return method
                if receiver.value not in env:
                    made_class, _ = self.index.made_object_or_function(receiver.value)
                    if made_class is not None:
                        return self.index.class_method(made_class, func.attr.value)  # `model.apply(x)`
                    held = self.index.made_fields(receiver.value).get(func.attr.value)
                    if held is not None:
                        return held  # `optimizer.update(g, state)`: a closure a factory stored
            elif type(receiver) is cst.Attribute and type(receiver.value) is cst.Name:
                # `self.linear.apply(x)`, where a method set `self.linear = Linear(...)`.
                owner = env.get(receiver.value.value)
                if owner is not None and owner.instance_of is not None and owner.container:
                    field = dict(owner.fields or ()).get(receiver.attr.value)
                    if field is not None and field.instance_of is not None and field.container:
                        # `self.assertion_1.check(x)`: the object this one was given holds the method.
                        return self.index.class_method(field.instance_of, func.attr.value)
                    held = self.index.attribute_classes(owner.instance_of).get(receiver.attr.value)
                    if held is not None:
                        return self.index.class_method(held, func.attr.value)
            elif type(receiver) is cst.Call and type(receiver.func) is cst.Name:
                # `Layer(10).profile(x)`: a method of an object built on the spot.
                value = env.get(receiver.func.value) or self.index.module_env.get(receiver.func.value)
                if value is not None and value.instance_of is not None and not value.container:
                    return self.index.class_method(value.instance_of, func.attr.value)
        return None

    def function_of(self, function) -> FunctionNode | None:
        """The def or lambda a function value names (a node, or a module-level function's name)."""
        if isinstance(function, str):
            return self.index.defined_function(cst.Name(function), ())
        return function

    def _function_table(self, call: cst.Call, caller: FunctionNode) -> list[cst.FunctionDef]:
        """`methods = {"ebrahimi": _ebrahimi_entropy, ...}` then `methods[method](x)`: the
        functions of this module the dict (bound once, in the caller or the module) may give, the
        one a literal key names alone."""
        from tracerfix.bindings import assigned_values

        func = call.func
        if type(func.value) is not cst.Name or len(func.slice) != 1 or not isinstance(func.slice[0].slice, cst.Index):
            return []
        name = func.value.value
        chain = (*self.index.enclosing.get(id(caller), ()), caller)
        values = assigned_values(caller, name) if isinstance(caller, cst.FunctionDef) else []
        if not values and name not in param_names(caller):
            values = assigned_values(self.module, name)
        if len(values) != 1 or not isinstance(values[0], cst.Dict):
            return []
        entries = []
        for element in values[0].elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.value, cst.Name):
                return []
            found = self.index.defined_function(element.value, chain, self.index.top_of.get(id(chain[0])))
            if found is None:
                return []
            key = element.key.evaluated_value if isinstance(element.key, cst.SimpleString) else None
            entries.append((key, found))
        index = func.slice[0].slice.value
        if isinstance(index, cst.SimpleString):
            return [found for key, found in entries if key == index.evaluated_value][:1]
        return list(dict.fromkeys(found for _, found in entries))

    def alternatives_of(self, call: cst.Call, env: Env, caller: FunctionNode | None = None) -> list[FunctionNode]:
        """The other functions a called parameter may be, when callers pass different ones (or
        that a dict of functions may give, `methods[method](x)`)."""
        if type(call.func) is cst.Subscript:
            return self._function_table(call, caller)[1:] if caller is not None else []
        value = env.get(call.func.value) if type(call.func) is cst.Name else None
        if value is None or not isinstance(value.function, Alternatives):
            return []
        return [node for node in map(self.function_of, value.function[1:]) if node is not None]

    def eager_only(self) -> set[int]:
        """Ids of the blocks that run only on concrete values, in every traced function."""
        blocks: set[int] = set()
        for facts in self.facts.values():
            blocks |= facts.eager_only
        return blocks

    def unsure(self) -> list[tuple[cst.CSTNode, str]]:
        """Where the analysis stays silent because a value could be traced or not, and why."""
        return [entry for facts in self.facts.values() for entry in facts.unsure]

    def memo(self, key, compute):
        """A fact about this module that rules ask for more than once, computed once."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def parameter_is_leaf(self, function: FunctionNode, name: str) -> bool:
        """`used_only_as_leaf`, computed once per parameter (only truth tests of bare names ask)."""
        key = (id(function), name)
        known_leaf = self._leaf_params.get(key)
        if known_leaf is None:
            known_leaf = self._leaf_params[key] = used_only_as_leaf(function, name)
        return known_leaf

    def helper_result(self, call: cst.Call, caller: FunctionNode | None, env: Env | None = None) -> Value | None:
        """What a call to a traced helper of this module returns (joined over its call sites)."""
        callee = None if caller is None else self.resolve_call(call, caller, env)
        if callee is None:
            return self.static_results.get(id(call))
        if id(call) in self.static_results and not self.gives_arrays(callee):
            return self.static_results[id(call)]
        return self.result_of(callee)

    def result_of(self, callee: FunctionNode) -> Value | None:
        """What `callee` returns under the trace: a tracer for a jitted function, else its return
        value joined over its call sites (None when the analysis did not walk it)."""
        facts = self.facts.get(id(callee))
        if self.gives_arrays(callee):
            # A jitted function that builds an object (`return Spectrum(alpha=...)`, a registered
            # dataclass) gives that object back, its array fields tracers under the caller's trace:
            # its methods and properties run traced there.
            returned = None if facts is None else facts.return_value
            if returned is not None and returned.instance_of is not None and returned.container:
                return _leaves_traced(returned)
            return TRACED_VALUE
        return None if facts is None else facts.return_value

    def gives_arrays(self, callee: FunctionNode) -> bool:
        """`callee` is decorated with jax.jit (vmap, grad...): it gives arrays, which are tracers
        when it is called under a trace, even with only static arguments (`add1(k)`)."""
        scope = self.scopes.get(id(callee))
        return scope is not None and any(
            site.form != "call" and site.transform in known.STAGING_TRANSFORMS for site in scope.jit_sites
        )


def _leaves_traced(value: Value) -> Value:
    """`value` (an object, a tuple) with every leaf a tracer, as a jitted function gives it back."""
    if value.function is not None or value.module is not None:
        return value
    if not value.container:
        return TRACED_VALUE
    fields = None if value.fields is None else tuple((name, _leaves_traced(field)) for name, field in value.fields)
    elements = None if value.elements is None else tuple(_leaves_traced(element) for element in value.elements)
    return value._replace(trace=TRACED, fields=fields, elements=elements)


def analyze(
    module: cst.Module, source: str, extra_jit: frozenset[str] = frozenset(), evidence=None, external: tuple = (),
    static_fields: frozenset[str] = frozenset(),
) -> Analysis:
    """`external`: functions of this module that other modules of the project trace
    (`project.ExternalSeed`s), started as traced scopes like those found here. `static_fields`:
    dataclass fields the project's other modules declare static (`project.static_fields_for`)."""
    index = build_index(module, source, frozenset(name.rpartition(".")[2] for name in extra_jit))
    for name in static_fields:
        index.module_env.setdefault("." + name, STATIC_VALUE)
    analysis = Analysis(module, index)
    analysis.scopes = ScopeFinder(index, extra_jit).find()
    if evidence is not None:
        evidence.seed(analysis, source)  # functions and arguments a traceback proved traced
    if external:
        from tracerfix.analysis.project import seed_scopes

        seed_scopes(index, analysis.scopes, external)
    if analysis.scopes:
        _Propagation(analysis).run()
    if evidence is not None and analysis.evidence.seed_pending():
        _Propagation(analysis).run()
    return analysis


class _Propagation:
    """Walks traced scopes, turning helpers called with traced arguments into traced scopes."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.index = analysis.index
        self.traced_ids: set[int] = set(analysis.scopes)
        self._static_results: dict[tuple, Value | None] = {}
        # What each call site last passed to a helper: id(callee) -> (caller, site) -> values.
        self._passed_at: dict[int, dict[tuple[int, int], dict[str, Value]]] = {}

    def run(self) -> None:
        """A worklist to a fixed point: a scope is walked again only when what it read changed
        (its parameters, its closure, or the result of a helper it calls)."""
        analysis = self.analysis
        queue = deque(self._ordered(list(analysis.scopes.values())))
        queued = {id(scope.node) for scope in queue}
        walks: dict[int, int] = {}
        callers: dict[int, set[int]] = {}  # id(callee) -> ids of the traced scopes calling it

        def again(node: cst.CSTNode) -> None:
            key = id(node)
            if key not in queued and walks.get(key, 0) < _MAX_WALKS:
                queued.add(key)
                queue.append(analysis.scopes[key])

        while queue:
            scope = queue.popleft()
            key = id(scope.node)
            queued.discard(key)
            walks[key] = walks.get(key, 0) + 1
            previous = analysis.facts.get(key)
            facts = self._walk(scope)
            analysis.facts[key] = facts
            for nested, env in facts.nested:
                if id(nested) not in analysis.scopes:
                    params = {name: UNKNOWN_VALUE for name in param_names(nested)}
                    analysis.scopes[id(nested)] = TracedScope(
                        nested, params, f"defined inside traced {_name(scope.node)}", scope.transform,
                        awaiting_calls=True, concrete=scope.concrete,
                    )
                    self.traced_ids.add(id(nested))
                elif analysis.closures.get(id(nested)) == env and id(nested) in analysis.facts:
                    continue
                analysis.closures[id(nested)] = env
                again(nested)
            for mapped, env, values in facts.mapped:
                self._map_over_leaves(scope, mapped, env, values, again)
            for record in facts.calls:
                callers.setdefault(id(record.callee), set()).add(key)
                if self._propagate(scope, record):
                    again(record.callee)
            if previous is None or previous.return_value != facts.return_value:
                for caller in callers.get(key, ()):
                    again(analysis.scopes[caller].node)
        analysis.roots = [
            scope.node
            for scope in analysis.scopes.values()
            if not any(id(outer) in self.traced_ids for outer in self.index.enclosing.get(id(scope.node), ()))
        ]

    def _map_over_leaves(self, caller: TracedScope, function: FunctionNode, env: Env, values: Env, again) -> None:
        """`jax.tree_util.tree_map(fn, tree)` on a traced tree: `fn` gets traced leaves."""
        analysis = self.analysis
        params = {name: values.get(name, UNKNOWN_VALUE) for name in param_names(function)}
        scope = analysis.scopes.get(id(function))
        if scope is None:
            if id(function) not in self.index.enclosing:
                # A lambda the index did not walk into (no transformation call in the text).
                self.index.enclosing[id(function)] = (*self.index.enclosing.get(id(caller.node), ()), caller.node)
                self.index.top_of[id(function)] = self.index.top_of.get(id(caller.node), 0)
            scope = TracedScope(function, params, f"mapped over traced leaves in {_name(caller.node)}", caller.transform,
                                concrete=caller.concrete)
            analysis.scopes[id(function)] = scope
            self.traced_ids.add(id(function))
        else:
            # A scope of its own already (a `lax` body): only the parameters given here change.
            params = {name: value for name, value in values.items() if name in scope.params}
            if all(scope.params.get(name) == value for name, value in params.items()) and (
                isinstance(function, cst.FunctionDef) or analysis.closures.get(id(function)) == env
            ):
                return
        scope.params.update(params)
        if isinstance(function, cst.Lambda):
            analysis.closures[id(function)] = env
        again(function)

    def _ordered(self, scopes: list[TracedScope]) -> list[TracedScope]:
        # Outer functions first, so nested defs see their closure environment.
        return sorted(scopes, key=lambda s: len(self.index.enclosing.get(id(s.node), ())))

    def _walk(self, scope: TracedScope) -> FunctionFacts:
        analysis = self.analysis
        if id(scope.node) not in analysis.closures and isinstance(scope.node, cst.FunctionDef) \
                and self.index.enclosing.get(id(scope.node)):
            # `schedule = make_schedule(...)`, `jax.jit(schedule)`: the closure as that call made it.
            for name in self.index.made_by:
                if self.index.made_object_or_function(name)[1] is scope.node:
                    analysis._closure_of_factory_call(name, scope.node)
                    break
        closure = analysis.closures.get(id(scope.node), {})
        entry = {**closure, **scope.params}
        walker = FunctionWalker(
            analysis.imports,
            self.index.module_env,
            resolve_call=lambda call, env=None: analysis.resolve_call(call, scope.node, env),
            helper_result=self.analysis.result_of,
        )
        walker.static_result = self._static_result
        walker.alternatives = lambda call, env: analysis.alternatives_of(call, env, scope.node)
        walker.classes = self.index
        return walker.walk(scope.node, entry)

    def _static_result(self, call: cst.Call, callee: cst.FunctionDef, args) -> Value | None:
        """What `callee` returns when this call passes it Python values only: its own walk with
        those values (cached), when its summary was joined with traced call sites."""
        facts = self.analysis.facts.get(id(callee))
        scope = self.analysis.scopes.get(id(callee))
        if facts is None or scope is None or not any(v.trace == TRACED for v in scope.params.values()):
            return None
        if self.analysis.gives_arrays(callee):
            return None
        chain = self.index.enclosing.get(id(callee), ())
        is_method = bool(chain) and isinstance(chain[-1], cst.ClassDef) and not is_staticmethod(callee)
        params = {name: UNKNOWN_VALUE for name in param_names(callee)}
        params.update(_call_values(callee, args, is_method, self.analysis))
        key = (id(callee), tuple(sorted(params.items())))
        if key in self._static_results:
            return self._static_results[key]
        self._static_results[key] = None  # a recursive call sees the joined summary
        walker = FunctionWalker(
            self.analysis.imports,
            self.index.module_env,
            resolve_call=lambda inner, env=None: self.analysis.resolve_call(inner, callee, env),
            helper_result=self.analysis.result_of,
        )
        walker.static_result = self._static_result
        walker.classes = self.index
        closure = self.analysis.closures.get(id(callee), {})
        result = walker.walk(callee, {**closure, **params}).return_value
        self._static_results[key] = result
        self.analysis.static_results[id(call)] = result
        return result

    def _propagate(self, caller: TracedScope, record) -> bool:
        """Bind the callee's parameters to what this call passes (a helper called from traced code
        runs under the trace, whatever its arguments); True when anything changed."""
        callee = record.callee
        chain = self.index.enclosing.get(id(callee), ())
        is_method = bool(chain) and isinstance(chain[-1], cst.ClassDef) and not is_staticmethod(callee)
        passed = _call_values(callee, record.args, is_method, self.analysis, record.receiver)
        scope = self.analysis.scopes.get(id(callee))
        if record.site:
            self._passed_at.setdefault(id(callee), {})[(id(caller.node), record.site)] = passed
        traced = any(value.trace == TRACED for _, value in record.args) or (
            record.receiver is not None and record.receiver.trace == TRACED)
        if scope is None and not traced and any(v.trace != STATIC or v.loose for _, v in record.args):
            # Neither traced nor known Python values: the call may sit on a path the trace never
            # takes (`if neighbors is None:`); walking the helper would only guess.
            return False
        if scope is None:
            params = {name: UNKNOWN_VALUE for name in param_names(callee)}
            params.update(passed)
            how = "with traced arguments" if traced else "(it runs under the trace)"
            scope = TracedScope(callee, params, f"called from traced {_name(caller.node)} {how}", caller.transform,
                                concrete=caller.concrete)
            self.analysis.scopes[id(callee)] = scope
            self.traced_ids.add(id(callee))
            changed = True
        else:
            changed = False
            if scope.concrete and not caller.concrete:
                scope.concrete = False  # also reached from a jitted caller: its values are abstract there
                changed = True
            first_call = scope.awaiting_calls and not scope.transformed
            scope.awaiting_calls = False
            sites = self._passed_at.get(id(callee)) if record.site and not scope.transformed else None
            for name, value in passed.items():
                old = scope.params.get(name)
                if old is None:
                    continue
                if first_call:
                    # Its parameters were placeholders: this call says what they are.
                    if value != old:
                        scope.params[name] = value
                        changed = True
                    continue
                # A transformation's own parameters are decided at its boundary; a helper's are
                # whatever any traced caller passes.
                if scope.transformed:
                    new = value if value.trace == TRACED and old.trace != TRACED else old
                    if old.trace == TRACED and not old.container and value.instance_of is not None and value.container:
                        # An object of a class of this module handed to a transformed function:
                        # a pytree whose leaves the transformation traces (`_compute(objective, x)`).
                        new = Value(TRACED, container=True, instance_of=value.instance_of)
                    if new.none is not None and value.none != new.none:
                        # `neighbor_fn((R, False))` beside `lax.cond(..., partial(neighbor_fn,
                        # max_occupancy=n), ...)`: whether it is None is no longer decided.
                        new = new._replace(none=None)
                elif sites is not None:
                    # Joined over what each call site passes now: a site's earlier, vaguer
                    # arguments (before its own loop carry was known) do not linger.
                    new = join_all([site[name] for site in sites.values() if name in site])
                    # A function value replaces the unknown a site passed before the factory that
                    # makes it was walked (`residual = make_residual(c)`, `newton(residual, x0)`).
                    refined = old.trace == UNKNOWN and old.function is None and new.function is not None
                    new = new if new.trace >= old.trace or refined else join(old, new)
                else:
                    new = join(old, value)
                if new != old:
                    scope.params[name] = new
                    changed = True
        if caller.differentiated and not scope.differentiated:
            scope.differentiated = True  # and so are the helpers it calls: walk it again
            changed = True
        return changed


def _call_values(callee: cst.FunctionDef, args, is_method: bool, analysis: Analysis,
                 receiver: Value | None = None) -> dict[str, Value]:
    """The value each parameter of `callee` takes at one call: the argument passed, else the
    literal default (a Python constant), else unknown; `self` is the `receiver` when known."""
    params = callee.params
    positional = [*params.posonly_params, *params.params]
    values: dict[str, Value] = {}
    if is_method and positional:
        chain = analysis.index.enclosing.get(id(callee), ())
        if chain and isinstance(chain[-1], cst.ClassDef) and not is_classmethod(callee):
            # `self` is an object of the class: `self.linear(x)` finds `Linear.__call__`; an
            # object built from traced values carries them in its attributes.
            values[positional[0].name.value] = receiver if receiver is not None else Value(
                STATIC, container=True, instance_of=chain[-1].name.value)
        elif chain and isinstance(chain[-1], cst.ClassDef):
            # `cls` is the class itself: `cls(data)` constructs an object of it.
            values[positional[0].name.value] = Value(STATIC, instance_of=chain[-1].name.value)
        positional = positional[1:]  # obj.method(x): x binds the second parameter
    position = 0
    star = False
    spread: Value | None = None  # what a `**kwargs` of unknown keys passes
    for keyword, value in args:
        if keyword is None:
            if position < len(positional):
                values[positional[position].name.value] = value
            else:
                star = True
            position += 1
        elif keyword == "*":
            # `f(*rest)` of unknown length: it may reach every positional parameter left.
            for param in positional[position:]:
                values.setdefault(param.name.value, value)
            star = True
        elif keyword == "**":
            spread = value
        else:
            values[keyword] = value
    named = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    # What `**kwargs` holds: the keywords no parameter takes, and any mapping spread into it.
    extra = [value for keyword, value in args if keyword not in (None, "*") and keyword not in named]
    evaluator = Evaluator({}, analysis.imports, analysis.index.module_env)
    for param in (*positional, *params.kwonly_params):
        name = param.name.value
        if name in values:
            continue
        if spread is not None and param.default is None:
            values[name] = spread
            continue
        if param.default is not None and (is_python_literal(param.default) or _is_module(param.default, analysis)):
            values[name] = evaluator.value(param.default)
        elif isinstance(param.default, cst.Name) and getattr(
                analysis.index.module_env.get(param.default.value), "host", None) is not None:
            # `table=TABLE`, a NumPy array or a list made at module level: what the call leaves it.
            values[name] = analysis.index.module_env[param.default.value]
        else:
            values[name] = UNKNOWN_VALUE
    if isinstance(params.star_arg, cst.Param):
        values[params.star_arg.name.value] = Value(TRACED if star else UNKNOWN, container=True)
    if isinstance(params.star_kwarg, cst.Param):
        trace = max([UNKNOWN, *(value.trace for value in extra)])
        values[params.star_kwarg.name.value] = Value(trace, container=True)
    for param in (*positional, *params.kwonly_params):
        value = values.get(param.name.value)
        if value is not None and value.trace == TRACED and not value.container and param.annotation is not None:
            # `bark_model: BARKModel` given a traced value the caller lost track of (a scan's
            # carry): an object of that pytree class, its fields traced, its properties read.
            narrowed = traced_as_annotated(param, analysis.imports, analysis.index.pytree_fields)
            if narrowed.instance_of is not None:
                values[param.name.value] = narrowed
    stars = {p.name.value for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)}
    return {name: value for name, value in values.items() if name in named or name in stars}


def _is_module(node: cst.BaseExpression, analysis: Analysis) -> bool:
    """`xnp=np`: a default naming a module that code passes around in place of another."""
    return isinstance(node, cst.Name) and analysis.imports.aliases.get(node.value) in MODULES_PASSED_AROUND


def _name(function: FunctionNode) -> str:
    return f"`{function.name.value}`" if isinstance(function, cst.FunctionDef) else "lambda"
