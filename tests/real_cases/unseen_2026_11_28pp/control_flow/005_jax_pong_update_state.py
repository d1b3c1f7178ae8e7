"""JAX Pong frame update: paddle/wall/score branches already written with jnp.where.

source: "JAX Pong" game module in the public code index (code-index file id 34071154507: class
  PongGame(BaseGame) with update_paddle, update_cpu, check_paddle_collision, update_state, plus a
  pygame PongRenderer and main loop); the index does not name the repository or commit.
error: none
category: negative-where-game-step
expect: untouched
notes: the PongGame state-index constants and the four @staticmethod @jax.jit functions verbatim
  (check_paddle_collision even keeps the author's "Replace if/else with jnp.where" comment). Dropped:
  the `BaseGame` base class and __init__/get_oc_state/get_game_params/reset/step (they only hold the
  initial state and the params dict), the pygame renderer and main(). `f` is PongGame.update_state
  itself; the params dict is the one get_game_params() returns for the default 160x210 screen.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import Dict, Tuple


class PongGame:
    # State array indices
    BALL_X = 0
    BALL_Y = 1
    BALL_VX = 2
    BALL_VY = 3
    PADDLE_CPU_Y = 4
    PADDLE_PLAYER_Y = 5
    SCORE_CPU = 6
    SCORE_PLAYER = 7
    TIME = 8
    STATE_SIZE = 9

    @staticmethod
    @jax.jit
    def update_paddle(
        pos: float, movement: float, height: float, paddle_height: float
    ) -> float:
        """Update paddle position with bounds checking"""
        new_pos = pos + movement
        return jnp.clip(new_pos, paddle_height / 2, height - paddle_height / 2)

    @staticmethod
    @jax.jit
    def update_cpu(
        curr_pos, ball_pos, height: float, paddle_height: float, time: float
    ) -> float:
        new_pos = jnp.where(
            jnp.less(curr_pos - (paddle_height / 2), ball_pos[1]),
            curr_pos,
            curr_pos - 1,
        )
        new_pos = jnp.where(
            jnp.greater(curr_pos + (paddle_height / 2), ball_pos[1]),
            new_pos,
            new_pos + 1,
        )
        new_pos = jnp.where((time % 30 == 0), curr_pos, new_pos)

        return jnp.clip(new_pos, paddle_height / 2, height - paddle_height / 2)

    @staticmethod
    @jax.jit
    def check_paddle_collision(
        ball_pos: jnp.ndarray,
        ball_vel: jnp.ndarray,
        paddle_pos: float,
        is_left_paddle: bool,
        paddle_x: float,
        paddle_height: float,
        paddle_width: float,
        ball_size: float,
    ) -> Tuple[bool, jnp.ndarray]:
        """Check and resolve ball collision with paddle"""
        paddle_y_min = paddle_pos - paddle_height / 2
        paddle_y_max = paddle_pos + paddle_height / 2

        # Replace if/else with jnp.where for left/right paddle collision check
        left_paddle_check = ball_pos[0] - ball_size / 2 <= paddle_x + paddle_width
        right_paddle_check = ball_pos[0] + ball_size / 2 >= paddle_x
        x_collision = jnp.where(is_left_paddle, left_paddle_check, right_paddle_check)

        collision = jnp.logical_and(
            x_collision,
            jnp.logical_and(ball_pos[1] >= paddle_y_min, ball_pos[1] <= paddle_y_max),
        )

        # On collision, reverse x velocity and add some y velocity based on hit position
        relative_intersect_y = (paddle_pos - ball_pos[1]) / (paddle_height / 2)
        bounce_angle = relative_intersect_y * jnp.pi / 4

        speed = jnp.sqrt(ball_vel[0] ** 2 + ball_vel[1] ** 2)
        new_vel = jnp.where(
            collision,
            jnp.array([-ball_vel[0], -jnp.sin(bounce_angle) * speed]),
            ball_vel,
        )

        return collision, new_vel

    @staticmethod
    @jax.jit
    def update_state(
        state: jnp.ndarray,
        player_movement: float,
        game_params: Dict,
        spacebar_released: bool = False,
    ) -> jnp.ndarray:
        """Update game state for one frame"""
        width = game_params["width"]
        height = game_params["height"]
        paddle_height = game_params["paddle_height"]
        paddle_width = game_params["paddle_width"]
        ball_size = game_params["ball_size"]
        ball_speed = game_params["ball_speed"]

        # Extract current state
        ball_pos = state[PongGame.BALL_X : PongGame.BALL_Y + 1]
        ball_vel = state[PongGame.BALL_VX : PongGame.BALL_VY + 1]
        cpu_paddle_pos = state[PongGame.PADDLE_CPU_Y]
        player_paddle_pos = state[PongGame.PADDLE_PLAYER_Y]
        score = state[PongGame.SCORE_CPU : PongGame.SCORE_PLAYER + 1]
        time = state[PongGame.TIME]

        # Update paddle positions
        new_player_paddle_pos = PongGame.update_paddle(
            player_paddle_pos, player_movement, height, paddle_height
        )

        # Update ball position
        new_ball_pos = ball_pos + ball_vel

        new_cpu_paddle_pos = PongGame.update_cpu(
            cpu_paddle_pos, ball_pos, height, paddle_height, time
        )

        # Check paddle collisions
        cpu_paddle_collision, new_vel_after_cpu_paddle = (
            PongGame.check_paddle_collision(
                new_ball_pos,
                ball_vel,
                new_cpu_paddle_pos,
                True,
                paddle_width,
                paddle_height,
                paddle_width,
                ball_size,
            )
        )

        player_paddle_collision, new_vel_after_player_paddle = (
            PongGame.check_paddle_collision(
                new_ball_pos,
                new_vel_after_cpu_paddle,
                new_player_paddle_pos,
                False,
                width - paddle_width,
                paddle_height,
                paddle_width,
                ball_size,
            )
        )

        # Combine paddle collision velocities
        new_vel = jnp.where(
            cpu_paddle_collision | player_paddle_collision,
            jnp.where(
                cpu_paddle_collision,
                new_vel_after_cpu_paddle,
                new_vel_after_player_paddle,
            ),
            ball_vel,
        )

        # Wall collisions
        wall_collision = jnp.logical_or(
            new_ball_pos[1] <= ball_size / 2, new_ball_pos[1] >= height - ball_size / 2
        )
        new_vel = new_vel.at[1].multiply(jnp.where(wall_collision, -1.0, 1.0))

        # Check if ball is moving away from the paddle (should be moving left from right paddle)
        moving_away = jnp.less(
            ball_vel[0], 0.0
        )  # Moving left after hitting right paddle

        # Define "near paddle" zone for right paddle
        near_player_paddle = jnp.less(
            jnp.abs(new_ball_pos[0] - (width - paddle_width)), ball_size * 2
        )

        # Check for power shot conditions for right paddle only
        power_shot = (
            spacebar_released
            & (player_paddle_collision | near_player_paddle)
            & moving_away
        )

        # Apply power shot
        new_vel = jnp.where(power_shot, new_vel * 1.25, new_vel)

        # Score update and ball reset conditions
        scored_cpu = new_ball_pos[0] >= width - ball_size / 2
        scored_player = new_ball_pos[0] <= ball_size / 2

        new_score = score + jnp.array([scored_cpu, scored_player])

        # Reset ball if scored
        reset_ball = jnp.logical_or(scored_cpu, scored_player)
        new_ball_pos = jnp.where(
            reset_ball, jnp.array([width / 2, height / 2]), new_ball_pos
        )
        new_vel = jnp.where(
            reset_ball,
            jnp.array([ball_speed * jnp.where(scored_player, 1.0, -1.0), 0.0]),
            new_vel,
        )

        # Construct new state array
        new_state = jnp.concatenate(
            [
                new_ball_pos,
                new_vel,
                jnp.array([new_cpu_paddle_pos, new_player_paddle_pos]),
                new_score,
                jnp.array([time + 1]),
            ]
        )

        return new_state


f = PongGame.update_state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    width, height = 160, 210
    state = np.array(
        [
            rng.uniform(0, width),        # ball_x (edges give paddle hits and scores)
            rng.uniform(0, height),       # ball_y (edges give wall bounces)
            rng.choice([-2.0, 2.0]),      # ball_vx
            rng.uniform(-2, 2),           # ball_vy
            rng.uniform(12.5, 197.5),     # cpu paddle
            rng.uniform(12.5, 197.5),     # player paddle
            rng.integers(0, 5),           # cpu score
            rng.integers(0, 5),           # player score
            rng.integers(0, 120),         # time
        ],
        dtype=np.float32,
    )
    game_params = {"width": width, "height": height, "paddle_height": 25,
                   "paddle_width": 4, "ball_size": 4, "ball_speed": 2}
    return (state, np.float32(rng.choice([-2.0, 0.0, 2.0])), game_params, bool(rng.integers(0, 2)))


INPUTS = make_inputs
