"""Mass-spring chain forward simulation: lax.scan with a lax.cond on the step index (already jit-safe).

source: public code index file id 45557719924 (inverse-problem script "Simulate Series of Masses and Springs": simulate, adjoint_sim, virtualSourceMasses, virtualSourceSprings, forward_model with jax.custom_jvp, jaxopt.LBFGS fit; imports `from HelperFunctions import *`). The index does not name the repository or commit.
error: none
category: lookalike-lax-cond-in-scan
expect: untouched
notes: `simulate` verbatim with its @jax.jit (the author's comment "JAX can't work with if statements" sits above the lax.cond); `f = simulate` added. The `t_idx == 0` test is already a lax.cond predicate and `Nt = t.size` / `N = springs.size-1` are static shapes, so nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax # Import JAX Before Importing Any Submodules
import jax.numpy as jnp

## Differential Equations

# Forward Differential Equation: Forward-Time Propagation
#   F_i - k_i(u_i - u_{i-1}) - k_{i+1}(u_i - u_{i+1}) = m_i(d2u_i)
@jax.jit
def simulate(t, F, mass, springs):
    # Inputs
    Nt = t.size; # Number of Time Points
    dt = jnp.mean(jnp.diff(t)); # Time Step
    N = springs.size-1; # Number of Masses
    # Displacement of Each Mass (Walls Clamped to Zero)
    u = jnp.zeros((N+2, Nt)); # Displacements vs Time
    # Body of For Loop with Conditional Statement (JAX can't work with if statements)
    def compute_unext(t_idx, u):
        force_term = (F[:,t_idx] - springs[:-1]*(u[1:-1,t_idx]-u[:-2,t_idx]) - 
            springs[1:]*(u[1:-1,t_idx]-u[2:,t_idx])); 
        # jax.lax.cond(condition, ifTrueFunction, ifFalseFunction, *inputsToFunction)
        return jax.lax.cond(t_idx == 0, 
            lambda: 2*u[1:-1,t_idx] + (dt**2) * force_term / mass, 
            lambda: 2*u[1:-1,t_idx] - u[1:-1,t_idx-1] + (dt**2) * force_term / mass); 
    def update_u(u, t_idx):
        unext = compute_unext(t_idx, u); 
        return u.at[1:-1,t_idx+1].set(unext), None; 
    # Time Advancement Loop
    u, _ = jax.lax.scan(update_u, u, jnp.arange(Nt-1))
    # Remove Walls
    return u[1:-1,:]; 


f = simulate
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N, Nt = 7, 41
    dt = rng.uniform(0.1, 0.3)
    t = (np.arange(Nt) * dt).astype(np.float32)
    masses = (rng.uniform(size=N) + 10).astype(np.float32)
    springs = (rng.uniform(size=N + 1) + 10).astype(np.float32)
    force = np.zeros((N, Nt), np.float32)
    force[rng.integers(N), 1] = 1.0
    force[:, 2:6] += 0.1 * rng.normal(size=(N, 4)).astype(np.float32)
    return (t, force, masses, springs)


INPUTS = make_inputs
