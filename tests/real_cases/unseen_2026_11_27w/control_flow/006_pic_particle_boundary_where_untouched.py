"""Look-alike: a 1D PIC code's particle boundary conditions test the traced position and the boundary-type codes, but only through nested jnp.where under vmap (correct).

source: SeanLim2101/PiC-Code-Jax src/boundary_conditions.py at 08d3d06643acc268474133886fede89c9474040c (set_BCs, set_BCs_all; code-index file id 12765741456)
error: none
category: negative
expect: untouched
notes: set_BCs and set_BCs_all are verbatim, with the module's header comment on the boundary-type codes (0 periodic, 1 reflective, 2 destructive); the field/charge helpers and remove_particles of the same module are left out. `f` is the module's own @jit-decorated set_BCs_all. The boundary codes arrive as Python ints and are traced, so any rewrite into `if part_BC_left == 0:` would break it.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import jit,vmap
import jax.numpy as jnp
#For particles,
#0 is periodic
#1 is reflective
#2 is destructive


def set_BCs(x_n,v_n,q,q_m,dx,grid,box_size_x,box_size_y,box_size_z,part_BC_left,part_BC_right):
    #Periodic in y and z
    x_n1 = (x_n[1]+box_size_y/2)%(box_size_y)-box_size_y/2
    x_n2 = (x_n[2]+box_size_z/2)%(box_size_z)-box_size_z/2
            
    x_n0 = jnp.where(x_n[0]<-box_size_x/2, #set left BC
                     jnp.where(part_BC_left==0,(x_n[0]+box_size_x/2)%(box_size_x)-box_size_x/2,
                     jnp.where(part_BC_left==1,-box_size_x-x_n[0],
                     jnp.where(part_BC_left==2,grid[0]-1.5*dx, #Park particles here
                               x_n[0]))),
           jnp.where(x_n[0]>box_size_x/2, #set right BC
                     jnp.where(part_BC_right==0,(x_n[0]+box_size_x/2)%(box_size_x)-box_size_x/2,
                     jnp.where(part_BC_right==1,box_size_x-x_n[0],
                     jnp.where(part_BC_right==2,grid[-1]+3*dx, #Park particles here
                               x_n[0]))),
                     x_n[0]))

    v_n = jnp.where(x_n[0]<-box_size_x/2, #set left BC
                    jnp.where(part_BC_left==0,v_n,
                    jnp.where(part_BC_left==1,v_n*jnp.array([-1,1,1]),
                    jnp.where(part_BC_left==2,jnp.array([0,0,0]),
                              v_n))),
          jnp.where(x_n[0]>box_size_x/2, #set right BC
                    jnp.where(part_BC_right==0,v_n,
                    jnp.where(part_BC_right==1,v_n*jnp.array([-1,1,1]),
                    jnp.where(part_BC_right==2,jnp.array([0,0,0]),
                              v_n))),
                    v_n))
    
    q = jnp.where(((x_n[0]<-box_size_x/2)&(part_BC_left==2))
                  |((x_n[0]>box_size_x/2)&(part_BC_right==2)),0,q)
    q_m = jnp.where(((x_n[0]<-box_size_x/2)&(part_BC_left==2))
                  |((x_n[0]>box_size_x/2)&(part_BC_right==2)),0,q_m)
    
    return jnp.array([x_n0,x_n1,x_n2]),v_n,q,q_m


@jit
def set_BCs_all(xs_n,vs_n,qs,ms,q_ms,dx,grid,box_size_x,box_size_y,box_size_z,part_BC_left,part_BC_right):   
    xs_n, vs_n ,qs, q_ms= vmap(lambda x_n,v_n,q,q_m:
                                set_BCs(x_n,v_n,q,q_m,dx,grid,box_size_x,box_size_y,box_size_z,part_BC_left,part_BC_right)
                                )(xs_n,vs_n,qs,q_ms)
    return xs_n,vs_n,qs,ms,q_ms


f = set_BCs_all
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, n_cells, box = 12, 16, 2.0
    dx = box / n_cells
    grid = (np.arange(n_cells) * dx - box / 2 + dx / 2).astype(np.float32)
    xs = rng.uniform(-1.2 * box / 2, 1.2 * box / 2, size=(n, 3)).astype(np.float32)
    xs[0, 0], xs[1, 0] = -0.55 * box, 0.55 * box        # one out on each side
    vs = rng.normal(size=(n, 3)).astype(np.float32)
    qs = np.full((n, 1), -1.0, np.float32)
    ms = np.ones((n, 1), np.float32)
    q_ms = qs / ms
    return (xs, vs, qs, ms, q_ms, dx, grid, box, box, box,
            int(rng.integers(0, 3)), int(rng.integers(0, 3)))


INPUTS = make_inputs
