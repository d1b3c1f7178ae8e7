"""JAXAtari Tutankham, pure-Python stage: player_step is an if/elif chain on the action plus Python max/min clipping.

source: JTense/JAXAtari_Tutankam src/jaxatari/games/jax_tutankham.py (also k4ntz/JAXAtari), early revision whose classes are still marked "Environment (No JAX)" / "Step logic (pure Python)" (code-index file id 1465635200)
error: TracerBoolConversionError
category: action-if-elif-chain
expect: fix
notes: `import chex` is replaced by a one-line stand-in providing chex.Array (chex is not installed). TutankhamConstants, TutankhamState and JaxTutankham.__init__/player_step are verbatim; reset, bullet_step, step, the renderer and the spaces are dropped. Stand-ins: `JaxEnvironment` (jaxatari.environment) is a tiny base class storing consts, and `Action` replaces JAXAtariAction with its ALE action numbers. Added `f = jax.jit(_env.player_step)`; the project later rewrote the game in JAX. Both `if action == Action.LEFT` and `max(0, min(player_x, ...))` need concrete values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple
import numpy as np
import jax
import jax.numpy as jnp
import types
chex = types.SimpleNamespace(Array=jnp.ndarray)  # stand-in: chex is not installed


class Action:  # stand-in for jaxatari.environment.JAXAtariAction (ALE numbering)
    NOOP = 0
    FIRE = 1
    UP = 2
    RIGHT = 3
    LEFT = 4
    DOWN = 5
    RIGHTFIRE = 11
    LEFTFIRE = 12
    UPRIGHTFIRE = 14
    UPLEFTFIRE = 15


class JaxEnvironment:  # stand-in for jaxatari.environment.JaxEnvironment
    def __init__(self, consts=None):
        self.consts = consts


# ---------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------
class TutankhamConstants(NamedTuple):
    WIDTH: int = 160
    HEIGHT: int = 210
    SPEED: int = 4
    PIXEL_COLOR: Tuple[int, int, int] = (255, 255, 255)  # white

    PLAYER_SIZE: Tuple[int, int] = (5, 10)

    # Missile constants
    BULLET_SIZE: Tuple[int, int] = (1, 2)
    BULLET_SPEED: int = 8

# ---------------------------------------------------------------------
# Game State
# ---------------------------------------------------------------------
class TutankhamState(NamedTuple):
    player_x: int
    player_y: int

    bullet_state: chex.Array #(, 4) array with (x, y, bullet_rotation, bullet_active)
    amonition_timer: int # if timer runs out, player can not fire again


# ---------------------------------------------------------------------
# Environment (No JAX)
# ---------------------------------------------------------------------
class JaxTutankham(JaxEnvironment):
    def __init__(self):
        consts = TutankhamConstants()
        super().__init__(consts)
        self.consts = consts

        self.action_set = [
            Action.NOOP,
            Action.UP,
            Action.DOWN,
            Action.LEFT,
            Action.RIGHT,
            Action.RIGHTFIRE,
            Action.LEFTFIRE,
            Action.UPLEFTFIRE,
            Action.UPRIGHTFIRE
        ]

    # Player Step
    def player_step(
            self,
            player_x,
            player_y,
            action
    ):

        if action == Action.LEFT:
            player_x -= self.consts.SPEED
        elif action == Action.RIGHT:
            player_x += self.consts.SPEED
        elif action == Action.UP:
            player_y -= self.consts.SPEED
        elif action == Action.DOWN:
            player_y += self.consts.SPEED

        # Clip bounds
        player_x = max(0, min(player_x, self.consts.WIDTH - 1))
        player_y = max(0, min(player_y, self.consts.HEIGHT - 1))

        return player_x, player_y


_env = JaxTutankham()
f = jax.jit(_env.player_step)
# --- end user code ---


def make_inputs(rng):
    # positions near both walls so that the clipping branches run too
    px = int(rng.choice([0, 2, 80, 157, 159, rng.integers(0, 160)]))
    py = int(rng.choice([0, 3, 105, 206, 209, rng.integers(0, 210)]))
    action = int(rng.choice([Action.NOOP, Action.FIRE, Action.UP, Action.RIGHT,
                             Action.LEFT, Action.DOWN, Action.RIGHTFIRE]))
    return (np.int32(px), np.int32(py), np.int32(action))


INPUTS = make_inputs


@jax.jit
def reference_fix(player_x, player_y, action):
    s = TutankhamConstants().SPEED
    dx = jnp.where(action == Action.LEFT, -s, jnp.where(action == Action.RIGHT, s, 0))
    dy = jnp.where((action == Action.LEFT) | (action == Action.RIGHT), 0,
                   jnp.where(action == Action.UP, -s, jnp.where(action == Action.DOWN, s, 0)))
    player_x = jnp.clip(player_x + dx, 0, 160 - 1)
    player_y = jnp.clip(player_y + dy, 0, 210 - 1)
    return player_x, player_y
