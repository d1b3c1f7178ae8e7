"""JAX snake game `step`: crash / eat / move already expressed with nested lax.cond and a lax.while_loop food sampler (look-alike).

source: public code index, file id 9146364841 (a JAX snake game module: step, random_state, compute_snake_lenght, _generate_food, _generate_food_step, _snake_crashed, _ate_food, _move_snake, _grow_snake; it imports `from src.types import Action, Food, GameState, Snake`; the index does not name the repository)
error: none
category: negative-lax-cond-game-step
expect: untouched
notes: the game logic is verbatim; `src.types` is not in the index, so GameState is a small NamedTuple stand-in
  (snake, food, is_over) and Action/Food/Snake are jax.Array aliases. Dropped: empty_board, random_action,
  action_to_num, num_to_action (unused by step) and the host-side terminal renderer draw_game. Everything traced
  goes through lax.cond / lax.while_loop / jnp.where / vmap; the Python literals `is_over=True` and the rewards
  -1/1/0 are branch outputs, not tests. `f = step` (already @jax.jit). Inputs cover a crash into the wall or the
  body, eating the food in front of the head (which resamples food through the while_loop) and a plain move.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp

Action = jax.Array
Food = jax.Array
Snake = jax.Array


class GameState(NamedTuple):
    snake: Snake
    food: Food
    is_over: jax.Array


GRID_SIZE = 5

ACTIONS = jnp.array(
    [
        [0, 1],  # 0: RIGHT
        [0, -1],  # 1: LEFT
        [1, 0],  # 2: DOWN
        [-1, 0],  # 3: UP
    ]
)


@jax.jit
def step(key: jax.Array, state: GameState, action: Action) -> tuple[GameState, float]:
    snake, food = state.snake, state.food
    moved_snake = _move_snake(snake, action)

    key, subkey = jax.random.split(key)
    state, reward = jax.lax.cond(
        _snake_crashed(moved_snake),
        lambda state: (GameState(snake=moved_snake, food=state.food, is_over=True), -1),
        lambda state: jax.lax.cond(
            _ate_food(moved_snake, food),
            lambda state: (
                GameState(
                    snake=_grow_snake(snake, moved_snake),
                    food=_generate_food(subkey, _grow_snake(snake, moved_snake)),
                    is_over=False,
                ),
                1,
            ),
            lambda state: (
                GameState(snake=moved_snake, food=state.food, is_over=False),
                0,
            ),
            state,
        ),
        state,
    )

    return state, reward


@jax.jit
def random_state(key: jax.Array) -> GameState:
    key1, key2 = jax.random.split(key)
    snake = jnp.ones((GRID_SIZE * GRID_SIZE, 2), jnp.int32) * -1
    snake_head = jax.random.randint(key1, (2,), 0, GRID_SIZE)
    snake = snake.at[0].set(snake_head)
    food = _generate_food(key2, snake)
    return GameState(snake=snake, food=food, is_over=False)


@jax.jit
def compute_snake_lenght(snake: Snake) -> jax.Array:
    return jnp.sum(jnp.any(snake != -1, axis=1))


def _generate_food(key: jax.Array, snake: Snake) -> Food:
    # FIXME: Must be a better way than doing this random thing
    key, new_food = _generate_food_step(key)
    snake_not_at_max_lenght = compute_snake_lenght(snake) < GRID_SIZE * GRID_SIZE

    _, food = jax.lax.while_loop(
        lambda args: jnp.any(jnp.all(snake == args[1], axis=1))
        & snake_not_at_max_lenght,
        lambda args: _generate_food_step(args[0]),
        (key, new_food),
    )
    return food


@jax.jit
def _generate_food_step(key: jax.Array) -> tuple[jax.Array, Food]:
    key, subkey = jax.random.split(key)
    new_food = jax.random.randint(subkey, (2,), 0, GRID_SIZE)
    return key, new_food


@jax.jit
def _snake_crashed(snake: Snake) -> jax.Array:
    snake_head = snake[0]
    return (
        jnp.any(snake_head < 0)
        | jnp.any(snake_head >= GRID_SIZE)
        | jnp.any(
            jax.vmap(lambda x: jnp.all(x == snake_head) & jnp.any(x != -1))(snake[1:])
        )
    )


@jax.jit
def _ate_food(snake: Snake, food: Food) -> jax.Array:
    return jnp.all(snake[0] == food)


@jax.jit
def _move_snake(snake: Snake, action: Action) -> Snake:
    head = snake[0] + action

    snake_length = compute_snake_lenght(snake)

    valid_mask = jnp.arange(snake.shape[0])[:, None] < snake_length

    shifted_snake = jnp.where(valid_mask, jnp.roll(snake, 1, axis=0), -1)

    new_snake = shifted_snake.at[0].set(head)

    return new_snake


@jax.jit
def _grow_snake(old_snake: Snake, moved_snake: Snake) -> Snake:
    snake_length = compute_snake_lenght(moved_snake)

    valid_mask = jnp.arange(moved_snake.shape[0])[:, None] < snake_length

    grown_snake = jnp.where(valid_mask, moved_snake, jnp.roll(old_snake, 1, axis=0))

    return grown_snake


f = step
# --- end user code ---

import numpy as np

_DIRS = np.array([[0, 1], [0, -1], [1, 0], [-1, 0]])


def make_inputs(rng):
    n = GRID_SIZE
    # a straight snake of length 1..4, head first, lying in a random row
    length = int(rng.integers(1, 5))
    row = int(rng.integers(0, n))
    head_col = int(rng.integers(length - 1, n))
    body = np.array([[row, head_col - i] for i in range(length)])
    snake = -np.ones((n * n, 2), dtype=np.int32)
    snake[:length] = body
    kind = rng.integers(0, 3)
    if kind == 0:      # crash: into the wall above/below, or back into the body
        a = 1 if length > 1 else (3 if row == 0 else 2 if row == n - 1 else 3)
        if length == 1 and 0 < row < n - 1:
            snake[0] = [0, head_col]
            a = 3
    else:
        a = int(rng.choice([2, 3])) if 0 < row < n - 1 else (2 if row == 0 else 3)
    action = _DIRS[a].astype(np.int32)
    head_next = snake[0] + action
    if kind == 1:      # the food is right in front of the head
        food = head_next.astype(np.int32)
    else:              # somewhere not on the snake and not in front of it
        occupied = {tuple(p) for p in snake[:length]} | {tuple(head_next)}
        free = [(i, j) for i in range(n) for j in range(n) if (i, j) not in occupied]
        food = np.array(free[int(rng.integers(len(free)))], dtype=np.int32)
    key = rng.integers(0, 2**32, size=2, dtype=np.uint32)
    state = GameState(snake=snake, food=food, is_over=np.bool_(False))
    return (key, state, action)


INPUTS = make_inputs
