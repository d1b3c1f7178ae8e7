"""A compartment-model classmethod dispatches on `jax.numpy.all` of per-parameter flags, which is staged under jit.

source: dsheldon/covid compartment.py at 019bde070e21c3029cf8581e925fac05ebbef502 (code-index file id 15871048094; CompartmentModel.run, _run_static, _run_time_varying, SIRModel.dx_dt, SIRModel.seed). A later revision of the same class in the repository imports `numpy as onp` and tests `if onp.all(is_scalar):` instead, the host-side fix.
error: TracerBoolConversionError
category: classmethod-dispatch-jnp-on-static-flags
expect: fix
notes: The module imports `jax.numpy as np` (NumPy code ported by renaming), so `np.all(is_scalar)` is a jax.numpy reduction: under jit it is staged and returns a tracer, and the `if` fails even though every flag is a Python bool known at trace time. One change was required for current JAX: jnp.all no longer accepts a Python list, so `np.all(is_scalar)` became `np.all(np.asarray(is_scalar))` (the 2020 JAX accepted the list and behaved the same way under jit). The unused `build_odeint_batch` (it calls an undefined `build_odeint`), `run_batch` (raises NotImplementedError first thing) and the SEIR model are left out; CompartmentModel and SIRModel are otherwise verbatim. The entry point `f` (jit of SIRModel.run for a fixed horizon T = 6) is added. Inputs alternate scalar parameters (the `_run_static` branch) and per-step parameter vectors of length T-1 (the `_run_time_varying` branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax.experimental.ode import odeint
import jax.numpy as np


class CompartmentModel(object):
    '''
    Base class for compartment models. 
    
    As of 4/1/2020 there is no state to these objects, so all method
    are class methods.
    '''
    
    @classmethod
    def dx_dt(cls, x, *args):
        '''Compute time derivative'''
        raise NotImplementedError()
        return

    
    @classmethod
    def run(cls, T, x0, theta, **kwargs):
        
        # Theta is a tuple of parameters. Entries are 
        # scalars or vectors of length T-1
        is_scalar = [np.ndim(a)==0 for a in theta]
        if np.all(np.asarray(is_scalar)):
            return cls._run_static(T, x0, theta, **kwargs) 
        else:
            return cls._run_time_varying(T, x0, theta, **kwargs)
        
    
    @classmethod
    def _run_static(cls, T, x0, theta, rtol=1e-5, atol=1e-3, mxstep=500):
        '''
        x0 is shape (d,)
        theta is shape (nargs,)
        '''
        t = np.arange(T, dtype='float32')
        return odeint(cls.dx_dt, x0, t, *theta)

    
    @classmethod
    def _run_time_varying(cls, T, x0, theta, rtol=1e-5, atol=1e-3, mxstep=500):
        
        theta = tuple(np.broadcast_to(a, (T-1,)) for a in theta)

        '''
        x0 is shape (d,)
        theta is shape (nargs, T-1)
        '''
        t_one_step = np.array([0.0, 1.0])
        
        def advance(x0, theta):
            x1 = odeint(cls.dx_dt, x0, t_one_step, *theta, rtol=rtol, atol=atol, mxstep=mxstep)[1]
            return x1, x1

        # Run T–1 steps of the dynamics starting from the intial distribution
        _, X = jax.lax.scan(advance, x0, theta, T-1)
        return np.vstack((x0, X))

    
class SIRModel(CompartmentModel):

    @classmethod
    def dx_dt(cls, x, t, beta, gamma):
        """
        SIR equations
        """        
        S, I, R, C = x
        N = S + I + R
        
        dS_dt = - beta * S * I / N
        dI_dt = beta * S * I / N - gamma * I
        dR_dt = gamma * I
        dC_dt = beta * S * I / N  # cumulative infections
        
        return np.stack([dS_dt, dI_dt, dR_dt, dC_dt])

    @classmethod
    def R0(cls, theta):
        beta, gamma = theta
        return beta/gamma
    
    @classmethod
    def growth_rate(cls, theta):
        beta, gamma = theta
        return beta - gamma

    @classmethod
    def seed(cls, N=1e6, I=100.):
        '''
        Seed infection. Return state vector for I infected out of N
        '''
        return np.stack([N-I, I, 0.0, I])


T = 6


@jax.jit
def f(x0, beta, gamma):
    return SIRModel.run(T, x0, (beta, gamma))
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    N = rng.uniform(1e4, 1e5)
    I = rng.uniform(10.0, 500.0)
    x0 = onp.array([N - I, I, 0.0, I], dtype=onp.float32)
    if rng.random() < 0.5:
        beta = onp.float32(rng.uniform(0.2, 0.6))
        gamma = onp.float32(rng.uniform(0.05, 0.2))
    else:
        beta = rng.uniform(0.2, 0.6, size=(T - 1,)).astype(onp.float32)
        gamma = onp.float32(rng.uniform(0.05, 0.2))
    return (x0, beta, gamma)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, beta, gamma):
    theta = (beta, gamma)
    if all(np.ndim(a) == 0 for a in theta):
        return SIRModel._run_static(T, x0, theta)
    return SIRModel._run_time_varying(T, x0, theta)
