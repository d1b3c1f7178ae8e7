"""easy-neural-ode's Flatten + aug_init: shapes and `== -1` tests on static values inside jit.

source: jacobjinkelly/easy-neural-ode mnist.py at 04680ebad3cfd072cc9e61cca00a2933e5190065 (Flatten, aug_init, module-level reg_type)
error: none
category: negative-static-shape
expect: untouched
notes: Flatten.__call__ and aug_init are verbatim; hk.Module became a plain class and the argparse-driven `reg_type` a module constant with its default "our". `f` chains them the way init_model's forward does (pre-ODE flatten, then the augmented ODE state). `jnp.reshape(x, (x.shape[0], -1))`, `if batch_size == -1`, `batch_size = y.shape[0]` and `jnp.zeros(batch_size)` all use static shapes or Python constants: a look-alike of the MLPDynamics leak (case 001) that needs no change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

reg_type = "our"


# set up modules
class Flatten:
    """
    Flatten all dimensions except batch dimension.
    """

    def __init__(self):
        super(Flatten, self).__init__()

    def __call__(self, x):
        return jnp.reshape(x, (x.shape[0], -1))


def aug_init(y, batch_size=-1):
    """
    Flatten the dynamics and append regularization dynamics.
    We need to flatten the dynamics first since they may be convolutional
    (has width, height, and channels).
    """
    if batch_size == -1:
        batch_size = y.shape[0]
    if reg_type == "our":
        return y, jnp.zeros(batch_size)
    else:
        return y, jnp.zeros(batch_size), jnp.zeros(batch_size)


@jax.jit
def f(images):
    out_pre_ode = Flatten()(images.astype(jnp.float32) / 255.)
    return aug_init(out_pre_ode)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(0, 256, size=(3, 4, 4, 1)).astype(np.uint8),)


INPUTS = make_inputs
