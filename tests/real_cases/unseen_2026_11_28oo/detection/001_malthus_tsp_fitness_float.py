"""MalthusJAX TSP fitness: `float()` on a fori_loop result inside a method that the base class jits.

source: LeonardoDiCaterina/MalthusJAX_old src/malthusjax/core/fitness/permutation.py at 4f6c395adbbeccdff46d79f163adf0fc317a296e (TSPFitnessEvaluator.tensor_fitness_function; code-index file id 7799477731) with src/malthusjax/core/fitness/base.py at the same commit (AbstractFitnessEvaluator.__init__ / get_tensor_fitness_function / get_batch_fitness_function; file id 7882787275)
error: ConcretizationTypeError
category: float-on-tracer-in-method
expect: fix
notes: TSPFitnessEvaluator verbatim. AbstractFitnessEvaluator trimmed to the parts that build the jitted function (`__init__`, the abstract `tensor_fitness_function`, `get_tensor_fitness_function`, `get_batch_fitness_function`, docstrings shortened; debug/evaluate_* methods and the Compatibility/AbstractGenome imports dropped). The base class wraps the bound method in `jax.jit`, so the leak sits in a method that is never decorated. `f` is the evaluator's own `_tensor_fitness_fn` (the batch function vmaps it, which cannot run eagerly either); the 8-city distance matrix is a stand-in for the caller's problem data.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from abc import ABC, abstractmethod
from typing import Callable, Optional

import jax  # type: ignore
import jax.numpy as jnp  # type: ignore
import numpy as np
from jax import Array  # type: ignore


class AbstractFitnessEvaluator(ABC):
    """
    Abstract base class for fitness evaluation using JAX vectorization.

    This class provides both individual solution evaluation and efficient
    batch evaluation using JAX's vmap and jit compilation.
    """

    def __init__(self):
        """Initialize the fitness evaluator."""
        self._tensor_fitness_fn: Optional[Callable] = self.get_tensor_fitness_function()
        self._batch_fitness_fn: Optional[Callable] = self.get_batch_fitness_function()


    @abstractmethod
    def tensor_fitness_function(self, genome_tensor: Array) -> float:
        """
        Abstract tensor-only version of fitness function for vectorized operations.

        This method must be implemented by subclasses and should be JAX-compatible
        (no Python control flow, pure functions only).
        """
        pass

    def get_tensor_fitness_function(self) -> Callable:
        """
        Get the tensor-only fitness function.

        Returns:
            Callable that takes a genome tensor and returns a float fitness value
        """
        return jax.jit(self.tensor_fitness_function)

    def get_batch_fitness_function(self) -> Callable[[jnp.ndarray], jnp.ndarray]:
        """
        Get the batch fitness function that can evaluate multiple genomes at once.
        """
        if self._tensor_fitness_fn is None:
            raise ValueError("tensor_fitness_function must be implemented")

        # Vectorize and JIT compile the tensor fitness function
        vmap_fn = jax.vmap(self._tensor_fitness_fn)
        jit_vmap_fn = jax.jit(vmap_fn)

        return jit_vmap_fn


class TSPFitnessEvaluator(AbstractFitnessEvaluator):
    def __init__(self, distance_matrix: jnp.ndarray):
        super().__init__()
        self.name = "TSPFitnessEvaluator"
        self.distance_matrix = distance_matrix

    def tensor_fitness_function(self, genome_tensor: Array) -> float:
        # Implement the fitness function for TSP using jax.lax
        indices = genome_tensor.astype(int)
        def body_fun(i, acc):
            return acc + self.distance_matrix[indices[i - 1], indices[i]]
        total_distance = jax.lax.fori_loop(1, len(indices), body_fun, 0.0)
        return float(total_distance)


_cities = np.random.default_rng(0).uniform(size=(8, 2))
_DISTANCES = jnp.asarray(np.linalg.norm(_cities[:, None, :] - _cities[None, :, :], axis=-1), dtype=jnp.float32)

f = TSPFitnessEvaluator(_DISTANCES)._tensor_fitness_fn
# --- end user code ---


def make_inputs(rng):
    genome = rng.permutation(8).astype(np.int32)
    if rng.uniform() < 0.3:
        genome[rng.integers(1, 8)] = genome[0]  # an invalid tour revisiting a city
    return (genome,)


INPUTS = make_inputs


@jax.jit
def reference_fix(genome_tensor):
    indices = genome_tensor.astype(int)

    def body_fun(i, acc):
        return acc + _DISTANCES[indices[i - 1], indices[i]]

    return jax.lax.fori_loop(1, len(indices), body_fun, 0.0)
