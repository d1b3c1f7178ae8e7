"""Look-alike: a jitted masking post-process with a loop, `!=`/`==` masks and a commented-out `jnp.where(mask)[0]`.

source: code-index file id 47522588394 (a ViT flow-field post-processing script: `test_step` under `jax.pmap`, `@jax.jit def masking(encoder, resultant, internal_value, postprocessed_internal_value)`, `post_process_state` with `vectorized_masking = jax.vmap(masking, in_axes=(0,0,None,None))`; the index does not name its repository)
error: none
category: negative-static-loop-where
expect: untouched
notes: `masking` is verbatim, decorator included. `f` is the script's own `vectorized_masking = jax.vmap(masking, in_axes=(0,0,None,None))`. Everything is jit-safe: the loop bound `shape[-1]` is a static shape, the mask is used by multiplication, and the value replacement uses three-argument `jnp.where`; the unary `jnp.where(mask)[0]` and `.at[internal_value_idx]` are only in comments. The script's I/O, flax/optax/tfds parts and `post_process_state` are dropped.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax


@jax.jit
def masking(encoder, resultant, internal_value, postprocessed_internal_value):
    shape = resultant.shape
    #print(shape)
    encoder = encoder.flatten(order='C')
    mask = (encoder != internal_value)
    #mask1 = jnp.where(mask == False, postprocessed_internal_value, 1)
    #internal_value_idx = jnp.where(mask)[0]
    resultant = resultant.reshape(-1,3).transpose()
    for i in range(shape[-1]):
        array = jnp.copy(resultant[i]) * mask # .at[internal_value_idx].set(postprocessed_internal_value))
        array = jnp.where(array == internal_value, postprocessed_internal_value, array)
        resultant = resultant.at[i].set(array)
    resultant = resultant.transpose()
    resultant = resultant.reshape(shape)
    return resultant


f = jax.vmap(masking, in_axes=(0,0,None,None))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    b, h, w = 2, 8, 8
    # encoder: geometry channel, internal (solid) cells carry internal_value = 0.0
    encoder = rng.uniform(0.5, 1.5, size=(b, h, w, 1)).astype(np.float32)
    r0, c0 = rng.integers(1, 4), rng.integers(1, 4)
    encoder[:, r0:r0 + 3, c0:c0 + 3, :] = 0.0
    resultant = rng.normal(size=(b, h, w, 3)).astype(np.float32)
    postprocessed = float(rng.uniform(-2.0, 2.0))
    return (encoder, resultant, 0.0, postprocessed)


INPUTS = make_inputs
