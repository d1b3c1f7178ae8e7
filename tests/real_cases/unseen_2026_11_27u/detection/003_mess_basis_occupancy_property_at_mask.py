"""MESS Basis.occupancy: a property that zeroes unoccupied orbitals with `occ.at[mask].set(0.0)`, mask from a traced electron count.

source: graphcore-research/mess mess/basis.py, early chex.dataclass revision (code-index file id 5804495905: `@chex.dataclass class Basis` with num_orbitals, num_primitives, occupancy, __call__ and the `basisset` factory using basis_set_exchange) and the matching mess/structure.py (code-index file id 5833595072: `@chex.dataclass class Structure` whose `num_electrons` property is `np.sum(self.atomic_number)`). The later hatemhelal/mess mess/basis.py at 1818b126f4b787077428918523717407dbce5898 replaced the line with `occ = jnp.where(mask, 0.0, occ)` and added `Basis.density_matrix` = `jnp.einsum("k,ik,jk->ij", self.occupancy, C, C)`.
error: NonConcreteBooleanIndexError
category: indexing
expect: fix
notes: Basis is verbatim except that the `basisset` factory (needs basis_set_exchange) is left out. Structure keeps atomic_number, position, num_atoms and num_electrons; its `is_bohr` field / __post_init__ unit conversion, atomic_symbol (periodictable), to_xyz and view (py3Dmol) and to_pyscf are left out. `chex.dataclass` is replaced by a small stand-in (a dataclass registered as a pytree of all its fields, as chex does), and Orbital (from mess/orbital.py, not reached here) by a minimal chex-style dataclass with its num_primitives property. The entry point `f` is the later `Basis.density_matrix` body, jitted, taking the basis as a pytree argument; the leak is in the `occupancy` property it reads (the structure's atomic numbers are traced leaves, so `np.sum` returns a tracer and the mask is abstract).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np


class chex:  # stand-in for chex.dataclass: a dataclass whose fields are all pytree children
    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(cls)
        names = [fld.name for fld in dataclasses.fields(cls)]
        jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])
        return cls


FloatN = FloatNx3 = FloatNxM = IntN = jnp.ndarray


@chex.dataclass
class Orbital:  # stand-in for mess/orbital.py (a contraction of Gaussian primitives)
    center: FloatNx3
    alphas: FloatN
    coefficients: FloatN

    @property
    def num_primitives(self) -> int:
        return len(self.alphas)

    def __call__(self, pos: FloatNx3) -> FloatN:
        r2 = jnp.sum((pos - self.center) ** 2, axis=-1)
        return jnp.sum(self.coefficients * jnp.exp(-self.alphas * r2[:, None]), axis=-1)


@chex.dataclass
class Structure:
    atomic_number: IntN
    position: FloatNx3

    @property
    def num_atoms(self) -> int:
        return len(self.atomic_number)

    @property
    def num_electrons(self) -> int:
        return np.sum(self.atomic_number)


@chex.dataclass
class Basis:
    orbitals: Tuple[Orbital]
    structure: Structure

    @property
    def num_orbitals(self) -> int:
        return len(self.orbitals)

    @property
    def num_primitives(self) -> int:
        return sum(ao.num_primitives for ao in self.orbitals)

    @property
    def occupancy(self) -> FloatN:
        # Assumes uncharged systems in restricted Kohn-Sham
        occ = jnp.full(self.num_orbitals, 2.0)
        mask = occ.cumsum() > self.structure.num_electrons
        occ = occ.at[mask].set(0.0)
        return occ

    def __call__(self, pos: FloatNx3) -> FloatNxM:
        return jnp.hstack([o(pos) for o in self.orbitals])


@jax.jit
def f(basis: Basis, C):
    """Evaluate the density matrix from the molecular orbital coefficients"""
    return jnp.einsum("k,ik,jk->ij", basis.occupancy, C, C)
# --- end user code ---


def make_inputs(rng):
    n_atoms = int(rng.integers(1, 4))
    Z = rng.integers(1, 9, size=n_atoms).astype(np.int32)
    pos = rng.normal(size=(n_atoms, 3)).astype(np.float32)
    structure = Structure(atomic_number=Z, position=pos)
    orbitals = []
    for a in range(n_atoms):
        # 1 orbital for H/He, 5 for heavier atoms (a minimal basis)
        for _ in range(1 if Z[a] <= 2 else 5):
            orbitals.append(
                Orbital(
                    center=pos[a],
                    alphas=rng.uniform(0.1, 5.0, size=3).astype(np.float32),
                    coefficients=rng.normal(size=3).astype(np.float32),
                )
            )
    basis = Basis(orbitals=tuple(orbitals), structure=structure)
    n = len(orbitals)
    C = rng.normal(size=(n, n)).astype(np.float32)
    return (basis, C)


INPUTS = make_inputs


@jax.jit
def reference_fix(basis, C):
    occ = jnp.full(basis.num_orbitals, 2.0)
    mask = occ.cumsum() > basis.structure.num_electrons
    occ = jnp.where(mask, 0.0, occ)
    return jnp.einsum("k,ik,jk->ij", occ, C, C)
