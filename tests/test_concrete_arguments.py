"""The table of arguments that must be concrete matches the signatures of the installed JAX."""

from __future__ import annotations

import importlib
import inspect

import pytest

from tracerfix.concrete_arguments import FUNCTION_SLOTS, METHOD_SLOTS, VARIADIC_METHODS

jax = pytest.importorskip("jax")


def _resolve(qualified: str):
    module_name, _, attribute = qualified.rpartition(".")
    return getattr(importlib.import_module(module_name), attribute)


def _check_slots(signature: inspect.Signature, slots, label: str) -> None:
    parameters = list(signature.parameters.values())
    for position, keyword in slots:
        assert keyword in signature.parameters, f"{label} has no parameter {keyword!r}"
        kind = signature.parameters[keyword].kind
        if position is None:
            assert kind is inspect.Parameter.KEYWORD_ONLY, f"{label}: {keyword!r} is not keyword-only"
        else:
            assert parameters[position].name == keyword, f"{label}: {keyword!r} is not at {position}"


@pytest.mark.parametrize("qualified", sorted(FUNCTION_SLOTS))
def test_function_slots_match_the_signature(qualified):
    try:
        function = _resolve(qualified)
    except AttributeError:
        pytest.skip(f"{qualified} is not in this JAX version")
    _check_slots(inspect.signature(function), FUNCTION_SLOTS[qualified], qualified)


@pytest.mark.parametrize("method", sorted(METHOD_SLOTS))
def test_method_slots_match_the_signature(method):
    bound = getattr(jax.numpy.ones(1), method)
    _check_slots(inspect.signature(bound), METHOD_SLOTS[method], f"Array.{method}")


@pytest.mark.parametrize("method", sorted(VARIADIC_METHODS))
def test_variadic_methods_take_positional_arguments(method):
    parameters = inspect.signature(getattr(jax.numpy.ones(1), method)).parameters.values()
    assert any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters)
