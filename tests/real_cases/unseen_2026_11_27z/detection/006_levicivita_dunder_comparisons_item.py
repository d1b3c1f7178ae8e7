"""A JAX Levi-Civita number class: its comparison dunders call .item()/bool() on traced coefficients.

source: code-index file id 44755397824 (a single-module JAX implementation of Levi-Civita numbers: N, SUPERSCRIPT_MAP, _to_superscript, @dataclass LeviCivitaNumber with __post_init__, __add__, __mul__, __neg__, __sub__, __repr__, __eq__, __lt__, __le__, __gt__, __ge__, followed by a unittest TestCase); the repository could not be resolved from the index (the same author's sparse, dict-based rewrite carries a "# TODO add @jit" comment, code-index file id 28649906245)
error: ConcretizationTypeError
category: dunder-methods-return-python-bool
expect: fix
notes: The arithmetic dunders are jit-safe (jnp.convolve on the coefficient vector), but the ordering is implemented in the comparison dunders: `__eq__` returns `bool(jnp.all(...).item())`, `__lt__` walks the coefficients in a Python loop with `if not (s == o).item(): return bool((s < o).item())`, and `__le__`/`__gt__`/`__ge__` combine those with `or`/`not`. Any comparison of two numbers built from traced coefficients therefore needs concrete values, and the leak sits inside operator overloads rather than in `f`. The class is verbatim; jaxtyping's `Array`/`Float` get stand-ins; the unittest class and `unittest` import are dropped. Entry point added: `f` builds two numbers from traced coefficient vectors, returns a product/difference (jit-safe part) and the five comparisons. Fix: a lexicographic compare with jnp (first differing coefficient via argmax, `jnp.where`), `jnp.all` for `__eq__`, and `jnp.logical_or`/`jnp.logical_not` in the derived comparisons.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import jax.numpy as jnp

Array = jax.Array  # stand-in for jaxtyping.Array


class Float:  # stand-in for jaxtyping.Float
    def __class_getitem__(cls, item):
        return jax.Array


N = 4  # Order up to which we represent the series
SUPERSCRIPT_MAP = str.maketrans("0123456789.-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻·")

def _to_superscript(n: float | int, superscript_map: dict[int, int] = SUPERSCRIPT_MAP) -> str:
    """Convert a number to its superscript representation.
    
    Handles integers, decimals, and negative numbers.
    """
    return str(n).translate(superscript_map)

@dataclass
class LeviCivitaNumber:
    coefficients: Float[Array, "N + 1"]

    def __post_init__(self):
        # Ensure coefficients is a JAX array
        self.coefficients = jnp.asarray(self.coefficients)

    def __add__(self, other: "LeviCivitaNumber") -> "LeviCivitaNumber":
        return LeviCivitaNumber(self.coefficients + other.coefficients)

    def __mul__(self, other: "LeviCivitaNumber") -> "LeviCivitaNumber":
        # Perform convolution up to order N
        full_conv = jnp.convolve(self.coefficients, other.coefficients)
        conv_coeffs = full_conv[:N + 1]
        return LeviCivitaNumber(conv_coeffs)

    def __neg__(self) -> "LeviCivitaNumber":
        return LeviCivitaNumber(-self.coefficients)

    def __sub__(self, other: "LeviCivitaNumber") -> "LeviCivitaNumber":
        return self + (-other)

    def __repr__(self) -> str:
        terms = []
        for i, coeff in enumerate(self.coefficients):
            if coeff != 0:
                if i == 0:
                    terms.append(f"{coeff}")
                elif i == 1:
                    terms.append(f"{coeff}ε")
                else:
                    # Handle the coefficient formatting
                    if float(coeff).is_integer():
                        coeff_str = f"{int(coeff)}"
                    else:
                        coeff_str = f"{coeff}"
                    terms.append(f"{coeff_str}ε{_to_superscript(i)}")
        return " + ".join(terms) if terms else "0"

    def __eq__(self, other: "LeviCivitaNumber") -> bool:
        return bool(jnp.all(self.coefficients == other.coefficients).item())
    
    def __lt__(self, other: "LeviCivitaNumber") -> bool:
        # Compare coefficients lexicographically
        # Find first non-equal coefficient
        for s, o in zip(self.coefficients, other.coefficients):
            if not (s == o).item():  # Convert JAX boolean to Python boolean
                return bool((s < o).item())
        return False
    
    def __le__(self, other: "LeviCivitaNumber") -> bool:
        return self < other or self == other
    
    def __gt__(self, other: "LeviCivitaNumber") -> bool:
        return not self <= other
    
    def __ge__(self, other: "LeviCivitaNumber") -> bool:
        return not self < other


@jax.jit
def f(x, y):
    a = LeviCivitaNumber(x)
    b = LeviCivitaNumber(y)
    product = a * b - a
    order = jnp.array([a < b, a <= b, a > b, a >= b, a == b])
    return product.coefficients, order
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.choice([-1.0, 0.0, 1.0], size=(N + 1,)).astype(np.float32)
    y = rng.choice([-1.0, 0.0, 1.0], size=(N + 1,)).astype(np.float32)
    mode = rng.integers(3)
    if mode == 0:
        y = x.copy()  # equal numbers
    elif mode == 1:
        k = rng.integers(1, N + 1)
        y[:k] = x[:k]  # equal leading coefficients, decided later
    return x, y


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y):
    product = jnp.convolve(x, y)[:N + 1] - x
    differ = x != y
    first = jnp.argmax(differ)
    lt = jnp.any(differ) & (x[first] < y[first])
    eq = jnp.all(x == y)
    le = lt | eq
    return product, jnp.array([lt, le, ~le, ~lt, eq])
