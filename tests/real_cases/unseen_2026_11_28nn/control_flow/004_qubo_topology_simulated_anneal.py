"""QUBO topology-optimisation simulated annealing: Metropolis `if diff < 0 or uniform < exp(...)` over a Python loop.

source: "Quantum Annealing Methods for Optimization Problems." module of a FEM package (imports `..backends.base.Backend`, `..utils.validation.validate_optimization_parameters`; QUBOConfig, QUBOFormulation, TopologyQUBO, QUBOOptimizer, TopologyOptimizer, create_cantilever_beam_problem), public code index file id 26394282262; the index does not name the repository or commit.
error: TracerBoolConversionError
category: for-metropolis-accept-with-best-tracking
expect: fix
notes: QUBOConfig, QUBOFormulation and QUBOOptimizer are verbatim (TopologyQUBO/TopologyOptimizer and
  the two relative imports dropped). `f` is what TopologyOptimizer.optimize_topology does after
  formulate_qubo: it fills a QUBOFormulation with a (traced) Q matrix and linear terms and calls
  QUBOOptimizer(config).optimize(formulation, initial_solution) under jax.jit; the config shortens
  the schedule to 40 sweeps (max_iterations=40, T from 5 to 0.05) so the Python loop stays small.
  Leaks: `energy_diff < 0 or ...` and `if current_energy < best_energy` on traced energies, plus the
  progress f-strings formatting traced energies with `:.6f` (the logging calls run their f-strings
  even when the level is off).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from typing import Dict, List, Tuple, Optional, Union, Callable
import logging
from dataclasses import dataclass
from abc import ABC, abstractmethod


@dataclass
class QUBOConfig:
    """Configuration for QUBO optimization problems."""
    max_iterations: int = 10000
    convergence_tolerance: float = 1e-6
    annealing_schedule: str = "linear"  # linear, exponential, adaptive
    initial_temperature: float = 100.0
    final_temperature: float = 0.01
    num_reads: int = 1000  # For quantum annealing
    chain_strength: float = 1.0  # For quantum annealing
    use_classical_fallback: bool = True
    random_seed: int = 42


class QUBOFormulation:
    """Base class for QUBO problem formulations.
    
    Converts continuous optimization problems to binary quadratic form:
    minimize: x^T Q x + c^T x
    subject to: x ∈ {0,1}^n
    """
    
    def __init__(self, problem_size: int):
        self.problem_size = problem_size
        self.Q_matrix: Optional[jnp.ndarray] = None
        self.linear_terms: Optional[jnp.ndarray] = None
        self.constraints: List[Tuple[jnp.ndarray, float]] = []
    
    @abstractmethod
    def formulate_qubo(self, objective_function: Callable, 
                      constraints: List[Callable] = None) -> Tuple[jnp.ndarray, jnp.ndarray]:
        """Convert continuous problem to QUBO formulation."""
        pass
    
    def add_constraint(self, constraint_matrix: jnp.ndarray, 
                      constraint_value: float, penalty_weight: float = 1.0):
        """Add constraint to QUBO formulation using penalty method."""
        # Constraint: constraint_matrix @ x = constraint_value
        # Penalty: penalty_weight * (constraint_matrix @ x - constraint_value)^2
        
        # Add quadratic penalty term to Q matrix
        penalty_quad = penalty_weight * jnp.outer(constraint_matrix, constraint_matrix)
        if self.Q_matrix is None:
            self.Q_matrix = penalty_quad
        else:
            self.Q_matrix = self.Q_matrix + penalty_quad
        
        # Add linear penalty term
        penalty_linear = -2 * penalty_weight * constraint_value * constraint_matrix
        if self.linear_terms is None:
            self.linear_terms = penalty_linear
        else:
            self.linear_terms = self.linear_terms + penalty_linear
    
    def evaluate_qubo(self, x: jnp.ndarray) -> float:
        """Evaluate QUBO objective function."""
        quadratic_term = x.T @ self.Q_matrix @ x if self.Q_matrix is not None else 0.0
        linear_term = self.linear_terms @ x if self.linear_terms is not None else 0.0
        return quadratic_term + linear_term


class QUBOOptimizer:
    """Quantum-inspired optimizer for QUBO problems.
    
    Implements both classical simulated annealing and quantum annealing
    (when available) for solving binary optimization problems.
    """
    
    def __init__(self, config: QUBOConfig = None):
        self.config = config or QUBOConfig()
        self.best_solution: Optional[jnp.ndarray] = None
        self.best_energy: float = float('inf')
        self.optimization_history = []
        
        # Check for quantum annealing availability
        self.quantum_available = self._check_quantum_availability()
        
        logging.info(f"QUBO optimizer initialized. Quantum annealing: {self.quantum_available}")
    
    def _check_quantum_availability(self) -> bool:
        """Check if quantum annealing hardware is available."""
        try:
            # This would check for D-Wave or other quantum annealing systems
            # For now, return False to use classical methods
            return False
        except ImportError:
            return False
    
    def optimize(self, qubo_formulation: QUBOFormulation,
                initial_solution: Optional[jnp.ndarray] = None) -> Tuple[jnp.ndarray, float]:
        """Optimize QUBO problem using best available method.
        
        Args:
            qubo_formulation: QUBO problem formulation
            initial_solution: Optional initial binary solution
            
        Returns:
            Tuple of (best_solution, best_energy)
        """
        if self.quantum_available:
            return self._quantum_anneal(qubo_formulation)
        else:
            return self._simulated_anneal(qubo_formulation, initial_solution)
    
    def _simulated_anneal(self, qubo_formulation: QUBOFormulation,
                         initial_solution: Optional[jnp.ndarray] = None) -> Tuple[jnp.ndarray, float]:
        """Classical simulated annealing for QUBO optimization."""
        n_vars = qubo_formulation.problem_size
        
        # Initialize solution
        if initial_solution is None:
            key = jax.random.PRNGKey(self.config.random_seed)
            current_solution = jax.random.bernoulli(key, 0.5, (n_vars,)).astype(float)
        else:
            current_solution = initial_solution
        
        current_energy = qubo_formulation.evaluate_qubo(current_solution)
        
        best_solution = current_solution.copy()
        best_energy = current_energy
        
        # Annealing schedule
        temperatures = self._generate_temperature_schedule()
        
        for iteration, temperature in enumerate(temperatures):
            # Propose flip of random bit
            key = jax.random.PRNGKey(self.config.random_seed + iteration)
            flip_index = jax.random.randint(key, (), 0, n_vars)
            
            new_solution = current_solution.at[flip_index].set(1 - current_solution[flip_index])
            new_energy = qubo_formulation.evaluate_qubo(new_solution)
            
            # Accept or reject based on Metropolis criterion
            energy_diff = new_energy - current_energy
            
            if energy_diff < 0 or jax.random.uniform(key) < jnp.exp(-energy_diff / temperature):
                current_solution = new_solution
                current_energy = new_energy
                
                # Update best solution
                if current_energy < best_energy:
                    best_solution = current_solution.copy()
                    best_energy = current_energy
            
            # Log progress
            if iteration % 1000 == 0:
                self.optimization_history.append({
                    'iteration': iteration,
                    'energy': current_energy,
                    'best_energy': best_energy,
                    'temperature': temperature
                })
                
                logging.debug(f"SA iteration {iteration}: energy = {current_energy:.6f}, "
                            f"best = {best_energy:.6f}, T = {temperature:.4f}")
        
        self.best_solution = best_solution
        self.best_energy = best_energy
        
        logging.info(f"Simulated annealing completed. Best energy: {best_energy:.8f}")
        return best_solution, best_energy
    
    def _quantum_anneal(self, qubo_formulation: QUBOFormulation) -> Tuple[jnp.ndarray, float]:
        """Quantum annealing using D-Wave or similar systems."""
        # Placeholder for quantum annealing implementation
        # This would interface with D-Wave Ocean SDK or similar
        
        logging.warning("Quantum annealing not implemented - falling back to classical")
        return self._simulated_anneal(qubo_formulation)
    
    def _generate_temperature_schedule(self) -> jnp.ndarray:
        """Generate temperature schedule for annealing."""
        if self.config.annealing_schedule == "linear":
            return jnp.linspace(self.config.initial_temperature,
                              self.config.final_temperature,
                              self.config.max_iterations)
        elif self.config.annealing_schedule == "exponential":
            decay_rate = (self.config.final_temperature / self.config.initial_temperature) ** (1 / self.config.max_iterations)
            return self.config.initial_temperature * (decay_rate ** jnp.arange(self.config.max_iterations))
        elif self.config.annealing_schedule == "adaptive":
            # Adaptive schedule based on acceptance rate
            # Simplified implementation
            base_schedule = jnp.linspace(self.config.initial_temperature,
                                       self.config.final_temperature,
                                       self.config.max_iterations)
            return base_schedule
        else:
            raise ValueError(f"Unknown annealing schedule: {self.config.annealing_schedule}")


CONFIG = QUBOConfig(max_iterations=40, initial_temperature=5.0, final_temperature=0.05)


@jax.jit
def f(Q_matrix, linear_terms, initial_solution):
    formulation = QUBOFormulation(Q_matrix.shape[0])
    formulation.Q_matrix = Q_matrix
    formulation.linear_terms = linear_terms
    return QUBOOptimizer(CONFIG).optimize(formulation, initial_solution)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    n = 8
    A = rng.normal(size=(n, n))
    Q = ((A + A.T) / 2).astype(np.float32)
    c = rng.normal(size=(n,)).astype(np.float32)
    x0 = rng.integers(0, 2, size=(n,)).astype(np.float32)
    return Q, c, x0


INPUTS = make_inputs


@jax.jit
def reference_fix(Q_matrix, linear_terms, initial_solution):
    n_vars = Q_matrix.shape[0]
    energy = lambda x: x.T @ Q_matrix @ x + linear_terms @ x
    temps = jnp.linspace(CONFIG.initial_temperature, CONFIG.final_temperature,
                         CONFIG.max_iterations)

    def body(i, carry):
        cur, cur_e, best, best_e = carry
        key = jax.random.PRNGKey(CONFIG.random_seed + i)
        idx = jax.random.randint(key, (), 0, n_vars)
        new = cur.at[idx].set(1 - cur[idx])
        new_e = energy(new)
        diff = new_e - cur_e
        acc = (diff < 0) | (jax.random.uniform(key) < jnp.exp(-diff / temps[i]))
        cur = jnp.where(acc, new, cur)
        cur_e = jnp.where(acc, new_e, cur_e)
        better = acc & (cur_e < best_e)
        best = jnp.where(better, cur, best)
        best_e = jnp.where(better, cur_e, best_e)
        return cur, cur_e, best, best_e

    e0 = energy(initial_solution)
    _, _, best, best_e = lax.fori_loop(0, CONFIG.max_iterations, body,
                                       (initial_solution, e0, initial_solution, e0))
    return best, best_e
