"""Look-alike: a jitted population method that slices by an `int(...)` property -- of a static shape, not of a traced value.

source: adaptive-intelligent-robotics/Dominated-Novelty-Search qdax/core/populations/ga_population.py at e49558cdc38e631728f841a60e93b4f2bebe3ee1 (GAPopulation.max_size, GAPopulation.size, GAPopulation.add)
error: none
category: negative
expect: untouched
notes: the class is kept as written except that the base `qdax.core.populations.population.Population` (a flax.struct PyTreeNode) is replaced by a small stand-in dataclass registered as a pytree with a `replace` method, and `init`/`sample` are dropped; `from __future__ import annotations` is dropped (the case file needs its docstring first) so the `-> GAPopulation` annotation is quoted. The jitted `add` slices `indices[: self.max_size]`, where `max_size` is `int(first_leaf.shape[0])` -- a static shape, fine under jit. The sibling property `size` (`int(jnp.sum(valid))`) would leak, but nothing under jit calls it; a fixer must leave the file alone. `f` jits `add` on a population, as the project does with `@jax.jit` on the method.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp

Fitness = jax.Array
Genotype = jax.Array


@dataclasses.dataclass
class Population:
	# stand-in for qdax's flax.struct.PyTreeNode base
	def replace(self, **updates):
		return dataclasses.replace(self, **updates)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class GAPopulation(Population):
	"""Population class for genetic algorithms.

	Args:
	    genotypes: Genotypes of the individuals in the population.
	    fitnesses: Fitnesses of the individuals in the population.
	"""

	genotypes: Genotype
	fitnesses: Fitness

	@property
	def max_size(self) -> int:
		"""Gives the max size of the population."""
		first_leaf = jax.tree.leaves(self.genotypes)[0]
		return int(first_leaf.shape[0])

	@property
	def size(self) -> int:
		"""Gives the size of the population."""
		valid = self.fitnesses != -jnp.inf
		return int(jnp.sum(valid))

	@jax.jit
	def add(
		self, batch_of_genotypes: Genotype, batch_of_fitnesses: Fitness
	) -> "GAPopulation":
		"""Adds a batch of genotypes to the population.

		Parents and offsprings are gathered and only the population_size
		bests are kept. The others are killed.

		Args:
		    batch_of_genotypes: new genotypes that we try to add.
		    batch_of_fitnesses: fitness of those new genotypes.

		Returns:
		    The updated population.
		"""

		# gather individuals and fitnesses
		candidates = jax.tree.map(
			lambda x, y: jnp.concatenate((x, y), axis=0),
			self.genotypes,
			batch_of_genotypes,
		)
		candidates_fitnesses = jnp.concatenate(
			(self.fitnesses, batch_of_fitnesses), axis=0
		)

		# sort by fitnesses
		indices = jnp.argsort(jnp.sum(candidates_fitnesses, axis=1))[::-1]

		# keep only the best ones
		survivor_indices = indices[: self.max_size]

		# keep only the best ones
		new_candidates = jax.tree.map(lambda x: x[survivor_indices], candidates)

		new_population = self.replace(
			genotypes=new_candidates, fitnesses=candidates_fitnesses[survivor_indices]
		)
		return new_population


@jax.jit
def f(genotypes, fitnesses, batch_of_genotypes, batch_of_fitnesses):
	population = GAPopulation(genotypes=genotypes, fitnesses=fitnesses)
	new_population = population.add(batch_of_genotypes, batch_of_fitnesses)
	return new_population.genotypes, new_population.fitnesses
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pop, batch, d = 6, 4, 3
    genotypes = rng.normal(size=(pop, d)).astype(np.float32)
    fitnesses = rng.normal(size=(pop, 1)).astype(np.float32)
    fitnesses[-2:] = -np.inf  # empty slots, as after GAPopulation.init
    batch_of_genotypes = rng.normal(size=(batch, d)).astype(np.float32)
    batch_of_fitnesses = rng.normal(size=(batch, 1)).astype(np.float32)
    return (genotypes, fitnesses, batch_of_genotypes, batch_of_fitnesses)


INPUTS = make_inputs
