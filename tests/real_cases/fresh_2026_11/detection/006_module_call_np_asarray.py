"""A submodule's `__call__` converts its input with NumPy's `np.asarray`, two method calls below the jitted function.

source: https://github.com/unifyai/ivy/pull/16255 (Sam-Armstrong's minimal example: TestFlaxLinear.__call__ does `x = np.asarray(x)`)
error: TracerArrayConversionError
category: method-numpy-on-tracer
expect: fix
notes: Flax is not installed, so the two `flax.linen.Module`s become plain classes with the same `setup`/`__call__` structure: `nn.Dense(out_size)` is replaced by a fixed NumPy weight matrix and bias built from the sizes, `setup` is called from `__init__`, and the unused `device` field is dropped; `TestFlaxModule.__call__` is verbatim. The model is applied in a jitted `f`. `np.asarray(tracer)` raises; `jnp.asarray` (or dropping the conversion) is the fix from the PR.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class TestFlaxLinear:
    def __init__(self, in_size, out_size):
        self.in_size = in_size
        self.out_size = out_size
        self.setup()

    def setup(self):
        self._kernel = np.linspace(-1.0, 1.0, self.in_size * self.out_size,
                                   dtype=np.float32).reshape(self.in_size, self.out_size)
        self._bias = np.full((self.out_size,), 0.1, dtype=np.float32)

    def __call__(self, x):
        x = np.asarray(x)
        return x @ self._kernel + self._bias


class TestFlaxModule:
    def __init__(self, in_size, out_size, hidden_size=4):
        self.in_size = in_size
        self.out_size = out_size
        self.hidden_size = hidden_size
        self.setup()

    def setup(self):
        self._linear0 = TestFlaxLinear(self.in_size, self.hidden_size)
        self._linear1 = TestFlaxLinear(self.hidden_size, self.hidden_size)
        self._linear2 = TestFlaxLinear(self.hidden_size, self.out_size)

    def __call__(self, x):
        x = jnp.expand_dims(x, 0)
        x = jnp.tanh(self._linear0(x))
        x = jnp.tanh(self._linear1(x))
        return jnp.tanh(self._linear2(x))[0]


model = TestFlaxModule(in_size=2, out_size=3)


@jax.jit
def f(x):
    return model(x)
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(size=(2,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    x = jnp.expand_dims(x, 0)
    for lin in (model._linear0, model._linear1, model._linear2):
        x = jnp.tanh(x @ lin._kernel + lin._bias)
    return x[0]
