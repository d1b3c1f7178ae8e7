"""A collision-checker method takes Python's builtin min of two traced distances for a single state.

source: yinji921/NSVIMPC robot_planning/environment/collision_checker.py at 43342a3e002cccd169468a3932d930342786b185 (AutorallyCollisionChecker.sdf)
error: TracerBoolConversionError
category: method-builtin-min-on-tracers
expect: fix
notes: The class keeps sdf verbatim (its batched branch already uses np.minimum); initialize_from_config (config parsing) is replaced by an __init__ that takes track_width, and the check_* methods are dropped. `import jax.numpy as np` kept. f jits sdf on one 8-dimensional map-frame state, where the single-state branch calls builtin min on two traced scalars.
"""
EXPECT = "fix"

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

    def sdf(self, state_cur):
        """
        Compute the signed distance between the vehicle and the boundary of the track.

        This distance will be positive when the vehicle is inside the track and negative
        when it is outside.
        """
        if state_cur.ndim == 1:
            return min(self.track_width - state_cur[-2], self.track_width + state_cur[-2])
        else:
            sdf = np.minimum(self.track_width - state_cur[-2, :], self.track_width + state_cur[-2, :])
            return sdf


checker = AutorallyCollisionChecker(track_width=1.0)


@jax.jit
def f(state_cur):
    return checker.sdf(state_cur)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    state = rng.normal(size=(8,)).astype(onp.float32)
    state[-2] = rng.uniform(-1.6, 1.6)
    return (state,)


INPUTS = make_inputs


@jax.jit
def reference_fix(state_cur):
    tw = checker.track_width
    return np.minimum(tw - state_cur[-2], tw + state_cur[-2])
