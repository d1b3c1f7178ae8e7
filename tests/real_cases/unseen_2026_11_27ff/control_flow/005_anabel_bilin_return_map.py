"""anabel's bilinear plasticity return map: `if f_trial < 0.0` elastic/plastic branch on a traced trial yield function.

source: claudioperez/anabel src/anabel/_models/matlib/mono.py at c7ad2445a496dba955ada214b47c0b534365757b (`bi_lin` and its inner `step`; code-index file id 11692739237)
error: TracerBoolConversionError
category: if-else-multi-assign
expect: fix
notes: `bi_lin` copied verbatim (the unused `Df` helper and the `fsolve` path are kept; `fsolve` is never reached because the case builds the model with linearize=True, so the plastic corrector is the closed-form one). Only added: the model constants E=29000, H0=500, C=200 and the entry point `f = jax.jit(step)`. The same module keeps other jit attempts commented out (`# @jax.jit` above BiLin's `Et`). The elastic branch returns the Python float E as the tangent, the plastic branch a traced value; inputs mix elastic and plastic trials.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax
import collections


def bi_lin(E, H0, C, e0=0.0, ep0=0.0, sigma0=0.0, q0=0.0, Y0=0.0, AD=False, H=None,init=False,linearize=False, **kwds):
    if H is None: H = lambda Dep: H0

    def g(Dep, sigma_trial, q_i, Y_i):
        return abs(sigma_trial - q_i) - (E + C)*Dep - Y_i - H( sigma_trial - (E + C)*Dep )*Dep
        
    if linearize:
        def solve_g(sigma_trial, q_i, Y_i):
            return (abs(sigma_trial-q_i) - Y_i )/(E+C+H0)
    else:
        def solve_g(sigma_trial, q_i, Y_i):
            return fsolve(g, 0., args=(sigma_trial, q_i, Y_i))[0]
    
    def step(De, e_i, ep_i, sigma_i, q_i, Y_i,*args):  # De, e_i, sigma_i, q_i, Y_i, ep_i 
        e_n = e_i + De                    # New total strain at the end of this step
        sigma_trial = sigma_i + E * De    # Trial stress
        xi_trial = sigma_trial  - q_i
        f_trial = abs(xi_trial) - Y_i

        if f_trial < 0.0: # Elastic step
            sigma_n = sigma_trial
            Et = E
            Y_n  = Y_i
            ep_n = ep_i
            q_n  = q_i
            
        else:
            Dep = solve_g(sigma_trial, q_i, Y_i)
            ep_n = ep_i + Dep * jnp.sign(xi_trial)
            sigma_n = E*(e_n - ep_n)
            Y_n =  Y_i + H(Y_i) * Dep
            Et = E*(C + H(Y_i))/( E + C + H(Y_i) )
            q_n = q_i + C*Dep*jnp.sign(xi_trial)

        return e_n, ep_n, sigma_n, q_n, Y_n, Et
    
    def Df (de, st):
        if f_trial < 0.0: # Elastic step
            Df = E
        else:
            Df = E*(C + H(Y_i))/( E + C + H(Y_i) )
        return Df, st

    if init:
        State = collections.namedtuple('State', 'e, ep, sigma, q, Y, Et', defaults=(e0, ep0, sigma0, q0, Y0, E))
        return step, State
    return step


step = bi_lin(29000.0, 500.0, 200.0, linearize=True)
f = jax.jit(step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # strain increment, current strain, plastic strain, stress, back stress, yield stress
    De = np.float32(rng.uniform(-4e-3, 4e-3))
    e_i = np.float32(rng.uniform(-2e-3, 2e-3))
    ep_i = np.float32(rng.uniform(-5e-4, 5e-4))
    sigma_i = np.float32(rng.uniform(-40.0, 40.0))
    q_i = np.float32(rng.uniform(-5.0, 5.0))
    Y_i = np.float32(rng.uniform(30.0, 70.0))
    return (De, e_i, ep_i, sigma_i, q_i, Y_i)


INPUTS = make_inputs

_E, _H0, _C = 29000.0, 500.0, 200.0


@jax.jit
def reference_fix(De, e_i, ep_i, sigma_i, q_i, Y_i):
    e_n = e_i + De
    sigma_trial = sigma_i + _E * De
    xi_trial = sigma_trial - q_i
    f_trial = abs(xi_trial) - Y_i
    elastic = f_trial < 0.0
    Dep = (abs(sigma_trial - q_i) - Y_i) / (_E + _C + _H0)
    ep_p = ep_i + Dep * jnp.sign(xi_trial)
    sigma_p = _E * (e_n - ep_p)
    Y_p = Y_i + _H0 * Dep
    Et_p = _E * (_C + _H0) / (_E + _C + _H0)
    q_p = q_i + _C * Dep * jnp.sign(xi_trial)
    return (e_n,
            jnp.where(elastic, ep_i, ep_p),
            jnp.where(elastic, sigma_trial, sigma_p),
            jnp.where(elastic, q_i, q_p),
            jnp.where(elastic, Y_i, Y_p),
            jnp.where(elastic, _E, Et_p))
