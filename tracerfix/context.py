"""What a rule can ask while the engine walks traced code."""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis import Analysis
from tracerfix.analysis.dataflow import Env
from tracerfix.analysis.imports import ImportSpec
from tracerfix.analysis.scopes import TracedScope
from tracerfix.analysis.values import Evaluator, Value, qualify_in
from tracerfix.rule import Fix, Replacement, Safety


class RuleContext:
    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.module = analysis.module
        self.imports = analysis.imports
        # Maintained by the engine's walk.
        self.ancestors: list[cst.CSTNode] = []
        self.scope: TracedScope | None = None
        self.env: Env = {}
        # (rule code, statement text) of fixes the engine withdrew because their output leaked
        # again (`engine._withdraw_culprits`): the rule leaves those statements to the others.
        self.withdrawn: frozenset[tuple[str, str]] = frozenset()
        # Functions whose control flow takes the plain `lax` lowering (`Settings.plainly_lowered`).
        self.plainly_lowered: frozenset[str] = frozenset()
        self._pending_imports: set[ImportSpec] = set()
        # Nodes whose leak an enclosing statement's fix already removes (TFX108 replaces a loop
        # with every `if` in it): other rules leave them alone, so one leak gets one finding.
        self._claimed: set[int] = set()
        # Rules ask about the same expressions in the same environment again and again. Entries
        # hold the node and the environment, so their ids cannot be reused while cached.
        self._values: dict[tuple[int, int], tuple[cst.CSTNode, Env, Value]] = {}
        # Per function (by id; the module keeps the node alive): the names in its code and those
        # that fixes of this pass gave their helpers, so two fixes never define one name twice.
        self._names_taken: dict[int, tuple[set[str], dict[str, int]]] = {}

    # -- values ----------------------------------------------------------------------------------
    def value(self, node: cst.BaseExpression) -> Value:
        env = self.env
        key = (id(node), id(env))
        cached = self._values.get(key)
        if cached is not None and cached[0] is node and cached[1] is env:
            return cached[2]
        value = self.evaluator(env).value(node)
        self._values[key] = (node, env, value)
        return value

    def evaluator(self, env: Env) -> Evaluator:
        """Values of expressions in `env` (an environment of the current function)."""
        evaluator = Evaluator(env, self.imports, self.analysis.index.module_env, self._helper_result)
        evaluator.classes = self.analysis.index
        evaluator.on_property = self._property_result
        evaluator.on_getitem = self._getitem_result
        return evaluator

    def _getitem_result(self, instance: Value, index: Value) -> Value | None:
        method = self.analysis.index.class_method(instance.instance_of, "__getitem__")
        return None if method is None else self.analysis.result_of(method)

    def _property_result(self, instance: Value, attribute: str) -> Value | None:
        # What a `@property` read on an object of this module gives, as the dataflow found.
        getter = self.analysis.index.property_getter(instance.instance_of, attribute)
        return None if getter is None else self.analysis.result_of(getter)

    def _helper_result(self, call: cst.Call, args: list[Value]) -> Value | None:
        # A call to a traced helper of this module returns what its dataflow found, as it did
        # when the analysis computed the values of names assigned from it.
        return self.analysis.helper_result(call, self.function, self.env)

    def is_traced(self, node: cst.BaseExpression) -> bool:
        """True only when `node` is certainly a traced array (not a container, not unknown)."""
        if self.value(node).traced:
            return True
        return self.analysis.evidence is not None and self.proven_traced(node)

    def env_at(self, statement: cst.CSTNode) -> Env:
        """The analysis' environment before `statement` (the current one when not recorded)."""
        facts = self.analysis.facts.get(id(self.scope.node)) if self.scope is not None else None
        if facts is None:
            return self.env
        return facts.env_at.get(id(statement), self.env)

    def is_traced_where(self, node: cst.BaseExpression, ancestors) -> bool:
        """`is_traced` for `node` read at the statement among `ancestors` (outermost first)
        that holds it, not at the one being visited."""
        facts = self.analysis.facts.get(id(self.scope.node)) if self.scope is not None else None
        if facts is not None:
            for ancestor in reversed(ancestors):
                env = facts.env_at.get(id(ancestor))
                if env is not None:
                    return self.evaluator(env).value(node).traced
        return self.is_traced(node)

    def proven_traced(self, node: cst.CSTNode) -> bool:
        """A traceback proved `node` traced: it is on the statement that raised a tracer error."""
        if self.analysis.evidence is None:
            return False
        from tracerfix.evidence import proves_traced

        return proves_traced(self, node)

    def proven_error(self, node: cst.CSTNode, kind: str) -> bool:
        """A traceback proved that `node` raised the tracer error `kind` (`evidence.proves_error`)."""
        if self.analysis.evidence is None:
            return False
        from tracerfix.evidence import proves_error

        return proves_error(self, node, kind)

    def qualified_name(self, node: cst.BaseExpression) -> str | None:
        return qualify_in(node, self.env, self.imports)

    @property
    def function(self) -> cst.FunctionDef | cst.Lambda | None:
        return None if self.scope is None else self.scope.node

    def helper_names(self) -> tuple[set[str], dict[str, int]]:
        """The names used in the current function's code, and the names fixes of this pass gave
        the helpers they define in it, each with the id of the statement its fix replaces."""
        function = self.function
        entry = self._names_taken.get(id(function))
        if entry is None:
            from tracerfix.rewrite import names_in

            entry = (set() if function is None else names_in(self.code(function)), {})
            self._names_taken[id(function)] = entry
        return entry

    def helper_name(self, name: str, replaced: cst.CSTNode | None, given: set[str] | None = None) -> str:
        """`name`, or `name_2`, `name_3`...: the first that the current function does not use and
        no fix of another statement defines (only one fix of `replaced` is written, so its forms
        share names); `given` holds those this fix took already."""
        used, reserved = self.helper_names()
        owner = id(replaced)
        candidate, number = name, 2
        while candidate in used or (given is not None and candidate in given) or reserved.get(candidate, owner) != owner:
            candidate, number = f"{name}_{number}", number + 1
        reserved[candidate] = owner
        if given is not None:
            given.add(candidate)
        return candidate

    @property
    def function_name(self) -> str:
        node = self.function
        return node.name.value if isinstance(node, cst.FunctionDef) else "<lambda>"

    def parent(self, levels: int = 1) -> cst.CSTNode | None:
        """The node `levels` above the one being visited (1: its parent)."""
        position = len(self.ancestors) - 1 - levels
        return self.ancestors[position] if position >= 0 else None

    def enclosing(self, kind: type | tuple[type, ...]) -> cst.CSTNode | None:
        for node in reversed(self.ancestors[:-1]):
            if isinstance(node, kind):
                return node
        return None

    def claim(self, node: cst.CSTNode) -> None:
        """Say that the fix being reported also removes the leak at `node`, which is inside the
        reported statement and so is visited later."""
        self._claimed.add(id(node))

    def claimed(self, node: cst.CSTNode) -> bool:
        return id(node) in self._claimed

    def lowers_plainly(self) -> bool:
        """Verification asked for the plain `lax` form of this function's control flow."""
        if not self.plainly_lowered or self.function is None:
            return False
        from tracerfix.engine import qualified_function_name

        name = qualified_function_name(self.analysis, self.function)
        return any(name == unit or name.startswith(unit + ".") for unit in self.plainly_lowered)

    def was_withdrawn(self, code: str, node: cst.CSTNode) -> bool:
        return bool(self.withdrawn) and (code, self.code(node)) in self.withdrawn

    # -- source ----------------------------------------------------------------------------------
    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def describe(self, node: cst.CSTNode, limit: int = 40) -> str:
        """Short source text for messages: `x[i] < 0`."""
        text = " ".join(self.code(node).split())
        return text if len(text) <= limit else text[: limit - 3] + "..."

    def parse_expression(self, text: str) -> cst.BaseExpression:
        return cst.parse_expression(text, config=self.module.config_for_parsing)

    def parse_statement(self, text: str) -> cst.BaseStatement:
        return cst.parse_statement(text, config=self.module.config_for_parsing)

    # -- fixes -----------------------------------------------------------------------------------
    def spell(self, qualified: str) -> str:
        """How generated code names `qualified` (`jax.numpy` -> `jnp`); the import is recorded."""
        text, spec = self.imports.spell(qualified)
        if spec is not None:
            self._pending_imports.add(spec)
        return text

    def fix(
        self,
        title: str,
        edits: list[tuple[cst.CSTNode, Replacement]],
        safety: Safety = Safety.SAFE,
        safety_note: str = "",
    ) -> Fix:
        """A Fix carrying the imports that `spell` recorded since the last fix and that its code
        uses (a template that gave up, or a name spelled in advance, adds no import)."""
        used = _names_used(replacement for _, replacement in edits)
        imports = frozenset(spec for spec in self._pending_imports if spec.bound_name in used)
        self._pending_imports = set()
        return Fix(title, edits, safety, imports, safety_note)


def _names_used(replacements) -> set[str]:
    names: set[str] = set()
    stack: list = list(replacements)
    while stack:
        node = stack.pop()
        if isinstance(node, cst.FlattenSentinel):
            stack.extend(node.nodes)
        elif isinstance(node, cst.Name):
            names.add(node.value)
        elif isinstance(node, cst.CSTNode):
            stack.extend(node.children)
    return names
