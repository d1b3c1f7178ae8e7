"""The contract between the engine and a rule.

A rule is a class in its own module under `transforms/`. It declares `code`, `name`, a one-line
`summary`, its documentation in the class docstring (sections *What it does*, *Why is this bad?*,
*Example*, *Use instead*, *Fix safety*) and its own test cases (`VALID`, `INVALID`). It defines
`visit_<Node>` / `leave_<Node>` methods, which the engine calls only inside traced code, and calls
`self.report(node, message, fix)`. Rules never edit the tree: a `Fix` proposes replacements and the
imports they need; the engine applies them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Sequence, Union

import libcst as cst

from tracerfix.analysis.imports import ImportSpec
from tracerfix.analysis.syntax import descendants

if TYPE_CHECKING:
    from tracerfix.context import RuleContext

Replacement = Union[cst.CSTNode, cst.FlattenSentinel, cst.RemovalSentinel]


class Safety(enum.Enum):
    """How far a fix can be trusted, as in ruff: only safe fixes apply by default."""

    SAFE = "safe"  # same values, dtypes and gradients: applied by `rewrite` and the save action
    UNSAFE = "unsafe"  # may change behaviour (NaN gradients, dtypes, recompilation): needs opt-in
    DISPLAY_ONLY = "display-only"  # shown as a suggestion, never applied

    def __str__(self) -> str:
        return self.value


@dataclass
class Fix:
    title: str  # the action, e.g. "Replace with `jnp.where(...)`"
    edits: list[tuple[cst.CSTNode, Replacement]]
    safety: Safety = Safety.SAFE
    imports: frozenset[ImportSpec] = frozenset()
    # Why the fix is unsafe, when it is: shown to the user next to the finding.
    safety_note: str = ""
    # It changes what the analysis knows (a parameter becomes static): applied in a pass of its
    # own, so that fixes of findings it makes moot are never written.
    first: bool = False
    # Another form of the same fix, tried when this one, applied alone, introduces a leak (a loop
    # lowered to `lax` makes its index traced where the body needs it static).
    alternative: "Fix | None" = None


@dataclass
class Finding:
    code: str
    rule: str
    message: str
    node: cst.CSTNode
    fix: Fix | None = None
    # Filled in by the engine.
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0
    function: str = ""
    top: int = -1  # index in module.body of the top-level statement holding the finding

    @property
    def fixable(self) -> bool:
        return self.fix is not None and self.fix.safety is not Safety.DISPLAY_ONLY


# The cases are immutable records built by the hundred when the rules load, at every start-up: a
# NamedTuple costs a fraction of a frozen dataclass to define and to build.
class Valid(NamedTuple):
    """Code this rule must leave alone (no finding, byte-identical output)."""

    code: str
    note: str = ""


class Invalid(NamedTuple):
    """Code this rule must report; `expected` is the source after the fix, or None if unfixable.

    `unsafe` says the expected fix is applied only with --unsafe-fixes. `verify` runs the original
    eagerly and the rewrite under jax.jit on `inputs` (Python expressions producing the arguments)
    and requires them to agree.
    """

    code: str
    expected: str | None = None
    unsafe: bool = False
    function: str | None = None
    inputs: Sequence[str] = ()
    note: str = ""
    verify: bool = True
    count: int = 1  # findings of this rule expected in `code`


# Rules whose leak needs an abstract value: under differentiation alone (`jax.grad(f)(x)`,
# nothing jitted) the tracers carry concrete values, and these constructs work.
CONCRETE_UNDER_DIFFERENTIATION = frozenset({
    "TFX101", "TFX102", "TFX103", "TFX104", "TFX105", "TFX106", "TFX107", "TFX108", "TFX202", "TFX301", "TFX302",
    "TFX303", "TFX402",
})


# Global random generators: NumPy's legacy functions and Python's `random` module draw from state
# kept between calls. Seeded generators built in the function (`np.random.default_rng(0)`) do not.
_HOST_GENERATORS = ("numpy.random.", "random.")
_NOT_GLOBAL_DRAWS = frozenset({
    "default_rng", "RandomState", "Generator", "SeedSequence", "BitGenerator", "PCG64", "PCG64DXSM", "MT19937",
    "Philox", "SFC64", "Random", "SystemRandom",
})


def host_random_draw(context: "RuleContext") -> str | None:
    """The first call in the traced function that draws from a global random generator
    (`np.random.normal(...)`, `random.random()`), as written; None when there is none."""
    function = context.function
    if function is None:
        return None
    return context.analysis.memo(("host random draw", id(function)), lambda: _first_host_draw(context, function))


def _first_host_draw(context: "RuleContext", function) -> str | None:
    for node in descendants(function):
        if not isinstance(node, cst.Call):
            continue
        name = context.qualified_name(node.func) or ""
        prefix = next((p for p in _HOST_GENERATORS if name.startswith(p)), None)
        leaf = name[len(prefix):] if prefix is not None else ""
        if leaf and "." not in leaf and leaf not in _NOT_GLOBAL_DRAWS:
            return cst.Module([]).code_for_node(node.func)
    return None


class Rule:
    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    VALID: ClassVar[Sequence[Valid]] = ()
    INVALID: ClassVar[Sequence[Invalid]] = ()
    # The fix simplifies the general `lax` lowering where that is exact (`jnp.where` for a `lax.cond`)
    # and gives the plain lowering when `Settings.plainly_lowered` names the function.
    SIMPLIFIES_LOWERING: ClassVar[bool] = False

    def __init__(self, context: "RuleContext") -> None:
        self.context = context
        self.findings: list[Finding] = []

    def report(self, node: cst.CSTNode, message: str, fix: Fix | None = None) -> None:
        scope = getattr(getattr(self, "context", None), "scope", None)
        if scope is not None and scope.concrete and self.code in CONCRETE_UNDER_DIFFERENTIATION:
            return  # `jax.grad` alone: the tracer has a value, and Python control flow reads it
        context = getattr(self, "context", None)
        draw = host_random_draw(context) if fix is not None and context is not None else None
        if draw is not None:
            # Any rewrite compiles one draw into the function, where the original draws anew on
            # every call: no fix can agree with it, so none is offered.
            message += (f" (not rewritten: `{context.function_name}` draws from a global random generator "
                        f"(`{draw}`), which under tracing runs once and bakes that draw into the compiled function; "
                        f"draw with `jax.random` and a key argument instead)")
            fix = None
        self.findings.append(Finding(self.code, self.name, message, node, fix))

    @classmethod
    def documentation(cls) -> str:
        import inspect

        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def fix_kind(cls) -> str:
        """'safe', 'unsafe', 'mixed' or 'none', from the rule's own cases."""
        fixed = [case for case in cls.INVALID if case.expected is not None]
        if not fixed:
            return "none"
        unsafe = {case.unsafe for case in fixed}
        if unsafe == {True}:
            return "unsafe"
        if unsafe == {False}:
            return "safe"
        return "mixed"


DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety")
