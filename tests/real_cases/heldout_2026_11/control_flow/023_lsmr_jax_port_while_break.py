"""A jax.numpy port of scipy's LSMR: `while itn < maxiter:` with traced `if beta > 0:` / nested `if alpha > 0:`, Python max/min on traced scalars, a traced ternary, an istop cascade and `if istop > 0: break`.

source: public JAX port of scipy/scipy scipy/sparse/linalg/_isolve/lsmr.py (scipy at a484c697aabd3808faa6f5e4e1fc704e662d7b7f; the port replaces np with jnp and calls jax.jit(jnp.dot) for the products; same port as case 002)
error: TracerBoolConversionError
category: while-break-nested-if-builtins
expect: fix
notes: the port's lsmr verbatim except for a shortened docstring, _sym_ortho kept nested as in the port, and `x[()] = 0` (a NumPy in-place write that fails on any JAX array, eager or not) written as `x = x.at[()].set(0)`; f jits a call with atol=btol=1e-2 and the other defaults (damp=0, show=False, x0=None, maxiter=min(m, n)), so the solver stops early through the istop cascade and `break`; with the default 1e-6 tolerances a float32 run only stops at the iteration limit, where the returned residual norms are pure roundoff and eager and compiled runs disagree. Leaks, in order: `if beta > 0` before the loop, `if alpha > 0`, `if normar == 0: return ...`, `if normb == 0: ... return`, then inside the loop the nested `if beta > 0: ... if alpha > 0:`, _sym_ortho's if/elif chain, `max(maxrbar, rhobarold)` / `min(...)` on traced scalars, `x if c != 0 else jnp.inf`, seven `if test <= tol: istop = k` overrides and `if istop > 0: break`. `show` and `x0 is None` are static. Inputs use well-conditioned A (condition number at most 3.3) so that float32 LSMR gives the same iterates eagerly and compiled.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.numpy.linalg import norm

def lsmr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8,
         maxiter=None, show=False, x0=None):
    """Iterative solver for least-squares problems (LSMR, Fong & Saunders 2011)."""

    def _sym_ortho(a, b):
        """
        Stable implementation of Givens rotation using JAX.
        """
        if b == 0:
            return jnp.sign(a), 0, jnp.abs(a)
        elif a == 0:
            return 0, jnp.sign(b), jnp.abs(b)
        elif jnp.abs(b) > jnp.abs(a):
            tau = a / b
            s = jnp.sign(b) / jnp.sqrt(1 + tau * tau)
            c = s * tau
            r = b / s
        else:
            tau = b / a
            c = jnp.sign(a) / jnp.sqrt(1 + tau * tau)
            s = c * tau
            r = a / c
        return c, s, r

    b = jnp.atleast_1d(b)
    if b.ndim > 1:
        b = b.squeeze()

    msg = ('The exact solution is x = 0, or x = x0, if x0 was given  ',
           'Ax - b is small enough, given atol, btol                  ',
           'The least-squares solution is good enough, given atol     ',
           'The estimate of cond(Abar) has exceeded conlim            ',
           'Ax - b is small enough for this machine                   ',
           'The least-squares solution is good enough for this machine',
           'Cond(Abar) seems to be too large for this machine         ',
           'The iteration limit has been reached                      ')

    hdg1 = '   itn      x(1)       norm r    norm Ar'
    hdg2 = ' compatible   LS      norm A   cond A'
    pfreq = 20  # print frequency (for repeating the heading)
    pcount = 0  # print counter

    m, n = A.shape
    minDim = min(m, n)

    if maxiter is None:
        maxiter = minDim

    if x0 is None:
        dtype = jnp.result_type(A, b, float)
        x = jnp.zeros(n, dtype=dtype)
    else:
        dtype = jnp.result_type(A, b, x0, float)
        x = jnp.atleast_1d(x0.copy())

    if show:
        print(' ')
        print('LSMR            Least-squares solution of  Ax = b\n')
        print(f'The matrix A has {m} rows and {n} columns')
        print('damp = %20.14e\n' % damp)
        print(f'atol = {atol:8.2e}                 conlim = {conlim:8.2e}\n')
        print(f'btol = {btol:8.2e}             maxiter = {maxiter:8g}\n')


    normb = norm(b)
    beta = norm(b - A @ x) if x0 is not None else norm(b)
    u = b - A @ x if x0 is not None else b.copy()

    if beta > 0:
        u = (1 / beta) * u
        v = jnp.dot(A.T, u)
        alpha = norm(v)
    else:
        v = jnp.zeros(n, dtype)
        alpha = 0

    if alpha > 0:
        v = (1 / alpha) * v

    # Initialize variables for 1st iteration.
    itn = 0
    zetabar = alpha * beta
    alphabar = alpha
    rho = 1
    rhobar = 1
    cbar = 1
    sbar = 0

    h = v.copy()
    hbar = jnp.zeros(n, dtype)

    # Initialize variables for estimation of ||r||.
    betadd = beta
    betad = 0
    rhodold = 1
    tautildeold = 0
    thetatilde = 0
    zeta = 0
    d = 0

    # Initialize variables for estimation of ||A|| and cond(A)
    normA2 = alpha * alpha
    maxrbar = 0
    minrbar = 1e+100
    normA = jnp.sqrt(normA2)
    condA = 1
    normx = 0

    # Items for use in stopping rules, normb set earlier
    istop = 0
    ctol = 0
    if conlim > 0:
        ctol = 1 / conlim
    normr = beta

    # Reverse the order here from the original matlab code because
    # there was an error on return when arnorm==0
    normar = alpha * beta
    if normar == 0:
        if show:
            print(msg[0])
        return x, istop, itn, normr, normar, normA, condA, normx

    if normb == 0:
        x = x.at[()].set(0)
        return x, istop, itn, normr, normar, normA, condA, normx

    if show:
        print(' ')
        print(hdg1, hdg2)
        test1 = 1
        test2 = alpha / beta
        str1 = f'{itn:6g} {x[0]:12.5e}'
        str2 = f' {normr:10.3e} {normar:10.3e}'
        str3 = f'  {test1:8.1e} {test2:8.1e}'
        print(''.join([str1, str2, str3]))

    # Main iteration loop as specified
    while itn < maxiter:
        itn = itn + 1

        # Perform the next step of the bidiagonalization to obtain the next beta, u, alpha, v
        u *= -alpha
        u += jax.jit(jnp.dot)(A, v)  # Adjusted to direct matrix-vector multiplication
        beta = norm(u)

        if beta > 0:
            u /= beta
            v *= -beta
            v += jax.jit(jnp.dot)(A.T, u)  # Adjusted for direct matrix-vector multiplication
            alpha = norm(v)
            if alpha > 0:
                v /= alpha

        # Construct rotation Qhat_{k,2k+1}
        chat, shat, alphahat = _sym_ortho(alphabar, damp)

        # Use a plane rotation (Q_i) to turn B_i to R_i
        rhoold = rho
        c, s, rho = _sym_ortho(alphahat, beta)
        thetanew = s * alpha
        alphabar = c * alpha

        # Use a plane rotation (Qbar_i) to turn R_i^T to R_i^bar
        rhobarold = rhobar
        zetaold = zeta
        thetabar = sbar * rho
        rhotemp = cbar * rho
        cbar, sbar, rhobar = _sym_ortho(cbar * rho, thetanew)
        zeta = cbar * zetabar
        zetabar = -sbar * zetabar

        # Update h, h_hat, x
        hbar *= -thetabar * rho / (rhoold * rhobarold)
        hbar += h
        x += zeta / (rho * rhobar) * hbar
        h *= -thetanew / rho
        h += v

        # Estimate of ||r||
        betaacute = chat * betadd
        betacheck = -shat * betadd
        betahat = c * betaacute
        betadd = -s * betaacute

        # Apply rotation Qtilde_{k-1}
        thetatildeold = thetatilde
        ctildeold, stildeold, rhotildeold = _sym_ortho(rhodold, thetabar)
        thetatilde = stildeold * rhobar
        rhodold = ctildeold * rhobar
        betad = -stildeold * betad + ctildeold * betahat

        tautildeold = (zetaold - thetatildeold * tautildeold) / rhotildeold
        taud = (zeta - thetatilde * tautildeold) / rhodold
        d = d + betacheck * betacheck
        normr = jnp.sqrt(d + (betad - taud) ** 2 + betadd * betadd)

        # Estimate ||A||
        normA2 = normA2 + beta * beta
        normA = jnp.sqrt(normA2)
        normA2 += alpha * alpha

        # Estimate cond(A)
        maxrbar = max(maxrbar, rhobarold)
        if itn > 1:
            minrbar = min(minrbar, rhobarold)
        condA = max(maxrbar, rhotemp) / min(minrbar, rhotemp)

        # Test for convergence
        normar = abs(zetabar)
        normx = norm(x)
        test1 = normr / normb
        test2 = normar / (normA * normr) if (normA * normr) != 0 else jnp.inf
        test3 = 1 / condA
        t1 = test1 / (1 + normA * normx / normb)
        rtol = btol + atol * normA * normx / normb

        if itn >= maxiter:
            istop = 7
        if 1 + test3 <= 1:
            istop = 6
        if 1 + test2 <= 1:
            istop = 5
        if 1 + t1 <= 1:
            istop = 4
        if test3 <= ctol:
            istop = 3
        if test2 <= atol:
            istop = 2
        if test1 <= rtol:
            istop = 1

        if show and ((n <= 40) or (itn <= 10) or (itn >= maxiter - 10) or
                     (itn % 10 == 0) or (test3 <= 1.1 * ctol) or
                     (test2 <= 1.1 * atol) or (test1 <= 1.1 * rtol) or
                     (istop != 0)):
            print(
                f'{itn:6g} {x[0]:12.5e} {normr:10.3e} {normar:10.3e} {test1:8.1e} {test2:8.1e} {normA:8.1e} {condA:8.1e}')

        if istop > 0:
            break

    if show:
        print('\nLSMR finished')
        print(msg[istop])

    return x, istop, itn, normr, normar, normA, condA, normx


@jax.jit
def f(A, b):
    return lsmr(A, b, atol=1e-2, btol=1e-2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m, n = 12, 8
    U, _ = np.linalg.qr(rng.normal(size=(m, n)))
    V, _ = np.linalg.qr(rng.normal(size=(n, n)))
    A = ((U * rng.uniform(0.3, 1.0, size=n)) @ V.T).astype(np.float32)   # condition number <= 3.3
    kind = rng.integers(0, 3)
    if kind == 0:                       # consistent system: stops on test1 (istop 1)
        b = A @ rng.normal(size=(n,))
    else:                               # least squares: stops on test2 or the iteration limit
        b = 0.2 * rng.normal(size=(m,))
    return (A, b.astype(np.float32))


INPUTS = make_inputs


def _givens(a, b):
    a = jnp.asarray(a, jnp.float32)
    b = jnp.asarray(b, jnp.float32)
    sb = jnp.where(b == 0, 1.0, b)
    sa = jnp.where(a == 0, 1.0, a)
    t1 = a / sb
    s1 = jnp.sign(b) / jnp.sqrt(1 + t1 * t1)
    c1 = s1 * t1
    r1 = b / jnp.where(s1 == 0, 1.0, s1)
    t2 = b / sa
    c2 = jnp.sign(a) / jnp.sqrt(1 + t2 * t2)
    s2 = c2 * t2
    r2 = a / jnp.where(c2 == 0, 1.0, c2)
    big = jnp.abs(b) > jnp.abs(a)
    c = jnp.where(big, c1, c2)
    s = jnp.where(big, s1, s2)
    r = jnp.where(big, r1, r2)
    c = jnp.where(a == 0, 0.0, c)
    s = jnp.where(a == 0, jnp.sign(b), s)
    r = jnp.where(a == 0, jnp.abs(b), r)
    c = jnp.where(b == 0, jnp.sign(a), c)
    s = jnp.where(b == 0, 0.0, s)
    r = jnp.where(b == 0, jnp.abs(a), r)
    return c, s, r


@jax.jit
def reference_fix(A, b):
    atol, btol, conlim, damp = 1e-2, 1e-2, 1e8, 0.0
    m, n = A.shape
    maxiter = min(m, n)
    f32 = jnp.float32
    x = jnp.zeros(n, f32)
    normb = norm(b)
    beta = norm(b)
    u = jnp.where(beta > 0, b / jnp.where(beta > 0, beta, 1.0), b)
    v = jnp.where(beta > 0, A.T @ u, jnp.zeros(n, f32))
    alpha = jnp.where(beta > 0, norm(v), 0.0)
    v = jnp.where(alpha > 0, v / jnp.where(alpha > 0, alpha, 1.0), v)
    ctol = 1 / conlim
    normA2 = alpha * alpha
    init = dict(itn=0, u=u, v=v, alpha=alpha, beta=beta, x=x, zetabar=alpha * beta,
                alphabar=alpha, rho=f32(1), rhobar=f32(1), cbar=f32(1), sbar=f32(0),
                h=v, hbar=jnp.zeros(n, f32), betadd=beta, betad=f32(0), rhodold=f32(1),
                tautildeold=f32(0), thetatilde=f32(0), zeta=f32(0), d=f32(0),
                normA2=normA2, maxrbar=f32(0), minrbar=f32(1e30), normA=jnp.sqrt(normA2),
                condA=f32(1), normx=f32(0), istop=0, normr=beta, normar=alpha * beta)

    def cond(s):
        return (s['itn'] < maxiter) & (s['istop'] == 0)

    def body(s):
        s = dict(s)
        itn = s['itn'] + 1
        alpha = s['alpha']
        u = s['u'] * -alpha + A @ s['v']
        beta = norm(u)
        pos = beta > 0
        u = jnp.where(pos, u / jnp.where(pos, beta, 1.0), u)
        v_new = s['v'] * -beta + A.T @ u
        alpha_new = norm(v_new)
        v_new = jnp.where(alpha_new > 0, v_new / jnp.where(alpha_new > 0, alpha_new, 1.0), v_new)
        v = jnp.where(pos, v_new, s['v'])
        alpha = jnp.where(pos, alpha_new, alpha)
        chat, shat, alphahat = _givens(s['alphabar'], damp)
        rhoold = s['rho']
        c, sn, rho = _givens(alphahat, beta)
        thetanew = sn * alpha
        alphabar = c * alpha
        rhobarold = s['rhobar']
        zetaold = s['zeta']
        thetabar = s['sbar'] * rho
        rhotemp = s['cbar'] * rho
        cbar, sbar, rhobar = _givens(s['cbar'] * rho, thetanew)
        zeta = cbar * s['zetabar']
        zetabar = -sbar * s['zetabar']
        hbar = s['hbar'] * (-thetabar * rho / (rhoold * rhobarold)) + s['h']
        x = s['x'] + zeta / (rho * rhobar) * hbar
        h = s['h'] * (-thetanew / rho) + v
        betaacute = chat * s['betadd']
        betacheck = -shat * s['betadd']
        betahat = c * betaacute
        betadd = -sn * betaacute
        thetatildeold = s['thetatilde']
        ctildeold, stildeold, rhotildeold = _givens(s['rhodold'], thetabar)
        thetatilde = stildeold * rhobar
        rhodold = ctildeold * rhobar
        betad = -stildeold * s['betad'] + ctildeold * betahat
        tautildeold = (zetaold - thetatildeold * s['tautildeold']) / rhotildeold
        taud = (zeta - thetatilde * tautildeold) / rhodold
        d = s['d'] + betacheck * betacheck
        normr = jnp.sqrt(d + (betad - taud) ** 2 + betadd * betadd)
        normA2 = s['normA2'] + beta * beta
        normA = jnp.sqrt(normA2)
        normA2 = normA2 + alpha * alpha
        maxrbar = jnp.maximum(s['maxrbar'], rhobarold)
        minrbar = jnp.where(itn > 1, jnp.minimum(s['minrbar'], rhobarold), s['minrbar'])
        condA = jnp.maximum(maxrbar, rhotemp) / jnp.minimum(minrbar, rhotemp)
        normar = jnp.abs(zetabar)
        normx = norm(x)
        test1 = normr / normb
        den = normA * normr
        test2 = jnp.where(den != 0, normar / jnp.where(den != 0, den, 1.0), jnp.inf)
        test3 = 1 / condA
        t1 = test1 / (1 + normA * normx / normb)
        rtol = btol + atol * normA * normx / normb
        istop = 0
        istop = jnp.where(itn >= maxiter, 7, istop)
        istop = jnp.where(1 + test3 <= 1, 6, istop)
        istop = jnp.where(1 + test2 <= 1, 5, istop)
        istop = jnp.where(1 + t1 <= 1, 4, istop)
        istop = jnp.where(test3 <= ctol, 3, istop)
        istop = jnp.where(test2 <= atol, 2, istop)
        istop = jnp.where(test1 <= rtol, 1, istop)
        return dict(itn=itn, u=u, v=v, alpha=alpha, beta=beta, x=x, zetabar=zetabar,
                    alphabar=alphabar, rho=rho, rhobar=rhobar, cbar=cbar, sbar=sbar,
                    h=h, hbar=hbar, betadd=betadd, betad=betad, rhodold=rhodold,
                    tautildeold=tautildeold, thetatilde=thetatilde, zeta=zeta, d=d,
                    normA2=normA2, maxrbar=maxrbar, minrbar=minrbar, normA=normA,
                    condA=condA, normx=normx, istop=istop, normr=normr, normar=normar)

    s = jax.lax.while_loop(cond, body, init)
    return (s['x'], s['istop'], s['itn'], s['normr'], s['normar'], s['normA'],
            s['condA'], s['normx'])
