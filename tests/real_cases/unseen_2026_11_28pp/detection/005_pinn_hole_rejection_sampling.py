"""PINN plate-with-hole collocation sampling: a mask passed as a lambda to a same-module helper, then a shape-driven while loop.

source: Anders-Schou/MScThesis datahandlers/generators.py at 025f12a0e8b6809ec72a51bd4093ae73ee21a23d (generate_collocation_points, generate_extra_points, generate_collocation_points_with_hole; code-index file id 15088244452) and utils/utils.py (remove_points, keep_points)
error: NonConcreteBooleanIndexError
category: boolean-mask / data-dependent-shape / closure
expect: report
notes: the four functions are verbatim (remove_points / keep_points from utils/utils.py are pasted in). The module's unused flax / torch imports and the other generators are left out. `f` jits the call the training scripts make once per resampling (uniform sampling, full domain, hole radius 2 in [-10, 10]^2, 256 collocation points plus 64 extra points near the hole): `arr[jnp.invert(fun(arr))]` keeps a random number of points, and the `while pnum < num_coll` refill loop depends on that count, so there is no jit-safe rewrite that returns the same points (a fixed-size rewrite needs a different sampler).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from collections.abc import Sequence, Callable
import math

import numpy as np
from scipy.stats.qmc import Sobol
import jax
import jax.numpy as jnp


def remove_points(arr: jnp.ndarray, fun: Callable) -> jnp.ndarray:
    return arr[jnp.invert(fun(arr))].copy()


def keep_points(arr: jnp.ndarray, fun: Callable) -> jnp.ndarray:
    return arr[fun(arr)].copy()


def generate_collocation_points(key: jax.random.PRNGKey,
                                xlim: Sequence[float],
                                ylim: Sequence[float],
                                num_coll: int,
                                sobol: bool = True,
                                round_up: bool = False) -> jax.Array:
    if num_coll <= 0:
        return jnp.empty((0, 2))
    
    if sobol:
        # Use Sobol QMC sampling (convert key to seed, to make sampling "deterministic")
        s_key, key = jax.random.split(key, 2)
        xp = Sobol(2, seed=int(jax.random.randint(s_key, (), 0,
                                                  jnp.iinfo(jnp.int32).max))
            ).random_base2(math.ceil(jnp.log2(num_coll)))
        
        xp[:, 0] = xp[:, 0]*(xlim[1]-xlim[0]) + xlim[0]
        xp[:, 1] = xp[:, 1]*(ylim[1]-ylim[0]) + ylim[0]

        if not round_up:
            xp = xp[:num_coll]

        return jnp.array(xp)
    
    # Uniform sampling
    shape_pde = (num_coll, 1)
    x_key, y_key = jax.random.split(key, 2)
    x_train = jax.random.uniform(x_key, shape_pde, minval=xlim[0], maxval=xlim[1])
    y_train = jax.random.uniform(y_key, shape_pde, minval=ylim[0], maxval=ylim[1])
    xp = jnp.stack([x_train, y_train], axis=1).reshape((-1,2))
    
    return xp
    

def generate_extra_points(keyr, keytheta, radius, num_extra,
                          angle_interval: Sequence[float] | None = None,
                          intensity: float = 10.0):
    if num_extra <= 0:
        return jnp.empty((0, 2))
    
    theta_min = 0
    theta_max = 2*jnp.pi
    if angle_interval is not None:
        theta_min = angle_interval[0]
        theta_max = angle_interval[1]
    
    theta_rand = jax.random.uniform(keytheta, (num_extra, 1), minval=theta_min, maxval=theta_max)
    r_rand = jax.random.chisquare(keyr, df=2, shape=(num_extra, 1)) / intensity + radius
    xy_extra = jnp.stack([r_rand*jnp.cos(theta_rand), r_rand*jnp.sin(theta_rand)], axis=1).reshape((-1,2))
    return xy_extra


def generate_collocation_points_with_hole(key: jax.random.PRNGKey,
                                          radius: float, 
                                          xlim_all: Sequence[float],
                                          ylim_all: Sequence[float],
                                          points: int | Sequence[int] | None,
                                          sobol: bool = True,
                                          domain_type: str = "full"
                                          ) -> jax.Array | tuple[jax.Array]:
    """
    This function samples points in the inner of the domain.

    
    Domain types:
    'full':         The whole domain ([xlim] X [ylim]).
    'half-upper':   The upper half of the domain.
                    Replace 'upper' with 'lower' / 'left' / 'right' to get other halfs.
    'quarter-1':    First quadrant (x > 0, y > 0) of domain.
                    Replace '1' with '2' / '3' / '4' to get other quadrants.
    """
    if points is None:
        return jnp.empty((0,))
    
    if not isinstance(points, Sequence):
        points = [points]

    match domain_type.lower():
        case "full":
            xlim = xlim_all
            ylim = ylim_all
            angle_interval = [0, 2*jnp.pi]
        case "half-upper":
            xlim = xlim_all
            ylim = [0, ylim_all[1]]
            angle_interval = [0, jnp.pi]
        case "half-lower":
            xlim = xlim_all
            ylim = [ylim_all[0], 0]
            angle_interval = [jnp.pi, 2*jnp.pi]
        case "half-left":
            xlim = [xlim_all[0], 0]
            ylim = ylim_all
            angle_interval = [0.5*jnp.pi, 1.5*jnp.pi]
        case "half-right":
            xlim = [0, xlim_all[1]]
            ylim = ylim_all
            angle_interval = [-0.5*jnp.pi, 0.5*jnp.pi]
        case "quarter-1":
            xlim = [0, xlim_all[1]]
            ylim = [0, ylim_all[1]]
            angle_interval = [0, 0.5*jnp.pi]
        case "quarter-2":
            xlim = [xlim_all[0], 0]
            ylim = [0, ylim_all[1]]
            angle_interval = [0.5*jnp.pi, jnp.pi]
        case "quarter-3":
            xlim = [xlim_all[0], 0]
            ylim = [ylim_all[0], 0]
            angle_interval = [jnp.pi, 1.5*jnp.pi]
        case "quarter-4":
            xlim = [0, xlim_all[1]]
            ylim = [ylim_all[0], 0]
            angle_interval = [1.5*jnp.pi, 2*jnp.pi]
        case _:
            raise ValueError(f"Unknown domain type: '{domain_type}'.")
        

    num_coll = points[0]

    # Initial coll point gen
    key, key_coll = jax.random.split(key)
    xy_coll = generate_collocation_points(key_coll, xlim, ylim, num_coll, sobol=sobol, round_up=True)
    xy_coll = remove_points(xy_coll, lambda p: jnp.linalg.norm(p, axis=-1) <= radius)
    
    # Filler coll point gen
    pnum = xy_coll.shape[0]
    while pnum < num_coll:
        key, key_coll = jax.random.split(key_coll)
        tmp = generate_collocation_points(key_coll, xlim, ylim, num_coll, sobol=sobol, round_up=True)
        tmp = remove_points(tmp, lambda p: jnp.linalg.norm(p, axis=-1) <= radius)
        xy_coll = jnp.concatenate((xy_coll, tmp))
        pnum = xy_coll.shape[0]
    xy_coll = xy_coll[:num_coll]

    # Return if no extra points should be generated
    if len(points) == 1:
        return xy_coll
    
    num_extra = points[1]

    # Initial extra point gen
    key, keytheta, keyr = jax.random.split(key, 3)
    xy_extra = generate_extra_points(keyr, keytheta, radius, num_extra, angle_interval=angle_interval)
    xy_extra = keep_points(xy_extra, lambda p: jnp.logical_and(jnp.logical_and(p[:, 0] >= xlim[0], p[:, 0] <= xlim[1]),
                                                               jnp.logical_and(p[:, 1] >= ylim[0], p[:, 1] <= ylim[1])))
    
    # Filler extra point gen
    pnum = xy_extra.shape[0]
    while pnum < num_extra:
        key, keytheta, keyr = jax.random.split(key, 3)
        tmp = generate_extra_points(keyr, keytheta, radius, num_extra, angle_interval=angle_interval)
        tmp = keep_points(xy_extra, lambda p: jnp.logical_and(jnp.logical_and(p[:, 0] >= xlim[0], p[:, 0] <= xlim[1]),
                                                              jnp.logical_and(p[:, 1] >= ylim[0], p[:, 1] <= ylim[1])))
        xy_extra = jnp.concatenate((xy_extra, tmp))
        pnum = xy_extra.shape[0]
    xy_extra = xy_extra[:num_extra]
    
    # Collect all points
    return jnp.concatenate((xy_coll, xy_extra))


@jax.jit
def f(key):
    return generate_collocation_points_with_hole(key, 2.0, [-10.0, 10.0], [-10.0, 10.0],
                                                 [256, 64], sobol=False)
# --- end user code ---


def make_inputs(rng):
    return (np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32),)


INPUTS = make_inputs
