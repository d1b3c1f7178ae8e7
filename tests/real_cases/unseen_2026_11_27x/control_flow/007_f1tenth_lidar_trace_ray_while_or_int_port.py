"""F1TENTH gym 2D LIDAR ray marching ported from Numba to JAX: `int(theta_index)`, an `or`-chained bounds `if` with `int()` cell casts, and `while dist_to_nearest > eps and total_dist <= max_range:` on traced distances.

source: f1tenth/f1tenth_gym gym/f110_gym/envs/laser_models.py at 02ca87669f0eef4b49a0726164097630730e1850 (xy_2_rc, distance_transform, trace_ray; the sines/cosines tables as built by ScanSimulator2D.__init__; code-index file id 17212004251)
error: ConcretizationTypeError
category: while-on-traced-state
expect: fix
notes: the three functions are verbatim except that `@njit(cache=True)` is dropped (the port a user would try first; they use no NumPy calls). Entry point `f` is a jitted wrapper with the scan simulator's static settings (theta_dis=2000 lookup tables as in ScanSimulator2D.__init__, eps=0.0001, map origin (0, 0, 0), 40x40 cells of 0.05 m, max_range=1.5) and the traced start point, beam index and distance-transform map. make_inputs builds the map with scipy's distance_transform_edt (as get_dt does) around border walls and a block, so rays stop on walls, on the block, or at max_range.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def xy_2_rc(x, y, orig_x, orig_y, orig_c, orig_s, height, width, resolution):
    """
    Translate (x, y) coordinate into (r, c) in the matrix

        Args:
            x (float): coordinate in x (m)
            y (float): coordinate in y (m)
            orig_x (float): x coordinate of the map origin (m)
            orig_y (float): y coordinate of the map origin (m)
        
        Returns:
            r (int): row number in the transform matrix of the given point
            c (int): column number in the transform matrix of the given point
    """
    # translation
    x_trans = x - orig_x
    y_trans = y - orig_y

    # rotation
    x_rot = x_trans * orig_c + y_trans * orig_s
    y_rot = -x_trans * orig_s + y_trans * orig_c

    # clip the state to be a cell
    if x_rot < 0 or x_rot >= width * resolution or y_rot < 0 or y_rot >= height * resolution:
        c = -1
        r = -1
    else:
        c = int(x_rot/resolution)
        r = int(y_rot/resolution)

    return r, c

def distance_transform(x, y, orig_x, orig_y, orig_c, orig_s, height, width, resolution, dt):
    """
    Look up corresponding distance in the distance matrix

        Args:
            x (float): x coordinate of the lookup point
            y (float): y coordinate of the lookup point
            orig_x (float): x coordinate of the map origin (m)
            orig_y (float): y coordinate of the map origin (m)

        Returns:
            distance (float): corresponding shortest distance to obstacle in meters
    """
    r, c = xy_2_rc(x, y, orig_x, orig_y, orig_c, orig_s, height, width, resolution)
    distance = dt[r, c]
    return distance

def trace_ray(x, y, theta_index, sines, cosines, eps, orig_x, orig_y, orig_c, orig_s, height, width, resolution, dt, max_range):
    """
    Find the length of a specific ray at a specific scan angle theta
    Purely math calculation and loops, should be JITted.

        Args:
            x (float): current x coordinate of the ego (scan) frame
            y (float): current y coordinate of the ego (scan) frame
            theta_index(int): current index of the scan beam in the scan range
            sines (numpy.ndarray (n, )): pre-calculated sines of the angle array
            cosines (numpy.ndarray (n, )): pre-calculated cosines ...

        Returns:
            total_distance (float): the distance to first obstacle on the current scan beam
    """
    
    # int casting, and index precal trigs
    theta_index_ = int(theta_index)
    s = sines[theta_index_]
    c = cosines[theta_index_]

    # distance to nearest initialization
    dist_to_nearest = distance_transform(x, y, orig_x, orig_y, orig_c, orig_s, height, width, resolution, dt)
    total_dist = dist_to_nearest

    # ray tracing iterations
    while dist_to_nearest > eps and total_dist <= max_range:
        # move in the direction of the ray by dist_to_nearest
        x += dist_to_nearest * c
        y += dist_to_nearest * s

        # update dist_to_nearest for current point on ray
        # also keeps track of total ray length
        dist_to_nearest = distance_transform(x, y, orig_x, orig_y, orig_c, orig_s, height, width, resolution, dt)
        total_dist += dist_to_nearest
    
    return total_dist


# ScanSimulator2D.__init__: precomputing corresponding cosines and sines of the angle array
theta_dis = 2000
theta_arr = np.linspace(0.0, 2*np.pi, num=theta_dis)
SINES = jnp.asarray(np.sin(theta_arr), dtype=jnp.float32)
COSINES = jnp.asarray(np.cos(theta_arr), dtype=jnp.float32)


@jax.jit
def f(x, y, theta_index, dt):
    return trace_ray(x, y, theta_index, SINES, COSINES, 0.0001, 0.0, 0.0, 1.0, 0.0,
                     40, 40, 0.05, dt, 1.5)
# --- end user code ---

from scipy.ndimage import distance_transform_edt as edt


def _map(rng):
    free = np.ones((40, 40), dtype=np.float64)
    free[0, :] = free[-1, :] = free[:, 0] = free[:, -1] = 0.0   # border walls
    r0, c0 = rng.integers(8, 28, size=2)
    free[r0:r0 + 6, c0:c0 + 6] = 0.0                            # a block
    return free, (0.05 * edt(free)).astype(np.float32)


def make_inputs(rng):
    free, dt = _map(rng)
    while True:
        x, y = rng.uniform(0.1, 1.9, size=2)
        if free[int(y / 0.05), int(x / 0.05)] > 0 and dt[int(y / 0.05), int(x / 0.05)] > 0.05:
            break
    theta_index = np.float32(rng.uniform(0, 1999))
    return (np.float32(x), np.float32(y), theta_index, dt)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y, theta_index, dt):
    eps, height, width, resolution, max_range = 0.0001, 40, 40, 0.05, 1.5

    def lookup(x, y):
        x_rot = x * 1.0 + y * 0.0
        y_rot = -x * 0.0 + y * 1.0
        out = (x_rot < 0) | (x_rot >= width * resolution) | (y_rot < 0) | (y_rot >= height * resolution)
        c = jnp.where(out, -1, (x_rot / resolution).astype(jnp.int32))
        r = jnp.where(out, -1, (y_rot / resolution).astype(jnp.int32))
        return dt[r, c]

    i = theta_index.astype(jnp.int32)
    s, c = SINES[i], COSINES[i]
    d0 = lookup(x, y)

    def cond(carry):
        x, y, d, total = carry
        return (d > eps) & (total <= max_range)

    def body(carry):
        x, y, d, total = carry
        x = x + d * c
        y = y + d * s
        d = lookup(x, y)
        return x, y, d, total + d

    _, _, _, total = jax.lax.while_loop(cond, body, (x, y, d0, d0))
    return total
