"""A JAX quantum simulator's Oracle.from_table: `int(jnp.log2(len(table)))` is a staged constant under jit.

source: George-Ogden/quantum src/oracle.py, the early revision that imports `from .gate import Gate` and returns `Oracle(U, "oracle")` (code-index file id 29589614553), with class Gate from src/gate.py at 17536c22ef06cb0b7cfbe9fc02007eb63c8b31ea (code-index file id 29950373717). The same `n = int(jnp.log2(len(table)))` line survives into the packaged quantum/gates/oracle.py at e23e969febd51ba4755ee2b82fa0ed9391aadc0d.
error: ConcretizationTypeError
category: int-of-tracer (jnp math on a static length, then int())
expect: fix
notes: In current JAX a jnp operation inside a jit trace is staged even when its inputs are Python numbers, so `jnp.log2(len(table))` is a tracer and `int()` of it fails although the value only depends on the static length; the fix is plain-Python arithmetic on the length (math.log2 / bit_length). The truth-table values themselves are traced and only flow into `.at[].set`, which is fine. Adapted: Gate's `from .qubit import Qubit` is replaced by a one-line stand-in class (Qubit is only used in Gate.__call__ / __mul__, which the entry point does not call). `from __future__ import annotations` dropped (the judge's case file puts EXPECT before the user code) and the forward-reference annotations quoted instead. Entry point added: `f = jax.jit(lambda table, state: Oracle.from_table(table).matrix @ state)`, i.e. applying the oracle to a state vector of n + 1 qubits.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

from typing import Optional, Union


class Qubit:  # stand-in for src/qubit.py
    def __init__(self, vector, name=None):
        self.vector = vector
        self.name = name


class Gate:
    def __init__(self, matrix: jnp.ndarray, name: Optional[str] = None):
        self.name = (name or "gate").upper()
        self.matrix = matrix

    def __repr__(self):
        """Returns a string representation of the gate"""
        return f"{self.name} {self.matrix.shape}"

    def __call__(self, x: Qubit):
        """Applies the gate to the given state"""
        return Qubit(self.matrix @ x.vector, name=x.name)

    def __mul__(self, other: Union['Gate', jnp.ndarray]) -> Union['Gate', jnp.ndarray]:
        """Multiplies the gate with another gate or a state"""
        if isinstance(other, Gate):
            return Gate(self.matrix @ other.matrix, name=f"{self.name} * {other.name}")
        elif isinstance(other, Qubit):
            return self(other)
        raise TypeError(f"Cannot multiply Gate with {type(other)}")
    
    def __add__(self, other: Union['Gate', jnp.ndarray]) -> 'Gate':
        """Puts the gate in parallel with another gate"""
        if isinstance(other, Gate):
            return Gate(jnp.kron(self.matrix, other.matrix), name=f"{self.name} + {other.name}")
        elif isinstance(other, jnp.ndarray):
            return self + Gate(other)
        raise TypeError(f"Cannot add Gate with {type(other)}")

    def __matmul__(self, qubit: Qubit) -> jnp.ndarray:
        """Applies the gate to the given state"""
        return self(qubit)

    def __eq__(self, gate: 'Gate') -> bool:
        """Checks if the gate is equal to another gate"""
        if not isinstance(gate, Gate):
            return False
        return self.matrix.shape == gate.matrix.shape and jnp.allclose(self.matrix, gate.matrix)

    @staticmethod
    def Identity(n: int) -> 'Gate':
        return Gate(jnp.eye(2 ** n), "identity")


class Oracle(Gate):
    @staticmethod
    def from_table(table: jnp.ndarray) -> 'Oracle':
        n = int(jnp.log2(len(table)))
        U = jnp.zeros((2**(n + 1), 2**(n + 1)))
        for x in range(2**n):
            y = table[x]
            U = U.at[x * 2, x * 2].set(1 - y)
            U = U.at[x * 2 + 1, x * 2 + 1].set(1 - y)
            U = U.at[x * 2, x * 2 + 1].set(y)
            U = U.at[x * 2 + 1, x * 2].set(y)
        return Oracle(U, "oracle")


f = jax.jit(lambda table, state: Oracle.from_table(table).matrix @ state)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.choice([1, 2, 3]))
    table = rng.integers(0, 2, size=(2 ** n,)).astype(np.float32)
    state = rng.normal(size=(2 ** (n + 1),)).astype(np.float32)
    return (table, state)


INPUTS = make_inputs


@jax.jit
def reference_fix(table, state):
    n = len(table).bit_length() - 1
    y = table[: 2 ** n]
    keep = jnp.repeat(1 - y, 2)           # diagonal entries 2x, 2x+1
    flip = jnp.repeat(y, 2)               # off-diagonal entries inside each 2x2 block
    idx = jnp.arange(2 ** (n + 1))
    U = jnp.zeros((2 ** (n + 1), 2 ** (n + 1)))
    U = U.at[idx, idx].set(keep)
    U = U.at[idx, idx ^ 1].set(flip)
    return U @ state
