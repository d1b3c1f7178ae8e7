"""opifex NeuralDFT: methods branch on and float() the traced density / nuclear charges.

source: avitai/opifex src/opifex/neural/quantum/neural_dft.py at 1749ea241df0aa8fe264b83d9a2738d308113d80 (public code-index file id 2660466230; NeuralDFT._validate_molecular_system, _validate_density, _generate_initial_density, _compute_nuclear_repulsion, _compute_hamiltonian, _resize_density_to_basis, _compute_core_hamiltonian, _compute_coulomb_matrix, _compute_xc_potential, _stabilize_hamiltonian, _compute_xc_energy)
error: TracerBoolConversionError
category: method-bool-of-traced-attribute
expect: fix
notes: the listed methods are verbatim. Adapted: flax.nnx is not installed, so NeuralDFT is a plain class (no nnx.Module base, `rngs` unused) and _initialize_neural_components keeps only its classical branch (the opifex neural XC / SCF imports are dropped; with xc_functional_type="lda" and use_neural_scf=False both components are None in the original too). MolecularSystem is a NamedTuple stand-in with a static Python int n_electrons (the real dataclass later made n_electrons a concrete int for the same reason). Entry point added: `initial_guess_terms` builds the superposition-of-atoms density, the classical Hamiltonian and XC / nuclear energies for traced positions and charges; `f = jax.jit(initial_guess_terms)`. Leaks: `_validate_density` tests `not jnp.all(jnp.isfinite(density))` and `total_electrons > 1e-12`, `_compute_core_hamiltonian` calls float() on the summed traced charges. The finiteness check only raises, and the density is finite for finite inputs, so a fix may stage it (checkify / error_if) or drop it.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class MolecularSystem(NamedTuple):  # stand-in for opifex.core.quantum.MolecularSystem
    positions: jax.Array
    atomic_numbers: jax.Array
    n_electrons: int


class NeuralDFT:
    """Neural Density Functional Theory Framework (classical-LDA path)."""

    def __init__(
        self,
        *,
        # Core DFT parameters
        grid_size: int = 1000,
        convergence_threshold: float = 1e-8,
        max_scf_iterations: int = 100,
        # Neural components
        xc_functional_type: str = "neural",
        mixing_strategy: str = "neural",
        use_neural_scf: bool = True,
        # Precision and accuracy
        chemical_accuracy_target: float = 0.043,  # 1 kcal/mol in Hartree
        enable_high_precision: bool = True,
        # NNX requirements
        rngs: Any = None,
    ):
        # Store configuration
        self.grid_size = grid_size
        self.convergence_threshold = convergence_threshold
        self.max_scf_iterations = max_scf_iterations
        self.xc_functional_type = xc_functional_type
        self.mixing_strategy = mixing_strategy
        self.use_neural_scf = use_neural_scf
        self.chemical_accuracy_target = chemical_accuracy_target
        self.enable_high_precision = enable_high_precision

        # Initialize neural components
        self._initialize_neural_components(rngs=rngs)

    def _initialize_neural_components(self, rngs: Any) -> None:
        """Initialize neural network components (classical branch only here)."""
        self.neural_xc_functional = None
        self.neural_scf_solver = None

    def _validate_molecular_system(self, molecular_system: Any) -> None:
        """Validate molecular system for DFT calculation."""
        # Use JAX-compatible validation that works with JIT
        try:
            n_electrons = molecular_system.n_electrons
            # Only perform validation if not in JIT context
            if isinstance(n_electrons, int) and n_electrons <= 0:
                raise ValueError("Molecular system must have at least one electron")

            if molecular_system.atomic_numbers.shape[0] == 0:
                raise ValueError("Molecular system must have at least one atom")
        except (
            jax.errors.TracerIntegerConversionError,
            jax.errors.ConcretizationTypeError,
            jax.errors.TracerBoolConversionError,
        ):
            # Skip validation when in JIT context - assume inputs are valid
            pass

        # Check for reasonable nuclear charges - skip in JIT context
        try:
            if jnp.any(molecular_system.atomic_numbers <= 0):
                raise ValueError("All atomic numbers must be positive")

            if jnp.any(molecular_system.atomic_numbers > 118):
                raise ValueError("Atomic numbers > 118 not supported")
        except jax.errors.TracerBoolConversionError:
            # Skip validation when in JIT context - assume inputs are valid
            pass

    def _validate_density(self, density: jax.Array, molecular_system: Any) -> jax.Array:
        """Validate and normalize electron density."""
        # Ensure positive density
        density = jnp.maximum(density, 1e-12)

        # Check for finite values
        if not jnp.all(jnp.isfinite(density)):
            raise ValueError("Density contains non-finite values")

        # Normalize to correct electron count
        total_electrons = jnp.sum(density)
        target_electrons = molecular_system.n_electrons

        if total_electrons > 1e-12:
            density = density * target_electrons / total_electrons

        return density

    def _generate_initial_density(self, molecular_system: Any) -> jax.Array:
        """Generate chemically reasonable initial electron density guess."""
        # Enhanced atomic density superposition
        density = jnp.zeros(self.grid_size)
        grid_points = jnp.linspace(-10.0, 10.0, self.grid_size)

        for pos, charge in zip(
            molecular_system.positions, molecular_system.atomic_numbers, strict=False
        ):
            # Project 3D position to 1D grid (use distance from origin)
            center = jnp.linalg.norm(pos)

            # Slater-type orbital inspired density
            alpha = charge * 0.5  # Orbital exponent
            gaussian_width = 1.0 / jnp.sqrt(alpha + 0.1)

            # Atomic density contribution
            atomic_density = charge * jnp.exp(
                -((grid_points - center) ** 2) / (2 * gaussian_width**2)
            )
            density = density + atomic_density

        # Normalize to total electron count
        return self._validate_density(density, molecular_system)

    def _compute_nuclear_repulsion(self, molecular_system: Any) -> jax.Array:
        """Compute nuclear repulsion energy with high precision."""
        positions = molecular_system.positions
        charges = molecular_system.atomic_numbers
        n_atoms = positions.shape[0]

        if n_atoms == 1:
            return jax.Array(0.0)

        # Vectorized computation for efficiency
        i_indices, j_indices = jnp.triu_indices(n_atoms, k=1)

        pos_i = positions[i_indices]
        pos_j = positions[j_indices]
        charge_i = charges[i_indices]
        charge_j = charges[j_indices]

        # Compute distances with numerical stability
        distances = jnp.linalg.norm(pos_i - pos_j, axis=1)
        distances = jnp.maximum(distances, 1e-12)  # Avoid division by zero

        # Nuclear repulsion terms
        repulsion_terms = charge_i * charge_j / distances

        return jnp.sum(repulsion_terms)

    def _compute_hamiltonian(
        self, density: jax.Array, molecular_system: Any
    ) -> jax.Array:
        """Compute Hamiltonian matrix with enhanced quantum accuracy."""
        n_electrons = molecular_system.n_electrons
        n_basis = min(n_electrons * 2, 50)  # Reasonable basis size

        # Ensure density matches basis size
        if density.shape[0] != n_basis:
            density = self._resize_density_to_basis(density, n_basis)

        # Core Hamiltonian (kinetic + nuclear attraction)
        h_core = self._compute_core_hamiltonian(molecular_system, n_basis)

        # Coulomb repulsion
        coulomb = self._compute_coulomb_matrix(density, n_electrons)

        # Exchange-correlation potential
        vxc = self._compute_xc_potential(density)

        # Assemble total Hamiltonian
        hamiltonian = h_core + coulomb + vxc

        # Ensure numerical stability
        return self._stabilize_hamiltonian(hamiltonian)

    def _resize_density_to_basis(self, density: jax.Array, n_basis: int) -> jax.Array:
        """Resize density jax.Array to match basis set size."""
        if density.shape[0] >= n_basis:
            # Downsample using interpolation
            indices = jnp.linspace(0, density.shape[0] - 1, n_basis)
            return jnp.interp(indices, jnp.arange(density.shape[0]), density)
        # Pad with small values
        padding = n_basis - density.shape[0]
        return jnp.pad(density, (0, padding), constant_values=1e-12)

    def _compute_core_hamiltonian(
        self, molecular_system: Any, n_basis: int
    ) -> jax.Array:
        """Compute core Hamiltonian (kinetic + nuclear attraction)."""
        # Kinetic energy - use better approximation
        kinetic = jnp.eye(n_basis) * 0.5

        # Nuclear attraction - improved scaling
        n_atoms = molecular_system.atomic_numbers.shape[0]
        total_nuclear_charge = float(
            jnp.asarray(jnp.sum(molecular_system.atomic_numbers))
        )

        # Scale nuclear attraction based on system characteristics
        if n_atoms == 1:
            # Single atom systems
            nuclear_strength = total_nuclear_charge * 1.0
        else:
            # Multi-atom systems - more sophisticated scaling
            nuclear_strength = jnp.minimum(total_nuclear_charge * 0.7, 12.0)

        nuclear = -jnp.eye(n_basis) * nuclear_strength

        return kinetic + nuclear

    def _compute_coulomb_matrix(
        self, density: jax.Array, n_electrons: int
    ) -> jax.Array:
        """Compute Coulomb interaction matrix."""
        # Scale Coulomb interaction appropriately
        coulomb_strength = 0.1 / jnp.sqrt(jnp.maximum(n_electrons, 1))

        # Use outer product for Coulomb matrix
        coulomb = jnp.outer(density, density) * coulomb_strength

        return coulomb

    def _compute_xc_potential(self, density: jax.Array) -> jax.Array:
        """Compute exchange-correlation potential."""
        if self.neural_xc_functional is not None:
            # Use neural XC functional
            gradients = jnp.zeros((density.shape[0], 3))

            # Compute functional derivative
            xc_potential = self.neural_xc_functional.compute_functional_derivative(
                density.reshape(1, -1), gradients.reshape(1, -1, 3)
            ).flatten()

            return jnp.diag(xc_potential)
        # Classical LDA exchange-correlation
        # V_xc = -C * rho^(1/3) where C ≈ 0.984
        rho_13 = jnp.power(jnp.maximum(density, 1e-12), 1 / 3)
        xc_potential = -0.984 * rho_13

        return jnp.diag(xc_potential)

    def _stabilize_hamiltonian(self, hamiltonian: jax.Array) -> jax.Array:
        """Ensure Hamiltonian numerical stability."""
        # Replace NaN/Inf with safe values
        is_finite = jnp.isfinite(hamiltonian)
        n_basis = hamiltonian.shape[0]

        # Safe default: diagonal -1, off-diagonal 0
        safe_default = jnp.where(jnp.eye(n_basis), -1.0, 0.0)

        return jnp.where(is_finite, hamiltonian, safe_default)

    def _compute_xc_energy(
        self, density: jax.Array, deterministic: bool = True
    ) -> jax.Array:
        """Compute exchange-correlation energy."""
        if self.neural_xc_functional is not None:
            # Neural XC functional
            gradients = jnp.zeros((density.shape[0], 3))
            xc_energy_density = self.neural_xc_functional(
                density.reshape(1, -1),
                gradients.reshape(1, -1, 3),
                deterministic=deterministic,
            )
            return jnp.sum(xc_energy_density * density)
        # LDA exchange-correlation energy
        # E_xc = -C * ∫ rho^(4/3) dr where C ≈ 0.738
        rho_43 = jnp.power(jnp.maximum(density, 1e-12), 4 / 3)
        return -0.738 * jnp.sum(rho_43)


_DFT = NeuralDFT(grid_size=64, xc_functional_type="lda", use_neural_scf=False)


def initial_guess_terms(positions, atomic_numbers):
    system = MolecularSystem(positions, atomic_numbers, n_electrons=10)
    _DFT._validate_molecular_system(system)
    density = _DFT._generate_initial_density(system)
    hamiltonian = _DFT._compute_hamiltonian(density, system)
    return (
        jnp.trace(hamiltonian),
        _DFT._compute_xc_energy(density),
        _DFT._compute_nuclear_repulsion(system),
    )


f = jax.jit(initial_guess_terms)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    positions = rng.normal(scale=1.5, size=(3, 3)).astype(np.float32)
    atomic_numbers = rng.choice([1.0, 6.0, 7.0, 8.0], size=(3,)).astype(np.float32)
    return (positions, atomic_numbers)


INPUTS = make_inputs


@jax.jit
def reference_fix(positions, atomic_numbers):
    system = MolecularSystem(positions, atomic_numbers, n_electrons=10)
    grid = jnp.linspace(-10.0, 10.0, 64)
    density = jnp.zeros(64)
    for pos, charge in zip(positions, atomic_numbers):
        center = jnp.linalg.norm(pos)
        width = 1.0 / jnp.sqrt(charge * 0.5 + 0.1)
        density = density + charge * jnp.exp(-((grid - center) ** 2) / (2 * width**2))
    density = jnp.maximum(density, 1e-12)
    total = jnp.sum(density)
    density = jnp.where(total > 1e-12, density * 10 / total, density)
    n_basis = 20
    d = jnp.interp(jnp.linspace(0, 63, n_basis), jnp.arange(64), density)
    kinetic = jnp.eye(n_basis) * 0.5
    strength = jnp.minimum(jnp.sum(atomic_numbers) * 0.7, 12.0)
    h = (kinetic - jnp.eye(n_basis) * strength
         + jnp.outer(d, d) * (0.1 / jnp.sqrt(jnp.maximum(10, 1)))
         + jnp.diag(-0.984 * jnp.power(jnp.maximum(d, 1e-12), 1 / 3)))
    h = jnp.where(jnp.isfinite(h), h, jnp.where(jnp.eye(n_basis), -1.0, 0.0))
    e_xc = -0.738 * jnp.sum(jnp.power(jnp.maximum(density, 1e-12), 4 / 3))
    return jnp.trace(h), e_xc, _DFT._compute_nuclear_repulsion(system)
