"""HexCraft's hex_distance: the Hexagon constructor asserts on the traced coordinates and hex_length returns `int(...)` of them.

source: NikDrummond/HexCraft HexCraft/core.py at 890a0235cc939ef57024ecdb6dc0eaaa1c08bd57 (_coordinate_int_conversion, Hexagon) and the matching early hexMath module (hex_equal, hex_add, hex_subtract, hex_multiply, hex_length, hex_distance; a VS Code .history snapshot stored as code-index file id 19038451371)
error: TracerBoolConversionError
category: constructor-assert-on-traced
expect: report
notes: both modules verbatim, concatenated (the `from .core import Hexagon` line and the unused
  `List` import are dropped). The entry point `f` is added: cube coordinates arrive as traced int
  arrays and are wrapped in Hexagon objects, as the package's tests do. The first leak hides in the
  constructor (`assert coordinate.sum() == 0`, reached again through `hex_subtract`); behind it,
  the helper `hex_length` returns `int(abs(...).sum()/2)` of a traced value. The value check in the
  constructor is a validation with no traced equivalent in plain JAX (it would need checkify or a
  callback), so the leak should be reported rather than silently rewritten. Later snapshots of the
  module switch `hex_length` to `.astype(int)` for the batched `Hexagons` case only.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _coordinate_int_conversion(arr: jnp.ndarray) -> jnp.ndarray:

    # if array is already integers we can return it
    if jnp.issubdtype(arr.dtype, jnp.integer):
        return arr
    elif jnp.all(arr == jnp.round(arr)):
        return arr.astype(int)
    else:
        raise TypeError('Input coordinates must be integer values')

class Hexagon:

    def __init__(self, coordinate: jnp.ndarray):
        
        # make sure we are given integers
        coordinate = _coordinate_int_conversion(coordinate)
        # make sure that the input is length 3
        assert len(coordinate) == 3, "Input coordinate must be 3D for q, r, and s."
        # make sure that q + r + s == 0
        assert coordinate.sum() == 0, "q + r + s must be 0"

        self.coordinate = coordinate
    
    def q(self):
        return self.coordinate[0]
    
    def r(self):
        return self.coordinate[1]
    
    def s(self):
        return self.coordinate[2]


def hex_equal(a: Hexagon, b: Hexagon) -> bool:
    return bool(jnp.array_equal(a.coordinate,b.coordinate))

def hex_add(a: Hexagon, b: Hexagon) -> Hexagon:
    return Hexagon(a.coordinate + b.coordinate)

def hex_subtract(a: Hexagon, b: Hexagon) -> Hexagon:
    return Hexagon(a.coordinate - b.coordinate)

def hex_multiply(a: Hexagon, k: int) -> Hexagon:
    assert isinstance(k, int), 'Coordinate scaling factor k must be an integer'
    return Hexagon(a.coordinate * k)

def hex_length(a:Hexagon) -> int:
    return int(abs(a.coordinate).sum()/2)

def hex_distance(a:Hexagon, b:Hexagon) -> int:
    return hex_length(hex_subtract(a,b))


@jax.jit
def f(a, b):
    return hex_distance(Hexagon(a), Hexagon(b))
# --- end user code ---

import numpy as np


def _cube(rng):
    q, r = rng.integers(-4, 5, size=2)
    return np.array([q, r, -q - r], dtype=np.int32)


def make_inputs(rng):
    return (_cube(rng), _cube(rng))


INPUTS = make_inputs
