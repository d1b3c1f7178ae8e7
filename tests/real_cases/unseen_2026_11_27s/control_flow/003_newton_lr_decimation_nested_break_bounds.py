"""Damped Newton with learning-rate decimation: a `while` over Python flags wrapping a `for` with two traced breaks.

source: code-index file id 59328357772 (a JAX optimisation module, `from typeconfig import default_dtype`, functions `newton_step(flat_loss, grad_fn=None, hessian_fn=None)` and `optimize_newton(flat_params, optim_step, bounds=None, lr=1e-3, tol=1e-5, max_iter=50, log_paths=False)`, docstring "Converge to a critical point (grad(loss_fn) = 0) of the loss function with respect to params using Newton's method with no additional modification to make the Hessian positive definite."); the index does not name the repository. An earlier stored revision of the same module (id 59165895200) returns `flat_params, loss, trajectory` without `conv`.
error: TracerBoolConversionError
category: while-flags-for-break-dict-bounds
expect: fix
notes: `newton_step` and `optimize_newton` are verbatim; `from typeconfig import default_dtype` is replaced by the stand-in `default_dtype = jnp.float32`. Added the entry point `_fit(p0, target, low, up, lr, max_iter)`: a quartic-regularised least-squares loss around `target`, `newton_step(flat_loss)` as the step function, `bounds={'low': low, 'up': up}` and `tol=1e-3`, returning `(flat_params, loss, conv)` (the trajectory list stays empty because `log_paths=False`); `f = jax.jit(_fit, static_argnums=(4, 5))`. The outer `while not conv and not oob and lr >= lr0 * 1e-3` starts on Python values, so the first leak is `if jnp.linalg.norm(grad) < tol:` inside the `for`; after it, `conv`/`oob` become traced and the `while` test leaks too. Inputs put `target` outside the box in some trials (the bounds `break`), and use a small step with few iterations in others (all four learning rates run and "Failed to converge." is printed).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

default_dtype = jnp.float32  # stand-in for `from typeconfig import default_dtype`

def newton_step(flat_loss, grad_fn=None, hessian_fn=None):

    if grad_fn is None: grad_fn = jax.grad(flat_loss)
    if hessian_fn is None: 
        print('compute hess')
        hessian_fn = jax.hessian(flat_loss)

    @jax.jit
    def train_step(flat_params, lr):
        grad = grad_fn(flat_params)
        H    = hessian_fn(flat_params)

        # Compute Newton step: H * delta = grad
        delta = jnp.linalg.solve(H, grad)

        # Update parameters: p_new = p - lr * delta
        updates = flat_params - lr * delta

        loss = flat_loss(updates)
        return updates, loss, grad
    
    return train_step

def optimize_newton(flat_params, 
                    optim_step,
                    bounds=None, 
                    lr=1e-3, tol=1e-5, max_iter=50, 
                    log_paths=False):
    """
    Converge to a critical point (grad(loss_fn) = 0) of the loss function with respect to params
    using Newton's method with no additional modification to make the Hessian positive definite.

    Args:
        flat_params:  flat 1d array of paramters
        flat_loss: callable (flat_params) -> scalar loss
        bounds:  dict with keys 'low' and 'up' as jnp.arrays, or None
    """
    trajectory = []

    lr0  = lr
    conv = False
    oob  = False

    while not conv and not oob and lr >= lr0 * 1e-3:
        print(f"Learning rate: {lr}")
        prev_params = flat_params

        for it in range(max_iter):
            
            flat_params, loss, grad = optim_step(flat_params, lr)

            if log_paths:
                trajectory.append((prev_params, float(loss)))

            # Convergence check
            if jnp.linalg.norm(grad) < tol:
                conv = True
                print(f"Converged after {it} iterations.")
                break

            # Bounds check
            if bounds is not None:
                low = jnp.array(bounds['low'], dtype=default_dtype)
                up  = jnp.array(bounds['up'],  dtype=default_dtype)
                if jnp.any(flat_params < low) or jnp.any(flat_params > up):
                    oob = True
                    print(f"Out of bounds at {it} iterations.")
                    break

            prev_params = flat_params

        lr *= 0.1 # decimate learning rate if not converged

    if not conv and not oob:
        print("Failed to converge.")

    return flat_params, loss, trajectory, conv


def _fit(p0, target, low, up, lr, max_iter):
    flat_loss = lambda p: jnp.sum((p - target) ** 2) + 0.1 * jnp.sum(p ** 4)
    step = newton_step(flat_loss)
    flat_params, loss, trajectory, conv = optimize_newton(
        p0, step, bounds={'low': low, 'up': up}, lr=lr, tol=1e-3, max_iter=max_iter)
    return flat_params, loss, conv


f = jax.jit(_fit, static_argnums=(4, 5))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 3
    low = np.full(n, -2.0, np.float32)
    up = np.full(n, 2.0, np.float32)
    p0 = rng.uniform(-1.0, 1.0, size=n).astype(np.float32)
    kind = rng.integers(3)
    if kind == 0:      # converges inside the box
        target = rng.uniform(-1.5, 1.5, size=n)
        lr, max_iter = float(rng.choice([1.0, 0.5])), 50
    elif kind == 1:    # the minimiser lies outside the box: bounds break
        target = rng.uniform(-1.5, 1.5, size=n)
        target[rng.integers(n)] = rng.choice([-1.0, 1.0]) * rng.uniform(6.0, 9.0)
        lr, max_iter = 1.0, 50
    else:              # tiny steps, few iterations: every learning rate runs, no convergence
        target = rng.uniform(-1.5, 1.5, size=n)
        lr, max_iter = 0.05, 4
    return (p0, target.astype(np.float32), low, up, lr, max_iter)


INPUTS = make_inputs


def _reference_fix(p0, target, low, up, lr, max_iter):
    flat_loss = lambda p: jnp.sum((p - target) ** 2) + 0.1 * jnp.sum(p ** 4)
    grad_fn = jax.grad(flat_loss)
    hess_fn = jax.hessian(flat_loss)
    tol = 1e-3

    def step(p, lr):
        g = grad_fn(p)
        upd = p - lr * jnp.linalg.solve(hess_fn(p), g)
        return upd, flat_loss(upd), g

    # the learning-rate schedule only depends on Python floats: unroll it
    lrs = []
    lr0 = lr
    while lr >= lr0 * 1e-3:
        lrs.append(lr)
        lr *= 0.1

    params, loss = p0, jnp.asarray(0.0, p0.dtype)
    conv, oob = jnp.asarray(False), jnp.asarray(False)
    for lr_k in lrs:
        def body(s, lr_k=lr_k):
            it, p, loss, conv, oob = s
            p, loss, g = step(p, lr_k)
            conv = jnp.linalg.norm(g) < tol
            oob = (~conv) & (jnp.any(p < low) | jnp.any(p > up))
            return it + 1, p, loss, conv, oob

        _, params, loss, conv, oob = lax.while_loop(
            lambda s: (s[0] < max_iter) & ~s[3] & ~s[4], body,
            (jnp.asarray(0), params, loss, conv, oob))
    return params, loss, conv


reference_fix = jax.jit(_reference_fix, static_argnums=(4, 5))
