"""GradDFT's `Molecule.get_occ`: traced electron counts in a Python list and `jnp.int32(...)` of a tracer, but every step is jit-safe.

source: XanaduAI/GradDFT grad_dft/molecule.py at 0dd44907d233453f1e37118f048d00b52c7c8882 (`Grid`, `Molecule` fields, `Molecule.get_occ`, module function `get_occ` with its inner `get_occ_spin`/`assign_values`)
error: none
category: negative-traced-count-through-lax-cond-and-fori-loop
expect: untouched
notes: `Molecule.get_occ` and `get_occ` are verbatim; the other methods are dropped. flax is not installed, so `flax.struct.dataclass` is a stand-in built on `jax.tree_util.register_dataclass` (every field a pytree node, as in flax). `f` (the molecule passed into a jitted function, as in GradDFT's SCF/training loops) is written for the case. Look-alike: `nelecs` is a Python list of traced sums and the code calls `jnp.int32(nelecs[s])` on a tracer, which reads like an `int()` conversion, but `jnp.int32` of a tracer is a traced cast; the comparison with the traced count goes through `jax.lax.cond` inside `fori_loop`; the loop bound `naos` comes from `self.mo_occ.shape[1]`, which is static; the `for s in range(2)` list comprehension is over a static range. Nothing needs a concrete value, so a fixer must leave it alone.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from typing import Optional

import jax
from jax import numpy as jnp
from jax.lax import fori_loop, cond

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

    def get_occ(self):
        nelecs = [self.mo_occ[i].sum() for i in range(2)]
        naos = self.mo_occ.shape[1]
        return get_occ(self.mo_energy, nelecs, naos)


def get_occ(mo_energies, nelecs, naos):
    def get_occ_spin(mo_energy, nelec_spin, naos):
        sorted_indices = jnp.argsort(mo_energy)

        mo_occ = jnp.zeros_like(mo_energy)

        def assign_values(i, mo_occ):
            value = cond(jnp.less(i, nelec_spin), lambda _: 1.0, lambda _: 0.0, operand=None)
            idx = sorted_indices[i]
            mo_occ = mo_occ.at[idx].set(value)
            return mo_occ

        mo_occ = fori_loop(0, naos, assign_values, mo_occ)

        return mo_occ

    mo_occ = jnp.stack(
        [get_occ_spin(mo_energies[s], jnp.int32(nelecs[s]), naos) for s in range(2)], axis=0
    )

    return mo_occ


@jax.jit
def f(molecule):
    return molecule.get_occ()
# --- end user code ---

import numpy as np

_NG, _NAO = 10, 6


def make_inputs(rng):
    grid = Grid(coords=rng.normal(size=(_NG, 3)).astype(np.float32),
                weights=rng.uniform(0.1, 1.0, size=(_NG,)).astype(np.float32))
    n_alpha, n_beta = int(rng.integers(1, _NAO)), int(rng.integers(0, _NAO))
    mo_occ = np.zeros((2, _NAO), np.float32)
    mo_occ[0, :n_alpha] = 1.0
    mo_occ[1, :n_beta] = 1.0
    mol = Molecule(
        grid=grid,
        atom_index=np.arange(2, dtype=np.int32),
        nuclear_pos=rng.normal(size=(2, 3)).astype(np.float32),
        ao=rng.normal(size=(_NG, _NAO)).astype(np.float32),
        grad_ao=rng.normal(size=(_NG, _NAO, 3)).astype(np.float32),
        grad_n_ao=None,
        rdm1=rng.normal(size=(2, _NAO, _NAO)).astype(np.float32),
        nuclear_repulsion=np.float32(0.7),
        h1e=rng.normal(size=(_NAO, _NAO)).astype(np.float32),
        vj=rng.normal(size=(2, _NAO, _NAO)).astype(np.float32),
        mo_coeff=rng.normal(size=(2, _NAO, _NAO)).astype(np.float32),
        mo_occ=mo_occ,
        mo_energy=rng.normal(size=(2, _NAO)).astype(np.float32),
    )
    return (mol,)


INPUTS = make_inputs
