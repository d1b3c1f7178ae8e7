"""What verification says about each function, as text for the terminal."""

from __future__ import annotations

from dataclasses import dataclass, field

from tracerfix.output import EXIT_CLEAN, EXIT_FINDINGS

VERIFIED, FAILED, UNVERIFIABLE, TIMEOUT = "verified", "failed", "unverifiable", "timeout"


@dataclass
class UnitResult:
    """The verdict on one rewritten function; `details` is the worker's record (JSON)."""

    path: str
    unit: str
    line: int
    status: str
    reason: str = ""
    details: dict = field(default_factory=dict)

    @property
    def verified(self) -> bool:
        return self.status == VERIFIED

    @classmethod
    def from_worker(cls, path: str, line: int, record: dict) -> "UnitResult":
        return cls(path, record["unit"], line, record["status"], record.get("reason", ""), record)


def result_lines(result: UnitResult) -> list[str]:
    where = f"{result.path}:{result.line}" if result.line else result.path
    head = f"{where}: {result.unit}:"
    details = result.details
    if result.verified:
        lines = [f"{head} verified {_evidence(details)}"]
        if details.get("eager"):
            lines[0] = f"{head} verified eagerly {_evidence(details)}"
            leaks = ", ".join(details.get("leaks", ()))
            lines.append(f"    note: it still leaks ({leaks}), so it cannot run under jax.jit; the fixes "
                         "made were run eagerly against the original")
        lines += [f"    note: {warning}" for warning in details.get("warnings", ())]
        return lines
    if result.status == FAILED:
        lines = [f"{head} FAILED ({details.get('check', 'values')}): {result.reason}"]
        lines.append(f"    smallest failing input ({details.get('trial', '')}; seed {details.get('seed', '?')}):")
        lines += [f"        {name} = {value}" for name, value in details.get("inputs", {}).items()]
        lines.append(f"    original: {details.get('original', '')}")
        lines.append(f"    rewrite:  {details.get('rewrite', '')}")
        return lines
    label = "timed out" if result.status == TIMEOUT else "unverifiable"
    return [f"{head} {label}: {result.reason}"]


def _evidence(details: dict) -> str:
    parts = [f"on {details.get('trials', 0)} inputs"]
    signatures = details.get("signatures", [])
    if signatures:
        parts.append(f"{len(signatures)} signature{'s' if len(signatures) != 1 else ''}")
    if details.get("gradient_trials"):
        parts.append(f"gradients on {details['gradient_trials']}")
    if details.get("vmap_batches"):
        parts.append(f"vmap on {details['vmap_batches']} batch{'es' if details['vmap_batches'] != 1 else ''}")
    seconds = details.get("seconds")
    return f"{parts[0]} ({'; '.join(parts[1:])})" + (f" in {seconds:.2f} s" if seconds is not None else "")


def summary_line(results: list[UnitResult], seeds: set[int], kept_original: bool = True) -> str:
    if not results:
        return "Nothing to verify: no function was rewritten."
    verified = sum(1 for r in results if r.verified)
    text = f"Verified {verified} of {len(results)} rewritten function{'s' if len(results) != 1 else ''}"
    rest = len(results) - verified
    if rest and kept_original:
        text += f"; {rest} kept {'its' if rest == 1 else 'their'} original text"
    if seeds:
        listed = ", ".join(str(seed) for seed in sorted(seeds))
        replay = f"; replay with --seed {listed}" if len(seeds) == 1 else ""
        text += f" (seed {listed}{replay})"
    return text + "."


def exit_code(results: list[UnitResult]) -> int:
    return EXIT_CLEAN if all(r.verified for r in results) else EXIT_FINDINGS

