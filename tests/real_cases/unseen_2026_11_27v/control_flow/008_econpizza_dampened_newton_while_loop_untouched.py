"""econpizza's dampened Newton inner iteration: convergence test `eps > tol` and `cnt <= maxit` already inside lax.while_loop (untouched).

source: gboehl/econpizza econpizza/utilities/newton.py at 02cc2b80482d8cbdc1cd2d06926bbad0d6443078 (iteration_step, iteration_cond, jvp_while_body)
error: none
category: negative-while-loop-convergence
expect: untouched
notes: iteration_step, iteration_cond and jvp_while_body verbatim. `amax` comes from grgrjax; a one-line stand-in
  (max absolute value, which is what grgrjax.amax computes) replaces the import. Entry point added: f runs one outer
  Newton step of jvp_while_body for a small nonlinear system F(x) = A x + 0.1 tanh(x) - b, with jvp_func a
  jax.tree_util.Partial over jax.jvp (it travels in the while_loop carry, so it must be a pytree) and the LU factor of A as the approximate Jacobian (econpizza passes the model's jvp and an LU factor of its
  steady-state Jacobian). It looks like a hand-written convergence loop (tolerance, counter, dampening with min), but
  every test is a traced jnp expression fed to lax.while_loop; nothing reaches Python control flow.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def amax(x):  # stand-in for grgrjax.amax
    return jnp.abs(x).max()


def iteration_step(carry):
    (y, dampening, cnt), (x, f, jvp_func, jacobian, factor), (_, tol, maxit) = carry
    _, v = jvp_func(x, y)
    v = jax.scipy.linalg.lu_solve(jacobian, v)
    dampening = jnp.minimum(dampening, factor*(y.T@y)/(v.T@y))
    diff = f-v
    y += dampening*diff
    eps = amax(diff)
    return (y, dampening, cnt+1), (x, f, jvp_func, jacobian, factor), (eps, tol, maxit)


def iteration_cond(carry):
    (_, _, cnt), _, (eps, tol, maxit) = carry
    return jnp.logical_and(cnt <= maxit, eps > tol)


def jvp_while_body(carry):
    (x, _, _, cnt), (jvp_func, jacobian, maxit,
                     nsteps, tol, factor, verbose) = carry
    # first iteration
    f, _ = jvp_func(x, jnp.zeros_like(x))
    f = jax.scipy.linalg.lu_solve(jacobian, f)
    # other iterations
    init = ((f, 1., 0), (x, f, jvp_func, jacobian, factor), (1e8, 1e-5, nsteps))
    (y, dampening, cnt_inner), _, _ = jax.lax.while_loop(
        iteration_cond, iteration_step, init)
    return (x-y, amax(f), dampening, cnt+cnt_inner), (jvp_func, jacobian, maxit, nsteps, tol, factor, verbose)


def model_jvp(A, b, z, v):
    def model(z):
        return A @ z + 0.1 * jnp.tanh(z) - b
    return jax.jvp(model, (z,), (v,))


@jax.jit
def f(x, A, b):
    jvp_func = jax.tree_util.Partial(model_jvp, A, b)
    jacobian = jax.scipy.linalg.lu_factor(A)
    carry = ((x, 1., 0., 0), (jvp_func, jacobian, 500, 30, 1e-8, 1.5, False))
    (x_new, err, dampening, cnt), _ = jvp_while_body(carry)
    return x_new, err, dampening, cnt
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    A = (rng.normal(size=(n, n)) + 4.0 * np.eye(n)).astype(np.float32)
    x = rng.normal(size=(n,)).astype(np.float32)
    b = rng.normal(size=(n,)).astype(np.float32)
    return (x, A, b)


INPUTS = make_inputs
