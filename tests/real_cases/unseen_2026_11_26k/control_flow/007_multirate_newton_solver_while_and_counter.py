"""Multivariate Newton solver: `while norm(delta_x) >= tol and iteration < maxiter` on a traced step.

source: public JAX multirate-integrator utility module found by content in the code index (newton_solver with jacrev / jnp.linalg.inv, next to newton_solver_pinv, Newton_Rhapson_second_version, seperate_q, secant_method; content-search id 7170871100); the index did not name its repository
error: TracerBoolConversionError
category: while-newton-and-counter
expect: fix
notes: newton_solver is verbatim (commented-out prints kept). The module only defines solvers; the
  residual `F` (a small nonlinear system with a root) and jitting with the residual bound by
  functools.partial are added, with maxiter=5 so that some starting points stop on the counter
  and others on the tolerance.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
from jax import jacrev
import jax.numpy as jnp


def newton_solver(func, x0, tol=1e-6, maxiter=100):
    """Solves the multi-variable problem with multi-variable optimization method
    known as Newton's method

    Returns the solution to an equation of the form f(x_vec) = 0 

    Args:
        func (function): the F(x_vec) funciton
        x0 (nd.array): initial guess at solution
        tol (float): gives the tolerance for the accuracy of the solution
        maxiter (int): sets the maximum number of iterations the solver attempts
            to find a solution

    Returns:
        x1 (nd.array): the solvers solution (same shape as x0)   
    """
    def func_jacobian(x):
        return jacrev(func)(x)
    #print(np.linalg.cond(-func_jacobian(x0)))
    delta_x = jnp.linalg.inv(-func_jacobian(x0)) @ func(x0)
    x1 = x0 + delta_x
    x0 = x1
    iteration = 0

    while jnp.linalg.norm(delta_x) >= tol and iteration < maxiter:
        #print(jnp.linalg.norm(delta_x))
        delta_x = jnp.linalg.inv(-func_jacobian(x0)) @ func(x0)
        x1 = x0 + delta_x
        x0 = x1
        #print('NewtRha iter= ',iteration, ' with norm delta_x= ', jnp.linalg.norm(delta_x))
        iteration +=1 

    return x1


def F(x):
    return jnp.array([x[0] ** 2 + x[1] ** 2 - 4.0,
                      x[0] - x[1] ** 3 + 0.5])


f = jax.jit(functools.partial(newton_solver, F, tol=1e-4, maxiter=5))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    root_side = np.array([1.6, 1.2]) + rng.normal(size=2) * rng.choice([1e-3, 0.3, 2.0])
    return (root_side.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0):
    tol, maxiter = 1e-4, 5
    J = jacrev(F)
    delta_x = jnp.linalg.inv(-J(x0)) @ F(x0)
    x1 = x0 + delta_x

    def cond(state):
        x, delta_x, it = state
        return (jnp.linalg.norm(delta_x) >= tol) & (it < maxiter)

    def body(state):
        x, delta_x, it = state
        delta_x = jnp.linalg.inv(-J(x)) @ F(x)
        return x + delta_x, delta_x, it + 1

    x1, _, _ = jax.lax.while_loop(cond, body, (x1, delta_x, 0))
    return x1
