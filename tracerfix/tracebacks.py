"""Reading JAX tracer errors out of the text users have: a terminal, a pytest or CI log, a notebook.

`parse(text)` finds every tracer error in `text` and returns what its traceback proves:
the frames (file, line, function, the source line shown), the error's kind and message, the
function JAX was tracing and where it is defined ("while tracing the function f at pkg/model.py:4
for jit"), the arguments the value depends on ("... the value of the argument x"), and, for an
`UnexpectedTracerError`, where the leaked value was created. Nothing here imports JAX or reads
the files the traceback names: matching them to a project is `tracerfix.evidence`'s job.

Formats read: Python's own traceback (any version, chained exceptions, JAX's filtered and
unfiltered forms), pytest's long, short and line reports (`E   ` lines), IPython and Jupyter
(`----> 12 code`, `File path:12, in f(...)`, Colab's `[path](url) in f()` links), and any of
these behind CI noise (timestamps, ANSI colours, `##[error]` markers) or pasted with escaped
backslashes. JAX's wordings from 0.1 (no location) to today's are recognised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# The errors JAX raises when Python needs a concrete value, or a tracer escapes its trace.
TRACER_ERRORS = frozenset(
    {
        "ConcretizationTypeError",
        "TracerBoolConversionError",
        "TracerArrayConversionError",
        "TracerIntegerConversionError",
        "NonConcreteBooleanIndexError",
        "UnexpectedTracerError",
    }
)
# Other exceptions count when their message shows a tracer was involved (`TypeError: Shapes must be
# 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),)`, JAX 0.1's
# `TypeError: Abstract value passed to `bool``, `IndexError: Slice entries must be static integers`).
_TRACER_MESSAGE = re.compile(
    r"Tracer\b|Tracer[(<]|tracer value|traced array|while tracing the function|Abstract value passed to"
    r"|concrete value|must be static|Traced<"
    # A write into an array that is a tracer under jit (a NumPy array eagerly): TFX403.
    r"|JAX arrays are immutable",
    re.IGNORECASE,
)
# Wrappers older JAX put in front of the real exception's name.
_WRAPPERS = frozenset({"FilteredStackTrace", "UnfilteredStackTrace", "SimplifiedTraceback"})

_LIBRARY = re.compile(
    r"/(?:site|dist)-packages/|/lib(?:64)?/python\d[\d.]*/|/Lib/|/jax/_src/|/jaxlib/|/_pytest/|/pluggy/"
)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
_CI_PREFIX = re.compile(r"^(?:\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s|##\[\w+\]|\[\d\d:\d\d:\d\d\]\s)")
_MARKDOWN_LINK = re.compile(r"\[([^\]\n]+)\]\((?:https?|file):[^)\s]*\)")

_PYTHON_FRAME = re.compile(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+)(?:, in (?P<function>.+?))?\s*$')
_IPYTHON_FRAME = re.compile(r"^File (?P<path>\S.*?):(?P<line>\d+)(?:, in (?P<function>[^\s(]+)(?:\(.*\))?)?\s*$")
_IPYTHON_OLD_FRAME = re.compile(r"^(?P<path>(?:<[^>]+>|[^\s<][^<]*?\.py|\S+)) in (?P<function>[^\s(]+)\(.*\)\s*$")
_IPYTHON_MARKER = re.compile(r"^-*> ?(?P<line>\d+)\s(?P<code>.*)$")
_PYTEST_LOCATION = re.compile(
    r"^(?P<path>[^\s:][^:\n]*?\.py|<[^>]+>):(?P<line>\d+):(?: in (?P<function>\S+)| (?P<kind>[\w.]+))?\s*$"
)
# pytest --tb=line: `path.py:7: jax.errors.TracerBoolConversionError: message`.
_PYTEST_LINE_REPORT = re.compile(
    r"^(?P<path>[^\s:][^:\n]*?\.py):(?P<line>\d+): (?P<names>(?:[A-Za-z_][\w.]*(?:Error|Exception)\b: ?)+)(?P<message>.*)$"
)
_PYTEST_ERROR_LINE = re.compile(r"^E(?:\s{3}|\s*$)")
_PYTEST_SOURCE_MARKER = re.compile(r"^>\s{3}")
_EXCEPTION_LINE = re.compile(
    r"^(?P<names>(?:(?:[A-Za-z_][\w.]*)?(?:Error|Exception|Warning|Trace|Traceback|Exit|Interrupt)\b: ?)+)(?P<message>.*)$"
)
# A message pasted without its exception's name (`Attempted boolean conversion of traced array with
# shape bool[]..`): JAX's own wordings, each of one error class.
_BARE_MESSAGES = (
    (re.compile(r"^Attempted boolean conversion of (?:traced array|JAX Tracer)"), "TracerBoolConversionError"),
    (re.compile(r"^Abstract tracer value encountered where concrete value is expected"), "ConcretizationTypeError"),
    (re.compile(r"^The numpy\.ndarray conversion method __array__\(\) was called on"), "TracerArrayConversionError"),
    (re.compile(r"^Tracer can't be used with raw numpy functions"), "TracerArrayConversionError"),  # JAX 0.1
    (re.compile(r"^The __index__\(\) method was called on"), "TracerIntegerConversionError"),
    (re.compile(r"^Array boolean indices must be concrete"), "NonConcreteBooleanIndexError"),
    (re.compile(r"^Encountered an unexpected tracer"), "UnexpectedTracerError"),
)
_IPYTHON_HEADER = re.compile(r"^(?P<kind>[A-Za-z_]\w*)\s{3,}Traceback \(most recent call last\)")
_STARTS = ("Traceback (most recent call last)",)
_CHAIN_MARKERS = (
    "During handling of the above exception",
    "The above exception was the direct cause",
)

_TRACING = re.compile(
    r"while tracing the function (?P<name>\S+?) at (?P<where>.+?):(?P<line>\d+)"
    r"(?:\s+for\s+(?P<transform>\w+(?:\.\w+)*)|,\s+transformed by\s+(?P<old_transform>\w+))?(?=[,.:;]{0,2}(?:\s|$))",
    re.IGNORECASE,
)
_LEAKED_IN = re.compile(
    r"(?:function being traced when the (?:value|tracer) leaked was|leaked while tracing the function|"
    r"function being traced when the value leaked was)\s+(?P<name>\S+?) at (?P<where>.+?):(?P<line>\d+)"
    r"(?:\s+traced for\s+(?P<transform>\w+))?",
)
_CREATED_ON = re.compile(
    r"(?:created on line|from line)\s+(?P<where>.+?):(?P<line>\d+)(?::\d+)?\s*\((?P<function>[^)\s]*)\)"
)
_ARGUMENTS = re.compile(
    r"depends on the values? of the (?:arguments?|argument|parameters?)\s+(?P<names>.+?)(?:\.(?:\s|$)|\n|$)"
)


@dataclass(frozen=True)
class Frame:
    path: str
    line: int
    function: str = ""
    code: str = ""  # the source line the traceback shows, stripped; "" when it shows none

    @property
    def is_library(self) -> bool:
        return is_library_path(self.path)


@dataclass
class TracerError:
    """One tracer error and what its traceback proves."""

    kind: str  # "TracerBoolConversionError"; "TypeError" for a generic error about a tracer
    message: str
    frames: list[Frame] = field(default_factory=list)  # outermost first
    traced_function: str | None = None  # "f" in "while tracing the function f at ... for jit"
    traced_at: Frame | None = None  # where that function is defined (its first line)
    transform: str | None = None  # "jit", "scan", "vmap", ...; None when the message does not say
    arguments: tuple[str, ...] = ()  # the traced function's arguments the value depends on
    created_at: list[Frame] = field(default_factory=list)  # where a leaked tracer was created
    # "This value became a tracer due to JAX operations on these lines": made from constants by
    # JAX calls (`jnp.clip(turn, 0, 1)` on a static `turn`), not from an argument.
    from_operations: bool = False

    @property
    def user_frames(self) -> list[Frame]:
        return [frame for frame in self.frames if not frame.is_library]

    @property
    def leak_frame(self) -> Frame | None:
        """The user's statement that needed the concrete value: the innermost frame outside
        libraries. For an `UnexpectedTracerError` the frames only show where the tracer was used
        after it escaped; the value was created inside the traced function instead."""
        if self.kind == "UnexpectedTracerError":
            for frame in reversed(self.created_at):
                if not frame.is_library:
                    return frame
            return self.traced_at if self.traced_at is not None and not self.traced_at.is_library else None
        frames = self.user_frames
        if frames and frames[-1].function == "<module>" and self.traced_function is not None:
            # The error names the function being traced, yet the innermost frame left is the
            # module calling it: the frames inside it were dropped (`raise ... from None` in a
            # filtered traceback), so this line is the call, not the leak.
            return None
        return frames[-1] if frames else None

    @property
    def in_library(self) -> bool:
        """The statement that raised is in a library, called from the user's frame."""
        return bool(self.frames) and self.frames[-1].is_library and self.leak_frame is not None

    def key(self) -> tuple:
        leak = self.leak_frame
        first = self.message.splitlines()[0] if self.message else ""
        return (self.kind, None if leak is None else (leak.path, leak.line), first)


def is_library_path(path: str) -> bool:
    """Code the user does not own: installed packages, the standard library, JAX itself."""
    normal = normalise_path(path)
    if normal.startswith("<"):
        return True  # <string>, <stdin>, <frozen ...>, <__array_function__ internals>, notebook cells
    return bool(_LIBRARY.search(normal))


def normalise_path(path: str) -> str:
    """Forward slashes, one backslash where a paste doubled them, no quotes or link wrapper."""
    path = path.strip().strip("'\"`")
    path = path.replace("\\\\", "\\").replace("\\", "/")
    return path


# --- reading ------------------------------------------------------------------------------------


def clean_lines(text: str) -> list[str]:
    """The text's lines without terminal colours, CI timestamps and Markdown link targets, and
    without the `> ` of a Markdown quote or the `# ` of a paste commented out, where most lines
    carry one."""
    lines = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = _ANSI.sub("", raw)
        line = _CI_PREFIX.sub("", line)
        line = _MARKDOWN_LINK.sub(r"\1", line)
        lines.append(line.rstrip())
    start = 0
    while start < len(lines):  # each run of lines between blank lines (and code fences) apart
        end = start
        while end < len(lines) and lines[end].strip() and not lines[end].startswith("```"):
            end += 1
        block = lines[start:end]
        for prefix in (">", "#"):
            marked = [line for line in block if line.startswith(prefix)]
            if block and len(marked) >= 0.6 * len(block):
                lines[start:end] = [line[1:].removeprefix(" ") if line.startswith(prefix) else line for line in block]
                break
        start = end + 1
    return lines


@dataclass
class _Block:
    """Frames read so far, waiting for the exception line that ends them."""

    frames: list[Frame] = field(default_factory=list)
    pending_code: str = ""  # pytest long format: the `>` line shown above its location
    kind: str = ""  # IPython's header names the exception before its frames


def parse(text: str) -> list[TracerError]:
    """Every tracer error in `text`, once each, in the order they appear."""
    errors: list[TracerError] = []
    seen: set[tuple] = set()
    for error in _with_causes_placed(_read(clean_lines(text))):
        _interpret(error)
        if not _is_tracer_error(error):
            continue
        key = error.key()
        if key in seen:
            # JAX prints an error twice (the filtered traceback and the unfiltered one); keep the
            # copy that shows more of the user's frames.
            for index, earlier in enumerate(errors):
                if earlier.key() == key and len(error.user_frames) > len(earlier.user_frames):
                    errors[index] = error
            continue
        seen.add(key)
        errors.append(error)
    return errors


def shows_frames(text: str) -> bool:
    """Whether `text` holds a traceback's frames (a paste cut before its exception line)."""
    lines = clean_lines(text)
    return any(
        _PYTHON_FRAME.match(line) or _IPYTHON_FRAME.match(line.strip()) or _PYTEST_LOCATION.match(line.strip())
        for line in lines
    )


def _with_causes_placed(read):
    """The errors read, where an error raised inside a library (NumPy's `float(tracer)` under
    `mask[i] = s`) and followed by "The above exception was the direct cause..." takes the user's
    frames from the exception it caused: only that one's traceback shows the statement. An
    exception of another kind that a tracer error caused only wraps it, and is left out."""
    errors = []
    for error, caused_by_previous in read:
        cause = errors[-1] if caused_by_previous and errors else None
        if cause is not None and not cause.user_frames and error.user_frames:
            cause.frames = [*error.frames, *cause.frames]
        if cause is not None and cause.kind in TRACER_ERRORS and error.kind not in TRACER_ERRORS:
            continue  # a wrapper re-raising the tracer error (`raise RuntimeError(...) from e`)
        errors.append(error)
    return errors


def _is_tracer_error(error: TracerError) -> bool:
    return error.kind in TRACER_ERRORS or bool(_TRACER_MESSAGE.search(error.message))


def _read(lines: list[str]):
    block = _Block()
    caused = False  # "The above exception was the direct cause of the following exception"
    index = 0
    count = len(lines)
    while index < count:
        line = lines[index]
        stripped = line.strip()
        if not stripped:
            index += 1
            continue
        if stripped.startswith(_STARTS) or _IPYTHON_HEADER.match(stripped) or stripped.startswith(_CHAIN_MARKERS):
            caused = stripped.startswith(_CHAIN_MARKERS[1]) or caused and stripped.startswith(_STARTS)
            header = _IPYTHON_HEADER.match(stripped)
            block = _Block(kind=header["kind"] if header else "")
            index += 1
            continue
        frame_match = _PYTHON_FRAME.match(line)
        if frame_match:
            code, index = _code_after(lines, index + 1, line)
            block.frames.append(_frame(frame_match, code))
            continue
        match = _IPYTHON_FRAME.match(stripped)
        if match and not _PYTEST_LOCATION.match(stripped):
            code, index = _ipython_code(lines, index + 1)
            block.frames.append(_frame(match, code))
            continue
        match = _IPYTHON_OLD_FRAME.match(stripped)
        if match and index + 1 < count and _looks_like_ipython_source(lines[index + 1]):
            line_number, code, index = _ipython_marker(lines, index + 1)
            if line_number:
                block.frames.append(Frame(normalise_path(match["path"]), line_number, match["function"], code))
            continue
        if _PYTEST_SOURCE_MARKER.match(line):
            block.pending_code = line[1:].strip()
            index += 1
            continue
        if _PYTEST_ERROR_LINE.match(line):
            error, index = _pytest_error(lines, index, block)
            if error is not None:
                yield error, caused
                caused = False
                block = _Block()
            continue
        match = _PYTEST_LINE_REPORT.match(stripped)
        if match:
            frame = Frame(normalise_path(match["path"]), int(match["line"]))
            yield TracerError(_kind(match["names"]), match["message"].strip(), [*block.frames, frame]), caused
            caused = False
            block = _Block()
            index += 1
            continue
        match = _PYTEST_LOCATION.match(stripped)
        if match:
            code = block.pending_code
            block.pending_code = ""
            if match["function"] is not None and index + 1 < count and lines[index + 1].startswith("    "):
                code = lines[index + 1].strip()  # --tb=short: the code follows its location
                index += 1
            block.frames.append(Frame(normalise_path(match["path"]), int(match["line"]), match["function"] or "", code))
            index += 1
            continue
        match = _EXCEPTION_LINE.match(stripped)
        if match and (block.frames or _names_tracer_error(match["names"]) or _TRACER_MESSAGE.search(match["message"])):
            message, index = _message(lines, index, match["message"])
            yield TracerError(_kind(match["names"]), message, list(block.frames)), caused
            caused = False
            block = _Block()
            continue
        kind = next((kind for wording, kind in _BARE_MESSAGES if wording.match(stripped)), None)
        if kind is not None:
            message, index = _message(lines, index, stripped)
            yield TracerError(kind, message, list(block.frames)), caused
            caused = False
            block = _Block()
            continue
        index += 1
    if block.frames and block.kind in TRACER_ERRORS:
        # A paste cut before the message: IPython's header already named the exception.
        yield TracerError(block.kind, "", list(block.frames)), caused


def _message(lines: list[str], index: int, first: str) -> tuple[str, int]:
    """An error's message: `first` (the rest of line `index`) and the lines up to the next frame,
    traceback or error; and the index after it."""
    message_lines = [first]
    index += 1
    while index < len(lines) and not _ends_message(lines, index):
        message_lines.append(lines[index])
        index += 1
    return "\n".join(message_lines).strip(), index


def _names_tracer_error(names: str) -> bool:
    return any(name.rpartition(".")[2] in TRACER_ERRORS for name in names.rstrip(": ").split(": "))


def _kind(names: str) -> str:
    """The real exception's class name from `jax._src.traceback_util.UnfilteredStackTrace:
    jax._src.errors.ConcretizationTypeError:`."""
    parts = [name.strip().rpartition(".")[2] for name in names.strip().rstrip(":").split(":") if name.strip()]
    real = [part for part in parts if part not in _WRAPPERS]
    return (real or parts)[-1]


def _ends_message(lines: list[str], index: int) -> bool:
    line = lines[index]
    stripped = line.strip()
    if stripped.startswith(_STARTS) or stripped.startswith(_CHAIN_MARKERS) or _IPYTHON_HEADER.match(stripped):
        return True
    if _PYTHON_FRAME.match(line) or _PYTEST_LOCATION.match(stripped) or stripped.startswith("```"):
        return True
    if line == stripped and _EXCEPTION_LINE.match(line) and re.match(r"[\w.]+(?:Error|Exception):", line) \
            and not (index > 0 and lines[index - 1].rstrip().endswith("The error was:")):
        # The next error of a log (a message's own lines are not exceptions' names; jit's
        # "Non-hashable static arguments ... The error was:" quotes the hashing's TypeError).
        return True
    if re.match(r"^(?:={5,}|_{5,}|(?:_ ){5,})", stripped):
        return True  # pytest's section rules
    if stripped == "-" * 20 and index + 1 < len(lines) and lines[index + 1].startswith("For simplicity"):
        return True
    if stripped.startswith("For simplicity, JAX has removed"):
        return True
    return False


def _pytest_error(lines: list[str], index: int, block: _Block) -> tuple[TracerError | None, int]:
    """pytest's `E   ` lines: the exception and its message, then the failing frame's location."""
    body = []
    while index < len(lines):
        if _PYTEST_ERROR_LINE.match(lines[index]):
            body.append(lines[index][1:].strip() if lines[index].strip() != "E" else "")
        elif body and _wrapped_error_line(lines, index):
            body[-1] = f"{body[-1]} {lines[index].strip()}"  # a report tool's hard wrap
        else:
            break
        index += 1
    while index < len(lines) and (
        lines[index].startswith("    ")
        or not lines[index] and index + 1 < len(lines) and lines[index + 1].startswith("    ")
    ):
        body.append(lines[index].strip())  # --tb=line: the message continues, indented
        index += 1
    error = None
    for position, text in enumerate(body):
        match = _EXCEPTION_LINE.match(text)
        if match:
            message = "\n".join([match["message"], *body[position + 1 :]])
            cut = message.find("\n--------------------\nFor simplicity")
            message = message[:cut] if cut >= 0 else message
            error = TracerError(_kind(match["names"]), message.strip(), list(block.frames))
            break
    if error is None:
        return None, index
    # The last frame's location follows (long format: `path:line: Kind`); its code is the `>` line.
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index < len(lines):
        match = _PYTEST_LOCATION.match(lines[index].strip()) or _PYTEST_LINE_REPORT.match(lines[index].strip())
        if match:
            error.frames.append(
                Frame(normalise_path(match["path"]), int(match["line"]), match.groupdict().get("function") or "", block.pending_code)
            )
            index += 1
    return error, index


def _wrapped_error_line(lines: list[str], index: int) -> bool:
    """An indented line inside a run of `E   ` lines (the run goes on after it): the rest of the
    `E` line above, wrapped by a tool that saved the report at a fixed width."""
    if not lines[index].startswith(" ") or _PYTEST_LOCATION.match(lines[index].strip()):
        return False
    following = index + 1
    while following < len(lines) and lines[following].startswith(" ") and lines[following].strip():
        following += 1
    return following < len(lines) and bool(_PYTEST_ERROR_LINE.match(lines[following]))


def _frame(match: re.Match, code: str) -> Frame:
    return Frame(normalise_path(match["path"]), int(match["line"]), (match["function"] or "").strip(), code)


def _code_after(lines: list[str], index: int, frame_line: str) -> tuple[str, int]:
    """The source line Python prints under a frame, skipping the `^^^^` and `~~~^^^` markers."""
    indent = len(frame_line) - len(frame_line.lstrip())
    code = ""
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if not stripped or len(line) - len(line.lstrip()) <= indent or _PYTHON_FRAME.match(line):
            break
        if re.fullmatch(r"[~^\s]+", stripped):
            index += 1
            continue
        if code:
            break  # a statement spread over lines shows them all in 3.13; the first is the one
        code = stripped
        index += 1
    return code, index


def _ipython_code(lines: list[str], index: int) -> tuple[str, int]:
    """`File path:12, in f(x)` is followed by numbered source; `---> 12 code` marks the line."""
    code = ""
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if not stripped:
            break
        marker = _IPYTHON_MARKER.match(stripped)
        if marker:
            code = marker["code"].strip()
        elif not re.match(r"^\d+\s", stripped) and not re.fullmatch(r"[~^\s]+", stripped):
            break
        index += 1
    return code, index


def _looks_like_ipython_source(line: str) -> bool:
    stripped = line.strip()
    return bool(_IPYTHON_MARKER.match(stripped) or re.match(r"^\d+\s", stripped))


def _ipython_marker(lines: list[str], index: int) -> tuple[int, str, int]:
    """Old IPython: `path in f(x)` then numbered source with `----> 110 code` at the frame's line."""
    number, code = 0, ""
    while index < len(lines) and lines[index].strip():
        stripped = lines[index].strip()
        marker = _IPYTHON_MARKER.match(stripped)
        if marker:
            number, code = int(marker["line"]), marker["code"].strip()
        elif not re.match(r"^\d+\s", stripped) and not re.fullmatch(r"[~^\s]+", stripped):
            break
        index += 1
    return number, code, index


# --- what the message says ----------------------------------------------------------------------


def _interpret(error: TracerError) -> None:
    """Fill in the traced function, its transformation, the arguments and the provenance."""
    # Wrapped lines in pastes and logs: read the message as one paragraph per blank line.
    text = re.sub(r"[ \t]*\n[ \t]*(?!\n)", " ", error.message)
    match = _TRACING.search(text) or _LEAKED_IN.search(text)
    if match:
        error.traced_function = _function_name(match["name"])
        error.traced_at = Frame(normalise_path(match["where"]), int(match["line"]), error.traced_function)
        error.transform = match["transform"] or match.groupdict().get("old_transform")
    match = _ARGUMENTS.search(error.message) or _ARGUMENTS.search(text)
    if match and not match["names"].startswith("to "):  # JAX 0.2: "the arguments to f at x.py:5 ... at positions [2]"
        error.arguments = argument_names(match["names"])
    wrapped = re.search(r"\b(?P<kind>" + "|".join(sorted(TRACER_ERRORS)) + r"): ", error.message)
    if error.kind not in TRACER_ERRORS and wrapped:
        # `XlaRuntimeError: INTERNAL: ... CpuCallback error: UnexpectedTracerError: ...`: the
        # tracer error, raised in a host callback and carried out by the runtime's own error.
        error.kind = wrapped["kind"]
    error.from_operations = not error.arguments and "became a tracer due to JAX operations" in text
    error.created_at = [
        Frame(normalise_path(m["where"]), int(m["line"]), m["function"]) for m in _CREATED_ON.finditer(text)
    ]


def _function_name(name: str) -> str:
    return name.strip("'\"`").rstrip(",.")


def argument_names(text: str) -> tuple[str, ...]:
    """`x and y`, `'state'`, `params['w'], x[0] and y` -> the parameter names: ('params', 'x', 'y')."""
    names: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", text):
        part = part.strip().strip("'\"`")
        match = re.match(r"[A-Za-z_]\w*", part)
        if match and match.group(0) not in names:
            names.append(match.group(0))
    return tuple(names)
