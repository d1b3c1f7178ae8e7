"""Inputs for verification (worker side): candidate signatures, values, and shrinking.

Values come from a seeded NumPy generator: random normal and uniform draws, and edge values that
break naive rewrites: zero, negative zero, the constants the function compares against and their
neighbours, ties, large magnitudes, NaN and infinities.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from tracerfix.verify.specs import (
    ArraySpec,
    ClassSpec,
    DictSpec,
    KeySpec,
    LiteralSpec,
    ScalarSpec,
    Spec,
    TupleSpec,
    map_arrays,
    parse_spec,
)

# Tried in this order when nothing says what a parameter is; the original must accept a rung.
ARRAY_LADDER = ("f32[5]", "f32[]", "f32[3,4]", "f32[4,4]", "f32[8,3]", "i32[5]", "i32[]", "bool[5]", "(f32[], f32[])", "(f32[5], f32[5])",
                "f32[3,4,4]")
FLOAT_LADDER = ("f32[5]", "f32[]", "f32[3,4]", "f32[4,4]", "f32[8,3]", "f32[3,4,4]")  # f32[8,3]: data rows (samples x features); f32[3,4,4]: a batch of square matrices
STATIC_LADDER = ("1", "2", "0", "3", "-1")
MAX_PYTHON_INT_PROBE = 64  # the largest constant of the module tried as a Python int argument
SIZES = (5, 4, 3, 6, 7, 2, 8, 9)  # sizes given to named dimensions, in order of appearance
MAX_PROBES = 48

_LARGE = {"float16": 6.0e4, "bfloat16": 1.0e30, "float32": 1.0e30, "float64": 1.0e300}


@dataclass
class Signature:
    specs: dict[str, Spec]
    origin: str  # "configuration", "annotations", "a call site at tests/t.py:4", "probing"
    sizes: dict[str, int] = field(default_factory=dict)
    # A variant (size-1 dimensions) is worth trying only if the original took this signature:
    # `x[1]` on a length-1 array clamps instead of failing, so it would pass for a valid input.
    variant_of: str | None = None

    def describe(self) -> str:
        return ", ".join(f"{name}={_sized(spec, self.sizes)}" for name, spec in self.specs.items()) or "()"


def _sized(spec: Spec, sizes: dict[str, int]) -> Spec:
    """`spec` with its named dimensions replaced by their sizes."""
    return map_arrays(spec, lambda array: ArraySpec(array.dtype, array.resolve(sizes)))


def _arrays_in(spec: Spec) -> Iterator[ArraySpec]:
    if isinstance(spec, ArraySpec):
        yield spec
    else:
        for element in children(spec):
            yield from _arrays_in(element)


def children(spec: Spec) -> tuple[Spec, ...]:
    """The specs a container spec holds, in order (none for a leaf)."""
    if isinstance(spec, TupleSpec):
        return spec.elements
    if isinstance(spec, DictSpec):
        return tuple(item for _, item in spec.items)
    if isinstance(spec, ClassSpec):
        return tuple(item for _, item in spec.fields)
    return ()


def rebuild(spec: Spec, values: list, make_class: Callable[[str], type] | None):
    """A container spec's value from the values of its children."""
    if isinstance(spec, TupleSpec):
        return tuple(values)
    if isinstance(spec, DictSpec):
        return {key: value for (key, _), value in zip(spec.items, values)}
    assert isinstance(spec, ClassSpec)
    if make_class is None:
        raise ValueError(f"no module to find the class `{spec.name}` in")
    return make_class(spec.name)(**{key: value for (key, _), value in zip(spec.fields, values)})


def sizes_for(specs: dict[str, Spec], start: int = 0) -> dict[str, int]:
    names: list[str] = []
    for spec in specs.values():
        for array in _arrays_in(spec):
            names.extend(d for d in array.shape if isinstance(d, str) and d not in names)
    return {name: SIZES[(start + i) % len(SIZES)] for i, name in enumerate(names)}


def ladder_for(param: dict) -> list[str]:
    """The spec texts worth trying for one parameter, most likely first: its annotation, then
    what its code says (`inferred`), then the defaults."""
    annotation = param["annotation"]
    inferred = param.get("inferred", [])
    if param["role"] == "static":
        if annotation and all(isinstance(parse_spec(text), LiteralSpec) for text in annotation):
            return list(annotation)  # the value the callers bind (`partial(f, display=False)`)
        if annotation == ["bool"]:
            return ["True", "False"]
        if annotation == ["float"]:
            return ["1.0", "0.5", "0.0"]
        # A static parameter takes Python values: those calls pass, a configuration class, small integers.
        literals = [text for text in inferred if isinstance(parse_spec(text), (LiteralSpec, ClassSpec))]
        return list(dict.fromkeys([*literals, *_static_tuples(inferred), *STATIC_LADDER]))
    if "key" in inferred and annotation != ["key"]:
        # `random.split(key)` says more than `key: int` (older code annotated keys so).
        return list(dict.fromkeys(["key", *annotation]))
    if annotation and annotation != ["array"]:
        return list(dict.fromkeys([*annotation, *inferred]))  # the code's reading next, if the annotation fails
    base = list(FLOAT_LADDER) if annotation == ["array"] else [*ARRAY_LADDER, *(STATIC_LADDER[:3] if param["role"] == "either" else ())]
    return list(dict.fromkeys([*inferred, *base]))


def _static_tuples(inferred: list[str]) -> list[str]:
    """`contact_lb[2]` on a static parameter: a hashable tuple as long as the code reads
    (`f32[3]` inferred becomes `(-0.5, 0.0, 0.5)`; `i32[3]`, `(0, 1, 2)`)."""
    found = []
    for text in inferred:
        match = re.fullmatch(r"(f32|f64|i32|i64)\[(\d+)\]", text)
        if match and 0 < int(match[2]) <= 16:
            count = int(match[2])
            values = [str(i) for i in range(count)] if match[1].startswith("i") else \
                [repr(round(0.5 * i - 0.5 * (count // 2), 2)) for i in range(count)]
            found.append(f"({', '.join(values)}{',' if count == 1 else ''})")
    return found


def probe_candidates(params: list[dict]) -> Iterator[Signature]:
    """Combinations of each parameter's ladder, the simplest first (by summed rung)."""
    passed = [p for p in params if not p["has_default"]]
    ladders = [ladder_for(p) for p in passed]
    # An array parameter the code says nothing about most likely has the shape another one has
    # (`delta_r * jnp.conj(delta_g)` after the FFTs of `recon_field` and `gt_field`): those shapes
    # come first in its ladder.
    said = [text for p in passed if p["role"] != "static" for text in p.get("inferred", [])[:1]]
    ladders = [[*dict.fromkeys([*said, *ladder])] if p["role"] != "static" and not p.get("inferred")
               and p["annotation"] in (None, [], ["array"]) and said else ladder
               for p, ladder in zip(passed, ladders)]
    combinations = itertools.product(*(range(len(ladder)) for ladder in ladders))
    # Static values vary last: a new shape tests more than a new loop count.
    weights = [2 if p["role"] == "static" else 1 for p in passed]
    ordered = sorted(combinations, key=lambda rungs: (sum(w * r for w, r in zip(weights, rungs)), max(rungs, default=0)))
    # Arguments alike come right after the simplest guess: every parameter that can take the same
    # spec takes it (all scalars, all `f32[5,3]`), as the arguments of one function mostly agree;
    # one parameter at a time, with six parameters all scalars came after the probes ran out
    # (with two, the simplest combinations reach them anyway).
    uniform = []
    for text in dict.fromkeys(text for ladder in ladders for text in ladder) if len(ladders) > 2 else ():
        rungs = tuple(ladder.index(text) if text in ladder else 0 for ladder in ladders)
        if sum(1 for ladder in ladders if text in ladder) > 1 and rungs not in uniform:
            uniform.append(rungs)
    ordered = [*ordered[:1], *uniform, *ordered[1:]]
    seen: set[str] = set()
    for rungs in ordered[:MAX_PROBES]:
        specs = {p["name"]: parse_spec(ladder[r]) for p, ladder, r in zip(passed, ladders, rungs)}
        signature = Signature(specs, "probing", sizes_for(specs))
        if signature.describe() not in seen:  # `f32[n]` from the code is `f32[5]` of the ladder
            seen.add(signature.describe())
            yield signature


def annotated_signature(params: list[dict]) -> list[Signature]:
    """Signatures from annotations and what the code says, when that covers every parameter to
    pass."""
    passed = [p for p in params if not p["has_default"]]
    known = [p["annotation"] if p["annotation"] and p["annotation"] != ["array"] else p.get("inferred", [])
             for p in passed]
    if not passed or any(not choices for choices in known):
        return []
    origin = "annotations" if all(p["annotation"] and p["annotation"] != ["array"] for p in passed) else "the code"
    # A static parameter gets one value per signature: each value is a separate compilation.
    specs = {p["name"]: parse_spec(ladder_for(p)[0] if p["role"] == "static" else choices[0])
             for p, choices in zip(passed, known)}
    first = Signature(specs, origin, sizes_for(specs))
    if not first.sizes:
        return [first]
    # Size-1 dimensions as well: they catch rewrites that broadcast where the original did not.
    return [first, Signature(specs, origin, {name: 1 for name in first.sizes}, variant_of=first.describe())]


# --- values ---------------------------------------------------------------------------------------


class Values:
    """Builds argument values for a signature from one seeded generator."""

    def __init__(self, rng: np.random.Generator, constants: list[float],
                 make_class: Callable[[str], type] | None = None) -> None:
        self.rng = rng
        self.constants = constants
        self.make_class = make_class  # a class spec's name -> the module's class

    # One argument -----------------------------------------------------------------------------
    def random(self, spec: Spec, sizes: dict[str, int], style: str = "normal"):
        if isinstance(spec, ArraySpec):
            return self._array(spec.dtype, spec.resolve(sizes), style)
        if isinstance(spec, ScalarSpec):
            return self._python_scalar(spec.kind, style)
        if isinstance(spec, KeySpec):
            import jax

            return jax.random.PRNGKey(int(self.rng.integers(0, 2**31 - 1)))
        if isinstance(spec, (TupleSpec, DictSpec, ClassSpec)):
            return rebuild(spec, [self.random(element, sizes, style) for element in children(spec)], self.make_class)
        assert isinstance(spec, LiteralSpec)
        return spec.value

    def _array(self, dtype: str, shape: tuple[int, ...], style: str):
        import jax.numpy as jnp

        data = self._numbers(dtype, shape, style)
        return jnp.asarray(data, dtype=dtype)

    def _python_scalar(self, kind: str, style: str):
        value = self._numbers({"float": "float32", "int": "int32", "bool": "bool"}[kind], (), style, python=True)
        return {"float": float, "int": int, "bool": bool}[kind](value)

    def _numbers(self, dtype: str, shape: tuple[int, ...], style: str, python: bool = False) -> np.ndarray:
        rng = self.rng
        kind = np.dtype(dtype).kind if dtype != "bfloat16" else "f"
        if kind == "b":
            return rng.random(shape) < 0.5
        if kind in "iu":
            # Mostly small: integers are often indices, counts or flags.
            high = 11 if style == "uniform" else 4
            low = 0 if kind == "u" else -high + 1
            data = rng.integers(low, high, size=shape)
            # A Python int is often a size (`model_order`, static): a constant of the module as
            # large as 386 would make an (n, n, n) array of gigabytes.
            picks = np.array([round(c) for c in self.constants if not python or abs(c) <= MAX_PYTHON_INT_PROBE])
            if style == "constants" and picks.size:
                data = np.where(rng.random(shape) < 0.5, rng.choice(picks, size=shape), data)
                data = np.clip(data, low, None) if kind == "u" else data
            return data
        if style == "uniform":
            data = rng.uniform(-3.0, 3.0, size=shape)
        elif style == "constants" and self.constants:
            near = np.array([c + d for c in self.constants for d in (0.0, 0.0, -0.5, 0.5, -1e-3, 1e-3)])
            data = np.where(rng.random(shape) < 0.7, rng.choice(near, size=shape), rng.standard_normal(shape))
        else:
            data = rng.standard_normal(shape) * rng.choice([0.5, 1.0, 3.0])
        if kind == "c":
            data = data + 1j * rng.standard_normal(shape)
        return data

    # Edge values --------------------------------------------------------------------------------
    def edges(self, spec: Spec, sizes: dict[str, int]) -> list[tuple[str, object]]:
        """(label, value) pairs for one argument: the values naive rewrites get wrong."""
        if isinstance(spec, (LiteralSpec, KeySpec)):
            return []
        if isinstance(spec, (TupleSpec, DictSpec, ClassSpec)):
            return self._container_edges(spec, sizes)
        if isinstance(spec, ScalarSpec):
            dtype, shape, python = {"float": "float32", "int": "int32", "bool": "bool"}[spec.kind], (), spec.kind
        else:
            dtype, shape, python = spec.dtype, spec.resolve(sizes), None
        kind = np.dtype(dtype).kind if dtype != "bfloat16" else "f"
        cases: list[tuple[str, np.ndarray]] = [("zeros", np.zeros(shape))]
        if kind == "b":
            cases.append(("all true", np.ones(shape, dtype=bool)))
            cases.append(("alternating", (np.arange(int(np.prod(shape))) % 2 == 0).reshape(shape)))
        else:
            for constant in self.constants:
                value = round(constant) if kind in "iu" else constant
                if kind == "u" and value < 0 or python == "int" and abs(value) > MAX_PYTHON_INT_PROBE:
                    continue
                cases.append((f"all {value:g}", np.full(shape, value)))
                if shape and kind == "f":
                    around = [value, np.nextafter(value, -np.inf), np.nextafter(value, np.inf), value - 1, value + 1]
                    cases.append((f"around {value:g}", _tile(around, shape)))
            random = self._numbers(dtype, shape, "normal")
            cases.append(("ties", np.full(shape, random.flat[0] if random.size else 1.0)))
            if kind == "f":
                large = _LARGE.get(dtype, 1e30)
                cases.append(("negative zero", np.full(shape, -0.0)))
                cases.append(("large", _tile([large, -large, 1.0, -1.0], shape)))
                cases.append(("nan", _tile([np.nan, 1.0, -1.0, 0.0], shape)))
                cases.append(("inf", _tile([np.inf, -np.inf, 0.0, 2.0], shape)))
            elif kind in "iu" and python != "int":  # a Python int may be a size: no huge ones
                large = np.iinfo(dtype).max // 2
                cases.append(("large", _tile([large, 1, 0] if kind == "u" else [large, -large, 1, -1], shape)))
        values = []
        for label, data in cases:
            if python is not None:
                values.append((label, {"float": float, "int": int, "bool": bool}[python](data)))
            else:
                import jax.numpy as jnp

                values.append((label, jnp.asarray(data, dtype=dtype)))
        return values


    def _container_edges(self, spec: Spec, sizes: dict[str, int]) -> list[tuple[str, object]]:
        """Edge cases of a tuple, dict or class: each element at that edge where it has one
        (zeros otherwise)."""
        elements = children(spec)
        per_element = [dict(self.edges(element, sizes)) for element in elements]
        fallback = [edges.get("zeros", self.random(element, sizes)) for edges, element in zip(per_element, elements)]
        labels: list[str] = []
        for edges in per_element:
            labels.extend(label for label in edges if label not in labels)
        return [
            (label, rebuild(spec, [edges.get(label, default) for edges, default in zip(per_element, fallback)],
                            self.make_class))
            for label in labels
        ]


def _tile(pattern: list[float], shape: tuple[int, ...]) -> np.ndarray:
    size = int(np.prod(shape)) if shape else 1
    data = np.resize(np.array(pattern, dtype=float), size)
    return data.reshape(shape) if shape else data[0]


# --- shrinking ------------------------------------------------------------------------------------

Arguments = dict[str, object]


def fixed_axes(specs: dict[str, Spec]) -> frozenset[tuple[str, int]]:
    """The (argument, axis) pairs whose size the signature fixes (the 2 of `f32[2]`, asked for by
    `x[0] ** 2 + x[1] ** 2`): shrinking a counterexample must not change them."""
    return frozenset((name, axis) for name, spec in specs.items() if isinstance(spec, ArraySpec)
                     for axis, size in enumerate(spec.shape) if isinstance(size, int))


def shrink(arguments: Arguments, fails: Callable[[Arguments], bool], budget: int = 80, seconds: float = 6.0,
           fixed: frozenset[tuple[str, int]] = frozenset()) -> Arguments:
    """A smaller input on which `fails` still holds: shorter arrays first, then simpler numbers,
    within `budget` attempts and `seconds` (each new shape compiles again). The axes in `fixed`
    keep their size (`fixed_axes`)."""
    import time

    import jax.numpy as jnp

    tries = 0
    deadline = time.monotonic() + seconds

    def attempt(candidate: Arguments) -> bool:
        nonlocal tries
        if tries >= budget or time.monotonic() > deadline:
            return False
        tries += 1
        try:
            return fails(candidate)
        except Exception:
            return False

    current = dict(arguments)
    arrays = [name for name, value in current.items() if _is_array(value)]
    # Shorter: drop one index at a time, from every array that has a free dimension of that size.
    for axis in range(max((np.ndim(current[n]) for n in arrays), default=0)):
        free = [n for n in arrays if (n, axis) not in fixed]
        shrinking = True
        while shrinking:
            shrinking = False
            sizes = sorted({np.shape(current[n])[axis] for n in free if np.ndim(current[n]) > axis}, reverse=True)
            for size in (s for s in sizes if s > 1):
                for index in range(size):
                    candidate = dict(current)
                    for name in free:
                        value = current[name]
                        if np.ndim(value) > axis and np.shape(value)[axis] == size:
                            # NumPy, not jnp: a jnp op on each new shape would compile.
                            smaller = np.delete(np.asarray(value), index, axis=axis)
                            candidate[name] = jnp.asarray(smaller, dtype=value.dtype)
                    if attempt(candidate):
                        current, shrinking = candidate, True
                        break
                if shrinking:
                    break
    # Simpler numbers: each element to 0, else to a rounded value.
    for name in arrays:
        value = current[name]
        data = np.array(value)
        if data.dtype.kind not in "fiuc":
            continue
        for index in range(data.size):
            original = data.flat[index]
            for simpler in _simpler(original):
                trial = data.copy()
                trial.flat[index] = simpler
                candidate = dict(current, **{name: jnp.asarray(trial, dtype=value.dtype)})
                if attempt(candidate):
                    data, current = trial, candidate
                    break
    return current


def _simpler(value) -> list:
    if value == 0 and not np.signbit(value.real):
        return []
    options = [0]
    if np.isrealobj(value) and np.isfinite(value):
        rounded = float(np.round(value))
        if rounded != value and rounded != 0:
            options.append(rounded)
        if abs(value) != 1:
            options.append(float(np.sign(value)))
    return options


def _is_array(value) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype")
