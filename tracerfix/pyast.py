"""Python's own parser, safe to call from several threads at once.

CPython 3.11 and 3.12 keep the AST constructor's recursion depth in shared state: two threads
parsing at once can fail with "SystemError: AST constructor recursion depth mismatch"
(python/cpython#106905). Verification and the editor run the analysis in threads, so every parse
goes through one lock; parsing holds the GIL anyway, so the lock costs no parallelism. The
standard library parses too (the traceback module placing its carets, while another thread
formats an error): on those versions `ast.parse` itself is made to take the same lock, and a
parse that still collides with one outside it is made again.
"""

from __future__ import annotations

import ast
import sys
import threading

_LOCK = threading.RLock()  # re-entrant: formatting an error inside a parse may parse again
_UNLOCKED_PARSE = ast.parse


def _locked_parse(*args, **kwargs):
    with _LOCK:
        return _UNLOCKED_PARSE(*args, **kwargs)


if sys.version_info < (3, 13) and getattr(ast.parse, "__module__", "") == "ast":
    ast.parse = _locked_parse


def parse(source: str, mode: str = "exec") -> ast.AST:
    with _LOCK:
        for _ in range(2):
            try:
                return _UNLOCKED_PARSE(source, mode=mode)
            except SystemError as error:
                # A parse outside the lock ran at the same time (code that calls `compile` for
                # an AST itself). Each parse starts the shared count afresh, so parsing again
                # succeeds once the other one is done.
                if "recursion depth mismatch" not in str(error):
                    raise
        return _UNLOCKED_PARSE(source, mode=mode)


def literal_eval(text: str):
    """`ast.literal_eval` of a string, parsed through the lock (it calls `ast.parse` itself)."""
    return ast.literal_eval(parse(text.lstrip(" \t"), mode="eval"))
