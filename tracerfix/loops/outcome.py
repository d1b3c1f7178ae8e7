"""What a loop rewrite gives back: the statements replacing the loop and how far they can be
trusted (`LoopRewrite`), or why it leaves the loop as it is (`CannotRewrite`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tracerfix.rule import Safety


class CannotRewrite(Exception):
    """Why a loop is reported but left as it is; the text completes "cannot rewrite it: ..."."""


@dataclass
class LoopRewrite:
    """The statements replacing a loop, the `if` tests they turn into selections, the modules they
    name (qualified: "jax.numpy", "jax.lax") and how far the replacement can be trusted."""

    statements: list[cst.BaseStatement]
    converted_tests: set[int]
    modules: set[str]
    safety: Safety = Safety.SAFE
    notes: list[str] = field(default_factory=list)
    # Edits outside the loop: `ys = []` removed, `jnp.stack(ys)` read as `ys` (lax.scan).
    other_edits: list[tuple[cst.CSTNode, object]] = field(default_factory=list)

    @property
    def note(self) -> str:
        return "; ".join(dict.fromkeys(self.notes))

    def add_concern(self, safety: Safety, note: str) -> None:
        if safety is Safety.UNSAFE:
            self.safety = Safety.UNSAFE
            self.notes.append(note)
