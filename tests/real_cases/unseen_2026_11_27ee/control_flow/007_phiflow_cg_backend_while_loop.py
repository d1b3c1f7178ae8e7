"""PhiFlow's CG after the fix: the loop body goes through JaxBackend.while_loop, which only runs a Python `while` when no value is a tracer.

source: tum-pbs/PhiFlow phi/math/backend/_backend.py, revision with `conjugate_gradient` built on `self.while_loop(cg_loop_body, ...)` and the comment `# if it_counter % 50 == 0:  # Not traceable since Python bool` (code-index file id 510285636), plus phi/jax/_jax_backend.py `JaxBackend.is_available` / `JaxBackend.while_loop` / `matmul` / `expand_dims` / `any` / `all` / `divide_no_nan` (code-index file id 1838540682)
error: none
category: negative-tracer-guarded-python-while
expect: untouched
notes: `conjugate_gradient` (with its nested `cg_loop_body`) and `linear` are verbatim from the later _backend.py; `is_available`, `while_loop`, `matmul`, `expand_dims`, `any`, `all`, `divide_no_nan` and the staticmethod aliases are verbatim from _jax_backend.py. Stand-ins: `DType` and `SolveResult` as namedtuples, `spatial_derivative_evaluation` as a no-op context manager, and the small casts (to_float, to_int32, copy, staticshape, maximum, sum, zeros, ones) with jax.numpy; the Backend base class is folded into one class. The Python `while jnp.any(...)` only runs when `is_available` sees concrete arrays (eager), otherwise `jax.lax.while_loop` is used, so the code is jit-safe. Entry point `f = jax.jit(solve)`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from collections import namedtuple
from contextlib import contextmanager

import jax
import jax.numpy as jnp
from jax.core import Tracer

DType = namedtuple('DType', ['kind', 'bits'])
SolveResult = namedtuple('SolveResult', [
    'method', 'x', 'residual', 'iterations', 'function_evaluations', 'converged', 'diverged', 'message',
])


@contextmanager
def spatial_derivative_evaluation(order=1):
    yield


class JaxBackend:
    name = "Jax"

    isfinite = staticmethod(jnp.isfinite)
    maximum = staticmethod(jnp.maximum)

    def is_available(self, tensor):
        return not isinstance(tensor, Tracer)

    def to_float(self, x):
        return jnp.asarray(x, jnp.float32)

    def to_int32(self, x):
        return jnp.asarray(x, jnp.int32)

    def copy(self, tensor, only_mutable=False):
        return jnp.array(tensor, copy=True)

    def staticshape(self, tensor):
        return jnp.shape(tensor)

    def sum(self, value, axis=None, keepdims=False):
        return jnp.sum(value, axis=axis, keepdims=keepdims)

    def zeros(self, shape, dtype: DType = None):
        return jnp.zeros(shape, dtype=jnp.int32 if dtype is not None and dtype.kind is int else jnp.float32)

    def ones(self, shape, dtype: DType = None):
        return jnp.ones(shape, dtype=jnp.int32 if dtype is not None and dtype.kind is int else jnp.float32)

    def divide_no_nan(self, x, y):
        return jnp.nan_to_num(x / y, copy=True, nan=0)

    def matmul(self, A, b):
        return jnp.stack([A.dot(b[i]) for i in range(b.shape[0])])

    def while_loop(self, loop, values: tuple):
        if all(self.is_available(t) for t in values):
            while jnp.any(values[0]):
                values = loop(*values)
            return values
        else:
            cond = lambda vals: jnp.any(vals[0])
            body = lambda vals: loop(*vals)
            return jax.lax.while_loop(cond, body, values)

    def expand_dims(self, a, axis=0, number=1):
        for _i in range(number):
            a = jnp.expand_dims(a, axis)
        return a

    def any(self, boolean_tensor, axis=None, keepdims=False):
        if isinstance(boolean_tensor, (tuple, list)):
            boolean_tensor = jnp.stack(boolean_tensor)
        return jnp.any(boolean_tensor, axis=axis, keepdims=keepdims)

    def all(self, boolean_tensor, axis=None, keepdims=False):
        if isinstance(boolean_tensor, (tuple, list)):
            boolean_tensor = jnp.stack(boolean_tensor)
        return jnp.all(boolean_tensor, axis=axis, keepdims=keepdims)

    def conjugate_gradient(self, lin, y, x0, rtol, atol, max_iter, trj: bool):
        """ Standard conjugate gradient algorithm. Signature matches to `Backend.linear_solve()`. """
        # Based on "An Introduction to the Conjugate Gradient Method Without the Agonizing Pain" by Jonathan Richard Shewchuk
        # symbols: dx=d, dy=q, step_size=alpha, residual_squared=delta, residual=r, y=b
        method = f"Φ-Flow CG ({self.name})"
        y = self.to_float(y)
        x0 = self.copy(self.to_float(x0), only_mutable=True)
        batch_size = self.staticshape(y)[0]
        tolerance_sq = self.maximum(rtol ** 2 * self.sum(y ** 2, -1), atol ** 2)
        x = x0
        dx = residual = y - self.linear(lin, x)
        iterations = self.zeros([batch_size], DType(int, 32))
        function_evaluations = self.ones([batch_size], DType(int, 32))
        residual_squared = rsq0 = self.sum(residual ** 2, -1, keepdims=True)
        diverged = self.any(~self.isfinite(x), axis=(1,))
        converged = self.all(residual_squared <= tolerance_sq, axis=(1,))
        trajectory = [SolveResult(method, x, residual, iterations, function_evaluations, converged, diverged, "")] if trj else None
        continue_ = ~converged & ~diverged & (iterations < max_iter)

        def cg_loop_body(continue_, it_counter, x, dx, residual_squared, residual, iterations, function_evaluations, _converged, _diverged):
            continue_1 = self.to_int32(continue_)
            it_counter += 1; iterations += continue_1
            with spatial_derivative_evaluation(1):
                dy = self.linear(lin, dx); function_evaluations += continue_1
            dx_dy = self.sum(dx * dy, axis=-1, keepdims=True)
            step_size = self.divide_no_nan(residual_squared, dx_dy)
            step_size *= self.expand_dims(self.to_float(continue_1), -1)  # this is not really necessary but ensures batch-independence
            x += step_size * dx
            # if it_counter % 50 == 0:
            #     residual = y - self.linear(lin, x); function_evaluations += 1
            # else:
            residual = residual - step_size * dy  # in-place subtraction affects convergence
            residual_squared_old = residual_squared
            residual_squared = self.sum(residual ** 2, -1, keepdims=True)
            dx = residual + self.divide_no_nan(residual_squared, residual_squared_old) * dx
            diverged = self.any(residual_squared / rsq0 > 1e5, axis=(1,)) & (iterations >= 8)
            converged = self.all(residual_squared <= tolerance_sq, axis=(1,))
            if trajectory is not None:
                trajectory.append(SolveResult(method, x, residual, iterations, function_evaluations, converged, diverged, ""))
                x = self.copy(x)
                iterations = self.copy(iterations)
            continue_ = ~converged & ~diverged & (iterations < max_iter)
            return continue_, it_counter, x, dx, residual_squared, residual, iterations, function_evaluations, converged, diverged

        _, _, x, _, _, residual, iterations, function_evaluations, converged, diverged = self.while_loop(cg_loop_body, (continue_, 0, x, dx, residual_squared, residual, iterations, function_evaluations, converged, diverged))
        return trajectory if trj else SolveResult(method, x, residual, iterations, function_evaluations, converged, diverged, "")

    def linear(self, lin, vector):
        if callable(lin):
            return lin(vector)
        elif isinstance(lin, (tuple, list)):
            for lin_i in lin:
                lin_shape = self.staticshape(lin_i)
                assert len(lin_shape) == 2
            return self.stack([self.matmul(m, v) for m, v in zip(lin, self.unstack(vector))])
        else:
            lin_shape = self.staticshape(lin)
            assert len(lin_shape) == 2, f"A must be a matrix but got shape {lin_shape}"
            return self.matmul(lin, vector)


BACKEND = JaxBackend()


def solve(A, y, x0):
    result = BACKEND.conjugate_gradient(A, y, x0, 1e-5, 1e-5, 200, False)
    return result.x, result.converged, result.diverged


f = jax.jit(solve)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 16
    q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    eig = np.geomspace(1.0, float(rng.choice([3.0, 20.0, 100.0])), n)
    A = (q * eig) @ q.T
    A = (0.5 * (A + A.T)).astype(np.float32)
    y = rng.normal(size=(3, n)).astype(np.float32)
    y[0] = 0.0  # converged before the loop starts
    x0 = np.zeros((3, n), np.float32)
    return (A, y, x0)


INPUTS = make_inputs
