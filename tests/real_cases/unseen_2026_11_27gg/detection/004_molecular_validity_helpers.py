"""Molecular validity metric class: helper methods return Python bools of traced distance tests after boolean-mask indexing.

source: protein-ligand co-design metrics module in the code index (code-index file id 37792651015; module docstring "Protein-ligand co-design metrics."; classes BindingAffinityMetric, MolecularValidityMetric, DrugLikenessMetric built on flax nnx); the index does not name the repository or commit
error: NonConcreteBooleanIndexError
category: helper-returns-bool-of-traced
expect: fix
notes: class MolecularValidityMetric verbatim (compute, _check_bond_validity, _check_angle_validity,
  _check_no_clashes); the other two classes are dropped. flax is not installed, so `nnx.Module` is a
  two-line stand-in (a plain base class) and `nnx.Rngs` is only used as an annotation. The entry
  point runs the two per-molecule helpers under jax.jit on one molecule's coordinates:
  `f = jax.jit(lambda coordinates, atom_types: jnp.array([bond_check, clash_check]))`.
  The leaks: `dist_matrix[mask]` with a staged `~jnp.eye` mask, `distances[bond_mask]`
  (data-dependent size) followed by `if len(bond_distances) == 0`, `bool(jnp.all(...))`, and
  `return not jnp.any(clashes)`. Each helper has a fixed-shape equivalent with masked reductions.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class nnx:  # stand-in for flax.nnx (not installed)
    class Module:
        def __init__(self):
            pass

    Rngs = object


class MolecularValidityMetric(nnx.Module):
    """Metric for evaluating molecular validity of generated structures.

    This metric assesses chemical validity of generated molecules,
    targeting >95% validity as specified in Week 5-8 requirements.
    """

    def __init__(self, *, rngs: nnx.Rngs):
        """Initialize molecular validity metric.

        Args:
            rngs: Random number generator keys
        """
        super().__init__()

    def compute(
        self,
        coordinates: jnp.ndarray,
        atom_types: jnp.ndarray,
        masks: jnp.ndarray | None = None,
        **kwargs,
    ) -> dict[str, float]:
        """Compute molecular validity metrics.

        Args:
            coordinates: Molecular coordinates (batch_size, num_atoms, 3)
            atom_types: Atom types (batch_size, num_atoms)
            masks: Validity masks (batch_size, num_atoms)
            **kwargs: Additional parameters

        Returns:
            dictionary with validity metrics:
                - validity_rate: Fraction of valid molecules
                - bond_validity: Fraction with valid bond lengths
                - angle_validity: Fraction with valid bond angles
                - clash_free: Fraction without atomic clashes
        """
        batch_size = coordinates.shape[0]

        # Initialize validity arrays
        valid_molecules = jnp.zeros(batch_size, dtype=jnp.bool_)
        valid_bonds = jnp.zeros(batch_size, dtype=jnp.bool_)
        valid_angles = jnp.zeros(batch_size, dtype=jnp.bool_)
        clash_free = jnp.zeros(batch_size, dtype=jnp.bool_)

        # Check each molecule in the batch
        for i in range(batch_size):
            mol_coords = coordinates[i]
            mol_types = atom_types[i]

            # Ensure mask length matches coordinate length
            if masks is not None:
                mol_mask = masks[i]
                # Truncate or pad mask to match coordinate length
                coord_len = len(mol_coords)
                mask_len = len(mol_mask)
                if mask_len > coord_len:
                    mol_mask = mol_mask[:coord_len]
                elif mask_len < coord_len:
                    # Pad with False for the extra coordinates
                    padding = jnp.zeros(coord_len - mask_len, dtype=jnp.bool_)
                    mol_mask = jnp.concatenate([mol_mask, padding])
            else:
                mol_mask = jnp.ones(len(mol_coords), dtype=jnp.bool_)

            # Apply mask to get actual atoms
            actual_coords = mol_coords[mol_mask]
            actual_types = mol_types[mol_mask]

            if len(actual_coords) == 0:
                continue

            # Check bond lengths
            bond_valid = self._check_bond_validity(actual_coords, actual_types)
            valid_bonds = valid_bonds.at[i].set(bond_valid)

            # Check bond angles
            angle_valid = self._check_angle_validity(actual_coords, actual_types)
            valid_angles = valid_angles.at[i].set(angle_valid)

            # Check for atomic clashes
            no_clashes = self._check_no_clashes(actual_coords, actual_types)
            clash_free = clash_free.at[i].set(no_clashes)

            # Overall validity requires all checks to pass
            overall_valid = bond_valid and angle_valid and no_clashes
            valid_molecules = valid_molecules.at[i].set(overall_valid)

        return {
            "validity_rate": float(jnp.mean(valid_molecules)),
            "bond_validity": float(jnp.mean(valid_bonds)),
            "angle_validity": float(jnp.mean(valid_angles)),
            "clash_free": float(jnp.mean(clash_free)),
        }

    def _check_bond_validity(self, coordinates: jnp.ndarray, atom_types: jnp.ndarray) -> bool:
        """Check if bond lengths are within reasonable ranges.

        Args:
            coordinates: Atom coordinates (num_atoms, 3)
            atom_types: Atom types (num_atoms,)

        Returns:
            True if bond lengths are valid
        """
        # Compute pairwise distances
        num_atoms = len(coordinates)
        if num_atoms < 2:
            return True

        # Compute distance matrix
        dist_matrix = jnp.linalg.norm(coordinates[:, None, :] - coordinates[None, :, :], axis=2)

        # Mask diagonal (self-distances)
        mask = ~jnp.eye(num_atoms, dtype=jnp.bool_)
        distances = dist_matrix[mask]

        # Simple bond length validation (in Angstroms)
        # Typical covalent bonds: 0.7-3.0 Angstroms
        min_bond_length = 0.7
        max_bond_length = 3.0

        # Find potential bonds (atoms closer than max_bond_length)
        bond_mask = distances < max_bond_length
        bond_distances = distances[bond_mask]

        if len(bond_distances) == 0:
            return True  # No bonds found

        # Check if all bond distances are within valid range
        valid_bonds = (bond_distances >= min_bond_length) & (bond_distances <= max_bond_length)
        return bool(jnp.all(valid_bonds))

    def _check_angle_validity(self, coordinates: jnp.ndarray, atom_types: jnp.ndarray) -> bool:
        """Check if bond angles are within reasonable ranges.

        Args:
            coordinates: Atom coordinates (num_atoms, 3)
            atom_types: Atom types (num_atoms,)

        Returns:
            True if bond angles are valid
        """
        # Simplified angle validation
        # In a real implementation, this would check specific angle constraints
        # based on atom types and molecular topology

        num_atoms = len(coordinates)
        if num_atoms < 3:
            return True

        # For now, just check that atoms aren't collinear (angle not ~0 or ~180)
        # This is a basic geometric constraint

        # Sample some triplets of atoms
        max_triplets = min(10, num_atoms * (num_atoms - 1) * (num_atoms - 2) // 6)

        for i in range(0, num_atoms - 2, max(1, num_atoms // max_triplets)):
            for j in range(i + 1, num_atoms - 1, max(1, num_atoms // max_triplets)):
                for k in range(j + 1, num_atoms, max(1, num_atoms // max_triplets)):
                    # Compute angle at atom j
                    v1 = coordinates[i] - coordinates[j]
                    v2 = coordinates[k] - coordinates[j]

                    # Normalize vectors
                    v1_norm = jnp.linalg.norm(v1)
                    v2_norm = jnp.linalg.norm(v2)

                    if v1_norm < 1e-6 or v2_norm < 1e-6:
                        continue

                    v1_unit = v1 / v1_norm
                    v2_unit = v2 / v2_norm

                    # Compute angle
                    cos_angle = jnp.clip(jnp.dot(v1_unit, v2_unit), -1.0, 1.0)
                    angle = jnp.arccos(cos_angle)

                    # Check if angle is reasonable (not too close to 0 or π)
                    min_angle = 0.2  # ~11 degrees
                    max_angle = jnp.pi - 0.2  # ~169 degrees

                    if angle < min_angle or angle > max_angle:
                        return False

        return True

    def _check_no_clashes(self, coordinates: jnp.ndarray, atom_types: jnp.ndarray) -> bool:
        """Check for atomic clashes (atoms too close together).

        Args:
            coordinates: Atom coordinates (num_atoms, 3)
            atom_types: Atom types (num_atoms,)

        Returns:
            True if no atomic clashes are detected
        """
        num_atoms = len(coordinates)
        if num_atoms < 2:
            return True

        # Compute pairwise distances
        dist_matrix = jnp.linalg.norm(coordinates[:, None, :] - coordinates[None, :, :], axis=2)

        # Mask diagonal
        mask = ~jnp.eye(num_atoms, dtype=jnp.bool_)
        distances = dist_matrix[mask]

        # Check for clashes (atoms too close)
        # Typical van der Waals radii: ~0.5-2.0 Angstroms
        # Minimum allowed distance: 0.5 Angstroms
        min_distance = 0.5

        clashes = distances < min_distance
        return not jnp.any(clashes)


_metric = MolecularValidityMetric(rngs=None)


def _molecule_checks(coordinates, atom_types):
    bond_valid = _metric._check_bond_validity(coordinates, atom_types)
    no_clashes = _metric._check_no_clashes(coordinates, atom_types)
    return jnp.array([bond_valid, no_clashes])


f = jax.jit(_molecule_checks)
# --- end user code ---


def make_inputs(rng):
    # one molecule of 6 atoms; the layout decides whether there are clashes (<0.5 A),
    # short bonds (0.5-0.7 A), ordinary bonds (0.7-3 A) or no bonds at all
    n = 6
    mode = rng.integers(0, 5)
    if mode == 4:
        coords = rng.uniform(0.0, 3.0, size=(n, 3))
    else:
        spacing = [1.5, 0.6, 0.3, 40.0][mode]
        coords = (np.arange(n)[:, None] * np.array([spacing, 0.0, 0.0])
                  + np.array([0.0, 0.0, 1.0]) * rng.normal(scale=0.02, size=(n, 1)))
    atom_types = rng.integers(0, 5, size=(n,)).astype(np.int32)
    return (coords.astype(np.float32), atom_types)


INPUTS = make_inputs


@jax.jit
def reference_fix(coordinates, atom_types):
    num_atoms = coordinates.shape[0]
    dist_matrix = jnp.linalg.norm(coordinates[:, None, :] - coordinates[None, :, :], axis=2)
    off_diag = ~jnp.eye(num_atoms, dtype=jnp.bool_)
    bond_mask = off_diag & (dist_matrix < 3.0)
    bond_valid = jnp.all(jnp.where(bond_mask, (dist_matrix >= 0.7) & (dist_matrix <= 3.0), True))
    no_clashes = ~jnp.any(off_diag & (dist_matrix < 0.5))
    return jnp.array([bond_valid, no_clashes])
