"""GradDFT's `Molecule.select_HF_omegas`: `o not in self.omegas` and `list(self.omegas).index(o)` on a traced pytree field.

source: XanaduAI/GradDFT grad_dft/molecule.py at 0dd44907d233453f1e37118f048d00b52c7c8882 (`Grid`, `Molecule`, `Molecule.select_HF_omegas`, `Molecule.HF_energy_density`, module function `HF_energy_density`); the failure is reported in https://github.com/XanaduAI/GradDFT/issues/99 ("Attempted boolean conversion of traced array with shape bool[] in select_HF_omegas", raised from a jitted training kernel that receives the molecule)
error: TracerBoolConversionError
category: method-of-pytree-dataclass-membership-test
expect: report
notes: `select_HF_omegas`, `HF_energy_density` (method and module function, with its `@partial(jax.jit, static_argnames=...)`) and the `Grid`/`Molecule` field lists are verbatim; the other Molecule methods are dropped. flax is not installed, so `flax.struct.dataclass` is a stand-in built on `jax.tree_util.register_dataclass` (every field is a pytree node, as in flax). `f` is written for the case, in the way GradDFT's training kernel calls the molecule inside jit. Because `Molecule` is a pytree, `self.omegas` is traced inside `f`; `o not in self.omegas` compares a Python float with every traced element and converts the result to bool, and `list(self.omegas).index(o)` would do the same. Reported, not fixed: the method raises `ValueError` when a requested omega is missing, a data-dependent check that a jit-safe rewrite cannot keep (the lookup itself could become an argmax over `self.omegas == o`, but that silently drops the validation).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import dataclasses
from functools import partial
from typing import Optional

import jax
from jax import numpy as jnp
from jax import vmap
from jax.lax import Precision

Array = jnp.ndarray
Scalar = float
PyTree = object


def _struct_dataclass(cls):  # stand-in for flax.struct.dataclass
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = [fld.name for fld in dataclasses.fields(cls)]
    return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


@_struct_dataclass
class Grid:
    coords: Array
    weights: Array

    def __len__(self):
        return self.weights.shape[0]


@_struct_dataclass
class Molecule:
    r"""
    Base class for storing molecule properties
    and methods
    """

    grid: Grid
    atom_index: Array
    nuclear_pos: Array
    ao: Array
    grad_ao: Array
    grad_n_ao: PyTree
    rdm1: Array
    nuclear_repulsion: Scalar
    h1e: Array
    vj: Array
    mo_coeff: Array
    mo_occ: Array
    mo_energy: Array
    mf_energy: Optional[Scalar] = None
    s1e: Optional[Array] = None  # Not used during training
    omegas: Optional[Array] = None
    chi: Optional[Array] = None
    rep_tensor: Optional[Array] = None
    energy: Optional[Scalar] = None
    basis: Optional[str] = None
    name: Optional[str] = None
    spin: Optional[Scalar] = 0
    charge: Optional[Scalar] = 0
    unit_Angstrom: Optional[bool] = True
    grid_level: Optional[int] = 2
    scf_iteration: Optional[int] = 50
    fock: Optional[Array] = None

    @property
    def grid_size(self):
        return len(self.grid)

    def select_HF_omegas(self, omegas):
        r"""
        Selects the chi tensor according to the omegas passed.
        self.chi is ordered according to self.omegas in dimension = 1.

        Parameters
        ----------
        omegas: List[float]

        Returns
        ----------
        chi: Array
        """

        if self.chi is None:
            raise ValueError("Precomputed chi tensor has not been loaded.")
        for o in omegas:
            if o not in self.omegas:
                raise ValueError(
                    f"The molecule.chi tensor does not contain omega value {o}, only {self.omegas}"
                )
        indices = [list(self.omegas).index(o) for o in omegas]
        chi = jnp.stack([self.chi[:, i] for i in indices], axis=1)
        return chi

    def HF_energy_density(self, omegas, *args, **kwargs):
        chi = self.select_HF_omegas(omegas)
        return HF_energy_density(self.rdm1, self.ao, chi, *args, **kwargs)


@partial(jax.jit, static_argnames=["precision"])
def HF_energy_density(rdm1: Array, ao: Array, chi: Array, precision: Precision = Precision.HIGHEST):
    r"""
    Calculate the Hartree-Fock energy density.
    Shape: (n_omega, n_spin, n_grid_points).
    """

    # return - jnp.einsum("rwsc,sac,ra->wsr", chi, rdm1, ao, precision=precision)/2
    _hf_energy = (
        lambda _chi, _rdm1, _ao: -jnp.einsum("wsc,sac,a->ws", _chi, _rdm1, _ao, precision=precision)
        / 2
    )
    return vmap(_hf_energy, in_axes=(0, None, 0), out_axes=2)(chi, rdm1, ao)


@jax.jit
def f(molecule):
    ehf = molecule.HF_energy_density([0.0, 0.4])
    return molecule.grid.weights @ ehf.sum(axis=(0, 1))
# --- end user code ---

import numpy as np

_NG, _NAO, _NS = 12, 4, 2


def make_inputs(rng):
    grid = Grid(coords=rng.normal(size=(_NG, 3)).astype(np.float32),
                weights=rng.uniform(0.1, 1.0, size=(_NG,)).astype(np.float32))
    mo_coeff = rng.normal(size=(_NS, _NAO, _NAO)).astype(np.float32)
    mol = Molecule(
        grid=grid,
        atom_index=np.arange(2, dtype=np.int32),
        nuclear_pos=rng.normal(size=(2, 3)).astype(np.float32),
        ao=rng.normal(size=(_NG, _NAO)).astype(np.float32),
        grad_ao=rng.normal(size=(_NG, _NAO, 3)).astype(np.float32),
        grad_n_ao=None,
        rdm1=rng.normal(size=(_NS, _NAO, _NAO)).astype(np.float32),
        nuclear_repulsion=np.float32(0.7),
        h1e=rng.normal(size=(_NAO, _NAO)).astype(np.float32),
        vj=rng.normal(size=(_NS, _NAO, _NAO)).astype(np.float32),
        mo_coeff=mo_coeff,
        mo_occ=np.array([[1, 1, 0, 0], [1, 1, 0, 0]], np.float32),
        mo_energy=rng.normal(size=(_NS, _NAO)).astype(np.float32),
        omegas=np.array([0.0, 0.4, 1.0], np.float32),
        chi=rng.normal(size=(_NG, 3, _NS, _NAO)).astype(np.float32),
    )
    return (mol,)


INPUTS = make_inputs
