"""A Flax-style parameter initializer whose loop bound is `jnp.log2` of a static shape.

source: https://github.com/google/flax/issues/1077 (GJBoth, "Shape-dependent initialization gives concretization error at apply": `hadamard(key, shape, dtype)` used as the kernel initializer of `HadamardTransform(nn.Module)`)
error: ConcretizationTypeError
category: static-value-staged-by-jnp
expect: fix
notes: `hadamard` and `HadamardTransform.__call__` are verbatim. Flax is not installed, so `Module`/`compact`/`param` are a minimal stand-in in which `param` runs the initializer, as `Module.init` / `init_with_output` does; `f` is the jitted init-and-apply (`jax.jit(model.init_with_output)` is the usual way to build a Flax model). The shape is static (a module field), but `jnp.log2(shape[0])` is staged into the trace under jit, so `jnp.arange(lg2)` gets a tracer. A jit-safe rewrite computes the exponent with NumPy/`math` (it only depends on the static shape). n_hadamard is 8 instead of 4096 to keep the eager run small.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


class Module:
    """Minimal stand-in for flax.linen.Module: `param` runs its initializer, as during `init`."""

    def param(self, name, init_fn, *init_args):
        value = init_fn(jax.random.PRNGKey(0), *init_args)
        setattr(self, "_param_" + name, value)
        return value


def compact(fn):
    return fn


def hadamard(key, shape, dtype=jnp.float32):
    lg2 = jnp.log2(shape[0])
    H = jnp.ones((1, ), dtype=dtype)
    for i in jnp.arange(lg2):
        H = jnp.vstack([jnp.hstack([H, H]), jnp.hstack([H, -H])])
    H = 2**(-lg2 / 2) * H
    return H


@dataclasses.dataclass
class HadamardTransform(Module):
    n_hadamard: int

    @compact
    def __call__(self, X):
        kernel = self.param("kernel", hadamard, (self.n_hadamard, ))
        z = jnp.dot(X, kernel)
        return z


@jax.jit
def f(X):
    model = HadamardTransform(8)
    return model(X)
# --- end user code ---

import math

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3, 8)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(X):
    n = 8
    lg2 = math.log2(n)
    H = jnp.ones((1,), dtype=jnp.float32)
    for _ in range(int(lg2)):
        H = jnp.vstack([jnp.hstack([H, H]), jnp.hstack([H, -H])])
    H = 2 ** (-lg2 / 2) * H
    return jnp.dot(X, H)
