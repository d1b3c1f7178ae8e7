"""`tracerfix from-traceback`: from the error a user sees to the fix, with the traceback as evidence.

The tracer errors in a log (`tracerfix.tracebacks`) name files of the user's project, maybe as
another machine saw them (a CI runner, a container): each path is matched to a file under the
project root, by its end when it does not exist as it is. Each file is then analysed with what its
tracebacks prove (`tracerfix.evidence`) and reports the findings at the lines they point at, with
the fixes `rewrite` would make there. What the tracebacks show but no rule can fix is said in a
note, with the reason. Nothing here imports JAX; only `--verify` runs code, as `rewrite --verify`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from tracerfix import api, engine
from tracerfix.evidence import Evidence, Fact, locate
from tracerfix.tracebacks import Frame, TracerError, normalise_path


@dataclass
class Note:
    """Something a traceback shows that no finding covers: where, and why nothing is proposed."""

    where: str  # "path:line" or "path" or "<input>"
    text: str

    def line(self) -> str:
        return f"{self.where}: note: {self.text}"


@dataclass
class Plan:
    """The files to analyse, each with its facts, and what could not be placed in the project."""

    facts: dict[Path, list[Fact]] = field(default_factory=dict)
    errors: dict[Path, list[tuple[TracerError, Fact]]] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)


class ProjectFiles:
    """Paths from a traceback, matched to the project's files."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: list[tuple[str, ...]] | None = None
        self.ambiguous: dict[str, list[Path]] = {}

    def _all(self) -> list[tuple[str, ...]]:
        if self._files is None:
            files = api.iter_python_files([self.root])
            self._files = [Path(os.path.relpath(file, self.root)).parts for file in files]
        return self._files

    def resolve(self, path: str) -> Path | None:
        """The project's file for a path as the traceback prints it: itself when it exists (as
        written, or under the root), else the file whose path ends the same way in most parts."""
        if path.startswith("<"):
            return None
        for candidate in (Path(path), self.root / path):
            if candidate.is_file():
                return candidate.resolve()  # one key per file, however the log spells its path
        parts = tuple(part for part in normalise_path(path).split("/") if part and not part.endswith(":"))
        if not parts:
            return None
        best, best_length = [], 0
        for file in self._all():
            length = 0
            while length < min(len(parts), len(file)) and parts[-1 - length] == file[-1 - length]:
                length += 1
            if length > best_length:
                best, best_length = [file], length
            elif length == best_length and length:
                best.append(file)
        if not best_length:
            return None
        if len(best) > 1:
            self.ambiguous[path] = sorted(self.root.joinpath(*file) for file in best)
            return None
        return self.root.joinpath(*best[0]).resolve()


def display(path: Path) -> str:
    """A path as the user reads it: relative to the current folder when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def describe(error: TracerError) -> str:
    """What the traceback says, in one sentence: the error, the traced function, the arguments."""
    text = error.kind
    if error.traced_function:
        text += f" while JAX traced `{error.traced_function}`"
        if error.transform:
            text += f" for {error.transform}"
    if error.arguments:
        names = ", ".join(f"`{name}`" for name in error.arguments)
        text += f" (the value depends on argument{'s' if len(error.arguments) > 1 else ''} {names})"
    return text


def plan(errors: list[TracerError], project: ProjectFiles) -> Plan:
    """Turn each error into facts about the project's files, or into a note saying why not."""
    result = Plan()
    for error in errors:
        _place(error, project, result)
    return result


def _place(error: TracerError, project: ProjectFiles, result: Plan) -> None:
    leak = error.leak_frame
    traced_file = None
    if error.traced_at is not None and not error.traced_at.is_library:
        traced_file = project.resolve(error.traced_at.path)
    leak_file = project.resolve(leak.path) if leak is not None else None
    if leak is not None and leak_file is None:
        result.notes.append(Note(f"{leak.path}:{leak.line}", f"{describe(error)}; {_not_found(leak.path, project)}"))
        return
    if leak is None and traced_file is None:
        result.notes.append(_no_user_frame(error, project))
        return
    if leak_file is not None:
        _add(result, leak_file, error, _fact(error, leak_file, leak, traced_file, project))
    if traced_file is not None and (leak_file is None or not _same(traced_file, leak_file)):
        # The traced function is in another file: it is traced there, with these arguments.
        fact = Fact(
            error.kind, traced_function=error.traced_function, traced_line=error.traced_at.line,
            transform=error.transform, arguments=error.arguments,
            callers=_callers(error, traced_file, project), called_here=_called_here(error, traced_file, project),
            escaped=error.kind == "UnexpectedTracerError",
        )
        if leak_file is None:
            _add(result, traced_file, error, fact)  # the message names no statement: look in it
        else:
            result.facts.setdefault(traced_file, []).append(fact)


def _add(result: Plan, file: Path, error: TracerError, fact: Fact) -> None:
    result.facts.setdefault(file, []).append(fact)
    result.errors.setdefault(file, []).append((error, fact))


def _fact(error: TracerError, file: Path, leak: Frame, traced_file: Path | None, project: ProjectFiles) -> Fact:
    same = traced_file is not None and _same(traced_file, file)
    return Fact(
        error.kind,
        line=leak.line,
        code=leak.code,
        function=leak.function,
        traced_function=error.traced_function if same else None,
        traced_line=error.traced_at.line if same and error.traced_at else None,
        transform=error.transform,
        arguments=error.arguments if same else (),
        callers=_callers(error, file, project),
        called_here=_called_here(error, file, project),
        escaped=error.kind == "UnexpectedTracerError",
        from_operations=error.from_operations,
        traced_elsewhere="" if same or not error.traced_function or error.traced_at is None else
        f"`{error.traced_function}` ({error.traced_at.path.rsplit('/', 1)[-1]}:{error.traced_at.line})",
    )


def _callers(error: TracerError, file: Path, project: ProjectFiles) -> tuple[tuple[str, int], ...]:
    """Frames of `file` that ran under the trace: those after the traced function's own frame."""
    if not error.traced_function:
        return ()
    frames = error.frames
    start = None
    for position, frame in enumerate(frames):
        if frame.function == error.traced_function:
            start = position
    if start is None:
        return ()
    found = []
    for frame in frames[start:]:
        if frame.is_library or not frame.function:
            continue
        resolved = project.resolve(frame.path)
        if resolved is not None and _same(resolved, file):
            found.append((frame.function, frame.line))
    return tuple(found)


def _called_here(error: TracerError, file: Path, project: ProjectFiles) -> tuple[str, ...]:
    """Functions of `file` whose frame's caller is a frame of `file` too (not JAX calling a body)
    and calls them by name: a call through a variable (`step_size_fn(state.count)`, a function
    stored in an object) is one the analysis cannot follow, so the function's parameters are taken
    as traced, as for a function JAX calls."""
    found = []
    previous = None
    for frame in error.frames:
        resolved = None if frame.is_library else project.resolve(frame.path)
        here = resolved is not None and _same(resolved, file)
        if here and previous is not None and frame.function and (
                _calls_by_name(previous.code, frame.function) or _special_method(frame.function)):
            found.append(frame.function)
        previous = frame if here else None
    return tuple(found)


def _special_method(function: str) -> bool:
    """`__call__`, `__getitem__`...: called by Python's syntax (`crop(x)`, `grid[i]`) in the line of
    the frame above, which names the object, not the method."""
    return function.startswith("__") and function.endswith("__") and len(function) > 4


def _calls_by_name(code: str, function: str) -> bool:
    """Whether the line `code` (empty when the log did not show it) names `function` in a call,
    or calls what a dict gives (`methods[method](x)`), which the analysis follows to the
    module's functions a dict literal holds."""
    if not code or re.search(rf"(?<![\w]){re.escape(function)}\s*\(", code) is not None:
        return True
    return re.search(r"\b[A-Za-z_]\w*\[[^\[\]]+\]\s*\(", code) is not None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _not_found(path: str, project: ProjectFiles) -> str:
    if path.startswith("<"):
        return (
            f"the statement is in code that has no file ({path}: a notebook cell, the interactive "
            "interpreter or exec); save it in a file, run it again and pass that error"
        )
    if path in project.ambiguous:
        names = ", ".join(display(p) for p in project.ambiguous[path][:4])
        return f"several files of the project end like this path ({names}); run from the project's folder or give --root"
    return f"no file of the project under {display(project.root) or '.'} matches this path (give --root)"


def _no_user_frame(error: TracerError, project: ProjectFiles) -> Note:
    frames = error.frames
    if frames and all(frame.is_library for frame in frames):
        outside_jax = [frame for frame in frames if not _is_jax(frame.path)]
        last = (outside_jax or frames)[-1]
        text_frames = [f for f in frames if f.path.startswith("<")]
        if text_frames:
            why = _not_found(text_frames[-1].path, project)
        else:
            why = (
                f"every frame shown is installed code (the last: {last.path}:{last.line} in {last.function or '?'}), "
                "not a file of your project: tracerfix does not rewrite libraries; the call into it from your "
                "code is not in the part of the traceback you passed"
            )
        if error.traced_at is not None and error.traced_at.is_library:
            why += f"; JAX was tracing `{error.traced_function}`, itself in installed code"
        return Note(f"{last.path}:{last.line}", f"{describe(error)}; {why}")
    if not frames and error.traced_at is not None:
        return Note(
            f"{error.traced_at.path}:{error.traced_at.line}",
            f"{describe(error)}; {_not_found(error.traced_at.path, project)}",
        )
    return Note(
        "<input>",
        f"{describe(error)}; the text shows no file and line (only the message: older JAX versions print "
        "no location, and a paste may leave the traceback out); pass the whole traceback",
    )


def unexplained(file: Path, report: api.FileReport, errors: list[tuple[TracerError, Fact]]) -> list[Note]:
    """For each error of `file` that no finding (left or fixed) covers, why nothing is proposed."""
    findings = [*report.findings, *report.fixed]
    notes = []
    before = (report.before or "").splitlines()
    after = (report.after if report.after is not None else report.before or "").splitlines()

    def covers(found, line):
        return line is not None and any(f.line <= line <= max(f.end_line, f.line) for f in found)

    for error, fact in errors:
        where = f"{display(file)}:{fact.line}" if fact.line else display(file)
        if fact.line is not None and not fact.escaped:
            if covers(report.fixed, locate(before, fact.line, fact.code)) or covers(
                report.findings, locate(after, fact.line, fact.code)
            ):
                continue
            shown = before[fact.line - 1].strip() if 0 < fact.line <= len(before) else ""
            if fact.code and locate(before, fact.line, fact.code) is None:
                notes.append(Note(where, f"{describe(error)}; the file no longer holds `{fact.code}` "
                                         "(it changed since the error): run the code again for a fresh traceback"))
                continue
            notes.append(Note(where, f"{describe(error)} at `{shown or fact.code}`; {_why_no_rule(error)}"))
        elif not findings:
            notes.append(Note(where, f"{describe(error)}; no rule of tracerfix finds a leak in "
                                     f"`{error.traced_function}` that it can place"))
    return notes


def _is_jax(path: str) -> bool:
    """JAX's own frames (`jax/core.py`, `jax/_src/...`): where every tracer error is raised."""
    return bool(re.search(r"/(?:jax|jaxlib)/", normalise_path(path)))


def _why_no_rule(error: TracerError) -> str:
    if error.in_library:
        frames = error.frames
        if error.leak_frame in frames:  # the library code this line called, not the code that called it
            frames = frames[frames.index(error.leak_frame) + 1:] or frames
        outside_jax = [frame for frame in frames if frame.is_library and not _is_jax(frame.path)]
        last = (outside_jax or frames)[-1]
        package = _package(last.path)
        return (
            f"the concrete value is needed inside {package} ({last.function or 'a function'} at "
            f"{last.path.rsplit('/', 1)[-1]}:{last.line}), which this line calls with a traced value; "
            "no rule of tracerfix rewrites this call: make the argument static (static_argnames) or "
            "compute it outside the traced function"
        )
    return (
        "no rule of tracerfix knows this statement's idiom, so nothing is proposed; "
        "`tracerfix rules` lists the idioms it fixes"
    )


def _package(path: str) -> str:
    normal = normalise_path(path)
    for marker in ("site-packages/", "dist-packages/"):
        if marker in normal:
            return "`" + normal.split(marker, 1)[1].split("/", 1)[0] + "`"
    return "library code"


def settings_with(settings: engine.Settings, facts: list[Fact]) -> engine.Settings:
    return replace(settings, evidence=Evidence(tuple(facts)))



def analyse(
    errors: list[TracerError], project: ProjectFiles, resolver, *, fix: bool, write: bool, verifier=None,
) -> tuple[list[api.FileReport], list[Note]]:
    """Check (or, with `fix`, fix) every file the errors name, with what they prove; the reports
    and the notes on what no finding covers. `verifier` keeps only the fixes that verify."""
    result = plan(errors, project)
    reports, notes = [], list(result.notes)
    for file, facts in result.facts.items():
        settings = settings_with(resolver.settings_for(file), facts)
        rewrite = verifier.rewriter(file) if verifier is not None else engine.fix
        report = api.process_path(file, settings, fix=fix, write=write, rewrite=rewrite)
        report.path = display(file)
        reports.append(report)
        if report.error is None:
            notes += unexplained(file, report, result.errors.get(file, []))
    return reports, notes


def summary_line(summary) -> str:
    """The text format's last lines: `check`'s, but the fixes are made by this command (`rewrite`
    would not see the leaks that only the traceback proves)."""
    from tracerfix.rule import Safety

    findings = [finding for _, finding in summary.findings]
    count = len(findings)
    safe = sum(1 for f in findings if f.fix and f.fix.safety is Safety.SAFE)
    unsafe = sum(1 for f in findings if f.fix and f.fix.safety is Safety.UNSAFE)
    line = f"Found {count} tracer leak{'s' if count != 1 else ''}."
    if safe:
        line += f" [*] {safe} fixable with `tracerfix from-traceback --fix`."
    if unsafe:
        line += f" {unsafe} more with `--fix --unsafe-fixes` (or `--verify`)."
    return line + f"\nRun `tracerfix explain {sorted(f.code for f in findings)[0]}` to read about a rule."
