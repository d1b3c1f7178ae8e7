"""FDTD Yee-grid time stepper: already jit-safe (`if state is None`, NamedTuple of Python ints driving the loops, fori_loop).

source: public JAX FDTD module in the code index (code-index file id 35850083917: spatial_diff, curl, State, OutputRange, simulate with `# @jax.jit` commented out above it and `from .defs import Grid, Int3, at, get`; a sibling revision, id 35099250247, imports `from . import defs, grids, utils`). The index does not name the repository or commit.
error: none
category: negative
expect: untouched
notes: Looks leaky: a commented-out `# @jax.jit`, `if state is None`, a Python `for output_index in range(1,
  output_range.num)`, `if is_forward:` branches, a State NamedTuple whose `step` is indexed into
  `source_waveform[step]` inside a fori_loop. All of it is jit-safe when the grid, offsets, shapes and output
  range are Python values (closed over by the entry point), which is how the module is meant to be used.
  `simulate`, `curl`, `spatial_diff`, `State`, `OutputRange` are verbatim; `Grid`, `at` and `get` come from an
  unavailable `.defs` module and are replaced by small stand-ins (uniform spacing, slice helpers); the entry
  point `f` jits simulate with a fixed 6x5x4 grid, one source and two output windows.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
from typing import NamedTuple, Optional, Sequence, Tuple

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

Int3 = Tuple[int, int, int]


# stand-ins for `from .defs import Grid, Int3, at, get`
class Grid(NamedTuple):
    spacing: float
    dims: Int3

    def shape(self) -> Int3:
        return self.dims

    def values(self, axis: int, is_forward: bool) -> float:
        return self.spacing


def at(field: ArrayLike, offset: Int3, shape: Int3):
    sx, sy, sz = shape[-3:]
    return field.at[..., offset[0]:offset[0] + sx, offset[1]:offset[1] + sy, offset[2]:offset[2] + sz]


def get(field: ArrayLike, offset: Int3, shape: Int3) -> jax.Array:
    sx, sy, sz = shape[-3:]
    return field[..., offset[0]:offset[0] + sx, offset[1]:offset[1] + sy, offset[2]:offset[2] + sz]


def spatial_diff(
    field: ArrayLike,
    delta: ArrayLike,
    axis: int,
    is_forward: bool,
) -> jax.Array:
    """Returns the spatial differences of ``field`` along ``axis``."""
    if is_forward:
        return (jnp.roll(field, shift=+1, axis=axis) - field) / delta
    else:
        return (field - jnp.roll(field, shift=-1, axis=axis)) / delta


def curl(field: ArrayLike, grid: Grid, is_forward: bool) -> jax.Array:
    """Returns the curl of ``field`` on ``grid``."""
    fx, fy, fz = [field[..., i, :, :, :] for i in range(3)]
    dx, dy, dz = [
        partial(
            spatial_diff,
            delta=grid.values(axis=a, is_forward=is_forward),
            axis=a,
            is_forward=is_forward,
        )
        for a in range(-3, 0)
    ]
    return jnp.stack([dy(fz) - dz(fy), dz(fx) - dx(fz), dx(fy) - dy(fx)], axis=-4)


class State(NamedTuple):
    step: int
    e_field: ArrayLike
    h_field: ArrayLike


class OutputRange(NamedTuple):
    start: int
    interval: int
    num: int


Outputs = Tuple[jax.Array]


# @jax.jit
def simulate(
    dt: float,
    grid: Grid,
    permittivity: ArrayLike,
    conductivity: ArrayLike,
    source_offset: Int3,
    source_field: ArrayLike,
    source_waveform: ArrayLike,
    output_offsets: Sequence[Int3],
    output_shapes: Sequence[Int3],
    output_range: OutputRange,
    state: Optional[State] = None,
) -> Tuple[State, Outputs]:

    # Precomputed update coefficients
    z = conductivity * dt / (2 * permittivity)
    ca = (1 - z) / (1 + z)
    cb = dt / permittivity / (1 + z)

    def step_fn(_, state: State) -> State:
        step, e, h = state

        h = h - dt * curl(e, grid, is_forward=True)

        u = curl(h, grid, is_forward=False)
        u = at(u, source_offset, source_field.shape).add(
            source_field * source_waveform[step]
        )
        e = ca * e + cb * u

        return State(step + 1, e, h)

    def output_fn(index: int, outs: Outputs, e_field: ArrayLike) -> Outputs:
        return tuple(
            out.at[index].set(get(e_field, offset, shape))
            for out, offset, shape in zip(outs, output_offsets, output_shapes)
        )

    def update_and_output(
        state: State, outs: Outputs, output_index: int, num_steps: int
    ) -> Tuple[State, Outputs]:
        state = jax.lax.fori_loop(
            lower=0, upper=num_steps, body_fun=step_fn, init_val=state
        )
        outs = output_fn(output_index, outs, state.e_field)
        return state, outs

    # Initialize state and outputs.
    if state is None:
        state = State(
            step=0,
            e_field=jnp.zeros((3,) + grid.shape()),
            h_field=jnp.zeros((3,) + grid.shape()),
        )
    outs = tuple(jnp.empty((output_range.num, 3) + shape) for shape in output_shapes)

    # Initial update to first output.
    state, outs = update_and_output(
        state, outs, output_index=0, num_steps=output_range.start
    )

    # Materialize the rest of the output snapshots.
    for output_index in range(1, output_range.num):
        state, outs = update_and_output(
            state, outs, output_index, num_steps=output_range.interval
        )

    return state, outs


GRID = Grid(spacing=1.0, dims=(6, 5, 4))


@jax.jit
def f(permittivity, conductivity, source_field, source_waveform):
    return simulate(
        0.3, GRID, permittivity, conductivity,
        (2, 2, 1), source_field, source_waveform,
        [(0, 0, 0), (3, 1, 2)], [(6, 5, 1), (2, 2, 2)],
        OutputRange(start=2, interval=3, num=4),
    )
# --- end user code ---

import numpy as np


def make_inputs(rng):
    permittivity = rng.uniform(1.0, 4.0, size=(3, 6, 5, 4)).astype(np.float32)
    conductivity = rng.uniform(0.0, 0.2, size=(3, 6, 5, 4)).astype(np.float32)
    source_field = rng.normal(size=(3, 1, 1, 2)).astype(np.float32)
    source_waveform = np.sin(np.arange(16) * rng.uniform(0.2, 1.0)).astype(np.float32)
    return (permittivity, conductivity, source_field, source_waveform)


INPUTS = make_inputs
