"""A collision-checker method returns Python True/False from a traced `.any()` test on a single state.

source: yinji921/NSVIMPC robot_planning/environment/collision_checker.py at 43342a3e002cccd169468a3932d930342786b185 (PointCollisionChecker.check / check_collision_with_obstacles); the project's jitted cost evaluators in robot_planning/environment/cost_evaluators.py (same commit) call `self.collision_checker.check(state_cur[:, None]).squeeze(-1)`, i.e. they add a fake batch axis to dodge the single-state branch
error: TracerBoolConversionError
category: method-traced-if-return-bool
expect: fix
notes: The CollisionChecker base class and PointCollisionChecker are kept as in the file, minus initialize_from_config (config parsing) and set_*/get_* helpers not used here; PointKinematics is reduced to a stub with get_radius(). `import jax.numpy as np` kept as in the source. The call site jits `check` on a single (4,) state, which is what the cost evaluator's `[:, None]` workaround avoids; obstacles are fixed constants.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


class PointKinematics(object):
    def __init__(self, radius=0.2):
        self.radius = radius

    def get_radius(self):
        return self.radius


class CollisionChecker(object):
    def __init__(self, obstacles=None, kinematics=None, field_boundary=None):
        self.kinematics = kinematics  # for more complicated collision checkers
        self.obstacles = obstacles
        self.field_boundary = field_boundary

    def set_obstacles(self, obstacles):
        self.obstacles = obstacles

    def set_obstacles_radius(self, obstacles_radius):
        self.obstacles_radius = obstacles_radius

    def check(self, state_cur):
        raise NotImplementedError


class PointCollisionChecker(CollisionChecker):
    def __init__(self, obstacles=None, kinematics=None):
        CollisionChecker.__init__(self, obstacles, kinematics)

    def check(self, state_cur, opponent_agents=None, check_other_agents=None):  # True for collision, False for no collision
        obstacle_collisions = self.check_collision_with_obstacles(state_cur)
        return obstacle_collisions
        # return self.check_collisions_with_boundaries(state_cur)

    def check_collision_with_obstacles(self, cartesian_state_cur):
        if cartesian_state_cur.ndim == 1:
            if (np.linalg.norm(self.obstacles - cartesian_state_cur[:2], axis=1) < (self.obstacles_radius[np.newaxis, :] + self.kinematics.get_radius())).any():
                # if the vehicle collide with any one of the obstacles
                return True
            return False
        else:
            cartesian_state_cur = cartesian_state_cur.T
            obstacles_reshaped = self.obstacles[np.newaxis, :, :]
            cartesian_state_reshaped = cartesian_state_cur[:, np.newaxis, :2]

            distance_to_obstacles = np.linalg.norm(cartesian_state_reshaped - obstacles_reshaped, axis=2) # of shape (state_num, obstacle_num)
            collisions = (distance_to_obstacles < (self.obstacles_radius[np.newaxis, :] + self.kinematics.get_radius()) ).any(axis=1) # if a state's distance to any obstacle is less than radius, it collides
            return collisions


checker = PointCollisionChecker(obstacles=np.array([[1.0, 1.0], [-1.0, 0.5], [0.0, -1.5]]),
                                kinematics=PointKinematics(0.2))
checker.set_obstacles_radius(np.array([0.5, 0.3, 0.4]))


@jax.jit
def f(state_cur):
    return checker.check(state_cur)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    state = rng.uniform(-2.0, 2.0, size=(4,)).astype(onp.float32)
    # half of the trials put the point right next to an obstacle
    if rng.uniform() < 0.5:
        obs = onp.array([[1.0, 1.0], [-1.0, 0.5], [0.0, -1.5]], dtype=onp.float32)
        state[:2] = obs[rng.integers(3)] + rng.uniform(-0.3, 0.3, size=2)
    return (state,)


INPUTS = make_inputs


@jax.jit
def reference_fix(state_cur):
    c = checker
    return (np.linalg.norm(c.obstacles - state_cur[:2], axis=1)
            < (c.obstacles_radius[np.newaxis, :] + c.kinematics.get_radius())).any()
