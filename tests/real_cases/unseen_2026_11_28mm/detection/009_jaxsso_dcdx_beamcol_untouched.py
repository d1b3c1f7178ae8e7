"""JaxSSO strain-energy sensitivity: int() of a shape-derived size and linspace on traced node ids (fine).

source: GaoyuanWu/JaxSSO JaxSSO/Model_Sens.py, the revision stored as code-index file id 2441733435
  (class Model_Sens with Sens_C_Coord / Sens_K_Coord, then the external functions dcdx_beamcol_expanded
  and `@jit def dcdx_beamcol`); another stored version of that path is
  d0b1111b1cb98e3e6bb336f57662d5864fa2293f.
error: none
category: untouched-lookalike (int() of a static shape value, jnp.linspace with traced endpoints)
expect: untouched
notes: dcdx_beamcol_expanded and dcdx_beamcol are verbatim, docstrings included; only the imports they use are
  kept (`from jax import jit,vmap`, `import jax.numpy as jnp`) and `f = dcdx_beamcol` is added (the project
  calls the jitted dcdx_beamcol from Model_Sens.Sens_C_Coord). It looks leaky: `jnp.zeros(int(3*n_node))`
  calls int() inside jit and the index vectors come from jnp.linspace over traced node ids i, j. But
  n_node = u.shape[0]/6 is a Python float from a static shape, and linspace only needs its count (6 or 3)
  to be static, so it runs under jit/vmap as written. The linspace endpoint quirk (index i*6+6 instead of
  i*6+5) is the project's own; out-of-range gathers clamp and scatters drop identically in both modes.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
#Jax and standard numpy
from jax import jit,vmap
import jax.numpy as jnp


def dcdx_beamcol_expanded(i,j,dkdx,u):
    '''
    Return an ndarray of shape (n_beamcol,3*n_node), representing the sensitivity of the 
    strain energy contributed by each beam-column.
    Each row represents the dcdx contribution from each beamcolumn.
    This function is now written for one beam-column but will be 'vmapped' later to be applied to
    all the beam columns in the system.
    The following inputs and returns are for the 'vmapped' function.

    Inputs
    -----
    i: ndarray of shape (n_beamcol)
        i-node of each beamcolumn,

    j: ndarray of shape (n_beamcol)
        j-node of each beamcolumn

    dkdx: ndarray of shape (6,n_beamcol,12,12)
        sensitivity of local stiffness wrt to nodal coordinates of each beam-column

    u: ndarray of shape (6*n_node)
        displacement vector in global coordinate system

    Returns
    -----
    dcdx_g: ndarray of shape (n_beamcol,3*n_node)
        sensitivity of the strain energy contributed by each beam-column.

    '''

    index_i_node = jnp.linspace(i*6,i*6+6,6,dtype=int) #index of i-node
    index_j_node = jnp.linspace(j*6,j*6+6,6,dtype=int) #index of j-node
    index_beamcol = jnp.hstack((index_i_node,index_j_node)) #stack 'em
    u_e = jnp.asarray(u)[index_beamcol] #displacement vector of this beamcolumn
    dcdx_e = u_e.T@dkdx@u_e #adjoint method for sensitivity
    n_node = u.shape[0]/6
    dcdx_g = jnp.zeros(int(3*n_node)) #extened container
    index_i_crd = jnp.linspace(i*3,i*3+3,3,dtype=int) #index for coordinate
    index_j_crd = jnp.linspace(j*3,j*3+3,3,dtype=int) #index for coordiante
    index_crd = jnp.hstack((index_i_crd,index_j_crd)) #stack 'em
    dcdx_g = dcdx_g.at[index_crd].set(dcdx_e) #update the array
    return dcdx_g

@jit
def dcdx_beamcol(i_s,j_s,dkdx,u):
    '''
    Sensitivity of the strain energy wrt nodal coordinates contributed by beam-column elements.

    Inputs
    -----
    i_s: ndarray of shape (n_beamcol)
        i-node of each beamcolumn,

    j_s: ndarray of shape (n_beamcol)
        j-node of each beamcolumn

    dkdx: ndarray of shape (6,n_beamcol,12,12)
        sensitivity of local stiffness wrt to nodal coordinates of each beam-column

    u: ndarray of shape (6*n_node)
        displacement vector in global coordinate system

    Returns
    -----
    ndarray of shape (3*n_node)
        sensitivity of the strain energy wrt nodal coordinates contributed by beam-column.
    '''
    dcdx_ex = vmap(dcdx_beamcol_expanded,(0,0,1,None),0)(i_s,j_s,dkdx,u)
    return jnp.sum(dcdx_ex,axis=0) 


f = dcdx_beamcol
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_node = 5
    # a chain of beam-columns 0-1, 1-2, 2-3, 3-4 plus a brace 0-4 (touches the last node)
    i_s = np.array([0, 1, 2, 3, 0], dtype=np.int32)
    j_s = np.array([1, 2, 3, 4, 4], dtype=np.int32)
    dkdx = rng.normal(size=(6, len(i_s), 12, 12)).astype(np.float32)
    u = rng.normal(size=(6 * n_node,)).astype(np.float32)
    return (i_s, j_s, dkdx, u)


INPUTS = make_inputs
