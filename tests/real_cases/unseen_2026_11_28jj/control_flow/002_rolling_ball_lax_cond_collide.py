"""Differentiable rolling-ball simulator: wall collision already behind lax.cond, stepped with lax.scan (look-alike).

source: rolling-ball / attractor simulator package in the public code index, repository not named by the index: the JAX simulation module (code-index file id 44486795899; later revisions 44409844351 with docstrings and an earlier 44583860903 with @jit on every helper) and its `jax_geometry` module (code-index file id 44591504545)
error: none
category: lax-cond-already / namedtuple-state / scan
expect: untouched
notes: simulation module verbatim (`from .jax_geometry import ...` replaced by the needed jax_geometry definitions pasted verbatim above it: JaxScene, Polygon, compute_segment_projection, compute_distance_to_segment, compute_distance_to_segments_batch, find_closest_segment_to_point). The loss/vmap/value_and_grad wrappers at the end of the module are dropped; the module's own `run_sim = jax.jit(_run_sim, static_argnums=(0, 1))` is the entry point `f`. Looks leaky: `distance <= constants["radius"]` on a traced distance, a commented-out Python `if` over it, `np.abs(...)/np.abs(...)` and `.clip` on traced time-of-impact, a for-loop left in comments; but the code uses lax.cond and lax.scan and is jit-safe.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as np
from jax import grad
from jax import lax

# --- from jax_geometry.py ---
Polygon = namedtuple("Polygon", ["segments"])
JaxScene = namedtuple("JaxScene", ["segments", "polygons"])


def compute_segment_projection(point, segment):
    segment_vector = segment[1] - segment[0]
    segment_len_sq = segment_vector @ segment_vector
    point_vector = point - segment[0]
    proj_ratio = (np.dot(point_vector, segment_vector) / segment_len_sq).clip(0, 1)
    point_projection = segment[0] + proj_ratio * segment_vector
    is_inner = np.logical_and(proj_ratio > 0, proj_ratio < 1)
    return point_projection, is_inner


def compute_distance_to_segment(point, segment):
    point_on_segment, _ = compute_segment_projection(point, segment)
    distance = np.linalg.norm(point - point_on_segment, axis=-1)
    return distance


compute_distance_to_segments_batch = jax.vmap(compute_distance_to_segment, (None, 0), 0)


def find_closest_segment_to_point(point, segments_batch):
    distances = compute_distance_to_segments_batch(point, segments_batch)
    closest_idx = np.argmin(distances)
    return segments_batch[closest_idx], distances[closest_idx]


# --- simulation module ---
BallState = namedtuple("BallState", ["coordinate", "velocity", "acceleration"])
Constants = namedtuple("SimulationConstants", ["coordinate", "velocity", "acceleration"])


def compute_potential_point(coord, attractor_coord):
    return np.sum((coord - attractor_coord) ** 2)


def compute_rolling_friction_force(velocity, mass, radius, f, g=9.8):
    return (
        -np.clip(velocity, -1, 1) * mass * g * f / radius
    )  # ugly hack to reduce friction after slowing down


def compute_acceleration(potential_force, friction_force, mass):
    return (potential_force + friction_force) / mass


def get_new_state(current_state, new_acceleration, dt):
    new_velocity = current_state.velocity + new_acceleration * dt
    new_coordinate = current_state.coordinate + new_velocity * dt
    return BallState(
        coordinate=new_coordinate, velocity=new_velocity, acceleration=new_acceleration
    )


def resolve_collision(args):
    current_state, new_state, attractor, closest_segment, constants, dt = args
    # find toi
    closest_segment_point, _ = compute_segment_projection(new_state.coordinate, closest_segment)
    old_obstacle_vector = closest_segment_point - current_state.coordinate
    old_obstacle_distance = np.linalg.norm(old_obstacle_vector)
    old_obstacle_direction = old_obstacle_vector / old_obstacle_distance

    toi = np.abs(old_obstacle_distance - constants["radius"]) / np.abs(
        old_obstacle_direction.dot(new_state.velocity)
    )
    # looks suspicious but works pretty ok
    toi = toi.clip(0, dt)
    # make toi step
    sub_state = get_new_state(current_state, new_state.acceleration, toi)
    velocity_at_impact = sub_state.velocity
    # find velocity after impact
    closest_segment_point, _ = compute_segment_projection(sub_state.coordinate, closest_segment)
    obstacle_vector = closest_segment_point - sub_state.coordinate
    obstacle_distance = np.linalg.norm(obstacle_vector)
    obstacle_direction = obstacle_vector / obstacle_distance
    projected_v_n = obstacle_direction * obstacle_direction.dot(velocity_at_impact)
    projected_v_p = velocity_at_impact - projected_v_n
    velocity_after_impact = projected_v_p - constants["walls_elasticity"] * projected_v_n
    # make final step
    state_after_impact = BallState(
        sub_state.coordinate, velocity_after_impact, sub_state.acceleration
    )
    l2_force = -grad(compute_potential_point)(sub_state.coordinate, attractor)
    friction_force = compute_rolling_friction_force(
        state_after_impact.velocity,
        constants["mass"],
        constants["radius"],
        constants["rolling_friction_coefficient"],
    )
    new_acceleration = compute_acceleration(l2_force, friction_force, constants["mass"])
    return get_new_state(state_after_impact, new_acceleration, dt - toi)


def collide(current_state, new_state, attractor, closest_segment, distance, constants, dt):
    # debug
    # if distance <= constants["radius"]:
    #     return resolve_collision(
    #         (current_state, new_state, attractor, closest_segment, constants, dt)
    #     )
    # else:
    #     return new_state
    return lax.cond(
        distance <= constants["radius"],
        true_fun=resolve_collision,
        false_fun=lambda s: s[1],
        operand=(current_state, new_state, attractor, closest_segment, constants, dt),
    )


def sim_step(current_state, t, scene, attractor, constants, dt):
    l2_force = -grad(compute_potential_point)(current_state.coordinate, attractor)
    friction_force = compute_rolling_friction_force(
        current_state.velocity,
        constants["mass"],
        constants["radius"],
        constants["rolling_friction_coefficient"],
    )
    acceleration = compute_acceleration(
        constants["attractor_strength"] * l2_force, friction_force, constants["mass"]
    )
    may_be_state = get_new_state(current_state, acceleration, dt)
    closest_segment, distance = find_closest_segment_to_point(
        may_be_state.coordinate, scene.segments
    )
    current_state = collide(
        current_state, may_be_state, attractor, closest_segment, distance, constants, dt,
    )
    return current_state, current_state


def _run_sim(
    sim_time, n_steps, scene, coordinate_init, velocity_init, attractor, constants,
):
    dt = sim_time / n_steps
    current_state = BallState(
        coordinate=coordinate_init,
        velocity=velocity_init,
        acceleration=np.zeros_like(velocity_init),
    )
    step = partial(sim_step, scene=scene, attractor=attractor, constants=constants, dt=dt,)

    current_state, trajectory = lax.scan(step, init=current_state, xs=None, length=n_steps)
    # useful to have this loop for no jit debug
    # trajectory = []
    # for i in range(n_steps):
    #     # print(current_state)
    #     trajectory.append(current_state)
    #     current_state, _ = step(current_state, i)

    return current_state.coordinate, current_state.velocity, trajectory


run_sim = jax.jit(_run_sim, static_argnums=(0, 1))

f = run_sim
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    box = onp.array([[[0.0, 0.0], [4.0, 0.0]], [[4.0, 0.0], [4.0, 4.0]],
                     [[4.0, 4.0], [0.0, 4.0]], [[0.0, 4.0], [0.0, 0.0]]], dtype=onp.float32)
    scene = JaxScene(segments=box, polygons=[Polygon(segments=box)])
    coordinate_init = rng.uniform(0.8, 3.2, size=(2,)).astype(onp.float32)
    velocity_init = rng.uniform(-6.0, 6.0, size=(2,)).astype(onp.float32)
    attractor = rng.uniform(0.5, 3.5, size=(2,)).astype(onp.float32)
    constants = {
        "mass": 1.0,
        "radius": 0.2,
        "rolling_friction_coefficient": 0.01,
        "walls_elasticity": 0.8,
        "attractor_strength": float(rng.uniform(0.5, 3.0)),
    }
    return (2.0, 200, scene, coordinate_init, velocity_init, attractor, constants)


INPUTS = make_inputs
