"""The small language that says what to pass to a function under verification.

One spec per parameter, written the way the configuration and comment specs spell it:

    f32[5]      a float32 array of shape (5,)         i32[3,4]  int32, shape (3, 4)
    f32[]       a float32 scalar array                bool[n]   shape (n,): `n` is shared by the
    float       a random Python float                           parameters of one signature
    int, bool   a random Python int / bool            key       a PRNG key (jax.random.PRNGKey)
    (f32[5], i32[])            a tuple of those (a loop carry)
    {w: f32[3,4], b: f32[4]}   a dict of those (a params dict); keys are names or quoted strings
    State(count=i32[], mu=f32[n])   the module's class `State` built from those fields (a
                               NamedTuple, a dataclass); `Config` alone calls `Config()`
    0, "mean", (0, 1), None    this Python value, passed as it is (static arguments)

A signature is `name=spec` pairs separated by commas: `x=f32[8], axis=0`. Parsing is pure Python:
the parent process validates specs from pyproject.toml and comments, the worker builds the values.
"""

from __future__ import annotations

from tracerfix import pyast
from dataclasses import dataclass

DTYPES = {
    "f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "c64": "complex64", "c128": "complex128", "bool": "bool",
}
_LONG_NAMES = {name: name for name in DTYPES.values()}
SCALAR_KINDS = ("float", "int", "bool")


class SpecError(ValueError):
    """A spec that cannot be read; the message shows the text and what was expected."""


@dataclass(frozen=True)
class ArraySpec:
    dtype: str  # numpy spelling: "float32"
    shape: tuple[int | str, ...]  # sizes, or names shared across a signature

    def resolve(self, sizes: dict[str, int]) -> tuple[int, ...]:
        return tuple(d if isinstance(d, int) else sizes[d] for d in self.shape)

    def __str__(self) -> str:
        short = next((k for k, v in DTYPES.items() if v == self.dtype), self.dtype)
        return f"{short}[{','.join(str(d) for d in self.shape)}]"


@dataclass(frozen=True)
class ScalarSpec:
    kind: str  # "float" | "int" | "bool"

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True)
class KeySpec:
    def __str__(self) -> str:
        return "key"


@dataclass(frozen=True)
class TupleSpec:
    elements: tuple["Spec", ...]

    def __str__(self) -> str:
        inner = ", ".join(str(element) for element in self.elements)
        return f"({inner},)" if len(self.elements) == 1 else f"({inner})"


@dataclass(frozen=True)
class DictSpec:
    items: tuple[tuple[str, "Spec"], ...]

    def __str__(self) -> str:
        return "{" + ", ".join(f"{_key(key)}: {spec}" for key, spec in self.items) + "}"


@dataclass(frozen=True)
class ClassSpec:
    """An instance of a class the module defines (or imports), built by calling it."""

    name: str  # as the module names it: `State`, `configs.TrainConfig`
    fields: tuple[tuple[str, "Spec"], ...] = ()

    def __str__(self) -> str:
        if not self.fields:
            return self.name
        return f"{self.name}(" + ", ".join(f"{field}={spec}" for field, spec in self.fields) + ")"


def map_arrays(spec: "Spec", change) -> "Spec":
    """`spec` with each `ArraySpec` inside it (in tuples, dicts, class fields) replaced by
    `change(array_spec)`."""
    if isinstance(spec, ArraySpec):
        return change(spec)
    if isinstance(spec, TupleSpec):
        return TupleSpec(tuple(map_arrays(element, change) for element in spec.elements))
    if isinstance(spec, DictSpec):
        return DictSpec(tuple((key, map_arrays(item, change)) for key, item in spec.items))
    if isinstance(spec, ClassSpec):
        return ClassSpec(spec.name, tuple((field, map_arrays(item, change)) for field, item in spec.fields))
    return spec


def _key(key: str) -> str:
    return key if key.isidentifier() else repr(key)


@dataclass(frozen=True)
class LiteralSpec:
    value: object

    def __str__(self) -> str:
        return repr(self.value)


Spec = ArraySpec | ScalarSpec | KeySpec | TupleSpec | DictSpec | ClassSpec | LiteralSpec


def parse_spec(text: str) -> Spec:
    text = text.strip()
    if text in SCALAR_KINDS:
        return ScalarSpec(text)
    if text == "key":
        return KeySpec()
    head, bracket, rest = text.partition("[")
    dtype = DTYPES.get(head) or _LONG_NAMES.get(head)
    if bracket and dtype is not None:
        if not rest.endswith("]"):
            raise SpecError(f"`{text}`: missing `]`")
        return ArraySpec(dtype, _shape(rest[:-1], text))
    if text.startswith("(") and text.endswith(")") and not _is_literal(text):
        elements = tuple(parse_spec(part) for part in _split_top_level(text[1:-1]))
        return TupleSpec(elements)
    if text.startswith("{") and text.endswith("}") and not _is_literal(text):
        return DictSpec(tuple(_entry(part, ":", text) for part in _split_top_level(text[1:-1])))
    name, paren, rest = text.partition("(")
    name = name.strip()
    # A class as the module names it: `State(count=i32[])`, `Config` (capitalised, as classes
    # are: a bare lowercase word is more likely a string that lost its quotes).
    if _is_dotted(name) and (rest.endswith(")") if paren else name.rpartition(".")[2][:1].isupper()) \
            and name not in ("None", "True", "False"):
        fields = tuple(_entry(part, "=", text) for part in _split_top_level(rest[:-1])) if paren else ()
        return ClassSpec(name, fields)
    try:
        return LiteralSpec(pyast.literal_eval(text))
    except (ValueError, SyntaxError):
        raise SpecError(
            f"`{text}` is not a spec: write a dtype and shape (`f32[5]`, `i32[]`), `float`, `int`, "
            "`bool`, `key`, a dict `{w: f32[3]}`, a class `State(count=i32[])`, or a Python literal "
            "(`0`, `\"mean\"`)"
        ) from None


def _entry(part: str, separator: str, text: str) -> tuple[str, Spec]:
    """`w: f32[3]` in a dict spec, `count=i32[]` in a class spec."""
    key, found, spec = part.partition(separator)
    key = key.strip()
    if found and len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"":
        key = key[1:-1]
    elif not found or not key.isidentifier():
        raise SpecError(f"`{text}`: expected `name{separator.strip()} spec` entries, not `{part.strip()}`")
    return key, parse_spec(spec)


def _is_dotted(text: str) -> bool:
    return bool(text) and all(part.isidentifier() for part in text.split("."))


def _is_literal(text: str) -> bool:
    try:
        pyast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False
    return True


def _shape(inner: str, text: str) -> tuple[int | str, ...]:
    dims: list[int | str] = []
    for part in (p.strip() for p in inner.split(",")):
        if not part:
            continue
        if part.isdigit():
            dims.append(int(part))
        elif part.isidentifier():
            dims.append(part)
        else:
            raise SpecError(f"`{text}`: a dimension is a size or a name, not `{part}`")
    return tuple(dims)


def parse_signature(text: str) -> dict[str, Spec]:
    """`x=f32[8], axis=0` -> {"x": ArraySpec, "axis": LiteralSpec(0)}."""
    signature: dict[str, Spec] = {}
    for part in _split_top_level(text):
        name, equals, spec = part.partition("=")
        name = name.strip()
        if not equals or not name.isidentifier():
            raise SpecError(f"`{part.strip()}`: expected `name=spec`")
        signature[name] = parse_spec(spec)
    return signature


def format_signature(signature: dict[str, Spec]) -> str:
    return ", ".join(f"{name}={spec}" for name, spec in signature.items())


def _split_top_level(text: str) -> list[str]:
    """Split at commas outside brackets and quotes: `x=f32[3,4], y=(0, 1)` has two parts."""
    parts, depth, quote, start = [], 0, "", 0
    for position, char in enumerate(text):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:position])
            start = position + 1
    parts.append(text[start:])
    return [p for p in parts if p.strip()]
