"""Opifex MolecularSystem: a property returns a traced electron count under jit, and a validation method branches on it.

source: avitai/opifex src/opifex/core/quantum/molecular_system.py, an earlier revision stored as code-index file id 3130143120 (MolecularSystem dataclass: __post_init__, n_atoms, n_electrons, center_of_mass, distance_matrix, translate, center_at_origin, validate_quantum_system; commit not resolved by the index). The revision at 0c316d7e1a83ea2d80d8038008b75cef54f8f289 (code-index file id 55702190166) rewrote n_electrons with NumPy so that it "stays a concrete Python int even when accessed inside jax.jit ... unlike jnp.sum which would yield a tracer and break array sizing / control flow under jit"; validate_quantum_system still calls float(jnp.min(...)) there.
error: TracerBoolConversionError
category: method-on-traced-attribute
expect: fix
notes: The dataclass is kept with the constants it uses; the host-side helpers (symbols, molecular_formula, total_nuclear_charge, detect_symmetry, get_system_info, __str__, get_atomic_masses, get_positions_angstrom, center_of_charge) and the module's create_* factory functions are dropped, and `from __future__ import annotations` is removed (it cannot follow the case header), so the two self-referencing return annotations `-> MolecularSystem` are written as strings. The n_electrons property is verbatim: its try/except returns jnp.sum(...) - charge when int() fails on a tracer, and __post_init__ likewise swallows the tracer error, so construction inside jit succeeds. The leaks are in validate_quantum_system: `if (self.n_electrons - n_unpaired) % 2 != 0`, `if self.n_electrons < 0` on the traced count, and `float(jnp.min(distances_masked))` / `if min_distance < 0.1`. The entry point `f` builds the system inside jax.jit from traced atomic numbers and positions and returns (validate_quantum_system(), positions centred at the centre of mass). Inputs include odd electron counts and overlapping atoms.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from jax import Array


# Atomic unit conversions
BOHR_TO_ANGSTROM = 0.52917721067
ANGSTROM_TO_BOHR = 1.0 / BOHR_TO_ANGSTROM
HARTREE_TO_EV = 27.21138602
EV_TO_HARTREE = 1.0 / HARTREE_TO_EV


@dataclass
class MolecularSystem:
    """
    Standard molecular system representation for Neural DFT.

    This class provides a comprehensive representation of molecular systems
    suitable for quantum mechanical calculations, following atomic units
    convention and supporting both molecular and periodic systems.

    Attributes:
        atomic_numbers: Nuclear charges for each atom [Shape: (N_atoms,)]
        positions: Atomic positions in Bohr (atomic units) [Shape: (N_atoms, 3)]
        charge: Total molecular charge (default: 0)
        multiplicity: Spin multiplicity (2S + 1) (default: 1)
        cell: Periodic cell vectors in Bohr [Shape: (3, 3)] (default: None)
        basis_set: Basis set specification (default: "def2-tzvp")
    """

    atomic_numbers: Array  # Shape: (N_atoms,)
    positions: Array  # Shape: (N_atoms, 3) in Bohr
    charge: int = 0
    multiplicity: int = 1
    cell: Array | None = None  # Shape: (3, 3) for periodic systems
    basis_set: str = "def2-tzvp"

    def __post_init__(self):
        """Validate molecular system after initialization."""
        # Validate array shapes
        if self.positions.shape[0] != len(self.atomic_numbers):
            raise ValueError("Number of positions must match number of atoms")
        if self.positions.shape[1] != 3:
            raise ValueError("Positions must be 3D coordinates")

        # Validate physical constraints
        if self.multiplicity < 1:
            raise ValueError("Multiplicity must be positive")

        # Use JAX-compatible validation that works with JIT
        # Only perform validation if not in a JIT context
        try:
            # Convert to Python scalars for validation to avoid tracing issues
            atomic_numbers_py = [int(z) for z in self.atomic_numbers]
            if any(z <= 0 for z in atomic_numbers_py):
                raise ValueError("Atomic numbers must be positive")
            if any(z > 118 for z in atomic_numbers_py):
                raise ValueError("Atomic numbers must be <= 118")
        except (
            jax.errors.TracerIntegerConversionError,
            jax.errors.ConcretizationTypeError,
        ):
            # Skip validation when in JIT context - assume inputs are valid
            pass

        # Validate periodic cell if provided
        if self.cell is not None:
            if self.cell.shape != (3, 3):
                raise ValueError("Periodic cell must be 3x3 matrix")
            # Convert determinant to Python scalar for validation
            det_value = float(jnp.linalg.det(self.cell))
            if det_value <= 0:
                raise ValueError("Periodic cell must have positive determinant")

    @property
    def n_atoms(self) -> int:
        """Number of atoms in the system."""
        return len(self.atomic_numbers)

    @property
    def n_electrons(self) -> int | jax.Array:
        """Total number of electrons."""
        # Use JAX-compatible computation that works with JIT
        try:
            # Try to convert to Python int if not in JIT context
            return int(jnp.sum(self.atomic_numbers) - self.charge)
        except (
            jax.errors.TracerIntegerConversionError,
            jax.errors.ConcretizationTypeError,
        ):
            # In JIT context, return the JAX array directly
            # The caller should handle this appropriately
            return jnp.sum(self.atomic_numbers) - self.charge

    @property
    def is_periodic(self) -> bool:
        """Whether the system has periodic boundary conditions."""
        return self.cell is not None

    @property
    def center_of_mass(self) -> Array:
        """Center of mass in Bohr."""
        # Use atomic masses (approximated as atomic numbers for simplicity)
        # JAX X64 mode handles precision automatically
        masses = jnp.array(self.atomic_numbers)
        total_mass = jnp.sum(masses)
        return jnp.sum(masses[:, None] * self.positions, axis=0) / total_mass

    def distance_matrix(self) -> Array:
        """
        Compute pairwise distance matrix between atoms.

        Returns:
            Distance matrix in Bohr [Shape: (N_atoms, N_atoms)]
        """
        diff = self.positions[:, None, :] - self.positions[None, :, :]
        return jnp.sqrt(jnp.sum(diff**2, axis=-1))

    def translate(self, translation: Array) -> "MolecularSystem":
        """
        Translate the molecular system.

        Args:
            translation: Translation vector in Bohr [Shape: (3,)]

        Returns:
            New MolecularSystem with translated positions
        """
        new_positions = self.positions + translation
        return MolecularSystem(
            atomic_numbers=self.atomic_numbers,
            positions=new_positions,
            charge=self.charge,
            multiplicity=self.multiplicity,
            cell=self.cell,
            basis_set=self.basis_set,
        )

    def center_at_origin(self) -> "MolecularSystem":
        """
        Center the molecular system at the origin (center of mass).

        Returns:
            New MolecularSystem centered at origin
        """
        return self.translate(-self.center_of_mass)

    def validate_quantum_system(self) -> bool:
        """
        Validate quantum mechanical consistency.

        Returns:
            True if system is quantum mechanically valid
        """
        # Check electron count parity with multiplicity
        n_unpaired = self.multiplicity - 1
        if (self.n_electrons - n_unpaired) % 2 != 0:
            return False

        # Check physical constraints
        if self.n_electrons < 0:
            return False

        # Check minimum distance between atoms (prevent nuclear overlap)
        if self.n_atoms > 1:
            distances = self.distance_matrix()
            # Mask diagonal elements using JAX-compatible operations
            mask = jnp.eye(self.n_atoms, dtype=bool)
            distances_masked = jnp.where(mask, jnp.inf, distances)
            min_distance = float(jnp.min(distances_masked))
            if min_distance < 0.1:  # Minimum distance of 0.1 Bohr
                return False

        return True


@jax.jit
def f(atomic_numbers, positions):
    system = MolecularSystem(atomic_numbers=atomic_numbers, positions=positions,
                             charge=0, multiplicity=1)
    return system.validate_quantum_system(), system.center_at_origin().positions
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 4)
    if kind == 0:
        z = np.array([8, 1, 1, 6], np.int32)      # 16 electrons: even
    elif kind == 1:
        z = np.array([8, 1, 6, 7], np.int32)      # 22 electrons: even
    elif kind == 2:
        z = np.array([8, 1, 1, 1], np.int32)      # 11 electrons: odd -> invalid for a singlet
    else:
        z = np.array([6, 1, 1, 1], np.int32)      # 9 electrons: odd
    pos = rng.normal(scale=2.0, size=(4, 3)).astype(np.float32)
    if rng.random() < 0.4:
        pos[3] = pos[1] + np.float32(0.03)        # nuclear overlap (< 0.1 Bohr)
    return (z, pos)


INPUTS = make_inputs


@jax.jit
def reference_fix(atomic_numbers, positions):
    n_electrons = jnp.sum(atomic_numbers) - 0
    n_unpaired = 1 - 1
    diff = positions[:, None, :] - positions[None, :, :]
    distances = jnp.sqrt(jnp.sum(diff**2, axis=-1))
    mask = jnp.eye(positions.shape[0], dtype=bool)
    min_distance = jnp.min(jnp.where(mask, jnp.inf, distances))
    valid = ((n_electrons - n_unpaired) % 2 == 0) & (n_electrons >= 0) & ~(min_distance < 0.1)
    masses = jnp.array(atomic_numbers)
    com = jnp.sum(masses[:, None] * positions, axis=0) / jnp.sum(masses)
    return valid, positions - com
