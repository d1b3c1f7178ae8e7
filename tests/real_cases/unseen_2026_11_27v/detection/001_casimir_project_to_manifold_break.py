"""A jitted method (self static) breaks out of its gradient-descent loop on a traced gradient norm.

source: public JAX "Casimir Invariants and Conservation Laws" module (class CasimirComputer, method _project_to_manifold_impl, decorated @partial(jit, static_argnums=(0,))); code-index file id 11334137745, repository not resolved by the index
error: TracerBoolConversionError
category: method-static-self-for-break
expect: fix
notes: The class is kept as stored (all methods up to _multi_casimir_intersection_impl); dropped the module-level GPU/CPU platform `try/except` and the unused imports of vmap/pmap/hessian/jax_linalg/numpy/dataclass, and the truncated enforce_conservation method. Entry point added: `f` builds the target Casimirs with the class's own jitted `_compute_casimirs_impl` and calls `_project_to_manifold_impl`; the instance is created with tolerance=5e-2 (a constructor argument) so that the `break` is reached within the 100 iterations on some inputs. The leak: `if jnp.linalg.norm(g) < self.tol: break` inside a method that is itself jitted with `self` static, with a closure `loss` over the traced `state`/`target_casimirs`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit, grad
from typing import Dict, List, Tuple, Optional, NamedTuple, Callable
from functools import partial


class CasimirSet(NamedTuple):
    """Complete set of Casimir invariants."""
    energy: float  # Hamiltonian
    momentum: jnp.ndarray  # Linear momentum
    angular_momentum: float  # Angular momentum
    charge: float  # Bioelectric charge
    helicity: float  # Chirality measure
    enstrophy: float  # Vorticity squared
    mass: float  # Total mass/density
    morphogenic_index: float  # Combined shape-charge invariant


class ConservationViolation(NamedTuple):
    """Violation of conservation laws."""
    casimir_errors: Dict[str, float]  # Error per Casimir
    total_violation: float  # Total conservation violation
    gradient: jnp.ndarray  # Gradient toward conservation
    critical_casimirs: List[str]  # Most violated invariants


class CasimirManifold(NamedTuple):
    """Manifold defined by Casimir constraints."""
    dimension: int  # Dimension of constraint surface
    tangent_space: jnp.ndarray  # Tangent space basis
    normal_space: jnp.ndarray  # Normal space basis
    metric: jnp.ndarray  # Induced metric


class SymplecticCorrector(NamedTuple):
    """Symplectic correction to restore Casimirs."""
    correction_vector: jnp.ndarray  # Correction to apply
    projection_matrix: jnp.ndarray  # Projection onto Casimir manifold
    restored_state: jnp.ndarray  # State after correction
    convergence_rate: float  # Rate of convergence


class CasimirComputer:
    """
    Compute and enforce Casimir invariants.
    """

    def __init__(self, dimension: int = 8, tolerance: float = 1e-6):
        """
        Initialize Casimir computer.

        Args:
            dimension: State space dimension
            tolerance: Conservation tolerance
        """
        self.dim = dimension
        self.tol = tolerance

        # Define Casimir functions
        self._init_casimir_functions()

        # Pre-compile JAX functions
        self._compile_functions()

    def _init_casimir_functions(self):
        """Initialize Casimir function definitions."""
        self.casimir_definitions = {
            'energy': lambda m: m[7],  # H component
            'linear_momentum': lambda m: jnp.array([m[0], m[1]]),  # px, py
            'angular_momentum': lambda m: m[2],  # Lz
            'charge': lambda m: m[3],  # Q
            'mass': lambda m: m[4],  # rho
            'shape_x': lambda m: m[5],  # Jx
            'shape_y': lambda m: m[6],  # Jy
            'helicity': lambda m: m[0] * m[5] + m[1] * m[6],  # px*Jx + py*Jy
            'enstrophy': lambda m: m[0] ** 2 + m[1] ** 2 + m[2] ** 2,  # |p|^2 + L^2
            'morphogenic_index': lambda m: (m[5] ** 2 + m[6] ** 2) * m[3] ** 2  # |J|^2 Q^2
        }

    def _compile_functions(self):
        """Pre-compile JAX functions."""
        self._compute_casimirs = jit(self._compute_casimirs_impl)
        self._check_conservation = jit(self._check_conservation_impl)
        self._project_to_manifold = jit(self._project_to_manifold_impl)
        self._symplectic_correction = jit(self._symplectic_correction_impl)
        self._casimir_bracket = jit(self._casimir_bracket_impl)
        self._find_casimir_manifold = jit(self._find_casimir_manifold_impl)
        self._restoration_flow = jit(self._restoration_flow_impl)
        self._multi_casimir_intersection = jit(self._multi_casimir_intersection_impl)

    @partial(jit, static_argnums=(0,))
    def _compute_casimirs_impl(self, state: jnp.ndarray) -> CasimirSet:
        """
        Compute all Casimir invariants.

        Args:
            state: System state (8D momentum coordinates)

        Returns:
            Complete set of Casimirs
        """
        px, py, Lz, Q, rho, Jx, Jy, H = state

        return CasimirSet(
            energy=H,
            momentum=jnp.array([px, py]),
            angular_momentum=Lz,
            charge=Q,
            helicity=px * Jx + py * Jy,
            enstrophy=px ** 2 + py ** 2 + Lz ** 2,
            mass=rho,
            morphogenic_index=(Jx ** 2 + Jy ** 2) * Q ** 2
        )

    @partial(jit, static_argnums=(0,))
    def _check_conservation_impl(self, state1: jnp.ndarray,
                                 state2: jnp.ndarray) -> ConservationViolation:
        """
        Check conservation between two states.
        """
        casimirs1 = self._compute_casimirs_impl(state1)
        casimirs2 = self._compute_casimirs_impl(state2)

        # Compute violations
        errors = {
            'energy': abs(casimirs2.energy - casimirs1.energy),
            'momentum_x': abs(casimirs2.momentum[0] - casimirs1.momentum[0]),
            'momentum_y': abs(casimirs2.momentum[1] - casimirs1.momentum[1]),
            'angular_momentum': abs(casimirs2.angular_momentum - casimirs1.angular_momentum),
            'charge': abs(casimirs2.charge - casimirs1.charge),
            'helicity': abs(casimirs2.helicity - casimirs1.helicity),
            'enstrophy': abs(casimirs2.enstrophy - casimirs1.enstrophy),
            'mass': abs(casimirs2.mass - casimirs1.mass),
            'morphogenic_index': abs(casimirs2.morphogenic_index - casimirs1.morphogenic_index)
        }

        total_violation = sum(errors.values())

        # Gradient toward conservation (points from state2 back toward conserved values)
        gradient = state1 - state2
        gradient = gradient / (jnp.linalg.norm(gradient) + 1e-8)

        # Find most violated
        critical = sorted(errors.items(), key=lambda x: x[1], reverse=True)[:3]
        critical_casimirs = [c[0] for c in critical]

        return ConservationViolation(
            casimir_errors=errors,
            total_violation=float(total_violation),
            gradient=gradient,
            critical_casimirs=critical_casimirs
        )

    @partial(jit, static_argnums=(0,))
    def _casimir_bracket_impl(self, f: Callable, g: Callable,
                              state: jnp.ndarray) -> float:
        """
        Compute Poisson bracket {f, g} of Casimir functions.
        """
        # Compute gradients
        grad_f = grad(f)(state)
        grad_g = grad(g)(state)

        mid = self.dim // 2
        bracket = (jnp.dot(grad_f[:mid], grad_g[mid:]) -
                   jnp.dot(grad_f[mid:], grad_g[:mid]))

        return bracket

    @partial(jit, static_argnums=(0,))
    def _find_casimir_manifold_impl(self, target_casimirs: CasimirSet,
                                    reference_point: jnp.ndarray) -> CasimirManifold:
        """
        Find manifold defined by Casimir constraints.
        """
        # Compute constraint gradients
        constraints = []

        # Energy constraint
        constraints.append(grad(lambda s: s[7] - target_casimirs.energy)(reference_point))

        # Momentum constraints
        constraints.append(grad(lambda s: s[0] - target_casimirs.momentum[0])(reference_point))
        constraints.append(grad(lambda s: s[1] - target_casimirs.momentum[1])(reference_point))

        # Angular momentum
        constraints.append(grad(lambda s: s[2] - target_casimirs.angular_momentum)(reference_point))

        # Charge
        constraints.append(grad(lambda s: s[3] - target_casimirs.charge)(reference_point))

        # Stack constraint gradients
        constraint_matrix = jnp.array(constraints)

        # Find tangent space (null space of constraints)
        u, s, vt = jnp.linalg.svd(constraint_matrix)

        # Tangent space: columns of V corresponding to zero singular values
        rank = jnp.sum(s > 1e-10)
        tangent_basis = vt[rank:].T
        normal_basis = vt[:rank].T

        # Induced metric on manifold
        g_ambient = jnp.eye(self.dim)  # Euclidean for simplicity
        metric = tangent_basis.T @ g_ambient @ tangent_basis

        return CasimirManifold(
            dimension=self.dim - rank,
            tangent_space=tangent_basis,
            normal_space=normal_basis,
            metric=metric
        )

    @partial(jit, static_argnums=(0,))
    def _project_to_manifold_impl(self, state: jnp.ndarray,
                                  target_casimirs: CasimirSet) -> jnp.ndarray:
        """
        Project state onto Casimir manifold.

        Args:
            state: Current state
            target_casimirs: Target Casimir values

        Returns:
            Projected state
        """

        def loss(s):
            """Loss function for projection."""
            casimirs = self._compute_casimirs_impl(s)

            error = 0.0
            error += (casimirs.energy - target_casimirs.energy) ** 2
            error += jnp.sum((casimirs.momentum - target_casimirs.momentum) ** 2)
            error += (casimirs.angular_momentum - target_casimirs.angular_momentum) ** 2
            error += (casimirs.charge - target_casimirs.charge) ** 2
            error += (casimirs.mass - target_casimirs.mass) ** 2

            # Also minimize distance to original state
            error += 0.1 * jnp.sum((s - state) ** 2)

            return error

        # Gradient descent projection
        projected = state.copy()
        grad_fn = grad(loss)

        for _ in range(100):
            g = grad_fn(projected)
            projected = projected - 0.01 * g

            if jnp.linalg.norm(g) < self.tol:
                break

        return projected

    @partial(jit, static_argnums=(0,))
    def _symplectic_correction_impl(self, state: jnp.ndarray,
                                    target_casimirs: CasimirSet,
                                    symplectic_form: jnp.ndarray) -> SymplecticCorrector:
        """
        Compute symplectic correction to restore Casimirs.
        """
        # Project onto Casimir manifold
        projected = self._project_to_manifold_impl(state, target_casimirs)

        # Correction vector
        correction = projected - state

        omega = symplectic_form

        def symplectic_loss(v):
            return jnp.sum((omega @ v) ** 2)

        # Minimize to find symplectic correction
        symplectic_corr = correction.copy()
        for _ in range(10):
            g = grad(symplectic_loss)(symplectic_corr)
            symplectic_corr = symplectic_corr - 0.1 * g

        # Projection matrix onto Casimir manifold
        manifold = self._find_casimir_manifold_impl(target_casimirs, projected)
        projection = manifold.tangent_space @ manifold.tangent_space.T

        # Convergence rate (eigenvalue of linearized flow)
        linearization = jnp.eye(self.dim) - 0.1 * projection
        eigenvals = jnp.linalg.eigvals(linearization)
        convergence_rate = jnp.max(jnp.abs(eigenvals))

        return SymplecticCorrector(
            correction_vector=symplectic_corr,
            projection_matrix=projection,
            restored_state=projected,
            convergence_rate=float(convergence_rate)
        )

    @partial(jit, static_argnums=(0,))
    def _restoration_flow_impl(self, state: jnp.ndarray,
                               target_casimirs: CasimirSet,
                               time_steps: int = 100) -> jnp.ndarray:
        """
        Flow that restores Casimir invariants.
        """
        current = state.copy()
        dt = 0.01

        for _ in range(time_steps):
            # Compute Casimir errors
            current_casimirs = self._compute_casimirs_impl(current)

            # Gradient toward target Casimirs
            grad_energy = grad(lambda s: (s[7] - target_casimirs.energy) ** 2)(current)
            grad_momentum = grad(lambda s: jnp.sum((s[:2] - target_casimirs.momentum) ** 2))(current)
            grad_angular = grad(lambda s: (s[2] - target_casimirs.angular_momentum) ** 2)(current)
            grad_charge = grad(lambda s: (s[3] - target_casimirs.charge) ** 2)(current)

            # Combined gradient
            total_grad = grad_energy + grad_momentum + grad_angular + grad_charge

            # Flow step
            current = current - dt * total_grad

            # Check convergence
            if jnp.linalg.norm(total_grad) < self.tol:
                break

        return current

    @partial(jit, static_argnums=(0,))
    def _multi_casimir_intersection_impl(self, casimir_sets: List[CasimirSet]) -> jnp.ndarray:
        """
        Find intersection of multiple Casimir manifolds.
        """
        # Average Casimirs as initial guess
        avg_energy = jnp.mean(jnp.array([c.energy for c in casimir_sets]))
        avg_momentum = jnp.mean(jnp.array([c.momentum for c in casimir_sets]), axis=0)
        avg_angular = jnp.mean(jnp.array([c.angular_momentum for c in casimir_sets]))
        avg_charge = jnp.mean(jnp.array([c.charge for c in casimir_sets]))
        avg_mass = jnp.mean(jnp.array([c.mass for c in casimir_sets]))

        # Initial state
        state = jnp.array([
            avg_momentum[0], avg_momentum[1], avg_angular, avg_charge,
            avg_mass, 0.0, 0.0, avg_energy
        ])

        # Find intersection via optimization
        def intersection_loss(s):
            """Distance to all Casimir manifolds."""
            loss = 0.0
            for target in casimir_sets:
                casimirs = self._compute_casimirs_impl(s)
                loss += (casimirs.energy - target.energy) ** 2
                loss += jnp.sum((casimirs.momentum - target.momentum) ** 2)
                loss += (casimirs.angular_momentum - target.angular_momentum) ** 2
                loss += (casimirs.charge - target.charge) ** 2
            return loss

        # Optimize
        grad_fn = grad(intersection_loss)
        for _ in range(200):
            g = grad_fn(state)
            state = state - 0.01 * g

            if jnp.linalg.norm(g) < self.tol:
                break

        return state


_computer = CasimirComputer(dimension=8, tolerance=5e-2)


@jax.jit
def f(state, target_state):
    target = _computer._compute_casimirs_impl(target_state)
    return _computer._project_to_manifold_impl(state, target)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    state = rng.normal(size=(8,)).astype(np.float32)
    # 0.0: the gradient vanishes at once (break on the first iteration);
    # 0.05/0.1: the break happens part-way; 1.0: the loop runs all 100 steps.
    scale = rng.choice([0.0, 0.05, 0.1, 1.0])
    target_state = (state + scale * rng.normal(size=(8,))).astype(np.float32)
    return (state, target_state)


INPUTS = make_inputs


@jax.jit
def reference_fix(state, target_state):
    target_casimirs = _computer._compute_casimirs_impl(target_state)

    def loss(s):
        casimirs = _computer._compute_casimirs_impl(s)
        error = 0.0
        error += (casimirs.energy - target_casimirs.energy) ** 2
        error += jnp.sum((casimirs.momentum - target_casimirs.momentum) ** 2)
        error += (casimirs.angular_momentum - target_casimirs.angular_momentum) ** 2
        error += (casimirs.charge - target_casimirs.charge) ** 2
        error += (casimirs.mass - target_casimirs.mass) ** 2
        error += 0.1 * jnp.sum((s - state) ** 2)
        return error

    grad_fn = grad(loss)

    def cond(carry):
        i, _, done = carry
        return jnp.logical_and(i < 100, jnp.logical_not(done))

    def body(carry):
        i, projected, _ = carry
        g = grad_fn(projected)
        projected = projected - 0.01 * g
        return i + 1, projected, jnp.linalg.norm(g) < _computer.tol

    _, projected, _ = jax.lax.while_loop(cond, body, (0, state, jnp.array(False)))
    return projected
