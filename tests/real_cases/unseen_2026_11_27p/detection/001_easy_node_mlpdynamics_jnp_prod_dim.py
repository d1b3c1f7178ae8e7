"""Haiku-style dynamics module stores `jnp.prod(input_shape[1:])` on self and reshapes with it.

source: jacobjinkelly/easy-neural-ode mnist.py at 04680ebad3cfd072cc9e61cca00a2933e5190065 (MLPDynamics, sigmoid, wrap_module, the `dynamics.apply` wrapper in init_model); the same MLPDynamics is in the repo's earlier stored revision of the script (code-index file 31197091877)
error: TypeError
category: shape-from-jnp-on-static-value-stored-on-self
expect: fix
notes: sigmoid and wrap_module are verbatim; MLPDynamics keeps its body except three changes: hk.Module became a plain class (no super().__init__), hk.Linear became a small stand-in that reads its weights by name from an explicit params dict (so `params` is an extra argument of `__call__`), and the jnp.prod argument (below). `f` is init_model's `dynamics.apply` wrapper, jitted. The project ran pre-omnistaging JAX, where `jnp.prod` of a static tuple stayed concrete; under current JAX `self.dim` is a tracer inside the jitted apply and `jnp.reshape(x, (-1, self.dim))` fails ("Shapes must be 1D sequences of concrete values"). ode_shape shrunk from (-1, 28, 28, 1) to (-1, 4, 4, 1). `jnp.prod(input_shape[1:])` became `jnp.prod(jnp.asarray(input_shape[1:]))` because current jnp.prod rejects tuples (old JAX converted the tuple implicitly; the value is the same). Fix: compute the dimension with NumPy/math on the static shape.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


# some primitive functions
def sigmoid(z):
  """
  Numerically stable sigmoid.
  """
  return 1/(1 + jnp.exp(-z))


class Linear:
    """Stand-in for hk.Linear: y = x @ w + b with parameters looked up by name."""

    def __init__(self, output_size, name):
        self.output_size = output_size
        self.name = name

    def __call__(self, x, params):
        return x @ params[self.name]["w"] + params[self.name]["b"]


class MLPDynamics:
    """
    Dynamics for ODE as an MLP.
    """

    def __init__(self, input_shape):
        self.input_shape = input_shape
        self.dim = jnp.prod(jnp.asarray(input_shape[1:]))
        self.hidden_dim = 100
        self.lin1 = Linear(self.hidden_dim, name="lin1")
        self.lin2 = Linear(self.dim, name="lin2")

    def __call__(self, x, t, params):
        # vmapping means x will be a single batch element, so need to expand dims at 0
        x = jnp.reshape(x, (-1, self.dim))

        out = sigmoid(x)
        tt = jnp.ones_like(x[:, :1]) * t
        t_out = jnp.concatenate([tt, out], axis=-1)
        out = self.lin1(t_out, params)

        out = sigmoid(out)
        tt = jnp.ones_like(out[:, :1]) * t
        t_out = jnp.concatenate([tt, out], axis=-1)
        out = self.lin2(t_out, params)

        return out


def wrap_module(module, *module_args, **module_kwargs):
    """
    Wrap the module in a function to be transformed.
    """
    def wrap(*args, **kwargs):
        """
        Wrapping of module.
        """
        model = module(*module_args, **module_kwargs)
        return model(*args, **kwargs)
    return wrap


ode_shape = (-1, 4, 4, 1)
dynamics_apply = wrap_module(MLPDynamics, ode_shape)


@jax.jit
def f(params, x, t):
    return dynamics_apply(x, t, params)
# --- end user code ---

import math

import numpy as np


def make_inputs(rng):
    dim = 16
    params = {
        "lin1": {"w": rng.normal(size=(dim + 1, 100)).astype(np.float32) * 0.3,
                 "b": rng.normal(size=(100,)).astype(np.float32) * 0.1},
        "lin2": {"w": rng.normal(size=(101, dim)).astype(np.float32) * 0.1,
                 "b": rng.normal(size=(dim,)).astype(np.float32) * 0.1},
    }
    x = rng.normal(size=(3, 4, 4, 1)).astype(np.float32)
    t = np.float32(rng.uniform(0.0, 1.0))
    return (params, x, t)


INPUTS = make_inputs


class _MLPDynamicsFixed(MLPDynamics):
    def __init__(self, input_shape):
        super().__init__(input_shape)
        self.dim = math.prod(input_shape[1:])
        self.lin2 = Linear(self.dim, name="lin2")


@jax.jit
def reference_fix(params, x, t):
    return _MLPDynamicsFixed(ode_shape)(x, t, params)
