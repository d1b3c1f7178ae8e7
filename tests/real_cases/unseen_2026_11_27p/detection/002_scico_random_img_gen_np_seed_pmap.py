"""NumPy's global RNG seeded with a per-device seed inside jax.pmap (scico's blur-data test generator).

source: lanl/scico scico/test/flax/test_examples_flax.py at 089819e6322f6a129fc0ae8e9f5a7b333603c9fd (test_blur_data_generation's `random_img_gen`) called through scico/flax/examples/data_generation.py `distributed_data_generation` (the jax.pmap revision, code-index file 45288737060: `jax.pmap(imgenf, static_broadcasted_argnums=(1, 2))(seeds, size, ndata_per_proc)` with `seeds = jnp.arange(nproc)`); failure reported in https://github.com/lanl/scico/issues/535 (`__index__` raised from `_mt19937.pyx`), fixed by https://github.com/lanl/scico/pull/541 ("Consistently use jax-based random generation")
error: TracerArrayConversionError
category: numpy-rng-on-tracer
expect: report
notes: random_img_gen is verbatim. `f` is the pmap that distributed_data_generation applies to the generator (same static_broadcasted_argnums); the inputs are that function's `seeds = jnp.arange(nproc)`, size and images per device. Under pmap the seed is a tracer, and `np.random.seed` mutates NumPy's global RNG state, so there is no jit-safe rewrite that reproduces the eager values (the project's fix switched to jax.random, which changes the numbers).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import numpy as np


def random_img_gen(seed, size, ndata):
    np.random.seed(seed)
    return np.random.randn(ndata, size, size, 1)


f = jax.pmap(random_img_gen, static_broadcasted_argnums=(1, 2))
# --- end user code ---


def make_inputs(rng):
    nproc = jax.device_count()
    seeds = (np.arange(nproc) + int(rng.integers(0, 1000))).astype(np.int32)
    return (seeds, 8, 2)


INPUTS = make_inputs
