"""A jax.numpy Levenberg-Marquardt driver whose step loop returns from inside an if/elif chain on traced costs.

source: code-index file id 23856491525 (a JAX module `import jax; import jax.numpy as jnp` defining `Levenberg_Marquardt_Total(residual_function, optimizer_nums, *args, lambda_k, nu, maxiter, output=False)` and `Levenberg_Marquardt_iteration(residual_function, optimizer_nums, *args, lambda_k, nu, jacobian, output=False)`, with the comment "If you see weird errors relating to dimensions: keep in mind that hstack doesn't work if the dimensions of the Jacobians are different."); the index does not name the repository.
error: TracerBoolConversionError
category: while-flag-elif-early-return-list-carry
expect: fix
notes: both functions are verbatim. Added only the entry point: `_fit_decay(amp_off, rate, t, y, maxiter)` fits `y ~ amp_off[0] * exp(-rate[0] * t) + amp_off[1]` (two 1-D parameter blocks, `optimizer_nums=2`, the data `t, y` riding along in `*args`) with `lambda_k=1e-2, nu=2.0`, and `f = jax.jit(_fit_decay, static_argnums=4)`. The step function carries the parameters as Python lists (`args_u`, `args_nu`) built by loops over `optimizer_nums` and `len(args)`, decides with `if cost >= cost_prev and cost_nu >= cost_prev: ... elif cost_nu < cost: ... return ... elif cost < cost_prev: return ...`, counts rejected tries in `iter` and gives up after 20; the driver's `for` loop breaks on the returned `success`. `maxiter` is kept small (static 2 to 6) so the comparisons stay away from float32 round-off, where eager and compiled code may take different paths.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax 
import jax.numpy as jnp 

def Levenberg_Marquardt_Total(residual_function, optimizer_nums : int, *args, lambda_k, nu, maxiter, output = False):
    
    residual_function_jit = jax.jit(residual_function)
    argnums   = tuple(i for i in range(optimizer_nums))
    residual_function_jac_jit = jax.jit(jax.jacfwd(residual_function, argnums = argnums))
    
    for i in range(maxiter):
        args, lambda_k, success = Levenberg_Marquardt_iteration(residual_function_jit, optimizer_nums, *args,lambda_k = lambda_k, nu = nu, jacobian = residual_function_jac_jit, output = output)
        if not success: break
    print("Total final cost: ",jnp.sum(residual_function_jit(*args)**2))
    return args


# If you see weird errors relating to dimensions: keep in mind that hstack doesn't work if the dimensions of the Jacobians are different.
# This might be because your parameters are not 1D arrays (but e.g. 0D scalars). Flatten and create 1D arrays instead.
def Levenberg_Marquardt_iteration(residual_function , optimizer_nums : int , *args, lambda_k, nu, jacobian, output= False):
    not_better = True
    argnums   = tuple(i for i in range(optimizer_nums))
    jax_jac   = jacobian(*args)
    jacobian  = jnp.hstack((jax_jac))
    JTJ       = jacobian.T @ jacobian 
    cost_prev = jnp.sum(residual_function(*args)**2)
    if output:
        print(" lambda_k = " + str(lambda_k)+ " costs: " + str(cost_prev))
    iter      = 0
    while not_better:
        
        iter += 1

        lambda_d_nu = lambda_k / nu

        JTJ_lambda    =  JTJ + jnp.eye(JTJ.shape[0]) * lambda_k
        JTJ_lambda_nu =  JTJ + jnp.eye(JTJ.shape[0]) * lambda_d_nu

        JTf_x_lambda    = jacobian.T @ residual_function(*args)

        update_vec    = jnp.linalg.solve(JTJ_lambda, JTf_x_lambda)
        update_vec_nu = jnp.linalg.solve(JTJ_lambda_nu, JTf_x_lambda)
          
        start_i = 0
        
        args_u  =  []
        args_nu =  []
        for i in range(optimizer_nums):
            i_u  = args[i] - update_vec[start_i:start_i + args[i].shape[0]]
            i_nu = args[i] - update_vec_nu[start_i:start_i + args[i].shape[0]]
            start_i += args[i].shape[0]
            args_u.append(i_u)
            args_nu.append(i_nu)
        for j in range(optimizer_nums, len(args)):
            args_u.append(args[j])
            args_nu.append(args[j])
        
        cost    = jnp.sum(residual_function(*args_u)**2)
        cost_nu = jnp.sum(residual_function(*args_nu)**2)

        
        
        if cost >= cost_prev and cost_nu >= cost_prev:
            lambda_k = nu  * lambda_k
        elif cost_nu < cost:
            not_better = False
            lambda_k = lambda_d_nu
            return args_nu, lambda_k, True

        elif cost < cost_prev:
            return args_u, lambda_k, True

        if ( iter > 20):
            print(" Can no longer decrase in value. LM terminates")
            return args, lambda_k, False


def _decay_residual(amp_off, rate, t, y):
    return amp_off[0] * jnp.exp(-rate[0] * t) + amp_off[1] - y


def _fit_decay(amp_off, rate, t, y, maxiter):
    return Levenberg_Marquardt_Total(_decay_residual, 2, amp_off, rate, t, y,
                                     lambda_k=1e-2, nu=2.0, maxiter=maxiter)


f = jax.jit(_fit_decay, static_argnums=4)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    t = np.linspace(0.0, 4.0, 24).astype(np.float32)
    a_true, k_true, c_true = rng.uniform(1.0, 3.0), rng.uniform(0.5, 2.0), rng.uniform(-0.5, 0.5)
    y = (a_true * np.exp(-k_true * t) + c_true + 0.05 * rng.normal(size=t.shape)).astype(np.float32)
    # a start far from the data forces rejected steps (lambda_k *= nu) first
    far = rng.random() < 0.5
    amp_off = np.array([rng.uniform(0.2, 4.0), rng.uniform(-1.0, 1.0)], np.float32)
    rate = np.array([rng.uniform(4.0, 9.0) if far else rng.uniform(0.3, 2.5)], np.float32)
    maxiter = int(rng.choice([2, 4, 6]))
    return (amp_off, rate, t, y, maxiter)


INPUTS = make_inputs


def _ref_iteration(p1, p2, t, y, lambda_k, nu):
    res = lambda p1, p2: _decay_residual(p1, p2, t, y)
    J = jnp.hstack(jax.jacfwd(res, argnums=(0, 1))(p1, p2))
    JTJ = J.T @ J
    r0 = res(p1, p2)
    cost_prev = jnp.sum(r0**2)
    JTf = J.T @ r0
    eye = jnp.eye(JTJ.shape[0])

    # state: lambda_k, iter, out1, out2, status (0 = keep trying, 1 = success, 2 = give up)
    def body(s):
        lam, it, o1, o2, status = s
        it = it + 1
        lam_nu = lam / nu
        u = jnp.linalg.solve(JTJ + eye * lam, JTf)
        u_nu = jnp.linalg.solve(JTJ + eye * lam_nu, JTf)
        p1u, p2u = p1 - u[:2], p2 - u[2:3]
        p1n, p2n = p1 - u_nu[:2], p2 - u_nu[2:3]
        cost = jnp.sum(res(p1u, p2u)**2)
        cost_nu = jnp.sum(res(p1n, p2n)**2)
        both_worse = (cost >= cost_prev) & (cost_nu >= cost_prev)
        take_nu = (~both_worse) & (cost_nu < cost)
        take_u = (~both_worse) & (~take_nu) & (cost < cost_prev)
        give_up = both_worse & (it > 20)
        lam_out = jnp.where(both_worse, nu * lam, jnp.where(take_nu, lam_nu, lam))
        o1 = jnp.where(take_nu, p1n, jnp.where(take_u, p1u, p1))
        o2 = jnp.where(take_nu, p2n, jnp.where(take_u, p2u, p2))
        status = jnp.where(take_nu | take_u, 1, jnp.where(give_up, 2, 0))
        return lam_out, it, o1, o2, status

    lam, _, o1, o2, status = lax.while_loop(lambda s: s[-1] == 0, body,
                                            (lambda_k, jnp.asarray(0), p1, p2, jnp.asarray(0)))
    return o1, o2, lam, status == 1


def _reference_fix(amp_off, rate, t, y, maxiter):
    def body(s):
        i, p1, p2, lam, ok = s
        p1, p2, lam, ok = _ref_iteration(p1, p2, t, y, lam, 2.0)
        return i + 1, p1, p2, lam, ok

    _, p1, p2, _, _ = lax.while_loop(lambda s: (s[0] < maxiter) & s[-1], body,
                                     (jnp.asarray(0), amp_off, rate, jnp.asarray(1e-2, jnp.float32), jnp.asarray(True)))
    return [p1, p2, t, y]


reference_fix = jax.jit(_reference_fix, static_argnums=4)
