"""vmcnet's `_get_nelec_per_spin` runs `jnp.diff` on a static spin split, so orbital counts become tracers.

source: jeffminlin/vmcnet vmcnet/models/construct.py (`_get_nelec_per_spin` and `SingleDeterminantFermiNet.__call__`, the version stored in the code index); https://github.com/jeffminlin/vmcnet/pull/14 ("Fix jnp.diff causing issues during tracing": `_get_nelec_per_spin` was breaking under `jax.jit`/`jax.pmap`); the later `FermiNet.__call__` of the same file computes the counts with plain Python ints
error: TypeError
category: staged-constant-used-as-shape
expect: fix
notes: `_get_nelec_per_spin` is verbatim (docstring trimmed). Under jit, `jnp.diff(jnp.array(spin_split))` stages the static tuple, so `norbitals_per_spin` holds tracers (except its first entry) although every input to it is a Python int. The flax backflow is replaced by a fixed feature map, and the orbital layer by one flax-style `Dense(norb)` per spin whose kernel is drawn from a key of shape (in_features, norb), which is where the count is used as a size (JAX raises TypeError "Shapes must be 1D sequences of concrete values"); `logdet_product` is a sum of slogdets. Three spins (`spin_split=(2, 5)` over 7 electrons) so that the diff is non-empty.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Sequence, Tuple, Union

import jax
import jax.numpy as jnp


def _get_nelec_per_spin(
    spin_split: Union[int, Sequence[int]], nelec_total: int
) -> Tuple[int, ...]:
    """From a spin_split and nelec_total, get the number of particles per spin."""
    if isinstance(spin_split, int):
        return (nelec_total // spin_split,) * spin_split
    else:
        spin_diffs = tuple(jnp.diff(jnp.array(spin_split)))
        return (spin_split[0],) + spin_diffs + (nelec_total - spin_split[-1],)


def logdet_product(orbitals):
    return sum(jnp.linalg.slogdet(orb)[1] for orb in orbitals)


class Dense:
    def __init__(self, features):
        self.features = features

    def __call__(self, x, key):
        kernel = jax.random.normal(key, (x.shape[-1], self.features)) / jnp.sqrt(x.shape[-1])
        return x @ kernel


class SingleDeterminantOrbitals:
    def __init__(self, spin_split):
        self.spin_split = spin_split

    def __call__(self, elec_pos, A, key):
        nelec_total = elec_pos.shape[-2]
        norbitals_per_spin = _get_nelec_per_spin(self.spin_split, nelec_total)
        stream_1e = jnp.tanh(elec_pos @ A)
        split_streams = jnp.split(stream_1e, self.spin_split, axis=-2)
        keys = jax.random.split(key, len(norbitals_per_spin))
        orbitals = [
            Dense(norb)(stream, k)
            for stream, norb, k in zip(split_streams, norbitals_per_spin, keys)
        ]
        return logdet_product(orbitals)


model = SingleDeterminantOrbitals(spin_split=(2, 5))


@jax.jit
def f(elec_pos, A, key):
    return model(elec_pos, A, key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    elec_pos = rng.normal(size=(7, 3)).astype(np.float32)
    A = rng.normal(size=(3, 6)).astype(np.float32)
    key = rng.integers(0, 2**31, size=(2,)).astype(np.uint32)
    return (elec_pos, A, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(elec_pos, A, key):
    stream_1e = jnp.tanh(elec_pos @ A)
    keys = jax.random.split(key, 3)
    total = 0.0
    for stream, norb, k in zip(jnp.split(stream_1e, (2, 5), axis=-2), (2, 3, 2), keys):
        kernel = jax.random.normal(k, (stream.shape[-1], norb)) / jnp.sqrt(stream.shape[-1])
        total = total + jnp.linalg.slogdet(stream @ kernel)[1]
    return total
