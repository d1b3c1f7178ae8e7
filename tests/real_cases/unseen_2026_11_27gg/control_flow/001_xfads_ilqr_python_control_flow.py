"""iLQR (Tassa 2014) driven by Python for/while/break on traced costs, regularisation and NaN checks.

source: public JAX module "stochastic LQR ... instead of doing adjoint to optimize dynamics, we can use XFADS trajectory and iLQR" (code-index file id 48730219: lqr_backward, lqr_forward, eval_cost, cost_g_and_H, rollout, ilqr_forward, ilqr_backward, ilqr, inc_lam, dec_lam); the index does not name the repository
error: TracerBoolConversionError
category: while-break-on-traced-convergence
expect: fix
notes: the module is verbatim (the unused LQR helpers lqr_backward/lqr_forward included) except that `from jaxtyping import Array` becomes `from jax import Array` (jaxtyping is not installed); the entry point `f = jax.jit(lambda z, u, Q, R: ilqr(pendulum, z, u, Q, R, maxiter=8))` and a small damped-pendulum `pendulum(x, u)` (the dynamics argument the caller supplies; not from the source) are added. Under jit the first leak is `if jnp.all(jnp.abs(x) < xtol): break` in the initial-control check; the main loop then branches on `jnp.any(jnp.isnan(K))`, `gnorm < gtol and lam < ltol`, `expected > 0`, `fwd_succeeded`, `dcost < ftol` and on `max`/`min` of a traced lambda in inc_lam/dec_lam. The `raise RuntimeError` of the for-else never fires for these inputs (xtol=1e8); the reference keeps the first feasible alpha instead.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
# stochastic LQR with additive homogenenous noise has the same solution as determinitic dynamics does.
# instead of doing adjoint to optimize dynamics, we can use XFADS trajectory and iLQR.
# finite horizon, discrete time
import jax
from jax import lax, numpy as jnp, vmap
from jax.scipy.linalg import cho_factor, cho_solve
from jax import Array


def lqr_backward(z, Fz, Fu, Czz, Cuu):
    # Backward in Algo. 1
    # we can set the cross cost to be 0 (equiv. independent joint distribution of z and u)
    # the state cost is posterior of z
    # the control cost is prior of u
    
    # v[T] initial cost
    # V[T] initial cost
    # Check cz, cu, Czz, Cuz, Cuu in S15, the indices indicate the shape

    def step(carry: tuple[Array, Array], xs: tuple):
        # z[t+1] = Az[t] + Bu[t]
        S_tp1, s_tp1 = carry
        z_t, A, B, Czz, Cuu = xs
        
        M = jnp.linalg.multi_dot((B.T, S_tp1, B))
        L = cho_factor(M + Cuu)
        M = cho_solve(L, B.T)
        K_t = jnp.linalg.multi_dot((M, S_tp1, A))
        D = A - B @ K_t
        S_t = jnp.linalg.multi_dot((A.T, S_tp1, D)) + Czz
        s_t = D.T @ s_tp1 + Czz @ z_t
        k_t = M @ s_tp1
        u_t = - K_t @ z_t + k_t
        
        return (S_t, s_t), u_t
    
    S_T = Czz[-1]
    s_t = Czz[-1] @ z[-1]
    _, u = lax.scan(step, init=(S_T, s_t), xs=(z[:-1], Fz[:-1], Fu[:-1], Czz[:-1], Cuu[:-1]), reverse=True)

    return u


def lqr_forward(Fz, Fu, u, z0):
    def step(z_t, xs):
        Fz, Fu, u_t = xs
        z_tp1 = Fz @ z_t + Fu @ u_t
        return z_tp1, z_tp1
    
    _, zhat = lax.scan(step, init=z0, xs=(Fz[:-1], Fu[:-1], u))
    zhat = jnp.vstack((z0, zhat))
    return zhat

# <<< LQR

# >>> iLQR
# See Tassa 2014
# Notation:
# x: state
# u: control
# z: target
# f: dynamics, x[t+1] = f(x[t], u[t])
# Fx, Fu: Jacobian
# l: cost function, l(x, u), l(x[T])
# cx, cu, Cxx, Cux, Cuu: derivatives


def eval_cost(x, u, z, Q, R):
    UQ = jnp.linalg.cholesky(Q, upper=True)
    Udx = UQ @ (x - z)
    
    UR = jnp.linalg.cholesky(R, upper=True)
    Uu = UR @ u

    return jnp.inner(Udx, Udx) + jnp.inner(Uu, Uu)


def cost_g_and_H(x, u, z, Q, R):
    """Return cost vectors and matrices"""
    # (x - z)'Q(x - z)
    cx = -2 * Q @ z
    cu = jnp.zeros_like(u)
    Cxx = Q
    Cux = jnp.zeros((jnp.size(u), jnp.size(x)))
    Cuu = R

    return cx, cu, Cxx, Cux, Cuu


def rollout(x0, u, z, f, J, Q, R):
    def step(carry, inputs):
        x_t = carry
        u_t= inputs
        
        x_tp1= f(x_t, u_t)
        
        return x_tp1, x_t
    
    _, x = lax.scan(step, init=x0, xs=u)

    c = vmap(J)(x, u, z, Q, R)

    return x, u, c


def ilqr_forward(k, K, x0, x_ref, u_ref, z, f, J, Q, R, alpha):
    
    def step(carry, inputs):
        x_t = carry
        x_ref, u_ref, k, K = inputs

        u_t = u_ref + k * alpha
        dx = x_t - x_ref
        u_t = u_t + K @ dx
        
        x_tp1= f(x_t, u_t)
        
        return x_tp1, (x_t, u_t)
    
    x_T, (x, u) = lax.scan(step, init=x0, xs=(x_ref[:-1], u_ref[:-1], k, K))

    x = jnp.vstack((x, x_T))
    u = jnp.vstack((u, jnp.zeros_like(u_ref[-1])))  # u[T] is not used but counted in cost

    # print(f"{x.shape=}, {u.shape=}, {z.shape=}, {Q.shape=}, {R.shape=}")
    c = vmap(J)(x, u, z, Q, R)

    return x, u, c


def ilqr_backward(Fx, Fu, cx, cu, Cxx, Cux, Cuu, lam, reg):
    v = cx[-1]
    V = Cxx[-1]
    dV = jnp.zeros(2)

    def step(carry, inputs):
        v, V, dV = carry

        Fx, Fu, cx, cu, Cxx, Cux, Cuu = inputs

        qx = cx + Fx.T @ v
        qu = cu + Fu.T @ v

        Qxx = Cxx + jnp.linalg.multi_dot((Fx.T, V, Fx))
        Quu = Cuu + jnp.linalg.multi_dot((Fu.T, V, Fu))
        Qux = Cux + jnp.linalg.multi_dot((Fu.T, V, Fx))

        V_reg = V + lam * reg * jnp.eye(V.shape[0])
        Qux_reg = Cux + jnp.linalg.multi_dot((Fu.T, V_reg, Fx))

        QuuF = Cuu + jnp.linalg.multi_dot((Fu.T, V_reg, Fu)) + lam * (1 - reg) * jnp.eye(Cuu.shape[0])

        Luu = cho_factor(QuuF)

        k = -cho_solve(Luu, qu)
        K = -cho_solve(Luu, Qux_reg)

        Uuu = jnp.linalg.cholesky(Quu, upper=True)
        Uk = Uuu @ k
        UK = Uuu @ K

        dV = dV + jnp.array((jnp.inner(k, qu), 0.5* jnp.inner(Uk, Uk)))
        v = qx + K.T @ qu + Qux.T @ k + UK.T @ Uk
        V = Qxx + K.T @ Qux + Qux.T @ K  + UK.T @ UK
        V = 0.5 * (V + V.T)

        return (v, V, dV), (k, K)

    (_, _, dV), (k, K) = lax.scan(step, init=(v, V, dV), xs=(Fx[:-1], Fu[:-1], cx[:-1], cu[:-1], Cxx[:-1], Cux[:-1], Cuu[:-1]), reverse=True)

    return k, K, dV



def ilqr(f, z, u, Q, R, *, alphas=None, ftol=1e-7, gtol=1e-4, xtol=1e8, ltol=1e-5, maxiter=500, lam=1., dlam=1., flam=1.6, maxlam=1e10, minlam=1e-6, reg=0, minrr=0, verbose=False):
    """
    :param alphas: backtracking coefficients
    :param ftol: reduction exit criterion
    :param gtol: gradient exit criterion
    :param maxiter: maximum iterations
    :param lam: initial value for regularization lambda
    :param dlam: initial value for dlam
    :param flam: lambda scaling factor
    :param maxlam: maximum lambda
    :param minlam: minimum lambda
    :param reg: regularization type 1: Q_uu + lambda*I; 2: V_xx + lambda * I
    :param minz: minimal accepted reduction ratio
    """
    # hyperparameters from Tassa 2014
    if alphas is None:
        alphas = jnp.logspace(0, -3, 11)

    F = jax.jacobian(f, argnums=(0, 1))

    x0 = z[0]
    # >>> Check initial control sequence
    for alpha in alphas:
        x, u, cost = rollout(x0, alpha*u, z, f, eval_cost, Q, R)
        if jnp.all(jnp.abs(x) < xtol):
            break
    else:    
        raise RuntimeError("Initial control sequence caused divergence.")
    
    recompute = True

    for i in range(maxiter):
        if verbose:
            print(f"Iteration - {i}")
        # >>> STEP 1: differentiate on new trajectory
        if recompute:
            # differentiate dynamics
            Fs = vmap(F)(x, u)
            Cs = vmap(cost_g_and_H)(x, u, z, Q, R)
            recompute = False
        # <<< STEP 1

        # >>> STEP 2: backward pass
        bwd_succeeded = False
        while not bwd_succeeded:
            k, K, dV = ilqr_backward(*Fs, *Cs, lam, reg)
            
            if jnp.any(jnp.isnan(K)):
                lam, dlam = inc_lam(lam, dlam, flam, minlam)
                if lam > maxlam:
                    break
                continue
            bwd_succeeded = True
        
        gnorm = jnp.mean(jnp.max(jnp.abs(k) / (jnp.abs(u[:-1]) + 1), axis=1))  # check for termination due to small gradient
        
        if gnorm < gtol and lam < ltol:
            lam, dlam = dec_lam(lam, dlam, flam, minlam)
            break
        # <<< STEP 2

        # >>> STEP 3: line-search new control sequence, trajectory, cost
        fwd_succeeded = False
        if bwd_succeeded:
            # print(f"{k.shape=}, {K.shape=}, {x0.shape=}, {x.shape=}, {u.shape=}, {z.shape=}, {Q.shape=}, {R.shape=}, {alphas.shape=}")
            x_new, u_new, cost_new = vmap(lambda a: ilqr_forward(k, K, x0, x, u, z, f, eval_cost, Q, R, a))(alphas)
            # print(f"{cost=}")
            Dcost = jnp.sum(cost) - jnp.sum(cost_new, axis=1)  # sum over time, improvements
            w = jnp.argmax(Dcost)
            dcost = Dcost[w]
            alpha = alphas[w]
            expected = -alpha*(dV[0] + alpha*dV[1])
            
            if verbose:
                print(f"{dcost=}, {expected=}")

            if expected > 0:
                rr = dcost / expected
            else:
                rr = jnp.sign(dcost)
                # should not occur
            
            if verbose:
                print(f"{rr=}")
            fwd_succeeded = rr >= minrr  # TODO: strict >?
            
            if fwd_succeeded:
                cost_star = cost_new[w]
                x_star = x_new[w]
                u_star = u_new[w]
        # <<< STEP 3
        
        # >>> STEP 4: accept or discard new control sequence
        if fwd_succeeded:
            # decrease lambda
            lam, dlam = dec_lam(lam, dlam, flam, minlam)

            # accept
            u = u_star
            x = x_star
            cost = cost_star
            recompute = True

            if dcost < ftol:
                # success
                if verbose:
                    print("SUCCESS: cost change < tol")
                break
        else:
            # increase lambda
            lam, dlam = inc_lam(lam, dlam, flam, minlam)
            
            if lam > maxlam:
                if verbose:
                    print("EXIT: lambda > maximum lambda")
                break
        # <<< STEP 4
    else:
        if verbose:
            print("Maxiter reached.")

    return u, x

# >>> Regularization schedule
# [Tassa, 2012]

def inc_lam(lam, dlam, flam, minlam):
    dlam = max(dlam * flam, flam)
    lam = max(lam * dlam, minlam)
    return lam, dlam


def dec_lam(lam, dlam, flam, minlam):
    dlam = min(dlam / flam, 1/flam)
    lam = lam * dlam
    if lam < minlam:
        lam = 0 
    return lam, dlam
# <<< Regularization schedule


def pendulum(x, u, dt=0.05):
    theta, omega = x[0], x[1]
    return jnp.array([theta + dt * omega,
                      omega + dt * (-jnp.sin(theta) - 0.1 * omega + u[0])])


f = jax.jit(lambda z, u, Q, R: ilqr(pendulum, z, u, Q, R, maxiter=8))
# --- end user code ---

import numpy as np

T = 12


def make_inputs(rng):
    z = np.zeros((T, 2), np.float32)
    z[0] = rng.uniform(-1.0, 1.0, size=2)                 # start state (x0 = z[0])
    z[1:] = rng.uniform(-1 / 3, 1 / 3, size=2)            # target
    u = rng.normal(scale=0.5, size=(T, 1)).astype(np.float32)
    q = rng.uniform(0.2, 1.0)
    Q = np.broadcast_to(np.diag([q, 0.1 * q]).astype(np.float32), (T, 2, 2)).copy()
    R = np.broadcast_to(np.array([[rng.uniform(1.0, 3.0)]], np.float32), (T, 1, 1)).copy()
    # with maxiter=8 about two thirds of the trials stop on `dcost < ftol`, the rest run out
    return (z, u, Q, R)


INPUTS = make_inputs


def _ilqr_jit(f, z, u, Q, R, maxiter, ftol=1e-7, gtol=1e-4, xtol=1e8, ltol=1e-5,
              lam=1., dlam=1., flam=1.6, maxlam=1e10, minlam=1e-6, reg=0, minrr=0):
    alphas = jnp.logspace(0, -3, 11)
    F = jax.jacobian(f, argnums=(0, 1))
    x0 = z[0]

    xs0, us0, cs0 = vmap(lambda a: rollout(x0, a * u, z, f, eval_cost, Q, R))(alphas)
    ok = jnp.all(jnp.abs(xs0) < xtol, axis=(1, 2))
    first = jnp.argmax(ok)            # first feasible alpha (the eager code raises if none is)
    x, u, cost = xs0[first], us0[first], cs0[first]

    def inc(lam, dlam):
        dlam = jnp.maximum(dlam * flam, flam)
        lam = jnp.maximum(lam * dlam, minlam)
        return lam, dlam

    def dec(lam, dlam):
        dlam = jnp.minimum(dlam / flam, 1 / flam)
        lam = lam * dlam
        lam = jnp.where(lam < minlam, 0.0, lam)
        return lam, dlam

    def cond(c):
        i, lam, dlam, x, u, cost, done = c
        return (i < maxiter) & ~done

    def body(c):
        i, lam, dlam, x, u, cost, done = c
        Fs = vmap(F)(x, u)
        Cs = vmap(cost_g_and_H)(x, u, z, Q, R)

        # backward pass, retried with a larger lambda while K has NaNs
        def bcond(b):
            lam, dlam, k, K, dV, ok, stop = b
            return ~ok & ~stop

        def bbody(b):
            lam, dlam, _, _, _, _, _ = b
            k, K, dV = ilqr_backward(*Fs, *Cs, lam, reg)
            bad = jnp.any(jnp.isnan(K))
            lam2, dlam2 = inc(lam, dlam)
            lam = jnp.where(bad, lam2, lam)
            dlam = jnp.where(bad, dlam2, dlam)
            stop = bad & (lam > maxlam)
            return lam, dlam, k, K, dV, ~bad, stop

        k0, K0, dV0 = ilqr_backward(*Fs, *Cs, lam, reg)
        lam, dlam, k, K, dV, bwd_ok, _ = lax.while_loop(
            bcond, bbody, (lam, dlam, k0, K0, dV0, jnp.bool_(False), jnp.bool_(False)))

        gnorm = jnp.mean(jnp.max(jnp.abs(k) / (jnp.abs(u[:-1]) + 1), axis=1))
        gstop = (gnorm < gtol) & (lam < ltol)

        x_new, u_new, cost_new = vmap(lambda a: ilqr_forward(k, K, x0, x, u, z, f, eval_cost, Q, R, a))(alphas)
        Dcost = jnp.sum(cost) - jnp.sum(cost_new, axis=1)
        w = jnp.argmax(Dcost)
        dcost = Dcost[w]
        alpha = alphas[w]
        expected = -alpha * (dV[0] + alpha * dV[1])
        rr = jnp.where(expected > 0, dcost / expected, jnp.sign(dcost))
        fwd = bwd_ok & (rr >= minrr) & ~gstop

        lam_d, dlam_d = dec(lam, dlam)
        lam_i, dlam_i = inc(lam, dlam)
        new_lam = jnp.where(gstop | fwd, lam_d, lam_i)
        new_dlam = jnp.where(gstop | fwd, dlam_d, dlam_i)
        x = jnp.where(fwd, x_new[w], x)
        u = jnp.where(fwd, u_new[w], u)
        cost = jnp.where(fwd, cost_new[w], cost)
        done = gstop | (fwd & (dcost < ftol)) | (~fwd & ~gstop & (lam_i > maxlam))
        return i + 1, new_lam, new_dlam, x, u, cost, done

    init = (0, jnp.float32(lam), jnp.float32(dlam), x, u, cost, jnp.bool_(False))
    _, _, _, x, u, _, _ = lax.while_loop(cond, body, init)
    return u, x


@jax.jit
def reference_fix(z, u, Q, R):
    return _ilqr_jit(pendulum, z, u, Q, R, maxiter=8)
