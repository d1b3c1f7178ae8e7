"""Ocean-flow vector field that returns zeros early when the velocity has diverged (NaN), via a Python `if`.

source: public JAX ocean/flow model in the code index (code-index file id 11212878144, a later variant is id 11086822242; the index does not name the repository): `vf_flow_incompressible`, `ic_flow_basic`, `class BoundaryAware`, constants CG_REPEATS/DT/MAXITER/DTHETA/DLAMBDA; run config `vector_field: vf_flow_incompressible`, `initial_condition: ic_flow_basic`, constants horizontal_diffusivity 0.001 / horizontal_viscosity 0.01 / reference_density 0.1 from the repository's YAML config (same index)
error: TracerBoolConversionError
category: early-return-on-traced-condition
expect: fix
notes: The author left the early exit commented out with the note "doesnt work with jit" (the run config selects a diffrax solver, `solver_options: type: diffrax_Euler`); this case restores those two commented lines (`if jnp.any(jnp.isnan(v)): return T*0, S*0, v*0`) and otherwise keeps vf_flow_incompressible, ic_flow_basic and BoundaryAware as stored (the module's other vector fields and initial conditions, and the BoundaryAware methods this path never calls, laplacian_rolls / laplacian_ps / divergence_ps, are left out). The diffrax call is replaced by `f = jax.jit(partial(vf_flow_incompressible, args=ARGS))`; ARGS is built at import time with the author's `ic_flow_basic` on a small 6x8 lat/lng grid (the YAML used 20x40) plus the YAML constants. Inputs are the author's initial condition plus small noise, with NaNs put into v in some trials so that both paths run. Also added `jax.config.update("jax_enable_x64", True)`: the three conjugate-gradient projections are ill-conditioned in float32 and jit vs eager then differ by up to 1e-2; in float64 they agree to 1e-10. The flag is process-wide, so cases loaded after this one in the same selftest process run in x64.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
import jax.scipy as jsp

jax.config.update("jax_enable_x64", True)

CG_REPEATS = 2
DT = 0.01
MAXITER = 100

DTHETA = 1
DLAMBDA = 1

# Vector fields: list of ys -> list of dy/dts


def vf_flow_incompressible(t, ys, args):
    T, S, v = ys

    # If simulation has diverged, don't bother doing any more maths
    # (but do not crash so we can analyse the output)
    # doesnt work with jit
    if jnp.any(jnp.isnan(v)):
        return T*0, S*0, v*0

    config = args['config']
    ba = args['boundary_aware_functions']

    A_HH = config['constants']['horizontal_diffusivity']
    A_MH = config['constants']['horizontal_viscosity']
    rho_0 = config['constants']['reference_density']

    p = 1 - T*0.01 - S*0.01

    dT = A_HH * ba.laplacian(T) + ba.advection(v, T)
    dS = A_HH * ba.laplacian(S) + ba.advection(v, S)

    dv = A_MH * ba.laplacian(v)
    dv = dv.at[0].add( ba.advection(v,v[0]) )  # -1/rho_0 * ba.ptheta(p) 
    dv = dv.at[1].add( ba.advection(v,v[1]) )  # -1/rho_0 * ba.plambda(p)

    state = args['state']
    dv *= state

    dv = ba.project_divergencefree(dv)
    dv *= (ba.neighbours==4)
    dT *= state
    dS *= state

    return (dT, dS, dv)


# Initial conditions: coordinates -> list of ys
def ic_flow_basic(config, lat,lng):
    
    # Hot spot in centre
    T = 1 * ((jnp.square(lat) + jnp.square(lng))<0.7) 
    # Salty spot
    S = 1 * ((jnp.square(lat) + jnp.square(lng+1))<0.7)

    # Initialise v as 0
    v = jnp.zeros((2, lat.shape[0], lat.shape[1]))
    # Add a spot of vertical movement
    v = v.at[1].set( -10 * ((jnp.square(lat+0.5) + jnp.square(lng+0.5))<1) )
    # Force v to be divergence free

    state = 1 - 1 * ((jnp.square(lat+0.5) + jnp.square(lng+2))<0.7)
    ba = BoundaryAware(state)

    T*=state; S*=state; v*=state

    v = ba.project_divergencefree(v)

    return (T, S, v), {'state': state, 'boundary_aware_functions': ba }


# Functional definitions
# Note negative axes are used to enable function for both T,S (indexed [lat,lng]) and v (indexed [direction, lat, lng])

class BoundaryAware():

    def __init__(self, state):

        def neighbours(state):
            s_i_next = jnp.roll(state, shift=1, axis=-2)
            s_i_prev = jnp.roll(state, shift=-1,axis=-2)
            s_j_next = jnp.roll(state, shift=1 ,axis=-1)
            s_j_prev = jnp.roll(state, shift=-1,axis=-1)

            return s_i_next + s_i_prev + s_j_next + s_j_prev
        

        self.state = state
        self.neighbours = neighbours(state)
        self.inner_solid = neighbours(1-state)==4
    
    def laplacian(self,y):
        return self.laplacian_divgrad(y)

    def laplacian_divgrad(self, y):
        
        return self.divergence(self.gradient(y)) +  y*(-1+self.state)

    def ptheta(self, y):
        y_i_next = jnp.roll(y,          shift=1, axis=-2)
        y_i_prev = jnp.roll(y,          shift=-1,axis=-2)

        f_i_next = jnp.roll(self.state, shift=1, axis=-2)
        f_i_prev = jnp.roll(self.state, shift=-1,axis=-2)

        return self.state * ( # there is only a valid derivative in fluid cells
                 f_i_next * f_i_prev     * (y_i_next - y_i_prev) / 2  # case where both neighbours are fluid
               + f_i_next * (1-f_i_prev) * (y_i_next - y)             # case where only the next neighbour is fluid
               + (1-f_i_next) * f_i_prev * (y - y_i_prev)             # case where only the previous neighbour is fluid
            )/DTHETA                                        # when neither neighbour is fluid, the previous two cases cancel out
             
    def plambda(self, y): 
        y_j_next = jnp.roll(y,          shift= 1,axis=-1)
        y_j_prev = jnp.roll(y,          shift=-1,axis=-1)

        f_j_next = jnp.roll(self.state, shift= 1,axis=-1)
        f_j_prev = jnp.roll(self.state, shift=-1,axis=-1)

        return self.state * (  # there is only a valid derivative in fluid cells
                 f_j_next * f_j_prev     * (y_j_next - y_j_prev) / 2  # case where both neighbours are fluid
               + f_j_next * (1-f_j_prev) * (y_j_next - y)             # case where only the next neighbour is fluid
               + (1-f_j_next) * f_j_prev * (y - y_j_prev)             # case where only the previous neighbour is fluid
            )/DTHETA                                        # when neither neighbour is fluid, the previous two cases cancel out

    def gradient(self, y):
        return jnp.array( (self.ptheta(y), self.plambda(y)))
    
    def divergence(self, y):
        return self.divergence_roll(y)

    def divergence_roll(self, y):
        y_i_next = jnp.roll(y[0], shift=1, axis=-2)
        y_i_prev = jnp.roll(y[0], shift=-1,axis=-2)
        y_j_next = jnp.roll(y[1], shift=1 ,axis=-1)
        y_j_prev = jnp.roll(y[1], shift=-1,axis=-1)
        return (y_i_next - y_i_prev + y_j_next - y_j_prev) #*self.state
    
    def advection(self, v, y):
        return self.state*(v[0] * self.ptheta(y) + v[1] * self.plambda(y) )
    
    def blur(self, y):
        return (jnp.roll(y,  1, axis=-2)
              + jnp.roll(y, -1, axis=-2)
              + jnp.roll(y,  1, axis=-1)
              + jnp.roll(y, -1, axis=-1)
              + y) / (self.neighbours + 1) *self.state

    # Incompressability 

    def project_divergencefree(self, v):

        v *= self.state

        iters = (150, 100, 50)
        blurs = (True, True, True)

        v_f = v
        # Repeats as conjugate gradient descent does not necessarily converge to correct solution after 1 run
        for i in range(len(iters)):

            # q is the exact "pressure" needed to maintain densities
            q, _ = jsp.sparse.linalg.cg(
                self.laplacian,
                -self.divergence(v_f), 
                maxiter= iters[i])
            
            v_f += self.gradient(q)
            if blurs[i]:
                v_f = self.blur(v_f)

        return v_f    


CONFIG = {'constants': {'horizontal_diffusivity': 0.001,
                        'horizontal_viscosity': 0.01,
                        'reference_density': 0.1}}
_lat, _lng = jnp.meshgrid(jnp.linspace(-1.57, 1.57, 6), jnp.linspace(-3.14, 3.14, 8), indexing='ij')
YS0, _extra = ic_flow_basic(CONFIG, _lat, _lng)
ARGS = {'config': CONFIG, **_extra}

f = jax.jit(partial(vf_flow_incompressible, args=ARGS))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # the author's initial condition (ic_flow_basic) plus a small perturbation
    T0, S0, v0 = (np.asarray(y, dtype=np.float64) for y in YS0)
    T = T0 + 0.1 * rng.normal(size=(6, 8)).astype(np.float64)
    S = S0 + 0.1 * rng.normal(size=(6, 8)).astype(np.float64)
    v = v0 + 0.1 * rng.normal(size=(2, 6, 8)).astype(np.float64)
    if rng.random() < 0.4:  # a diverged state: some NaNs in the velocity
        v[rng.integers(2), rng.integers(6), rng.integers(8)] = np.nan
    return (np.float64(rng.random()), (T, S, v))


INPUTS = make_inputs


@jax.jit
def reference_fix(t, ys):
    T, S, v = ys
    diverged = jnp.any(jnp.isnan(v))
    # the normal path, computed with NaNs masked out so that it stays finite
    v_safe = jnp.where(diverged, jnp.zeros_like(v), v)
    dT, dS, dv = _normal_path(T, S, v_safe)
    return (jnp.where(diverged, T * 0, dT),
            jnp.where(diverged, S * 0, dS),
            jnp.where(diverged, v * 0, dv))


def _normal_path(T, S, v):
    args = ARGS
    config = args['config']
    ba = args['boundary_aware_functions']
    A_HH = config['constants']['horizontal_diffusivity']
    A_MH = config['constants']['horizontal_viscosity']
    dT = A_HH * ba.laplacian(T) + ba.advection(v, T)
    dS = A_HH * ba.laplacian(S) + ba.advection(v, S)
    dv = A_MH * ba.laplacian(v)
    dv = dv.at[0].add(ba.advection(v, v[0]))
    dv = dv.at[1].add(ba.advection(v, v[1]))
    state = args['state']
    dv *= state
    dv = ba.project_divergencefree(dv)
    dv *= (ba.neighbours == 4)
    dT *= state
    dS *= state
    return dT, dS, dv
