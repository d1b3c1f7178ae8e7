"""Hard-disk Monte Carlo step that counts overlaps with `len(list(filter(lambda x: x, overlaps)))` on a traced mask.

source: hard-disk Monte Carlo + score-matching script in the public code index (code-index file id 13671227111; functions absminND, absmin, distance, nonoverlapping, overlapping, single_step with `#@jax.jit` commented out, sample_batch, compute_loss, train_step, sample_langevin; a later stored revision with `radius=0.95` is in the same index; the index does not name the repository)
error: TracerBoolConversionError
category: truth-test-filter
expect: fix
notes: `filter(lambda x: x, overlaps)` iterates over the traced boolean vector and truth-tests each element
  (TracerBoolConversionError), and the `if n_overlaps<2:` accept/reject test would need the concrete count too.
  The helpers and single_step are verbatim; adapted: `jax.ops.index_update(positions,particle_index,new_position)`
  (removed from JAX) is written as `positions.at[particle_index].set(new_position)`; the module-level driver loop,
  plotting and the stax/optimizers training code (which no longer import) are dropped; the author's `#@jax.jit`
  is kept and `f = jax.jit(single_step)` added. The module constants are those of the file's active block
  (n_dimensions=2, radius=1.0); inputs use the commented-out 100-particle, 11x11 box configuration that matches
  the hard-coded `maxval=100`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import vmap, jit, grad
import jax.numpy as jnp
from jax import random
import numpy as np

n_dimensions=2
n_particles=4
radius=1.0


@jax.jit
def absminND(a, axis=None):
    amax = a.max(axis)
    amin = a.min(axis)
    return jnp.where(-amin < amax, amin, amax)

@jax.jit
def absmin(a):
    return a[jnp.abs(a).argmin()]

@jax.jit
def distance(x,y,box_v):
    non_periodic_distance = x-y
    displacement_pairs=jnp.concatenate([box_v,-1*box_v, jnp.asarray([[0,0]])])
    all_images=non_periodic_distance+displacement_pairs
    #x=jnp.asarray([min(all_images[:,i],key=abs) for i in range(n_dimensions)])
    x=jnp.asarray([absmin(all_images[:,i]) for i in range(n_dimensions)])
    return jnp.sqrt(jnp.sum(jnp.square(x)))

@jax.jit
def nonoverlapping(x,y,box_v):
    dist=distance(x,y,box_v)
    return  jnp.where(dist>radius, True, False)

@jax.jit
def overlapping(x,y,box_v):
    dist=distance(x,y,box_v)
    return  jnp.where(dist<radius, True, False)

batched_distance=vmap(distance,in_axes=(0,None,None))

batched_nonoverlaps=vmap(nonoverlapping,in_axes=(0,None,None))

batched_overlaps=vmap(overlapping,in_axes=(0,None,None))

#@jax.jit
def single_step(positions, box_vectors, key):
    key, subkey = jax.random.split(key)
    particle_index=random.randint(shape=(),minval=0,maxval=100,key=subkey)
    displacement=0.05*random.normal(key=subkey,shape=[2])
    new_position=positions[particle_index]+displacement

    overlaps=batched_overlaps(positions,new_position,box_vectors)
    n_overlaps=len(list(filter(lambda x: x, overlaps)))
    if n_overlaps<2:
        new_positions=positions.at[particle_index].set(new_position)
        return new_positions, key
    else:
        return positions, key


f = jax.jit(single_step)
# --- end user code ---


def make_inputs(rng):
    # 10 x 10 lattice in the 11 x 11 periodic box; jitter chosen per trial so that both the
    # accepted (only the moved disk itself overlaps) and the rejected branch occur
    g = np.arange(10) * 1.1
    pos = np.stack(np.meshgrid(g, g, indexing="ij"), -1).reshape(-1, 2)
    jitter = rng.choice([0.0, 0.02, 0.15])
    pos = pos + jitter * rng.normal(size=pos.shape)
    box = np.array([[11.0, 0.0], [0.0, 11.0]])
    key = rng.integers(0, 2**32 - 1, size=2, dtype=np.uint32)
    return (pos.astype(np.float32), box.astype(np.float32), key)


INPUTS = make_inputs


@jax.jit
def reference_fix(positions, box_vectors, key):
    key, subkey = jax.random.split(key)
    particle_index = random.randint(shape=(), minval=0, maxval=100, key=subkey)
    displacement = 0.05 * random.normal(key=subkey, shape=[2])
    new_position = positions[particle_index] + displacement
    overlaps = batched_overlaps(positions, new_position, box_vectors)
    n_overlaps = jnp.sum(overlaps)
    new_positions = positions.at[particle_index].set(new_position)
    return jnp.where(n_overlaps < 2, new_positions, positions), key
