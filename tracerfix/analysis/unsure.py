"""Where the analysis stays silent because a value could be traced or not (`check --show-unsure`).

Rules report only values the analysis knows are traced: a false alarm on correct code costs more
than a miss. When a user chases a real error the tool did not report, these are the places to
look: truth tests, conversions and loop bounds whose value may be a tracer, and blocks taken to
run only eagerly behind a tracer test.
"""

from __future__ import annotations

import libcst as cst

from tracerfix.analysis.syntax import child_nodes
from tracerfix.analysis.values import TRACED, UNKNOWN, Evaluator

_TESTED = (cst.If, cst.While, cst.Assert)
_CONVERSIONS = frozenset({"bool", "int", "float", "range"})


def unsure_places(analysis) -> list[tuple[cst.CSTNode, int, str]]:
    """(node, index of its top-level statement, why) for each place the rules stay silent on."""
    index = analysis.index
    places: list[tuple[cst.CSTNode, int, str]] = []
    for key, facts in analysis.facts.items():
        function = facts.node
        scope = analysis.scopes.get(key)
        top = index.top_of.get(id(function), 0)
        for node, why in facts.unsure:
            places.append((node, top, why))
        owner = "`" + function.name.value + "`" if isinstance(function, cst.FunctionDef) else "a lambda"
        pending = [function.body]
        env = facts.entry
        while pending:
            node = pending.pop()
            if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) or id(node) in facts.eager_only:
                continue  # walked as its own scope, or never traced
            env = facts.env_at.get(id(node), env)
            expression = _tested(node)
            if expression is not None:
                value = Evaluator(env, analysis.imports, index.module_env).value(expression)
                text = " ".join(analysis.module.code_for_node(expression).split())
                text = text if len(text) <= 40 else text[:37] + "..."
                where = f"in {owner} ({scope.reason if scope else 'traced'})"
                if value.trace == UNKNOWN and not value.container:
                    places.append((node, top, f"`{text}` {where} may be a tracer or a Python value; no finding either way"))
                elif _untrusted_parameter(analysis, scope, expression, env):
                    places.append((node, top, f"parameter `{text}` {where} is traced if it holds an array or a "
                                              "Python scalar, static if it holds a container; no finding either way"))
            pending.extend(reversed(child_nodes(node)))
    return places


def _tested(node: cst.CSTNode) -> cst.BaseExpression | None:
    """The expression whose concrete value `node` needs: a condition, or a conversion's argument."""
    if isinstance(node, _TESTED):
        return node.test
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in _CONVERSIONS:
        if len(node.args) == 1 and node.args[0].keyword is None and not node.args[0].star:
            return node.args[0].value
    return None


def _untrusted_parameter(analysis, scope, expression: cst.BaseExpression, env) -> bool:
    """A bare, unannotated parameter whose truth test the rules do not trust (it may be a dict)."""
    if scope is None or not isinstance(expression, cst.Name):
        return False
    name = expression.value
    value = scope.params.get(name)
    if value is None or env.get(name) != value or value.trace != TRACED or value.container or value.boolean:
        return False
    params = scope.node.params
    annotated = any(p.name.value == name and p.annotation is not None
                    for p in (*params.posonly_params, *params.params, *params.kwonly_params))
    return not annotated and not (scope.transformed and analysis.parameter_is_leaf(scope.node, name))
