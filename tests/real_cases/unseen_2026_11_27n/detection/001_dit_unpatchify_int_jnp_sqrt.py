"""A Flax DiT's `unpatchify` method computes a static grid size with `int(jnp.sqrt(x.shape[1]))`.

source: public JAX/Flax DiT model file in the code index (classes TimestepEmbedder, LabelEmbedder, DiTBlock, FinalLayer, PatchEmbed, DiT; method `DiT.unpatchify`, called at the end of `DiT.__call__`); content-search id 34233687022, the index did not name the repository
error: ConcretizationTypeError
category: method-int-of-jnp-on-static-shape
expect: fix
notes: flax is not installed, so `DiT` is rewritten as a plain class keeping only what `unpatchify` reads (`out_channels` computed as in `setup`, `patch_size`); `unpatchify` is verbatim. `f` jits the tail of `DiT.__call__` (`x = self.unpatchify(x)` then the NCHW transpose) on the final layer's output. `x.shape[1]` is a Python int, but `jnp.sqrt` stages it into the trace under jit, so `int()` fails. Jit-safe fix: compute the side with NumPy/math (`int(np.sqrt(x.shape[1]))`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class DiT:
    def __init__(self, patch_size: int = 2, in_channels: int = 4, learn_sigma: bool = False):
        self.patch_size = patch_size
        self.in_channels = in_channels
        self.learn_sigma = learn_sigma
        self.out_channels = self.in_channels * 2 if self.learn_sigma else self.in_channels

    def unpatchify(self, x: jnp.ndarray) -> jnp.ndarray:
        c = self.out_channels
        p = self.patch_size
        h = w = int(jnp.sqrt(x.shape[1]))
        x = x.reshape(x.shape[0], h, w, p, p, c)
        x = jnp.einsum("nhwpqc->nchpwq", x)
        imgs = x.reshape(x.shape[0], c, h * p, h * p)
        imgs = jnp.transpose(imgs, (0, 2, 3, 1))
        return imgs


model = DiT(patch_size=2, in_channels=4, learn_sigma=True)


@jax.jit
def f(x):
    x = model.unpatchify(x)
    x = jnp.transpose(x, (0, 3, 1, 2))
    return x
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # (batch, num_patches = 4x4, patch_size * patch_size * out_channels = 2*2*8)
    return (rng.normal(size=(2, 16, 32)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    c = model.out_channels
    p = model.patch_size
    h = w = int(np.sqrt(x.shape[1]))
    x = x.reshape(x.shape[0], h, w, p, p, c)
    x = jnp.einsum("nhwpqc->nchpwq", x)
    imgs = x.reshape(x.shape[0], c, h * p, h * p)
    imgs = jnp.transpose(imgs, (0, 2, 3, 1))
    return jnp.transpose(imgs, (0, 3, 1, 2))
