"""An equinox activation ring buffer whose `@jax.jit` is commented out: builtin min() on the traced fill count.

source: a sparse-autoencoder training module in the public code index (class ActivationBuffer(eqx.Module) "A simple ring buffer for activations", BufferTrainerConfig, BufferTrainer with GPT-2 / openwebtext defaults; code-index file id 48506213736; the index does not name the repository). The author left `# @jax.jit  # out-of-place update would be slow without jit` above `ActivationBuffer.__call__`.
error: TracerBoolConversionError
category: builtin-min-on-tracer
expect: fix
notes: `new_n_valid = min(n_valid + offsets[-1], self.max_samples)` compares a traced count with an int, so Python's min() needs its truth value; jnp.minimum is the fix. The `if mask is None` branch is static and must stay. ActivationBuffer copied as stored (sample_batch and the trainer dropped). Adapted: equinox is not installed here, so `eqx.Module`, `eqx.nn.StateIndex`, `eqx.nn.State` (get/set returning a new state) and `eqx.nn.make_with_state` are replaced by small stand-ins of the same behaviour. Entry point added: the buffer is built with make_with_state as BufferTrainer does (float32 instead of the float16 default, max_samples 8, 4 features) and one `buffer(activations, state)` call is jitted, taking and returning the cache and the fill count. Inputs never pass a mask (the trainer only passes one when the model returns it), so scatter indices are unique.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class eqx:  # stand-ins for the parts of equinox used below
    class Module:
        pass

    class nn:
        class StateIndex:
            def __init__(self, init):
                self.init = init

        class State:
            def __init__(self, values):
                self._values = dict(values)

            def get(self, index):
                return self._values[index]

            def set(self, index, value):
                values = dict(self._values)
                values[index] = value
                return eqx.nn.State(values)

        @staticmethod
        def make_with_state(cls):
            def make(*args, **kwargs):
                module = cls(*args, **kwargs)
                indices = [v for v in vars(module).values() if isinstance(v, eqx.nn.StateIndex)]
                return module, eqx.nn.State({i: jnp.asarray(i.init) for i in indices})
            return make


class ActivationBuffer(eqx.Module):
    # A simple ring buffer for activations

    max_samples: int
    n_features: int
    _cache: eqx.nn.StateIndex
    _n_valid: eqx.nn.StateIndex
    
    def __init__(self, max_samples, n_features, dtype=jnp.float16):
        self.max_samples = max_samples
        self.n_features = n_features
        self._cache = eqx.nn.StateIndex(jnp.empty((max_samples, n_features), dtype=dtype))
        self._n_valid = eqx.nn.StateIndex(0)

    # @jax.jit  # out-of-place update would be slow without jit
    def __call__(self, activations, state, mask=None):
        cache, n_valid = state.get(self._cache), state.get(self._n_valid)
        if mask is None:
            mask = jnp.ones(len(activations), dtype=bool)
        offsets = jnp.cumsum(mask) - 1
        new_n_valid = min(n_valid + offsets[-1], self.max_samples)
        # if n_valid == max_samples, we want to overwrite the oldest samples
        indices = (n_valid + offsets) % self.max_samples
        return (state
                .set(self._cache,
                     cache.at[indices].set(activations))
                .set(self._n_valid, new_n_valid))


buffer, buffer_state = eqx.nn.make_with_state(ActivationBuffer)(8, 4, dtype=jnp.float32)


def _cache_step(activations, cache, n_valid):
    state = buffer_state.set(buffer._cache, cache).set(buffer._n_valid, n_valid)
    state = buffer(activations, state)
    return state.get(buffer._cache), state.get(buffer._n_valid)


f = jax.jit(_cache_step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    k = int(rng.choice([1, 3, 5]))
    activations = rng.normal(size=(k, 4)).astype(np.float32)
    cache = rng.normal(size=(8, 4)).astype(np.float32)
    n_valid = np.int32(rng.choice([0, 3, 5, 8]))
    return (activations, cache, n_valid)


INPUTS = make_inputs


@jax.jit
def reference_fix(activations, cache, n_valid):
    k = activations.shape[0]
    offsets = jnp.arange(k)
    new_n_valid = jnp.minimum(n_valid + k - 1, 8)
    indices = (n_valid + offsets) % 8
    return cache.at[indices].set(activations), new_n_valid
