"""Look-alike: a collision checker branches on `is None` and on `.ndim`, and keeps the traced test in jnp ops.

source: yinji921/NSVIMPC robot_planning/environment/collision_checker.py at 43342a3e002cccd169468a3932d930342786b185 (AutorallyCollisionChecker.check and check_collision_with_boundaries)
error: none
category: negative-static-ndim-is-none
expect: untouched
notes: The class is kept with check and check_collision_with_boundaries verbatim; initialize_from_config (config parsing, sets track_width and the kinematics) is replaced by an __init__ that takes track_width, and check_collision_with_obstacles/sdf are dropped (not reached when cartesian_state_cur is None). `import jax.numpy as np` kept. f jits check on one 8-dimensional map-frame state; both `if`s test static facts (`is None`, ndim), and the out-of-bounds test stays an array expression.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


class CollisionChecker(object):
    def __init__(self, obstacles=None, kinematics=None, field_boundary=None):
        self.kinematics = kinematics  # for more complicated collision checkers
        self.obstacles = obstacles
        self.field_boundary = field_boundary

    def check(self, state_cur):
        raise NotImplementedError


class AutorallyCollisionChecker(CollisionChecker):
    def __init__(self, obstacles=None, kinematics=None, track_width=1.0):
        CollisionChecker.__init__(self, obstacles, kinematics)
        self.track_width = track_width

    def check(self, state_cur, cartesian_state_cur=None, opponent_agents=None):
        if cartesian_state_cur is None:
            return self.check_collision_with_boundaries(state_cur)
        else:
            boundary_collisions = self.check_collision_with_boundaries(state_cur)
            obstacle_collisions = self.check_collision_with_obstacles(cartesian_state_cur)
            # if the state collided with either a boundary or an obstacle, it returns True
            return boundary_collisions | obstacle_collisions

    def check_collision_with_boundaries(self, map_state):
        is_oob = (map_state[-2] < -self.track_width) | (self.track_width < map_state[-2])
        if map_state.ndim == 1:
            # Single state. (8, )
            return is_oob
        else:
            # Trajectory. (8, T)
            collisions = np.where(is_oob, 1, 0)
            return collisions


checker = AutorallyCollisionChecker(track_width=1.0)


@jax.jit
def f(state_cur):
    return checker.check(state_cur)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    # map-frame state; index -2 is the lateral offset e_y, often past the +-1.0 track edge
    state = rng.normal(size=(8,)).astype(onp.float32)
    state[-2] = rng.uniform(-1.6, 1.6)
    return (state,)


INPUTS = make_inputs
