"""normax's crown_node helper returns `int(jnp.argmax(...))` of the Structure pytree's nodes; a load-case builder indexes with it and rescales with `float(...)`.

source: arpastrana/normax, the early structures module with Structure(nodes, edges, supports, loads), loads_uniform, loads_half_span, loads_point, crown_node, _nodal_loads (code-index file id 59167074851; normax/structures.py at 0e41a3432d767e425880dd83da2bbcad2664dc97 is a later revision where crown_node became a Structure method), and the `three_cases` fixture of its pipeline tests ("Three cases of equal total: funicular, half span, and a crown point load", code-index file id 59105289273)
error: ConcretizationTypeError
category: helper-int-of-traced-used-as-index
expect: fix
notes: the Structure class and the load generators are verbatim (docstrings shortened; the jaxtyping
  annotations are replaced by plain names because jaxtyping is not installed here; the cable/arch/
  gridshell builders and the host-side helpers are left out). The entry point `f` is the test
  fixture's body with the structure made of traced leaves, which is what the class docstring
  promises ("A pytree, so it crosses a jit boundary ... The geometry and the loads are then
  traced"); TOTAL_LOAD and NUM_EDGES are the test's constants, and the fixture's list of cases is
  stacked. Two leaks hide in helpers: `crown_node` converts the argmax of traced heights to a Python
  int (its docstring assumes the starting geometry is concrete) and the fixture rescales the half-span
  case by `abs(float(jnp.sum(...)))`. Dropping both conversions is enough: `.at[node].set` and the
  division take traced values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp

Array = jax.Array


class Structure(NamedTuple):
    """
    The topology, the starting geometry and the loads of a bar structure.

    Notes
    -----
    A pytree, so it crosses a jit boundary as four array leaves rather than as
    one opaque object that would have to be hashed. The geometry and the loads
    are then traced and differentiable, and the two index arrays are traced but
    never indexed with, every consumer that needs them concrete — the backends
    preparing a solver — reading them on the host.
    """

    nodes: Array
    edges: Array
    supports: Array
    loads: Array


def loads_uniform(
    structure: Structure,
    load: float,
) -> Array:
    """
    A downward point load of the same size on every free node.
    """
    return _nodal_loads(structure, jnp.ones(structure.nodes.shape[0]) * load)


def loads_half_span(
    structure: Structure,
    load: float,
    *,
    axis: int = 0,
    factor: float = 0.0,
) -> Array:
    """
    A downward point load on one half of the span and a fraction on the other.
    """
    if axis not in (0, 1, 2):
        raise ValueError(f"axis must be 0, 1 or 2, got {axis}")

    along = structure.nodes[:, axis]
    middle = 0.5 * (jnp.min(along) + jnp.max(along))

    return _nodal_loads(structure, jnp.where(along <= middle, load, load * factor))


def loads_point(
    structure: Structure,
    load: float,
    *,
    node: int,
) -> Array:
    """
    A single downward point load at one node.
    """
    magnitudes = jnp.zeros(structure.nodes.shape[0]).at[node].set(load)

    return _nodal_loads(structure, magnitudes)


def crown_node(structure: Structure) -> int:
    """
    Index of the highest node of a structure.

    Notes
    -----
    Read from the starting geometry, so it is a static Python integer and may
    index a load case or select a member without being traced.
    """
    return int(jnp.argmax(structure.nodes[:, 2]))


def _nodal_loads(
    structure: Structure,
    magnitudes: Array,
) -> Array:
    """
    Downward forces of given magnitudes, zeroed at the supports.
    """
    vertical = jnp.zeros((structure.nodes.shape[0], 3)).at[:, 2].set(-magnitudes)

    return vertical.at[structure.supports, :].set(0.0)


TOTAL_LOAD = 100.0
NUM_EDGES = 8


@jax.jit
def f(nodes, edges, supports, loads):
    """
    Three cases of equal total: funicular, half span, and a crown point load.
    """
    structure = Structure(nodes, edges, supports, loads)
    spread = TOTAL_LOAD / (NUM_EDGES - 1)

    half = loads_half_span(structure, spread, factor=0.5)
    half = half * (TOTAL_LOAD / abs(float(jnp.sum(half[:, 2]))))

    point = loads_uniform(structure, spread * 0.75) + loads_point(
        structure, TOTAL_LOAD * 0.25, node=crown_node(structure)
    )

    cases = [loads_uniform(structure, spread), half, point]

    return jnp.stack(cases)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    ss = np.linspace(0.0, 1.0, NUM_EDGES + 1)
    rise = rng.uniform(0.5, 2.0)
    zs = 4.0 * rise * ss * (1.0 - ss) + rng.normal(scale=0.3, size=ss.shape)
    nodes = np.stack([10.0 * ss, np.zeros_like(ss), zs], axis=1).astype(np.float32)
    starts = np.arange(NUM_EDGES)
    edges = np.stack([starts, starts + 1], axis=1).astype(np.int32)
    supports = np.array([0, NUM_EDGES], dtype=np.int32)
    loads = np.zeros((NUM_EDGES + 1, 3), dtype=np.float32)
    loads[1:-1, 2] = -1.0
    return (nodes, edges, supports, loads)


INPUTS = make_inputs


@jax.jit
def reference_fix(nodes, edges, supports, loads):
    n = nodes.shape[0]
    spread = TOTAL_LOAD / (NUM_EDGES - 1)

    def nodal(magnitudes):
        vertical = jnp.zeros((n, 3)).at[:, 2].set(-magnitudes)
        return vertical.at[supports, :].set(0.0)

    along = nodes[:, 0]
    middle = 0.5 * (jnp.min(along) + jnp.max(along))
    half = nodal(jnp.where(along <= middle, spread, spread * 0.5))
    half = half * (TOTAL_LOAD / jnp.abs(jnp.sum(half[:, 2])))
    crown = jnp.argmax(nodes[:, 2])
    point = nodal(jnp.ones(n) * spread * 0.75) + nodal(
        jnp.zeros(n).at[crown].set(TOTAL_LOAD * 0.25))
    return jnp.stack([nodal(jnp.ones(n) * spread), half, point])
