"""Whether a module can hold traced code at all, decided before LibCST parses it.

Traced scopes start where a decorator or a call names a JAX transformation (`@jax.jit`,
`jax.vmap(f)`, `lax.scan(body, ...)`); helpers become traced only when traced code calls them.
Most files of a JAX code base apply no transformation, and `ast.parse` costs about a tenth of
`libcst.parse_module`, so those files are settled here and never reach LibCST.

The test over-approximates `scopes.ScopeFinder`: it resolves the module's imports with the same
`ImportTable` and the same tables of transformations, then looks for any dotted name in the text
(code, comments or strings alike) that resolves to a transformation. It does not check that the
transformation receives a function of this module. Only a dotted name split by a comment
(`jax.  # ...` newline `jit`) would escape it.

Before parsing, the import statements are read off the text by a regular expression; when they
already make some dotted name a transformation the answer is True without `ast.parse` (a tenth of
a millisecond instead of ten on a 500-line module). When they do not, the module is parsed: a
missed import (a backslash continuation) can only cost time, never a finding.
"""

from __future__ import annotations

import ast
import gc
import re
from contextlib import contextmanager
from functools import lru_cache
from typing import Iterator

from tracerfix import pyast
from tracerfix.analysis import known
from tracerfix.analysis.imports import ImportTable, canonical_prefixes

_DOTTED_TAIL = r"(?<![\w.])((?:[A-Za-z_]\w*\s*\.\s*)*(?:%s))(?!\w)"


def applies_transformation(source: str, extra_jit: frozenset[str] = frozenset()) -> bool | None:
    """True when a dotted name in the module resolves to a JAX transformation, False when none
    does, None when `ast` cannot parse the source (newer syntax, a syntax error: LibCST decides)."""
    # Files that apply a transformation (the editor's file, most of the time) are settled from
    # their import lines alone, without parsing the module.
    if _names_transformation(source, imports_from_lines(source), extra_jit):
        return True
    try:
        with paused_collector():
            tree = pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    imports = ImportTable()
    _bind_imports(tree.body, imports)
    return _names_transformation(source, imports, extra_jit)


# An import statement at the start of a line or after `;` or `:`: its names, up to the end of the
# logical line (a parenthesised list may span lines). Comments and strings may match too: that
# only binds more names, and a True answer is checked again by the full analysis.
_IMPORT_LINE = re.compile(
    r"(?:^|[;:])[ \t]*((?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(?:\([^)]*\)|[^\n;#]*))", re.MULTILINE
)


@lru_cache(maxsize=1)  # the prefilter and then `lazy_module` read the same source's imports
def imports_from_lines(source: str) -> ImportTable:
    """The imports found by `_IMPORT_LINE`, bound as `ast` would bind them; a match that does not
    parse on its own is skipped. Shared between callers: read it, do not change it."""
    imports = ImportTable()
    for match in _IMPORT_LINE.finditer(source):
        try:
            statements = pyast.parse(match.group(1).strip()).body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        _bind_imports(statements, imports)
    return imports


def _names_transformation(source: str, imports: ImportTable, extra_jit: frozenset[str]) -> bool:
    transformations = _transformations(extra_jit)
    leaves = {name for name in imports.aliases if imports.qualify_dotted(name) in transformations}
    leaves.update(_leaves(extra_jit))
    pattern = re.compile(_DOTTED_TAIL % "|".join(re.escape(leaf) for leaf in sorted(leaves)))
    for match in pattern.finditer(source):
        if imports.qualify_dotted(re.sub(r"\s+", "", match.group(1))) in transformations:
            return True
    return False


def _bind_imports(statements: list[ast.stmt], imports: ImportTable) -> None:
    """Every import, at any depth of statements (imports inside functions count too)."""
    for statement in statements:
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                imports.bind_import(alias.name, alias.asname)
        elif isinstance(statement, ast.ImportFrom):
            if statement.module is not None and not statement.level:
                for alias in statement.names:
                    if alias.name != "*":
                        imports.bind_from(statement.module, alias.name, alias.asname)
        else:
            for field in ("body", "orelse", "finalbody"):
                block = getattr(statement, field, None)
                if isinstance(block, list):
                    _bind_imports(block, imports)
            for part in (*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())):
                _bind_imports(part.body, imports)


@lru_cache(maxsize=8)
def _transformations(extra_jit: frozenset[str]) -> frozenset[str]:
    return known.TRACED_SCOPE_TRANSFORMS | known.LAX_BODY_ARGUMENTS.keys() | extra_jit


@lru_cache(maxsize=8)
def _leaves(extra_jit: frozenset[str]) -> frozenset[str]:
    """Last components of every spelling that can resolve to a transformation."""
    names = _transformations(extra_jit) | canonical_prefixes()
    return frozenset(name.rpartition(".")[2] for name in names)


@contextmanager
def paused_collector() -> Iterator[None]:
    """Parsers allocate millions of objects that hold no reference cycles; the cyclic garbage
    collector would scan them again and again while they are built (two thirds of the time of
    `ast.parse`, a fifth of `libcst.parse_module`)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
