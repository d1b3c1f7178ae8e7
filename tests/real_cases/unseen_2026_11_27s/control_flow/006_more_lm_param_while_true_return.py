"""Moré's Levenberg-Marquardt parameter search in jax.numpy: an early `return 0.0`, then `while True` with traced ifs and a return inside.

source: code-index file id 28575422407 (a JAX experiment module citing "Moré, J.J., 1978. The Levenberg-Marquardt algorithm: implementation and theory", with `norm`, `phi` ("Eq. 5.2"), `lm_param(D, J, f, delta, sigma=0.1)` and a trust-region `levenberg_marquardt`); the index does not name the repository. It is a sibling file of the module used in case 001 (id 28842124550), in the same unnamed repository.
error: TracerBoolConversionError
category: early-return-while-true-return-print
expect: fix
notes: `norm`, `phi` and `lm_param` are verbatim, debug prints included (`print('\t\t[%f, %f]' % (lower, upper))` and friends format traced values, so they too need to go or become `jax.debug.print` in a fix; they do not affect the result). The module's trust-region driver and its test problems (`p1`, `p4`, run at import) are dropped. Added the entry point `_lm_param(d, J, fvec, delta)` that builds the diagonal scaling `D = np.diag(d)` and calls `lm_param(D, J, fvec, delta)`; `f = jax.jit(_lm_param)`. The first leak is `if phi0 <= 0: return 0.0` (the Gauss-Newton step already fits in the trust region); inputs use a large `delta` in some trials so that branch runs, and a small one in the rest, where the safeguarded Newton iteration on `phi(alpha)` runs until `np.abs(phik) < sigma*delta`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy         as np
import jax.numpy.linalg  as npla

# Moré, J.J., 1978. The Levenberg-Marquardt algorithm: implementation
# and theory. In Numerical analysis (pp. 105-116). Springer, Berlin,
# Heidelberg.

def norm(v):
  return np.sqrt(np.sum(v**2))

def phi(alpha, D, J, f, delta):
  ''' Eq. 5.2 '''

  # Slow, but just seeing how to make this work.
  return norm(D @ npla.solve(J.T @ J + alpha * D.T @ D, J.T @ f)) - delta

def lm_param( D, J, f, delta, sigma=0.1 ):
  ''' Determine the \lambda parameter in L-M as discussed by Moré. '''

  vg_phi = jax.value_and_grad(phi, argnums=0)

  phi0, dphi0 = vg_phi(0., D, J, f, delta)

  if phi0 <= 0:
    return 0.0

  # D is diagonal...
  iD = npla.inv(D)

  upper = norm((J @ iD).T @ f) / delta
  #print(upper)

  # TODO: if J is low-rank, use lower=0
  lower = - phi0 / dphi0
  #print(lower)

  # start with alpha = 0?
  alpha = 0.0

  while True:
    print('\t\talpha = %f' % (alpha))
    print('\t\t[%f, %f]' % (lower, upper))

    if alpha <= lower or alpha >= upper:
      alpha = np.maximum( 0.001 * upper, np.sqrt(upper * lower) )
    #print(alpha)

    phik, dphik = vg_phi(alpha, D, J, f, delta)
    if phik < 0:
      upper = alpha

    print('\t\tphi(alpha) = %f (vs %f)' % (phik, sigma*delta))

    if np.abs(phik) < sigma*delta:
      #print('done! %f' % (phik))
      print('\t\talpha = %f' % (alpha))
      return alpha

    lower = np.maximum(lower, alpha - phik/dphik)
    print('\t\t[%f, %f]' % (lower, upper))

    alpha = alpha - ( (phik + delta)/delta ) * ( phik/dphik )
    #print(alpha)


def _lm_param(d, J, fvec, delta):
  D = np.diag(d)
  return lm_param(D, J, fvec, delta)


f = jax.jit(_lm_param)
# --- end user code ---

import numpy as onp
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    m, n = 6, 3
    J = rng.normal(size=(m, n)).astype(onp.float32)
    J[:, 0] += 2.0  # keep J well conditioned
    fvec = rng.normal(size=m).astype(onp.float32)
    d = rng.uniform(0.5, 2.0, size=n).astype(onp.float32)
    gn = onp.linalg.lstsq(J.astype(onp.float64), fvec.astype(onp.float64), rcond=None)[0]
    size = float(onp.linalg.norm(d * gn))
    # large region: the Gauss-Newton step fits (return 0.0); small: iterate on alpha
    ratio = rng.choice([3.0, rng.uniform(0.15, 0.6)])
    delta = onp.float32(ratio * size)
    return (d, J, fvec, delta)


INPUTS = make_inputs


def _phi(alpha, D, J, f, delta):
    return jnp.linalg.norm(D @ jnp.linalg.solve(J.T @ J + alpha * D.T @ D, J.T @ f)) - delta


@jax.jit
def reference_fix(d, J, fvec, delta, sigma=0.1):
    D = jnp.diag(d)
    vg = jax.value_and_grad(_phi, argnums=0)
    phi0, dphi0 = vg(jnp.asarray(0.0, fvec.dtype), D, J, fvec, delta)
    iD = jnp.linalg.inv(D)
    upper0 = jnp.sqrt(jnp.sum(((J @ iD).T @ fvec) ** 2)) / delta
    lower0 = -phi0 / dphi0

    def body(s):
        alpha, lower, upper, done = s
        alpha = jnp.where((alpha <= lower) | (alpha >= upper),
                          jnp.maximum(0.001 * upper, jnp.sqrt(upper * lower)), alpha)
        phik, dphik = vg(alpha, D, J, fvec, delta)
        upper = jnp.where(phik < 0, alpha, upper)
        done = jnp.abs(phik) < sigma * delta
        new_lower = jnp.maximum(lower, alpha - phik / dphik)
        new_alpha = alpha - ((phik + delta) / delta) * (phik / dphik)
        lower = jnp.where(done, lower, new_lower)
        alpha = jnp.where(done, alpha, new_alpha)
        return alpha, lower, upper, done

    alpha, _, _, _ = lax.while_loop(lambda s: ~s[-1] & (phi0 > 0), body,
                                    (jnp.asarray(0.0, fvec.dtype), lower0, upper0, jnp.asarray(False)))
    return jnp.where(phi0 <= 0, 0.0, alpha)
