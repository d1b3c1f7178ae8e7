"""Python's own parser, safe to call from several threads at once.

CPython 3.11 and 3.12 keep the AST constructor's recursion depth in shared state: two threads
parsing at once can fail with "SystemError: AST constructor recursion depth mismatch"
(python/cpython#106905). Verification and the editor run the analysis in threads, so every parse
goes through one lock; parsing holds the GIL anyway, so the lock costs no parallelism. Parses
outside it (the traceback module's) can still collide with one inside: those are parsed again.
"""

from __future__ import annotations

import ast
import threading

_LOCK = threading.Lock()


def parse(source: str, mode: str = "exec") -> ast.AST:
    with _LOCK:
        for _ in range(2):
            try:
                return ast.parse(source, mode=mode)
            except SystemError as error:
                # A parse outside the lock ran at the same time: the standard library's own, such
                # as the traceback module placing its carets (3.11), which no lock here covers.
                # Each parse starts the shared count afresh, so parsing again succeeds once the
                # other one is done.
                if "recursion depth mismatch" not in str(error):
                    raise
        return ast.parse(source, mode=mode)


def literal_eval(text: str):
    """`ast.literal_eval` of a string, parsed through the lock (it calls `ast.parse` itself)."""
    return ast.literal_eval(parse(text.lstrip(" \t"), mode="eval"))
