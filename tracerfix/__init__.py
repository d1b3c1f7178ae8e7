"""tracerfix: find JAX tracer leaks and rewrite them into jit-safe code."""

__version__ = "0.1.0"
