"""lynx Quadrupole.transfer_map: a method and its helper both test traced element parameters with `if`.

source: jank324/lynx (a JAX port of desy-ml/cheetah) lynx/accelerator/quadrupole.py (Quadrupole
    __init__ / transfer_map; code-index file id 13294029696, repository revision
    223b3d4e6501cb9a2621f6eae897ca659f00133d) and lynx/track_methods.py at
    223b3d4e6501cb9a2621f6eae897ca659f00133d (REST_ENERGY, rotation_matrix, base_rmatrix,
    misalignment_matrix; code-index file id 13098613410).
error: TracerBoolConversionError
category: method-and-helper-branch-on-traced-attribute
expect: fix
notes: The two leaks are verbatim: `if jnp.any(tilt != 0):` in the helper base_rmatrix and
    `if jnp.all(self.misalignment == 0):` in Quadrupole.transfer_map; under jit with the magnet
    parameters traced (what lynx is for: differentiable tuning) both fail. The port in lynx is
    unfinished: track_methods.py at that commit still builds matrices with torch idioms, so those
    array-building lines were translated to their JAX spelling (PORT NOTE: `.repeat(*shape, 1, 1)` ->
    jnp.tile, `R[..., i, j] = v` -> `R = R.at[..., i, j].set(v)`, `a[mask] = v` -> jnp.where,
    `jnp.complex(x, 0.0)` -> jax.lax.complex, `.clone()` -> jnp.copy, `REST_ENERGY.to(...)` ->
    REST_ENERGY). Element (lynx/accelerator/element.py) is reduced to a name-holding stand-in; plotting,
    split, broadcast and __repr__ are dropped. The entry point `f` builds the quadrupole from arrays
    and returns its transfer map; inputs include zero and non-zero tilt and misalignment.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Optional

import jax
import jax.numpy as jnp
from scipy import constants

REST_ENERGY = (
    constants.electron_mass * constants.speed_of_light**2 / constants.elementary_charge
)  # Electron mass


def rotation_matrix(angle: jax.Array) -> jax.Array:
    """Rotate the transfer map in x-y plane

    :param angle: Rotation angle in rad, for example `angle = np.pi/2` for vertical =
        dipole.
    :return: Rotation matrix to be multiplied to the element's transfer matrix.
    """
    cs = jnp.cos(angle)
    sn = jnp.sin(angle)

    tm = jnp.tile(jnp.eye(7, dtype=angle.dtype), (*angle.shape, 1, 1))  # PORT NOTE
    tm = tm.at[..., 0, 0].set(cs)
    tm = tm.at[..., 0, 2].set(sn)
    tm = tm.at[..., 1, 1].set(cs)
    tm = tm.at[..., 1, 3].set(sn)
    tm = tm.at[..., 2, 0].set(-sn)
    tm = tm.at[..., 2, 2].set(cs)
    tm = tm.at[..., 3, 1].set(-sn)
    tm = tm.at[..., 3, 3].set(cs)

    return tm


def base_rmatrix(
    length: jax.Array,
    k1: jax.Array,
    hx: jax.Array,
    tilt: Optional[jax.Array] = None,
    energy: Optional[jax.Array] = None,
) -> jax.Array:
    """
    Create a universal transfer matrix for a beamline element.

    :param length: Length of the element in m.
    :param k1: Quadrupole strength in 1/m**2.
    :param hx: Curvature (1/radius) of the element in 1/m**2.
    :param tilt: Roation of the element relative to the longitudinal axis in rad.
    :param energy: Beam energy in eV.
    :return: Transfer matrix for the element.
    """
    dtype = length.dtype

    tilt = tilt if tilt is not None else jnp.zeros_like(length)
    energy = energy if energy is not None else jnp.zeros_like(length)

    gamma = energy / REST_ENERGY  # PORT NOTE
    igamma2 = jnp.ones_like(length)
    igamma2 = jnp.where(gamma != 0, 1 / jnp.where(gamma != 0, gamma, 1.0) ** 2, igamma2)  # PORT NOTE

    beta = jnp.sqrt(1 - igamma2)

    # Avoid division by zero
    k1 = jnp.copy(k1)  # PORT NOTE
    k1 = jnp.where(k1 == 0, 1e-12, k1)  # PORT NOTE

    kx2 = k1 + hx**2
    ky2 = -k1
    kx = jnp.sqrt(jax.lax.complex(kx2, jnp.zeros_like(kx2)))  # PORT NOTE
    ky = jnp.sqrt(jax.lax.complex(ky2, jnp.zeros_like(ky2)))  # PORT NOTE
    cx = jnp.cos(kx * length).real
    cy = jnp.cos(ky * length).real
    sy = jnp.copy(length)  # PORT NOTE
    sy = jnp.where(ky != 0, (jnp.sin(ky * length) / ky).real, sy)  # PORT NOTE

    sx = (jnp.sin(kx * length) / kx).real
    dx = hx / kx2 * (1.0 - cx)
    r56 = hx**2 * (length - sx) / kx2 / beta**2

    r56 = r56 - length / beta**2 * igamma2

    R = jnp.tile(jnp.eye(7, dtype=dtype), (*length.shape, 1, 1))  # PORT NOTE
    R = R.at[..., 0, 0].set(cx)
    R = R.at[..., 0, 1].set(sx)
    R = R.at[..., 0, 5].set(dx / beta)
    R = R.at[..., 1, 0].set(-kx2 * sx)
    R = R.at[..., 1, 1].set(cx)
    R = R.at[..., 1, 5].set(sx * hx / beta)
    R = R.at[..., 2, 2].set(cy)
    R = R.at[..., 2, 3].set(sy)
    R = R.at[..., 3, 2].set(-ky2 * sy)
    R = R.at[..., 3, 3].set(cy)
    R = R.at[..., 4, 0].set(sx * hx / beta)
    R = R.at[..., 4, 1].set(dx / beta)
    R = R.at[..., 4, 5].set(r56)

    # Rotate the R matrix for skew / vertical magnets
    if jnp.any(tilt != 0):
        R = jnp.einsum(
            "...ij,...jk,...kl->...il", rotation_matrix(-tilt), R, rotation_matrix(tilt)
        )
    return R


def misalignment_matrix(misalignment: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Shift the beam for tracking beam through misaligned elements"""
    dtype = misalignment.dtype
    batch_shape = misalignment.shape[:-1]

    R_exit = jnp.tile(jnp.eye(7, dtype=dtype), (*batch_shape, 1, 1))  # PORT NOTE
    R_exit = R_exit.at[..., 0, 6].set(misalignment[..., 0])
    R_exit = R_exit.at[..., 2, 6].set(misalignment[..., 1])

    R_entry = jnp.tile(jnp.eye(7, dtype=dtype), (*batch_shape, 1, 1))  # PORT NOTE
    R_entry = R_entry.at[..., 0, 6].set(-misalignment[..., 0])
    R_entry = R_entry.at[..., 2, 6].set(-misalignment[..., 1])

    return R_entry, R_exit


class Element:  # stand-in for lynx.accelerator.element.Element
    def __init__(self, name: Optional[str] = None) -> None:
        self.name = name if name is not None else "unnamed_element"


class Quadrupole(Element):
    """
    Quadrupole magnet in a particle accelerator.

    :param length: Length in meters.
    :param k1: Strength of the quadrupole in rad/m.
    :param misalignment: Misalignment vector of the quadrupole in x- and y-directions.
    :param tilt: Tilt angle of the quadrupole in x-y plane [rad]. pi/4 for
        skew-quadrupole.
    :param name: Unique identifier of the element.
    """

    def __init__(
        self,
        length: jax.Array,
        k1: Optional[jax.Array] = None,
        misalignment: Optional[jax.Array] = None,
        tilt: Optional[jax.Array] = None,
        name: Optional[str] = None,
        device=None,
        dtype=jnp.float32,
    ) -> None:
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__(name=name)

        self.length = jnp.asarray(length, **factory_kwargs)
        self.k1 = (
            jnp.asarray(k1, **factory_kwargs)
            if k1 is not None
            else jnp.zeros_like(self.length)
        )
        self.misalignment = (
            jnp.asarray(misalignment, **factory_kwargs)
            if misalignment is not None
            else jnp.zeros((*self.length.shape, 2), **factory_kwargs)
        )
        self.tilt = (
            jnp.asarray(tilt, **factory_kwargs)
            if tilt is not None
            else jnp.zeros_like(self.length)
        )

    def transfer_map(self, energy: jax.Array) -> jax.Array:
        R = base_rmatrix(
            length=self.length,
            k1=self.k1,
            hx=jnp.zeros_like(self.length),
            tilt=self.tilt,
            energy=energy,
        )

        if jnp.all(self.misalignment == 0):
            return R
        else:
            R_entry, R_exit = misalignment_matrix(self.misalignment)
            R = jnp.einsum("...ij,...jk,...kl->...il", R_exit, R, R_entry)
            return R


def quadrupole_transfer_map(length, k1, misalignment, tilt, energy):
    quad = Quadrupole(length=length, k1=k1, misalignment=misalignment, tilt=tilt)
    return quad.transfer_map(energy)


f = jax.jit(quadrupole_transfer_map)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    length = rng.uniform(0.05, 0.3, size=(1,)).astype(np.float32)
    k1 = rng.uniform(-10.0, 10.0, size=(1,)).astype(np.float32)
    if rng.random() < 0.3:
        k1 = np.zeros((1,), np.float32)
    misalignment = rng.uniform(-1e-3, 1e-3, size=(1, 2)).astype(np.float32)
    if rng.random() < 0.5:
        misalignment = np.zeros((1, 2), np.float32)
    tilt = np.zeros((1,), np.float32)
    if rng.random() < 0.5:
        tilt = rng.uniform(-0.8, 0.8, size=(1,)).astype(np.float32)
    energy = np.array([rng.uniform(5e7, 2e8)], np.float32)
    return (length, k1, misalignment, tilt, energy)


INPUTS = make_inputs


def _ref_unrotated_rmatrix(length, k1, energy):
    # base_rmatrix without its final `if` (hx = 0)
    hx = jnp.zeros_like(length)
    gamma = energy / REST_ENERGY
    igamma2 = jnp.where(gamma != 0, 1 / jnp.where(gamma != 0, gamma, 1.0) ** 2, jnp.ones_like(length))
    beta = jnp.sqrt(1 - igamma2)
    k1 = jnp.where(k1 == 0, 1e-12, k1)
    kx2 = k1 + hx**2
    ky2 = -k1
    kx = jnp.sqrt(jax.lax.complex(kx2, jnp.zeros_like(kx2)))
    ky = jnp.sqrt(jax.lax.complex(ky2, jnp.zeros_like(ky2)))
    cx = jnp.cos(kx * length).real
    cy = jnp.cos(ky * length).real
    sy = jnp.where(ky != 0, (jnp.sin(ky * length) / ky).real, length)
    sx = (jnp.sin(kx * length) / kx).real
    dx = hx / kx2 * (1.0 - cx)
    r56 = hx**2 * (length - sx) / kx2 / beta**2 - length / beta**2 * igamma2
    R = jnp.tile(jnp.eye(7, dtype=length.dtype), (*length.shape, 1, 1))
    for (i, j), v in {(0, 0): cx, (0, 1): sx, (0, 5): dx / beta, (1, 0): -kx2 * sx, (1, 1): cx,
                      (1, 5): sx * hx / beta, (2, 2): cy, (2, 3): sy, (3, 2): -ky2 * sy, (3, 3): cy,
                      (4, 0): sx * hx / beta, (4, 1): dx / beta, (4, 5): r56}.items():
        R = R.at[..., i, j].set(v)
    return R


@jax.jit
def reference_fix(length, k1, misalignment, tilt, energy):
    length = jnp.asarray(length, dtype=jnp.float32)
    tilt = jnp.asarray(tilt, dtype=jnp.float32)
    misalignment = jnp.asarray(misalignment, dtype=jnp.float32)
    R = _ref_unrotated_rmatrix(length, jnp.asarray(k1, dtype=jnp.float32), energy)
    R_rot = jnp.einsum("...ij,...jk,...kl->...il", rotation_matrix(-tilt), R, rotation_matrix(tilt))
    R = jnp.where(jnp.any(tilt != 0), R_rot, R)
    R_entry, R_exit = misalignment_matrix(misalignment)
    R_mis = jnp.einsum("...ij,...jk,...kl->...il", R_exit, R, R_entry)
    return jnp.where(jnp.all(misalignment == 0), R, R_mis)
