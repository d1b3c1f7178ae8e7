"""Phrases that several rules' messages share."""

from __future__ import annotations


def under_tracing(context) -> str:
    """Why the code runs under a trace: "tracing (`f` is decorated with @jax.jit)"."""
    scope = context.scope
    if scope is None:
        return "tracing"
    return f"tracing (`{context.function_name}` is {scope.reason})"
