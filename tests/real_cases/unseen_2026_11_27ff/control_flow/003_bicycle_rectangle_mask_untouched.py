"""Multi-agent bicycle collision mask: loops over the rows of the traced state and over Python lists, all static; jit-safe.

source: johnviljoen/multi_agent_bicycle collision.py at 16e7babe3a7787e57af1c811f479b83460e48ad7 (_get_rotation_mat, _get_corners, _overlap, _rectangle_obstacles, rectangle_mask), params.py at 3078365075a56a4ef984f220b00bf7030d99e71a (car_params) and scenario.py at 0ca8e6cdd9d70d4094496de58d9fa796e10856d5 (the halfspace construction in `read`, the 4-agent obstacles of its __main__)
error: none
category: negative-static-loops
expect: untouched
notes: Looks leaky (`for i, xi in enumerate(x)` over a traced array, list `.remove(i)`, `jnp.any` results added into a matrix, `jnp.empty`), but every loop bound is static (the number of cars / obstacles comes from the static case_params dict) and no traced value reaches Python control flow; the author vmaps it (main.py, `collision_jit = jax.vmap(functools.partial(collision.rectangle_mask, ...))`). Adapted: the commented-out matplotlib debugging block inside `_overlap` and the `__main__` block are dropped; case_params is built in code from the 4-agent scenario's obstacles (scenario.read parses the same numbers from a CSV) instead of read from data/cases/test_4_agent_case.csv; entry point `f = jax.jit(partial(rectangle_mask, case_params=..., car_params=...))`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
"""
Description
-----------

To detect collisions in the most efficient way possible
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

def _get_rotation_mat(xi):

    return jnp.array([
        [jnp.cos(xi[2]), -jnp.sin(xi[2]), xi[0]],
        [jnp.sin(xi[2]),  jnp.cos(xi[2]), xi[1]],
        [0, 0, 1]
    ])

def _get_corners(xi, car_params):

    rot = _get_rotation_mat(xi)

    # untransformed points
    untransformed_corners = jnp.array([
        [-car_params["rear_hang"], -car_params["width"] / 2, 1],
        [ car_params["front_hang"] + car_params["wheel_base"], -car_params["width"] / 2, 1],
        [ car_params["front_hang"] + car_params["wheel_base"], car_params["width"] / 2, 1],
        [-car_params["rear_hang"],  car_params["width"] / 2, 1]
    ])

    # rotate and translate!
    return (untransformed_corners @ rot.T)[:,:2]

def _overlap(points, halfspaces):
    # retrieve halfspace info of polygon: aibi @ x + ci = 0; equiv. to. ax + by + c = 0
    ai = halfspaces[0]
    bi = halfspaces[1]
    ci = halfspaces[2]

    x0 = points[:,0]
    y0 = points[:,1]

    sign = ai * x0 + bi * y0 + ci

    # in_halfspaces = jnp.all((sign > 0), axis=0) 
    # prior - same speed as the new robust one so no need to optimize 
    # halfspace directions to be consistent - just use the logical_or
    in_halfspaces = jnp.logical_or(jnp.all((sign > 0), axis=0), jnp.all((sign < 0), axis=0))
    any_in_halfspaces = jnp.any(in_halfspaces)

    return any_in_halfspaces # (~ jnp.any((sign > 0), axis=0)).sum() # point inside obstacle

def _rectangle_obstacles(x, case_params, car_params):
    """check collision between rectangle and all other obstacles (including other car rectangles).
    If we are on CPU there are alternative algorithms that are faster (https://en.wikipedia.org/wiki/Point_in_polygon).
    However in a JAX jitted GPU implementation control flow is not allowed if it dictates dynamic shapes - therefore
    I have gone with a projection based approach which can be parallelized on GPU.

    we define a collision matrix data structure as follows:

    mat = |o i i i| 
          |i o i i|
          |i i o i|
          |i i i o|

    where diagonal elements at {i,i} represent if car {i} is colliding with any obstacle,
    and off diagonal elements {i,j} represent if a car {i} is colliding with another car {j}.
    Note that {i,j} collision does not necessarily mean {j,i} collision as collision in this
    case is detected by a corner of {i} being within {j}. It is sufficient to test {i,j} and
    {j,i} for collision in this way to detect if a collision has occured.

    Args:
        x: joint state vector of multi agent env (4x{x,y,yaw,v})
        case_params 
        car_params
    Returns: 
        collision_matrix: as described above
    """

    collision_matrix = jnp.empty([case_params["num_cars"], case_params["num_cars"]])
    car_nums = [i for i in range(case_params["num_cars"])]

    for i, xi in enumerate(x): # iterate through each agent in the env
        
        # corners of current ego car
        corners = _get_corners(xi, car_params)

        # add the other agents to the list of obstacles at this time
        other_car_nums = car_nums.copy()
        other_car_nums.remove(i)
        car_v = []
        car_h = []
        for j in other_car_nums:
            _obs_v = _get_corners(x[j], car_params)
            car_v.append(_obs_v)
            # repeat the first point so we get all edges between vertices
            _obs_v = jnp.vstack([_obs_v, _obs_v[0]])
            # ax + by + c = 0
            ai = _obs_v[:-1, 1:2] - _obs_v[1:, 1:2]
            bi = _obs_v[1:, 0:1] - _obs_v[:-1, 0:1]
            ci = _obs_v[:-1, 0:1] * _obs_v[1:, 1:2] - _obs_v[1:, 0:1] * _obs_v[:-1, 1:2]
            car_h.append([ai, bi, ci])

        # check collision with other cars - only need to do one way test as we loop over all cars
        for j, k in zip(other_car_nums, range(len(other_car_nums))):
            inside = _overlap(corners, car_h[k])
            collision_matrix = collision_matrix.at[i,j].set(collision_matrix[i,j] + inside)

        # go through every obstacle for every corner
        for _obs_h in case_params["obs_h"]:
            inside = _overlap(corners, _obs_h)
            collision_matrix = collision_matrix.at[i,i].set(collision_matrix[i,i] + inside)

        # check every corner of every obstacle if its inside the agent
        obs_v_vec = jnp.vstack(case_params["obs_v"])

        # get the halfspaces for the current ego vehicle
        _obs_v = jnp.vstack([corners, corners[0]])
        ai = _obs_v[:-1, 1:2] - _obs_v[1:, 1:2]
        bi = _obs_v[1:, 0:1] - _obs_v[:-1, 0:1]
        ci = _obs_v[:-1, 0:1] * _obs_v[1:, 1:2] - _obs_v[1:, 0:1] * _obs_v[:-1, 1:2]

        inside = _overlap(obs_v_vec, [ai, bi, ci])
        collision_matrix = collision_matrix.at[i,i].set(collision_matrix[i,i] + inside)

    return collision_matrix

def rectangle_mask(x, case_params, car_params):

    """use the rectangle obstacle collision algorithm from above to form a mask which we can multiply the 
    state update function by to freeze collided entities. This functionality is separated out from the 
    collision matrix calculation to allow for matrix analysis separately.
    """

    collision_matrix = _rectangle_obstacles(x, case_params, car_params)

    # these three logical operations are the slowest part of the whole framework - is there a better way?
    collision_mask_vert = jnp.all(collision_matrix == 0, axis=0)
    collision_mask_horz = jnp.all(collision_matrix == 0, axis=1)
    return jnp.logical_and(collision_mask_vert, collision_mask_horz)


# car parameters (params.py)
car_params = {
    "wheel_base": 2.8,
    "width": 1.942,
    "front_hang": 0.96,
    "rear_hang": 0.929,
    "max_steer": 0.5,
}

# the 4-agent test case of scenario.py, halfspaces built as in scenario.read
_obstacles = [
    np.array([[-12.0, 5.0], [-12.0, 1.0], [-9.0, 1.0], [-9.0, 5.0]]),
    np.array([[9.0, 5.0], [9.0, 1.0], [12.0, 1.0], [12.0, 5.0]]),
    np.array([[-12.0, -5.0], [-12.0, -1.0], [-9.0, -1.0], [-9.0, -5.0]]),
    np.array([[7.0, -5.0], [7.0, -1.0], [12.0, -1.0], [12.0, -5.0]]),
]
case_params = {"num_cars": 4, "obs_num": len(_obstacles), "obs_v": _obstacles, "obs_h": []}
for obs_v in case_params["obs_v"]:
    # repeat the first point so we get all edges between vertices
    obs_v = np.vstack([obs_v, obs_v[0]])
    # ax + by + c = 0
    ai = obs_v[:-1, 1:2] - obs_v[1:, 1:2]
    bi = obs_v[1:, 0:1] - obs_v[:-1, 0:1]
    ci = obs_v[:-1, 0:1] * obs_v[1:, 1:2] - obs_v[1:, 0:1] * obs_v[:-1, 1:2]
    case_params["obs_h"].append([ai, bi, ci])

f = jax.jit(partial(rectangle_mask, case_params=case_params, car_params=car_params))
# --- end user code ---


def make_inputs(rng):
    # start poses of the 4-agent case, jittered so that cars sometimes hit an
    # obstacle or each other; last column is the (zero) velocity
    start = np.array([[7.0, -3.0, np.pi], [-7.0, -4.0, 0.0],
                      [7.0, 3.0, np.pi / 2], [-7.0, 4.0, -np.pi / 2]])
    jitter = rng.normal(size=(4, 3)) * np.array([3.0, 2.0, 0.5])
    x = np.hstack([start + jitter, np.zeros((4, 1))]).astype(np.float32)
    return (x,)


INPUTS = make_inputs
