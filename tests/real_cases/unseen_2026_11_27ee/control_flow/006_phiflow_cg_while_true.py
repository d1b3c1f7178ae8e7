"""PhiFlow's generic batched conjugate gradient before it used Backend.while_loop: `while True` ... `if self.all(finished): return`.

source: tum-pbs/PhiFlow phi/math/backend/_backend.py, revision holding `Backend.conjugate_gradient` with a Python `while True:` loop (code-index file id 44370749099; BasicSolveResult/FullSolveResult namedtuples at the top of the same file). Later revisions of the same path (e.g. code-index file id 510285636) restructure the solver around `self.while_loop(...)`, which the JAX backend (phi/jax/_jax_backend.py) maps to `jax.lax.while_loop` when values are tracers.
error: TracerBoolConversionError
category: while-true-convergence-return
expect: fix
notes: `conjugate_gradient` is verbatim (the trajectory/FullSolveResult paths are kept). The abstract `Backend` is replaced by a small `JaxBackend` stand-in implementing only the methods the solver calls (to_float, copy, shape, maximum, sum, zeros, ones, all, isfinite, to_int32, divide_no_nan) with jax.numpy, as PhiFlow's JAX backend does; `DType` is reduced to a namedtuple; `as_linear_function` (phi.math) is a stand-in that turns a matrix into a batched mat-vec; `combined_dim` is verbatim from the same file. Entry point `f = jax.jit(solve)` with rtol/atol/max_iter/ret fixed.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from collections import namedtuple
from typing import Any

import jax
import jax.numpy as jnp

BasicSolveResult = namedtuple('BasicSolveResult', [
    'x', 'converged', 'diverged',
])
FullSolveResult = namedtuple('FullSolveResult', [
    'x', 'residual', 'iterations', 'function_evaluations', 'converged', 'diverged', 'message',
])
DType = namedtuple('DType', ['kind', 'bits'])


def combined_dim(dim1, dim2, type_str: str = 'batch'):
    if dim1 is None and dim2 is None:
        return None
    if dim1 is None or dim1 == 1:
        return dim2
    if dim2 is None or dim2 == 1:
        return dim1
    assert dim1 == dim2, f"Incompatible {type_str} dimensions: x0 {dim1}, y {dim2}"
    return dim1


def as_linear_function(lin, backend):
    if callable(lin):
        return lin
    return lambda x: jnp.einsum('ij,bj->bi', lin, x)


class JaxBackend:

    def to_float(self, x):
        return jnp.asarray(x, jnp.float32)

    def to_int32(self, x):
        return jnp.asarray(x, jnp.int32)

    def copy(self, tensor, only_mutable=False):
        return jnp.array(tensor, copy=True)

    def shape(self, tensor):
        return jnp.shape(tensor)

    def maximum(self, a, b):
        return jnp.maximum(a, b)

    def sum(self, value, axis=None, keepdims=False):
        return jnp.sum(value, axis=axis, keepdims=keepdims)

    def zeros(self, shape, dtype: DType = None):
        return jnp.zeros(shape, dtype=jnp.int32 if dtype is not None and dtype.kind is int else jnp.float32)

    def ones(self, shape, dtype: DType = None):
        return jnp.ones(shape, dtype=jnp.int32 if dtype is not None and dtype.kind is int else jnp.float32)

    def all(self, boolean_tensor, axis=None, keepdims=False):
        return jnp.all(boolean_tensor, axis=axis, keepdims=keepdims)

    def isfinite(self, x):
        return jnp.isfinite(x)

    def divide_no_nan(self, x, y):
        return jnp.nan_to_num(x / y, copy=True, nan=0)

    def conjugate_gradient(self, lin, y, x0, rtol, atol, max_iter, ret: type) -> Any:
        """ Standard conjugate gradient algorithm. Signature matches to `Backend.linear_solve()`. """
        # Based on "An Introduction to the Conjugate Gradient Method Without the Agonizing Pain" by Jonathan Richard Shewchuk
        # symbols: dx=d, dy=q, step_size=alpha, residual_squared=delta, residual=r, y=b
        f = as_linear_function(lin, self)
        y = self.to_float(y)
        x0 = self.copy(self.to_float(x0), only_mutable=True)
        batch_size = combined_dim(self.shape(y)[0], self.shape(x0)[0])
        tolerance_sq = self.maximum(rtol ** 2 * self.sum(y ** 2, -1), atol ** 2)
        x = x0
        dx = residual = y - f(x)
        it_counter = 0
        iterations = self.zeros([batch_size], DType(int, 32))
        function_evaluations = self.ones([batch_size], DType(int, 32))
        residual_squared = self.sum(residual ** 2, -1, keepdims=True)
        trajectory = [] if ret == 'trajectory' else None
        while True:
            diverged = ~self.all(self.isfinite(x), axis=(1,))
            converged = self.all(residual_squared <= tolerance_sq, axis=(1,))
            if trajectory is not None:
                trajectory.append(FullSolveResult(x, residual, iterations, function_evaluations, converged, diverged, ""))
            finished = converged | diverged | (iterations >= max_iter); not_finished_1 = self.to_int32(~finished)  # ; active = self.to_float(self.expand_dims(not_finished_1, -1))
            if self.all(finished):
                return BasicSolveResult(x, converged, diverged) if ret == BasicSolveResult else (FullSolveResult(x, residual, iterations, function_evaluations, converged, diverged, "") if ret == FullSolveResult else trajectory)
            it_counter += 1; iterations += not_finished_1
            dy = f(dx); function_evaluations += not_finished_1
            dx_dy = self.sum(dx * dy, axis=-1, keepdims=True)
            step_size = self.divide_no_nan(residual_squared, dx_dy)
            x += step_size * dx
            if it_counter % 50 == 0:
                residual = y - f(x); function_evaluations += 1
            else:
                residual -= step_size * dy
            residual_squared_old = residual_squared
            residual_squared = self.sum(residual ** 2, -1, keepdims=True)
            dx = residual + self.divide_no_nan(residual_squared, residual_squared_old) * dx


BACKEND = JaxBackend()


def solve(A, y, x0):
    return BACKEND.conjugate_gradient(A, y, x0, 1e-5, 1e-5, 200, BasicSolveResult)


f = jax.jit(solve)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 64
    q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    eig = np.geomspace(1.0, float(rng.choice([5.0, 60.0, 300.0])), n)
    A = (q * eig) @ q.T
    A = (0.5 * (A + A.T)).astype(np.float32)
    y = rng.normal(size=(3, n)).astype(np.float32)
    y[0] = 0.0  # converged before the first step
    x0 = np.zeros((3, n), np.float32)
    return (A, y, x0)


INPUTS = make_inputs


@jax.jit
def reference_fix(A, y, x0):
    rtol, atol, max_iter = 1e-5, 1e-5, 200
    fl = lambda x: jnp.einsum('ij,bj->bi', A, x)
    dnn = lambda a, b: jnp.nan_to_num(a / b, nan=0)
    y = jnp.asarray(y, jnp.float32)
    x = jnp.asarray(x0, jnp.float32)
    batch = y.shape[0]
    tolerance_sq = jnp.maximum(rtol ** 2 * jnp.sum(y ** 2, -1), atol ** 2)
    dx = residual = y - fl(x)
    iterations = jnp.zeros([batch], jnp.int32)
    fevals = jnp.ones([batch], jnp.int32)
    rsq = jnp.sum(residual ** 2, -1, keepdims=True)

    def status(x, rsq, iterations):
        diverged = ~jnp.all(jnp.isfinite(x), axis=(1,))
        converged = jnp.all(rsq <= tolerance_sq, axis=(1,))
        finished = converged | diverged | (iterations >= max_iter)
        return converged, diverged, finished

    def cond(c):
        it, x, dx, residual, rsq, iterations, fevals = c
        return ~jnp.all(status(x, rsq, iterations)[2])

    def body(c):
        it, x, dx, residual, rsq, iterations, fevals = c
        nf = (~status(x, rsq, iterations)[2]).astype(jnp.int32)
        it = it + 1
        iterations = iterations + nf
        dy = fl(dx)
        fevals = fevals + nf
        step = dnn(rsq, jnp.sum(dx * dy, axis=-1, keepdims=True))
        x = x + step * dx
        residual = lax.cond(it % 50 == 0, lambda: y - fl(x), lambda: residual - step * dy)
        fevals = fevals + jnp.where(it % 50 == 0, 1, 0)
        rsq_old = rsq
        rsq = jnp.sum(residual ** 2, -1, keepdims=True)
        dx = residual + dnn(rsq, rsq_old) * dx
        return it, x, dx, residual, rsq, iterations, fevals

    c = lax.while_loop(cond, body, (0, x, dx, residual, rsq, iterations, fevals))
    converged, diverged, _ = status(c[1], c[4], c[5])
    return BasicSolveResult(c[1], converged, diverged)
