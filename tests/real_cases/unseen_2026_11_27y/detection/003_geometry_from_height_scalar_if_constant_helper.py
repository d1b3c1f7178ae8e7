"""FromHeightGeometry collapses a constant derivative to a Python float through a NumPy helper: `np.asarray` of a traced array.

source: code-index file id 55153219686 (a JAX thin-film/flow "Geometry representation for simulation" module: _expand_to_grid, _finite_diff_1d, _finite_diff_2d, _as_scalar_if_constant, Geometry, FromHeightGeometry); the index did not name its repository
error: TracerArrayConversionError
category: helper-returns-python-scalar-of-traced
expect: fix
notes: the helpers are verbatim; of the classes, Geometry keeps __init__ and its three tensor
  properties and FromHeightGeometry keeps __init__ and those properties (the `has_geometry`
  properties, the f/f_1/f_2 interpolating methods, `_interp_or_grid`, the other subclasses and the
  factory staticmethods are left out).
  The entry point `f` is added: it builds the geometry from traced bottom heights, as
  `Geometry.from_height` does, and returns the JAX-ready tensors. The leak hides in a helper called
  from __init__: `_as_scalar_if_constant` runs `np.asarray(arr)` / `np.allclose` on the traced
  derivative to decide whether to return a Python float or the array. Both results end up in
  `_expand_to_grid`, which gives the same (Nx, Ny) grid either way, so keeping the array is a local
  fix. Some trials use a flat (constant) height profile so that the "constant -> float" branch runs.
  float64 dtypes become float32 without x64.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from typing import Union


def _expand_to_grid(val: Union[float, jnp.ndarray], Nx: int, Ny: int) -> jnp.ndarray:
    """Expand f' or f'' to (Nx, Ny). Scalar -> full; (Nx,) -> broadcast along y."""
    arr = jnp.asarray(val)
    if arr.ndim == 0 or arr.size == 1:
        return jnp.full((Nx, Ny), float(jnp.ravel(arr)[0]), dtype=jnp.float64)
    return jnp.broadcast_to(arr[:, None], (Nx, Ny))


def _finite_diff_1d(f: jnp.ndarray, dx: float) -> jnp.ndarray:
    """Central diff interior, one-sided at boundaries. 1D."""
    df = jnp.zeros_like(f)
    df = df.at[1:-1].set((f[2:] - f[:-2]) / (2.0 * dx))
    df = df.at[0].set((f[1] - f[0]) / dx).at[-1].set((f[-1] - f[-2]) / dx)
    return df


def _finite_diff_2d(f: jnp.ndarray, dx: float) -> jnp.ndarray:
    """Second derivative: central interior, one-sided at boundaries. 1D."""
    d2f = jnp.zeros_like(f)
    d2f = d2f.at[1:-1].set((f[2:] - 2.0 * f[1:-1] + f[:-2]) / (dx * dx))
    d2f = d2f.at[0].set((f[2] - 2.0 * f[1] + f[0]) / (dx * dx)).at[-1].set((f[-1] - 2.0 * f[-2] + f[-3]) / (dx * dx))
    return d2f


def _as_scalar_if_constant(arr: jnp.ndarray, rtol: float = 1e-9, atol: float = 1e-12) -> Union[float, jnp.ndarray]:
    """Constant array -> scalar; else return arr."""
    a = np.asarray(arr).ravel()
    if not a.size or np.allclose(a, a[0], rtol=rtol, atol=atol):
        return float(a[0]) if a.size else 0.0
    return arr


class Geometry:
    """Base class for bottom surface geometry y = f(x).

    Subclasses provide f_1_grid, f_2_grid, h_bottom (JAX tensors) and has_geometry.
    """

    def __init__(self, Nx: int, Ny: int):
        self.Nx = Nx
        self.Ny = Ny

    @property
    def f_1_grid(self) -> jnp.ndarray:
        """f'(x) on (Nx, Ny). For JAX diff operators."""
        raise NotImplementedError

    @property
    def f_2_grid(self) -> jnp.ndarray:
        """f''(x) on (Nx, Ny). For JAX diff operators."""
        raise NotImplementedError

    @property
    def h_bottom(self) -> jnp.ndarray:
        """Bottom surface height h(x) at grid, shape (Nx,). For flat, zeros."""
        raise NotImplementedError


class FromHeightGeometry(Geometry):
    """Arbitrary surface from f(x) at grid points. Computes f', f'' via finite differences."""

    def __init__(self, f_at_grid: jnp.ndarray, Ny: int, dx: float):
        Nx = int(f_at_grid.shape[0])
        super().__init__(Nx, Ny)
        self._x_grid = jnp.arange(Nx, dtype=jnp.float64) * dx
        self._f = jnp.asarray(f_at_grid, dtype=jnp.float64)
        f_1 = _finite_diff_1d(self._f, dx)
        f_2 = _finite_diff_2d(self._f, dx)
        f_1_stored = _as_scalar_if_constant(f_1)
        f_2_stored = _as_scalar_if_constant(f_2)
        self._f_1 = f_1_stored
        self._f_2 = f_2_stored
        self._f_1_grid = _expand_to_grid(f_1_stored, Nx, Ny)
        self._f_2_grid = _expand_to_grid(f_2_stored, Nx, Ny)

    @property
    def f_1_grid(self) -> jnp.ndarray:
        return self._f_1_grid

    @property
    def f_2_grid(self) -> jnp.ndarray:
        return self._f_2_grid

    @property
    def h_bottom(self) -> jnp.ndarray:
        return self._f


@jax.jit
def f(heights):
    geometry = FromHeightGeometry(heights, 4, 0.1)
    return geometry.f_1_grid, geometry.f_2_grid, geometry.h_bottom
# --- end user code ---


def make_inputs(rng):
    if rng.integers(3) == 0:
        heights = np.full((8,), rng.uniform(0.0, 1.0), dtype=np.float32)
    else:
        heights = rng.uniform(0.0, 1.0, size=(8,)).astype(np.float32)
    return (heights,)


INPUTS = make_inputs


@jax.jit
def reference_fix(heights):
    h = jnp.asarray(heights, dtype=jnp.float32)
    dx = 0.1
    f_1 = jnp.zeros_like(h)
    f_1 = f_1.at[1:-1].set((h[2:] - h[:-2]) / (2.0 * dx))
    f_1 = f_1.at[0].set((h[1] - h[0]) / dx).at[-1].set((h[-1] - h[-2]) / dx)
    f_2 = jnp.zeros_like(h)
    f_2 = f_2.at[1:-1].set((h[2:] - 2.0 * h[1:-1] + h[:-2]) / (dx * dx))
    f_2 = f_2.at[0].set((h[2] - 2.0 * h[1] + h[0]) / (dx * dx)).at[-1].set((h[-1] - 2.0 * h[-2] + h[-3]) / (dx * dx))
    return (jnp.broadcast_to(f_1[:, None], (8, 4)), jnp.broadcast_to(f_2[:, None], (8, 4)), h)
