"""Resolve names to what they were imported as, without LibCST's scope metadata.

`import jax.numpy as jnp` makes `jnp.where` mean `jax.numpy.where`; `from jax import numpy as np`
makes `np.sin` mean `jax.numpy.sin`. An alias table of the module's imports answers that for the
few expressions the analysis asks about, at a fraction of the cost of whole-module qualified-name
resolution. Names that were not imported (locals, a project's own `def jit`) resolve to None.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import libcst as cst


def dotted_name(node: cst.BaseExpression) -> str | None:
    """`a.b.c` as a string, or None when the expression is not a plain dotted name."""
    parts: list[str] = []
    # Exact types: `isinstance` against LibCST's abstract node classes is slow, and this is hot.
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is not cst.Name:
        return None
    parts.append(node.value)
    return ".".join(reversed(parts))


class ImportSpec(NamedTuple):
    """One import a fix needs: `import module as alias` or `from module import name as alias`."""

    module: str
    name: str | None = None
    alias: str | None = None

    @property
    def bound_name(self) -> str:
        if self.name is not None:
            return self.alias or self.name
        return self.alias or self.module.split(".")[0]

    def statement(self) -> str:
        if self.name is None:
            return f"import {self.module}" + (f" as {self.alias}" if self.alias else "")
        return f"from {self.module} import {self.name}" + (
            f" as {self.alias}" if self.alias and self.alias != self.name else ""
        )


# The spelling a JAX expert writes when a module is not imported yet.
PREFERRED_IMPORTS: dict[str, ImportSpec] = {
    "jax": ImportSpec("jax"),
    "jax.numpy": ImportSpec("jax.numpy", alias="jnp"),
    "numpy": ImportSpec("numpy", alias="np"),
    "jax.lax": ImportSpec("jax", name="lax"),
    "functools.partial": ImportSpec("functools", name="partial"),
    "jax.experimental.checkify": ImportSpec("jax.experimental", name="checkify"),
}


class ImportTable:
    """Local name -> fully qualified name, for every import statement in a module."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}
        # Module-level type aliases (`NdArray = Union[np.ndarray, jnp.ndarray]`): name -> the
        # annotation it stands for.
        self.type_aliases: dict[str, cst.BaseExpression] = {}

    def add(self, node: cst.Import | cst.ImportFrom) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = dotted_name(alias.name)
                if full is None:
                    continue
                asname = alias.asname.name if alias.asname is not None else None
                self.bind_import(full, asname.value if isinstance(asname, cst.Name) else None)
            return
        if isinstance(node.names, cst.ImportStar):
            return
        # A relative import keeps its dots (`.utils.jit`): configured wrappers match by suffix.
        dots = "." * len(node.relative)
        module = dotted_name(node.module) if node.module is not None else ""
        if module is None:
            return
        module = dots + module
        for alias in node.names:
            name = dotted_name(alias.name)
            if name is None:
                continue
            asname = alias.asname.name if alias.asname is not None else None
            self.bind_from(module, name, asname.value if isinstance(asname, cst.Name) else None)

    def bind_import(self, module: str, asname: str | None) -> None:
        """`import module` or `import module as asname`."""
        if asname is not None:
            self.aliases[asname] = module
        else:
            top = module.split(".")[0]
            self.aliases[top] = top

    def bind_from(self, module: str, name: str, asname: str | None) -> None:
        """`from module import name` or `from module import name as asname` (absolute only)."""
        separator = "" if module.endswith(".") else "."
        self.aliases[asname or name] = f"{module}{separator}{name}"

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The imported meaning of `node` (`jnp.where` -> `jax.numpy.where`), or None."""
        name = dotted_name(node)
        return None if name is None else self.qualify_dotted(name)

    def qualify_dotted(self, name: str) -> str | None:
        """The imported meaning of a dotted name written in the module, or None."""
        head, _, rest = name.partition(".")
        full = self.aliases.get(head)
        if full is None:
            return None
        return canonical(f"{full}.{rest}" if rest else full)

    def local_spelling(self, qualified: str) -> str | None:
        """How this module already spells `qualified` (`jax.numpy` -> `jnp`), or None."""
        best: str | None = None
        for local, full in self.aliases.items():
            if qualified == full:
                return local
            if qualified.startswith(full + ".") and best is None:
                best = local + qualified[len(full) :]
        return best

    def spell(self, qualified: str) -> tuple[str, ImportSpec | None]:
        """A spelling of `qualified` for generated code, and the import it needs, if any.

        Reuses the module's own alias (`import jax.numpy as np` gives `np`), and otherwise adds the
        import a JAX expert would write (`import jax.numpy as jnp`, `from jax import lax`).
        """
        existing = self.aliases_for(qualified)
        if existing is not None:
            return existing, None
        spec = PREFERRED_IMPORTS.get(qualified)
        if spec is not None and spec.bound_name not in self.aliases:
            return spec.bound_name, spec
        via_parent = self.local_spelling(qualified)
        if via_parent is not None:
            return via_parent, None
        parent, _, leaf = qualified.rpartition(".")
        if parent:
            spec = ImportSpec(parent, name=leaf)
            return leaf, spec
        return qualified, ImportSpec(qualified)

    def aliases_for(self, qualified: str) -> str | None:
        for local, full in self.aliases.items():
            if canonical(full) == qualified:
                return local
        return None


# Public re-exports that mean the same thing as their canonical spelling.
_CANONICAL_PREFIXES = {
    "jax.experimental.pjit.pjit": "jax.jit",
    "jax.pjit": "jax.jit",
    "jax.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax.remat": "jax.checkpoint",
    "jax.lax.lax": "jax.lax",
    "jax.numpy.lax_numpy": "jax.numpy",
    "equinox.internal": "equinox",
    "flax.nnx.nnx": "flax.nnx",
}


def canonical_prefixes() -> frozenset[str]:
    """The re-exported spellings `canonical` rewrites (`jax.pjit`, `jax.remat`...)."""
    return frozenset(_CANONICAL_PREFIXES)


@lru_cache(maxsize=4096)
def canonical(qualified: str) -> str:
    for prefix, replacement in _CANONICAL_PREFIXES.items():
        if qualified == prefix or qualified.startswith(prefix + "."):
            return replacement + qualified[len(prefix) :]
    return qualified
