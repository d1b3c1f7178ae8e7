"""Trust-region Newton-CG (Steihaug) minimiser with nested Python loops that `break` on traced norms.

source: public JAX optimisation module in the code index (code-index file id 498167625; the index does not name the repository): `minimize` (scipy trust-constr wrapper), `get_boundaries_intersections`, `minimize_custom(func, guess, trust_radius=1., max_trust_radius=100., grad_tol=1e-6, abs_tol=1e-10, rel_tol=1e-6, max_iter=100, max_cg_iter=100, verbosity=1)`
error: TracerBoolConversionError
category: control_flow
expect: fix
notes: Functions kept as stored. Dropped `from jax.config import config` / `config.update("jax_enable_x64", True)` (jax.config is gone from recent JAX and x64 would leak into the other cases run in the same process). The module has no objective or driver, so a driver `f(guess, target)` minimising `0.5*sum((x - target)**2)` with `minimize_custom(objective, guess, max_iter=5, max_cg_iter=4, verbosity=0)` was added and jitted (a least-squares objective keeps the CG exits exact in float32; with a curved objective the stored algorithm reuses a stale p_boundary whenever CG ends without a break, which makes runs chaotic). The state of the outer loop is x, f, grad, trust_radius, p_boundary, hits_boundary; the inner CG loop carries z, r, d and leaves by two different `break`s (boundary hit, residual small) that set p_boundary / hits_boundary differently; the outer loop leaves early on the gradient norm and on the step size. `min(2*trust_radius, max_trust_radius)` on a traced radius also has to become jnp.minimum. verbosity=0 keeps the prints (static) switched off.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from scipy.optimize import minimize as scipy_minimize

def minimize(func, guess, verbosity=1):

    @jax.jit
    def hvp(x,p):
        return jax.grad(lambda x: jnp.vdot(jax.grad(func)(x),p))(x)

    def cb(xk, state):
        if verbosity > 0:
            print (state.fun)

    bounds = [(-25.,25.)]*guess.size

    res = scipy_minimize(func, guess, method='trust-constr', bounds=bounds,jac=jax.grad(func), hessp=hvp, callback=cb)
    return res.x, res.fun
@jax.jit
def get_boundaries_intersections(z, d, trust_radius):
    a = jnp.vdot(d, d)
    b = 2 * jnp.vdot(z, d)
    c = jnp.vdot(z, z) - trust_radius**2
    sqrt_discriminant = jnp.sqrt(b*b - 4*a*c)
    ta = (-b - sqrt_discriminant) / (2*a)
    tb = (-b + sqrt_discriminant) / (2*a)
    return jnp.sort(jnp.stack([ta, tb]))

def minimize_custom(func, guess, trust_radius = 1., max_trust_radius=100., grad_tol=1e-6, abs_tol=1e-10, rel_tol=1e-6,
             max_iter = 100, max_cg_iter = 100, verbosity=1):

    grad_f = jax.grad(func)
    x = guess
    p_boundary = jnp.zeros_like(x)
    hits_boundary = True
    for trust_iter in range(max_iter):
        z=jnp.zeros_like(x)
        f = func(x)
        grad = grad_f(x)
        if jnp.linalg.norm(grad) < grad_tol:
            break
        r = grad
        d = -r
        for cg_iter in range(max_cg_iter):
            Bd = jax.grad(lambda x: jnp.vdot(grad_f(x),d))(x)
            dBd = jnp.vdot(d, Bd)
            r_squared = jnp.vdot(r, r)
            alpha = r_squared / dBd
            z_next = z + alpha * d
            if jnp.linalg.norm(z_next) >= trust_radius:
                t = get_boundaries_intersections(z, d, trust_radius)
                p_boundary = z + t[1] * d
                hits_boundary = True
                break
            r_next = r + alpha * Bd
            if jnp.linalg.norm(r_next) < 1e-10:
                hits_boundary=False
                p_boundary = z_next
                break
            d_next = -r_next + d * jnp.vdot(r_next, r_next) / r_squared
            z=z_next
            r=r_next
            d=d_next

        x_proposed = x + p_boundary
        actual_reduction = f - func(x_proposed)

        grad_p_boundary = jnp.vdot(grad, p_boundary)
        Bp_boundary = jax.grad(lambda x: jnp.vdot(grad_f(x), p_boundary))(x)

        approx = f + grad_p_boundary + 0.5 * jnp.vdot(p_boundary, Bp_boundary)
        predicted_reduction = f - approx
        rho = actual_reduction / predicted_reduction

        if rho < 0.25:
            trust_radius = trust_radius*0.25
        elif rho > 0.75 and hits_boundary:
            trust_radius = min(2*trust_radius, max_trust_radius)
        if rho > 0.15:
            x = x_proposed

        if verbosity>0:
            print(f'{trust_iter}:{cg_iter}, f: {f}')
        if verbosity>1:
            print(f'x: {x}')
            print(f'grad: {grad}')
            print(f'dx: {p_boundary}')
            print()
        if (jnp.max(jnp.abs(p_boundary/x)) < rel_tol) or (jnp.max(jnp.abs(p_boundary)) < abs_tol):
            break

    if verbosity>0:
        print('Final results:')
        print(f'f: {f}')
        print(f'x: {x}')
    if verbosity>1:
        print(f'grad: {grad}')
        print(f'dx: {p_boundary}')
    return x, f


def f(guess, target):
    # driver added (the module defines no objective): least-squares fit of `guess` to `target`
    def objective(x):
        return 0.5 * jnp.sum((x - target) ** 2)
    return minimize_custom(objective, guess, max_iter=5, max_cg_iter=4, verbosity=0)


f = jax.jit(f)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    guess = rng.normal(size=(4,)).astype(np.float32)
    scale = rng.choice([0.0, 0.3, 1.5, 6.0])
    target = (guess + rng.normal(size=(4,)) * scale).astype(np.float32)
    return guess, target


INPUTS = make_inputs


def _reference(func, guess, trust_radius=1., max_trust_radius=100., grad_tol=1e-6, abs_tol=1e-10,
               rel_tol=1e-6, max_iter=100, max_cg_iter=100):
    grad_f = jax.grad(func)
    dt = guess.dtype

    def hvp(x, v):
        return jax.grad(lambda y: jnp.vdot(grad_f(y), v))(x)

    def cg(x, grad, trust_radius, p_boundary, hits_boundary):
        # carry: i, done, z, r, d, p_boundary, hits_boundary
        def cond(c):
            i, done = c[0], c[1]
            return (i < max_cg_iter) & ~done

        def body(c):
            i, done, z, r, d, pb, hb = c
            Bd = hvp(x, d)
            dBd = jnp.vdot(d, Bd)
            r_squared = jnp.vdot(r, r)
            alpha = r_squared / dBd
            z_next = z + alpha * d
            hit = jnp.linalg.norm(z_next) >= trust_radius
            t = get_boundaries_intersections(z, d, trust_radius)
            r_next = r + alpha * Bd
            small = jnp.linalg.norm(r_next) < 1e-10
            pb = jnp.where(hit, z + t[1] * d, jnp.where(small, z_next, pb))
            hb = jnp.where(hit, True, jnp.where(small, False, hb))
            stop = hit | small
            d_next = -r_next + d * jnp.vdot(r_next, r_next) / r_squared
            z = jnp.where(stop, z, z_next)
            r = jnp.where(stop, r, r_next)
            d = jnp.where(stop, d, d_next)
            return i + 1, stop, z, r, d, pb, hb

        c = (0, jnp.array(False), jnp.zeros_like(x), grad, -grad, p_boundary, hits_boundary)
        c = lax.while_loop(cond, body, c)
        return c[5], c[6]

    def outer_cond(s):
        it, done = s[0], s[1]
        return (it < max_iter) & ~done

    def outer_body(s):
        it, done, x, f, trust_radius, pb, hb = s
        f_new = func(x)
        grad = grad_f(x)
        conv = jnp.linalg.norm(grad) < grad_tol

        def step(_):
            pb2, hb2 = cg(x, grad, trust_radius, pb, hb)
            x_proposed = x + pb2
            actual_reduction = f_new - func(x_proposed)
            Bp = hvp(x, pb2)
            approx = f_new + jnp.vdot(grad, pb2) + 0.5 * jnp.vdot(pb2, Bp)
            rho = actual_reduction / (f_new - approx)
            tr = jnp.where(rho < 0.25, trust_radius * 0.25,
                           jnp.where((rho > 0.75) & hb2, jnp.minimum(2 * trust_radius, max_trust_radius),
                                     trust_radius))
            x2 = jnp.where(rho > 0.15, x_proposed, x)
            small = (jnp.max(jnp.abs(pb2 / x2)) < rel_tol) | (jnp.max(jnp.abs(pb2)) < abs_tol)
            return jnp.asarray(small), x2, tr.astype(dt), pb2, hb2

        def stop(_):
            return jnp.array(True), x, trust_radius, pb, hb

        done2, x2, tr2, pb2, hb2 = lax.cond(conv, stop, step, None)
        return it + 1, done2, x2, f_new, tr2, pb2, hb2

    s = (0, jnp.array(False), guess, func(guess), jnp.asarray(trust_radius, dt),
         jnp.zeros_like(guess), jnp.array(True))
    s = lax.while_loop(outer_cond, outer_body, s)
    return s[2], s[3]


@jax.jit
def reference_fix(guess, target):
    return _reference(lambda x: 0.5 * jnp.sum((x - target) ** 2), guess, max_iter=5, max_cg_iter=4)
