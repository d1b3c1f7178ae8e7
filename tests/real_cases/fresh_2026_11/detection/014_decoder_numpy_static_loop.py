"""The fixed Decoder: the same loop over config tuples, now driven by NumPy's `onp.arange`, which stays concrete under jit.

source: EiffL/Quarks2CosmosDataChallenge quarks2cosmos/models/vae.py at 8b6e7d4f80ae88d6c453b469318dbc72215261ae (Decoder.__call__ after https://github.com/EiffL/Quarks2CosmosDataChallenge/pull/6)
error: none
category: negative-numpy-on-static-constants
expect: untouched
notes: the look-alike of case 005, with the same Haiku/TFP stand-ins (fixed matrix for `hk.Linear`, a small `BlockGroup` class, no final conv, padded mean returned); `for i in onp.arange(5)[::-1]` is the upstream line. `i` is a NumPy integer, so indexing `self.channels_per_group[i]` and `"%d" % (i)` are ordinary Python; NumPy here only touches static constants, so a fixer must not rewrite it to jnp.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as onp

_W = onp.linspace(-1.0, 1.0, 4 * 9, dtype=onp.float32).reshape(4, 9)


class BlockGroup:
  """Stand-in for quarks2cosmos.models.convdae.BlockGroup (no Haiku here)."""

  def __init__(self, channels, num_blocks, stride, bn_config, bottleneck,
               use_projection, transpose, name=None):
    self.channels = channels
    self.num_blocks = num_blocks
    self.stride = stride
    self.use_projection = use_projection
    self.name = name

  def __call__(self, net, is_training, test_local_stats):
    for _ in range(self.num_blocks):
      net = jnp.tanh(net * self.stride + self.channels / 128.)
    if self.use_projection:
      net = 0.5 * net
    return net


class Decoder:
  def __init__(self,
               blocks_per_group=(2, 2, 2, 2, 2),
               bn_config=False,
               bottleneck=False,
               channels_per_group=(32, 64, 128, 128, 32),
               use_projection=(True, True, True, True, True),
               name=None):
    bn_config = dict(bn_config or {})
    bn_config.setdefault("decay_rate", 0.9)
    bn_config.setdefault("eps", 1e-5)
    bn_config.setdefault("create_scale", True)
    bn_config.setdefault("create_offset", True)
    self.bn_config = bn_config
    self.channels_per_group = channels_per_group
    self.blocks_per_group = blocks_per_group
    self.use_projection = use_projection
    self.bottleneck = bottleneck

  def __call__(self, inputs, is_training=False, test_local_stats=False):

    # Expand and reshape inputs
    net = inputs @ _W
    net = net.reshape([-1,3,3,1])

    strides = (1, 2, 2, 2, 2)
    for i in onp.arange(5)[::-1]:
      net = BlockGroup(channels=self.channels_per_group[i],
                     num_blocks=self.blocks_per_group[i],
                     stride=strides[i],
                     bn_config=self.bn_config,
                     bottleneck=self.bottleneck,
                     use_projection=self.use_projection[i],
                     transpose=True,
                     name="up_block_group_%d" % (i))(net, is_training, test_local_stats)

    # Adding padding to recover the output shape
    net = net[...,0]
    net = jnp.pad(net,[[0,0],[3,2],[3,2]])
    return net.mean(axis=(1, 2))


decoder = Decoder(blocks_per_group=(1, 2, 1, 2, 1),
                  channels_per_group=(32, 64, 128, 96, 16),
                  use_projection=(True, False, True, False, True))


@jax.jit
def f(inputs):
  return decoder(inputs)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(scale=0.3, size=(int(rng.integers(1, 4)), 4)).astype(np.float32),)


INPUTS = make_inputs
