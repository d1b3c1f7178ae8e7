"""SPH spline kernel and its gradient: a per-element loop with an `if a and b / elif a and b / else` chain on traced distances.

source: ornemarioni/metodos_numericos distr_homog/kernel.py at 3aca6d1a65e6376073462e5ac67a6894e8a1259c (W, dW: "Spline kernel of Monaghan and Lattanzio (1985)")
error: TracerBoolConversionError
category: for-per-element-elif-chain, python-and-of-traced-comparisons
expect: fix
notes: NumPy-era code. `import numpy as np` becomes `import jax.numpy as np`, and the element writes `W[i] = ...` /
  `dW[i] = ...` become `W = W.at[i].set(...)` / `dW = dW.at[i].set(...)` (the local arrays shadow the function
  names, as in the original). The jitted `f(r, h)` (added by the collector) returns both; the smoothing length h is
  traced. Trials draw distances so that all three branches and both segment edges occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np

def W(r,h):
    #Spline kernel of Monaghan and Lattanzio (1985)
    
    n=len(r)
    
    x = r/h
    W = np.zeros(n)
    
    for i in range(n):
        
        if 0.<= x[i] and x[i] < 1. :
            W = W.at[i].set((1. - 1.5*(x[i]**2) + 0.75*(x[i]**3)) / (np.pi * h**3))
        
        elif 1.<= x[i] and x[i] < 2. :
            W = W.at[i].set((2. - x[i])**3 / (4 * np.pi * h**3))
        
        else:
            W = W.at[i].set(0.)
    
    return W

def dW(r,h):
    #Gradiente del kernel
    n=len(r)
    
    x = r/h
    dW = np.zeros(n)
    
    for i in range(n):
        
        if 0.<= x[i] and x[i] < 1. :
            dW = dW.at[i].set(3 * ((0.75 * x[i]**2) - x[i]) / (np.pi * h**4))
        
        elif 1.<= x[i] and x[i] < 2. :
            dW = dW.at[i].set(-3. * (2. - x[i])**2 / (4 * np.pi * h**4))
        
        else:
            dW = dW.at[i].set(0.)
    
    return dW


@jax.jit
def f(r, h):
    return W(r, h), dW(r, h)
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    h = onp.float32(rng.uniform(0.5, 1.5))
    x = rng.uniform(0.0, 2.6, size=10)
    x[:3] = [0.0, 1.0, 2.0]                 # segment edges
    r = (x * h).astype(onp.float32)
    return (r, h)


INPUTS = make_inputs


@jax.jit
def reference_fix(r, h):
    x = r / h
    in1 = (0. <= x) & (x < 1.)
    in2 = (1. <= x) & (x < 2.)
    w = jnp.where(in1, (1. - 1.5 * x**2 + 0.75 * x**3) / (jnp.pi * h**3),
                  jnp.where(in2, (2. - x)**3 / (4 * jnp.pi * h**3), 0.))
    dw = jnp.where(in1, 3 * (0.75 * x**2 - x) / (jnp.pi * h**4),
                   jnp.where(in2, -3. * (2. - x)**2 / (4 * jnp.pi * h**4), 0.))
    return w, dw
