"""TFX601 unused-suppression."""

from __future__ import annotations

from tracerfix.rule import Finding, Invalid, Rule, Valid
from tracerfix.suppressions import Suppressions


class UnusedSuppression(Rule):
    """
    ## What it does
    Finds suppression comments that suppress nothing: a `# tracerfix: ignore[...]` or
    `# noqa: TFX...` whose codes match no finding on the lines it covers, and a bare
    `# tracerfix: ignore` with no finding to hide. Like ruff's RUF100.

    ## Why is this bad?
    A suppression outlives the leak it was written for: once the code is fixed, it stays, and
    later hides a new leak on the same line without anyone deciding to. An unused comment is also
    noise that suggests a problem where there is none.

    ## Example
    ```python
    @jax.jit
    def clip(x):
        x = jnp.where(x < 0, 0, x)  # tracerfix: ignore[TFX101]
        return x
    ```

    ## Use instead
    ```python
    @jax.jit
    def clip(x):
        x = jnp.where(x < 0, 0, x)
        return x
    ```

    Only what tracerfix can judge is reported: codes of the rules that ran (a code of a rule the
    configuration does not select may be needed by another run), and bare `# tracerfix: ignore`
    (judged against the rules that ran).
    A bare `# noqa` and `# noqa` codes of other tools belong to those tools and are left alone.
    Files that apply no JAX transformation are not read for comments at all.

    ## Fix safety
    No automatic fix: delete the comment, or the codes the message names. To keep a suppression
    on purpose, add this rule's code to it (`# noqa: TFX101, TFX601`).
    """

    code = "TFX601"
    name = "unused-suppression"
    summary = "Suppression comment that suppresses no finding"

    VALID = (
        Valid(
            """
import jax

@jax.jit
def f(x):
    y = x + 1  # noqa: E501
    z = y * 2  # noqa
    return z  # type: ignore[no-any-return]
""",
            note="other tools' comments, and a bare noqa, are theirs",
        ),
        Valid(
            """
import jax

@jax.jit
def f(x):
    if x > 0:  # noqa: TFX101
        x = -x
    return x
""",
            note="a code of a rule that did not run cannot be judged",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clip(x):
    x = jnp.where(x < 0, 0, x)  # tracerfix: ignore
    return x
""",
            note="bare tracerfix: ignore with nothing to hide",
        ),
        Invalid(
            """
import jax

@jax.jit  # tracerfix: ignore
def f(x):
    return x * 2
""",
            note="on a def it covers the whole function, which holds no leak",
        ),
        Invalid(
            """
import jax

@jax.jit
def f(x):
    y = x * 2  # tracerfix: ignore
    return y  # tracerfix: ignore
""",
            count=2,
        ),
    )

    @classmethod
    def check_comments(cls, source: str, findings: list[Finding], judged: frozenset[str]) -> list[Finding]:
        """Called by the engine after the other rules, with their findings before suppression:
        one finding per directive that suppresses nothing. A directive that names this rule
        keeps it quiet (a bare one cannot: it would hide its own report)."""
        suppressions = Suppressions.of(source)
        judged = judged - {cls.code.lower(), cls.name}
        unused = []
        for directive, codes in suppressions.unused(findings, judged):
            finding = Finding(cls.code, cls.name, _message(directive, codes), None)  # type: ignore[arg-type]  # a comment: no node
            finding.line, finding.column = directive.line, directive.column
            finding.end_line, finding.end_column = directive.line, directive.column + len(directive.text)
            if not any(d.codes is not None and d.matches(finding) for d in suppressions.by_line.get(directive.line, ())):
                unused.append(finding)
        return unused


def _message(directive, codes: list[str]) -> str:
    comment = f"`{directive.text.strip()}`"
    if not codes:
        return f"{comment} suppresses nothing: no finding on the lines it covers; delete it"
    named = ", ".join(f"`{code.upper() if code[-1:].isdigit() else code}`" for code in sorted(codes, key=lambda c: (not c[-1:].isdigit(), c)))
    everything = set(codes) >= set(directive.codes or ())
    return (
        f"{named} in {comment} suppress{'es' if len(codes) == 1 else ''} nothing: no such finding on the lines it "
        f"covers; delete {'the comment' if everything else 'the code' if len(codes) == 1 else 'those codes'}"
    )
