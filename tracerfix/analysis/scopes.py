"""Which functions run under a JAX trace, and which of their parameters are traced.

A function is traced when it is decorated with a transformation (`@jax.jit`,
`@partial(jax.jit, static_argnames=...)`, `@jax.jit(static_argnames=...)`, `@eqx.filter_jit`...),
passed to one (`jax.jit(f)`, `jax.vmap(f)(x)`, `lax.scan(body, ...)`), or is a same-module helper
called from a traced function with traced arguments (found later, by the dataflow pass).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.imports import ImportTable, dotted_name
from tracerfix.analysis.syntax import child_nodes, descendants, own_nodes, statements_in, target_names
from tracerfix.analysis.values import (
    COMPILE_TIME,
    DEVICE_CONSTANT,
    STATIC_VALUE,
    TRACED,
    TRACED_VALUE,
    UNKNOWN,
    UNKNOWN_VALUE,
    Value,
    is_none_literal,
    is_python_literal,
    join,
    join_all,
    literal_int,
)
from tracerfix.lazy_module import UnparsedStatement, materialize

FunctionNode = cst.FunctionDef | cst.Lambda

CALL_SITE_WORDS = (
    "jit", "pjit", "vmap", "pmap", "grad", "value_and_grad", "jacfwd", "jacrev", "jacobian",
    "hessian", "checkpoint", "remat", "scan", "fori_loop", "while_loop", "cond", "switch", "map",
    "associative_scan", "custom_root", "reduce", "shard_map", "filter_jit", "filter_vmap",
    "filter_grad", "filter_value_and_grad", "jvp", "vjp", "linearize", "make_jaxpr", "vectorize",
    "apply_along_axis", "apply_over_axes",
)
_CALL_SITE_WORDS_SET = frozenset(CALL_SITE_WORDS)
# `jit(`, `import jit as`, and `partial(jax.jit, ...)` (whose call applies the transformation).
_CALL_SITE_PATTERN = re.compile(
    r"\b(?:%s)(?:\s*\(|\s+as\s)|partial\(\s*[\w.]*\b(?:%s)\b" % ("|".join(CALL_SITE_WORDS), "|".join(CALL_SITE_WORDS))
)


@dataclass
class JitSite:
    """Where and how a transformation is applied to a function: what a static-argument fix edits."""

    transform: str
    node: cst.CSTNode  # the Decorator, or the Call at a `jax.jit(f)` call site
    form: str  # "decorator" | "decorator-call" | "partial" | "call"
    call: cst.Call | None = None  # the call carrying keyword options, when there is one
    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()


@dataclass
class TracedScope:
    node: FunctionNode
    params: dict[str, Value]
    reason: str  # for messages: "decorated with @jax.jit", "body of lax.scan"...
    transform: str
    jit_sites: list[JitSite] = field(default_factory=list)
    differentiated: bool = False
    # A transformation traces this function itself (not only as a helper of traced code): its
    # edges are the boundary that a leaked tracer crosses.
    transformed: bool = False
    # The parameters are placeholders (a function defined inside traced code, called from none
    # yet): the first call that reaches it gives them their values, later ones are joined.
    awaiting_calls: bool = False
    # Every transformation that reaches it only differentiates (`jax.grad(f)`, no jit or vmap
    # around it): its tracers carry concrete values, so Python `if`, `while`, `bool()` and
    # boolean masks work on them; NumPy, `float()` and `.tolist()` still fail.
    concrete: bool = False


@dataclass
class ModuleIndex:
    """What the analysis needs from a module, gathered in one pass."""

    imports: ImportTable
    module_env: dict[str, Value]
    # Function definitions visible by name in each scope (id of the module or FunctionDef).
    defs_in_scope: dict[int, dict[str, cst.FunctionDef]]
    # Methods of each class, by the class's id.
    methods: dict[int, dict[str, cst.FunctionDef]]
    # The chain of enclosing FunctionDef/ClassDef/Lambda nodes of each function and recorded call.
    enclosing: dict[int, tuple[cst.CSTNode, ...]]
    functions: list[FunctionNode]
    transform_calls: list[cst.Call]
    module: cst.Module
    # Index in module.body of the top-level statement holding each function and recorded call.
    top_of: dict[int, int]
    # Indexes the statements parsed later (`lazy_module`), into these same tables.
    indexer: "_Indexer | None" = None
    # Top-level classes by name (kept as text until a traced function uses one).
    classes: dict = field(default_factory=dict)
    _pytree_fields: dict = field(default_factory=dict)  # class name -> `pytree_fields`
    # Module-level function names defined more than once: (top-level index, def) in order.
    redefinitions: dict = field(default_factory=dict)
    # The same inside functions: scope id -> name -> defs in source order.
    local_redefinitions: dict = field(default_factory=dict)
    # Module-level names bound to a call of a module name: `model = Model(2, 3)`,
    # `schedule = make_schedule(0.1)` (name -> the called name).
    made_by: dict = field(default_factory=dict)
    _attribute_classes: dict = field(default_factory=dict)  # class name -> `attribute_classes`
    _made: dict = field(default_factory=dict)  # name -> `made_object_or_function`
    _held: dict = field(default_factory=dict)  # (id of a class, attribute) -> `held_function`
    _init_depth: int = 0  # `init_fields` following `super().__init__` calls
    _module_objects: dict = field(default_factory=dict)  # name -> `object_made_at_module_level`
    _making: set = field(default_factory=set)  # factories `made_from` is following (no loops)
    # Module-level names bound to a call, with the call (`optimizer = sgd(schedule)`).
    made_calls: dict = field(default_factory=dict)
    _made_fields: dict = field(default_factory=dict)  # name -> `made_fields`
    # What a factory's parameters held when a module-level call ran it: id of the factory ->
    # {parameter: module-level function name} (`scale_by_schedule(step_size_fn=schedule)`).
    closure_functions: dict = field(default_factory=dict)
    # Module-level names bound to `functools.partial(function, ...)`: name -> that call.
    partials: dict = field(default_factory=dict)
    # Module-level names bound to a lambda (`loss_fn = lambda X, y: nll(X, y, NODES)`).
    lambdas: dict = field(default_factory=dict)
    # `counter = count_python` at module level (a fallback in `except ImportError:` included).
    function_aliases: dict = field(default_factory=dict)
    # id of a function a factory returns as `partial(function, name=...)` -> the names it binds
    bound_by_factory: dict = field(default_factory=dict)

    def made_object_or_function(self, name: str) -> tuple[str | None, cst.FunctionDef | None]:
        """What the module-level `name` holds when it was made by a call of this module: an
        object of a class (its name), or the nested function a factory returns. (Asked for every
        call of a module-level name in traced code: worked out once per name.)"""
        made = self.made_by.get(name)
        if made is None:
            return None, None
        if name not in self._made:
            self._made[name] = self.made_from(made)
        return self._made[name]

    def object_made_at_module_level(self, name: str) -> Value | None:
        """`gen = Generator(Config())` at module level: the object with the attributes its
        `__init__` stores, from the call's arguments. JAX arrays it holds were made before any
        trace: concrete (`host="jax"`), not tracers."""
        if name in self._module_objects:
            return self._module_objects[name]
        self._module_objects[name] = held = self.module_env.get(name)  # while it is computed
        call = self.made_calls.get(name)
        if call is None or held is None or held.instance_of is None:
            return held
        self._module_objects[name] = self.object_made_by(call, held.instance_of) or held
        return self._module_objects[name]

    def object_made_by(self, call: cst.Call, class_name: str) -> Value | None:
        """The object of `class_name` that `call` (run at module level) makes, with the attributes
        its `__init__` stores from the call's arguments; None where they are not known."""
        from tracerfix.analysis.values import Evaluator

        # Run before any trace: `jnp` calls there make concrete JAX arrays (as under
        # `jax.ensure_compile_time_eval()`), which operators in traced code stage again.
        evaluator = Evaluator({COMPILE_TIME: STATIC_VALUE}, self.imports, self.module_env)
        evaluator.classes = self
        try:
            built = evaluator.value(call)
        except RecursionError:
            return None
        if built.instance_of != class_name or built.fields is None:
            return None
        fields = tuple((field_name, Value(0, host=DEVICE_CONSTANT) if value.trace == TRACED and not value.container
                        else value) for field_name, value in built.fields)
        if any(value.trace == TRACED for _, value in fields):
            return None
        return Value(0, container=True, instance_of=class_name, fields=fields)

    def made_from(self, made: str) -> tuple[str | None, cst.FunctionDef | None]:
        """What a call of the module-level `made` gives: an object of that class (its name), or
        the nested function (or partial) the factory returns."""
        if made in self.classes:
            return made, None
        if made.endswith("]"):
            factory_name, _, position = made[:-1].partition("[")
            return None, self._returned_at(factory_name, int(position))
        owner, _, method = made.partition(".")
        if method == "__new__" and owner in self.classes:
            return owner, None  # `KoopmanTrader.__new__(KoopmanTrader)`: an object made without `__init__`
        if method:
            factory = self.class_method(owner, method)
            return (owner, None) if factory is not None and _makes_own_class(factory, owner) else (None, None)
        factory = self.defined_function(cst.Name(made), ())
        if factory is None:
            return None, None
        values = [statement.value for statement in own_nodes(child_nodes(factory.body))
                  if isinstance(statement, cst.Return) and statement.value is not None]
        returned = {value.value for value in values if isinstance(value, cst.Name)}
        nested = self.defs_in_scope.get(id(factory), {})
        if len(returned) == 1 and next(iter(returned)) in nested:
            return None, nested[next(iter(returned))]
        if len(values) == 1 and isinstance(values[0], cst.Call) and isinstance(values[0].func, cst.Name) \
                and values[0].func.value != made and self.is_module_function(values[0].func.value) \
                and len(self._making) < 4 and made not in self._making:
            # `return join_schedules(schedules, [warmup_steps])`: what that factory makes.
            self._making.add(made)
            try:
                return self.made_from(values[0].func.value)
            finally:
                self._making.discard(made)
        if len(values) == 1 and isinstance(values[0], cst.Call) \
                and self.imports.qualify(values[0].func) == "functools.partial" and values[0].args:
            # `return partial(schedule, base_lr=cfg.lr)`: calls pass their arguments on to
            # `schedule`, after those the partial binds by keyword.
            function, *bound = values[0].args
            if function.keyword is None and not function.star and isinstance(function.value, cst.Name) \
                    and all(argument.keyword is not None for argument in bound):
                chain = (*self.enclosing.get(id(factory), ()), factory)
                found = self.defined_function(function.value, chain, self.top_of.get(id(chain[0])))
                if found is not None:
                    self.bound_by_factory[id(found)] = frozenset(argument.keyword.value for argument in bound)
                return None, found
        return None, None

    def _returned_at(self, factory_name: str, position: int) -> cst.FunctionDef | None:
        """The nested function a module-level factory returns at `position` of the tuple it
        returns (`return init_fn, apply_fn`), the same one on every return; None otherwise."""
        factory = self.defined_function(cst.Name(factory_name), ())
        if factory is None:
            return None
        values = [statement.value for statement in own_nodes(child_nodes(factory.body))
                  if isinstance(statement, cst.Return)]
        named = {value.elements[position].value.value for value in values
                 if isinstance(value, cst.Tuple) and position < len(value.elements)
                 and isinstance(value.elements[position].value, cst.Name)}
        nested = self.defs_in_scope.get(id(factory), {})
        if not values or len(named) != 1 or any(not isinstance(value, cst.Tuple) for value in values):
            return None
        return nested.get(next(iter(named)))

    def made_fields(self, name: str) -> dict[str, cst.FunctionDef]:
        """The nested functions a module-level object made by factories holds, by field:
        `optimizer = sgd(schedule)`, where `sgd` returns `scale_by_schedule(...)`, which returns
        `GradientTransformation(init_fn, update_fn)` (a NamedTuple of this module), holds
        `update_fn` as `update`. Records what the factories' parameters held on the way
        (`closure_function`), which those nested functions call."""
        if name not in self._made_fields:
            call = self.made_calls.get(name)
            self._made_fields[name] = self._fields_of_call(call, {}, 0) if call is not None else {}
        return self._made_fields[name]

    def closure_function(self, chain: tuple[cst.CSTNode, ...], name: str) -> cst.FunctionDef | None:
        """The module-level function that `name`, a parameter of an enclosing factory in `chain`,
        held when the factory made the object whose method runs (see `made_fields`)."""
        for scope in reversed(chain):
            if isinstance(scope, (cst.FunctionDef, cst.Lambda)) and name in param_names(scope):
                held = self.closure_functions.get(id(scope), {}).get(name)
                return None if held is None else self.defined_function(cst.Name(held), ())
        return None

    def _fields_of_call(self, call: cst.Call, outer: dict[str, str], depth: int) -> dict[str, cst.FunctionDef]:
        factory = self.defined_function(call.func, ()) if isinstance(call.func, cst.Name) else None
        if factory is None or depth > 4 or not isinstance(factory.body, cst.IndentedBlock):
            return {}
        held: dict[str, str] = {}
        positional = [p.name.value for p in (*factory.params.posonly_params, *factory.params.params)]
        for position, argument in enumerate(call.args):
            if argument.star:
                break
            parameter = argument.keyword.value if argument.keyword is not None else (
                positional[position] if position < len(positional) else None)
            value = argument.value
            if parameter is not None and isinstance(value, cst.Name):
                function = outer.get(value.value, value.value)
                if self.defined_function(cst.Name(function), ()) is not None:
                    held[parameter] = function
        if held:
            self.closure_functions.setdefault(id(factory), {}).update(held)
        returned = [statement.value for statement in own_nodes(child_nodes(factory.body))
                    if isinstance(statement, cst.Return) and statement.value is not None]
        if len(returned) != 1 or not isinstance(returned[0], cst.Call) or not isinstance(returned[0].func, cst.Name):
            return {}
        made = returned[0]
        nested = self.defs_in_scope.get(id(factory), {})
        if made.func.value in self.classes:
            fields = [name for name, _ in self.pytree_fields(made.func.value) or ()]
            found = {}
            for position, argument in enumerate(made.args):
                if argument.star:
                    break
                field_name = argument.keyword.value if argument.keyword is not None else (
                    fields[position] if position < len(fields) else None)
                if field_name is not None and isinstance(argument.value, cst.Name) and argument.value.value in nested:
                    found[field_name] = nested[argument.value.value]
            return found
        return self._fields_of_call(made, {**outer, **held}, depth + 1)

    def custom_flattened(self, class_name: str) -> bool:
        """The class is registered with flattening of its own (`register_pytree_node(COO, ...)`,
        `@register_pytree_node_class`, `register_static`), which may keep fields out of the leaves.
        (Read from the module's top-level statements; asked only of a class a parameter matched.)"""
        words = ("register_pytree_node", "register_pytree_with_keys", "register_static")
        for statement in self.module.body:
            if isinstance(statement, cst.ClassDef) and statement.name.value == class_name:
                if any(any(w in (dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
                           for w in words) for d in statement.decorators):
                    return True
            elif isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    call = small.value if isinstance(small, cst.Expr) else None
                    if isinstance(call, cst.Call) and any(w in (dotted_name(call.func) or "") for w in words) \
                            and call.args and isinstance(call.args[0].value, cst.Name) \
                            and call.args[0].value.value == class_name:
                        return True
        return False

    def flattens_by_its_method(self, class_name: str) -> bool:
        """Its own `tree_flatten` says which attributes are leaves and which stay static
        (`return (self.A, self.phi), self.kernel_size`): `pytree_fields` reads them from it."""
        node = self.classes.get(class_name)
        return isinstance(node, cst.ClassDef) and _flattened_fields(node) is not None

    def attribute_classes(self, class_name: str) -> dict[str, str]:
        """`self.linear = Linear(2, 4)` in any method of the class: attribute -> class name."""
        if class_name not in self._attribute_classes:
            found: dict[str, str] = {}
            node = self.classes.get(class_name)
            if isinstance(node, cst.ClassDef):
                for method in self.methods.get(id(node), {}).values():
                    for statement in own_nodes(child_nodes(method.body)):
                        if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                            target, value = statement.targets[0].target, statement.value
                            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                                    and target.value.value == "self" and isinstance(value, cst.Call) \
                                    and isinstance(value.func, cst.Name) and value.func.value in self.classes:
                                found[target.attr.value] = value.func.value
            self._attribute_classes[class_name] = found
        return self._attribute_classes[class_name]

    def class_defaults(self, class_name: str) -> dict[str, cst.BaseExpression]:
        """`verbose: bool = False` in the class body (a dataclass's or NamedTuple's default):
        field -> its literal default, for fields no method assigns on `self`. (Asked at every
        construction of an object in traced code: worked out once per class.)"""
        cache = self.__dict__.setdefault("_defaults_by_class", {})
        if class_name not in cache:
            cache[class_name] = self._class_defaults(class_name)
        return cache[class_name]

    def class_definition(self, class_name: str) -> cst.ClassDef | None:
        """The top-level class `class_name` of this module, parsed if it was kept as text."""
        node = self.classes.get(class_name)
        if type(node) is UnparsedStatement:
            node = self._parse_kept_text(node)
            self.classes[class_name] = node
        return node if isinstance(node, cst.ClassDef) else None

    def overrides(self, class_name: str, method: str) -> list[cst.FunctionDef]:
        """The definitions of `method` in the classes of this module derived (at any depth) from
        `class_name`: what `self.method` may run on an object of a subclass."""
        found, derived, frontier = [], set(), {class_name}
        while frontier:
            frontier = {name for name in self.classes if name not in derived and name != class_name
                        and (node := self.class_definition(name)) is not None
                        and any(isinstance(base.value, cst.Name) and base.value.value in frontier for base in node.bases)}
            derived |= frontier
            for name in sorted(frontier):
                own = self.methods.get(id(self.class_definition(name)), {}).get(method)
                if own is not None:
                    found.append(own)
        return found

    def is_enum(self, class_name: str) -> bool:
        """A class of this module derived from `enum.Enum` (or IntEnum, Flag...): its members are
        Python objects, never arrays."""
        node = self.class_definition(class_name)
        return node is not None and any((self.imports.qualify(base.value) or "").startswith("enum.")
                                        for base in node.bases)

    def _class_defaults(self, class_name: str) -> dict[str, cst.BaseExpression]:
        node = self.class_definition(class_name)
        if not isinstance(node, cst.ClassDef) or not isinstance(node.body, cst.IndentedBlock):
            return {}
        found: dict[str, cst.BaseExpression] = {}
        for line in node.body.body:
            if isinstance(line, cst.SimpleStatementLine):
                for small in line.body:
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) \
                            and small.value is not None and is_python_literal(small.value):
                        found[small.target.value] = small.value
        if found:
            for method in self.methods.get(id(node), {}).values():
                for statement in own_nodes(child_nodes(method.body)):
                    targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else []
                    for target in targets:
                        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                                and target.value.value == "self":
                            found.pop(target.attr.value, None)
        return found

    def class_constant(self, class_name: str, attr: str) -> cst.BaseExpression | None:
        """`_HEIGHTS = np.array([...])` in the class body, which no method of the class assigns on
        `self`: the expression, read on an object of the class (`self._HEIGHTS`). (Asked at every
        attribute read on an object: the class's constants are worked out once per class.)"""
        cache = self.__dict__.setdefault("_constants_by_class", {})
        if class_name not in cache:
            cache[class_name] = self._class_constants(class_name)
        return cache[class_name].get(attr)

    def _class_constants(self, class_name: str) -> dict[str, cst.BaseExpression]:
        node = self.class_definition(class_name)
        if not isinstance(node, cst.ClassDef) or not isinstance(node.body, cst.IndentedBlock):
            return {}
        found: dict[str, cst.BaseExpression | None] = {}
        for line in node.body.body:
            for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                    name = small.targets[0].target.value
                    found[name] = None if name in found else small.value  # bound twice: not a constant
        for method in self.methods.get(id(node), {}).values():
            for statement in own_nodes(child_nodes(method.body)):
                for target in [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else []:
                    if isinstance(target, cst.Attribute):
                        found.pop(target.attr.value, None)
        return {name: value for name, value in found.items() if value is not None}

    def setter_parameters(self, class_name: str, method: str) -> tuple[str, str] | None:
        """`def set(self, name, value): new = copy(self); setattr(new, name, value); return new`
        (dLux's and Zodiax's `.set("kernel_size", k)`): the parameters naming the attribute and
        giving its value, when the method returns the object it sets the attribute on."""
        function = self.class_method(class_name, method)
        if function is None or not isinstance(function.body, cst.IndentedBlock):
            return None
        params = _positional_names(function)[1:]
        last = function.body.body[-1]
        returned = last.body[0].value if isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return) else None
        if not isinstance(returned, cst.Name):
            return None
        for statement in function.body.body:
            small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
            call = small.value if isinstance(small, cst.Expr) else None
            if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == "setattr" \
                    and len(call.args) == 3 and all(isinstance(a.value, cst.Name) for a in call.args) \
                    and call.args[0].value.value == returned.value \
                    and call.args[1].value.value in params and call.args[2].value.value in params:
                return call.args[1].value.value, call.args[2].value.value
        return None

    def class_method(self, class_name: str, method: str, depth: int = 0) -> cst.FunctionDef | None:
        """The method `method` of the top-level class `class_name` of this module, looked up in
        the class and then in its bases defined in this module."""
        node = self.class_definition(class_name)
        if node is None:
            return None
        found = self.methods.get(id(node), {}).get(method)
        if found is not None or depth > 4:
            return found
        for base in node.bases:
            if isinstance(base.value, cst.Name) and base.value.value != class_name:
                found = self.class_method(base.value.value, method, depth + 1)
                if found is not None:
                    return found
        return None

    def is_module_function(self, name: str) -> bool:
        return name in self.defs_in_scope.get(id(self.module), {})

    def property_expression(self, class_name: str, name: str) -> cst.BaseExpression | None:
        """What the `@property` `name` of the class returns, when its body is one `return`."""
        method = self.property_getter(class_name, name)
        if method is None:
            return None
        from tracerfix.analysis.guards import single_return

        return single_return(method)

    def property_getter(self, class_name: str, name: str) -> cst.FunctionDef | None:
        """The getter of the `@property` (or `cached_property`) `name` of the class, if it is one."""
        method = self.class_method(class_name, name)
        if method is None or not any(
            (dotted_name(d.decorator) or "").rpartition(".")[2] in ("property", "cached_property")
            for d in method.decorators
        ):
            return None
        return method

    def init_fields(self, class_name: str, call_args, values, evaluator) -> tuple[tuple[str, Value], ...] | None:
        """What `class_name(...)` stores on the object: each `self.attr = ...` of its `__init__`,
        evaluated with the parameters bound to the call's argument `values`."""
        init = self.class_method(class_name, "__init__")
        if init is None:
            return None
        positional = [*init.params.posonly_params, *init.params.params][1:]
        env: dict[str, Value] = {COMPILE_TIME: evaluator.env[COMPILE_TIME]} if COMPILE_TIME in evaluator.env else {}
        position = 0
        for arg, value in zip(call_args, values):
            if arg.star:
                # `module(*module_args)`: any parameter left may take what the sequence holds.
                for param in (*positional[position:], *init.params.kwonly_params):
                    element = value if value.trace == TRACED else (
                        STATIC_VALUE if value.trace == STATIC_VALUE.trace and not value.loose else UNKNOWN_VALUE)
                    env.setdefault(param.name.value, element)
            elif arg.keyword is not None:
                env[arg.keyword.value] = value
            elif position < len(positional):
                env[positional[position].name.value] = value
                position += 1
            else:
                return None
        for param in (*positional, *init.params.kwonly_params):
            if param.name.value not in env:
                default = param.default
                env[param.name.value] = evaluator.value(default) if default is not None else Value(UNKNOWN)
        receiver = [*init.params.posonly_params, *init.params.params][:1]
        if receiver:
            # `self._LOW` reads the class body's constants while `__init__` runs.
            env.setdefault(receiver[0].name.value, Value(0, container=True, instance_of=class_name))
        owner = self.enclosing.get(id(init), ())
        owner = owner[-1] if owner and isinstance(owner[-1], cst.ClassDef) else None

        def base_init(call: cst.Call, inner) -> dict[str, Value] | None:
            """`super().__init__(..., integration_method=integration_method)` (or
            `Base.__init__(self, ...)`): what the base class's `__init__` stores, given these."""
            func = call.func
            if owner is None or not isinstance(func, cst.Attribute) or func.attr.value != "__init__" \
                    or self._init_depth > 4:
                return None
            arguments = list(call.args)
            if isinstance(func.value, cst.Call) and isinstance(func.value.func, cst.Name) and func.value.func.value == "super":
                base = next((b.value.value for b in owner.bases if isinstance(b.value, cst.Name)), None)
            elif isinstance(func.value, cst.Name) and func.value.value in self.classes:
                base, arguments = func.value.value, arguments[1:]  # `Base.__init__(self, ...)`
            else:
                return None
            if base is None or base == class_name:
                return None
            self._init_depth += 1
            try:
                stored = self.init_fields(base, arguments, [inner.value(a.value) for a in arguments], evaluator)
            finally:
                self._init_depth -= 1
            return dict(stored) if stored is not None else None

        return tuple(_stored_on_self(init, env, evaluator, lambda name: self.class_method(class_name, name),
                                     base_init).items())

    def post_init_fields(self, class_name: str, fields: tuple[tuple[str, Value], ...], evaluator):
        """`fields` of a dataclass object with what its `__post_init__` stores on `self`
        (`self._fun = self.optimality_fun`), read with the fields it was built with."""
        post_init = self.class_method(class_name, "__post_init__")
        if post_init is None:
            return fields
        env: dict[str, Value] = {"self." + name: value for name, value in fields}
        stored = _stored_on_self(post_init, env, evaluator, lambda name: self.class_method(class_name, name))
        return tuple({**dict(fields), **stored}.items())

    def pytree_fields(self, class_name: str) -> tuple[tuple[str, Value], ...] | None:
        """The fields of a NamedTuple or dataclass of this module, each as a transformation sees
        an instance passed to it: a leaf (an array or a number) is traced, a field declared static
        or holding a string is not, anything else is unknown. None for other classes."""
        if class_name in self._pytree_fields:
            return self._pytree_fields[class_name]
        node = self.classes.get(class_name)
        if type(node) is UnparsedStatement:
            node = self._parse_kept_text(node)
            self.classes[class_name] = node
        fields = _pytree_fields(node, self.imports) if isinstance(node, cst.ClassDef) else None
        self._pytree_fields[class_name] = fields
        return fields

    def defined_function(
        self, target: cst.BaseExpression, chain: tuple[cst.CSTNode, ...], at_top: int | None = None,
        at: cst.CSTNode | None = None,
    ) -> cst.FunctionDef | None:
        """The function of this module that `target` names from inside `chain` (the enclosing
        nodes, outermost first): a def of an enclosing function or of the module, or
        `self.method` / `cls.method` of an enclosing class. A module-level name defined more than
        once resolves to the definition live at top-level statement `at_top` (notebooks redefine
        helpers): the last one before it; a name a function defines more than once, to the last
        definition before `at`, the node that uses the name."""
        if isinstance(target, cst.Name):
            for scope in reversed(chain):
                if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
                    found = self.defs_in_scope.get(id(scope), {}).get(target.value)
                    history = self.local_redefinitions.get(id(scope), {}).get(target.value)
                    if history and at is not None:
                        found = _last_before(scope, history, at) or found
                    if found is not None:
                        return found
                    if target.value in param_names(scope):
                        return None  # a parameter (`f` in `def bisect(f, a, b)`) hides the module's `f`
            found = self.defs_in_scope.get(id(self.module), {}).get(target.value)
            history = self.redefinitions.get(target.value)
            if history is not None and at_top is not None:
                earlier = [node for top, node in history if top < at_top]
                if earlier:
                    found = earlier[-1]
            if type(found) is UnparsedStatement:
                return self._parse_kept_text(found)
            alias = self.function_aliases.get(target.value)
            if found is None and alias is not None and alias != target.value and not any(
                    isinstance(scope, (cst.FunctionDef, cst.Lambda)) and target.value in param_names(scope)
                    for scope in chain):
                # One step only: `a = b; b = a` must not loop.
                found = self.defs_in_scope.get(id(self.module), {}).get(alias)
                if type(found) is UnparsedStatement:
                    return self._parse_kept_text(found)
            return found
        if (
            isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value in ("self", "cls")
        ):
            for scope in reversed(chain):
                if isinstance(scope, cst.ClassDef):
                    methods = self.methods.get(id(scope), {})
                    if target.attr.value in methods:
                        return methods[target.attr.value]
                    return self.held_function(scope, target.attr.value)
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value in self.classes \
                and not any(isinstance(scope, (cst.FunctionDef, cst.Lambda)) and target.value.value in param_names(scope)
                            for scope in chain):
            # `EpochType.is_adaptation(t)`: a static or class method called on its class binds
            # the arguments as `self.method(t)` would (a plain method would take `self` from them).
            found = self.class_method(target.value.value, target.attr.value)
            if found is not None and (is_staticmethod(found) or is_classmethod(found)):
                return found
        return None

    def held_function(self, owner: cst.ClassDef, attribute: str) -> cst.FunctionDef | None:
        """The function of this module that the objects of class `owner` hold in `attribute`:
        `self.scale = Scale(**kwargs)` (or `scale = Scale(...)`, then `self.scale = scale`) in a
        method, where the factory `Scale` returns a nested function, or `self.rhs = rhs` with a
        module-level function. None where the methods store anything else there, or store it
        more than once."""
        key = (id(owner), attribute)
        if key in self._held:
            return self._held[key]
        self._held[key] = None
        stored = []
        for method in self.methods.get(id(owner), {}).values():
            names = param_names(method)
            if not names or not isinstance(method.body, cst.IndentedBlock):
                continue
            assignments = [node for node in own_nodes(child_nodes(method.body))
                           if isinstance(node, cst.Assign) and len(node.targets) == 1]
            assigned: dict[str, list[cst.BaseExpression]] = {}
            for statement in assignments:
                if isinstance(statement.targets[0].target, cst.Name):
                    assigned.setdefault(statement.targets[0].target.value, []).append(statement.value)
            for statement in assignments:
                target = statement.targets[0].target
                if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                        and target.value.value == names[0] and target.attr.value == attribute:
                    value = statement.value
                    if isinstance(value, cst.Name) and len(assigned.get(value.value, ())) == 1:
                        value = assigned[value.value][0]  # `scale = Scale(...)`, then `self.scale = scale`
                    stored.append(value)
        if len(stored) != 1:
            return None
        value = stored[0]
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value not in self.classes:
            self._held[key] = self.made_from(value.func.value)[1]
        elif isinstance(value, cst.Name):
            self._held[key] = self.defined_function(value, ())
        return self._held[key]

    def statements(self) -> tuple[cst.CSTNode, ...]:
        """Every top-level statement of the module, parsed (for rules that look at them all)."""
        for position, statement in enumerate(self.module.body):
            if type(statement) is UnparsedStatement:
                self._parse_kept_text(statement, position)
        return self.module.body

    def _parse_kept_text(self, unparsed: UnparsedStatement, position: int | None = None) -> cst.CSTNode:
        if position is None:
            position = self.module.body.index(unparsed)
        node = materialize(self.module, position)
        if self.indexer is not None:
            module_defs = self.defs_in_scope[id(self.module)]
            bound = module_defs.get(unparsed.name)
            self.indexer.top = position
            self.indexer.walk(node)
            if bound is not unparsed and bound is not None:
                module_defs[unparsed.name] = bound  # a later statement binds the name again
        return node


class _Indexer:
    """One walk over the module with a cheap child iteration (see `syntax.child_nodes`).

    Without transformation call sites in the text (`want_calls` false), only statements are
    walked: decorators and imports are all the scope discovery needs then.
    """

    def __init__(self, module: cst.Module, want_calls: bool, extra_words: frozenset[str] = frozenset()) -> None:
        self.module = module
        self.want_calls = want_calls
        self.call_words = _CALL_SITE_WORDS_SET | extra_words
        self.imports = ImportTable()
        self.module_env: dict[str, Value] = {}
        self.defs_in_scope: dict[int, dict[str, cst.FunctionDef]] = {id(module): {}}
        self.methods: dict[int, dict[str, cst.FunctionDef]] = {}
        self.enclosing: dict[int, tuple[cst.CSTNode, ...]] = {}
        self.functions: list[FunctionNode] = []
        self.transform_calls: list[cst.Call] = []
        self.top_of: dict[int, int] = {}
        self.top = 0
        self.classes: dict[str, cst.ClassDef | UnparsedStatement] = {}
        self.redefinitions: dict[str, list[tuple[int, cst.CSTNode]]] = {}
        # Names a function's body defines more than once: scope id -> name -> defs in order.
        self.local_redefinitions: dict[int, dict[str, list[cst.FunctionDef]]] = {}
        self.made_by: dict[str, str] = {}
        self.made_calls: dict[str, cst.Call] = {}
        self.partials: dict[str, cst.Call] = {}
        self.lambdas: dict[str, cst.Lambda] = {}
        self.function_aliases: dict[str, str] = {}

    def _scope_id(self, chain: tuple[cst.CSTNode, ...]) -> int:
        for node in reversed(chain):
            if isinstance(node, (cst.FunctionDef, cst.Lambda)):
                return id(node)
        return id(self.module)

    def walk(self, statement: cst.CSTNode) -> None:
        """Index one top-level statement; iterative, so deeply nested expressions cannot overflow."""
        if type(statement) is cst.Try:
            # `try: from jax import numpy as jnp` / `except ImportError: jnp = np`: the handler runs
            # only where the import failed, and code that JAX traces had it succeed.
            imported = {}
            for inner in statement.body.body:
                self.walk(inner)
                if isinstance(inner, cst.SimpleStatementLine):
                    for small in inner.body:
                        if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                            for alias in small.names:
                                bound = alias.asname.name if alias.asname is not None else alias.name
                                name = dotted_name(bound).split(".")[0] if dotted_name(bound) else None
                                if name in self.imports.aliases:
                                    imported[name] = self.imports.aliases[name]
            for rest in (*statement.handlers, statement.orelse, statement.finalbody):
                if rest is not None:
                    self._walk_nodes(rest)
            self.imports.aliases.update(imported)
            return
        self._walk_nodes(statement)

    def _walk_nodes(self, statement: cst.CSTNode) -> None:
        pending: list[tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = [(statement, ())]
        while pending:
            node, chain = pending.pop()
            # Most nodes are plain expressions with nothing to record: walk straight through them.
            children = self._visit(node, chain) if type(node) in _RECORDED else None
            if children is None:
                children = [(child, chain) for child in child_nodes(node)]
            children.reverse()
            pending.extend(children)

    def _visit(self, node: cst.CSTNode, chain: tuple[cst.CSTNode, ...]):
        """Record `node` (one of the `_RECORDED` kinds); returns the (child, chain) pairs to walk, or
        None for all its children."""
        kind = type(node)
        if kind is cst.SimpleStatementLine:
            if not chain:
                for statement in node.body:
                    self._record_module_constant(statement)
            elif type(chain[-1]) is cst.ClassDef:
                for statement in node.body:
                    self._record_static_field(statement)
            if self.want_calls:
                return None
            for statement in node.body:
                if isinstance(statement, (cst.Import, cst.ImportFrom)):
                    self.imports.add(statement)
            if not chain and any(isinstance(statement, cst.Assign) and isinstance(statement.value, cst.Dict)
                                 for statement in node.body):
                return None  # a configuration dict may hold functions (`"f": lambda t: np.sin(t)`)
            return []
        if kind is cst.Call:
            func = node.func
            if type(func) is cst.Call and func.args and _leaf(func.func) == "partial":
                func = func.args[0].value  # `partial(jax.jit, static_argnums=1)(f)`
            elif type(func) is cst.Call and all(arg.keyword is not None for arg in func.args):
                func = func.func  # `jax.jit(static_argnums=1)(f)`
            leaf = _leaf(func)
            if leaf in self.call_words or self._names_transformation(leaf):
                self.enclosing[id(node)] = chain
                self.top_of[id(node)] = self.top
                self.transform_calls.append(node)
            return None
        if kind is cst.FunctionDef:
            if chain and isinstance(chain[-1], cst.ClassDef):
                self.methods.setdefault(id(chain[-1]), {})[node.name.value] = node
            else:
                defs = self.defs_in_scope.setdefault(self._scope_id(chain), {})
                previous = defs.get(node.name.value)
                if not chain:
                    self._note_redefinition(previous, node.name.value, node)
                elif previous is not None and previous is not node:
                    # `def _when_x(...)` twice in one function (two lowered `if`s on the same test).
                    self.local_redefinitions.setdefault(self._scope_id(chain), {}).setdefault(
                        node.name.value, [previous]).append(node)
                defs[node.name.value] = node
            self.enclosing[id(node)] = chain
            self.top_of[id(node)] = self.top
            self.functions.append(node)
            self.defs_in_scope.setdefault(id(node), {})
            inner = (*chain, node)
            decorators = [(d, chain) for d in node.decorators] if self.want_calls else []
            return [*decorators, (node.params, inner), (node.body, inner)]
        if kind is cst.ClassDef:
            if not chain:
                self.classes[node.name.value] = node
                self.module_env[node.name.value] = Value(0, instance_of=node.name.value)
            return [(node.body, (*chain, node))]
        if kind is cst.Lambda:
            self.enclosing[id(node)] = chain
            self.top_of[id(node)] = self.top
            self.functions.append(node)
            return [(node.body, (*chain, node))]
        if kind is cst.Import or kind is cst.ImportFrom:
            self.imports.add(node)
            return []
        if kind is UnparsedStatement:
            # Its name is bound, and it is parsed if a traced function calls it (`defined_function`).
            if node.is_function:
                self.top_of[id(node)] = self.top
                self._note_redefinition(self.defs_in_scope[id(self.module)].get(node.name), node.name, node)
                self.defs_in_scope[id(self.module)][node.name] = node
            else:
                self.classes[node.name] = node
                self.module_env[node.name] = Value(0, instance_of=node.name)
                for match in STATIC_FIELD.finditer(node.text):  # the class stays text
                    self.module_env["." + match.group(1)] = STATIC_VALUE
            return []
        return None

    def _note_redefinition(self, previous, name: str, node) -> None:
        if previous is None or previous is node:
            return
        history = self.redefinitions.get(name)
        if history is None:
            history = self.redefinitions[name] = [(self.top_of.get(id(previous), -1), previous)]
        for position, (top, _) in enumerate(history):
            if top == self.top:
                history[position] = (top, node)  # the same statement, parsed from its kept text
                return
        history.append((self.top, node))

    def _names_transformation(self, local: str | None) -> bool:
        """`jjit` after `from jax import jit as jjit`: an alias of a transformation's name."""
        if local is None:
            return False
        imported = self.imports.aliases.get(local)
        return imported is not None and imported.rpartition(".")[2] in self.call_words

    def _record_static_field(self, statement: cst.BaseSmallStatement) -> None:
        """A dataclass field declared static (`field(pytree_node=False)`, `eqx.field(static=True)`,
        `static_field()`): not a leaf, so not traced when its object is. Kept in the module
        environment under `.name`, a key no Python name can take."""
        if not isinstance(statement, cst.AnnAssign) or not isinstance(statement.target, cst.Name):
            return
        if declares_static(statement.value):
            self.module_env["." + statement.target.value] = STATIC_VALUE

    def _record_module_constant(self, statement: cst.BaseSmallStatement) -> None:
        if isinstance(statement, cst.Assign):
            targets = [t.target for t in statement.targets]
            value = statement.value
        elif isinstance(statement, cst.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            return
        host = host_kind(value, self.imports)
        aliased = self.imports.qualify(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
        if len(targets) == 1 and isinstance(targets[0], cst.Name) and _is_type_union(value, self.imports):
            self.imports.type_aliases[targets[0].value] = value
        for target in targets:
            if isinstance(target, (cst.Tuple, cst.List)):
                # `_, ANNOTATIONS = get_data()`: module globals, concrete when traced code reads them.
                for name in target_names(target):
                    self.module_env.setdefault(name, Value(0))
                    self.made_by.pop(name, None)
                    self.made_calls.pop(name, None)
                    self.partials.pop(name, None)
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
                        and not any(isinstance(element, cst.StarredElement) for element in target.elements):
                    # `init_fn, step_fn = make_simulation(...)`: each name is what the factory
                    # returns at its position, looked at when asked.
                    for position, element in enumerate(target.elements):
                        if isinstance(element.value, cst.Name):
                            self.made_by[element.value.value] = f"{value.func.value}[{position}]"
            if isinstance(target, cst.Name):
                self.module_env[target.value] = Value(0, host=host)
                if isinstance(value, cst.Call) and self.imports.qualify(value.func) in known.STAGING_TRANSFORMS:
                    # `batched_overlaps = vmap(overlapping, ...)`: called under a trace, it gives tracers.
                    self.module_env[target.value] = Value(0, transformed=True)
                if isinstance(value, cst.Dict):
                    # `params = {"radec": np.array(...)}`: `params["radec"]` is a NumPy array.
                    items = [(e.key.evaluated_value, Value(0, host=host_kind(e.value, self.imports)))
                             for e in value.elements if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)]
                    if items and len(items) == len(value.elements) and all(isinstance(k, str) for k, _ in items):
                        self.module_env[target.value] = Value(0, container=True, fields=tuple(items), host="dict")
                if isinstance(value, cst.Name):
                    self.function_aliases[target.value] = value.value
                elif not isinstance(value, cst.Attribute):
                    self.function_aliases.pop(target.value, None)
                if isinstance(value, cst.Lambda):
                    self.lambdas[target.value] = value
                else:
                    self.lambdas.pop(target.value, None)
                if isinstance(value, cst.Call) and value.args and value.args[0].keyword is None \
                        and isinstance(value.args[0].value, cst.Name) and self.imports.qualify(value.func) == "functools.partial":
                    self.partials[target.value] = value  # `log_density = partial(model, DATA)`
                else:
                    self.partials.pop(target.value, None)
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                    self.made_by[target.value] = value.func.value
                    self.made_calls[target.value] = value
                    if value.func.value in self.classes:
                        # `model = Model()`: an object of a class of this module, whose methods
                        # traced code calls (`model.go(x)` runs `Model.go` with `x`).
                        self.module_env[target.value] = Value(0, container=True, instance_of=value.func.value)
                elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                        and isinstance(value.func.value, cst.Name) and value.func.value.value in self.classes:
                    # `block = GlassBlock.create_chassis(...)`: a factory classmethod, looked at when asked.
                    self.made_by[target.value] = f"{value.func.value.value}.{value.func.attr.value}"
                    self.made_calls.pop(target.value, None)
                elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                        and value.func.attr.value == "__new__" and value.args and isinstance(value.args[0].value, cst.Name) \
                        and value.args[0].value.value in self.classes:
                    # `tuner = object.__new__(Paramtune)`: an object made without `__init__`.
                    self.made_by[target.value] = f"{value.args[0].value.value}.__new__"
                    self.made_calls.pop(target.value, None)
                else:
                    self.made_by.pop(target.value, None)
                    self.made_calls.pop(target.value, None)
                if aliased is not None:
                    self.imports.aliases[target.value] = aliased  # `partial = functools.partial`


def _stored_on_self(method: cst.FunctionDef, env: dict, evaluator, method_of=None, base_init=None) -> dict[str, Value]:
    """What `method` stores on `self` (`self.attr = value`, joined over branches; a branch whose
    test is a known Python value is taken or skipped, as `if self.increasing:` in a
    `__post_init__`), its values read in `env`; and what the methods of the class it calls as
    statements store (`self.reset(key)` in `__init__`; `method_of` finds them by name)."""
    inner = type(evaluator)(env, evaluator.imports, evaluator.module_env)
    inner.classes = evaluator.classes  # `self._LOW`, a constant of the class body
    fields: dict[str, Value] = {}
    followed = {id(method)}

    def block(statements) -> None:
        for statement in statements:
            if base_init is not None and isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
                    and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.Call):
                stored = base_init(statement.body[0].value, inner)
                if stored is not None:
                    for attr, value in stored.items():
                        fields[attr] = value
                        env["self." + attr] = value
                    continue
            called = _own_method_called(statement, method_of)
            if called is not None and id(called) not in followed and len(followed) < 4:
                followed.add(id(called))
                block(statements_in(called.body))  # its parameters are not bound: unknown
                continue
            if isinstance(statement, cst.If):
                truth = inner.value(statement.test).truthy if inner.value(statement.test).trace == 0 else None
                before = dict(fields)
                arms = []
                if truth is not False:
                    block(statements_in(statement.body))
                    arms.append(dict(fields))
                    fields.clear()
                    fields.update(before)
                if truth is not True and statement.orelse is not None:
                    orelse = statement.orelse
                    block([orelse] if isinstance(orelse, cst.If) else statements_in(orelse.body))
                    arms.append(dict(fields))
                elif truth is not True:
                    arms.append(dict(before))  # no `else`: the attributes as they were
                fields.clear()
                for attr in {attr for arm in arms for attr in arm}:
                    # An arm that leaves it unset: the other's value, or unknown if nothing set it.
                    joined = join_all(arm[attr] if attr in arm else Value(UNKNOWN) for arm in arms)
                    fields[attr] = joined
                    env["self." + attr] = joined
                continue
            for small in own_nodes(child_nodes(statement)) if not isinstance(statement, cst.SimpleStatementLine) \
                    else statement.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    store(small)

    def store(statement) -> None:
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        for target in targets:
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
                attr = target.attr.value
                fields[attr] = inner.value(statement.value)  # in order: a later assignment replaces
                env["self." + attr] = fields[attr]

    block(statements_in(method.body))
    return fields


def _own_method_called(statement: cst.CSTNode, method_of) -> cst.FunctionDef | None:
    """The method of the class that `self.name(...)`, a statement of its own, calls."""
    small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if method_of is None or not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
            or not isinstance(call.func.value, cst.Name) or call.func.value.value != "self":
        return None
    return method_of(call.func.attr.value)


def _leaf(func: cst.BaseExpression) -> str | None:
    return func.attr.value if type(func) is cst.Attribute else (func.value if type(func) is cst.Name else None)


def host_kind(value: cst.BaseExpression, imports: ImportTable) -> str | None:
    """Whether a module-level value is a concrete host container that a tracer cannot index, or
    a concrete JAX array (`y = jnp.arange(10.)`), which operations under a trace stage."""
    if isinstance(value, cst.List):
        return "list"
    if isinstance(value, cst.Tuple):
        return "tuple"
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return "dict"
    if isinstance(value, cst.Call):
        qualified = imports.qualify(value.func)
        if qualified is not None and qualified.startswith("numpy."):
            leaf = qualified.rpartition(".")[2]
            if leaf in _NUMPY_ARRAY_CONSTRUCTORS:
                return "numpy"
        if qualified is not None and qualified.startswith("jax.numpy.") \
                and qualified.rpartition(".")[2] in _NUMPY_ARRAY_CONSTRUCTORS:
            return DEVICE_CONSTANT
        if isinstance(value.func, cst.Name) and value.func.value in ("list", "tuple", "dict"):
            return value.func.value
    return None


# A dataclass field declared static, in a class kept as text: `name: T = field(pytree_node=False)`.
STATIC_FIELD = re.compile(
    r"^[ \t]+(\w+)[ \t]*:[^=\n]*=[ \t]*[\w.]*(?:static_field\(|field\([^)\n]*(?:pytree_node[ \t]*=[ \t]*False|static[ \t]*=[ \t]*True"
    r"|[\"']static[\"'][ \t]*:[ \t]*True))",
    re.MULTILINE,
)

_NUMPY_ARRAY_CONSTRUCTORS = frozenset(
    {"array", "asarray", "arange", "zeros", "ones", "full", "linspace", "eye", "empty", "load",
     "loadtxt", "genfromtxt", "frombuffer", "fromiter", "identity", "logspace", "geomspace",
     "meshgrid", "tile", "repeat", "concatenate", "stack", "outer", "diag", "vstack", "hstack",
     "column_stack", "cumsum", "sort", "flip", "kron"}
)


_RECORDED = frozenset(
    {cst.SimpleStatementLine, cst.Call, cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Import, cst.ImportFrom,
     UnparsedStatement}
)


def build_index(module: cst.Module, source: str, extra_words: frozenset[str] = frozenset()) -> ModuleIndex:
    """Index `module`; `extra_words` are the names of configured jit wrappers (`fast_compile`)."""
    want_calls = bool(_CALL_SITE_PATTERN.search(source)) or any(
        re.search(r"\b%s\b" % re.escape(word), source) for word in extra_words
    )
    indexer = _Indexer(module, want_calls, extra_words)
    for position, statement in enumerate(module.body):
        indexer.top = position
        indexer.walk(statement)
    return ModuleIndex(
        imports=indexer.imports,
        module_env=indexer.module_env,
        defs_in_scope=indexer.defs_in_scope,
        methods=indexer.methods,
        enclosing=indexer.enclosing,
        functions=indexer.functions,
        transform_calls=indexer.transform_calls,
        module=module,
        top_of=indexer.top_of,
        indexer=indexer,
        classes=indexer.classes,
        redefinitions=indexer.redefinitions,
        local_redefinitions=indexer.local_redefinitions,
        made_by=indexer.made_by,
        made_calls=indexer.made_calls,
        partials=indexer.partials,
        lambdas=indexer.lambdas,
        function_aliases=indexer.function_aliases,
    )


def _last_before(scope: cst.CSTNode, definitions: list[cst.FunctionDef], at: cst.CSTNode) -> cst.FunctionDef | None:
    """The last of `definitions` that comes before `at` in `scope`'s source (None if `at` is not
    in it)."""
    wanted = {id(definition) for definition in definitions}
    earlier: list[cst.FunctionDef] = []
    for node in descendants(scope):
        if node is at:
            return earlier[-1] if earlier else None
        if id(node) in wanted:
            earlier.append(node)
    return None


# --- discovery ----------------------------------------------------------------------------------


class ScopeFinder:
    def __init__(self, index: ModuleIndex, extra_jit: frozenset[str] = frozenset()) -> None:
        self.index = index
        self.imports = index.imports
        self.jit_like = known.JIT_TRANSFORMS | extra_jit
        self.scopes: dict[int, TracedScope] = {}

    # Public entry point.
    def find(self) -> dict[int, TracedScope]:
        for function in self.index.functions:
            if isinstance(function, cst.FunctionDef):
                for decorator in function.decorators:
                    self._from_decorator(function, decorator)
        for call in self.index.transform_calls:
            self._from_call(call)
        return self.scopes

    def transform_of(self, expr: cst.BaseExpression) -> str | None:
        qualified = self.imports.qualify(expr)
        if qualified is None:
            return None
        if qualified in self.jit_like or qualified in known.TRACED_SCOPE_TRANSFORMS:
            return qualified
        if qualified.startswith("."):
            # `from .utils import jit` inside the package that defines a configured wrapper.
            suffix = "." + qualified.lstrip(".")
            for configured in self.jit_like:
                if ("." + configured).endswith(suffix):
                    return configured
        return None

    def _from_decorator(self, function: cst.FunctionDef, decorator: cst.Decorator) -> None:
        expr = decorator.decorator
        if self._eager_outside_jit(expr, function):
            return
        transform = self.transform_of(expr)
        if transform is not None:
            self._add(function, transform, JitSite(transform, decorator, "decorator"), None)
            return
        if not isinstance(expr, cst.Call):
            return
        transform = self.transform_of(expr.func)
        if transform is not None and not _positional_args(expr):
            site = JitSite(transform, decorator, "decorator-call", call=expr)
            self._add(function, transform, site, expr)
            return
        if self.imports.qualify(expr.func) == "functools.partial" and expr.args:
            transform = self.transform_of(expr.args[0].value)
            if transform is not None:
                site = JitSite(transform, decorator, "partial", call=expr)
                self._add(function, transform, site, expr)

    def _eager_outside_jit(self, expr: cst.BaseExpression, at: cst.CSTNode) -> bool:
        """`expr` applies shard_map (as `shard_map`, `shard_map(...)` or `partial(shard_map, ...)`)
        where no trace is running: at module level or in a function no transformation traces."""
        head = expr.func if isinstance(expr, cst.Call) else expr
        if self.imports.qualify(head) == "functools.partial" and isinstance(expr, cst.Call) and expr.args:
            head = expr.args[0].value
        if self.transform_of(head) not in known.EAGER_OUTSIDE_JIT:
            return False
        chain = self.index.enclosing.get(id(at), ())
        return not any(id(node) in self.scopes for node in chain)

    def _from_call(self, call: cst.Call) -> None:
        if isinstance(call.func, cst.Call):
            self._from_configured_call(call)
            return
        qualified = self.imports.qualify(call.func)
        if qualified is None:
            return
        if self._eager_outside_jit(call, call):
            return
        transform = self.transform_of(call.func)
        if transform is not None:
            target = _argument(call, 0, ("fun", "f", "fn"))
            if target is not None:
                function, bound = self._resolve_function(target, call)
                if function is not None:
                    # `jax.jit(self.step, static_argnums=0)` counts positions after the bound `self`.
                    shift = 1 if self._binds_self(target, function) else 0
                    # `jax.jit(partial(f, a, b), static_argnums=0)`: positions count after a and b.
                    for name in _positional_names(function)[shift:]:
                        if name not in bound:
                            break
                        shift += 1
                    site = JitSite(transform, call, "call", call=call)
                    self._add(function, transform, site, call, bound, shift)
                    owner = self._owner(function) if _is_bound_method_reference(target) else None
                    if owner is not None:
                        # `jax.jit(self.tensor_fitness_function)` in a base class: on an object of
                        # a subclass, its override is what is jitted.
                        for override in self.index.overrides(owner, target.attr.value):
                            self._add(override, transform, site, call, bound, shift)
            return
        bodies = known.LAX_BODY_ARGUMENTS.get(qualified)
        if bodies is None:
            return
        positions, keywords = bodies
        candidates: list[cst.BaseExpression] = []
        for position in positions:
            arg = _argument(call, position, ())
            if arg is not None:
                candidates.append(arg)
        for keyword in keywords:
            arg = _argument(call, -1, (keyword,))
            if arg is not None:
                candidates.append(arg)
        for candidate in candidates:
            targets = (
                [e.value for e in candidate.elements]
                if isinstance(candidate, (cst.List, cst.Tuple))
                else [candidate]
            )
            for target in targets:
                function, bound = self._resolve_function(target, call)
                if function is not None:
                    self._add_body(function, qualified, bound)

    def _from_configured_call(self, call: cst.Call) -> None:
        """`partial(jax.jit, static_argnums=1)(f)` and `jax.jit(static_argnums=1)(f)`: the
        transformation with the options of the inner call, applied to `f`."""
        options = call.func
        if self.imports.qualify(options.func) == "functools.partial" and options.args:
            transform = self.transform_of(options.args[0].value)
        else:
            transform = self.transform_of(options.func) if not _positional_args(options) else None
        if transform is None or not call.args or call.args[0].keyword is not None:
            return
        function, bound = self._resolve_function(call.args[0].value, call)
        if function is not None:
            self._add(function, transform, JitSite(transform, call, "call", call=options), options, bound)

    def _bound_value(self, expression: cst.BaseExpression, at: cst.CSTNode) -> Value:
        """What a `functools.partial` made at `at` binds: a traced parameter of the traced function
        it is made in stays traced (`vmap(partial(_optimize, params=params))` inside a jitted
        function); else a Python value (`_bound_value`)."""
        if isinstance(expression, cst.Name):
            for scope in reversed(self.index.enclosing.get(id(at), ())):
                if isinstance(scope, (cst.FunctionDef, cst.Lambda)) and expression.value in param_names(scope):
                    traced = self.scopes.get(id(scope))
                    held = traced.params.get(expression.value) if traced is not None else None
                    if held is not None and held.trace == TRACED:
                        return held
                    break
            else:
                if self.index.is_module_function(expression.value):
                    # `partial(kmeans, update=update_centres)`: calling the parameter runs it.
                    return Value(0, none=False, function=expression.value)
        return _bound_value(expression)

    def _resolve_function(
        self, target: cst.BaseExpression, at: cst.CSTNode, depth: int = 0
    ) -> tuple[FunctionNode | None, dict[str, Value]]:
        """The def or lambda `target` names, and the parameters a functools.partial binds."""
        if isinstance(target, cst.Lambda):
            return target, {}
        if isinstance(target, cst.Call) and self.transform_of(target.func) is not None and target.args:
            # `jax.jit(shard_map(f, ...))`, `jax.jit(jax.vmap(f))`: the outer transformation traces f.
            return self._resolve_function(target.args[0].value, at)
        if isinstance(target, cst.Call) and self.imports.qualify(target.func) == "functools.partial":
            if not target.args:
                return None, {}
            # The partial's own argument names the binding before it (`f = partial(f, ...)`).
            function, _ = self._resolve_function(target.args[0].value, at, depth=_NO_LOCAL_LOOKUP)
            if function is None:
                return None, {}
            bound: dict[str, Value] = {}
            # `partial(gd.solve, loss)`: the instance fills `self`, `loss` the next parameter.
            names = _positional_names(function)[1 if self._binds_self(target.args[0].value, function) else 0:]
            positional = [a for a in target.args[1:] if a.keyword is None and not a.star]
            for name, arg in zip(names, positional):
                bound[name] = self._bound_value(arg.value, at)
            for arg in target.args[1:]:
                if arg.keyword is not None:
                    bound[arg.keyword.value] = self._bound_value(arg.value, at)
                elif arg.star:
                    # `partial(f, *args)` or `partial(f, **options)` may bind any parameter.
                    unbound = names if arg.star == "*" else param_names(function)
                    for name in unbound:
                        bound.setdefault(name, UNKNOWN_VALUE)
            return function, bound
        chain = self.index.enclosing.get(id(at), ())
        if isinstance(target, cst.Name) and chain and isinstance(chain[-1], cst.FunctionDef) and depth < _NO_LOCAL_LOOKUP:
            rebound = _local_partial(chain[-1], target.value)
            if rebound is not None:
                # `neighbor_fn = partial(neighbor_fn, max_occupancy=n)` before `lax.cond(..., neighbor_fn)`
                return self._resolve_function(rebound, at, depth + 1)
        if isinstance(target, cst.Name) and not chain and target.value in self.index.partials and depth < _NO_LOCAL_LOOKUP:
            # `run = partial(kmeans, update=update_centres)` at module level, then `jax.jit(run)`.
            return self._resolve_function(self.index.partials[target.value], at, depth + 1)
        top = self.index.top_of.get(id(chain[0] if chain else at))
        found = self.index.defined_function(target, chain, top, at)
        if found is None and isinstance(target, cst.Name) and not chain and target.value in self.index.lambdas:
            return self.index.lambdas[target.value], {}  # `f = jax.jit(loss_fn)`, `loss_fn = lambda ...`
        if found is None and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                and target.value.value in self.index.classes:
            # `jax.jit(Case.set_lat)`: the plain function, its instance passed as the first argument.
            found = self.index.class_method(target.value.value, target.attr.value)
            if found is not None:
                return found, {}
        if found is None and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and not chain:
            # `jax.jit(something.set_x)`, `something = Something()` at module level.
            made_class, _ = self.index.made_object_or_function(target.value.value)
            if made_class is not None:
                found = self.index.class_method(made_class, target.attr.value)
                receiver = [*found.params.posonly_params, *found.params.params][:1] if found is not None else []
                if receiver and not is_staticmethod(found) and not is_classmethod(found):
                    # The object is closed over, not passed: a Python object whose attributes
                    # are what its class stores (`self.penalty`), not tracers.
                    held = self.index.object_made_at_module_level(target.value.value)
                    if held is not None and held.instance_of == made_class:
                        return found, {receiver[0].name.value: held}
        elif found is None and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Call) \
                and isinstance(target.value.func, cst.Name) and target.value.func.value in self.index.classes \
                and not chain:
            # `jax.jit(Feature(mean=None).calculate)`: the method of an object made in place.
            made_class = target.value.func.value
            found = self.index.class_method(made_class, target.attr.value)
            receiver = [*found.params.posonly_params, *found.params.params][:1] if found is not None else []
            if receiver and not is_staticmethod(found) and not is_classmethod(found):
                held = self.index.object_made_by(target.value, made_class)
                return found, {receiver[0].name.value: held or Value(0, container=True, instance_of=made_class)}
        elif found is None and isinstance(target, cst.Name) and not chain:
            # `jax.jit(loss_fn)` where `loss_fn = make_loss(cfg)`: the closure the factory returns;
            # `jax.jit(model)` where `model = Model(...)`: its `__call__`.
            made_class, made_function = self.index.made_object_or_function(target.value)
            found = made_function if made_class is None else self.index.class_method(made_class, "__call__")
        elif found is None and isinstance(target, cst.Call) and isinstance(target.func, cst.Name) and not chain:
            # `jax.jit(make_schedule(cfg))`, `jax.jit(Model(...))`: made in place.
            made_class, made_function = self.index.made_from(target.func.value)
            found = made_function if made_class is None else self.index.class_method(made_class, "__call__")
        # The factory's `partial(schedule, base_lr=cfg.lr)` binds Python values: not traced.
        bound = self.index.bound_by_factory.get(id(found), ()) if found is not None else ()
        return found, {name: UNKNOWN_VALUE for name in bound}

    def _binds_self(self, target: cst.BaseExpression, function: FunctionNode) -> bool:
        """`self.step` or `gd.solve` (an instance's method, looked up on it) fills the first
        parameter, and so does a class method looked up on its class (`Grid.orca75` binds `cls`);
        `Solver.solve` and static methods do not."""
        if _is_bound_method_reference(target):
            return not is_staticmethod(function)
        if isinstance(target, cst.Attribute) and self._is_method(function) and is_classmethod(function):
            return True
        return isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
            and target.value.value not in self.index.classes and self._is_method(function) \
            and not is_classmethod(function)

    def _at_module_level(self, node: cst.CSTNode) -> bool:
        """Not inside any function (a class body is fine)."""
        return not any(isinstance(scope, (cst.FunctionDef, cst.Lambda)) for scope in self.index.enclosing.get(id(node), ()))

    def _owner(self, function: FunctionNode) -> str | None:
        """The class `function` is defined in, if it is a method."""
        chain = self.index.enclosing.get(id(function), ())
        return chain[-1].name.value if chain and isinstance(chain[-1], cst.ClassDef) else None

    def _is_method(self, function: FunctionNode) -> bool:
        chain = self.index.enclosing.get(id(function), ())
        return bool(chain) and isinstance(chain[-1], cst.ClassDef) and not is_staticmethod(function)

    def _add(
        self,
        function: FunctionNode,
        transform: str,
        site: JitSite,
        options: cst.Call | None,
        bound: dict[str, Value] | None = None,
        shift: int = 0,
    ) -> None:
        static_nums, static_names = _static_options(options)
        site.static_argnums, site.static_argnames = static_nums, static_names
        argnums = _int_option(options, "argnums", default=(0,))
        params = parameter_values(
            function,
            transform=transform,
            kind=self._kind(transform),
            static_argnums=_shifted(static_nums, shift),
            static_argnames=static_names,
            argnums=None if argnums is None else _shifted(argnums, shift),
            in_axes_none=_shifted(_in_axes_none(options), shift),
            imports=self.imports,
            is_method=self._is_method(function),
            pytree_fields=self.index.pytree_fields,
            owner=self._owner(function),
        )
        if bound:
            params.update({k: v for k, v in bound.items() if k in params})
        if isinstance(function, cst.FunctionDef) and self._kind(transform) == "jit":
            params.update(self._recognised_objects(function, params))
        reason = {
            "decorator": f"decorated with @{_short(transform)}",
            "decorator-call": f"decorated with @{_short(transform)}(...)",
            "partial": f"decorated with @partial({_short(transform)}, ...)",
            "call": f"passed to {_short(transform)}(...)",
        }[site.form]
        self._merge(function, params, reason, transform, site)

    def _recognised_objects(self, function: cst.FunctionDef, params: dict[str, Value]) -> dict[str, Value]:
        """Unannotated traced parameters read only through fields and methods of one NamedTuple or
        dataclass of the module (`sparse_mat.rows`, `.cols`, `.vals`, `.shape`: a `COO`;
        `molecule.HF_energy_density(...)`, `molecule.grid`): that object, whose leaves are traced
        (`sparse_mat.shape[0]` too). At least two fields, or a method no array has, must be read,
        and the class must not be registered with its own flattening (which may keep fields
        static)."""
        annotated = {p.name.value for p in (*function.params.params, *function.params.kwonly_params)
                     if p.annotation is not None}
        candidates = [name for name, value in params.items()
                      if value.trace == TRACED and not value.container and name not in annotated]
        if not candidates or not self.index.classes:
            return {}
        read: dict[str, set[str]] = {name: set() for name in candidates}
        for node in own_nodes(child_nodes(function.body)):
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value in read:
                read[node.value.value].add(node.attr.value)
        found = {}
        for name, attributes in read.items():
            matches = [cls for cls in self.index.classes if (fields := self.index.pytree_fields(cls)) is not None
                       and attributes <= {field_name for field_name, _ in fields} | (methods := {
                           a for a in attributes if self.index.class_method(cls, a) is not None})
                       # two fields read, or a method no array has (`molecule.energy()`; `jitter.set`
                       # is the class's, but arrays have a `set` too)
                       and (len(attributes) >= 2 or methods - known.ARRAY_METHODS)]
            if len(matches) == 1 and (not self.index.custom_flattened(matches[0])
                                      or self.index.flattens_by_its_method(matches[0])):
                found[name] = Value(TRACED, container=True, instance_of=matches[0],
                                    fields=self.index.pytree_fields(matches[0]))
        return found

    def _add_body(self, function: FunctionNode, primitive: str, bound: dict[str, Value]) -> None:
        params = parameter_values(
            function, transform=primitive, kind="body", imports=self.imports,
            is_method=self._is_method(function), pytree_fields=self.index.pytree_fields,
            owner=self._owner(function),
        )
        params.update({k: v for k, v in bound.items() if k in params})
        self._merge(function, params, f"body of {_short(primitive)}", primitive, None)

    def _kind(self, transform: str) -> str:
        if transform in known.FILTER_TRANSFORMS:
            return "filter"
        if transform in known.GRAD_TRANSFORMS:
            return "grad"
        if transform in known.VMAP_TRANSFORMS:
            return "vmap"
        return "jit"

    def _merge(
        self,
        function: FunctionNode,
        params: dict[str, Value],
        reason: str,
        transform: str,
        site: JitSite | None,
    ) -> None:
        existing = self.scopes.get(id(function))
        # Differentiation alone, applied at module level (`f = jax.grad(f)`, `@jax.grad`): inside a
        # function, the caller may itself be jitted, and then the values are abstract after all.
        concrete = transform in known.GRAD_TRANSFORMS and site is not None \
            and self._at_module_level(site.node) and self._at_module_level(function)
        if existing is None:
            scope = TracedScope(function, params, reason, transform, transformed=True, concrete=concrete)
            self.scopes[id(function)] = scope
        else:
            scope = existing
            scope.concrete = scope.concrete and concrete
            for name, value in params.items():
                # A parameter is traced if any way of calling the function traces it; static only
                # when every transformation applied to it agrees.
                old = scope.params.get(name, value)
                scope.params[name] = value if value.trace > old.trace else old
        if site is not None:
            scope.jit_sites.append(site)
        if transform in known.GRAD_TRANSFORMS or transform in known.REVERSE_MODE_BODIES:
            scope.differentiated = True


def _bound_value(expression: cst.BaseExpression) -> Value:
    """What `functools.partial` binds: a Python value, None or not (`k=None` is, `k=n` is not
    taken to be: a partial that binds an option usually gives it a value)."""
    return Value(0, truthy=False, none=True) if is_none_literal(expression) else Value(0, none=False)


_NO_LOCAL_LOOKUP = 4  # depth at which a name is no longer looked up among local partials


def _local_partial(function: cst.FunctionDef, name: str) -> cst.Call | None:
    """The `functools.partial(...)` call that `function`'s own body last binds to `name`, if any
    (only statements directly in its body: where a later call site sees the binding)."""
    found = None
    body = function.body.body if isinstance(function.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if (
                isinstance(small, cst.Assign)
                and len(small.targets) == 1
                and _is_name(small.targets[0].target, name)
            ):
                value = small.value
                found = value if isinstance(value, cst.Call) and _names_partial(value.func) else None
    return found


def _names_partial(func: cst.BaseExpression) -> bool:
    return (isinstance(func, cst.Name) and func.value == "partial") or (
        isinstance(func, cst.Attribute) and func.attr.value == "partial"
        and isinstance(func.value, cst.Name) and func.value.value == "functools"
    )


def is_staticmethod(function: FunctionNode) -> bool:
    """A @staticmethod: called through `self.f` or `cls.f`, it binds no `self`."""
    return isinstance(function, cst.FunctionDef) and any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod" for d in function.decorators
    )


def is_classmethod(function: FunctionNode) -> bool:
    """A @classmethod: its first parameter is the class, not an object of it."""
    return isinstance(function, cst.FunctionDef) and any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod" for d in function.decorators
    )


def _shifted(positions: tuple[int, ...], shift: int) -> tuple[int, ...]:
    """Argument positions as the def counts them when `shift` leading parameters are bound."""
    return tuple(p + shift if p >= 0 else p for p in positions)


def _is_bound_method_reference(target: cst.BaseExpression) -> bool:
    return (
        isinstance(target, cst.Attribute)
        and isinstance(target.value, cst.Name)
        and target.value.value in ("self", "cls")
    )


def _short(qualified: str) -> str:
    for prefix, short in (("jax.lax.", "lax."), ("jax.numpy.", "jnp."), ("jax.", "jax."), ("equinox.", "eqx."),
                          ("flax.linen.", "nn."), ("flax.nnx.", "nnx.")):
        if qualified.startswith(prefix):
            return short + qualified[len(prefix):]
    return qualified


def _positional_args(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None]


def _argument(call: cst.Call, position: int, keywords: tuple[str, ...]) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in keywords:
            return arg.value
    if position < 0:
        return None
    positional = [a for a in call.args if a.keyword is None and not a.star]
    if position < len(positional):
        return positional[position].value
    return None


def _keyword(call: cst.Call | None, name: str) -> cst.BaseExpression | None:
    if call is None:
        return None
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _int_option(call: cst.Call | None, name: str, default: tuple[int, ...]) -> tuple[int, ...] | None:
    """An int-or-tuple-of-ints keyword option; None when present but not literal."""
    value = _keyword(call, name)
    if value is None:
        return default
    single = literal_int(value)
    if single is not None:
        return (single,)
    if isinstance(value, (cst.Tuple, cst.List)):
        numbers = [literal_int(e.value) for e in value.elements]
        if all(n is not None for n in numbers):
            return tuple(numbers)  # type: ignore[arg-type]
    return None


def _string_option(call: cst.Call | None, name: str) -> tuple[str, ...]:
    value = _keyword(call, name)
    if value is None:
        return ()
    if isinstance(value, cst.SimpleString):
        return (value.evaluated_value,)  # type: ignore[return-value]
    if isinstance(value, (cst.Tuple, cst.List)):
        return tuple(
            e.value.evaluated_value for e in value.elements if isinstance(e.value, cst.SimpleString)
        )  # type: ignore[misc]
    return ()


def _static_options(call: cst.Call | None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    nums = _int_option(call, "static_argnums", default=())
    names = _string_option(call, "static_argnames")
    if nums is None:
        # Not a literal: we cannot tell which arguments are static, so treat all as maybe-static.
        nums = tuple(range(-64, 64))
    return nums, names


def _in_axes_none(call: cst.Call | None) -> tuple[int, ...]:
    """Positions that `in_axes` leaves unbatched (None): those arguments are not traced by vmap."""
    value = _keyword(call, "in_axes")
    if value is None and call is not None:
        positional = _positional_args(call)
        value = positional[1].value if len(positional) > 1 else None
    if isinstance(value, (cst.Tuple, cst.List)):
        return tuple(i for i, e in enumerate(value.elements) if is_none_literal(e.value))
    return ()


def _makes_own_class(method: cst.FunctionDef, class_name: str) -> bool:
    """Whether every return of a class's method builds an object of that class (`return
    cls(...)` in a classmethod, `return GlassBlock(...)`): a factory of its own class."""
    params = method.params.params
    own = {class_name, *([params[0].name.value] if params else [])}
    values = [statement.value for statement in own_nodes(child_nodes(method.body)) if isinstance(statement, cst.Return)]
    return bool(values) and all(isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                                and value.func.value in own for value in values)


def _positional_names(function: FunctionNode) -> list[str]:
    params = function.params
    return [p.name.value for p in (*params.posonly_params, *params.params)]


def param_names(function: FunctionNode) -> list[str]:
    """Every parameter name, `*args` and `**kwargs` included."""
    params = function.params
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.append(star.name.value)
    return names


def _annotation_is_array(param: cst.Param, imports: ImportTable) -> bool:
    return _annotation_kind(param, imports) == "array"


_UNIONS = frozenset({"typing.Union", "typing.Optional", "Union", "Optional"})


def _is_type_union(value: cst.BaseExpression, imports: ImportTable) -> bool:
    """`Union[np.ndarray, jnp.ndarray]`, `Optional[Array]`, `np.ndarray | jax.Array`."""
    if isinstance(value, cst.Subscript):
        return (imports.qualify(value.value) or dotted_name(value.value)) in _UNIONS
    return isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.BitOr) and all(
        isinstance(side, (cst.Name, cst.Attribute, cst.Subscript, cst.BinaryOperation)) for side in (value.left, value.right))


def _union_members(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(value, cst.BinaryOperation):
        return [*_union_members(value.left), *_union_members(value.right)]
    if isinstance(value, cst.Subscript):
        return [element.slice.value for element in value.slice if isinstance(element.slice, cst.Index)]
    return [value]


def _annotation_kind(param: cst.Param, imports: ImportTable, depth: int = 0) -> str | None:
    """What a parameter's annotation says it holds: "array", "scalar", "container", "other", or
    None when it is not annotated. A union of types one of which is an array (an alias `NdArray =
    Union[np.ndarray, jnp.ndarray]`) is an array: whatever is passed in its place, a transformation
    traces it; one that admits None (`Optional[jax.Array]`) is not: `if limit:` asks whether it
    was given."""
    if param.annotation is None:
        return None
    annotation = param.annotation.annotation
    if isinstance(annotation, cst.Name) and annotation.value in imports.type_aliases and depth < 4:
        annotation = imports.type_aliases[annotation.value]
    if _is_type_union(annotation, imports) and depth < 4:
        members = _union_members(annotation)
        if any(isinstance(member, cst.Name) and member.value == "None" for member in members) or (
                isinstance(annotation, cst.Subscript) and (imports.qualify(annotation.value) or dotted_name(annotation.value))
                in ("typing.Optional", "Optional")):
            return "other"  # may be None: `if limit:` asks whether it was given
        kinds = {_annotation_kind(cst.Param(cst.Name("_"), annotation=cst.Annotation(member)), imports, depth + 1)
                 for member in members}
        return "array" if "array" in kinds else "other"
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    written = dotted_name(annotation)
    qualified = imports.qualify(annotation) or written
    if qualified in known.ARRAY_ANNOTATION_NAMES or any(
        name is not None and name.rpartition(".")[2] in ("Array", "ndarray", "NDArray", "ArrayLike") for name in (qualified, written)
    ):
        return "array"  # `ArrayLike = Any` in the module is still what it says
    if qualified in ("typing.Any", "Any"):
        return None  # says nothing: what the transformation does decides
    if qualified in known.SCALAR_ANNOTATION_NAMES:
        return "scalar"
    if qualified in known.CONTAINER_ANNOTATION_NAMES:
        return "container"
    return "other"


def traced_as_annotated(param: cst.Param, imports: ImportTable, pytree_fields=None, owner: str | None = None) -> Value:
    """A traced argument, narrowed by its annotation: a tuple of arrays is a container (its
    truthiness and length are static), a NamedTuple or dataclass of this module is a container
    of its fields (`state.count` is traced; `other: Self` in a method of `owner` is one of
    `owner`), and a class we cannot see, an Optional or an alias we cannot resolve may not be an
    array at all."""
    kind = _annotation_kind(param, imports)
    if kind is None or kind in ("array", "scalar"):
        return TRACED_VALUE
    if kind == "container":
        return Value(TRACED, container=True)
    annotation = param.annotation.annotation if param.annotation is not None else None
    if isinstance(annotation, cst.SimpleString) and annotation.raw_value.isidentifier():
        annotation = cst.Name(annotation.raw_value)  # `other: "Solution"`, a forward reference
    if isinstance(annotation, cst.Name):
        name = annotation.value
        if owner is not None and (imports.qualify(annotation) or name) in _SELF_ANNOTATIONS:
            name = owner
        fields = pytree_fields(name) if pytree_fields is not None else None
        if fields is not None:
            return Value(TRACED, container=True, instance_of=name, fields=fields)
    return UNKNOWN_VALUE


_SELF_ANNOTATIONS = frozenset({"Self", "typing.Self", "typing_extensions.Self"})


_PYTREE_BASES = frozenset({"NamedTuple", "PyTreeNode", "Module", "Struct"})
_STATIC_ANNOTATIONS = frozenset({"str", "builtins.str", "type", "typing.Callable", "collections.abc.Callable"})


def _pytree_fields(node: cst.ClassDef, imports: ImportTable) -> tuple[tuple[str, Value], ...] | None:
    flattened = _flattened_fields(node)
    if flattened is not None:
        return flattened
    bases = {dotted_name(base.value) or "" for base in node.bases}
    decorators = {dotted_name(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or ""
                  for d in node.decorators}
    if not (any(b.rpartition(".")[2] in _PYTREE_BASES for b in bases)
            or any(d.rpartition(".")[2].endswith("dataclass") for d in decorators)):
        return None
    fields = []
    statements = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for line in statements:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for statement in line.body:
            if not isinstance(statement, cst.AnnAssign) or not isinstance(statement.target, cst.Name):
                continue
            fields.append((statement.target.value, _field_value(statement, imports)))
    return tuple(fields)


def _flattened_fields(node: cst.ClassDef) -> tuple[tuple[str, Value], ...] | None:
    """A class with its own `tree_flatten` returning `(children, aux)`: the attributes of `self`
    among the children are leaves (traced under a transformation), those in `aux` are static."""
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    method = next((m for m in body if isinstance(m, cst.FunctionDef) and m.name.value == "tree_flatten"), None)
    if method is None:
        return None
    returned = [n.value for n in own_nodes(child_nodes(method.body)) if isinstance(n, cst.Return) and n.value is not None]
    if len(returned) != 1 or not isinstance(returned[0], cst.Tuple) or len(returned[0].elements) != 2:
        return None
    # `children = (self.params,)`, `aux_data = None`, then `return (children, aux_data)`.
    assigned: dict[str, list[cst.BaseExpression]] = {}
    for statement in own_nodes(child_nodes(method.body)):
        if isinstance(statement, cst.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0].target, cst.Name):
            assigned.setdefault(statement.targets[0].target.value, []).append(statement.value)
    children, aux = (
        assigned[element.value.value][0] if isinstance(element.value, cst.Name)
        and len(assigned.get(element.value.value, ())) == 1 else element.value
        for element in returned[0].elements
    )

    def attributes(part: cst.BaseExpression) -> list[str]:
        items = part.elements if isinstance(part, (cst.Tuple, cst.List)) else [part]
        values = [item.value if isinstance(item, cst.BaseElement) else item for item in items]
        return [v.attr.value for v in values if isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name)
                and v.value.value == "self"]

    return (*((name, TRACED_VALUE) for name in attributes(children)),
            *((name, STATIC_VALUE) for name in attributes(aux)))


def declares_static(value: cst.BaseExpression | None) -> bool:
    """`field(pytree_node=False)`, `eqx.field(static=True)`, `static_field()`: a dataclass field
    that is no leaf of the pytree."""
    if not isinstance(value, cst.Call):
        return False
    leaf = value.func.attr.value if isinstance(value.func, cst.Attribute) else getattr(value.func, "value", None)
    return leaf == "static_field" or any(
        arg.keyword is not None
        and ((arg.keyword.value, getattr(arg.value, "value", None)) in (("pytree_node", "False"), ("static", "True"))
             or arg.keyword.value == "metadata" and _static_metadata(arg.value))
        for arg in value.args
    )


def _static_metadata(metadata: cst.BaseExpression) -> bool:
    """`dict(static=True)` or `{"static": True}`: `jax.tree_util.register_dataclass` keeps such a
    field out of the leaves."""
    if isinstance(metadata, cst.Call) and isinstance(metadata.func, cst.Name) and metadata.func.value == "dict":
        return any(arg.keyword is not None and arg.keyword.value == "static"
                   and getattr(arg.value, "value", None) == "True" for arg in metadata.args)
    return isinstance(metadata, cst.Dict) and any(
        isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
        and element.key.evaluated_value == "static" and getattr(element.value, "value", None) == "True"
        for element in metadata.elements)


def _field_value(statement: cst.AnnAssign, imports: ImportTable) -> Value:
    if declares_static(statement.value):
        return STATIC_VALUE
    annotation = statement.annotation.annotation
    if isinstance(annotation, cst.Subscript) and len(annotation.slice) == 1 \
            and isinstance(annotation.slice[0].slice, cst.Index) \
            and (imports.qualify(annotation.value) or dotted_name(annotation.value)) in ("typing.Optional", "Optional"):
        # `omegas: Optional[Array] = None`: an array when given (None is static, and tested by identity).
        inner = annotation.slice[0].slice.value
        return _field_value(statement.with_changes(annotation=cst.Annotation(inner)), imports)
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    qualified = imports.qualify(annotation) or dotted_name(annotation)
    if qualified in _STATIC_ANNOTATIONS:
        return STATIC_VALUE
    kind = _annotation_kind(cst.Param(cst.Name("_"), annotation=statement.annotation), imports)
    if kind in ("array", "scalar"):
        return TRACED_VALUE
    if kind == "container":
        return Value(TRACED, container=True)
    return UNKNOWN_VALUE


def parameter_values(
    function: FunctionNode,
    *,
    transform: str,
    kind: str,
    imports: ImportTable,
    static_argnums: tuple[int, ...] = (),
    static_argnames: tuple[str, ...] = (),
    argnums: tuple[int, ...] | None = (0,),
    in_axes_none: tuple[int, ...] = (),
    is_method: bool = False,
    pytree_fields=None,
    owner: str | None = None,
) -> dict[str, Value]:
    """The value of each parameter when `transform` traces `function` (`pytree_fields`: the
    fields of a class of the module, `ModuleIndex.pytree_fields`)."""
    params = function.params
    positional = [*params.posonly_params, *params.params]
    count = len(positional)
    static_positions = {n % count for n in static_argnums if count and -count <= n < count}
    values: dict[str, Value] = {}

    def value_for(param: cst.Param, position: int | None) -> Value:
        name = param.name.value
        if name in static_argnames or (position is not None and position in static_positions):
            return STATIC_VALUE
        if is_method and position == 0:
            return UNKNOWN_VALUE  # self: a pytree (module, dataclass) or static; not an array
        if param.default is not None and not (kind in ("jit", "vmap", "filter") and _annotation_is_array(param, imports)):
            # A parameter with a default keeps its Python value unless the caller passes one
            # (lax.scan passes two arguments, `functools.partial` may bind a flag); one annotated
            # as an array (`is_call: jnp.bool_ = True`) is passed one by its callers.
            if kind in ("jit", "vmap") and is_none_literal(param.default):
                # `where=None`: where a caller passes it, jit makes it a tracer like any argument.
                return UNKNOWN_VALUE._replace(if_passed=traced_as_annotated(param, imports, pytree_fields, owner))
            truth = _literal_truth(param.default) if kind == "jit" else None
            # `debug_mode=False`: left out it is False; passed, jit makes it a tracer, which a
            # truth test rejects. Either way a test of it runs its default's branch under the trace.
            return UNKNOWN_VALUE if truth is None else UNKNOWN_VALUE._replace(truthy=truth)
        if kind == "filter":
            return TRACED_VALUE if _annotation_is_array(param, imports) else UNKNOWN_VALUE
        if kind == "grad" and not (argnums is None or (position is not None and position in argnums)):
            return UNKNOWN_VALUE
        if kind == "vmap" and position is not None and position in in_axes_none:
            return UNKNOWN_VALUE
        value = traced_as_annotated(param, imports, pytree_fields, owner)
        if value is TRACED_VALUE and known.conventional_mask_name(name):
            return Value(TRACED, boolean=True)  # `is_surface_atom`: indexing with it selects by mask
        return value

    for position, param in enumerate(positional):
        values[param.name.value] = value_for(param, position)
    for param in params.kwonly_params:
        values[param.name.value] = value_for(param, None)
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            inner = TRACED if kind in ("jit", "body", "vmap") else 1
            values[star.name.value] = Value(inner, container=True)
    return values


# --- the transformation's boundary --------------------------------------------------------------

_CONTAINER_KINDS = (cst.For, cst.CompFor)



def used_only_as_leaf(function: FunctionNode, name: str) -> bool:
    """Whether nothing in `function` suggests that its parameter `name` holds a pytree container
    (a dict, a tuple, an object) or None rather than one array or Python scalar.

    A transformation traces every leaf of every argument: a Python `bool` or `float` passed to a
    jitted function arrives as a tracer, and testing it fails. A dict or a tuple arrives as the
    same container of tracers, whose truth value is static. So a parameter tested for truth is
    taken to be a leaf unless the function reads it as a container somewhere: indexed with a
    string, unpacked, iterated, given an attribute that arrays do not have, compared with `is`,
    tested with `isinstance`, spread with `*` or `**`, or defaulted to a container (`extras or {}`);
    or its name is one that by convention holds a bundle of values (`config`, `params`, `state`).
    """
    if known.conventional_container_name(name):
        return False
    pending: list[cst.CSTNode] = [function.body]
    while pending:
        node = pending.pop()
        kind = type(node)
        if kind is cst.Subscript and _is_name(node.value, name):
            if any(isinstance(e.slice, cst.Index) and isinstance(e.slice.value, (cst.SimpleString, cst.ConcatenatedString))
                   for e in node.slice):
                return False
        elif kind is cst.Attribute and _is_name(node.value, name):
            attribute = node.attr.value
            if attribute not in known.STATIC_ARRAY_ATTRIBUTES and attribute not in known.TRACED_ARRAY_ATTRIBUTES \
                    and attribute not in known.ARRAY_METHODS:
                return False
        elif kind in _CONTAINER_KINDS and _is_name(node.iter, name):
            return False
        elif kind is cst.Comparison:
            operands = [node.left, *(c.comparator for c in node.comparisons)]
            if any(_is_name(o, name) for o in operands) and any(
                isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in node.comparisons
            ):
                return False
        elif kind is cst.Call and isinstance(node.func, cst.Name) and node.func.value in ("isinstance", "len", "type"):
            if node.args and _is_name(node.args[0].value, name):
                return False
        elif kind is cst.Arg and node.star and _is_name(node.value, name):
            return False
        elif kind is cst.StarredElement and _is_name(node.value, name):
            return False
        elif kind is cst.IfExp and _is_name(node.test, name):
            if _is_container_literal(node.body) or _is_container_literal(node.orelse):
                return False  # `extras if extras else {}`
        elif kind is cst.BooleanOperation and (_is_name(node.left, name) or _is_name(node.right, name)):
            if _is_container_literal(node.left) or _is_container_literal(node.right):
                return False  # `extras or {}`
        elif kind is cst.Assign and _is_name(node.value, name):
            if any(isinstance(t.target, (cst.Tuple, cst.List)) for t in node.targets):
                return False
        pending.extend(child_nodes(node))
    return True


def _is_container_literal(node: cst.CSTNode) -> bool:
    if isinstance(node, (cst.Dict, cst.List, cst.Tuple, cst.Set)):
        return True
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in (
        "dict", "list", "tuple", "set"
    )


def _is_name(node: cst.CSTNode | None, name: str) -> bool:
    return type(node) is cst.Name and node.value == name


def _literal_truth(default: cst.BaseExpression) -> bool | None:
    """The truth value of a literal default (`False`, `0`, `1e-10`, `"full"`), else None."""
    if isinstance(default, cst.Name) and default.value in ("True", "False"):
        return default.value == "True"
    if isinstance(default, (cst.Integer, cst.Float)):
        return float(default.value.replace("_", "")) != 0
    if isinstance(default, cst.SimpleString):
        return len(default.evaluated_value) > 0
    return None
