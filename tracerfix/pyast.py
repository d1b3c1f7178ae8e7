"""Python's own parser, safe to call from several threads at once.

CPython 3.11 and 3.12 keep the AST constructor's recursion depth in shared state: two threads
parsing at once can fail with "SystemError: AST constructor recursion depth mismatch"
(python/cpython#106905). Verification and the editor run the analysis in threads, so every parse
goes through one lock; parsing holds the GIL anyway, so the lock costs no parallelism.
"""

from __future__ import annotations

import ast
import threading

_LOCK = threading.Lock()


def parse(source: str, mode: str = "exec") -> ast.AST:
    with _LOCK:
        return ast.parse(source, mode=mode)


def literal_eval(text: str):
    """`ast.literal_eval` of a string, parsed through the lock (it calls `ast.parse` itself)."""
    return ast.literal_eval(parse(text.lstrip(" \t"), mode="eval"))
